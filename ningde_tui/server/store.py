"""What a community server keeps (interfaces.md §7): players and their keys, ratings, finished
games and the directory of its rooms, behind one small interface (``Store``) with an SQLite
backend (``SqliteStore``), so that another backend (Redis, for several machines) can stand in
for it.

- A **player** is a name held by a key: ``secrets.token_urlsafe`` (192 bits), given once, in
  the ``welcome``; the store keeps only its SHA-256 and compares digests in constant time
  (``hmac.compare_digest``), so a copy of the file holds no key that would pass.
- A **rating** is kept per player (by name) or bot level (``bot:hard``), with its games, hands,
  wins and points. A person's seat is rated only under a player's name (which only its key may
  sit under): a guest's seat, under a name nobody holds, is not.
- A **finished game** is booked once (``book``): the game, every seat's new rating and the
  room's end in one transaction, keyed by the room's code, so booking it again (a retry, a
  restart) changes nothing.
- The **rooms** the server made: code, public or not, seats, options, the record's path,
  whether it is open, over, expired or broken, and its **owner** (the base URL of the process
  that plays it and keeps its record); a restart resumes the open ones the process owns.
- **Limits** several processes share: a count per key (an address's new rooms, its unknown
  codes) in fixed windows (``tally``).
- **Seats held** for players 快速开始 sent to a room of another process (``hold_seat``): no
  more of a room's open seats are promised than it has, whichever process promises them; its
  owner keeps them (``seat_holds``) until the player comes (``release_seat``) or the hold
  ends.
- The **directory** several processes share (``--workers``, ``--redis``): each owner publishes
  its public rooms and its count of rooms with a heartbeat (``publish``), and the merged list
  holds only owners whose last beat is younger than ``LIVE_SECONDS`` (``listing``); a room's
  code names its owner (``room(code).owner``), so any process sends a client to it.

``SqliteStore`` runs every statement on one thread of its own (short transactions, WAL), never
on the event loop. Any statement may fail (a full disk, a locked or broken file): it is logged
and raised as ``StoreError``, which the server answers (``unavailable``) and goes on.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol, TypeVar

from . import ratings
from .lobby import BOT_PREFIX, GameEntry, GameSeat, Rating, Standing, replay_code

T = TypeVar("T")
KEY_BYTES = 24  # 192 bits
DB_NAME = "server.sqlite3"
SCHEMA_VERSION = 2  # 2: the rooms' owners and the published lists
LIVE_SECONDS = 10.0  # an owner whose last heartbeat is older has left the list
LOCKED_TRIES = (0.05, 0.2, 0.5, 1.0)  # seconds before each retry of a write another process held
OPEN, OVER, EXPIRED, BROKEN = "open", "over", "expired", "broken"  # a room's status
log = logging.getLogger("ningde.server.store")


class StoreError(Exception):
    """A read or write of the store that failed (logged where it failed)."""


class NameTaken(Exception):
    """A hello with a name another key holds (or none)."""


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def key_digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True)
class FinishedGame:
    """A session that ended, as it is booked: its seats (as the record names them), the
    identity each is rated under (None: not rated, e.g. a name the lobby would not take), the
    final scores and, per seat, the hands it won; ``hands``: the hands played."""

    room: str
    ended: float  # seconds since the epoch
    seats: tuple[GameSeat, ...]
    identities: tuple[str | None, ...]
    scores: tuple[int, ...]
    wins: tuple[int, ...]
    hands: int

    @property
    def replays(self) -> tuple[str, ...]:
        return tuple(replay_code(self.room, n) for n in range(1, self.hands + 1))


@dataclass(frozen=True)
class RoomRow:
    """A room in the server's directory."""

    code: str
    public: bool
    seats: tuple[str, ...]  # "human" or a bot level, per seat
    options: dict[str, Any]  # the room's options (``community.options_to_dict``)
    record: str  # where its record is (or will be) written
    created: float
    status: str = OPEN
    owner: str = ""  # the base URL of the process that plays it ("": the only one)


@dataclass(frozen=True)
class Published:
    """What one owner (a worker, a machine) published of its rooms: how many it plays and its
    public rooms as the lobby lists them (``{"entry": RoomEntry dict, "free": n, "created":
    t}``, best first)."""

    owner: str
    rooms: int
    entries: tuple[dict[str, Any], ...]
    beat: float = 0.0  # when it was published (seconds since the epoch)


class Store(Protocol):
    """The server's store; every method may raise StoreError."""

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def hello(self, name: str, key: str | None) -> tuple[str, Rating]: ...
    async def holds(self, name: str, key: str | None) -> bool: ...
    async def standing(self, name: str) -> Standing | None: ...
    async def leaderboard(self, limit: int) -> list[Standing]: ...
    async def games(self, name: str, limit: int) -> list[GameEntry]: ...
    async def book(self, game: FinishedGame) -> bool: ...
    async def add_room(self, row: RoomRow) -> None: ...
    async def set_room(self, code: str, status: str, owner: str | None = None) -> None: ...
    async def room(self, code: str) -> RoomRow | None: ...
    async def open_rooms(self, owner: str | None = None) -> list[RoomRow]: ...
    async def players(self) -> int: ...
    async def publish(self, listing: Published) -> None: ...
    async def withdraw(self, owner: str) -> None: ...
    async def listing(self) -> list[Published]: ...
    async def tally(self, key: str, window: float) -> int: ...
    async def hold_seat(self, code: str, name: str, seats: int, seconds: float) -> bool: ...
    async def seat_holds(self, code: str) -> dict[str, float]: ...
    async def release_seat(self, code: str, name: str) -> None: ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
    name TEXT PRIMARY KEY, key_digest TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS ratings (
    name TEXT PRIMARY KEY, mu REAL NOT NULL, sigma REAL NOT NULL, shown REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0, hands INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0, points INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL);
CREATE INDEX IF NOT EXISTS ratings_by_shown ON ratings (shown DESC, name);
CREATE TABLE IF NOT EXISTS games (
    room TEXT PRIMARY KEY, ended REAL NOT NULL, seats TEXT NOT NULL, scores TEXT NOT NULL,
    hands INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS game_players (
    room TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, ended REAL NOT NULL,
    PRIMARY KEY (room, seat));
CREATE INDEX IF NOT EXISTS game_players_by_name ON game_players (name, ended DESC);
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY, public INTEGER NOT NULL, seats TEXT NOT NULL, options TEXT NOT NULL,
    record TEXT NOT NULL, created REAL NOT NULL, status TEXT NOT NULL,
    owner TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS rooms_by_status ON rooms (status);
CREATE TABLE IF NOT EXISTS listings (
    owner TEXT PRIMARY KEY, rooms INTEGER NOT NULL, entries TEXT NOT NULL, beat REAL NOT NULL);
CREATE TABLE IF NOT EXISTS tallies (key TEXT PRIMARY KEY, start REAL NOT NULL, n INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seat_holds (
    code TEXT NOT NULL, name TEXT NOT NULL, until REAL NOT NULL, PRIMARY KEY (code, name));
"""
_TO_2 = "ALTER TABLE rooms ADD COLUMN owner TEXT NOT NULL DEFAULT ''"


def iso_time(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class SqliteStore:
    """The store in one SQLite file (``DB_NAME`` in the server's data folder), WAL, its
    statements on one thread of their own."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / DB_NAME
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ningde-store")
        self._db: sqlite3.Connection | None = None

    async def _run(self, work: Callable[[sqlite3.Connection], T], what: str) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._guarded, work, what)

    def _guarded(self, work: Callable[[sqlite3.Connection], T], what: str) -> T:
        if self._db is None:
            raise StoreError(f"{what}: the store is not open")
        try:
            return self._retried(work, self._db)
        except (NameTaken, StoreError):
            raise
        except (sqlite3.Error, OSError, ValueError) as exc:
            log.error("the store could not %s: %s", what, exc)
            try:
                if self._db.in_transaction:
                    self._db.rollback()
            except sqlite3.Error:
                pass
            raise StoreError(f"{what}: {exc}") from None

    @staticmethod
    def _retried(work: Callable[[sqlite3.Connection], T], db: sqlite3.Connection) -> T:
        """``work``, again after a pause while another process (a worker sharing the file)
        holds the write lock past the busy timeout."""
        for pause in LOCKED_TRIES:
            try:
                return work(db)
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                if db.in_transaction:
                    db.rollback()
                log.warning("the store is busy (%s): trying again in %gs", exc, pause)
                time.sleep(pause)
        return work(db)

    # ------------------------------------------------------------------ opening
    async def open(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._pool, self._open)
        except (sqlite3.Error, OSError) as exc:
            log.error("the store %s cannot be opened: %s", self.path, exc)
            raise StoreError(f"cannot open {self.path}: {exc}") from None

    def _open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        os.close(fd)  # made only the server's user may read it: it holds the keys' digests
        db = sqlite3.connect(self.path, timeout=5.0, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA busy_timeout=5000")
            db.executescript(_SCHEMA)
            _migrate(db)
        except BaseException:
            db.close()
            raise
        self._db = db

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._pool, self._close)
        self._pool.shutdown(wait=True)

    def _close(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            try:
                db.close()
            except sqlite3.Error as exc:
                log.error("the store did not close cleanly: %s", exc)

    # ------------------------------------------------------------------ players
    async def hello(self, name: str, key: str | None) -> tuple[str, Rating]:
        """The player ``name`` with its key (a new player: a new key), and its rating.
        Raises NameTaken if another key holds the name."""
        return await self._run(lambda db: self._hello(db, name, key), "greet a player")

    @staticmethod
    def _hello(db: sqlite3.Connection, name: str, key: str | None) -> tuple[str, Rating]:
        row = db.execute("SELECT key_digest FROM players WHERE name = ?", (name,)).fetchone()
        if row is not None:
            if key is None or not hmac.compare_digest(key_digest(key), row[0]):
                raise NameTaken(name)
            held = key
        else:
            held = new_key()
            try:
                db.execute(
                    "INSERT INTO players VALUES (?, ?, ?)", (name, key_digest(held), time.time())
                )
            except sqlite3.IntegrityError:
                raise NameTaken(name) from None
        found = db.execute("SELECT mu, sigma FROM ratings WHERE name = ?", (name,)).fetchone()
        return held, ratings.default() if found is None else Rating(found[0], found[1])

    async def holds(self, name: str, key: str | None) -> bool:
        """May this key play under ``name``: nobody holds it, or this key does."""
        return await self._run(lambda db: self._holds(db, name, key), "check a name")

    @staticmethod
    def _holds(db: sqlite3.Connection, name: str, key: str | None) -> bool:
        row = db.execute("SELECT key_digest FROM players WHERE name = ?", (name,)).fetchone()
        if row is None:
            return True
        return key is not None and hmac.compare_digest(key_digest(key), row[0])

    async def players(self) -> int:
        return await self._run(
            lambda db: int(db.execute("SELECT COUNT(*) FROM players").fetchone()[0]),
            "count the players",
        )

    # ------------------------------------------------------------------ ratings, games
    async def standing(self, name: str) -> Standing | None:
        return await self._run(lambda db: self._standing(db, name), "read a player")

    @staticmethod
    def _standing(db: sqlite3.Connection, name: str) -> Standing | None:
        row = db.execute(
            "SELECT name, mu, sigma, games, hands, wins, points FROM ratings WHERE name = ?",
            (name,),
        ).fetchone()
        if row is not None:
            return _standing_of(row)
        held = db.execute("SELECT 1 FROM players WHERE name = ?", (name,)).fetchone()
        return None if held is None else Standing(name, ratings.default())

    async def leaderboard(self, limit: int) -> list[Standing]:
        query = (
            "SELECT name, mu, sigma, games, hands, wins, points FROM ratings "
            "ORDER BY shown DESC, name LIMIT ?"
        )
        return await self._run(
            lambda db: [_standing_of(r) for r in db.execute(query, (limit,))],
            "read the leaderboard",
        )

    async def games(self, name: str, limit: int) -> list[GameEntry]:
        query = (
            "SELECT g.room, g.ended, g.seats, g.scores, g.hands FROM game_players p "
            "JOIN games g ON g.room = p.room WHERE p.name = ? "
            "GROUP BY g.room ORDER BY g.ended DESC LIMIT ?"
        )
        return await self._run(
            lambda db: [_game_of(r) for r in db.execute(query, (name, limit))], "read the games"
        )

    async def book(self, game: FinishedGame) -> bool:
        """Book a finished game: the game, every seat's new rating and the room's end in one
        transaction. False if it was booked before (nothing changes)."""
        return await self._run(lambda db: _book(db, game), "book a game")

    # ------------------------------------------------------------------ rooms
    async def add_room(self, row: RoomRow) -> None:
        values = (
            row.code,
            int(row.public),
            json.dumps(list(row.seats)),
            json.dumps(row.options),
            row.record,
            row.created,
            row.status,
            row.owner,
        )
        await self._run(
            lambda db: db.execute("INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, ?, ?)", values),
            "add a room",
        )

    async def set_room(self, code: str, status: str, owner: str | None = None) -> None:
        """A room's status (and its new owner: a worker that took it over)."""
        query = "UPDATE rooms SET status = ?, owner = coalesce(?, owner) WHERE code = ?"
        await self._run(lambda db: db.execute(query, (status, owner, code)), "mark a room")

    async def room(self, code: str) -> RoomRow | None:
        def read(db: sqlite3.Connection) -> RoomRow | None:
            found = db.execute("SELECT * FROM rooms WHERE code = ?", (code,)).fetchone()
            return None if found is None else _room_of(found)

        return await self._run(read, "read a room")

    async def open_rooms(self, owner: str | None = None) -> list[RoomRow]:
        """The open rooms (of ``owner``, or all of them)."""
        query = "SELECT * FROM rooms WHERE status = ? AND (? IS NULL OR owner = ?) ORDER BY created"
        return await self._run(
            lambda db: [_room_of(r) for r in db.execute(query, (OPEN, owner, owner))],
            "list the open rooms",
        )

    # ------------------------------------------------------------------ the shared list
    async def publish(self, listing: Published) -> None:
        values = (
            listing.owner,
            listing.rooms,
            json.dumps(list(listing.entries), ensure_ascii=False),
            listing.beat or time.time(),
        )
        await self._run(
            lambda db: db.execute("INSERT OR REPLACE INTO listings VALUES (?, ?, ?, ?)", values),
            "publish the rooms",
        )

    async def withdraw(self, owner: str) -> None:
        await self._run(
            lambda db: db.execute("DELETE FROM listings WHERE owner = ?", (owner,)),
            "withdraw the rooms",
        )

    async def listing(self) -> list[Published]:
        """Every live owner's published rooms."""
        query = "SELECT owner, rooms, entries, beat FROM listings WHERE beat > ? ORDER BY owner"

        def read(db: sqlite3.Connection) -> list[Published]:
            rows = db.execute(query, (time.time() - LIVE_SECONDS,))
            return [Published(o, n, tuple(json.loads(e)), b) for o, n, e, b in rows]

        return await self._run(read, "read the rooms")

    async def tally(self, key: str, window: float) -> int:
        """Count one more of ``key`` in the current ``window`` of seconds (a fixed window,
        shared by every process on the file); the count so far."""
        now = time.time()
        start = now - now % window
        query = (
            "INSERT INTO tallies VALUES (?, ?, 1) ON CONFLICT (key) DO UPDATE SET "
            "n = CASE WHEN start = excluded.start THEN n + 1 ELSE 1 END, start = excluded.start "
            "RETURNING n"
        )

        def count(db: sqlite3.Connection) -> int:
            counted = int(db.execute(query, (key, start)).fetchone()[0])
            if counted == 1:  # a new window for this key: the old windows of all keys go
                db.execute("DELETE FROM tallies WHERE start < ?", (start - window,))
            return counted

        return await self._run(count, "count a limit")

    # ------------------------------------------------------------------ seats held
    async def hold_seat(self, code: str, name: str, seats: int, seconds: float) -> bool:
        """Hold one of room ``code``'s ``seats`` open seats for ``name`` for ``seconds``,
        unless others' holds already take them all (one transaction, so two processes never
        promise the same seat); True if ``name`` holds one now."""
        now = time.time()

        def hold(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("DELETE FROM seat_holds WHERE until <= ?", (now,))
                others = db.execute(
                    "SELECT COUNT(*) FROM seat_holds WHERE code = ? AND name != ?", (code, name)
                ).fetchone()[0]
                held = others < seats
                if held:
                    db.execute(
                        "INSERT INTO seat_holds VALUES (?, ?, ?) ON CONFLICT (code, name) "
                        "DO UPDATE SET until = excluded.until",
                        (code, name, now + seconds),
                    )
                db.execute("COMMIT")
            except BaseException:
                db.rollback()
                raise
            return held

        return await self._run(hold, "hold a seat")

    async def seat_holds(self, code: str) -> dict[str, float]:
        """Room ``code``'s held seats: each player's name and when its hold ends
        (``time.time()``)."""

        def read(db: sqlite3.Connection) -> dict[str, float]:
            rows = db.execute(
                "SELECT name, until FROM seat_holds WHERE code = ? AND until > ?",
                (code, time.time()),
            )
            return {name: float(until) for name, until in rows}

        return await self._run(read, "read the seats held")

    async def release_seat(self, code: str, name: str) -> None:
        """``name`` came to room ``code``: its hold there is over."""
        query = "DELETE FROM seat_holds WHERE code = ? AND name = ?"
        await self._run(lambda db: db.execute(query, (code, name)), "release a seat")


def _standing_of(row: Sequence[Any]) -> Standing:
    name, mu, sigma, games, hands, wins, points = row
    return Standing(name, Rating(mu, sigma), games, hands, wins, points)


def _game_of(row: Sequence[Any]) -> GameEntry:
    room, ended, seats, scores, hands = row
    return GameEntry(
        room,
        iso_time(ended),
        tuple(GameSeat(s["name"], s["kind"], s.get("level", "")) for s in json.loads(seats)),
        tuple(json.loads(scores)),
        tuple(replay_code(room, n) for n in range(1, hands + 1)),
    )


def _room_of(row: Sequence[Any]) -> RoomRow:
    code, public, seats, options, record, created, status, owner = row
    return RoomRow(
        code,
        bool(public),
        tuple(json.loads(seats)),
        json.loads(options),
        record,
        created,
        status,
        owner,
    )


def _migrate(db: sqlite3.Connection) -> None:
    """The file's schema brought to this server's (1 → 2: the rooms' owners), in one
    transaction, whichever of the processes sharing it comes first."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if version is None:
            db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif version[0] == "1":
            if "owner" not in {c[1] for c in db.execute("PRAGMA table_info(rooms)")}:
                db.execute(_TO_2)
            db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
        elif version[0] != str(SCHEMA_VERSION):
            raise sqlite3.DatabaseError(f"schema {version[0]}, this server knows {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _book(db: sqlite3.Connection, game: FinishedGame) -> bool:
    db.execute("BEGIN IMMEDIATE")
    try:
        seats = json.dumps([s.to_dict() for s in game.seats], ensure_ascii=False)
        inserted = db.execute(
            "INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?)",
            (game.room, game.ended, seats, json.dumps(list(game.scores)), game.hands),
        ).rowcount
        if inserted:
            _rate(db, game)
        db.execute("UPDATE rooms SET status = ? WHERE code = ?", (OVER, game.room))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return bool(inserted)


def _rated(db: sqlite3.Connection, name: str) -> bool:
    """Is ``name`` rated: a bot level, or a player's name (a guest's seat is not)?"""
    if name.startswith(BOT_PREFIX):
        return True
    return db.execute("SELECT 1 FROM players WHERE name = ?", (name,)).fetchone() is not None


def _rate(db: sqlite3.Connection, game: FinishedGame) -> None:
    seats = [
        (s, name) for s, name in enumerate(game.identities) if name is not None and _rated(db, name)
    ]
    names = [name for _, name in seats]
    priors = {}
    for name in set(names):
        found = db.execute("SELECT mu, sigma FROM ratings WHERE name = ?", (name,)).fetchone()
        if found is not None:
            priors[name] = Rating(found[0], found[1])
    rated = ratings.rate(names, priors, [game.scores[s] for s, _ in seats])
    now = time.time()
    for seat, name in seats:
        db.execute(
            "INSERT OR IGNORE INTO game_players VALUES (?, ?, ?, ?)",
            (game.room, seat, name, game.ended),
        )
    for name, rating in rated.items():
        mine = [s for s, n in seats if n == name]
        db.execute(
            "INSERT INTO ratings VALUES (?, ?, ?, ?, 0, 0, 0, 0, ?) ON CONFLICT (name) DO "
            "UPDATE SET mu = excluded.mu, sigma = excluded.sigma, shown = excluded.shown, "
            "updated = excluded.updated",
            (name, rating.mu, rating.sigma, rating.shown, now),
        )
        db.execute(
            "UPDATE ratings SET games = games + ?, hands = hands + ?, wins = wins + ?, "
            "points = points + ? WHERE name = ?",
            (
                len(mine),
                game.hands * len(mine),
                sum(game.wins[s] for s in mine),
                sum(game.scores[s] for s in mine),
                name,
            ),
        )
