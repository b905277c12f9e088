"""A session at the table: the engine's Session, who sits where, and whose move it is.

Pure Python (no Textual): the screen asks it what to draw and hands it every decision, the
human's and the bots', which it passes to the engine's ``apply``. It never decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..bots.base import BOTS, Player, make_bot
from ..rules.config import RuleConfig
from ..rules.game import OVER, Action, Event, Game, HandResult, Observation
from ..rules.session import Session

HUMAN = 0
PACES = {"instant": 0.0, "fast": 0.25, "normal": 0.6, "relaxed": 1.2}
_LEVEL_ORDER = ("easy", "normal", "hard", "greedy", "random")
BOT_LEVELS = tuple(lvl for lvl in _LEVEL_ORDER if lvl in BOTS) + tuple(
    sorted(set(BOTS) - set(_LEVEL_ORDER))
)
DEFAULT_BOT = "normal" if "normal" in BOTS else "greedy"


def bot_seed(seed: int, seat: int) -> int:
    return seed * 7919 + 104729 * (seat + 1)


@dataclass
class Match:
    """One human (seat 0) and three bots playing a Session, hand after hand."""

    session: Session
    bots: list[str]  # levels of seats 1-3
    players: dict[int, Player] = field(default_factory=dict)
    history: list[list[int]] = field(default_factory=list)  # scores after each hand
    version: int = 0  # bumped by every applied action: stale bot choices are dropped
    game: Game = field(init=False)

    def __post_init__(self) -> None:
        if not self.players:
            seed = self.session.seed
            self.players = {
                s: make_bot(lvl, bot_seed(seed, s)) for s, lvl in enumerate(self.bots, 1)
            }
        if not self.history:
            self.history = [list(self.session.scores)]
        self.game = self.session.game or self.session.start_hand()

    @classmethod
    def new(
        cls, seed: int, bots: Sequence[str], rounds: int = 1, config: RuleConfig | None = None
    ) -> Match:
        return cls(Session(config or RuleConfig(), seed, rounds=rounds), list(bots))

    @property
    def hand_over(self) -> bool:
        return self.game.phase == OVER

    def observation(self, seat: int = HUMAN) -> Observation:
        return self.game.observation(seat)

    def next_bot(self) -> tuple[int, Observation, int] | None:
        """The first bot that must decide now, what it sees, and the state version."""
        for seat in self.game.to_act():
            if seat != HUMAN:
                return seat, self.game.observation(seat), self.version
        return None

    def apply(self, action: Action) -> list[Event]:
        """The engine's ``apply``: raises ``IllegalAction`` and changes nothing if refused."""
        events = self.game.apply(action)
        self.version += 1
        return events

    def finish_hand(self) -> HandResult:
        result = self.session.finish_hand()
        self.history.append(list(self.session.scores))
        return result

    def next_hand(self) -> Game:
        self.game = self.session.start_hand()
        self.version += 1
        return self.game

    @property
    def session_over(self) -> bool:
        return self.session.over

    @property
    def round_number(self) -> int:
        """The 圈 being played, 1-based (a 圈 ends when the deal has passed four times)."""
        return min(self.session.passes // 4 + 1, self.session.rounds or 1)
