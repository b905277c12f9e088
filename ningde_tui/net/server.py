"""The rooms' WebSocket server (interfaces.md §6): ``ws://HOST:PORT/ROOM``, one asyncio loop.

The transport is the ``websockets`` library's: keepalive pings (each connection at an interval
of its own: ``keepalive.py``), the frame-size limit (``protocol.MAX_MESSAGE``: a bigger frame
closes that connection, code 1009) and the Origin allow-list (no Origin header — a terminal
client — plus the origins given, e.g. the host's own web page: a WebSocket opened by any other
web page is refused at the handshake). On top of it,
per connection: a hello within ``HELLO_SECONDS``, at most ``FLOOD_RATE`` refused acts a second
(``FLOOD_BURST`` at once: a player's accepted acts are paced by the room itself, one a state
that asks for it, so only the others can flood), and an outbox of at most ``MAX_OUTBOX`` messages for a client that
does not read. Whatever a client breaks, it gets an ``error`` and its own connection is
closed; the room, the other clients and the record go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
import time
from collections import deque
from collections.abc import Sequence
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import State

from . import keepalive, protocol
from .protocol import Hello, ProtocolError
from .room import Conn, Room

HELLO_SECONDS = 10.0
FLOOD_RATE = 20.0  # messages a second, on average
FLOOD_BURST = 20  # messages at once
MAX_OUTBOX = 2000  # messages waiting for a client that does not read
CLOSE_SECONDS = 2.0  # a client that does not answer the closing handshake is cut off
POLICY = 1008  # the WebSocket close code for "you broke the rules"


class Flood:
    """A token bucket: ``ok()`` is False once a client sends faster than the rate allows."""

    def __init__(self, rate: float = FLOOD_RATE, burst: int = FLOOD_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def ok(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class WebPeer:
    """A room's ``Peer`` over one WebSocket: a frame goes to the socket at once when nothing
    waits before it and the socket takes it; else it is queued, in order, for one task that
    waits for the socket, so the room never waits on a slow client."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.queue: deque[str] = deque()
        self.ready = asyncio.Event()
        self.closing: tuple[int, str] | None = None
        self.task = asyncio.ensure_future(self._write())

    def send(self, text: str) -> None:
        if self.closing is not None:
            return
        if not self.queue and self._write_now(text):
            return
        if len(self.queue) >= MAX_OUTBOX:
            self.close(POLICY, "too slow: messages are not being read")
            return
        self.queue.append(text)
        self.ready.set()

    def _write_now(self, text: str) -> bool:
        """``text``'s frame handed to the socket, as ``ws.send`` does but without its task
        switch and context, if the connection is open and its socket is not full (False: the
        writer task sends it, waiting for the socket)."""
        ws = self.ws
        if ws.paused or ws.protocol.state is not State.OPEN:
            return False
        ws.protocol.send_text(text.encode())
        ws.send_data()
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        if self.closing is None:
            self.closing = (code, reason)
            self.ready.set()

    def fail(self, code: str, text: str) -> None:
        """An ``error``, then the connection closed."""
        self.send(protocol.dumps(protocol.error(code, text)))
        self.close(POLICY, code)

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.ready.wait()
                self.ready.clear()
                while self.queue:
                    await self.ws.send(self.queue.popleft())
                if self.closing is not None:
                    await self.ws.close(*self.closing)
                    return

    async def finish(self) -> None:
        """Close, and read (dropping) whatever still comes in, or the closing handshake
        would wait behind the unread messages."""
        self.close()
        drain = asyncio.ensure_future(self._drain())
        with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
            await asyncio.wait_for(asyncio.shield(self.task), 5)
        self.task.cancel()
        drain.cancel()

    async def _drain(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for _ in self.ws:
                pass


class RoomServer:
    """Rooms by code behind one listening socket."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = protocol.DEFAULT_PORT,
        *,
        origins: Sequence[str] = (),
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.host, self.port = host, port
        self.origins = list(origins)
        self.tls = tls
        self.rooms: dict[str, Room] = {}
        self._servers: list[Server] = []

    def add(self, room: Room) -> Room:
        self.rooms[room.code] = room
        return room

    async def start(self, *sockets: socket.socket) -> None:
        """Listen on ``host:port``, or on ``sockets`` (already bound and listening: several
        processes may share one), the first of which names ``port``."""
        where: list[dict[str, Any]] = [{"sock": s} for s in sockets] or [
            {"host": self.host, "port": self.port}
        ]
        for place in where:
            self._servers.append(
                await serve(
                    self._serve_one,
                    origins=[None, *self.origins],  # type: ignore[list-item]
                    process_request=self._check_path,
                    max_size=protocol.MAX_MESSAGE,
                    max_queue=FLOOD_BURST,
                    compression=None,
                    ping_interval=None,  # each connection's own keepalive: _serve_one
                    ping_timeout=keepalive.PING_SECONDS,
                    close_timeout=CLOSE_SECONDS,
                    ssl=self.tls,
                    server_header=None,
                    **place,
                )
            )
        listening = list(self._servers[0].sockets)
        if listening:
            self.port = listening[0].getsockname()[1]

    def url(self, room: Room | str) -> str:
        code = room if isinstance(room, str) else room.code
        scheme = "wss" if self.tls is not None else "ws"
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{scheme}://{host}:{self.port}/{code}"

    async def close(self) -> None:
        for room in self.rooms.values():
            room.stop()
        for server in self._servers:
            server.close()
        for server in self._servers:
            await server.wait_closed()

    @staticmethod
    def _code(path: str) -> str:
        return path.split("?", 1)[0].strip("/")

    def _check_path(self, connection: ServerConnection, request: Request) -> Response | None:
        if self._code(request.path) in self.rooms:
            return None
        return connection.respond(HTTPStatus.NOT_FOUND, "no such room\n")

    async def _serve_one(self, ws: ServerConnection) -> None:
        """A connection accepted: its keepalive pings at an interval of its own, then it is
        handled (a room's, or in a community server the lobby's)."""
        keepalive.start(ws)
        await self._handle(ws)

    async def _handle(self, ws: ServerConnection) -> None:
        room = self.rooms.get(self._code(ws.request.path if ws.request else ""))
        peer = WebPeer(ws)
        conn: Conn | None = None
        try:
            if room is None:
                raise ProtocolError("no_room", "no such room")
            conn = await self._hello(ws, room, peer)
            flood = Flood()
            async for text in ws:
                message = protocol.parse_client(text)
                if isinstance(message, Hello):
                    raise ProtocolError("hello_again", "hello comes once, first")
                done = room.take(conn, message)
                if not done and not flood.ok():
                    raise ProtocolError("flood", f"at most {FLOOD_RATE:g} refused acts a second")
        except ProtocolError as bad:
            peer.fail(bad.code, str(bad))
        except ConnectionClosed:
            pass
        finally:
            if conn is not None and room is not None:
                room.leave(conn)
            await peer.finish()

    @staticmethod
    async def _hello(ws: ServerConnection, room: Room, peer: WebPeer) -> Conn:
        try:
            first = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
        except TimeoutError:
            raise ProtocolError("no_hello", "say hello first") from None
        message = protocol.parse_client(first)
        if not isinstance(message, Hello):
            raise ProtocolError("hello_first", "the first message is a hello")
        return room.join(peer, message)


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context
