"""The auto options of a player at the table, as every mahjong app has them: 自动胡 (take a
win when one is offered), 不吃 (no 吃 offers this hand), 自动过 (pass every claim but a win),
摸切 (Enter discards the tile just drawn). Their starting values are the settings'; a key
turns each on or off at the table (不吃 goes back to the setting at every new hand).

Nothing here decides a rule: an automatic decision is always one of the seat's legal actions,
chosen by its kind. The engine is imported when a decision is made, not with this module: the
settings, which hold these options, are loaded with the start screen."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules.game import Action, Observation

AUTO_OPTIONS = ("auto_win", "no_chi", "auto_pass", "draw_discard")


@dataclass(frozen=True)
class AutoPlay:
    auto_win: bool = False
    no_chi: bool = False
    auto_pass: bool = False
    draw_discard: bool = False

    def toggled(self, name: str) -> AutoPlay:
        if name not in AUTO_OPTIONS:
            raise ValueError(f"no auto option {name!r}")
        return replace(self, **{name: not getattr(self, name)})

    def on(self) -> tuple[str, ...]:
        """The options that are on, in their order."""
        return tuple(f.name for f in fields(self) if getattr(self, f.name))

    def decide(self, obs: Observation) -> tuple[Action, str] | None:
        """The decision the options make for this seat now, with the option that made it."""
        from ..rules.game import CALLS, WINS, ActionType, Phase

        legal = obs.legal
        if not legal:
            return None
        wins = [a for a in legal if a.type in WINS]
        if wins:
            return (wins[0], "auto_win") if self.auto_win else None
        passing = next((a for a in legal if a.type == ActionType.PASS), None)
        if passing is None or obs.phase != Phase.CLAIM:
            return None
        claims = [a for a in legal if a.type in CALLS]
        if self.auto_pass and claims:
            return passing, "auto_pass"
        if self.no_chi and claims and all(a.type == ActionType.CHI for a in claims):
            return passing, "no_chi"
        return None

    def discard_on_enter(self, obs: Observation) -> int | None:
        """With 摸切, the tile Enter discards: the one just drawn, unless it is a gold."""
        if not self.draw_discard or obs.drawn is None or obs.drawn == obs.gold:
            return None
        return obs.drawn
