"""A community server's sessions end to end, over real sockets (interfaces.md §7): players meet
through the lobby, play a session to its end in a §6 room, and their ratings, the leaderboard,
their games and the replays follow from it."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_helpers import Player
from privacy_helpers import Checker
from server_helpers import (
    KeyedPlayer,
    LobbyClient,
    aget,
    aget_json,
    lobby_url,
    play_to_the_end,
    running_server,
    wait_for,
)

from ningde_tui.net.protocol import MAX_MESSAGE
from ningde_tui.records.jsonline import split_lines
from ningde_tui.records.record import read_objects, replay_lines
from ningde_tui.rules.config import RuleConfig
from ningde_tui.server import lobby
from ningde_tui.server.rooms import ServerRoom

pytestmark = pytest.mark.serial
DEFAULT = lobby.Rating(25.0, 25 / 3).to_dict()


async def test_two_players_meet_by_a_private_code_and_play_a_session_to_its_end(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        anna = await LobbyClient(lobby_url(server)).connect("Anna")
        ben = await LobbyClient(lobby_url(server)).connect("Ben")
        assert anna.welcome is not None and ben.welcome is not None
        assert anna.got[0]["rating"] == DEFAULT == {"shown": 0.0, "mu": 25.0, "sigma": 8.333}
        made = await anna.ask(
            lobby.create(["human", "human", "easy", "normal"], pace="instant", public=False),
            "created",
        )
        code = made["code"]
        assert lobby.is_room_code(code) and made["url"].endswith(f"/{code}")
        listed = await ben.ask(lobby.ask_rooms(), "rooms")
        assert code not in [r["code"] for r in listed["rooms"]]  # private: never listed
        assert code not in (await aget(server, "/api/rooms"))[1]
        players = [
            KeyedPlayer(made["url"], "Anna", anna.welcome.key, seed=1),
            KeyedPlayer(server.room_url(code), "Ben", ben.welcome.key, seed=2),  # told the code
        ]
        for player in players:
            await player.connect()
        room = server.rooms[code]
        await play_to_the_end(players)
        over = players[0].messages("over")[0]
        assert players[1].messages("over")[0] == over
        hands = len(players[0].messages("result"))
        await wait_for(lambda: code not in server.rooms)
        await wait_for_booked(server, "Anna")

        board = await anna.ask(lobby.ask_leaderboard(), "leaderboard")
        rated = {p["name"]: p for p in board["players"]}
        assert {"Anna", "Ben", "bot:easy", "bot:normal"} <= set(rated)
        shown = [p["rating"]["shown"] for p in board["players"]]
        assert shown == sorted(shown, reverse=True)  # best first
        for seat, name in enumerate(["Anna", "Ben"]):
            entry = rated[name]
            assert entry["rating"] != DEFAULT and entry["games"] == 1 and entry["hands"] == hands
            assert entry["points"] == over["scores"][seat]
        games = await ben.ask(lobby.ask_games("Ben"), "games")
        (game,) = games["games"]
        assert game["room"] == code and game["scores"] == over["scores"]
        assert game["replays"] == [f"{code}-{n}" for n in range(1, hands + 1)]
        status, player = await aget_json(server, "/api/players/Anna")
        assert status == 200 and player["games"] == 1 and player["recent"][0]["room"] == code

        assert isinstance(room, ServerRoom) and room.record_file is not None
        seed = read_objects(room.record_file)[1]["seed"]
        for replay in game["replays"]:
            status, text = await aget(server, f"/r/{replay}")
            assert status == 200
            header = json.loads(text.splitlines()[0])
            assert header["seed"] == seed  # the session is over: the seed deals nothing more
            assert replay_lines(split_lines(text)).finished


async def wait_for_booked(server, name: str, games: int = 1) -> None:
    async def booked() -> bool:
        status, body = await aget_json(server, f"/api/players/{name}")
        return status == 200 and body["games"] >= games

    async with asyncio.timeout(20):
        while not await booked():
            await asyncio.sleep(0.1)


async def test_a_hand_is_served_once_it_has_ended_never_while_in_play(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        cleo = await LobbyClient(lobby_url(server)).connect("Cleo")
        assert cleo.welcome is not None
        made = await cleo.ask(lobby.create(["human", "easy", "easy", "easy"], pace="instant"))
        code = made["code"]
        player = KeyedPlayer(made["url"], "Cleo", cleo.welcome.key, plays=False)
        await player.connect()
        reading = asyncio.ensure_future(player.run())
        await wait_for(lambda: player.pending is not None)  # the room waits for Cleo
        hand = player.hand
        assert (await aget(server, f"/r/{code}-{hand}"))[0] == 404  # in play
        assert (await aget(server, f"/r/{code}-{hand + 1}"))[0] == 404  # not dealt
        reading.cancel()
        player.plays = True
        await player.answer()
        await asyncio.wait_for(player.run(lambda m: m["t"] == "result" and m["hand"] == hand), 60)
        room = server.rooms[code]
        assert room.match is not None
        # Cleo reads no more: the next hand waits for her in play (unless it ends at once)
        await wait_for(lambda: room.match.session.game is not None or room.match.session_over)
        status, text = await aget(server, f"/r/{code}-{hand}")
        assert status == 200
        lines = [json.loads(line) for line in text.splitlines()]
        assert lines[0]["t"] == "game" and lines[0]["seed"] is None  # the session goes on
        assert [obj["t"] for obj in lines[1:]] == ["hand"] + ["act"] * (len(lines) - 2)
        record = read_objects(room.record_file)
        objects = [record[n] for n in sorted(record)]
        starts = [i for i, obj in enumerate(objects) if obj["t"] == "hand"]
        first = starts[hand - 1]
        assert lines[1:] == objects[first : first + len(lines) - 1]  # exactly that hand's lines
        assert objects[first + len(lines) - 1]["t"] == "result"
        assert replay_lines(split_lines(text)).finished
        if not room.match.hand_over and room.match.hands_played == hand:
            assert (await aget(server, f"/r/{code}-{hand + 1}"))[0] == 404  # in play
            later = [obj for obj in objects[first + len(lines) :] if obj["t"] == "hand"]
            assert all(json.dumps(obj["wall"]) not in text for obj in later)
        await player.close()


async def test_a_listed_room_leaves_the_list_when_its_session_is_over(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        watching = await LobbyClient(lobby_url(server)).connect("Dan")
        made = await watching.ask(
            lobby.create(["human", "easy", "easy", "easy"], pace="instant"), "created"
        )
        code = made["code"]

        async def pushed(present: bool) -> None:
            while True:
                message = await watching.expect("rooms", timeout=30)
                if (code in [r["code"] for r in message["rooms"]]) == present:
                    return

        await pushed(True)
        assert code in (await aget(server, "/api/rooms"))[1]
        player = KeyedPlayer(made["url"], "Dan", watching.welcome.key, seed=3)  # the maker
        await player.connect()
        await play_to_the_end([player])
        await pushed(False)  # the lobby pushes the list without it
        status, rooms = await aget_json(server, "/api/rooms")
        assert code not in [r["code"] for r in rooms["rooms"]]
        assert (await aget(server, f"/r/{code}-1"))[0] == 200  # its records stay for replay
        await wait_for(lambda: code not in server.rooms)  # its last messages out, it is gone
        status, health = await aget_json(server, "/healthz")
        assert health == {"ok": True, "rooms": 0, "players": 1}


async def test_a_room_nobody_comes_to_is_gone_after_the_idle_time(tmp_path) -> None:
    async with running_server(tmp_path / "server", idle_seconds=1.0) as server:
        client = await LobbyClient(lobby_url(server)).connect("Fay")
        kept = await client.ask(lobby.create(["human", "human", "easy", "easy"]))
        sitting = Player(kept["url"], "Guest", plays=False)
        await sitting.connect()
        await sitting.run(lambda m: m["t"] == "welcome")
        empty = (await client.ask(lobby.create(["human", "human", "easy", "easy"])))["code"]
        await wait_for(lambda: empty not in server.rooms, timeout=10)
        assert kept["code"] in server.rooms  # someone waits in it
        await wait_for(lambda: server.tasks.get(empty) is None)
        row = await server.store.room(empty)
        assert row is not None and row.status == "expired"
        assert (await aget(server, f"/r/{empty}-1"))[0] == 404
        await sitting.close()


async def test_quick_finds_a_waiting_seat_or_makes_a_room(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        gus = await LobbyClient(lobby_url(server)).connect("Gus")
        hal = await LobbyClient(lobby_url(server)).connect("Hal")
        first = await gus.ask(lobby.quick(), "created")
        room = server.rooms[first["code"]]
        assert [s.kind for s in room.statuses()] == ["human", "bot", "bot", "bot"]
        assert [s.level for s in room.statuses()][1:] == ["normal"] * 3
        # its one seat is Gus's until he comes: Hal gets a room of his own
        second = await hal.ask(lobby.quick(), "created")
        assert second["code"] != first["code"]
        assert (await gus.ask(lobby.quick(), "created"))["code"] == first["code"]  # still his
        taken = KeyedPlayer(first["url"], "Gus", gus.welcome.key, plays=False)
        await taken.connect()
        await wait_for(lambda: room.started)
        assert room.seats[0].name == "Gus"
        await taken.close()


async def test_two_quick_players_at_once_never_meet_at_one_seat(tmp_path) -> None:
    """A public room with one seat left, and two players asking 快速开始 in the same instant:
    one is given that seat (kept for them), the other a room of their own; nobody who was sent
    to a seat finds it taken, and the room's maker keeps theirs."""
    async with running_server(tmp_path / "server") as server:
        gus, hal, ivy = [
            await LobbyClient(lobby_url(server)).connect(n) for n in ("Gus", "Hal", "Ivy")
        ]
        made = await gus.ask(lobby.create(["human", "human", "normal", "normal"], pace="instant"))
        await asyncio.gather(hal.send(lobby.quick()), ivy.send(lobby.quick()))
        got = await asyncio.gather(hal.expect("created"), ivy.expect("created"))
        winner = [g["code"] == made["code"] for g in got]
        assert sorted(winner) == [False, True]
        room = server.rooms[made["code"]]
        # a stranger finds no seat: one is kept for Gus, the other for the quick player
        stranger = Player(made["url"], "Stranger", plays=False)
        await stranger.connect()
        await stranger.run()
        assert [m["code"] for m in stranger.messages("error")] == ["full"]
        sent = [
            KeyedPlayer(g["url"], c.welcome.name, c.welcome.key, plays=False)
            for g, c in zip(got, (hal, ivy), strict=True)
        ]
        for player in sent:
            await player.connect()  # each finds the seat they were sent to
            asyncio.create_task(player.run())
        await wait_for(lambda: all(p.seat is not None for p in sent))
        owner = KeyedPlayer(made["url"], "Gus", gus.welcome.key, plays=False)
        await owner.connect()
        await wait_for(lambda: room.started)
        lucky = "Hal" if winner[0] else "Ivy"
        assert sorted(p.name for p in room.seats[:2]) == sorted(["Gus", lucky])
        for player in [*sent, owner]:
            await player.close()


async def test_no_message_in_a_servers_room_tells_more_than_its_reader_may_know(tmp_path) -> None:
    checker = Checker()

    def tap(room: ServerRoom) -> None:
        room.tap = checker
        checker.room = room

    async with running_server(tmp_path / "server", on_room=tap) as server:
        ivy = await LobbyClient(lobby_url(server)).connect("Ivy")
        made = await ivy.ask(lobby.create(["human", "human", "easy", "human"], pace="instant"))
        url = made["url"]
        watcher = await Player(url, watch=True, plays=False).connect()
        maker = KeyedPlayer(url, "Ivy", ivy.welcome.key, seed=11)  # the seat kept for her
        players = [await maker.connect()]
        players += [await Player(url, f"p{i}", seed=11 + i).connect() for i in (1, 2)]
        clients = [*players, watcher]
        await asyncio.wait_for(
            asyncio.gather(*(c.run(lambda m: m["t"] == "result") for c in clients)), 60
        )
    for client in clients:
        got = client.messages()
        assert got == checker.sent[client.seat][: len(got)]
        assert got[-1]["t"] == "result"
    assert checker.states >= 4


async def test_a_held_name_needs_its_key_in_a_room_too(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        jo = await LobbyClient(lobby_url(server)).connect("Jo")
        assert jo.welcome is not None
        made = await jo.ask(lobby.create(["human", "human", "easy", "easy"]))
        thief = Player(made["url"], "Jo", plays=False)
        await thief.connect()
        await thief.run()
        assert [m["code"] for m in thief.messages("error")] == ["name_taken"]
        wrong = KeyedPlayer(made["url"], "Jo", "x" * 32, plays=False)
        await wrong.connect()
        await wrong.run()
        assert [m["code"] for m in wrong.messages("error")] == ["name_taken"]
        owner = KeyedPlayer(made["url"], "Jo", jo.welcome.key, plays=False)
        await owner.connect()
        await owner.run(lambda m: m["t"] == "welcome")
        watcher = Player(made["url"], "Jo", watch=True, plays=False)  # watching takes no name
        await watcher.connect()
        await watcher.run(lambda m: m["t"] == "welcome")
        guest = Player(made["url"], "Kim", plays=False)  # a name nobody holds
        await guest.connect()
        await guest.run(lambda m: m["t"] == "welcome")
        for client in (owner, watcher, guest):
            await client.close()


async def test_the_lobby_keeps_a_name_for_its_key(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        first = await LobbyClient(lobby_url(server)).connect("小林")
        assert first.welcome is not None
        key = first.welcome.key
        assert len(key) >= 22  # at least 128 bits
        for other in (None, "y" * 32):
            again = await LobbyClient(lobby_url(server)).connect("小林", other)
            code, came = await again.closed()
            assert [m["code"] for m in again.got + came if m["t"] == "error"] == ["name_taken"]
            assert code == 1008
        back = await LobbyClient(lobby_url(server)).connect(" 小林", key)
        assert back.welcome is not None and back.welcome.key == key
        db = (tmp_path / "server" / "server.sqlite3").read_bytes()
        wal = tmp_path / "server" / "server.sqlite3-wal"
        assert key.encode() not in db + (wal.read_bytes() if wal.exists() else b"")


async def test_the_rooms_message_holds_what_fits_in_one_frame_free_seats_first(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        for n in range(200):
            seats = ("human", "human", "easy", "easy") if n % 2 else ("human",) * 4
            await server.make_room(lobby.Create(seats, rules=RuleConfig(rob_kong=True)))
        client = await LobbyClient(lobby_url(server)).connect("Wes")
        listed = await client.expect("rooms")
        assert listed["t"] == "rooms" and 0 < len(listed["rooms"]) < 200
        assert len(lobby.dumps(listed).encode()) <= MAX_MESSAGE
        free = [sum(s["kind"] == "human" for s in r["seats"]) for r in listed["rooms"]]
        assert free == sorted(free)  # the fullest rooms (fewest free seats) first
        status, rooms = await aget_json(server, "/api/rooms")
        assert len(rooms["rooms"]) == 200  # HTTP is not a frame: all of them


async def test_a_room_waiting_for_players_keeps_their_seats_over_a_restart(tmp_path) -> None:
    data = tmp_path / "server"
    async with running_server(data) as server:
        client = await LobbyClient(lobby_url(server)).connect("Xia")
        made = await client.ask(lobby.create(["human", "human", "easy", "easy"], pace="instant"))
        code = made["code"]
        first = Player(made["url"], "Yan", plays=False)
        await first.connect()
        await first.run(lambda m: m["t"] == "welcome")
        await wait_for(lambda: any(data.glob(f"records/*{code}.room.json")))
        (kept,) = data.glob(f"records/*{code}.room.json")
        assert json.loads(kept.read_text())["settings"]["pace"] == "instant"
    async with running_server(data, room_options={}) as again:  # another port, no overrides
        room = again.rooms[code]
        assert not room.started and room.free_seats == 1
        assert (room.options.pace, room.options.claim_pause) == ("instant", (0.0, 0.0))
        back = Player(again.room_url(code), "Yan", token=first.token, seed=1)
        await back.connect()
        await back.run(lambda m: m["t"] == "welcome")
        assert back.seat == first.seat
        other = Player(again.room_url(code), "Zed", seed=2)
        await other.connect()
        await play_to_the_end([back, other])
        assert back.messages("over") and other.messages("over")


async def test_a_public_url_names_the_rooms_and_the_replays(tmp_path) -> None:
    async with running_server(tmp_path / "server", public_url="wss://mj.example.org") as server:
        client = await _client_at(server, "Abe")
        made = await client.ask(lobby.create(["human", "easy", "easy", "easy"]))
        assert made["url"] == f"wss://mj.example.org/{made['code']}"
        assert server.http_url() == "https://mj.example.org"
        status, index = await aget_json(server, "/")
        assert index["lobby"] == "wss://mj.example.org/lobby"


async def _client_at(server, name: str) -> LobbyClient:
    """A lobby client on the server's own socket (its public URL names a proxy)."""
    return await LobbyClient(server.url("lobby")).connect(name)
