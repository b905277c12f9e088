"""Hostile clients of a community server, over real sockets: whatever the lobby or the HTTP API
is sent, the answer is a refusal, an error or a 4xx, the sender loses at most its own
connection, and the server goes on serving everyone else."""

from __future__ import annotations

import asyncio

import pytest
from server_helpers import LobbyClient, aget, aget_json, lobby_url, running_server
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from ningde_tui.net.protocol import MAX_MESSAGE
from ningde_tui.server import community, lobby

pytestmark = pytest.mark.serial

HELLO = '{"t": "hello", "protocol": 1, "name": "Mal", "key": null}'
BAD_FIRST = [
    ("not json", "bad_json"),
    ("[]", "bad_message"),
    ('{"t": "rooms"}', "hello_first"),
    ('{"t": "hello", "protocol": 9, "name": "Mal"}', "protocol"),
    ('{"t": "hello", "protocol": 1, "name": "%s"}' % ("长" * 17), "bad_name"),
    ('{"t": "hello", "protocol": 1, "name": "a\\u0000b"}', "bad_name"),
    ('{"t": "hello", "protocol": 1, "name": "\\u202e"}', "bad_name"),
    ('{"t": "hello", "protocol": 1, "name": ["a"]}', "bad_name"),
    ('{"t": "hello", "protocol": 1, "name": "Mal", "key": {"a": 1}}', "bad_key"),
]
BAD_LATER = [
    (HELLO, "hello_again"),
    ('{"t": "dance"}', "unknown_type"),
    ('{"t": "create", "seats": "all"}', "bad_field"),
    ('{"t": "create", "seats": ["human", "human", "human", "human"], "rounds": 1e9}', "bad_field"),
    ('{"t": "create", "seats": ["human", "x", "x", "x"]}', "bad_field"),
    ('{"t": "create", "seats": ["human", "easy", "easy", "easy"], "rules": {"a": 1}}', "bad_field"),
    ('{"t": "leaderboard", "limit": "all"}', "bad_field"),
    ('{"t": "games", "name": "%s"}' % ("x" * 100), "bad_name"),
    ('{"t": "rooms", "deep": ' + "[" * 3000 + "]" * 3000 + "}", "bad_json"),
]


async def _still_serves(server) -> None:
    status, health = await aget_json(server, "/healthz")
    assert status == 200 and health["ok"] is True
    fine = await LobbyClient(lobby_url(server)).connect(f"ok{len(server.lobbies)}")
    assert fine.welcome is not None
    assert (await fine.ask(lobby.ask_rooms()))["t"] == "rooms"
    await fine.close()


async def test_malformed_lobby_messages_are_errors_that_close_only_their_connection(
    tmp_path,
) -> None:
    async with running_server(tmp_path / "server") as server:
        bystander = await LobbyClient(lobby_url(server)).connect("Bystander")
        for text, code in BAD_FIRST:
            client = await LobbyClient(lobby_url(server)).connect()
            await client.send(text)
            closed, came = await client.closed()
            assert [m.get("code") for m in came] == [code], text
            assert closed == 1008
        for n, (text, code) in enumerate(BAD_LATER):
            client = await LobbyClient(lobby_url(server)).connect(f"Mal{n}")
            await client.send(text)
            closed, came = await client.closed()
            assert [m.get("code") for m in came if m["t"] == "error"] == [code], text
            assert closed == 1008
        binary = await LobbyClient(lobby_url(server)).connect("Bin")
        await binary.send(b'{"t": "rooms"}')
        assert (await binary.closed())[1][-1]["code"] == "binary"
        huge = await LobbyClient(lobby_url(server)).connect("Huge")
        await huge.send('{"t": "rooms", "x": "' + "x" * MAX_MESSAGE + '"}')
        assert (await huge.closed())[0] == 1009  # the frame limit: message too big
        assert (await bystander.ask(lobby.ask_rooms()))["t"] == "rooms"
        await _still_serves(server)


async def test_a_silent_or_flooding_lobby_client_is_cut_off(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(community, "HELLO_SECONDS", 0.3)
    async with running_server(tmp_path / "server") as server:
        silent = await LobbyClient(lobby_url(server)).connect()
        closed, came = await silent.closed()
        assert [m["code"] for m in came] == ["no_hello"] and closed == 1008
        flood = await LobbyClient(lobby_url(server)).connect("Flood")
        for _ in range(200):
            try:
                await flood.send(lobby.ask_rooms())
            except Exception:  # noqa: BLE001 - closed under it: that is the point
                break
        closed, came = await flood.closed()
        assert closed == 1008
        assert [m["code"] for m in flood.got + came if m["t"] == "error"] == ["flood"]
        await _still_serves(server)


async def test_rooms_made_too_fast_or_too_many_are_refused(tmp_path) -> None:
    async with running_server(tmp_path / "server", max_rooms=12) as server:
        maker = await LobbyClient(lobby_url(server)).connect("Maker")
        made = [await maker.ask(lobby.create(["human"] * 4)) for _ in range(community.ROOM_RATE)]
        assert [m["t"] for m in made] == ["created"] * community.ROOM_RATE
        refused = await maker.ask(lobby.create(["human"] * 4))
        assert (refused["t"], refused["code"]) == ("refused", "rate_limited")
        assert (await maker.ask(lobby.quick()))["code"] != "rate_limited"  # a free seat: fine
        # behind a proxy on this machine, each forwarded address has its own count
        other = LobbyClient(lobby_url(server))
        other.ws = await connect(
            lobby_url(server), additional_headers={"X-Forwarded-For": "203.0.113.9"}
        )
        await other.send(lobby.hello("Other"))
        await other.expect("welcome")
        assert (await other.ask(lobby.create(["human"] * 4)))["t"] == "created"
        assert (await other.ask(lobby.create(["human"] * 4)))["t"] == "created"
        full = await other.ask(lobby.create(["human"] * 4))
        assert (full["t"], full["code"]) == ("refused", "full")  # --max-rooms
        assert len(server.rooms) == 12
        await _still_serves(server)


async def test_guessing_room_codes_is_refused_for_a_while(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        client = await LobbyClient(lobby_url(server)).connect("Real")
        real = (await client.ask(lobby.create(["human"] * 4)))["url"]
        for n in range(community.CODE_RATE):
            with pytest.raises(InvalidStatus) as refused:
                await connect(server.room_url(f"GUESS{n:02d}"))
            assert refused.value.response.status_code == 404
        assert (await aget(server, "/r/ZZZZZZ-1"))[0] == 429  # the 21st unknown code
        with pytest.raises(InvalidStatus) as refused:
            await connect(real)  # refused everything for a while, even a real room
        assert refused.value.response.status_code == 429
        forwarded = {"X-Forwarded-For": "198.51.100.7"}
        assert (await aget(server, "/r/ZZZZZZ-1", **forwarded))[0] == 404  # someone else
        await _still_serves(server)


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/r/../../etc/passwd", 404),
        ("/r/..%2f..%2fserver.sqlite3", 404),
        ("/r/%2e%2e/records", 404),
        ("/r/ABCDEF-1/../../x", 404),
        ("/r/ABCDEF-0", 404),
        ("/r/ABCDEF-01", 404),
        ("/r/ABCDEF-1000", 404),
        ("/r/abcdef-1", 404),
        ("/r/ABCDEF-1?x=" + "y" * 100, 404),
        ("/r/", 404),
        ("/api/players/" + "a" * 300, 404),
        ("/api/players/%ff%fe", 404),
        ("/api/players/%00", 404),
        ("/api/players/a%2fb", 404),
        ("/api/players/nobody", 404),
        ("/api/players/bot:nobody", 404),
        ("/api/leaderboard?limit=abc", 400),
        ("/api/leaderboard?limit=100000", 400),
        ("/api/leaderboard?limit=-1", 400),
        ("/api/leaderboard?" + "&".join(f"a{n}=1" for n in range(50)), 400),
        ("/api/leaderboard?limit=%EF%BC%95", 400),
        ("/api/rooms/../../etc/passwd", 404),
        ("/%00", 404),
    ],
)
async def test_hostile_http_paths_are_4xx(tmp_path, path: str, status: int) -> None:
    async with running_server(tmp_path / "server") as server:
        got, body = await aget(server, path)
        assert got == status, body
        assert "Traceback" not in body and str(tmp_path) not in body
        await _still_serves(server)


async def test_http_answers_and_a_websocket_on_them(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        assert await aget_json(server, "/healthz") == (
            200,
            {"ok": True, "rooms": 0, "players": 0},
        )
        assert await aget_json(server, "/api/rooms") == (200, {"rooms": []})
        assert await aget_json(server, "/api/leaderboard?limit=3") == (200, {"players": []})
        status, index = await aget_json(server, "/")
        assert status == 200 and index["lobby"].endswith("/lobby")
        with pytest.raises(InvalidStatus):
            await connect(server.room_url("api/rooms"))  # an answer, not a socket
        await asyncio.sleep(0)


async def test_too_many_requests_or_lobby_connections_from_one_address(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        statuses = [(await aget(server, "/api/rooms"))[0] for _ in range(community.HTTP_RATE + 1)]
        assert statuses[:-1] == [200] * community.HTTP_RATE and statuses[-1] == 429
        assert (await aget(server, "/healthz", **{"X-Forwarded-For": "192.0.2.1"}))[0] == 200
        held = [
            await LobbyClient(lobby_url(server)).connect(f"L{n}")
            for n in range(community.LOBBIES_AN_ADDRESS)
        ]
        extra = await LobbyClient(lobby_url(server)).connect()
        closed, came = await extra.closed()
        assert [m["code"] for m in came] == ["rate_limited"] and closed == 1008
        await held[0].close()
        await asyncio.sleep(0.2)
        again = await LobbyClient(lobby_url(server)).connect("Again")
        assert again.welcome is not None
