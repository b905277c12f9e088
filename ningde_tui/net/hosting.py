"""A room hosted from the app itself (the start screen's 开房间): the room's server on the app's
own event loop, the host's seat held for the host's table, which joins it through the protocol
like every other player (interfaces.md §6). Also what every host keeps of a room in its room
file, so that ``ningde host --continue`` serves and plays it as it was (``RoomSettings``)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import ipaddress
import math
import re
import secrets
import socket
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ..records.record import check_seed
from ..records.storage import check_writable
from ..rules.config import RuleConfig
from ..table.presets import PACES
from . import tokens
from .room import RESULT_SECONDS, Room, RoomOptions
from .server import RoomServer

EVERYWHERE = ("0.0.0.0", "::")  # listen on every address this computer has
DEFAULT_PORT = 7340
MAX_ROUNDS = 100  # 圈 in a session
MAX_SECONDS = 24 * 3600.0  # a timer, a grace, a wait
MAX_CLAIM_PAUSE = 60.0  # seconds a claim window may be held open
MAX_SESSIONS = 10_000  # browser tables at once (``--max-sessions``)
_HOST_NAME = re.compile(r"[A-Za-z0-9._:%\[\]-]{1,253}")


@dataclass(frozen=True)
class RoomSettings:
    """How a room is served and played: what ``ningde host`` was told (or its defaults), kept
    in the room file (``tokens.SeatTokens.settings``) so that ``--continue`` brings it back.
    ``port`` and ``web_port`` are the ports the room really had (a free one, for 0)."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    rounds: int = 1
    pace: str = "normal"
    grace: float = 30.0
    turn_seconds: float | None = None
    claim_pause: tuple[float, float] | None = None  # None: the room's default
    claim_seconds: float | None = None  # None: the room's default
    result_seconds: float = RESULT_SECONDS
    web: bool = False
    web_port: int | None = None  # None: the default web port
    max_sessions: int | None = None  # None: the free seats and two watchers

    def options(self, config: RuleConfig | None = None) -> RoomOptions:
        return RoomOptions(
            rounds=self.rounds,
            pace=self.pace,
            grace=self.grace,
            turn_seconds=self.turn_seconds,
            claim_pause=self.claim_pause,
            claim_seconds=self.claim_seconds,
            result_seconds=self.result_seconds,
            config=config,
        )

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["claim_pause"] = None if self.claim_pause is None else list(self.claim_pause)
        return data

    @classmethod
    def from_json(cls, data: object) -> RoomSettings:
        """Settings read back from a room file, each checked (type and bounds): ValueError
        saying which is wrong. Missing ones are the defaults (a room file from before)."""
        if not isinstance(data, dict):
            raise ValueError("its settings are not an object")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise ValueError(f"unknown settings: {', '.join(unknown)[:80]}")
        values: dict[str, Any] = {}
        for name, value in data.items():
            check = _CHECKS[name]
            if not check(value):
                raise ValueError(f"the setting {name!r} is malformed")
            values[name] = tuple(value) if name == "claim_pause" and value else value
        return cls(**values)


def _number(value: object, low: float, high: float) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and low <= value <= high
    )


def _integer(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _pause(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(_number(v, 0.0, MAX_CLAIM_PAUSE) for v in value)
        and value[0] <= value[1]
    )


_CHECKS: dict[str, Any] = {
    "host": lambda v: isinstance(v, str) and _HOST_NAME.fullmatch(v) is not None,
    "port": lambda v: _integer(v, 0, 65535),
    "rounds": lambda v: _integer(v, 1, MAX_ROUNDS),
    "pace": lambda v: isinstance(v, str) and v in PACES,
    "grace": lambda v: _number(v, 0.0, MAX_SECONDS),
    "turn_seconds": lambda v: v is None or _number(v, 0.0, MAX_SECONDS),
    "claim_pause": lambda v: v is None or _pause(v),
    "claim_seconds": lambda v: v is None or _number(v, 0.0, MAX_SECONDS),
    "result_seconds": lambda v: _number(v, 0.0, MAX_SECONDS),
    "web": lambda v: type(v) is bool,
    "web_port": lambda v: v is None or _integer(v, 0, 65535),
    "max_sessions": lambda v: v is None or _integer(v, 1, MAX_SESSIONS),
}


@dataclass
class HostedRoom:
    """A room served from this process, with the seat its host plays."""

    server: RoomServer
    room: Room
    seat: int  # the host's own seat
    token: str  # holds it
    task: asyncio.Task[None]

    @classmethod
    async def open(
        cls,
        seat_kinds: list[str],
        host_seat: int,
        host_name: str,
        *,
        address: str = "127.0.0.1",
        port: int = 0,
        rounds: int = 1,
        pace: str = "normal",
        turn_seconds: float | None = None,
        rules: RuleConfig | None = None,
        seed: int | None = None,
    ) -> HostedRoom:
        """Listen on ``address``:``port`` (0: a free one) and run the session; raises OSError
        when the address cannot be listened on, or the room's record cannot be saved. ``seat_kinds``: ``"human"`` or a bot level
        per seat; ``host_seat`` must be a ``"human"`` one."""
        if seed is None:
            seed = check_seed(secrets.randbits(62))
        check_writable()  # OSError now, not when the first hand is dealt
        config = None if rules is None else RuleConfig(**{**rules.to_dict(), "rounds": rounds})
        settings = RoomSettings(address, port, rounds, pace, turn_seconds=turn_seconds)
        room = Room.new(tokens.new_room_code(), seat_kinds, settings.options(config), seed)
        token = room.reserve(host_seat, host_name)
        server = RoomServer(address, port)
        server.add(room)
        await server.start()
        # ``ningde host --continue`` serves it again at the same address
        room.tokens.settings = dataclasses.replace(settings, port=server.port).to_json()
        return cls(server, room, host_seat, token, asyncio.ensure_future(room.run()))

    @property
    def url(self) -> str:
        """Where the host's own table connects: this computer."""
        return local_url(self.server.url(self.room))

    def share_urls(self) -> list[str]:
        return share_urls(self.server, self.room)

    async def close(self) -> None:
        """End the session here (the record keeps every decision: ``ningde host --continue``
        goes on with it) and stop listening."""
        self.room.stop()
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(self.task, 10)
        await self.server.close()


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback address (127.0.0.0/8, ::1): reachable from this computer
    only. Anything else — ``0.0.0.0``, a LAN address, a host name — may be reachable by others."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def local_url(url: str) -> str:
    """The room's address as a process on this computer reaches it: a wildcard address
    (``0.0.0.0``, ``::``) becomes loopback."""
    parts = urlsplit(url)
    try:
        unspecified = ipaddress.ip_address(parts.hostname or "").is_unspecified
    except ValueError:
        return url
    if not unspecified:
        return url
    host = "[::1]" if ":" in (parts.hostname or "") else "127.0.0.1"
    return urlunsplit(parts._replace(netloc=f"{host}:{parts.port}"))


def share_urls(server: RoomServer, room: Room) -> list[str]:
    """The addresses friends join with: the room's own when it listens on one address, else
    one per address this computer has on the network (and this computer's own last)."""
    url = server.url(room)
    if server.host not in EVERYWHERE:
        return [url]
    scheme = url.split("://", 1)[0]
    found = [f"{scheme}://{address}:{server.port}/{room.code}" for address in local_addresses()]
    return [*found, local_url(url)]


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback, as its own name resolves them (no
    packet is sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    out: list[str] = []
    for *_, sockaddr in infos:
        address = str(sockaddr[0])
        if not ipaddress.ip_address(address).is_loopback and address not in out:
            out.append(address)
    return out
