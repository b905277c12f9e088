"""One hand of 宁德麻将 as a state machine (rules.md §3-§11).

``Game`` holds everything about one hand. For any seat it answers ``legal_actions(seat)`` and
``observation(seat)``; ``apply(action)`` checks the action against the legal ones (an illegal
action raises ``IllegalAction`` with the reason and changes nothing) and returns the events it
caused. Draws, the deal, 开金 and the last round are not decisions: the engine does them itself.

Phases:
- ``turn``: one seat acts after drawing (discard, 暗杠, 加杠, 胡, 三金倒, 不倒) or after 吃/碰
  (discard only).
- ``window``: the 抢金 window after the dealer's first discard (rules.md §8).
- ``claim``: the other seats decide on a discard (胡 / 杠 / 碰 / 吃 / 过); resolved by priority
  once every seat with a choice has decided (rules.md §5, §10).
- ``robkong``: with ``rob_kong`` on, the others may win on an added kong's tile.
- ``over``: ``result`` holds the outcome.

The phase is read from the state (``Game.phase``): ``over`` once there is a result; while
several seats may decide, the open ``ChoiceWindow`` (``Game.window``: a ``RobGoldWindow``,
``ClaimWindow`` or ``RobKongWindow``, each holding its options, choices and what it needs to
resolve); otherwise ``turn``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from . import shapes
from .config import RuleConfig
from .melds import FACE_DOWN_KONG, Meld, MeldKind
from .refusal import Refusal, RefusalCode
from .scoring import WinBy, WinInput, WinScore, evaluate_win, gold_count, is_single_wait
from .tiles import (
    NUM_KINDS,
    SEQUENCE_PARTNERS,
    TOTAL_TILES,
    WHITE,
    face,
    face_counts,
    full_set,
    parse_tile,
    tile_for_face,
    tile_str,
)
from .wall import BASE_RESERVE, Wall, deal_order


class Phase(StrEnum):
    """What the hand waits for (see the module docstring)."""

    TURN = "turn"
    WINDOW = "window"
    CLAIM = "claim"
    ROBKONG = "robkong"
    OVER = "over"


class ActionType(StrEnum):
    """A decision (its value is the record's ``"a"``, interfaces.md §2). ``CHI`` here is the
    act of calling 吃; the meld it makes is a ``melds.MeldKind.CHI``."""

    DISCARD = "discard"
    CHI = "chi"
    PONG = "pong"
    KONG = "kong"
    ANKONG = "ankong"
    ADDKONG = "addkong"
    WIN = "win"
    ROB_GOLD = "rob_gold"
    THREE_GOLD = "three_gold"
    DECLINE_THREE_GOLD = "decline_three_gold"
    PASS = "pass"


# the decisions that win the hand (胡, 抢金, 三金倒) and the calls on another's discard
WINS = (ActionType.WIN, ActionType.ROB_GOLD, ActionType.THREE_GOLD)
CALLS = (ActionType.CHI, ActionType.PONG, ActionType.KONG)


class EventKind(StrEnum):
    """Something that happened at the table (``Event.kind``), for views and logs."""

    DEAL = "deal"
    GOLD = "gold"
    DRAW = "draw"
    DISCARD = "discard"
    CHI = "chi"
    PONG = "pong"
    KONG = "kong"
    ANKONG = "ankong"
    ADDKONG = "addkong"
    ROBKONG_WINDOW = "robkong_window"
    DECLINE_THREE_GOLD = "decline_three_gold"
    CHOUZHUANG = "chouzhuang"
    LAST_ROUND = "last_round"
    WINDOW = "window"
    WIN_BLOCKED = "win_blocked"
    WIN = "win"
    LIUJU = "liuju"


class RuleEvent(StrEnum):
    """A notable rule event of the hand (``HandResult.events``; the value is the id
    ``replay --check`` lists and the record's result line holds, interfaces.md §2)."""

    CHOUZHUANG = "chouzhuang"  # 臭庄 (rules.md §7)
    LAST_ROUND = "last_round"  # 最后一出 (§6)
    THREE_GOLD = "three_gold"  # 三金倒 won (§7)
    DECLINED_THREE_GOLD = "declined_three_gold"  # a seat declined 三金倒 (§7)
    ROB_GOLD = "rob_gold"  # 抢金 won (§8)
    HEAVEN = "heaven"  # 天胡 (§8)
    LOCK = "lock"  # a discard win refused by the 单钓/闲金 lock (§9)
    RESTRICTED = "restricted"  # a discard win refused by the restriction (§9)
    ROB_KONG = "rob_kong"  # 抢杠 won (``rob_kong``, §5)


ACTION_TYPES = tuple(ActionType)
CHOICE_PHASES = (Phase.WINDOW, Phase.CLAIM, Phase.ROBKONG)
# the concealed tiles each action takes from the hand (吃: the two it names)
_HAND_TILES_USED: dict[ActionType, int] = {
    ActionType.PONG: 2,
    ActionType.KONG: 3,
    ActionType.ANKONG: 4,
    ActionType.ADDKONG: 1,
    ActionType.DISCARD: 1,
}
# the actions on a tile of the seat's own hand (the record writes it: interfaces.md §2)
_OWN_TILE = (ActionType.DISCARD, ActionType.ANKONG, ActionType.ADDKONG)
# a call on a discard -> the meld it makes
_CALLED_MELD: dict[ActionType, MeldKind] = {
    ActionType.CHI: MeldKind.CHI,
    ActionType.PONG: MeldKind.PONG,
    ActionType.KONG: MeldKind.KONG,
}
# a refused discard win the result notes
_REFUSAL_EVENTS = {RefusalCode.LOCK: RuleEvent.LOCK, RefusalCode.RESTRICTION: RuleEvent.RESTRICTED}


class IllegalAction(ValueError):
    """An action the rules do not allow now (the state is unchanged): ``refusal`` says why,
    as a code and parameters a view translates; the message is its text."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.text)
        self.refusal = refusal

    @property
    def code(self) -> RefusalCode:
        return self.refusal.code


@dataclass(frozen=True)
class Action:
    seat: int
    type: ActionType  # (a plain string from a test compares equal)
    tile: int | None = None  # discard/ankong/addkong: the tile; chi/pong/kong: the discard taken
    tiles: tuple[int, ...] = ()  # 吃: the two hand tiles used

    def uses(self) -> tuple[int, ...]:
        """The concealed tiles this action takes from the hand (to highlight them)."""
        t = self.tile
        if self.type == ActionType.CHI:
            return self.tiles
        if t is None:
            return ()
        return (t,) * _HAND_TILES_USED.get(self.type, 0)

    def to_record(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": "act", "seat": self.seat, "a": self.type}
        if self.type == ActionType.CHI:
            out["tiles"] = [tile_str(t) for t in self.tiles]
        elif self.type in _OWN_TILE and self.tile is not None:
            out["tile"] = tile_str(self.tile)
        return out

    def __str__(self) -> str:
        extra = ""
        if self.tiles:
            extra = " " + "".join(tile_str(t) for t in self.tiles)
        elif self.tile is not None:
            extra = " " + tile_str(self.tile)
        return f"seat {self.seat} {self.type}{extra}"


@lru_cache(maxsize=4096)
def _action(seat: int, kind: ActionType, tile: int | None = None) -> Action:
    """Actions are immutable values: the engine hands out shared ones (it makes many)."""
    return Action(seat, kind, tile)


@dataclass(frozen=True)
class Event:
    """Something that happened. Views draw from these; a ``private`` tile is seen only by
    ``seat`` (a draw)."""

    kind: EventKind
    seat: int | None = None
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    info: dict[str, Any] = field(default_factory=dict, compare=False)
    private: bool = False


@dataclass
class HandResult:
    winner: int | None
    by: WinBy | None  # None for 流局
    pattern: str  # a scoring pattern, or "draw"
    score: WinScore | None
    deltas: list[int]
    dealer: int
    streak: int
    discarder: int | None = None
    win_tile: int | None = None
    events: list[RuleEvent] = field(default_factory=list)

    @property
    def dealer_keeps(self) -> bool:
        """连庄: the dealer won or the hand was drawn (rules.md §2)."""
        return self.winner is None or self.winner == self.dealer


PUBLIC = 4  # ``Game.history``'s index of the watchers' view (no seat's private events)


def seen_by(event: Event, seat: int | None) -> Event | None:
    """``event`` as ``seat`` may know it (None: a watcher, who knows only what is public).
    Another seat's draw is seen without its tile; another seat's other private events (a
    refused 胡, a declined 三金倒) are not seen at all."""
    if not event.private or (seat is not None and event.seat == seat):
        return event
    if event.kind == EventKind.DRAW:
        return Event(EventKind.DRAW, event.seat, None, info=event.info, private=True)
    return None


class Observation(NamedTuple):
    """What one seat may see. Bots, hints and hot-seat all use this view, never the Game.

    Immutable; a NamedTuple rather than a frozen dataclass because one is made for every
    decision and a tuple is built five times faster (``obs._replace(...)`` makes a variant)."""

    seat: int
    phase: Phase
    to_act: tuple[int, ...]  # in a window or claim: only this seat, if it has to decide
    turn: int
    dealer: int
    streak: int
    dice: tuple[int, int]
    gold: int
    indicator: int
    hand: tuple[int, ...]
    drawn: int | None
    melds: tuple[tuple[Meld, ...], ...]
    ponds: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    last_discard: tuple[int, int] | None
    wall_left: int
    drawable: int
    reserve: int
    last_round: bool
    declined_three_gold: tuple[bool, ...]
    legal: tuple[Action, ...]
    win_blocked: Refusal | None  # why 胡 is not offered although the tile completes the hand
    set_aside: tuple[int, ...] = ()  # face-up tiles out of play: flipped 白板, the indicator
    wall_head: int = 0  # index (draw order) of the next head draw
    wall_tail: int = 112  # the next tail draw is index wall_tail - 1
    config: RuleConfig = RuleConfig()  # the room's rules: public, so bots play by them too
    history: tuple[Event, ...] = ()  # the hand so far as this seat may know it (``seen_by``)


def watcher_view(obs: Observation, history: tuple[Event, ...]) -> Observation:
    """What a watcher in ``obs.seat``'s chair may know (``history``: ``Game.history(None)``):
    no concealed tile, no choice, its 暗杠 face down, and in a window or claim nobody's pending
    decision (it would tell what they hold)."""
    return obs._replace(
        to_act=() if obs.phase in CHOICE_PHASES else obs.to_act,
        hand=(),
        drawn=None,
        melds=tuple(
            tuple(FACE_DOWN_KONG if m.kind == MeldKind.ANKONG else m for m in ms)
            for ms in obs.melds
        ),
        legal=(),
        win_blocked=None,
        history=history,
    )


class _HandShape(NamedTuple):
    """A seat's concealed tiles as the win check and the calls on a discard see them (kept
    per seat by ``Game._hand_shape``)."""

    tiles: tuple[int, ...]  # the hand it describes (its cache key)
    counts: list[int]  # 27 face counts (白板 as the gold's face), not to be changed
    golds: int
    pair_need: int  # shapes.pair_need(counts)

    @property
    def complete(self) -> bool:
        return shapes.is_complete_need(self.pair_need, self.golds)


@dataclass
class ChoiceWindow:
    """A moment when several seats may decide at once (rules.md §5, §8, §10): who may act,
    in priority order, their options, and what each has chosen. Resolved once all decided."""

    options: dict[int, list[Action]]
    order: list[int]
    choices: dict[int, Action] = field(default_factory=dict)
    phase: ClassVar[Phase]  # each kind of window's own

    def undecided(self) -> list[int]:
        return [s for s in self.order if s not in self.choices]

    def blocked(self, seat: int) -> Refusal | None:
        """Why ``seat`` may not win here although the tile completes its hand."""
        return None


@dataclass
class RobGoldWindow(ChoiceWindow):
    """抢金 window after the dealer's first discard (rules.md §8): (level, seat) in order,
    level 1 三金倒, 2 a non-dealer's 抢金, 3 the dealer's 抢金."""

    levels: list[tuple[int, int]] = field(default_factory=list)
    phase = Phase.WINDOW


@dataclass
class WinWindow(ChoiceWindow):
    """A window in which a tile can be won: what each win would score, and the wins refused."""

    scores: dict[int, WinScore] = field(default_factory=dict)
    refused: dict[int, Refusal] = field(default_factory=dict)

    def blocked(self, seat: int) -> Refusal | None:
        return self.refused.get(seat)


@dataclass
class ClaimWindow(WinWindow):
    """Claims on a discard: 胡 / 杠 / 碰 / 吃 / 过 (rules.md §5, §10)."""

    discarder: int = 0
    tile: int = 0
    phase = Phase.CLAIM


@dataclass
class RobKongWindow(WinWindow):
    """抢杠 (``rob_kong``): the others may win on the tile of an added kong."""

    kong: Action | None = None
    phase = Phase.ROBKONG


_DISCARDS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(_action(seat, ActionType.DISCARD, t) for t in range(NUM_KINDS)) for seat in range(4)
)
"""Each seat's discard of each tile, the shared Actions of ``_action``: a turn offers up to 14,
and a table lookup is cheaper than a call through the cache."""


def _is_offered(action: Action, legal: Sequence[Action]) -> bool:
    """Whether ``action`` is one of ``legal``. Players hand back one of the very actions
    offered, so look for it by identity first: ``in`` would call the generated ``__eq__``
    (slow) on every action before it."""
    for a in legal:
        if a is action:
            return True
    return action in legal


def _no(code: RefusalCode, text: str, **params: Any) -> IllegalAction:
    return IllegalAction(Refusal(code, text, params))


def _distance(frm: int, to: int) -> int:
    return (to - frm) % 4


_FULL_SET = full_set()


class Game:
    """One hand, from the deal to its result."""

    def __init__(
        self,
        wall_tiles: Sequence[int],
        dealer: int = 0,
        streak: int = 1,
        dice: tuple[int, int] = (1, 1),
        config: RuleConfig | None = None,
    ) -> None:
        if len(wall_tiles) != TOTAL_TILES or sorted(wall_tiles) != _FULL_SET:
            raise ValueError("a wall must be exactly the 112 tiles (4 of each of the 28 kinds)")
        self.config = config or RuleConfig()
        self.wall_tiles = tuple(wall_tiles)  # as dealt (a take back replays the hand on it)
        self.dealer = dealer
        self.streak = streak
        self.dice = dice
        self.wall = Wall(list(wall_tiles))
        self.hands: list[list[int]] = [[] for _ in range(4)]
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.ponds: list[list[int]] = [[] for _ in range(4)]
        self.drawn: list[int | None] = [None] * 4
        self.declined = [False] * 4  # declined 三金倒 (rules.md §7)
        self.has_discarded = [False] * 4
        self.robbed = [False] * 4
        self.log: list[Event] = []
        # the log as each seat, then a watcher (PUBLIC), may know it
        self._seen: tuple[list[Event], ...] = tuple([] for _ in range(PUBLIC + 1))
        self._new_events: list[Event] = []
        self.decisions: list[Action] = []  # every decision applied, in order (for records)
        self.result: HandResult | None = None
        self.rule_events: list[RuleEvent] = []

        self.turn = dealer
        self.turn_drew = True  # may win / kong / 三金倒: drew, or the dealer's 17th tile
        self.declined_this_turn = False
        self.first_discard_done = False
        self.last_discard: tuple[int, int] | None = None  # (seat, tile), until it is claimed
        self.window: ChoiceWindow | None = None  # open while several seats may decide
        # an online room's table: a discard's claims (and an added kong's 抢杠) stay open,
        # even when nobody may claim, until ``close_window`` (interfaces.md §6.1)
        self.hold_windows = False
        self.opening: list[int] = []  # the first go-around's discards, for 臭庄
        self.opening_open = True
        self.last_round = False
        self._turn_cache: tuple[tuple[int, ...], tuple[Action, ...]] | None = None
        self._kong_reserve = 0  # the reserve's growth from kongs so far
        self._public: tuple[Any, ...] | None = None
        self._shapes: list[_HandShape | None] = [None] * 4
        self._deal()

    # ----------------------------------------------------------------- set-up
    def _deal(self) -> None:
        for owner in deal_order(self.dealer):
            self.hands[owner].append(self.wall.draw_head())
        self.drawn[self.dealer] = self.hands[self.dealer][-1]
        self.gold = self.wall.open_gold(
            self.config.indicator_in_play, self.config.white_indicator_reflip
        )
        self.indicator = self.gold
        self._emit(Event(EventKind.DEAL, self.dealer, info={"dice": self.dice}))
        whites = self.wall.set_aside.count(WHITE)
        self._emit(Event(EventKind.GOLD, tile=self.gold, info={"whites_set_aside": whites}))

    def _emit(self, event: Event) -> None:
        self.log.append(event)
        if event.private:
            hidden = seen_by(event, None)  # as everyone but its seat sees it (one copy)
            for seat, seen in enumerate(self._seen):
                if seat == event.seat:
                    seen.append(event)
                elif hidden is not None:
                    seen.append(hidden)
        else:
            for seen in self._seen:
                seen.append(event)
        self._new_events.append(event)

    # ------------------------------------------------------------ wall counts
    @property
    def reserve(self) -> int:
        """R = 16 + 2 per exposed/added kong + 4 per concealed kong (rules.md §6)."""
        return BASE_RESERVE + self._kong_reserve

    @property
    def drawable(self) -> int:
        return self.wall.left - self.reserve

    def _kong_allowed(self, kind: MeldKind) -> bool:
        """A kong needs its replacement and its larger reserve to fit (rules.md §5)."""
        extra = 4 if kind == MeldKind.ANKONG else 2
        return self.wall.left - 1 - (self.reserve + extra) >= 0

    # ------------------------------------------------------------- questions
    @property
    def phase(self) -> Phase:
        """``over`` once there is a result; the open window's phase; else ``turn``."""
        if self.result is not None:
            return Phase.OVER
        window = self.window
        return Phase.TURN if window is None else window.phase

    def to_act(self) -> list[int]:
        """Seats that must decide now, in priority order."""
        if self.result is not None:
            return []
        window = self.window
        return [self.turn] if window is None else window.undecided()

    def own_golds(self, seat: int) -> int:
        """Golds that count toward 三金倒: a robbed indicator does not (rules.md §8.3)."""
        return gold_count(self.hands[seat], self.gold) - (1 if self.robbed[seat] else 0)

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self._legal(seat))

    def _legal(self, seat: int) -> tuple[Action, ...]:
        if self.result is not None:
            return ()
        window = self.window
        if window is None:  # the turn
            if seat != self.turn:
                return ()
            # the turn's options cost a win evaluation: keep them until the state moves on
            key = (seat, len(self.decisions), self.wall.head, self.wall.tail, len(self.hands[seat]))
            if self._turn_cache is None or self._turn_cache[0] != key:
                self._turn_cache = (key, tuple(self._turn_actions(seat)))
            return self._turn_cache[1]
        if seat in window.choices:
            return ()
        return tuple(window.options.get(seat, ()))

    def _public_view(self) -> tuple[Any, ...]:
        """The table everyone sees, rebuilt only when something happened since: the melds as
        each seat sees them (a 暗杠 face down but to its owner, rules.md §5), ponds, hand sizes."""
        key = (len(self.log), len(self.decisions))
        if self._public is None or self._public[0] != key:
            melds = tuple(map(tuple, self.melds))
            seen: tuple[Any, ...] = (melds,) * 4
            if any(m.kind == MeldKind.ANKONG for ms in melds for m in ms):
                # as each seat sees the table: its own 暗杠 face up, the others' face down
                shown = tuple(
                    tuple(FACE_DOWN_KONG if m.kind == MeldKind.ANKONG else m for m in ms)
                    for ms in melds
                )
                seen = tuple((*shown[:s], melds[s], *shown[s + 1 :]) for s in range(4))
            self._public = (
                key,
                seen,
                tuple(map(tuple, self.ponds)),
                tuple(map(len, self.hands)),
            )
        return self._public[1:]

    def _visible_to_act(self, seat: int) -> tuple[int, ...]:
        """Whose decision the table waits for, as ``seat`` may know it: the player on turn is
        public, but who else could claim a discard or rob the gold is not (it would tell what
        they hold), so in a window or claim a seat sees only itself."""
        waiting = self.to_act()
        if self.window is None:
            return tuple(waiting)
        return (seat,) if seat in waiting else ()

    def observation(self, seat: int) -> Observation:
        seen, ponds, sizes = self._public_view()
        wall = self.wall
        window = self.window
        phase = self.phase
        # positional, in field order: one is made for every decision
        return Observation(
            seat,
            phase,
            self._visible_to_act(seat),  # to_act
            self.turn,
            self.dealer,
            self.streak,
            self.dice,
            self.gold,
            self.indicator,
            tuple(self.hands[seat]),  # hand
            self.just_drawn(seat),  # drawn
            seen[seat],  # melds
            ponds,
            sizes,  # hand_sizes
            self.last_discard,
            wall.left,  # wall_left
            self.drawable,
            self.reserve,
            self.last_round,
            tuple(self.declined),  # declined_three_gold
            self._legal(seat),  # legal
            window.blocked(seat) if window is not None else None,  # win_blocked
            tuple(wall.set_aside),  # set_aside
            wall.head,  # wall_head
            wall.tail,  # wall_tail
            self.config,
            tuple(self._seen[seat]),  # history
        )

    def just_drawn(self, seat: int) -> int | None:
        """The tile ``seat`` has just drawn and not yet discarded, if it is on turn."""
        return self.drawn[seat] if self.phase == Phase.TURN and self.turn == seat else None

    def history(self, seat: int | None) -> tuple[Event, ...]:
        """The hand so far as ``seat`` may know it (None: a watcher)."""
        return tuple(self._seen[PUBLIC if seat is None else seat])

    # -------------------------------------------------------------- win tests
    def _win_input(
        self, seat: int, concealed: Sequence[int], win_tile: int | None, by: WinBy, start: bool
    ) -> WinInput:
        return WinInput(
            concealed=tuple(concealed),
            melds=tuple(self.melds[seat]),
            gold=self.gold,
            win_tile=win_tile,
            by=by,
            dealer=seat == self.dealer,
            streak=self.streak,
            robbed=self.robbed[seat],
            start=start,
            declined_three_gold=self.declined[seat],
        )

    def _self_by(self, seat: int) -> WinBy:
        """天胡 before the dealer's first discard, otherwise 自摸."""
        return WinBy.HEAVEN if seat == self.dealer and not self.first_discard_done else WinBy.SELF

    def _self_win(self, seat: int) -> WinScore:
        w = self._win_input(
            seat, self.hands[seat], self.drawn[seat], self._self_by(seat),
            not self.first_discard_done,
        )  # fmt: skip
        return evaluate_win(w, self.config)

    def single_wait(self, seat: int) -> str | None:
        """'dandiao' or 'xianjin' when this seat waits in 单钓/闲金 (between its turns)."""
        if len(self.hands[seat]) % 3 != 1:
            return None
        return is_single_wait(self.hands[seat], self.melds[seat], self.gold, self.config)

    def locked_by(self, seat: int) -> int | None:
        """A seat in 单钓/闲金, after its discard, that stops ``seat`` from winning on
        discards (rules.md §9). A seat in the middle of an added kong is not waiting."""
        if not self.config.single_wait_lock:
            return None
        window = self.window
        kong = window.kong if isinstance(window, RobKongWindow) else None
        kong_seat = kong.seat if kong is not None else None
        for d in (1, 2, 3):
            other = (seat + d) % 4
            if other != kong_seat and self.has_discarded[other] and self.single_wait(other):
                return other
        return None

    def _hand_shape(self, seat: int) -> _HandShape:
        """The seat's hand as face counts and pair need. Every discard is checked against the
        three other hands, and a hand does not change between its own turns, so the shape is
        kept per seat; it is keyed on the tiles themselves, so any change to the hand (a test
        may replace it outright) makes a new one."""
        tiles = tuple(self.hands[seat])
        shape = self._shapes[seat]
        if shape is None or shape.tiles != tiles:
            counts, golds = face_counts(tiles, self.gold)
            shape = _HandShape(tiles, counts, golds, shapes.pair_need(counts))
            self._shapes[seat] = shape
        return shape

    def _discard_win(
        self, seat: int, tile: int, shape: _HandShape
    ) -> tuple[WinScore | None, Refusal | None]:
        """(score, None) if ``seat`` may win on ``tile``; (None, why) if the tile completes the
        hand (``shape``) but the win is refused; (None, None) if it does not complete it."""
        if shape.pair_need > shape.golds + 1:
            # a gold could stand in for the tile, so it lowers the golds the hand needs by one
            # at most: no tile completes this hand (most hands, most of the time)
            return None, None
        counts = list(shape.counts)
        counts[face(tile, self.gold)] += 1
        if not shapes.is_complete(counts, shape.golds):
            return None, None
        locker = self.locked_by(seat)
        if locker is not None:
            wait = self.single_wait(locker)
            name = "单钓" if wait == "dandiao" else "闲金"
            return None, Refusal(
                RefusalCode.LOCK,
                f"lock: seat {locker} waits in {name}, so the others may only win by self-draw",
                {"seat": locker, "wait": wait},
            )
        concealed = [*self.hands[seat], tile]
        score = evaluate_win(
            self._win_input(seat, concealed, tile, WinBy.DISCARD, False), self.config
        )
        if not score.legal:
            return None, score.refusal
        return score, None

    # ---------------------------------------------------------- turn options
    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        gold = self.gold
        acts: list[Action] = []
        kinds = sorted(set(hand))
        if self.turn_drew:
            shape = self._hand_shape(seat)
            counts, complete = shape.counts, shape.complete
            own = shape.golds - (1 if self.robbed[seat] else 0)
            if (complete or own >= 3) and self._self_win(seat).legal:
                if complete:
                    acts.append(_action(seat, ActionType.WIN))
                elif not self.declined_this_turn:  # after 不倒, play on this turn
                    acts.append(_action(seat, ActionType.THREE_GOLD))
            if own >= 3 and not self.declined_this_turn:
                acts.append(_action(seat, ActionType.DECLINE_THREE_GOLD))
            # a non-gold kind's tiles are the counts of its face (a 白板's: the gold's face)
            if 4 in counts and self._kong_allowed(MeldKind.ANKONG):
                acts.extend(
                    _action(seat, ActionType.ANKONG, t)
                    for t in kinds
                    if t != gold and counts[face(t, gold)] == 4
                )
            if self._kong_allowed(MeldKind.KONG):
                acts.extend(
                    _action(seat, ActionType.ADDKONG, m.tiles[0])
                    for m in self.melds[seat]
                    if m.kind == MeldKind.PONG and m.tiles[0] in hand
                )
        discards = _DISCARDS[seat]
        acts.extend([discards[t] for t in kinds if t != gold])
        return acts

    # --------------------------------------------------------------- applying
    def apply(self, action: Action) -> list[Event]:
        """Apply one decision; raise ``IllegalAction`` (state unchanged) if it is not legal."""
        legal = self._legal(action.seat)
        if not _is_offered(action, legal):
            raise self._why_illegal(action, list(legal))
        self._new_events = []
        self.decisions.append(action)
        if self.phase == Phase.TURN:
            self._apply_turn(action)
        else:
            self._apply_choice(action)
        return self._new_events

    def _why_illegal(self, action: Action, legal: list[Action]) -> IllegalAction:
        """The refusal, with a reason in words and a stable ``code`` views can translate."""
        R = RefusalCode
        seat, kind, tile = action.seat, action.type, action.tile
        if self.phase == Phase.OVER:
            return _no(R.HAND_OVER, "the hand is over")
        if not 0 <= seat < 4:
            return _no(R.NO_SUCH_SEAT, f"there is no seat {seat}", seat=seat)
        if not legal:
            waiting = ", ".join(str(s) for s in self.to_act())
            return _no(
                R.NOT_YOUR_TURN,
                f"seat {seat} has nothing to decide now (waiting for seat {waiting})",
                seat=seat,
            )
        if kind not in ACTION_TYPES:
            return _no(R.UNKNOWN_ACTION, f"unknown action {kind!r}", action=str(kind))
        if kind == ActionType.DISCARD and tile == self.gold:
            return _no(R.GOLD_DISCARD, "a gold (金) can never be discarded", tile=tile)
        if kind in _OWN_TILE and tile not in self.hands[seat]:
            t = "?" if tile is None else tile_str(tile)
            return _no(R.NOT_IN_HAND, f"seat {seat} has no {t} in hand", seat=seat, tile=tile)
        blocked = self.window.blocked(seat) if self.window is not None else None
        if kind == ActionType.WIN and blocked is not None:
            return IllegalAction(Refusal.win_refused(blocked))
        if self.phase == Phase.TURN and not self.turn_drew and kind != ActionType.DISCARD:
            return _no(
                R.DISCARD_AFTER_CALL,
                "right after 吃/碰 you must discard: no kong or win until your next draw",
            )
        if kind in (ActionType.ANKONG, ActionType.ADDKONG, ActionType.KONG):
            return _no(
                R.KONG_IMPOSSIBLE,
                "that kong is not possible now (tiles, or too few tiles left in the wall)",
            )
        if kind in (ActionType.WIN, ActionType.THREE_GOLD):
            return _no(R.NOT_A_WIN, "the hand is not a legal win now")
        options = ", ".join(str(a) for a in legal)
        return _no(R.NOT_ALLOWED, f"{action} is not allowed now; the choices are: {options}")

    def _apply_turn(self, action: Action) -> None:
        seat = action.seat
        if action.type == ActionType.WIN:
            by = self._self_by(seat)
            if by == WinBy.HEAVEN:
                self.rule_events.append(RuleEvent.HEAVEN)
            self._finish_win(seat, by, self._self_win(seat), None, self.drawn[seat])
        elif action.type == ActionType.THREE_GOLD:
            self.rule_events.append(RuleEvent.THREE_GOLD)
            self._finish_win(seat, WinBy.SELF, self._self_win(seat), None, self.drawn[seat])
        elif action.type == ActionType.DECLINE_THREE_GOLD:
            self._decline_three_gold(seat)
        elif action.type == ActionType.DISCARD:
            self._discard(seat, action.tile)
        elif action.type == ActionType.ANKONG:
            tile = action.tile
            assert tile is not None
            for _ in range(4):
                self.hands[seat].remove(tile)
            self._add_meld(seat, Meld(MeldKind.ANKONG, (tile,) * 4))
            self._emit(Event(EventKind.ANKONG, seat))  # face down: the kind is not public (§5)
            self._draw(seat, tail=True)
        elif action.type == ActionType.ADDKONG:
            assert action.tile is not None
            self.hands[seat].remove(action.tile)
            if self.config.rob_kong:
                # announced whether or not anyone can rob it, so the table learns nothing
                self._emit(Event(EventKind.ROBKONG_WINDOW, seat, action.tile))
            if not (self.config.rob_kong and self._open_robkong(action)):
                self._complete_addkong(action)

    def _add_meld(self, seat: int, meld: Meld) -> None:
        self.melds[seat].append(meld)
        self._kong_reserve += meld.reserve_extra()

    def _decline_three_gold(self, seat: int) -> None:
        if RuleEvent.DECLINED_THREE_GOLD not in self.rule_events:
            self.rule_events.append(RuleEvent.DECLINED_THREE_GOLD)
        self.declined[seat] = True
        self.declined_this_turn = True
        # private: telling the table would tell it this seat holds three golds
        self._emit(Event(EventKind.DECLINE_THREE_GOLD, seat, private=True))

    def _complete_addkong(self, action: Action) -> None:
        seat, tile = action.seat, action.tile
        for i, m in enumerate(self.melds[seat]):
            if m.kind == MeldKind.PONG and m.tiles[0] == tile:
                self.melds[seat][i] = Meld(
                    MeldKind.KONG, (tile,) * 4, m.claimed, m.source, added=True
                )
                self._kong_reserve += self.melds[seat][i].reserve_extra()
                break
        self._emit(Event(EventKind.ADDKONG, seat, tile))
        self._draw(seat, tail=True)

    def _discard(self, seat: int, tile: int | None) -> None:
        assert tile is not None
        if self.turn_drew and self.own_golds(seat) >= 3 and not self.declined_this_turn:
            self._decline_three_gold(seat)  # discarding instead of 三金倒 declines it
        self.hands[seat].remove(tile)
        self.ponds[seat].append(tile)
        self.has_discarded[seat] = True
        self.drawn[seat] = None
        self.last_discard = (seat, tile)
        self._emit(Event(EventKind.DISCARD, seat, tile))
        if self.opening_open:
            self.opening.append(tile)
            if len(self.opening) == 4:
                self.opening_open = False
                if len(set(self.opening)) == 1 and self._chouzhuang(tile):
                    return
        if not self.first_discard_done:
            self.first_discard_done = True
            if self._open_window(seat):
                return
        self._open_claims(seat, tile)

    def _chouzhuang(self, tile: int) -> bool:
        """臭庄 (rules.md §7): the four first discards are one kind. By default the hand is dead
        at once — no claims on the fourth discard, no payments, the dealer deals again with the
        streak one higher, as after a 流局 — and this returns True. With
        ``chouzhuang_ends_hand`` off the hand plays on (the streak raised at once with
        ``chouzhuang_streak``)."""
        self.rule_events.append(RuleEvent.CHOUZHUANG)
        ends = self.config.chouzhuang_ends_hand
        if not ends and self.config.chouzhuang_streak:
            self.streak += 1  # one more 连庄, at once: a win in this hand pays it
        # the streak the dealer deals with next (a dead hand is booked as a 流局)
        streak = self.streak + 1 if ends else self.streak
        self._emit(Event(EventKind.CHOUZHUANG, tile=tile, info={"streak": streak, "ends": ends}))
        if ends:
            self._finish_draw("chouzhuang")
        return ends

    # --------------------------------------------------------- 抢金 window
    def _open_window(self, dealer: int) -> bool:
        """rules.md §8.2: 三金倒 of non-dealers, then 抢金 of non-dealers, then the dealer's."""
        indicator_ok = self.wall.indicator_available()
        levels: list[tuple[int, int]] = []  # (level, seat)
        options: dict[int, list[Action]] = {}
        for d in (1, 2, 3):
            seat = (dealer + d) % 4
            acts = []
            if self.own_golds(seat) >= 3:
                acts.append(_action(seat, ActionType.THREE_GOLD))
                levels.append((1, seat))
            if indicator_ok and self._may_rob_gold(seat):
                acts.append(_action(seat, ActionType.ROB_GOLD))
                levels.append((2, seat))
            if acts:
                decline = (
                    ActionType.DECLINE_THREE_GOLD
                    if acts[0].type == ActionType.THREE_GOLD
                    else ActionType.PASS
                )
                options[seat] = [*acts, _action(seat, decline)]
        if indicator_ok and self._may_rob_gold(dealer):
            options[dealer] = [
                _action(dealer, ActionType.ROB_GOLD),
                _action(dealer, ActionType.PASS),
            ]
            levels.append((3, dealer))
        if not options:
            return False
        levels.sort(key=lambda x: (x[0], _distance(dealer, x[1]) or 4))
        order = list(dict.fromkeys(seat for _, seat in levels))
        self.window = RobGoldWindow(options, order, levels=levels)
        # public: that the window is open, not who may act in it (that would tell hands)
        self._emit(Event(EventKind.WINDOW))
        return True

    def _may_rob_gold(self, seat: int) -> bool:
        """Whether 抢金 is legal for the seat. It needs the indicator, as one more gold, to
        complete the hand, which it seldom does: only then is the win scored."""
        shape = self._hand_shape(seat)
        if not shapes.is_complete_need(shape.pair_need, shape.golds + 1):
            return False
        return self._rob_gold_score(seat).legal

    def _rob_gold_score(self, seat: int) -> WinScore:
        """抢金: the seat's 16 tiles plus the indicator as a gold (rules.md §8)."""
        w = self._win_input(
            seat, [*self.hands[seat], self.indicator], self.indicator, WinBy.ROB, True
        )
        return evaluate_win(replace(w, robbed=True), self.config)

    def _apply_choice(self, action: Action) -> None:
        assert self.window is not None
        self.window.choices[action.seat] = action
        if action.type == ActionType.DECLINE_THREE_GOLD:
            self._decline_three_gold(action.seat)
        if not self.to_act() and not self._holds(self.window):
            self._resolve()

    def _holds(self, window: ChoiceWindow | None) -> bool:
        return self.hold_windows and isinstance(window, ClaimWindow | RobKongWindow)

    @property
    def held(self) -> bool:
        """A window held open (``hold_windows``) in which every seat has decided, or nobody
        could: it waits for ``close_window``."""
        return self.result is None and self._holds(self.window) and not self.to_act()

    def close_window(self) -> list[Event]:
        """Resolve the held window (``held``): the claims taken, or the next seat draws. The
        same decisions without holding give the same game (a record holds no such step)."""
        if not self.held:
            raise ValueError("no window is held open with every choice made")
        self._new_events = []
        self._resolve()
        return self._new_events

    def pass_undecided(self) -> list[Event]:
        """Every seat that has not decided in the current window or claim passes, and the
        choices are resolved; a window or claim that opens next is left open. (In a record a
        seat whose decision is not written passed: interfaces.md §2.)"""
        events: list[Event] = []
        window = self.window
        while window is not None and self.window is window and self.to_act():
            seat = self.to_act()[0]
            decline = next(
                a
                for a in window.options[seat]
                if a.type in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD)
            )
            events += self.apply(decline)
        return events

    def _resolve(self) -> None:
        match self.window:
            case RobGoldWindow() as window:
                self._resolve_window(window)
            case ClaimWindow() as window:
                self._resolve_claims(window)
            case RobKongWindow() as window:
                self._resolve_robkong(window)

    def _resolve_window(self, window: RobGoldWindow) -> None:
        self.window = None
        takers = []
        for level, seat in window.levels:
            want = ActionType.THREE_GOLD if level == 1 else ActionType.ROB_GOLD
            choice = window.choices.get(seat)
            if choice is not None and choice.type == want:
                takers.append((level, _distance(self.dealer, seat) or 4, seat, want))
        if not takers:
            seat, tile = self.last_discard  # type: ignore[misc]
            self._open_claims(seat, tile)
            return
        _, _, seat, kind = min(takers)
        if kind == ActionType.THREE_GOLD:
            w = self._win_input(seat, self.hands[seat], None, WinBy.SELF, True)
            self.rule_events.append(RuleEvent.THREE_GOLD)
            self._finish_win(seat, WinBy.SELF, evaluate_win(w, self.config), None, None)
        else:
            score = self._rob_gold_score(seat)
            self.wall.take_indicator()
            self.hands[seat].append(self.indicator)
            self.robbed[seat] = True
            self.rule_events.append(RuleEvent.ROB_GOLD)
            self._finish_win(seat, WinBy.ROB, score, None, self.indicator)

    # --------------------------------------------------------------- claims
    def _open_claims(self, discarder: int, tile: int) -> None:
        window = ClaimWindow({}, [], discarder=discarder, tile=tile)
        for d in (1, 2, 3):
            seat = (discarder + d) % 4
            acts = self._claim_options(seat, window)
            if acts:
                window.options[seat] = [*acts, _action(seat, ActionType.PASS)]
        self._note_blocked_wins(window)
        for seat, refusal in window.refused.items():
            # told even when the seat has nothing else to decide (rules.md §9: say why)
            self._emit(
                Event(EventKind.WIN_BLOCKED, seat, tile, info={"refusal": refusal}, private=True)
            )
        window.order = list(window.options)  # seat order from the discarder
        if window.options or self.hold_windows:
            self.window = window  # held open even when nobody may claim
            return
        self._draw((discarder + 1) % 4)

    def _claim_options(self, seat: int, window: ClaimWindow) -> list[Action]:
        """胡 / 明杠 / 碰 (anyone) and 吃 (the 下家 only) on a discard (rules.md §5)."""
        acts: list[Action] = []
        tile = window.tile
        shape = self._hand_shape(seat)
        score, blocked = self._discard_win(seat, tile, shape)
        if score is not None:
            window.scores[seat] = score
            acts.append(_action(seat, ActionType.WIN))
        elif blocked is not None:
            window.refused[seat] = blocked
        # a discard is never a gold, so the tiles matching it are the counts of its face
        n = shape.counts[face(tile, self.gold)]
        if n >= 3 and self._kong_allowed(MeldKind.KONG):
            acts.append(_action(seat, ActionType.KONG, tile))
        if n >= 2 and self._leaves_non_gold(shape, 2):
            acts.append(_action(seat, ActionType.PONG, tile))
        if seat == (window.discarder + 1) % 4:
            acts.extend(self._chi_options(seat, tile, shape))
        return acts

    @staticmethod
    def _leaves_non_gold(shape: _HandShape, used: int) -> bool:
        """A call must leave a tile that can be discarded (rules.md §5)."""
        # the tiles used are never golds, so a non-gold is left iff not all the rest are golds
        return len(shape.tiles) - used > shape.golds

    def _chi_options(self, seat: int, tile: int, shape: _HandShape) -> list[Action]:
        counts = shape.counts
        out = []
        for fa, fb in SEQUENCE_PARTNERS[face(tile, self.gold)]:
            if counts[fa] and counts[fb] and self._leaves_non_gold(shape, 2):
                ta, tb = tile_for_face(fa, self.gold), tile_for_face(fb, self.gold)
                out.append(Action(seat, ActionType.CHI, tile, tuple(sorted((ta, tb)))))
        return out

    def _resolve_claims(self, window: ClaimWindow) -> None:
        """胡 beats 杠/碰, which beat 吃; among 胡, tier then seat order (rules.md §5, §10)."""
        self.window = None
        discarder, tile = window.discarder, window.tile
        seat = self._winner(window, discarder)
        if seat is not None:
            self.ponds[discarder].pop()
            self._finish_win(seat, WinBy.DISCARD, window.scores[seat], discarder, tile)
            return
        for kind in (ActionType.KONG, ActionType.PONG, ActionType.CHI):
            for a in window.choices.values():
                if a.type == kind:
                    self._claim(a, discarder)
                    return
        self._draw((discarder + 1) % 4)

    @staticmethod
    def _winner(window: WinWindow, source: int) -> int | None:
        """Of the seats that chose 胡, the one who wins: one winner per tile, the higher tier
        first, then the nearest seat after ``source`` (rules.md §10)."""
        wins = [s for s, a in window.choices.items() if a.type == ActionType.WIN]
        if not wins:
            return None
        return max(wins, key=lambda s: (window.scores[s].tier, -_distance(source, s)))

    def _note_blocked_wins(self, window: WinWindow) -> None:
        for refusal in window.refused.values():
            tag = _REFUSAL_EVENTS.get(refusal.code)
            if tag is not None and tag not in self.rule_events:
                self.rule_events.append(tag)

    def _claim(self, action: Action, discarder: int) -> None:
        seat, tile = action.seat, action.tile
        assert tile is not None
        self.ponds[discarder].pop()
        self.opening_open = False
        used = action.uses()
        for t in used:
            self.hands[seat].remove(t)
        kind = _CALLED_MELD[action.type]
        meld = Meld(kind, tuple(sorted((*used, tile))), claimed=tile, source=discarder)
        self._add_meld(seat, meld)
        self.last_discard = None
        self._emit(Event(EventKind(action.type), seat, tile, tiles=used, info={"from": discarder}))
        if action.type == ActionType.KONG:
            self._draw(seat, tail=True)
        else:
            self.turn, self.turn_drew = seat, False
            self.drawn[seat] = None

    # -------------------------------------------------------- 抢杠 (option)
    def _open_robkong(self, action: Action) -> bool:
        tile = action.tile
        assert tile is not None
        # open while the wins are worked out: the seat adding the kong is not waiting (§9)
        window = self.window = RobKongWindow({}, [], kong=action)
        for d in (1, 2, 3):
            seat = (action.seat + d) % 4
            score, blocked = self._discard_win(seat, tile, self._hand_shape(seat))
            if score is not None:
                window.scores[seat] = score
                window.options[seat] = [
                    _action(seat, ActionType.WIN),
                    _action(seat, ActionType.PASS),
                ]
            elif blocked is not None:
                window.refused[seat] = blocked
        self._note_blocked_wins(window)
        if not window.options and not self.hold_windows:
            self.window = None
            return False
        window.order = sorted(window.options, key=lambda s: _distance(action.seat, s))
        return True

    def _resolve_robkong(self, window: RobKongWindow) -> None:
        self.window = None
        action = window.kong
        assert action is not None and action.tile is not None
        seat = self._winner(window, action.seat)
        if seat is not None:
            self.rule_events.append(RuleEvent.ROB_KONG)
            self._finish_win(seat, WinBy.DISCARD, window.scores[seat], action.seat, action.tile)
            return
        self._complete_addkong(action)

    # ------------------------------------------------------------- drawing
    def _draw(self, seat: int, tail: bool = False) -> None:
        """``seat`` draws and is on turn: from the head, or from the tail after a kong
        (rules.md §5). A head draw with 4 or fewer drawable tiles starts 最后一出 (§6)."""
        self.window = None
        if not tail and self.drawable <= 4:
            self._last_round(seat)
            return
        tile = self.wall.draw_tail() if tail else self.wall.draw_head()
        self.hands[seat].append(tile)
        self.drawn[seat] = tile
        self.turn, self.turn_drew = seat, True
        self.declined_this_turn = False
        info = {"from": "tail"} if tail else {}
        self._emit(Event(EventKind.DRAW, seat, tile, info=info, private=True))

    def _last_round(self, seat: int) -> None:
        """最后一出 (rules.md §6): each player in turn draws one of the last drawable tiles;
        no discards; a drawn tile that makes a legal win is won at once, as 自摸."""
        self.last_round = True
        self.rule_events.append(RuleEvent.LAST_ROUND)
        self._emit(Event(EventKind.LAST_ROUND, seat, info={"drawable": self.drawable}))
        for d in range(4):
            if self.drawable <= 0:
                break
            s = (seat + d) % 4
            tile = self.wall.draw_head()
            self.hands[s].append(tile)
            self.drawn[s] = tile
            self.turn = s
            self._emit(Event(EventKind.DRAW, s, tile, info={"last_round": True}, private=True))
            score = evaluate_win(
                self._win_input(s, self.hands[s], tile, WinBy.SELF, False), self.config
            )
            if score.legal:
                self._finish_win(s, WinBy.SELF, score, None, tile)
                return
        self._finish_draw()

    # -------------------------------------------------------------- endings
    def _finish_win(
        self, seat: int, by: WinBy, score: WinScore, discarder: int | None, tile: int | None
    ) -> None:
        assert score.legal
        if by == WinBy.DISCARD and tile is not None:
            self.hands[seat].append(tile)
        deltas = [0] * 4
        for payer in range(4):
            if payer != seat:
                pay = score.pay_dealer if payer == self.dealer else score.pay_other
                assert pay is not None
                deltas[payer] = -pay.amount
        if by == WinBy.DISCARD and discarder is not None and self.config.discarder_pays_all:
            deltas = [0] * 4
            deltas[discarder] = -score.total
        deltas[seat] = -sum(deltas)
        self.result = HandResult(
            winner=seat,
            by=by,
            pattern=score.pattern,
            score=score,
            deltas=deltas,
            dealer=self.dealer,
            streak=self.streak,
            discarder=discarder,
            win_tile=tile,
            events=list(self.rule_events),
        )
        self.window = None
        self._emit(Event(EventKind.WIN, seat, tile, info={"by": by, "pattern": score.pattern}))

    def _finish_draw(self, why: str = "wall") -> None:
        """流局: the wall ran out (``wall``), or 臭庄 ended the hand (``chouzhuang``)."""
        self.result = HandResult(
            winner=None,
            by=None,
            pattern="draw",
            score=None,
            deltas=[0, 0, 0, 0],
            dealer=self.dealer,
            streak=self.streak,
            events=list(self.rule_events),
        )
        self.window = None
        self._emit(Event(EventKind.LIUJU, info={"why": why}))

    # ------------------------------------------------------------- helpers
    def all_tiles(self) -> list[int]:
        """Every tile of the hand wherever it is now (the 112-tile invariant)."""
        out = list(self.wall.tiles[self.wall.head : self.wall.tail]) + list(self.wall.set_aside)
        for s in range(4):
            out += self.hands[s] + self.ponds[s]
            for m in self.melds[s]:
                out += m.tiles
        window = self.window
        if isinstance(window, RobKongWindow) and window.kong is not None:
            out.append(window.kong.tile)  # type: ignore[arg-type]
        return out


def action_from_record(line: dict[str, Any], claimed: int | None) -> Action:
    """A record's ``act`` line as an Action; ``claimed`` is the discard a chi/pong/kong takes.
    Raises ValueError for a malformed line."""
    seat = line.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
        raise ValueError(f"'seat' must be 0-3, not {seat!r}")
    written = line.get("a")
    if not isinstance(written, str) or written not in ACTION_TYPES:
        raise ValueError(f"unknown action {written!r}")
    kind = ActionType(written)
    tile = None
    tiles: tuple[int, ...] = ()
    if kind in _OWN_TILE:
        if not isinstance(line.get("tile"), str):
            raise ValueError(f"action {kind} needs a 'tile'")
        tile = parse_tile(line["tile"])
    elif kind in CALLS:
        tile = claimed
    if kind == ActionType.CHI:
        raw = line.get("tiles")
        if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(x, str) for x in raw):
            raise ValueError("action chi needs 'tiles': the two hand tiles used")
        tiles = tuple(sorted(parse_tile(x) for x in raw))
    return Action(seat, kind, tile, tiles)


def take_back(game: Game, seat: int) -> Game:
    """悔牌: the hand as it stood before ``seat``'s last discard, while nobody has acted on it:
    after it, no claim and no later discard, only the others letting it go (过; a seat that may
    claim says so at once, and its pass is taken back with the tile). The hand is dealt again
    from the same wall and the decisions before that discard applied again, as a record is
    replayed; ``game`` is left as it was. Raises ``IllegalAction``: the hand is over, or there
    is no such discard. A hand whose windows are held open (``hold_windows``: an online room,
    hot-seat) closes them outside its decisions and cannot be taken back."""
    if game.hold_windows:
        raise ValueError("a hand whose claim windows are held open cannot be taken back")
    if game.phase == Phase.OVER:
        raise _no(RefusalCode.HAND_OVER, "the hand is over")
    at = taken_back_at(game.decisions)
    if at is None or game.decisions[at].seat != seat:
        raise _no(
            RefusalCode.NOTHING_TO_TAKE_BACK,
            f"seat {seat} has no discard that nobody has acted on yet",
            seat=seat,
        )
    again = Game(game.wall_tiles, game.dealer, game.streak, game.dice, game.config)
    for action in game.decisions[:at]:
        again.apply(action)
    return again


def taken_back_at(decisions: Sequence[Action]) -> int | None:
    """Where the discard a take back would take lies: the last decision that is not a pass,
    if it is a discard (None otherwise)."""
    at = len(decisions) - 1
    while at >= 0 and decisions[at].type == ActionType.PASS:
        at -= 1
    return at if at >= 0 and decisions[at].type == ActionType.DISCARD else None
