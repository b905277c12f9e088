"""Why the engine says no, as words a view can translate (words, not strings).

A ``Refusal`` has a ``code`` (what kind of no), ``params`` (the facts it depends on: a seat, a
tile, a pattern) and ``text``, the engine's own sentence for logs, records' error messages and
the command-line tools. Views translate by ``code`` and ``params`` and never parse ``text``.

Two families:

- an illegal action (``IllegalAction.refusal``): not your turn, a gold discarded, …;
  ``WIN_REFUSED`` wraps the reason the tile may not be won (``cause``);
- why a tile that completes a hand may not be won (``Observation.win_blocked``,
  ``WinScore.refusal``): a 单钓/闲金 lock (§9), the discard-win restriction (§9), a declined
  三金倒 that a win must out-pay (§7), or a hand that is no win at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class RefusalCode(StrEnum):
    # an action that is not legal now (IllegalAction)
    HAND_OVER = "hand_over"
    NO_SUCH_SEAT = "no_such_seat"
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_ACTION = "unknown_action"
    GOLD_DISCARD = "gold_discard"
    NOT_IN_HAND = "not_in_hand"
    WIN_REFUSED = "win_refused"
    DISCARD_AFTER_CALL = "discard_after_call"
    KONG_IMPOSSIBLE = "kong_impossible"
    NOT_A_WIN = "not_a_win"
    NOT_ALLOWED = "not_allowed"
    # 悔牌 (taking back your last discard) refused
    NOTHING_TO_TAKE_BACK = "nothing_to_take_back"  # no discard of yours that nobody acted on
    TAKE_BACK_OFF = "take_back_off"  # the setting is off
    TAKE_BACK_HERE = "take_back_here"  # only at a table with bots alone: not online, hot-seat
    # why a completing tile may not be won
    LOCK = "lock"  # params: seat (the one waiting), wait ("dandiao" / "xianjin")
    RESTRICTION = "restriction"  # params: need (the least pattern), pattern (this win's)
    DECLINED = "declined"  # params: floor (what 三金倒 pays), total (what this win pays)
    # why tiles are no win (calc, a claimed win that is none)
    WRONG_SIZE = "wrong_size"  # params: concealed, melds, tiles (what the hand should hold)
    SELF_DRAW_ONLY = "self_draw_only"  # 三金倒 without a complete hand, not self-drawn
    NO_SHAPE = "no_shape"  # the tiles do not form melds and a pair


@dataclass(frozen=True)
class Refusal:
    code: RefusalCode
    text: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)
    cause: Refusal | None = None  # WIN_REFUSED: why the win was refused

    def __str__(self) -> str:
        return self.text

    @classmethod
    def win_refused(cls, cause: Refusal) -> Refusal:
        """胡 chosen where the tile may not be won (``cause`` says why)."""
        return cls(RefusalCode.WIN_REFUSED, f"no 胡: {cause.text}", cause=cause)

    def root(self) -> Refusal:
        """The innermost reason (a refused 胡's lock or restriction)."""
        return self.cause.root() if self.cause is not None else self
