"""Keepalive pings (net/keepalive.py): every connection a server accepts pings at an interval
of its own, so thousands opened together never ping in the same instant, and a link that has
gone silent is still closed, its seat then offline."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import running_room
from websockets.asyncio.client import connect

from ningde_tui.net import keepalive, protocol


async def test_each_connection_pings_at_an_interval_of_its_own() -> None:
    async with running_room(["human", "easy", "easy", "easy"]) as (server, room):
        url = server.url(room)
        async with watchers_open(url, 12) as clients:
            accepted = [c for s in server._servers for c in s.connections]
            assert len(accepted) == len(clients)
            intervals = [c.ping_interval for c in accepted]
            low, high = (keepalive.PING_SECONDS * (1 + d * keepalive.SPREAD) for d in (-1, 1))
            assert all(i is not None and low <= i <= high for i in intervals), intervals
            assert len(set(intervals)) == len(intervals)  # drawn for each
            assert all(c.keepalive_task is not None for c in accepted)
            assert all(c.ping_timeout == keepalive.PING_SECONDS for c in accepted)
    own = [keepalive.interval() for _ in range(200)]
    assert min(own) >= low and max(own) <= high and len(set(own)) == len(own)


class watchers_open:
    """``count`` watchers' connections, open together."""

    def __init__(self, url: str, count: int) -> None:
        self.url, self.count, self.open = url, count, []

    async def __aenter__(self) -> list:
        for _ in range(self.count):
            ws = await connect(self.url, ping_interval=None)
            await ws.send(protocol.dumps(protocol.hello("w", watch=True)))
            await ws.recv()
            self.open.append(ws)
        return self.open

    async def __aexit__(self, *exc: object) -> None:
        await asyncio.gather(*(ws.close() for ws in self.open))


async def test_a_silent_link_is_closed_and_its_seat_goes_offline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A player's connection that stops reading (its pongs never come; it pings nothing of
    its own) is closed by the server's keepalive, and the room says the seat is offline."""
    monkeypatch.setattr(keepalive, "PING_SECONDS", 0.4)
    async with running_room(["human", "easy", "easy", "easy"]) as (server, room):
        async with connect(server.url(room), ping_interval=None, close_timeout=1) as ws:
            await ws.send(protocol.dumps(protocol.hello("甲")))
            await ws.recv()
            assert room.statuses()[0].connected
            ws.transport.pause_reading()  # gone silent: nothing it is sent is answered
            async with asyncio.timeout(20):  # (closed within some 3 s)
                while room.statuses()[0].connected:
                    await asyncio.sleep(0.02)
