"""The lobby's client (server/client.py) against a real ``ningde server`` on 127.0.0.1: hello
with the key kept per server, the pushed rooms, requests answered, a held name refused, a
dropped connection come back with the same key; and against a hostile lobby (a small real
WebSocket server speaking wrong), whose bad messages are skipped and said, never raised."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import stat
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import SHORT, running_server
from websockets.asyncio.server import ServerConnection, serve

from ningde_tui.net.client import ConnectionLost, Dropped
from ningde_tui.net.protocol import ProtocolError
from ningde_tui.server import lobby
from ningde_tui.server.client import (
    LobbyClient,
    LobbyEvent,
    LobbyKeys,
    Unreadable,
    http_url,
    lobby_url,
    room_url,
    server_key,
)
from ningde_tui.server.community import CommunityServer, ServerSettings


async def next_of(events: AsyncIterator[LobbyEvent], kind: type, seconds: float = 10) -> Any:
    """The next event of ``kind`` (the others, pushed rooms among them, passed over)."""
    async with asyncio.timeout(seconds):
        async for event in events:
            if isinstance(event, kind):
                return event
    raise AssertionError(f"the lobby ended before a {kind.__name__}")


# ---------------------------------------------------------------- addresses
def test_a_lobby_address_is_understood_as_typed() -> None:
    assert lobby_url("ws://127.0.0.1:7350/lobby") == "ws://127.0.0.1:7350/lobby"
    assert lobby_url(" mahjong.example.org ") == "ws://mahjong.example.org:7350/lobby"
    assert lobby_url("wss://Example.org:443") == "wss://example.org:443/lobby"
    assert lobby_url("[::1]:9000") == "ws://[::1]:9000/lobby"
    for bad in ("http://example.org/lobby", "ws://", "ws://host:99999/lobby", "ws://a@host/x"):
        with pytest.raises(ValueError):
            lobby_url(bad)


def test_rooms_and_replays_are_beside_the_lobby() -> None:
    url = "wss://example.org:8443/lobby"
    assert room_url(url, "K3F9QX") == "wss://example.org:8443/K3F9QX"
    assert http_url(url) == "https://example.org:8443"
    assert http_url("ws://h:7350/lobby", "r/K3F9QX-1") == "http://h:7350/r/K3F9QX-1"
    assert server_key("ws://H:7350/lobby") == server_key("h:7350")


# ---------------------------------------------------------------- the keys kept
def test_keys_are_kept_per_server_and_name_for_the_user_alone(tmp_path: Path) -> None:
    keys = LobbyKeys(tmp_path)
    keys.save("ws://a:7350/lobby", "小林", "key-1")
    keys.save("ws://a:7350/lobby", "阿明", "key-2")
    keys.save("ws://b:7350/lobby", "小林", "key-3")
    assert keys.load("a:7350", "小林") == "key-1"
    assert keys.load("ws://a:7350/lobby", "阿明") == "key-2"
    assert keys.load("ws://b:7350/lobby", "小林") == "key-3"
    assert keys.load("ws://c:7350/lobby", "小林") is None
    path = keys.path("ws://a:7350/lobby")
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("not json{", encoding="utf-8")
    assert keys.load("ws://a:7350/lobby", "小林") is None  # a broken file: no key, no crash
    path.write_text(json.dumps({"keys": {"小林": ["x"], "阿明": "k" * 500}}), encoding="utf-8")
    assert keys.load("ws://a:7350/lobby", "小林") is None
    assert keys.load("ws://a:7350/lobby", "阿明") is None


# ---------------------------------------------------------------- the real server
async def test_hello_rooms_and_requests_through_a_real_server(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server") as server:
        url = server.room_url("lobby")
        keys = LobbyKeys(tmp_path / "keys")
        client = LobbyClient(url, "小林", keys=keys)
        events = client.events()
        welcome = await next_of(events, lobby.Welcome)
        assert welcome.name == "小林" and welcome.rating.shown == pytest.approx(0.0, abs=0.01)
        assert keys.load(url, "小林") == welcome.key
        assert (await next_of(events, lobby.Rooms)).rooms == ()

        await client.send(lobby.create(["human", "human", "hard", "normal"], public=True))
        created = await next_of(events, lobby.Created)
        assert created.url == room_url(url, created.code)
        listed = await next_of(events, lobby.Rooms)  # pushed: the list changed
        assert [r.code for r in listed.rooms] == [created.code]
        assert [s.kind for s in listed.rooms[0].seats] == ["human", "human", "bot", "bot"]

        await client.send(lobby.create(["human", "normal", "normal", "normal"], public=False))
        private = await next_of(events, lobby.Created)
        await client.send(lobby.ask_rooms())
        codes = [r.code for r in (await next_of(events, lobby.Rooms)).rooms]
        assert private.code not in codes and created.code in codes

        await client.send(lobby.ask_leaderboard())
        assert isinstance(await next_of(events, lobby.Leaderboard), lobby.Leaderboard)
        await client.send(lobby.ask_games("小林"))
        assert (await next_of(events, lobby.Games)).games == ()
        await client.close()
        await events.aclose()


async def test_requests_faster_than_the_lobby_takes_are_held_back(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server") as server:
        client = LobbyClient(server.room_url("lobby"), "小林")
        events = client.events()
        await next_of(events, lobby.Welcome)
        sent = [await client.send(lobby.ask_rooms()) for _ in range(30)]
        assert 0 < sent.count(True) <= 12 and not sent[-1]
        await asyncio.sleep(0.6)
        assert await client.send(lobby.ask_leaderboard())  # a moment later, one goes again
        assert isinstance(await next_of(events, lobby.Leaderboard), lobby.Leaderboard)
        assert client.connected
        await client.close()
        await events.aclose()


async def test_a_held_name_is_refused_and_the_kept_key_gets_it_back(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server") as server:
        url = server.room_url("lobby")
        keys = LobbyKeys(tmp_path / "keys")
        first = LobbyClient(url, "小林", keys=keys)
        events = first.events()
        welcome = await next_of(events, lobby.Welcome)
        await first.close()
        await events.aclose()

        stranger = LobbyClient(url, "小林", keys=LobbyKeys(tmp_path / "elsewhere"))
        refused = [e async for e in stranger.events()]  # an error ends the reading
        assert isinstance(refused[-1], lobby.Error) and refused[-1].code == lobby.NAME_TAKEN

        again = LobbyClient(url, "小林", keys=keys)
        assert again.key == welcome.key
        events = again.events()
        assert (await next_of(events, lobby.Welcome)).key == welcome.key
        await again.close()
        await events.aclose()


async def test_a_dropped_lobby_comes_back_by_itself(tmp_path: Path) -> None:
    data = tmp_path / "server"
    async with running_server(data) as server:
        port = server.port
        client = LobbyClient(
            server.room_url("lobby"), "阿明", keys=LobbyKeys(tmp_path / "k"), backoff=[0.1]
        )
        events = client.events()
        key = (await next_of(events, lobby.Welcome)).key
        assert client.connected
    dropped = await next_of(events, Dropped)  # the server stopped
    assert dropped.attempt == 1 and not client.connected
    again = CommunityServer(ServerSettings(data, "127.0.0.1", port, room_options=dict(SHORT)))
    await again.start()
    try:
        back = await next_of(events, lobby.Welcome)
        assert back.key == key and client.connected
        await client.close()
    finally:
        await again.close()
    await events.aclose()


async def test_no_lobby_at_the_address_is_said_at_once(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server") as server:
        port = server.port
    client = LobbyClient(f"ws://127.0.0.1:{port}/lobby", "小林", backoff=[0.1])
    with pytest.raises(ConnectionLost):
        async with asyncio.timeout(10):
            async for _ in client.events():
                pass


# ---------------------------------------------------------------- a hostile lobby
@contextlib.asynccontextmanager
async def hostile_lobby(frames: list[str | bytes]) -> AsyncIterator[str]:
    """A WebSocket server that answers any hello with ``frames``, then waits."""

    async def handle(ws: ServerConnection) -> None:
        await ws.recv()
        for frame in frames:
            await ws.send(frame)
        await ws.wait_closed()

    async with serve(handle, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        yield f"ws://127.0.0.1:{port}/lobby"


WELCOME = lobby.dumps(lobby.welcome("小林", "k" * 32, lobby.Rating(25.0, 8.333), "test"))


async def test_bad_messages_after_the_welcome_are_skipped_and_said(tmp_path: Path) -> None:
    frames: list[str | bytes] = [
        WELCOME,
        "{not json",
        json.dumps({"t": "gossip"}),
        json.dumps({"t": "rooms", "rooms": [{"code": "[bold]x"}]}),
        json.dumps({"t": "rooms", "rooms": "x" * 100}),
        b"\x00binary",
        lobby.dumps(lobby.rooms([])),
    ]
    async with hostile_lobby(frames) as url:
        client = LobbyClient(url, "小林", keys=LobbyKeys(tmp_path))
        seen: list[LobbyEvent] = []
        async with asyncio.timeout(10):
            async for event in client.events():
                seen.append(event)
                if isinstance(event, lobby.Rooms):
                    break
        await client.close()
    kinds = [type(e).__name__ for e in seen]
    assert kinds == ["Welcome", *["Unreadable"] * 5, "Rooms"]
    assert [e.code for e in seen if isinstance(e, Unreadable)] == [
        "bad_json",
        "unknown_type",
        "bad_field",
        "bad_field",
        "binary",
    ]


async def test_a_server_that_is_no_lobby_is_told_before_any_welcome(tmp_path: Path) -> None:
    async with hostile_lobby([json.dumps({"t": "welcome", "protocol": 1, "room": "X"})]) as url:
        client = LobbyClient(url, "小林")
        with pytest.raises(ProtocolError):
            async with asyncio.timeout(10):
                async for _ in client.events():
                    pass
