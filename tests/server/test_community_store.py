"""The community server's store (SQLite, and Redis where redis-server is installed) and ratings:
names held by keys, a game booked once with every seat's rating, what the leaderboard and the
games list read — and a store that cannot write answers ``unavailable`` without stopping the
server."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from server_helpers import LobbyClient, aget_json, lobby_url, running_server

from ningde_tui.server import lobby, ratings
from ningde_tui.server.lobby import GameSeat, Rating
from ningde_tui.server.redis_store import RedisStore
from ningde_tui.server.store import FinishedGame, NameTaken, RoomRow, SqliteStore, StoreError

SEATS = (
    GameSeat("Ann", "human"),
    GameSeat("Bob", "human"),
    GameSeat("normal", "bot", "normal"),
    GameSeat("normal", "bot", "normal"),
)


def _game(room: str, scores: tuple[int, ...], ended: float = 1.0) -> FinishedGame:
    identities = ("Ann", "Bob", "bot:normal", "bot:normal")
    return FinishedGame(room, ended, SEATS, identities, scores, (2, 0, 1, 0), 5)


@pytest.fixture(params=["sqlite", "redis"])
def backend(request, tmp_path):
    """A store of each kind, not yet open."""
    if request.param == "redis":
        return RedisStore(request.getfixturevalue("redis_server").url)
    return SqliteStore(tmp_path)


async def test_names_are_held_by_their_keys(backend, tmp_path) -> None:
    store = backend
    await store.open()
    try:
        key, rating = await store.hello("Ann", None)
        assert rating == ratings.default() and rating.shown == 0
        assert await store.hello("Ann", key) == (key, rating)
        for other in (None, key + "x", "", "a" * 100):
            with pytest.raises(NameTaken):
                await store.hello("Ann", other)
        assert await store.holds("Ann", key) and await store.holds("Nobody", None)
        assert not await store.holds("Ann", None) and not await store.holds("Ann", "nope")
        fresh, _ = await store.hello("Bob", "a key it was never given")
        assert fresh != "a key it was never given"  # keys are the server's, never the client's
        assert await store.players() == 2
    finally:
        await store.close()
    if isinstance(store, SqliteStore):
        assert oct((tmp_path / "server.sqlite3").stat().st_mode & 0o777) == "0o600"


async def test_a_game_is_booked_once_and_rates_every_seat(backend) -> None:
    store = backend
    await store.open()
    try:
        await store.add_room(RoomRow("AAAAAA", True, ("human",) * 4, {}, "r.jsonl", 0.0))
        await store.hello("Ann", None)
        await store.hello("Bob", None)
        assert await store.book(_game("AAAAAA", (30, -20, 0, -10)))
        before = {s.name: s for s in await store.leaderboard(10)}
        assert not await store.book(_game("AAAAAA", (30, -20, 0, -10)))  # again: nothing
        assert {s.name: s for s in await store.leaderboard(10)} == before
        assert (await store.room("AAAAAA")).status == "over"
        ann, bob, bot = before["Ann"], before["Bob"], before["bot:normal"]
        assert ann.rating.mu > 25 > bob.rating.mu and ann.rating.sigma < 25 / 3
        assert (ann.games, ann.hands, ann.wins, ann.points) == (1, 5, 2, 30)
        assert (bot.games, bot.hands, bot.wins, bot.points) == (2, 10, 1, -10)  # two seats
        assert [s.name for s in await store.leaderboard(10)][0] == "Ann"
        await store.book(_game("BBBBBB", (-30, 20, 0, 10), ended=2.0))
        games = await store.games("Bob", 10)
        assert [g.room for g in games] == ["BBBBBB", "AAAAAA"]  # newest first
        assert games[0].replays == tuple(f"BBBBBB-{n}" for n in range(1, 6))
        assert games[0].seats == SEATS and games[0].scores == (-30, 20, 0, 10)
        assert (await store.standing("Bob")).games == 2
        assert await store.standing("Nobody") is None
        guest = FinishedGame("CCCCCC", 3.0, SEATS, ("Guest", "Ann", None, "bot:normal"),
                             (5, -5, 0, 0), (1, 0, 0, 0), 1)  # fmt: skip
        await store.book(guest)
        assert await store.standing("Guest") is None  # a name nobody holds is not rated
        assert (await store.standing("Ann")).games == 3
    finally:
        await store.close()


async def test_a_limit_is_counted_in_windows_by_every_process(backend, tmp_path) -> None:
    store = backend
    await store.open()
    try:
        assert [await store.tally("rooms:10.0.0.1", 1e9) for _ in range(3)] == [1, 2, 3]
        assert await store.tally("rooms:10.0.0.2", 1e9) == 1  # its own count
    finally:
        await store.close()


def test_ratings_follow_the_scores_and_merge_an_identity_seated_twice() -> None:
    rated = ratings.rate(["a", "b", "c", "d"], {}, [10, 5, -5, -10])
    order = sorted(rated, key=lambda n: rated[n].mu, reverse=True)
    assert order == ["a", "b", "c", "d"]
    tie = ratings.rate(["a", "b"], {}, [0, 0])
    assert abs(tie["a"].mu - tie["b"].mu) < 1e-9
    twice = ratings.rate(["a", "bot", "bot", "d"], {"a": Rating(30.0, 2.0)}, [0, 10, -10, 0])
    assert set(twice) == {"a", "bot", "d"}
    alone = ratings.rate(["a"], {}, [5])
    assert alone == {"a": ratings.default()}


async def test_a_store_that_cannot_write_is_answered_and_the_server_goes_on(tmp_path) -> None:
    async with running_server(tmp_path / "server") as server:
        first = await LobbyClient(lobby_url(server)).connect("Early")
        assert first.welcome is not None
        store = server.store
        assert isinstance(store, SqliteStore) and store._db is not None
        store._db.execute("PRAGMA query_only = ON")  # every write fails from here on
        late = LobbyClient(lobby_url(server))
        await late.connect()
        await late.send(lobby.hello("Late"))
        refused = await late.expect("refused", "welcome")
        assert (refused["t"], refused["code"]) == ("refused", "unavailable")
        made = await first.ask(lobby.create(["human", "easy", "easy", "easy"]))
        assert (made["t"], made["code"]) == ("refused", "unavailable")
        assert (await first.ask(lobby.ask_leaderboard()))["t"] == "leaderboard"  # reads go on
        assert (await aget_json(server, "/healthz"))[0] == 200
        with pytest.raises(StoreError):
            await store.book(_game("CCCCCC", (1, 2, 3, -6)))
        store._db.execute("PRAGMA query_only = OFF")  # the disk is back
        await late.send(lobby.hello("Late"))
        assert (await late.expect("welcome"))["name"] == "Late"
        assert (await first.ask(lobby.create(["human", "easy", "easy", "easy"])))["t"] == "created"


async def test_a_broken_store_file_stops_the_start_with_a_clear_error(tmp_path) -> None:
    (tmp_path / "server.sqlite3").write_bytes(b"this is not a database" * 100)
    store = SqliteStore(tmp_path)
    with pytest.raises(StoreError, match="cannot open"):
        await store.open()
    await store.close()
    other = tmp_path / "other"
    other.mkdir()
    db = sqlite3.connect(other / "server.sqlite3")
    db.executescript(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema', '99');"
    )
    db.close()
    store = SqliteStore(other)
    with pytest.raises(StoreError, match="schema 99"):
        await store.open()
    await store.close()


async def test_a_rooms_open_seats_are_promised_once_by_every_process(backend, tmp_path) -> None:
    """快速开始 on any process holds a seat through the store: never more holds than open
    seats, even from two processes at once; a hold ends when its player comes or its time
    runs out."""
    other = RedisStore(backend.url) if isinstance(backend, RedisStore) else SqliteStore(tmp_path)
    await backend.open()
    await other.open()
    try:
        assert await backend.hold_seat("K3F9QX", "Ann", 2, 30)
        assert await other.hold_seat("K3F9QX", "Bob", 2, 30)
        assert not await backend.hold_seat("K3F9QX", "Cat", 2, 30)  # both promised
        assert await other.hold_seat("K3F9QX", "Ann", 2, 30)  # Ann's own, again
        assert sorted(await backend.seat_holds("K3F9QX")) == ["Ann", "Bob"]
        await other.release_seat("K3F9QX", "Bob")  # Bob came
        assert await backend.hold_seat("K3F9QX", "Cat", 2, 30)
        assert await backend.hold_seat("M2RT7W", "Dan", 1, 0.2)
        await asyncio.sleep(0.4)
        assert await other.seat_holds("M2RT7W") == {}
        assert await other.hold_seat("M2RT7W", "Eve", 1, 30)  # an ended hold promises nothing
        at_once = [
            store.hold_seat("P4HX2N", f"p{k}{n}", 3, 30)
            for k in range(8)
            for n, store in enumerate((backend, other))
        ]
        assert sum(await asyncio.gather(*at_once)) == 3
    finally:
        await other.close()
        await backend.close()
