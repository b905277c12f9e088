"""The lobby of a community server (interfaces.md §7): every message, both ways, as data.

One JSON object per WebSocket text frame at ``ws(s)://HOST:PORT/lobby``, UTF-8, at most
``MAX_MESSAGE`` bytes, each with a ``"t"`` (as the seat protocol of §6). The server builds its
messages with the functions below and reads a client's with ``parse_client``; a lobby client
(the start screen's 在线大厅) reads the server's with ``parse_server``. Neither parser trusts
its input: anything malformed raises ``ProtocolError`` (``net.protocol``'s: a code for
programs, a sentence for people) and nothing else happens. Every list and string read is
bounded before it is kept.

Client → server: ``hello`` (first, once), then any of ``rooms``, ``create``, ``quick``,
``leaderboard``, ``games``. Server → client: ``welcome``, ``rooms`` (also pushed by the server
when the public list changes), ``created``, ``leaderboard``, ``games``, ``refused`` (nothing
changed, the connection stays) and ``error`` (the connection is closed after it).

Beyond §7 (added, nothing renamed): a room entry also carries ``pace``; a ``games`` entry
carries ``hands``; a ``leaderboard`` entry's ``rating`` is the same ``{"shown", "mu",
"sigma"}`` object a ``welcome`` carries. The lobby sends the public rooms right after its
``welcome``; a ``rooms`` message holds as many as fit in one frame, the rooms with a free seat
first.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..net import wire
from ..net.protocol import BOT, HUMAN, MAX_MESSAGE, ProtocolError, SeatStatus
from ..rules.config import RuleConfig
from ..table.presets import BOT_LEVELS, PACES

PROTOCOL = 1
MAX_NAME = 16  # characters of a player's name
MAX_KEY = 100  # characters a client may send as its key
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: read aloud, typed by hand
CODE_LENGTH = 6
MAX_ROUNDS = 8  # 圈 in a session a lobby room may have
TURN_SECONDS = (5.0, 600.0)  # a timed room's seconds for a decision, at least and at most
LEADERBOARD_LIMIT = 50  # players a leaderboard gives unless asked for another number
MAX_LEADERBOARD = 200
MAX_ROOMS_LISTED = 500  # public rooms in one ``rooms`` message
MAX_GAMES = 100  # games in one ``games`` message
MAX_HANDS = 999  # hands of one session a replay code may name
SCORE_LIMIT = 10**9

# refusals (nothing changed, the connection stays) and errors (the connection is closed)
FULL, RATE_LIMITED, UNAVAILABLE = "full", "rate_limited", "unavailable"
NAME_TAKEN, BAD_NAME, HELLO_FIRST, HELLO_AGAIN = (
    "name_taken",
    "bad_name",
    "hello_first",
    "hello_again",
)

BOT_PREFIX = "bot:"
_CODE = re.compile(f"[{CODE_LETTERS}]{{{CODE_LENGTH}}}")
_REPLAY = re.compile(f"([{CODE_LETTERS}]{{{CODE_LENGTH}}})-([1-9][0-9]{{0,2}})")


# ---------------------------------------------------------------- names, codes
def check_name(value: Any) -> str:
    """A player's name as the lobby keeps it: a string, NFC, 1-``MAX_NAME`` characters with
    no control (or other invisible formatting) character and no space at either end, not
    starting ``bot:`` (the bots' ratings). Raises ProtocolError("bad_name")."""
    if not isinstance(value, str) or len(value) > 4 * MAX_NAME:
        raise ProtocolError(BAD_NAME, f"a name is 1-{MAX_NAME} characters")
    name = unicodedata.normalize("NFC", value).strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise ProtocolError(BAD_NAME, f"a name is 1-{MAX_NAME} characters")
    if any(unicodedata.category(c)[0] in "CZ" and c != " " for c in name):
        raise ProtocolError(BAD_NAME, "a name holds no control or invisible characters")
    if name.casefold().startswith(BOT_PREFIX):
        raise ProtocolError(BAD_NAME, f"a name starting {BOT_PREFIX} is a bot level's")
    return name


def is_room_code(text: str) -> bool:
    """Whether ``text`` is a lobby room's code (6 letters of ``CODE_LETTERS``)."""
    return _CODE.fullmatch(text) is not None


def replay_code(room: str, hand: int) -> str:
    """Hand ``hand`` (1, 2, …) of room ``room``: ``K3F9QX-1``."""
    return f"{room}-{hand}"


def parse_replay_code(text: str) -> tuple[str, int] | None:
    """``("K3F9QX", 1)`` from ``"K3F9QX-1"``, or None if it is not a replay code."""
    found = _REPLAY.fullmatch(text)
    return None if found is None else (found[1], int(found[2]))


def bot_identity(level: str) -> str:
    """The name a bot level is rated under: ``bot:hard``."""
    return f"{BOT_PREFIX}{level}"


# ---------------------------------------------------------------- the values
@dataclass(frozen=True)
class Rating:
    """A rating as players see it: ``shown`` = mu − 3·sigma (a new player shows 0)."""

    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, float]:
        return {
            "shown": round(self.shown, 3),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Rating:
        return cls(_real(wire.field(data, "mu"), "mu"), _real(wire.field(data, "sigma"), "sigma"))


@dataclass(frozen=True)
class RoomEntry:
    """A public room as the lobby lists it."""

    code: str
    url: str
    seats: tuple[SeatStatus, ...]
    rounds: int
    rules: RuleConfig
    turn_seconds: float | None
    started: bool
    watchers: int
    pace: str = "normal"

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "url": self.url,
            "seats": [s.to_dict() for s in self.seats],
            "rounds": self.rounds,
            "rules": self.rules.to_dict(),
            "turn_seconds": self.turn_seconds,
            "started": self.started,
            "watchers": self.watchers,
            "pace": self.pace,
        }


@dataclass(frozen=True)
class Standing:
    """A leaderboard's line (and ``/api/players/NAME``'s): a player's rating and record."""

    name: str
    rating: Rating
    games: int = 0
    hands: int = 0
    wins: int = 0
    points: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rating": self.rating.to_dict(),
            "games": self.games,
            "hands": self.hands,
            "wins": self.wins,
            "points": self.points,
        }


@dataclass(frozen=True)
class GameSeat:
    """A seat of a finished game: the name it played under, human or bot, a bot's level."""

    name: str
    kind: str
    level: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "level": self.level}


@dataclass(frozen=True)
class GameEntry:
    """A finished game: its room, when it ended (ISO 8601, UTC), its seats, final scores and
    a replay code for each hand."""

    room: str
    ended: str
    seats: tuple[GameSeat, ...]
    scores: tuple[int, ...]
    replays: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "room": self.room,
            "ended": self.ended,
            "seats": [s.to_dict() for s in self.seats],
            "scores": list(self.scores),
            "replays": list(self.replays),
            "hands": len(self.replays),
        }


# ---------------------------------------------------------------- client → server
@dataclass(frozen=True)
class Hello:
    name: str
    key: str | None
    protocol: int = PROTOCOL


@dataclass(frozen=True)
class AskRooms:
    """``{"t": "rooms"}``: the public rooms now."""


@dataclass(frozen=True)
class Create:
    """A new room: ``seats`` four entries, ``"human"`` or a bot level."""

    seats: tuple[str, ...]
    rounds: int = 1
    rules: RuleConfig | None = None
    turn_seconds: float | None = None
    pace: str = "normal"
    public: bool = True


@dataclass(frozen=True)
class Quick:
    """A seat in a public room about to start, else a new room of one person and three bots."""


@dataclass(frozen=True)
class AskLeaderboard:
    limit: int = LEADERBOARD_LIMIT


@dataclass(frozen=True)
class AskGames:
    name: str


ClientMessage = Hello | AskRooms | Create | Quick | AskLeaderboard | AskGames


def hello(name: str, key: str | None = None) -> dict[str, Any]:
    return {"t": "hello", "protocol": PROTOCOL, "name": name, "key": key}


def ask_rooms() -> dict[str, Any]:
    return {"t": "rooms"}


def create(
    seats: list[str] | tuple[str, ...],
    rounds: int = 1,
    rules: RuleConfig | None = None,
    turn_seconds: float | None = None,
    pace: str = "normal",
    public: bool = True,
) -> dict[str, Any]:
    return {
        "t": "create",
        "seats": list(seats),
        "rounds": rounds,
        "rules": None if rules is None else rules.to_dict(),
        "turn_seconds": turn_seconds,
        "pace": pace,
        "public": public,
    }


def quick() -> dict[str, Any]:
    return {"t": "quick"}


def ask_leaderboard(limit: int = LEADERBOARD_LIMIT) -> dict[str, Any]:
    return {"t": "leaderboard", "limit": limit}


def ask_games(name: str) -> dict[str, Any]:
    return {"t": "games", "name": name}


def _load(text: str | bytes) -> dict[str, Any]:
    if isinstance(text, bytes):
        raise ProtocolError("binary", "messages are JSON text frames")
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "a message must be one JSON object") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ProtocolError("bad_message", 'a message is a JSON object with a "t"')
    return data


def _real(value: Any, what: str, low: float = -1e9, high: float = 1e9) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise wire.WireError(f"{what} must be a number")
    number = float(value)
    if not low <= number <= high:  # NaN is not within anything
        raise wire.WireError(f"{what} must be {low:g}-{high:g}")
    return number


def _read_hello(data: dict[str, Any]) -> Hello:
    if data.get("protocol") != PROTOCOL:
        raise ProtocolError("protocol", f"this lobby speaks protocol {PROTOCOL}")
    key = data.get("key")
    if key is not None and (not isinstance(key, str) or not 1 <= len(key) <= MAX_KEY):
        raise ProtocolError("bad_key", "a key is a string the server gave")
    return Hello(check_name(data.get("name")), key)


def _read_seats(value: Any) -> tuple[str, ...]:
    seats = wire.items(value, "seats", 4)
    if len(seats) != 4 or not all(isinstance(s, str) for s in seats):
        raise wire.WireError("seats: four entries, each human or a bot level")
    unknown = [s for s in seats if s != HUMAN and s not in BOT_LEVELS]
    if unknown:
        raise wire.WireError(f"seats: {unknown[0]!r} is neither human nor a bot level")
    if HUMAN not in seats:
        raise wire.WireError("seats: a room has at least one person's seat")
    return tuple(seats)


def _read_rules(value: Any) -> RuleConfig | None:
    if value is None:
        return None
    if not isinstance(value, dict) or len(value) > 64:
        raise wire.WireError("rules must be an object of rule settings")
    try:
        config = RuleConfig.from_dict(value)
    except (TypeError, ValueError) as bad:
        raise wire.WireError(f"rules: {bad}") from None
    if config.rounds > MAX_ROUNDS:
        raise wire.WireError(f"rules: rounds is 1-{MAX_ROUNDS}")
    return config


def _read_create(data: dict[str, Any]) -> Create:
    turn = data.get("turn_seconds")
    pace = data.get("pace", "normal")
    if not isinstance(pace, str) or pace not in PACES:
        raise wire.WireError(f"pace is one of {', '.join(PACES)}")
    return Create(
        _read_seats(wire.field(data, "seats")),
        wire.number(data.get("rounds", 1), "rounds", 1, MAX_ROUNDS),
        _read_rules(data.get("rules")),
        None if turn is None else _real(turn, "turn_seconds", *TURN_SECONDS),
        pace,
        wire.flag(data.get("public", True), "public"),
    )


def _read_games_request(data: dict[str, Any]) -> AskGames:
    return AskGames(check_name(wire.field(data, "name")))


_CLIENT_READERS: dict[str, Callable[[dict[str, Any]], ClientMessage]] = {
    "hello": _read_hello,
    "rooms": lambda data: AskRooms(),
    "create": _read_create,
    "quick": lambda data: Quick(),
    "leaderboard": lambda data: AskLeaderboard(
        wire.number(data.get("limit", LEADERBOARD_LIMIT), "limit", 1, MAX_LEADERBOARD)
    ),
    "games": _read_games_request,
}


T = TypeVar("T")


def _parse(text: str | bytes, readers: dict[str, Callable[[dict[str, Any]], T]]) -> T:
    """A message read by the reader of its type; raises ProtocolError."""
    data = _load(text)
    reader = readers.get(data["t"])
    if reader is None:
        raise ProtocolError("unknown_type", f"unknown message type {data['t']!r}")
    try:
        return reader(data)
    except wire.WireError as bad:
        raise ProtocolError("bad_field", f"{data['t']}: {bad}") from None


def parse_client(text: str | bytes) -> ClientMessage:
    """A lobby client's message, checked; raises ProtocolError."""
    return _parse(text, _CLIENT_READERS)


# ---------------------------------------------------------------- server → client
@dataclass(frozen=True)
class Welcome:
    name: str
    key: str
    rating: Rating
    server: str
    protocol: int = PROTOCOL


@dataclass(frozen=True)
class Rooms:
    rooms: tuple[RoomEntry, ...]


@dataclass(frozen=True)
class Created:
    code: str
    url: str


@dataclass(frozen=True)
class Leaderboard:
    players: tuple[Standing, ...]


@dataclass(frozen=True)
class Games:
    games: tuple[GameEntry, ...]


@dataclass(frozen=True)
class Refused:
    code: str
    text: str


@dataclass(frozen=True)
class Error:
    code: str
    text: str


ServerMessage = Welcome | Rooms | Created | Leaderboard | Games | Refused | Error


def welcome(name: str, key: str, rating: Rating, server: str) -> dict[str, Any]:
    return {
        "t": "welcome",
        "protocol": PROTOCOL,
        "name": name,
        "key": key,
        "rating": rating.to_dict(),
        "server": server,
    }


def rooms(entries: list[RoomEntry] | tuple[RoomEntry, ...]) -> dict[str, Any]:
    return {"t": "rooms", "rooms": [e.to_dict() for e in entries[:MAX_ROOMS_LISTED]]}


def created(code: str, url: str) -> dict[str, Any]:
    return {"t": "created", "code": code, "url": url}


def leaderboard(players: list[Standing] | tuple[Standing, ...]) -> dict[str, Any]:
    return {"t": "leaderboard", "players": [p.to_dict() for p in players[:MAX_LEADERBOARD]]}


def games(entries: list[GameEntry] | tuple[GameEntry, ...]) -> dict[str, Any]:
    return {"t": "games", "games": [g.to_dict() for g in entries[:MAX_GAMES]]}


def refused(code: str, text: str) -> dict[str, Any]:
    return {"t": "refused", "code": code, "text": text}


def error(code: str, text: str) -> dict[str, Any]:
    return {"t": "error", "code": code, "text": text}


def dumps(message: dict[str, Any]) -> str:
    """One frame's text (compact; names as they are)."""
    return wire.dumps(message)


def _read_code(value: Any, what: str = "code") -> str:
    code = wire.text(value, what)
    if not is_room_code(code):
        raise wire.WireError(f"{what} {code!r} is not a room code")
    return code


def _read_url(value: Any) -> str:
    url = wire.text(value, "url")
    if not url.startswith(("ws://", "wss://")):
        raise wire.WireError("url must be a ws:// or wss:// address")
    return url


def _seconds_or_none(value: Any) -> float | None:
    return None if value is None else _real(value, "turn_seconds", 0, 86400)


def read_room_entry(data: Any) -> RoomEntry:
    seats = tuple(
        SeatStatus.from_dict(s) for s in wire.items(wire.field(data, "seats"), "seats", 4)
    )
    if len(seats) != 4:
        raise wire.WireError("a room has four seats")
    pace = data.get("pace", "normal")
    return RoomEntry(
        _read_code(wire.field(data, "code")),
        _read_url(wire.field(data, "url")),
        seats,
        wire.number(wire.field(data, "rounds"), "rounds", 1, MAX_ROUNDS),
        _read_rules(wire.field(data, "rules")) or RuleConfig(),
        _seconds_or_none(data.get("turn_seconds")),
        wire.flag(wire.field(data, "started"), "started"),
        wire.number(data.get("watchers", 0), "watchers"),
        pace if isinstance(pace, str) and pace in PACES else "normal",
    )


def read_standing(data: Any) -> Standing:
    return Standing(
        check_name_or_bot(wire.field(data, "name")),
        Rating.from_dict(wire.field(data, "rating")),
        wire.number(data.get("games", 0), "games"),
        wire.number(data.get("hands", 0), "hands"),
        wire.number(data.get("wins", 0), "wins"),
        wire.number(data.get("points", 0), "points", -SCORE_LIMIT, SCORE_LIMIT),
    )


def check_name_or_bot(value: Any) -> str:
    """A rated name: a player's (``check_name``) or a bot level's (``bot:hard``)."""
    if isinstance(value, str) and value.startswith(BOT_PREFIX) and value[4:] in BOT_LEVELS:
        return value
    try:
        return check_name(value)
    except ProtocolError as bad:
        raise wire.WireError(str(bad)) from None


def _read_game_seat(data: Any) -> GameSeat:
    kind = wire.text(wire.field(data, "kind"), "kind")
    if kind not in (HUMAN, BOT):
        raise wire.WireError(f"unknown seat kind {kind!r}")
    return GameSeat(
        wire.text(wire.field(data, "name"), "name"), kind, wire.text(data.get("level", ""), "level")
    )


def read_game_entry(data: Any) -> GameEntry:
    room = _read_code(wire.field(data, "room"), "room")
    seats = tuple(_read_game_seat(s) for s in wire.items(wire.field(data, "seats"), "seats", 4))
    scores = wire.items(wire.field(data, "scores"), "scores", 4)
    replays = [wire.text(r, "replay") for r in wire.items(wire.field(data, "replays"), "replays")]
    if len(seats) != 4 or len(scores) != 4:
        raise wire.WireError("a game has four seats and four scores")
    if any(parse_replay_code(r) is None or not r.startswith(room) for r in replays):
        raise wire.WireError("replays must be this room's replay codes")
    return GameEntry(
        room,
        wire.text(wire.field(data, "ended"), "ended"),
        seats,
        tuple(wire.number(s, "scores", -SCORE_LIMIT, SCORE_LIMIT) for s in scores),
        tuple(replays),
    )


def _read_welcome(data: dict[str, Any]) -> Welcome:
    if data.get("protocol") != PROTOCOL:
        raise ProtocolError("protocol", f"this client speaks lobby protocol {PROTOCOL}")
    try:
        name = check_name(data.get("name"))
    except ProtocolError as bad:
        raise wire.WireError(str(bad)) from None
    key = wire.text(wire.field(data, "key"), "key")
    if not 1 <= len(key) <= MAX_KEY:
        raise wire.WireError("key is malformed")
    return Welcome(
        name,
        key,
        Rating.from_dict(wire.field(data, "rating")),
        wire.text(data.get("server", ""), "server"),
    )


def _read_rooms(data: dict[str, Any]) -> Rooms:
    found = wire.items(wire.field(data, "rooms"), "rooms", MAX_ROOMS_LISTED)
    return Rooms(tuple(read_room_entry(r) for r in found))


def _read_created(data: dict[str, Any]) -> Created:
    return Created(_read_code(wire.field(data, "code")), _read_url(wire.field(data, "url")))


def _read_leaderboard(data: dict[str, Any]) -> Leaderboard:
    found = wire.items(wire.field(data, "players"), "players", MAX_LEADERBOARD)
    return Leaderboard(tuple(read_standing(p) for p in found))


def _read_games(data: dict[str, Any]) -> Games:
    found = wire.items(wire.field(data, "games"), "games", MAX_GAMES)
    return Games(tuple(read_game_entry(g) for g in found))


def _read_refused(data: dict[str, Any]) -> Refused:
    return Refused(
        wire.text(wire.field(data, "code"), "code"), wire.text(data.get("text", ""), "text")
    )


def _read_error(data: dict[str, Any]) -> Error:
    return Error(
        wire.text(wire.field(data, "code"), "code"), wire.text(data.get("text", ""), "text")
    )


_SERVER_READERS: dict[str, Callable[[dict[str, Any]], ServerMessage]] = {
    "welcome": _read_welcome,
    "rooms": _read_rooms,
    "created": _read_created,
    "leaderboard": _read_leaderboard,
    "games": _read_games,
    "refused": _read_refused,
    "error": _read_error,
}


def parse_server(text: str | bytes) -> ServerMessage:
    """A lobby's message, checked; raises ProtocolError."""
    return _parse(text, _SERVER_READERS)
