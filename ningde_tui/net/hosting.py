"""A room hosted from the app itself (the start screen's 开房间): the room's server on the app's
own event loop, the host's seat held for the host's table, which joins it through the protocol
like every other player (interfaces.md §6)."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import secrets
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from ..records.record import check_seed
from ..rules.config import RuleConfig
from . import tokens
from .room import Room, RoomOptions
from .server import RoomServer

EVERYWHERE = ("0.0.0.0", "::")  # listen on every address this computer has


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
        when the address cannot be listened on. ``seat_kinds``: ``"human"`` or a bot level
        per seat; ``host_seat`` must be a ``"human"`` one."""
        if seed is None:
            seed = check_seed(secrets.randbits(62))
        config = None if rules is None else RuleConfig(**{**rules.to_dict(), "rounds": rounds})
        options = RoomOptions(rounds=rounds, pace=pace, turn_seconds=turn_seconds, config=config)
        room = Room.new(tokens.new_room_code(), seat_kinds, options, seed)
        token = room.reserve(host_seat, host_name)
        server = RoomServer(address, port)
        server.add(room)
        await server.start()
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
