"""The seat protocol of an online room (interfaces.md §6): every message, both ways, as data.

One JSON object per WebSocket text frame, UTF-8, at most ``MAX_MESSAGE`` bytes, each with a
``"t"``. The server builds its messages with the functions below and reads a client's with
``parse_client``; a client reads the server's with ``parse_server``. Both parsers trust nothing:
anything malformed raises ``ProtocolError`` with a code and a sentence, and nothing else
happens.

Beyond §6 (added fields, nothing renamed): a ``state`` also carries ``scores`` (the session's
totals before this hand), ``hand`` (its number), ``round`` and ``rounds`` (0: no limit), so a
client can draw the whole table from its messages; a ``result`` also carries ``win_tile`` and
``payments`` (one object per paying seat: the engine's formula as data) so the result screen can
show the formula. A ``welcome`` also carries ``host_seat`` (the seat the host's own table plays,
or null) and ``started`` (false while the room waits for players); that seat may send
``{"t": "start"}`` to deal at once, bots taking the seats still free.

Added in the second pass (§6.1): ``seq`` counts the states sent to each connection; ``ready``
(this seat has seen the hand's result) and ``auto`` (托管 on or off) from a client; a seat's
``auto`` (a bot plays a person's seat: 托管, or a drop past the grace); ``notice`` to every
client when something all should know happens (the record cannot be written, or can again).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..records.checks import default_name
from ..rules.config import RuleConfig
from ..rules.game import Event, HandResult, Observation
from ..rules.melds import Meld
from ..rules.refusal import Refusal
from ..rules.scoring import PATTERN_TABLE, Payment
from . import wire

PROTOCOL = 1
MAX_MESSAGE = 64 * 1024  # bytes in one frame, either way
MAX_NAME = 24  # characters of a player's name (as records.record.MAX_NAME_CHARS)
DEFAULT_PORT = 7340
TOKEN_BYTES = 24  # 192 bits (secrets.token_urlsafe)
MAX_TOKEN = 100  # characters a client may send as its token
HUMAN, BOT = "human", "bot"


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``code`` for programs, the text for people."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


# ---------------------------------------------------------------- client → server
@dataclass(frozen=True)
class Hello:
    name: str
    token: str | None
    watch: bool
    protocol: int = PROTOCOL


@dataclass(frozen=True)
class Act:
    """An action for the state ``seq``; ``action`` is the record's ``act`` object without its
    seat, decoded by the server for the seat the connection holds (``net.wire.action_from``)."""

    seq: int
    action: dict[str, Any]


@dataclass(frozen=True)
class Start:
    """The host's own seat asks the room to deal now: bots take the seats still free."""


@dataclass(frozen=True)
class Ready:
    """This seat has seen the hand's result: the next may be dealt (§6.1)."""


@dataclass(frozen=True)
class Auto:
    """托管: a bot plays this seat (``on``) or hands it back (§6.1)."""

    on: bool


ClientMessage = Hello | Act | Start | Ready | Auto


def hello(name: str, token: str | None = None, watch: bool = False) -> dict[str, Any]:
    return {"t": "hello", "protocol": PROTOCOL, "name": name, "token": token, "watch": watch}


def act(seq: int, action: dict[str, Any]) -> dict[str, Any]:
    return {"t": "act", "seq": seq, **action}


def start() -> dict[str, Any]:
    return {"t": "start"}


def ready() -> dict[str, Any]:
    return {"t": "ready"}


def auto(on: bool) -> dict[str, Any]:
    return {"t": "auto", "on": on}


def _load(text: str | bytes) -> dict[str, Any]:
    if isinstance(text, bytes):
        raise ProtocolError("binary", "messages are JSON text frames")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "a message must be one JSON object") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ProtocolError("bad_message", 'a message is a JSON object with a "t"')
    return data


def parse_client(text: str | bytes) -> ClientMessage:
    """A client's message, checked; raises ProtocolError."""
    data = _load(text)
    kind = data["t"]
    try:
        if kind == "hello":
            if data.get("protocol") != PROTOCOL:
                raise ProtocolError("protocol", f"this room speaks protocol {PROTOCOL}")
            name = wire.text(data.get("name", ""), "name").strip()
            if len(name) > MAX_NAME or not all(c.isprintable() for c in name):
                raise ProtocolError("bad_name", f"a name is 1-{MAX_NAME} printable characters")
            token = data.get("token")
            if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN):
                raise ProtocolError("bad_token", "a token is a string")
            return Hello(name, token, wire.flag(data.get("watch", False), "watch"))
        if kind == "act":
            seq = wire.number(data.get("seq"), "seq")
            action = {k: v for k, v in data.items() if k not in ("t", "seq")}
            return Act(seq, action)
        if kind == "start":
            return Start()
        if kind == "ready":
            return Ready()
        if kind == "auto":
            return Auto(wire.flag(wire.field(data, "on"), "on"))
    except wire.WireError as bad:
        raise ProtocolError("bad_field", str(bad)) from None
    raise ProtocolError("unknown_type", f"unknown message type {kind!r}")


# ---------------------------------------------------------------- server → client
@dataclass(frozen=True)
class SeatStatus:
    """A seat as everyone may know it."""

    name: str
    kind: str  # HUMAN | BOT
    level: str = ""  # a bot's level: a bot's seat, or a person's a bot plays for (``auto``)
    connected: bool = False
    auto: bool = False  # a bot plays this person's seat: 托管, or a drop past the grace

    def recorded(self, seat: int) -> tuple[str, str, str]:
        """The seat's ``(name, kind, level)`` as the room's record writes it (a bot by its
        level, a person who gave no name as ``default_name``), for ``people_names``."""
        if self.kind == BOT:
            return self.name or self.level, BOT, self.level
        return self.name or default_name(seat), HUMAN, ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "connected": self.connected,
            "auto": self.auto,
        }

    @classmethod
    def from_dict(cls, data: Any) -> SeatStatus:
        kind = wire.text(wire.field(data, "kind"), "kind")
        if kind not in (HUMAN, BOT):
            raise wire.WireError(f"unknown seat kind {kind!r}")
        return cls(
            wire.text(wire.field(data, "name"), "name"),
            kind,
            wire.text(data.get("level", ""), "level"),
            wire.flag(data.get("connected", False), "connected"),
            wire.flag(data.get("auto", False), "auto"),
        )


def recorded_seats(seats: Sequence[SeatStatus]) -> list[tuple[str, str, str]]:
    """A room's seats as its record writes them: what ``people_names`` names its players by,
    so a table, a lobby and the replay of the room's record number its bots alike."""
    return [status.recorded(seat) for seat, status in enumerate(seats)]


@dataclass(frozen=True)
class Welcome:
    room: str
    seat: int | None  # None: a watcher
    token: str | None
    rules: RuleConfig
    seats: tuple[SeatStatus, ...]
    host_seat: int | None = None  # the seat the host's own table plays (it may ``start``)
    started: bool = True  # False: the room waits for players before the first deal


@dataclass(frozen=True)
class State:
    seq: int
    obs: Observation  # its history: only this message's events (the client keeps the rest)
    events: tuple[Event, ...]
    deadline: float | None
    scores: tuple[int, ...]
    hand: int
    round: int
    rounds: int


@dataclass(frozen=True)
class Refused:
    seq: int
    refusal: Refusal


@dataclass(frozen=True)
class Result:
    """A hand's result: ``line`` as ``replay --check --json`` prints it (and the record holds
    it), every seat's concealed tiles and melds, the tile won and the payments."""

    hand: int
    line: dict[str, Any]
    hands: tuple[tuple[tuple[int, ...], tuple[Meld, ...]], ...]
    win_tile: int | None
    payments: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Seats:
    seats: tuple[SeatStatus, ...]
    timed_out: int | None = None  # the seat whose decision the room just played for it


@dataclass(frozen=True)
class Over:
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Error:
    code: str
    text: str


@dataclass(frozen=True)
class Notice:
    """Something every table should know (§6.1): ``code`` for programs, ``text`` for people."""

    code: str
    text: str


NOT_SAVED, SAVED_AGAIN = "not_saved", "saved_again"  # the record's notices

ServerMessage = Welcome | State | Refused | Result | Seats | Over | Error | Notice


def welcome(
    room: str,
    seat: int | None,
    token: str | None,
    rules: RuleConfig,
    seats: list[SeatStatus] | tuple[SeatStatus, ...],
    host_seat: int | None = None,
    started: bool = True,
) -> dict[str, Any]:
    return {
        "t": "welcome",
        "protocol": PROTOCOL,
        "room": room,
        "seat": seat,
        "token": token,
        "rules": rules.to_dict(),
        "seats": [s.to_dict() for s in seats],
        "host_seat": host_seat,
        "started": started,
    }


def state_text(
    seq: int,
    obs_json: str,
    events: list[Event] | tuple[Event, ...],
    deadline: float | None,
    *,
    scores: list[int] | tuple[int, ...],
    hand: int,
    round: int,
    rounds: int,
) -> str:
    """A ``state``'s text: ``obs_json`` the seat's Observation as ``wire.observation_json``
    writes it (as the seat may know it; a watcher: ``rules.game.watcher_view``), ``events``
    those since its last state, as it may know them (``rules.game.seen_by``). The same text as
    ``dumps`` of ``{"t": "state", "seq": …, "obs": wire.observation_to(obs), "events":
    [wire.event_to(e), …], "deadline": …, "scores": …, "hand": …, "round": …, "rounds": …}``,
    made without the dict."""
    return "".join(
        [
            '{"t":"state","seq":',
            str(seq),
            ',"obs":',
            obs_json,
            ',"events":[',
            ",".join(map(wire.event_json, events)),
            '],"deadline":',
            "null" if deadline is None else wire.dumps(deadline),
            ',"scores":[',
            ",".join(map(str, scores)),
            '],"hand":',
            str(hand),
            ',"round":',
            str(round),
            ',"rounds":',
            str(rounds),
            "}",
        ]
    )


def refused(seq: int, refusal: Refusal) -> dict[str, Any]:
    return {"t": "refused", "seq": seq, **wire.refusal_to(refusal)}


def result(
    line: dict[str, Any],
    hands: list[tuple[list[int], list[Meld]]],
    win_tile: int | None,
    payments: list[dict[str, Any]],
) -> dict[str, Any]:
    """``line``: ``records.record.result_dict`` (it starts with ``"hand"``)."""
    return {
        "t": "result",
        **line,
        "hands": [
            {"tiles": wire.tiles_to(tiles), "melds": [wire.meld_to(m) for m in melds]}
            for tiles, melds in hands
        ],
        "win_tile": None if win_tile is None else wire.tile_str(win_tile),
        "payments": payments,
    }


def payments(outcome: HandResult) -> list[dict[str, Any]]:
    """A won hand's payments for ``result``: per paying seat, ``{"seat": 2, "payer_is_dealer":
    false, "jin": 2, "gang": 1, "zhuang": 0, "formula": "pinghu", "amount": 30}`` (the engine's
    ``Payment``, its formula as data); none for a drawn hand."""
    score = outcome.score
    if outcome.winner is None or score is None or score.pay_other is None:
        return []
    out = []
    for seat in range(4):
        if seat == outcome.winner:
            continue
        pay = score.pay_dealer if seat == outcome.dealer and score.pay_dealer else score.pay_other
        out.append(
            {
                "seat": seat,
                "payer_is_dealer": pay.payer_is_dealer,
                "jin": pay.jin,
                "gang": pay.gang,
                "zhuang": pay.zhuang,
                "formula": pay.formula,
                "amount": pay.amount,
            }
        )
    return out


def payment_from(data: dict[str, Any]) -> Payment:
    """One entry of a result's ``payments`` (raises ``ProtocolError``)."""
    try:
        formula = wire.text(wire.field(data, "formula"), "formula")
        if formula not in PATTERN_TABLE:
            raise wire.WireError(f"unknown formula {formula!r}")
        return Payment(
            wire.flag(wire.field(data, "payer_is_dealer"), "payer_is_dealer"),
            wire.number(wire.field(data, "jin"), "jin"),
            wire.number(wire.field(data, "gang"), "gang"),
            wire.number(wire.field(data, "zhuang"), "zhuang"),
            formula,
            wire.number(wire.field(data, "amount"), "amount"),
        )
    except wire.WireError as bad:
        raise ProtocolError("bad_field", f"payments: {bad}") from None


def seats(statuses: list[SeatStatus] | tuple[SeatStatus, ...]) -> dict[str, Any]:
    return {"t": "seats", "seats": [s.to_dict() for s in statuses]}


def over(scores: list[int] | tuple[int, ...]) -> dict[str, Any]:
    return {"t": "over", "scores": list(scores)}


def error(code: str, text: str) -> dict[str, Any]:
    return {"t": "error", "code": code, "text": text}


def notice(code: str, text: str) -> dict[str, Any]:
    return {"t": "notice", "code": code, "text": text}


def dumps(message: dict[str, Any]) -> str:
    """One frame's text (compact; names and tiles as they are)."""
    return wire.dumps(message)


# ---------------------------------------------------------------- the client's reading
def parse_server(text: str | bytes, rules: RuleConfig | None = None) -> ServerMessage:
    """A server's message, checked; ``rules``: the room's (from its welcome) for states.
    Raises ProtocolError."""
    data = _load(text)
    kind = data["t"]
    try:
        reader = _READERS.get(kind)
        if reader is None:
            raise ProtocolError("unknown_type", f"unknown message type {kind!r}")
        return reader(data, rules)
    except wire.WireError as bad:
        raise ProtocolError("bad_field", f"{kind}: {bad}") from None


def _statuses(value: Any) -> tuple[SeatStatus, ...]:
    return tuple(SeatStatus.from_dict(s) for s in wire.items(value, "seats", 4))


def _scores(value: Any) -> tuple[int, ...]:
    return tuple(wire.number(n, "scores", -(10**9)) for n in wire.items(value, "scores", 4))


def _read_welcome(data: dict[str, Any], _: RuleConfig | None) -> Welcome:
    seat = data.get("seat")
    token = data.get("token")
    rules = wire.field(data, "rules")
    if not isinstance(rules, dict):
        raise wire.WireError("rules must be an object")
    try:
        config = RuleConfig.from_dict(rules)
    except (TypeError, ValueError) as bad:
        raise wire.WireError(f"rules: {bad}") from None
    return Welcome(
        wire.text(wire.field(data, "room"), "room"),
        None if seat is None else wire.seat(seat, "seat"),
        None if token is None else wire.text(token, "token"),
        config,
        _statuses(wire.field(data, "seats")),
        None if data.get("host_seat") is None else wire.seat(data["host_seat"], "host_seat"),
        wire.flag(data.get("started", True), "started"),
    )


def _read_state(data: dict[str, Any], rules: RuleConfig | None) -> State:
    events = tuple(wire.event_from(e) for e in wire.items(wire.field(data, "events"), "events"))
    deadline = data.get("deadline")
    if deadline is not None and (
        not isinstance(deadline, int | float) or isinstance(deadline, bool) or deadline < 0
    ):
        raise wire.WireError("deadline must be a number of seconds")
    return State(
        wire.number(wire.field(data, "seq"), "seq"),
        wire.observation_from(wire.field(data, "obs"), rules, events),
        events,
        None if deadline is None else float(deadline),
        _scores(data.get("scores", [0, 0, 0, 0])),
        wire.number(data.get("hand", 1), "hand", 1),
        wire.number(data.get("round", 1), "round", 1),
        wire.number(data.get("rounds", 0), "rounds"),
    )


def _read_refused(data: dict[str, Any], _: RuleConfig | None) -> Refused:
    return Refused(wire.number(data.get("seq", 0), "seq"), wire.refusal_from(data))


def _read_result(data: dict[str, Any], _: RuleConfig | None) -> Result:
    hands = tuple(
        (
            wire.tiles_from(wire.field(h, "tiles"), "hand"),
            tuple(wire.meld_from(m) for m in wire.items(wire.field(h, "melds"), "melds")),
        )
        for h in wire.items(wire.field(data, "hands"), "hands", 4)
    )
    line = {k: v for k, v in data.items() if k not in ("t", "hands", "win_tile", "payments")}
    win_tile = data.get("win_tile")
    payments = wire.items(data.get("payments", []), "payments", 4)
    if not all(isinstance(p, dict) for p in payments):
        raise wire.WireError("payments must be objects")
    for p in payments:
        wire.seat(wire.field(p, "seat"), "payment seat")
        payment_from(p)  # checked here, so a reader may trust them
    return Result(
        wire.number(wire.field(data, "hand"), "hand", 1),
        line,
        hands,
        None if win_tile is None else wire.tile_from(win_tile, "win_tile"),
        tuple(payments),
    )


def _read_seats(data: dict[str, Any], _: RuleConfig | None) -> Seats:
    late = data.get("timed_out")
    return Seats(
        _statuses(wire.field(data, "seats")), None if late is None else wire.seat(late, "timed_out")
    )


def _read_over(data: dict[str, Any], _: RuleConfig | None) -> Over:
    return Over(_scores(wire.field(data, "scores")))


def _read_error(data: dict[str, Any], _: RuleConfig | None) -> Error:
    return Error(
        wire.text(wire.field(data, "code"), "code"), wire.text(data.get("text", ""), "text")
    )


def _read_notice(data: dict[str, Any], _: RuleConfig | None) -> Notice:
    return Notice(
        wire.text(wire.field(data, "code"), "code"), wire.text(data.get("text", ""), "text")
    )


_READERS: dict[str, Callable[[dict[str, Any], RuleConfig | None], ServerMessage]] = {
    "welcome": _read_welcome,
    "state": _read_state,
    "refused": _read_refused,
    "result": _read_result,
    "seats": _read_seats,
    "over": _read_over,
    "error": _read_error,
    "notice": _read_notice,
}
