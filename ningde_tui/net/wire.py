"""The engine's values as JSON objects and back (interfaces.md §6): what a room sends a seat.

Tiles are written as in records (``"5m"``, ``"w"``); an action is a record's ``act`` object
without its seat (the connection knows the seat). Only what the value itself holds is written:
an ``Observation`` is one seat's view already (another seat's 暗杠 face down, ``"tiles": null``;
another seat's draw without its tile, ``seen_by``), so encoding it cannot tell more.

Decoding never trusts its input: anything malformed raises ``WireError`` (a ``ValueError``)
saying which field is wrong.

A room encodes a view for every seat after every decision and every client decodes each one, so
both directions take the common case through tables (a tile's name, an enum's value) and fall
back to the general parser only for input the tables do not hold, which then gives the same
result or the same error. The room writes its views straight as JSON text (``observation_json``,
``event_json``: the same text ``dumps`` makes of ``observation_to`` and ``event_to``), from
pieces kept while they recur: a tile list, a meld, an action by value; the table the four seats
share (melds, ponds) and an event by identity, as the engine hands the same objects to every
seat that sees them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from enum import StrEnum
from functools import lru_cache
from typing import Any, TypeVar, cast

from ..rules.config import RuleConfig
from ..rules.game import CALLS, Action, ActionType, Event, EventKind, Observation, Phase
from ..rules.melds import FACE_DOWN_KONG, Meld, MeldKind
from ..rules.refusal import Refusal, RefusalCode
from ..rules.tiles import NUM_KINDS, parse_tile, tile_str

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)
MAX_ITEMS = 200  # no list in a seat's view is longer (a pond holds at most ~30 tiles)
_INFO_KEYS = {
    "dice", "whites_set_aside", "streak", "ends", "from", "by", "pattern", "why", "drawable",
    "last_round", "refusal",
}  # fmt: skip
_NAMES: tuple[str, ...] = tuple(tile_str(t) for t in range(NUM_KINDS))  # tile -> "5m"
_TILES: dict[str, int] = {name: t for t, name in enumerate(_NAMES)}  # "5m" -> tile
_MEMBERS: dict[type[StrEnum], dict[str, StrEnum]] = {}  # an enum's members by value
# melds and actions are immutable values from checked parts: one object for each value read
_meld = lru_cache(maxsize=4096)(Meld)
_action = lru_cache(maxsize=4096)(Action)
# the JSON of the protocol: compact, names and tiles as they are; the values are plain trees
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
_QUOTED: tuple[str, ...] = tuple(f'"{name}"' for name in _NAMES)  # tile -> '"5m"'
_KEPT = 4096  # pieces of JSON text (or values read) a cache keeps before it starts again
_MISSING = object()
_MELDS_READ: dict[tuple[Any, ...], Meld] = {}  # meld_from's, by what the object held


class WireError(ValueError):
    """A JSON value that is not what the protocol says."""


# ---------------------------------------------------------------- small values
def _need(value: Any, kind: type[T], what: str) -> T:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise WireError(f"{what} must be {kind.__name__}, not {type(value).__name__}")
    return value


def _int(value: Any, what: str, low: int = 0, high: int = 10**9) -> int:
    if type(value) is int and low <= value <= high:
        return value
    number = _need(value, int, what)
    if not low <= number <= high:
        raise WireError(f"{what} must be {low}-{high}, not {number}")
    return number


def _seat(value: Any, what: str) -> int:
    return _int(value, what, 0, 3)


def _opt(value: Any, read: Callable[[Any, str], T], what: str) -> T | None:
    return None if value is None else read(value, what)


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if type(value) is list and len(value) <= MAX_ITEMS and (length is None or len(value) == length):
        return value
    items = _need(value, list, what)
    if len(items) > MAX_ITEMS or (length is not None and len(items) != length):
        raise WireError(f"{what} has {len(items)} items")
    return items


def tile_from(value: Any, what: str = "tile") -> int:
    if type(value) is str:
        tile = _TILES.get(value)
        if tile is not None:
            return tile
    try:
        return parse_tile(_need(value, str, what))
    except ValueError as bad:
        raise WireError(f"{what}: {bad}") from None


def tiles_to(tiles: tuple[int, ...] | list[int]) -> list[str]:
    names = _NAMES
    return [names[t] for t in tiles]


def tiles_from(value: Any, what: str, length: int | None = None) -> tuple[int, ...]:
    found = _list(value, what, length)
    try:
        table = _TILES
        return tuple([table[t] for t in found])
    except (KeyError, TypeError):  # not all plain names: each read (and refused) on its own
        return tuple(tile_from(t, what) for t in found)


def _seats(value: Any, what: str) -> tuple[int, ...]:
    return tuple(_seat(s, what) for s in _list(value, what))


def member(kind: type[E], value: Any, what: str) -> E:
    """The member of the StrEnum ``kind`` whose value ``value`` is, or a WireError."""
    table = _MEMBERS.get(kind)
    if table is None:
        table = _MEMBERS[kind] = {m.value: m for m in kind}
    found = table.get(value) if isinstance(value, str) else None
    if found is None:
        raise WireError(f"unknown {what} {value!r}")
    return cast(E, found)


def field(data: Any, key: str) -> Any:
    """``data[key]`` of a JSON object, or a WireError."""
    if key not in _need(data, dict, "object"):
        raise WireError(f"missing {key!r}")
    return data[key]


def items(value: Any, what: str, most: int = MAX_ITEMS) -> list[Any]:
    """A JSON list of at most ``most`` items."""
    found = _need(value, list, what)
    if len(found) > most:
        raise WireError(f"{what} has {len(found)} items")
    return found


def number(value: Any, what: str, low: int = 0, high: int = 10**9) -> int:
    return _int(value, what, low, high)


def seat(value: Any, what: str) -> int:
    return _seat(value, what)


def flag(value: Any, what: str) -> bool:
    return _need(value, bool, what)


def text(value: Any, what: str) -> str:
    found = _need(value, str, what)
    if len(found) > 200:
        raise WireError(f"{what} is too long")
    return found


# ---------------------------------------------------------------- melds, refusals
def meld_to(meld: Meld) -> dict[str, Any]:
    if meld.face_down:
        return {"kind": MeldKind.ANKONG.value, "tiles": None}
    out: dict[str, Any] = {"kind": str(meld.kind), "tiles": tiles_to(meld.tiles)}
    if meld.claimed is not None:
        out["claimed"] = _NAMES[meld.claimed]
        out["from"] = meld.source
    if meld.added:
        out["added"] = True
    return out


def meld_from(data: Any) -> Meld:
    """A meld object read; one read before is not read again (a client reads every seat's
    melds in every state)."""
    if type(data) is dict:
        tiles, source = data.get("tiles", _MISSING), data.get("from")
        # only values no other value equals (True == 1, 1.0 == 1, a tuple == a list's tuple)
        plain = tiles is None or type(tiles) is list
        if plain and (source is None or type(source) is int):
            try:
                key: tuple[Any, ...] = (
                    data.get("kind"),
                    None if tiles is None else tuple(tiles),
                    data.get("claimed"),
                    source,
                    data.get("added") is True,
                )
                known = _MELDS_READ.get(key)
            except TypeError:  # something unhashable in it: read on its own (and refused)
                return _meld_from(data)
            return _keep(_MELDS_READ, key, _meld_from(data)) if known is None else known
    return _meld_from(data)


def _meld_from(data: Any) -> Meld:
    kind = member(MeldKind, field(data, "kind"), "meld")
    found = field(data, "tiles")
    if found is None:
        if kind != MeldKind.ANKONG:
            raise WireError("only a 暗杠 is face down")
        return FACE_DOWN_KONG
    tiles = tuple(sorted(tiles_from(found, "meld tiles")))
    if len(tiles) != (3 if kind in (MeldKind.CHI, MeldKind.PONG) else 4):
        raise WireError(f"a {kind} of {len(tiles)} tiles")
    claimed = _opt(data.get("claimed"), tile_from, "claimed")
    source = _opt(data.get("from"), _seat, "from")
    return _meld(kind, tiles, claimed, source, data.get("added") is True)


def refusal_to(refusal: Refusal) -> dict[str, Any]:
    params = dict(refusal.params)
    if isinstance(params.get("tile"), int):
        params["tile"] = tile_str(params["tile"])
    out: dict[str, Any] = {"code": str(refusal.code), "params": params, "text": refusal.text}
    if refusal.cause is not None:
        out["cause"] = refusal_to(refusal.cause)
    return out


def refusal_from(data: Any, depth: int = 0) -> Refusal:
    code = member(RefusalCode, field(data, "code"), "refusal")
    params = dict(_need(data.get("params", {}), dict, "params"))
    for key, value in params.items():
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise WireError(f"refusal parameter {key!r} must be a string or a number")
    if "tile" in params:
        params["tile"] = tile_from(params["tile"])
    cause = data.get("cause")
    if cause is not None and depth > 2:
        raise WireError("a refusal nested too deep")
    return Refusal(
        code,
        _need(data.get("text", ""), str, "text"),
        params,
        None if cause is None else refusal_from(cause, depth + 1),
    )


# ---------------------------------------------------------------- actions
def action_to(action: Action) -> dict[str, Any]:
    """A record's ``act`` object without its seat: ``{"a": "discard", "tile": "3p"}``."""
    out = action.to_record()
    del out["t"], out["seat"]
    out["a"] = str(out["a"])
    return out


def action_from(data: Any, seat: int, claimed: int | None) -> Action:
    """``claimed`` is the discard a 吃/碰/杠 takes (the seat's last_discard)."""
    kind = member(ActionType, field(data, "a"), "action")
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    if kind in (ActionType.DISCARD, ActionType.ANKONG, ActionType.ADDKONG):
        tile = tile_from(field(data, "tile"))
    elif kind in CALLS:
        tile = claimed
    if kind == ActionType.CHI:
        tiles = tuple(sorted(tiles_from(field(data, "tiles"), "chi tiles", 2)))
    return _action(seat, kind, tile, tiles)


# ---------------------------------------------------------------- events
def event_to(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": str(event.kind)}
    if event.seat is not None:
        out["seat"] = event.seat
    if event.tile is not None:
        out["tile"] = _NAMES[event.tile]
    if event.tiles:
        out["tiles"] = tiles_to(event.tiles)
    if event.info:
        info = dict(event.info)
        if "refusal" in info:
            info["refusal"] = refusal_to(info["refusal"])
        if "dice" in info:
            info["dice"] = list(info["dice"])
        out["info"] = info
    if event.private:
        out["private"] = True
    return out


def event_from(data: Any) -> Event:
    kind = member(EventKind, field(data, "kind"), "event")
    info = dict(_need(data.get("info", {}), dict, "info"))
    unknown = info.keys() - _INFO_KEYS
    if unknown:
        raise WireError(f"unknown event fields {sorted(unknown)}")
    for key, value in info.items():
        if key == "refusal":
            info[key] = refusal_from(value)
        elif key == "dice":
            info[key] = tuple(_int(d, "dice", 1, 6) for d in _list(value, "dice", 2))
        elif not isinstance(value, str | int | bool):
            raise WireError(f"event field {key!r} must be a string, number or flag")
    tile = data.get("tile")
    return Event(
        kind,
        _opt(data.get("seat"), _seat, "seat"),
        None if tile is None else tile_from(tile),
        tiles_from(data.get("tiles", []), "event tiles"),
        info,
        data.get("private") is True,
    )


# ---------------------------------------------------------------- as JSON text
def dumps(value: Any) -> str:
    """A JSON value as the protocol's text (compact; names and tiles as they are)."""
    return _ENCODER.encode(value)


def _keep(kept: dict[Any, T], key: Any, value: T) -> T:
    """``value`` kept under ``key`` (a cache that grew too big starts again)."""
    if len(kept) >= _KEPT:
        kept.clear()
    kept[key] = value
    return value


def _by_identity(kept: dict[int, tuple[Any, str]], value: Any, make: Callable[[Any], str]) -> str:
    """``make(value)`` kept for the very object ``value`` (an immutable one: it is held while
    kept, so its ``id`` is no other object's)."""
    hit = kept.get(id(value))
    if hit is not None and hit[0] is value:
        return hit[1]
    text = make(value)
    return _keep(kept, id(value), (value, text))[1]


def _tiles_text(tiles: tuple[int, ...]) -> str:
    quoted = _QUOTED
    return "[" + ",".join([quoted[t] for t in tiles]) + "]"


def _ints_text(values: tuple[int, ...]) -> str:
    return "[" + ",".join(map(str, values)) + "]"


def _flag_text(flag: bool) -> str:
    return "true" if flag else "false"


_TILE_LISTS: dict[tuple[int, ...], str] = {}  # a hand, a pond, the set-aside tiles: by value
_SEATS: tuple[str, ...] = tuple(f'{{"seat":{seat},"phase":"' for seat in range(4))
_HEADS: dict[tuple[Any, ...], str] = {}  # the end of "phase" … "indicator"
_MIDDLES: dict[tuple[Any, ...], str] = {}  # "hand_sizes" … "declined_three_gold"
_TAILS: dict[tuple[Any, ...], str] = {}  # "set_aside" … "wall_tail"
_MELDS: dict[int, tuple[Any, str]] = {}  # by identity: a meld, the table's melds
_PONDS: dict[int, tuple[Any, str]] = {}  # by identity: the table's ponds
_ACTIONS: dict[int, tuple[Any, str]] = {}  # by identity: an action, a seat's legal actions
_EVENTS: dict[int, tuple[Any, str]] = {}  # by identity


def _by_value(kept: dict[Any, str], key: Any, make: Callable[[Any], str]) -> str:
    """``make(key)`` kept for the value ``key``."""
    text = kept.get(key)
    return _keep(kept, key, make(key)) if text is None else text


def _tiles_json(tiles: tuple[int, ...]) -> str:
    return _by_value(_TILE_LISTS, tiles, _tiles_text)


def _meld_json(meld: Meld) -> str:
    return _by_identity(_MELDS, meld, lambda m: dumps(meld_to(m)))


def _action_json(action: Action) -> str:
    return _by_identity(_ACTIONS, action, lambda a: dumps(action_to(a)))


def _table_melds_text(melds: tuple[tuple[Meld, ...], ...]) -> str:
    return "[" + ",".join(["[" + ",".join(map(_meld_json, ms)) + "]" for ms in melds]) + "]"


def _ponds_text(ponds: tuple[tuple[int, ...], ...]) -> str:
    return "[" + ",".join(map(_tiles_json, ponds)) + "]"


def _legal_text(legal: tuple[Action, ...]) -> str:
    return "[" + ",".join(map(_action_json, legal)) + "]"


def _event_text(event: Event) -> str:
    return dumps(event_to(event))


def event_json(event: Event) -> str:
    """``dumps(event_to(event))``, kept for the event (the engine hands every seat that may see
    an event the same object)."""
    return _by_identity(_EVENTS, event, _event_text)


def _head_text(key: tuple[Any, ...]) -> str:
    to_act, turn, dealer, streak, dice, gold, indicator = key
    quoted = _QUOTED
    return (
        f'","to_act":{_ints_text(to_act)},"turn":{turn},'
        f'"dealer":{dealer},"streak":{streak},"dice":{_ints_text(dice)},'
        f'"gold":{quoted[gold]},"indicator":{quoted[indicator]},"hand":'
    )


def _middle_text(key: tuple[Any, ...]) -> str:
    sizes, last, wall_left, drawable, reserve, last_round, declined = key
    discard = "null" if last is None else f"[{last[0]},{_QUOTED[last[1]]}]"
    flags = ",".join(map(_flag_text, declined))
    return (
        f',"hand_sizes":{_ints_text(sizes)},"last_discard":{discard},"wall_left":{wall_left},'
        f'"drawable":{drawable},"reserve":{reserve},"last_round":{_flag_text(last_round)},'
        f'"declined_three_gold":[{flags}],"legal":'
    )


def _tail_text(key: tuple[Any, ...]) -> str:
    set_aside, head, tail = key
    return f',"set_aside":{_tiles_text(set_aside)},"wall_head":{head},"wall_tail":{tail}}}'


def observation_json(obs: Observation) -> str:
    """``dumps(observation_to(obs))``, made from kept pieces: the parts every seat shares (and
    that stay from one decision to the next) are made once."""
    (
        seat, phase, to_act, turn, dealer, streak, dice, gold, indicator, hand, drawn, melds,
        ponds, sizes, last, wall_left, drawable, reserve, last_round, declined, legal, blocked,
        set_aside, wall_head, wall_tail, _, _,
    ) = obs  # fmt: skip
    head = _by_value(_HEADS, (to_act, turn, dealer, streak, dice, gold, indicator), _head_text)
    middle = _by_value(
        _MIDDLES, (sizes, last, wall_left, drawable, reserve, last_round, declined), _middle_text
    )
    tail = _by_value(_TAILS, (set_aside, wall_head, wall_tail), _tail_text)
    return "".join(
        [
            _SEATS[seat],
            phase,  # a StrEnum: its value
            head,
            _tiles_json(hand),
            ',"drawn":',
            "null" if drawn is None else _QUOTED[drawn],
            ',"melds":',
            _by_identity(_MELDS, melds, _table_melds_text),
            ',"ponds":',
            _by_identity(_PONDS, ponds, _ponds_text),
            middle,
            _by_identity(_ACTIONS, legal, _legal_text),
            ',"win_blocked":',
            "null" if blocked is None else dumps(refusal_to(blocked)),
            tail,
        ]
    )


# ---------------------------------------------------------------- observations
_OBSERVATION_KEYS = frozenset(
    "seat phase to_act turn dealer streak dice gold indicator hand drawn melds ponds hand_sizes "
    "last_discard wall_left drawable reserve last_round declined_three_gold legal win_blocked "
    "set_aside wall_head wall_tail".split()
)


def observation_to(obs: Observation) -> dict[str, Any]:
    """The seat's Observation (interfaces.md §6 ``state.obs``); its history travels as the
    state's ``events`` and its rules in ``welcome``, so neither is written here."""
    names = _NAMES
    return {
        "seat": obs.seat,
        "phase": str(obs.phase),
        "to_act": list(obs.to_act),
        "turn": obs.turn,
        "dealer": obs.dealer,
        "streak": obs.streak,
        "dice": list(obs.dice),
        "gold": names[obs.gold],
        "indicator": names[obs.indicator],
        "hand": [names[t] for t in obs.hand],
        "drawn": None if obs.drawn is None else names[obs.drawn],
        "melds": [[meld_to(m) for m in ms] for ms in obs.melds],
        "ponds": [[names[t] for t in p] for p in obs.ponds],
        "hand_sizes": list(obs.hand_sizes),
        "last_discard": (
            None if obs.last_discard is None else [obs.last_discard[0], names[obs.last_discard[1]]]
        ),
        "wall_left": obs.wall_left,
        "drawable": obs.drawable,
        "reserve": obs.reserve,
        "last_round": obs.last_round,
        "declined_three_gold": list(obs.declined_three_gold),
        "legal": [action_to(a) for a in obs.legal],
        "win_blocked": None if obs.win_blocked is None else refusal_to(obs.win_blocked),
        "set_aside": [names[t] for t in obs.set_aside],
        "wall_head": obs.wall_head,
        "wall_tail": obs.wall_tail,
    }


def observation_from(
    data: Any, config: RuleConfig | None = None, history: tuple[Event, ...] = ()
) -> Observation:
    """``config``: the room's rules (from ``welcome``); ``history``: the events so far."""

    _need(data, dict, "object")

    def get(key: str) -> Any:
        if key in data:
            return data[key]
        raise WireError(f"missing {key!r}")

    if _OBSERVATION_KEYS <= data.keys():
        get = data.__getitem__  # every key is there: no need to ask for each

    seat = _seat(get("seat"), "seat")
    phase = member(Phase, get("phase"), "phase")
    last = get("last_discard")
    last_discard = None
    if last is not None:
        pair = _list(last, "last_discard", 2)
        last_discard = (_seat(pair[0], "last_discard"), tile_from(pair[1]))
    claimed = None if last_discard is None else last_discard[1]
    dice = tuple(_int(d, "dice", 1, 6) for d in _list(get("dice"), "dice", 2))
    flags = _list(get("declined_three_gold"), "declined_three_gold", 4)
    return Observation(
        seat,
        phase,
        _seats(get("to_act"), "to_act"),
        _seat(get("turn"), "turn"),
        _seat(get("dealer"), "dealer"),
        _int(get("streak"), "streak", 1),
        (dice[0], dice[1]),
        tile_from(get("gold"), "gold"),
        tile_from(get("indicator"), "indicator"),
        tiles_from(get("hand"), "hand"),
        _opt(get("drawn"), tile_from, "drawn"),
        tuple(
            [
                tuple([meld_from(m) for m in _list(ms, "melds")])
                for ms in _list(get("melds"), "melds", 4)
            ]
        ),
        tuple([tiles_from(p, "pond") for p in _list(get("ponds"), "ponds", 4)]),
        tuple([_int(n, "hand_sizes", 0, 18) for n in _list(get("hand_sizes"), "hand_sizes", 4)]),
        last_discard,
        _int(get("wall_left"), "wall_left", 0, 112),
        _int(get("drawable"), "drawable", 0, 112),
        _int(get("reserve"), "reserve", 0, 112),
        _need(get("last_round"), bool, "last_round"),
        tuple([_need(f, bool, "declined_three_gold") for f in flags]),
        tuple([action_from(a, seat, claimed) for a in _list(get("legal"), "legal")]),
        _opt(get("win_blocked"), lambda v, _: refusal_from(v), "win_blocked"),
        tiles_from(get("set_aside"), "set_aside"),
        _int(get("wall_head"), "wall_head", 0, 112),
        _int(get("wall_tail"), "wall_tail", 0, 112),
        config or RuleConfig(),
        history,
    )
