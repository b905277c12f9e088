"""What the table draws: one viewer's view of a hand, and the one rule of who may see which hand.

The board, its widgets, the hints and the result are drawn from a ``TableView`` and nothing
else. A local game (``Match.view``) and a record (``ReplayModel.view_at``) build one from the
engine with ``table_view``; a seat of an online room builds one from the room's messages. What a
view may hold is decided by its ``Sight``:

- one player at the table sees their own hand (``Sight.of_player``);
- a hot-seat table under its cover sees no hand at all, and each human only their own when the
  cover lifts (``Sight.of_player(None)``, then the seat);
- a demo, a record watched face up and a hand's result see every hand (``Sight.everyone``);
- a record watched as one seat saw it sees that seat's hand.

Nothing else in the UI decides it: a hand that is not in ``TableView.hands`` cannot be drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..rules.game import Action, Event, Game, HandResult, Observation, watcher_view
from ..rules.melds import Meld


@dataclass(frozen=True)
class Sight:
    """Whose private view a table shows: ``viewer``'s own (None: nobody's), or, with
    ``open_hands``, every hand face up."""

    viewer: int | None = None
    open_hands: bool = False

    @classmethod
    def of_player(cls, seat: int | None) -> Sight:
        return cls(seat, False)

    @classmethod
    def everyone(cls, bottom: int = 0) -> Sight:
        return cls(bottom, True)

    def shows(self, seat: int) -> bool:
        """May ``seat``'s concealed tiles (and its 暗杠's faces) be drawn?"""
        return self.open_hands or seat == self.viewer


@dataclass(frozen=True)
class SeatHand:
    """A seat's concealed tiles and melds face up (its 暗杠 too)."""

    tiles: tuple[int, ...]
    drawn: int | None  # the tile just drawn (one of ``tiles``), if any
    melds: tuple[Meld, ...]


@dataclass(frozen=True)
class Standings:
    """Where the session stands after a hand: its number, the scores after every hand so far
    (the first entry: before the first hand), the totals, and whether the session is over."""

    hand_no: int
    history: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    final: bool = False


@dataclass(frozen=True)
class TableView:
    """A hand as one viewer may know it.

    ``obs`` is the bottom seat's Observation — or, where the sight does not include that seat,
    what a watcher sitting there may know (no hand, no choices). ``hands`` holds, per seat, the
    concealed tiles the sight lets the view show (None: face down). ``waiting`` is whose
    decision the table waits for as the viewer may know it."""

    obs: Observation
    sight: Sight
    hands: tuple[SeatHand | None, ...]
    waiting: tuple[int, ...]
    scores: tuple[int, ...]
    levels: tuple[str, ...]  # per seat: a bot's level, "" for a human
    hand_no: int = 1
    round_no: int = 1
    rounds: int = 0  # 0: hands go on until stopped
    result: HandResult | None = None  # once the hand is over
    connected: tuple[bool, ...] = (True, True, True, True)

    @property
    def bottom(self) -> int:
        return self.obs.seat

    def shows(self, seat: int) -> bool:
        return self.hands[seat] is not None

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """A seat's melds as this view may draw them: face up where its hand is shown."""
        hand = self.hands[seat]
        return hand.melds if hand is not None else self.obs.melds[seat]


@dataclass(frozen=True)
class Scoreboard:
    """What a table knows besides the hand: the scores, which hand and round it is, who plays."""

    scores: tuple[int, ...]
    levels: tuple[str, ...]
    hand_no: int = 1
    round_no: int = 1
    rounds: int = 0
    connected: tuple[bool, ...] = (True, True, True, True)


def table_view(game: Game, bottom: int, sight: Sight, board: Scoreboard) -> TableView:
    """The hand as ``sight`` may know it, drawn from ``bottom``'s seat (the privacy rule)."""
    obs = game.observation(bottom)
    if not sight.shows(bottom):
        obs = watcher_view(obs, game.history(None))
    hands = tuple(
        SeatHand(tuple(game.hands[s]), game.just_drawn(s), tuple(game.melds[s]))
        if sight.shows(s)
        else None
        for s in range(4)
    )
    waiting = tuple(game.to_act()) if sight.open_hands else obs.to_act
    return TableView(
        obs,
        sight,
        hands,
        waiting,
        board.scores,
        board.levels,
        board.hand_no,
        board.round_no,
        board.rounds,
        game.result,
        board.connected,
    )


class TableSource(Protocol):
    """What the table in play is played against (``Match``, a local game): it keeps the
    engine, and the table asks it only for views and hands it decisions."""

    humans: tuple[int, ...]
    names: list[str] | None
    version: int  # bumped by every applied decision: a bot's stale choice is dropped

    def level(self, seat: int) -> str: ...
    def is_human(self, seat: int) -> bool: ...
    def view(self, bottom: int, sight: Sight) -> TableView: ...
    def next_human(self) -> int | None: ...
    def next_bot(self) -> tuple[int, Observation, int] | None: ...
    def bot_action(self, seat: int, obs: Observation) -> Action: ...
    def apply(self, action: Action) -> list[Event]: ...
    def take_back(self, seat: int, enabled: bool) -> int: ...
    def hold_claims(self) -> None: ...
    def open_call(self) -> tuple[object, Event | None] | None: ...
    def let_go(self, take_wins: bool = False) -> list[Event]: ...
    def finish_hand(self) -> HandResult: ...
    def standings(self, final: bool | None = None) -> Standings: ...
    def next_hand(self) -> object: ...
    def review_from(self) -> tuple[Path, int] | None: ...
    def close(self) -> None: ...

    @property
    def hand_over(self) -> bool: ...
    @property
    def session_over(self) -> bool: ...
    @property
    def hands_played(self) -> int: ...
