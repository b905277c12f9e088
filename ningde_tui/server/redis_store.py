"""The community's store in Redis (``ningde server --redis URL``): the same ``Store`` as
``store.SqliteStore``, shared by every server of a community on several machines, through the
``redis`` library's asyncio client.

Keys (all under ``ningde:``):

- ``player:NAME`` (hash: the key's digest, when made) and ``names`` (a set, for the count);
- ``rating:NAME`` (hash: mu, sigma, games, hands, wins, points) and ``board`` (a sorted set of
  names by ``shown``: the leaderboard);
- ``game:ROOM`` (the finished game, JSON) and ``games:NAME`` (a sorted set of its rooms by
  when they ended);
- ``room:CODE`` (hash: as ``RoomRow``, its owner among it: the room directory, code → the
  owner's base URL), and ``open`` and ``open:OWNER`` (sets of the open rooms' codes);
- ``tally:KEY:WINDOW`` (a limit's count in one window of time, expiring after the next);
- ``seats:CODE`` (hash: each name 快速开始 holds a seat for in the room → when the hold ends,
  taken or refused by one script, the key expiring with its last hold);
- ``listing:OWNER`` (what an owner published, JSON, expiring ``LIVE_SECONDS`` after its last
  heartbeat) and ``owners`` (a sorted set of owners by their last heartbeat).

A new player is made by one script (the name taken if it is free, and counted), so two servers
greeting the same new name give it to one key. A finished game is booked under WATCH of its
game key and of the ratings it changes, in one MULTI: booked once whichever server (or retry)
comes first, and a rating another server changed meanwhile is read again, never overwritten.
Records stay with the server that played them: nothing here is needed to replay one.
"""

from __future__ import annotations

import hmac
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError, WatchError

from . import ratings
from .lobby import BOT_PREFIX, GameEntry, GameSeat, Rating, Standing, replay_code
from .store import (
    LIVE_SECONDS,
    OPEN,
    OVER,
    FinishedGame,
    NameTaken,
    Published,
    RoomRow,
    StoreError,
    iso_time,
    key_digest,
    new_key,
)

PREFIX = "ningde:"
SCHEMA = "1"
TIMEOUT = 5.0  # seconds a command may take before it counts as failed
BOOK_TRIES = 20  # WATCH conflicts a booking outlives
log = logging.getLogger("ningde.server.store")

# a new player: the name if nobody holds it, and the count of names, at once
_NEW_PLAYER = """
if redis.call('HSETNX', KEYS[1], 'digest', ARGV[1]) == 1 then
  redis.call('HSET', KEYS[1], 'created', ARGV[2])
  redis.call('SADD', KEYS[2], ARGV[3])
  return 1
end
return 0
"""


# a seat held for ARGV[2] until ARGV[4] while others' live holds leave one of ARGV[3] seats
_HOLD_SEAT = """
local others = 0
local held = redis.call('HGETALL', KEYS[1])
for i = 1, #held, 2 do
  if tonumber(held[i + 1]) <= tonumber(ARGV[1]) then
    redis.call('HDEL', KEYS[1], held[i])
  elseif held[i] ~= ARGV[2] then
    others = others + 1
  end
end
if others < tonumber(ARGV[3]) then
  redis.call('HSET', KEYS[1], ARGV[2], ARGV[4])
  redis.call('EXPIRE', KEYS[1], ARGV[5])
  return 1
end
return 0
"""


def _k(*parts: str) -> str:
    return PREFIX + ":".join(parts)


class RedisStore:
    """The store in Redis at ``url`` (``redis://HOST:PORT/DB``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._db: Any = None

    @asynccontextmanager
    async def _guard(self, what: str) -> AsyncIterator[Any]:
        """The client, and a failure of Redis (down, timed out, refused) as StoreError."""
        if self._db is None:
            raise StoreError(f"{what}: the store is not open")
        try:
            yield self._db
        except (RedisError, OSError, ValueError, KeyError, TypeError) as exc:
            log.error("the store could not %s: %s", what, exc)
            raise StoreError(f"{what}: {exc}") from None

    # ------------------------------------------------------------------ opening
    async def open(self) -> None:
        try:
            self._db = aioredis.Redis.from_url(
                self.url,
                decode_responses=True,
                socket_timeout=TIMEOUT,
                socket_connect_timeout=TIMEOUT,
            )
        except ValueError as exc:
            raise StoreError(f"cannot use {self.url}: {exc}") from None
        async with self._guard("open the store") as db:
            await db.set(_k("schema"), SCHEMA, nx=True)
            schema = await db.get(_k("schema"))
            if schema != SCHEMA:
                raise ValueError(f"schema {schema}, this server knows {SCHEMA}")
            self._new_player = db.register_script(_NEW_PLAYER)
            self._hold_seat = db.register_script(_HOLD_SEAT)

    async def close(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            try:
                await db.aclose()
            except (RedisError, OSError) as exc:
                log.error("the store did not close cleanly: %s", exc)

    # ------------------------------------------------------------------ players
    async def hello(self, name: str, key: str | None) -> tuple[str, Rating]:
        async with self._guard("greet a player") as db:
            held = await db.hget(_k("player", name), "digest")
            if held is None:
                key = new_key()
                keys = [_k("player", name), _k("names")]
                made = await self._new_player(keys=keys, args=[key_digest(key), time.time(), name])
                if not made:
                    raise NameTaken(name)
            elif key is None or not hmac.compare_digest(key_digest(key), held):
                raise NameTaken(name)
            found = await db.hmget(_k("rating", name), "mu", "sigma")
            if found[0] is None:
                return key, ratings.default()
            return key, Rating(float(found[0]), float(found[1]))

    async def holds(self, name: str, key: str | None) -> bool:
        async with self._guard("check a name") as db:
            held = await db.hget(_k("player", name), "digest")
        if held is None:
            return True
        return key is not None and hmac.compare_digest(key_digest(key), held)

    async def players(self) -> int:
        async with self._guard("count the players") as db:
            return int(await db.scard(_k("names")))

    # ------------------------------------------------------------------ ratings, games
    async def standing(self, name: str) -> Standing | None:
        async with self._guard("read a player") as db:
            found = await db.hgetall(_k("rating", name))
            if found:
                return _standing_of(name, found)
            held = await db.exists(_k("player", name))
        return Standing(name, ratings.default()) if held else None

    async def leaderboard(self, limit: int) -> list[Standing]:
        async with self._guard("read the leaderboard") as db:
            names = await db.zrange(_k("board"), 0, limit - 1, desc=True)
            pipe = db.pipeline(transaction=False)
            for name in names:
                pipe.hgetall(_k("rating", name))
            found = await pipe.execute()
            return [_standing_of(n, f) for n, f in zip(names, found, strict=True) if f]

    async def games(self, name: str, limit: int) -> list[GameEntry]:
        async with self._guard("read the games") as db:
            rooms = await db.zrange(_k("games", name), 0, limit - 1, desc=True)
            texts = await db.mget([_k("game", r) for r in rooms]) if rooms else []
            return [_game_of(r, t) for r, t in zip(rooms, texts, strict=True) if t]

    async def book(self, game: FinishedGame) -> bool:
        """The game, every seat's rating and the room's end in one MULTI under WATCH: once."""
        async with self._guard("book a game") as db:
            for _ in range(BOOK_TRIES):
                try:
                    return await self._book(db, game)
                except WatchError:
                    continue
            raise RedisError("the ratings kept changing under the booking")
        raise AssertionError("unreachable")  # pragma: no cover - the guard raises

    async def _book(self, db: Any, game: FinishedGame) -> bool:
        names = sorted({n for n in game.identities if n is not None})
        async with db.pipeline(transaction=True) as pipe:
            await pipe.watch(_k("game", game.room), *(_k("rating", n) for n in names))
            if await pipe.exists(_k("game", game.room)):
                await pipe.unwatch()
                await self._room_over(db, game.room)
                return False
            rated = {n for n in names if n.startswith(BOT_PREFIX)}
            for name in names:
                if name not in rated and await pipe.exists(_k("player", name)):
                    rated.add(name)
            seats = [(s, n) for s, n in enumerate(game.identities) if n in rated]
            priors = {}
            for name in rated:
                mu, sigma = await pipe.hmget(_k("rating", name), "mu", "sigma")
                if mu is not None:
                    priors[name] = Rating(float(mu), float(sigma))
            new = ratings.rate([n for _, n in seats], priors, [game.scores[s] for s, _ in seats])
            row = await pipe.hgetall(_k("room", game.room))
            pipe.multi()
            pipe.set(_k("game", game.room), _game_text(game))
            for name in {n for _, n in seats}:
                pipe.zadd(_k("games", name), {game.room: game.ended})
            for name, rating in new.items():
                _add_rating(pipe, game, name, rating, [s for s, n in seats if n == name])
            _mark(pipe, game.room, OVER, row.get("owner", ""))
            await pipe.execute()
        return True

    async def _room_over(self, db: Any, code: str) -> None:
        owner = await db.hget(_k("room", code), "owner")
        pipe = db.pipeline(transaction=True)
        _mark(pipe, code, OVER, owner or "")
        await pipe.execute()

    # ------------------------------------------------------------------ rooms
    async def add_room(self, row: RoomRow) -> None:
        async with self._guard("add a room") as db:
            pipe = db.pipeline(transaction=True)
            pipe.hset(_k("room", row.code), mapping=_room_fields(row))
            if row.status == OPEN:
                pipe.sadd(_k("open"), row.code)
                pipe.sadd(_k("open", row.owner), row.code)
            await pipe.execute()

    async def set_room(self, code: str, status: str, owner: str | None = None) -> None:
        async with self._guard("mark a room") as db:
            was = await db.hget(_k("room", code), "owner")
            if was is None:
                return
            pipe = db.pipeline(transaction=True)
            if owner is not None and owner != was:
                pipe.srem(_k("open", was), code)
                pipe.hset(_k("room", code), "owner", owner)
            _mark(pipe, code, status, owner if owner is not None else was)
            await pipe.execute()

    async def room(self, code: str) -> RoomRow | None:
        async with self._guard("read a room") as db:
            found = await db.hgetall(_k("room", code))
            return _room_of(code, found) if found else None

    async def open_rooms(self, owner: str | None = None) -> list[RoomRow]:
        async with self._guard("list the open rooms") as db:
            codes = await db.smembers(_k("open") if owner is None else _k("open", owner))
            pipe = db.pipeline(transaction=False)
            ordered = sorted(codes)
            for code in ordered:
                pipe.hgetall(_k("room", code))
            found = await pipe.execute()
            rows = [_room_of(c, f) for c, f in zip(ordered, found, strict=True) if f]
        return sorted((r for r in rows if r.status == OPEN), key=lambda r: r.created)

    # ------------------------------------------------------------------ the shared list
    async def publish(self, listing: Published) -> None:
        beat = listing.beat or time.time()
        text = json.dumps(
            {"rooms": listing.rooms, "entries": list(listing.entries), "beat": beat},
            ensure_ascii=False,
        )
        async with self._guard("publish the rooms") as db:
            pipe = db.pipeline(transaction=True)
            pipe.set(_k("listing", listing.owner), text, px=int(LIVE_SECONDS * 1000))
            pipe.zadd(_k("owners"), {listing.owner: beat})
            pipe.zremrangebyscore(_k("owners"), "-inf", beat - 10 * LIVE_SECONDS)
            await pipe.execute()

    async def withdraw(self, owner: str) -> None:
        async with self._guard("withdraw the rooms") as db:
            pipe = db.pipeline(transaction=True)
            pipe.delete(_k("listing", owner))
            pipe.zrem(_k("owners"), owner)
            await pipe.execute()

    async def tally(self, key: str, window: float) -> int:
        """Count one more of ``key`` in the current fixed ``window`` (a key that expires with
        the next window)."""
        now = time.time()
        name = _k("tally", key, str(int(now // window)))
        async with self._guard("count a limit") as db:
            pipe = db.pipeline(transaction=True)
            pipe.incr(name)
            pipe.expire(name, int(2 * window))
            counted, _ = await pipe.execute()
        return int(counted)

    async def hold_seat(self, code: str, name: str, seats: int, seconds: float) -> bool:
        """As ``SqliteStore.hold_seat``: one script, so two servers never promise the same
        seat."""
        now = time.time()
        args = [repr(now), name, seats, repr(now + seconds), int(seconds) + 1]
        async with self._guard("hold a seat"):
            return bool(await self._hold_seat(keys=[_k("seats", code)], args=args))

    async def seat_holds(self, code: str) -> dict[str, float]:
        async with self._guard("read the seats held") as db:
            found = await db.hgetall(_k("seats", code))
        now = time.time()
        return {name: float(until) for name, until in found.items() if float(until) > now}

    async def release_seat(self, code: str, name: str) -> None:
        async with self._guard("release a seat") as db:
            await db.hdel(_k("seats", code), name)

    async def listing(self) -> list[Published]:
        async with self._guard("read the rooms") as db:
            owners = sorted(
                await db.zrangebyscore(_k("owners"), time.time() - LIVE_SECONDS, "+inf")
            )
            texts = await db.mget([_k("listing", o) for o in owners]) if owners else []
            return [_published(o, t) for o, t in zip(owners, texts, strict=True) if t]


def _published(owner: str, text: str) -> Published:
    data = json.loads(text)
    return Published(owner, int(data["rooms"]), tuple(data["entries"]), float(data["beat"]))


def _mark(pipe: Any, code: str, status: str, owner: str) -> None:
    """Queue a room's status, in and out of the open sets."""
    pipe.hset(_k("room", code), "status", status)
    if status == OPEN:
        pipe.sadd(_k("open"), code)
        pipe.sadd(_k("open", owner), code)
    else:
        pipe.srem(_k("open"), code)
        pipe.srem(_k("open", owner), code)


def _add_rating(pipe: Any, game: FinishedGame, name: str, rating: Rating, mine: list[int]) -> None:
    key = _k("rating", name)
    pipe.hset(key, mapping={"mu": rating.mu, "sigma": rating.sigma, "updated": time.time()})
    pipe.hincrby(key, "games", len(mine))
    pipe.hincrby(key, "hands", game.hands * len(mine))
    pipe.hincrby(key, "wins", sum(game.wins[s] for s in mine))
    pipe.hincrby(key, "points", sum(game.scores[s] for s in mine))
    pipe.zadd(_k("board"), {name: rating.shown})


def _game_text(game: FinishedGame) -> str:
    return json.dumps(
        {
            "ended": game.ended,
            "seats": [s.to_dict() for s in game.seats],
            "scores": list(game.scores),
            "hands": game.hands,
        },
        ensure_ascii=False,
    )


def _game_of(room: str, text: str) -> GameEntry:
    data = json.loads(text)
    return GameEntry(
        room,
        iso_time(data["ended"]),
        tuple(GameSeat(s["name"], s["kind"], s.get("level", "")) for s in data["seats"]),
        tuple(data["scores"]),
        tuple(replay_code(room, n) for n in range(1, data["hands"] + 1)),
    )


def _standing_of(name: str, found: dict[str, str]) -> Standing:
    return Standing(
        name,
        Rating(float(found["mu"]), float(found["sigma"])),
        int(found.get("games", 0)),
        int(found.get("hands", 0)),
        int(found.get("wins", 0)),
        int(found.get("points", 0)),
    )


def _room_fields(row: RoomRow) -> dict[str, Any]:
    return {
        "public": int(row.public),
        "seats": json.dumps(list(row.seats)),
        "options": json.dumps(row.options),
        "record": row.record,
        "created": row.created,
        "status": row.status,
        "owner": row.owner,
    }


def _room_of(code: str, found: dict[str, str]) -> RoomRow:
    return RoomRow(
        code,
        found["public"] == "1",
        tuple(json.loads(found["seats"])),
        json.loads(found["options"]),
        found["record"],
        float(found["created"]),
        found["status"],
        found.get("owner", ""),
    )
