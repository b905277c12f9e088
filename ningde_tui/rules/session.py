"""A session of several hands: dealer rotation, 连庄, 圈 and running scores (rules.md §2)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .config import RuleConfig
from .game import Game, HandResult
from .wall import roll_dice, shuffled_wall


@dataclass
class HandSetup:
    """What a hand starts from; a record's ``hand`` line holds exactly this."""

    dealer: int
    streak: int
    dice: tuple[int, int]
    wall: list[int]


@dataclass
class Session:
    """Hands in sequence from one seed. The same seed gives the same walls and dice."""

    config: RuleConfig = field(default_factory=RuleConfig)
    seed: int = 0
    rounds: int | None = None  # None: as in config; 0: never ends by itself (simulation)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.dealer = self.rng.randrange(4)  # 定庄: random from the seed
        self.streak = 1
        self.passes = 0  # times the deal has passed on to the next seat
        self.scores = [0, 0, 0, 0]
        self.results: list[HandResult] = []
        self.game: Game | None = None
        if self.rounds is None:
            self.rounds = self.config.rounds

    @property
    def hand_number(self) -> int:
        """1-based number of the current (or next) hand."""
        return len(self.results) + (1 if self.game is not None and self.game.result is None else 0)

    @property
    def over(self) -> bool:
        """A session of N 圈 ends when the deal has passed on 4N times (rules.md §2)."""
        return bool(self.rounds) and self.passes >= 4 * (self.rounds or 0)

    def next_setup(self) -> HandSetup:
        """The next hand's wall and dice, drawn from the session's random stream."""
        wall = shuffled_wall(self.rng)
        dice = roll_dice(self.rng)
        return HandSetup(self.dealer, self.streak, dice, wall)

    def start_hand(self, setup: HandSetup | None = None) -> Game:
        if self.game is not None and self.game.result is None:
            raise RuntimeError("the current hand is not finished")
        setup = setup or self.next_setup()
        if (setup.dealer, setup.streak) != (self.dealer, self.streak):
            raise ValueError(
                f"this hand's dealer {setup.dealer} with streak {setup.streak} does not follow "
                f"from the previous hands (expected dealer {self.dealer}, streak {self.streak})"
            )
        self.game = Game(setup.wall, setup.dealer, setup.streak, setup.dice, self.config)
        return self.game

    def finish_hand(self) -> HandResult:
        """Book the finished hand's result and move the deal on (连庄 or the 下家)."""
        game = self.game
        assert game is not None and game.result is not None
        result = game.result
        self.results.append(result)
        for seat in range(4):
            self.scores[seat] += result.deltas[seat]
        if result.dealer_keeps:
            self.streak = game.streak + 1
        else:
            self.dealer = (self.dealer + 1) % 4
            self.streak = 1
            self.passes += 1
        self.game = None
        return result

    def restore(self, dealer: int, streak: int, scores: Sequence[int], passes: int) -> None:
        self.dealer, self.streak, self.scores, self.passes = dealer, streak, list(scores), passes
