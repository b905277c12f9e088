"""A client's connection to a room (interfaces.md §6): connect, say hello, read the room's
messages, send acts, and come back by itself when the connection drops.

``RoomClient(url, name).messages()`` is an async iterator of the server's messages, parsed
(``protocol.parse_server``), with a ``Dropped`` between them when the connection was lost:
the client then waits (``BACKOFF``: 0.5 s, 1 s, 2 s, … up to 15 s) and connects again with the
seat's token, and the room sends the whole current state. An ``error`` from the server ends
the iteration (the server closes such a connection: coming back would only repeat it); so does
``over``, the end of the session.

The seat's token is kept per room in the data folder (``NINGDE_DATA_DIR``, else the user's data
folder), one file per room readable by its user alone (0600), so ``ningde join`` with the same
URL takes the same seat again after a crash or a restart.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..records.storage import data_dir
from ..rules.config import RuleConfig
from ..rules.game import Action
from . import keepalive, protocol, wire
from .protocol import Error, Over, ServerMessage, Welcome

BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)  # seconds before each attempt to reconnect
OPEN_TIMEOUT = 10.0  # seconds a connection may take to open
TOKEN_FILE_MAX = 200  # bytes a token file may hold


class ConnectionLost(ConnectionError):
    """The room could not be reached (again) within the attempts allowed."""


@dataclass(frozen=True)
class Dropped:
    """The connection dropped (or could not be made): the next attempt is ``attempt``, after
    ``delay`` seconds; ``reason`` in words."""

    attempt: int
    delay: float
    reason: str


ClientEvent = ServerMessage | Dropped


def room_key(url: str) -> str:
    """The room a URL names, whatever way it is written: ``ws://host:port/ROOM``."""
    parts = urlsplit(url.strip())
    host = (parts.hostname or "").lower()
    port = parts.port or (443 if parts.scheme == "wss" else 80)
    return f"{parts.scheme.lower()}://{host}:{port}/{parts.path.strip('/')}"


class TokenStore:
    """The tokens of the rooms this machine sat in: one file per room, only its user's."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder

    def path(self, url: str) -> Path:
        folder = self.folder if self.folder is not None else data_dir() / "rooms"
        digest = hashlib.sha256(room_key(url).encode("utf-8")).hexdigest()[:24]
        return folder / f"{digest}.token"

    def load(self, url: str) -> str | None:
        path = self.path(url)
        try:
            with path.open("rb") as f:
                text = f.read(TOKEN_FILE_MAX + 1).decode("ascii").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return text if 0 < len(text) <= protocol.MAX_TOKEN else None

    def save(self, url: str, token: str) -> None:
        """Written readable and writable by the user alone (0600), whatever the umask."""
        path = self.path(url)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            if hasattr(os, "fchmod"):  # not on Windows
                os.fchmod(fd, 0o600)
            os.write(fd, token.encode("ascii") + b"\n")
        finally:
            os.close(fd)

    def forget(self, url: str) -> None:
        self.path(url).unlink(missing_ok=True)


class RoomClient:
    """One seat's (or a watcher's) connection to a room, reconnecting with its token.

    ``token``: the seat's token if known (the host's own table is given it); otherwise the one
    kept for this room in ``tokens`` (None: none kept). ``retries``: how many attempts in a row
    may fail before ``messages`` raises ``ConnectionLost`` (None: no end). ``key``: the player's
    key in a community server's lobby, sent beside the name (a room of ``ningde server`` seats
    a name a lobby player holds only with its key, §7)."""

    def __init__(
        self,
        url: str,
        name: str = "",
        *,
        watch: bool = False,
        token: str | None = None,
        tokens: TokenStore | None = None,
        backoff: Sequence[float] = BACKOFF,
        retries: int | None = None,
        key: str | None = None,
    ) -> None:
        self.url = url
        self.key = key
        self.name = name
        self.watch = watch
        self.tokens = tokens
        self.token = token if token is not None or watch or tokens is None else tokens.load(url)
        self.backoff = tuple(backoff)
        self.retries = retries
        self.rules: RuleConfig | None = None  # the room's, from its welcome
        self.last_text = ""  # the last message as the server sent it
        self._ws: ClientConnection | None = None
        self._closed = False
        self._welcomed = False
        self._over = False  # the session ended: no coming back

    @property
    def connected(self) -> bool:
        return self._ws is not None

    async def messages(self) -> AsyncIterator[ClientEvent]:
        """The room's messages, a ``Dropped`` at each drop, until ``error``, the end of the
        session or ``close``. Raises ``ConnectionLost`` after ``retries`` failed attempts and
        ``protocol.ProtocolError`` for a message that breaks the protocol."""
        attempt = 0
        while not self._closed:
            reason = ""
            try:
                async with connect(
                    self.url,
                    max_size=protocol.MAX_MESSAGE,
                    open_timeout=OPEN_TIMEOUT,
                    ping_interval=keepalive.interval(),
                    ping_timeout=keepalive.PING_SECONDS,
                ) as ws:
                    self._ws = ws
                    hello = protocol.hello(
                        self.name, None if self.watch else self.token, self.watch
                    )
                    if self.key is not None and not self.watch:
                        hello["key"] = self.key
                    await ws.send(protocol.dumps(hello))
                    async for text in ws:
                        message = self._read(text)
                        attempt = 0
                        yield message
                        if isinstance(message, Error | Over):
                            return
                    if self._closed or self._over:
                        return
                    reason = "the room closed the connection"
            except InvalidURI:
                raise
            except InvalidHandshake as exc:
                if not self._welcomed:
                    raise ConnectionLost(f"{self.url}: {exc}") from None
                reason = str(exc)
            except (OSError, ConnectionClosed, TimeoutError) as exc:
                reason = str(exc) or type(exc).__name__
            finally:
                self._ws = None
            if self._closed or self._over:
                return
            attempt += 1
            if self.retries is not None and attempt > self.retries:
                raise ConnectionLost(f"{self.url}: {reason}")
            delay = self.backoff[min(attempt - 1, len(self.backoff) - 1)]
            yield Dropped(attempt, delay, reason)
            await asyncio.sleep(delay)

    def _read(self, text: str | bytes) -> ServerMessage:
        message = protocol.parse_server(text, self.rules)
        self.last_text = text if isinstance(text, str) else ""
        if isinstance(message, Welcome):
            self._welcomed = True
            self.rules = message.rules
            if message.token is not None:
                self.token = message.token
                if self.tokens is not None:
                    self.tokens.save(self.url, message.token)
        elif isinstance(message, Over):
            self._over = True
        return message

    async def send_act(self, seq: int, action: Action) -> bool:
        """Send ``action`` for the state ``seq``; False when there is no connection now."""
        return await self._send(protocol.act(seq, wire.action_to(action)))

    async def send_start(self) -> bool:
        """The host's seat: deal now, bots in the seats still free."""
        return await self._send(protocol.start())

    async def send_ready(self) -> bool:
        """This seat has seen the hand's result: the room may deal the next (§6.1)."""
        return await self._send(protocol.ready())

    async def send_auto(self, on: bool) -> bool:
        """托管: a bot plays this seat (``on``), or the player takes it back (§6.1)."""
        return await self._send(protocol.auto(on))

    async def _send(self, message: dict[str, Any]) -> bool:
        ws = self._ws
        if ws is None:
            return False
        try:
            await ws.send(protocol.dumps(message))
        except ConnectionClosed:
            return False
        return True

    def stop(self) -> None:
        """Come back no more: the reading ends at the next drop (cancel it to end it now)."""
        self._closed = True

    async def close(self) -> None:
        """Leave the room (the seat stays held by its token)."""
        self._closed = True
        ws = self._ws
        if ws is not None:
            await ws.close()
