"""The hot-seat cover's choreography: when the table hides behind the cover, and for whom it lifts.

Several humans share one screen, so nobody may see another's hand, choices or hints. Before a
different human decides, the table is covered ("请 X 接手") and shows nothing private; it lifts
for that human only. After a human's decision the cover comes up at once — unless the same
player goes on (their own call, kong, …) — before the bots play and before anyone knows who
decides next: it says "one moment" and names the next player only once it has been up for the
pace's hold and the bots are done. So its timing is the same whether someone may claim or
nobody can, and it tells the player who just acted nothing.

A discard, though, is everyone's business at once: at a real table each player may call 吃,
碰, 杠 or 胡 in the pause after it, and a quick pass tells nobody anything. Naming the one
player who could claim would tell the others what they hold, so no claim is ever offered by
name. After every discard (and 加杠) the cover shows the tile to everyone and takes calls for
``call_seconds`` — whether or not anyone may claim: a player who wants the tile presses their
seat's number, the cover names them as it names anyone, and they decide (a player who called
with nothing to claim just hands back, as a bluff or a slip would at a real table). Nobody
calling in time lets the tile go (a win too, unless 自动胡 is on). So the cover's coming tells
no more than a real table's pause: that someone called, as a long think would.

``HotSeat`` only decides; the table screen carries out what it returns (push the cover, name
the player on it, lift it) and asks again when the table moves on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Cover(StrEnum):
    """What the screen must do now."""

    NOTHING = "nothing"
    PUT_UP = "put_up"  # cover the table (for ``HotSeat.covered_for``, None: not yet known)
    NAME = "name"  # name ``covered_for`` on the cover that is up
    CALL = "call"  # the cover shows the discard and takes calls (``HotSeat.calling``)


def call_seconds(hold: float) -> float:
    """How long the cover takes calls after a discard: twice the pace's hold, a second at
    least (a player must read the tile and reach their key)."""
    return max(1.0, 2 * hold)


@dataclass
class HotSeat:
    """Whose private view a hot-seat table shows (``viewer``; None under the cover)."""

    hold: float  # seconds a cover stays anonymous at least
    viewer: int | None = None
    up_since: float | None = None  # the cover is up (a clock reading), None: it is not
    covered_for: int | None = None  # the human the cover waits for, once known
    calling: object = None  # the discard's window the cover takes calls for
    call_until: float = 0.0  # when the calls end
    caller: int | None = None  # who called (the window is theirs to decide)

    @property
    def covered(self) -> bool:
        return self.up_since is not None

    def check(self, next_human: int | None, now: float) -> Cover:
        """Before a different human decides, cover the table for them; a cover put up before
        anyone knew who decides next names them once it has been up for ``hold``."""
        if self.up_since is not None:
            ready = now - self.up_since >= self.hold
            if self.covered_for is None and next_human is not None and ready:
                self.covered_for = next_human
                return Cover.NAME
            return Cover.NOTHING
        if next_human is None or next_human == self.viewer:
            return Cover.NOTHING
        return self._put_up(next_human, now)

    def after_decision(
        self, seat: int, next_human: int | None, hand_over: bool, now: float
    ) -> Cover:
        """``seat`` has decided: unless it goes on at once, cover the table, anonymously."""
        if hand_over or next_human == seat:
            return Cover.NOTHING
        return self._put_up(None, now)

    def take_calls(self, window: object, now: float) -> Cover:
        """A discard's window is open and only people are left to decide it (or nobody): the
        cover shows the tile and takes calls until ``call_until``, the same whoever may
        claim. Asked again for the same window, nothing more happens."""
        if window is self.calling:
            return Cover.NOTHING
        self.calling, self.caller = window, None
        self.call_until = now + call_seconds(self.hold)
        self.viewer, self.covered_for = None, None
        if self.up_since is None:
            self.up_since = now
        return Cover.CALL

    def call(self, seat: int, now: float) -> Cover:
        """``seat``'s player calls (their seat's key on the cover), in time and first: the
        cover names them."""
        if self.calling is None or self.caller is not None or now > self.call_until:
            return Cover.NOTHING
        self.caller = self.covered_for = seat
        return Cover.NAME

    def calls_over(self, now: float) -> bool:
        """The calls are over with nobody calling: the window's people let the tile go."""
        return self.calling is not None and self.caller is None and now >= self.call_until

    def window_closed(self) -> None:
        """The window is decided (the caller chose, or nobody called)."""
        self.calling, self.caller = None, None

    def _put_up(self, human: int | None, now: float) -> Cover:
        self.viewer = None
        self.up_since = now
        self.covered_for = human
        return Cover.PUT_UP

    def lift(self) -> int | None:
        """The cover is gone: the table shows the human it waited for (None: nobody yet)."""
        self.viewer, self.covered_for, self.up_since = self.covered_for, None, None
        return self.viewer

    def new_hand(self) -> None:
        """A new deal: nobody's hand until the cover lifts for the first human to decide."""
        self.viewer = None
        self.window_closed()
