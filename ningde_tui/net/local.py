"""A seat's connection to a room in the same process: the room's frames, no network.

``LocalClient(room, name)`` is what ``net.bots.play_seat`` reads and answers, as it reads a
``RoomClient`` over WebSockets: ``messages()`` says hello to the room, then yields each message
the room hands the connection (``last_text``: its text, exactly as a socket would carry it);
``send_act`` and ``send_ready`` hand the room the client's messages as the server would, read
from their text (``protocol.parse_client``). The arena (``net.arena``) and the protocol replay
(``net.replay``) seat a bot this way, so it is sent the very lines ``ningde join`` would pass it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from ..rules.config import RuleConfig
from ..rules.game import Action
from . import protocol, wire
from .client import Dropped
from .protocol import Act, Error, Hello, Over, Ready, ServerMessage, Welcome
from .room import Conn, Room


class LocalPeer:
    """A room's ``Peer`` that keeps the frames for the client to read, in order."""

    def __init__(self) -> None:
        self.frames: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    def send(self, text: str) -> None:
        if not self.closed:
            self.frames.put_nowait(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closed:
            self.closed = True
            self.frames.put_nowait(None)


class LocalClient:
    """One seat of ``room``, in this process (see the module's docstring)."""

    def __init__(self, room: Room, name: str = "", token: str | None = None) -> None:
        self.room = room
        self.name = name
        self.token = token
        self.rules: RuleConfig | None = None
        self.last_text = ""
        self.conn: Conn | None = None
        self._again = False  # come back before the next message (``reconnect``)

    def reconnect(self) -> None:
        """Leave the room and come back with the seat's token before the next message, as a
        client whose connection dropped does: a ``Dropped``, then the room's ``welcome``, its
        ``seats`` and a ``state`` with the whole hand so far (``seq`` from 1 again). Frames the
        old connection had not read yet are dropped with it."""
        self._again = True

    async def messages(self) -> AsyncIterator[ServerMessage | Dropped]:
        """The room's messages until ``over``, an ``error`` or the room closes the connection."""
        peer = LocalPeer()
        self.conn = self.room.join(peer, Hello(self.name, self.token, False))
        try:
            while True:
                if self._again and self.conn is not None:
                    self._again = False
                    self.room.leave(self.conn)
                    peer = LocalPeer()
                    self.conn = self.room.join(peer, Hello(self.name, self.token, False))
                    yield Dropped(1, 0.0, "the seat's player was started again")
                text = await peer.frames.get()
                if text is None:
                    return
                message = protocol.parse_server(text, self.rules)
                self.last_text = text
                if isinstance(message, Welcome):
                    self.rules = message.rules
                    self.token = message.token
                yield message
                if isinstance(message, Error | Over):
                    return
        finally:
            if self.conn is not None:
                self.room.leave(self.conn)

    async def send_act(self, seq: int, action: Action) -> bool:
        return self._send(protocol.act(seq, wire.action_to(action)))

    async def send_ready(self) -> bool:
        return self._send(protocol.ready())

    def _send(self, message: dict[str, Any]) -> bool:
        if self.conn is None:
            return False
        read = protocol.parse_client(protocol.dumps(message))
        assert isinstance(read, Act | Ready)
        self.room.take(self.conn, read)
        return True
