"""A player's connection to a community server's lobby (interfaces.md §7): say hello with the
key kept for the name, read what the lobby sends (its ``rooms`` pushed whenever the public list
changes), ask it for rooms, a new room, a quick seat, the leaderboard and finished games, and
come back by itself when the connection drops.

``LobbyClient(url, name).events()`` is an async iterator of the lobby's messages, parsed
(``lobby.parse_server``), with a ``Dropped`` between them when the connection was lost (the
client then waits, ``BACKOFF`` as a room's client does, and says hello again with its key) and
an ``Unreadable`` in place of a message that breaks the protocol (bad JSON, an unknown type, a
field out of bounds: skipped, the connection kept). An ``error`` ends the iteration (the server
closes such a connection: ``name_taken`` when another key holds the name). The first
connection is not retried: an address that cannot be reached, or a server that does not speak
the lobby, raises ``ConnectionLost`` (or ``ProtocolError``) at once.

The keys are kept per server in the data folder (``NINGDE_DATA_DIR``, else the user's data
folder), one file per server holding each name's key, readable by its user alone (0600), as
``net.client.TokenStore`` keeps a room's seat tokens. A hand's record is fetched over the same
server's read-only HTTP (``GET /r/CODE-N``) with ``fetch_replay``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import time
from collections.abc import AsyncGenerator, AsyncIterator, Sequence
from contextlib import aclosing
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..net import keepalive
from ..net.client import BACKOFF, OPEN_TIMEOUT, ConnectionLost, Dropped
from ..net.protocol import MAX_MESSAGE, ProtocolError
from ..records.storage import data_dir
from . import lobby
from .lobby import Error, ServerMessage, Welcome

LOBBY_PATH = "lobby"  # the lobby's path on a server: ws://HOST:PORT/lobby
DEFAULT_PORT = 7350  # ningde server's port, when an address names none
MAX_QUEUE = 16  # frames read ahead of the screen at most
SEND_RATE, SEND_BURST = 4.0, 10  # requests a second (on average), at once: under the lobby's
# own limit (5 a second), which closes the connection of a client that sends more
KEYS_FILE_MAX = 64 * 1024  # bytes a server's file of keys may hold
MAX_KEPT_NAMES = 50  # names whose keys one server's file keeps


@dataclass(frozen=True)
class Unreadable:
    """A message of the lobby that could not be read (skipped): the protocol's code for it
    (``bad_json``, ``unknown_type``, ``bad_field``, …) and what was wrong, in English."""

    code: str
    text: str


LobbyEvent = ServerMessage | Dropped | Unreadable


# ---------------------------------------------------------------- addresses
def lobby_url(text: str) -> str:
    """A lobby's address as typed (``ws://host:7350/lobby``, ``wss://…``, or just
    ``host:7350``): with its scheme (ws:// unless given), its port (7350 unless given) and its
    path (``/lobby`` unless given). Raises ValueError for anything else (http://, no host, a
    port that is not one)."""
    given = text.strip()
    if "://" not in given:
        given = f"ws://{given}"
    parts = urlsplit(given)
    scheme = parts.scheme.lower()
    if scheme not in ("ws", "wss"):
        raise ValueError("a lobby's address starts with ws:// or wss://")
    try:
        port = parts.port
    except ValueError:
        raise ValueError("the address's port is not a number from 1 to 65535") from None
    host = parts.hostname
    if not host or parts.username or parts.password or parts.query or parts.fragment:
        raise ValueError("a lobby's address is ws://HOST:PORT/lobby")
    host = f"[{host}]" if ":" in host else host
    path = parts.path.strip("/") or LOBBY_PATH
    return urlunsplit((scheme, f"{host}:{port or DEFAULT_PORT}", f"/{path}", "", ""))


def server_key(url: str) -> str:
    """The server an address names, however it is written: ``ws://host:port``."""
    parts = urlsplit(lobby_url(url))
    return f"{parts.scheme}://{parts.netloc.lower()}"


def _beside(url: str, scheme: str, path: str) -> str:
    """An address on the lobby's server, in place of the lobby's last path segment."""
    parts = urlsplit(lobby_url(url))
    base = parts.path.rsplit("/", 1)[0]
    return urlunsplit((scheme, parts.netloc, f"{base}/{path}", "", ""))


def room_url(url: str, code: str) -> str:
    """Where room ``code`` is served, beside the lobby: ``ws://host:port/K3F9QX``."""
    return _beside(url, urlsplit(lobby_url(url)).scheme, code)


def http_url(url: str, path: str = "") -> str:
    """The server's read-only HTTP beside the lobby (https:// for wss://): ``http://host:port``
    and ``path`` after it (``ningde replay CODE-N --server`` takes it, as ``server.fetch``
    reads ``r/CODE-N`` there)."""
    scheme = "https" if urlsplit(lobby_url(url)).scheme == "wss" else "http"
    return _beside(url, scheme, path).removesuffix("/")


# ---------------------------------------------------------------- the keys kept
class LobbyKeys:
    """The keys this machine holds its names by: one file per server, only its user's."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder

    def path(self, url: str) -> Path:
        folder = self.folder if self.folder is not None else data_dir() / "lobby"
        digest = hashlib.sha256(server_key(url).encode("utf-8")).hexdigest()[:24]
        return folder / f"{digest}.keys"

    def _read(self, url: str) -> dict[str, str]:
        try:
            with self.path(url).open("rb") as f:
                data = json.loads(f.read(KEYS_FILE_MAX + 1)[:KEYS_FILE_MAX].decode("utf-8"))
        except (OSError, ValueError):
            return {}
        keys = data.get("keys") if isinstance(data, dict) else None
        if not isinstance(keys, dict):
            return {}
        return {
            name: key
            for name, key in keys.items()
            if isinstance(name, str) and isinstance(key, str) and 0 < len(key) <= lobby.MAX_KEY
        }

    def load(self, url: str, name: str) -> str | None:
        """The key kept for ``name`` on this server (None: none kept)."""
        try:
            name = lobby.check_name(name)
        except ProtocolError:
            return None
        return self._read(url).get(name)

    def save(self, url: str, name: str, key: str) -> None:
        """Kept beside the server's other names, in a file readable and writable by the user
        alone (0600), whatever the umask. Raises OSError when the folder cannot be written."""
        keys = {n: k for n, k in self._read(url).items() if n != name}
        kept = [*list(keys.items())[-(MAX_KEPT_NAMES - 1) :], (name, key)]
        text = json.dumps({"server": server_key(url), "keys": dict(kept)}, ensure_ascii=False)
        path = self.path(url)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            if hasattr(os, "fchmod"):  # not on Windows
                os.fchmod(fd, 0o600)
            os.write(fd, text.encode("utf-8"))
        finally:
            os.close(fd)
        tmp.replace(path)


# ---------------------------------------------------------------- the connection
class LobbyClient:
    """One player's connection to a lobby, saying hello again with its key after a drop.

    ``keys``: where the name's key is kept (None: nothing kept; a new key each time).
    ``retries``: how many attempts in a row may fail, once the lobby has welcomed the client,
    before ``events`` raises ``ConnectionLost`` (None: no end)."""

    def __init__(
        self,
        url: str,
        name: str,
        *,
        keys: LobbyKeys | None = None,
        backoff: Sequence[float] = BACKOFF,
        retries: int | None = None,
    ) -> None:
        self.url = url
        self.name = name
        self.keys = keys
        self.key = keys.load(url, name) if keys is not None else None
        self.backoff = tuple(backoff)
        self.retries = retries
        self.welcome: Welcome | None = None  # the lobby's last welcome
        self.kept = True  # the key could be written to the data folder (or none was asked)
        self._ws: ClientConnection | None = None
        self._closed = False
        self._allowance = float(SEND_BURST)  # requests that may go now
        self._counted = time.monotonic()

    @property
    def connected(self) -> bool:
        return self._ws is not None and self.welcome is not None

    async def events(self) -> AsyncIterator[LobbyEvent]:
        """The lobby's messages, a ``Dropped`` at each drop, an ``Unreadable`` for each
        message that breaks the protocol, until an ``error`` or ``close``."""
        attempt = 0
        while not self._closed:
            try:
                async with aclosing(self._session()) as session:
                    async for event in session:
                        if isinstance(event, Welcome):
                            attempt = 0
                        yield event
                        if isinstance(event, Error):
                            return
                reason = "the server closed the connection"
            except InvalidURI as exc:
                raise ConnectionLost(str(exc)) from None
            except (InvalidHandshake, OSError, ConnectionClosed, TimeoutError) as exc:
                if self.welcome is None:
                    raise ConnectionLost(f"{self.url}: {exc or type(exc).__name__}") from None
                reason = str(exc) or type(exc).__name__
            if self._closed:
                return
            attempt += 1
            if self.retries is not None and attempt > self.retries:
                raise ConnectionLost(f"{self.url}: {reason}")
            delay = self.backoff[min(attempt - 1, len(self.backoff) - 1)]
            yield Dropped(attempt, delay, reason)
            await asyncio.sleep(delay)

    async def _session(self) -> AsyncGenerator[LobbyEvent]:
        """One connection: hello, then what the lobby sends until it closes. A message that
        breaks the protocol before the welcome raises ProtocolError (this is no lobby)."""
        async with connect(
            self.url,
            max_size=MAX_MESSAGE,
            max_queue=MAX_QUEUE,
            open_timeout=OPEN_TIMEOUT,
            ping_interval=keepalive.interval(),
            ping_timeout=keepalive.PING_SECONDS,
        ) as ws:
            self._ws = ws
            try:
                await ws.send(lobby.dumps(lobby.hello(self.name, self.key)))
                async for text in ws:
                    event = self._read(text)
                    if isinstance(event, Unreadable) and self.welcome is None:
                        raise ProtocolError(event.code, event.text)
                    yield event
            finally:
                self._ws = None

    def _read(self, text: str | bytes) -> LobbyEvent:
        try:
            message = lobby.parse_server(text)
        except ProtocolError as bad:
            return Unreadable(bad.code, str(bad))
        if isinstance(message, Welcome):
            self.welcome = message
            self.name = message.name
            if message.key != self.key:
                self.key = message.key
                self._keep(message)
        return message

    def _keep(self, welcome: Welcome) -> None:
        if self.keys is None:
            return
        try:
            self.keys.save(self.url, welcome.name, welcome.key)
        except OSError:
            self.kept = False  # the name is held for this connection only: said by the screen
        else:
            self.kept = True

    def _may_send(self) -> bool:
        """Whether a request may go now (``SEND_RATE``, ``SEND_BURST``), counting it if so."""
        now = time.monotonic()
        self._allowance = min(SEND_BURST, self._allowance + (now - self._counted) * SEND_RATE)
        self._counted = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True

    async def send(self, message: dict[str, Any]) -> bool:
        """One request (``lobby.ask_rooms()``, ``lobby.create(…)``, ``lobby.quick()``, …);
        False when there is no connection now, or when requests come faster than the lobby
        takes them (it is not sent: ``connected`` tells the two apart)."""
        ws = self._ws
        if ws is None or not self._may_send():
            return False
        try:
            await ws.send(lobby.dumps(message))
        except ConnectionClosed:
            return False
        return True

    def stop(self) -> None:
        """Come back no more: the reading ends at the next drop (cancel it to end it now)."""
        self._closed = True

    async def close(self) -> None:
        self._closed = True
        ws = self._ws
        if ws is not None:
            await ws.close()
