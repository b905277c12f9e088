"""A record as steps to watch: each hand's state after each decision, rebuilt through the engine.

``record.replay_file`` has checked the record and holds every hand's decisions in the order the
engine applied them (passes not written in the record included). A step is one decision; a run
of passes (everyone let a discard go) is one step, since nothing on the table changes until the
last of them. The state at a step is a fresh ``Game`` from the hand's setup with the decisions up
to that step re-applied (a hand of a hundred decisions rebuilds in about a millisecond).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...records.record import Replay, replay_file
from ...records.storage import SeatInfo, seats_from_header
from ...rules.config import RuleConfig
from ...rules.game import Action, ActionType, Game
from ...rules.session import HandSetup
from ...table.view import Scoreboard, Sight, TableView, table_view


@dataclass
class HandSteps:
    number: int
    setup: HandSetup
    decisions: list[Action]
    marks: list[int]  # decisions applied at each step; marks[0] == 0 (the deal)
    result: dict | None  # as ``replay --check --json`` prints it; None if unfinished
    scores_before: tuple[int, ...]

    @property
    def steps(self) -> int:
        """The last step's index (steps run 0..steps)."""
        return len(self.marks) - 1


def step_marks(decisions: list[Action]) -> list[int]:
    marks = [0]
    i, n = 0, len(decisions)
    while i < n:
        if decisions[i].type == ActionType.PASS:
            while i < n and decisions[i].type == ActionType.PASS:
                i += 1
        else:
            i += 1
        marks.append(i)
    return marks


class ReplayModel:
    def __init__(self, replay: Replay, path: Path | None = None) -> None:
        self.path = path
        self.replay = replay
        self.config: RuleConfig = replay.config
        self.seed = replay.header.get("seed")
        self.seats: list[SeatInfo] = seats_from_header(replay.header)
        self.warnings = list(replay.warnings)  # e.g. a torn last line, left out
        self.hands: list[HandSteps] = []
        scores: tuple[int, ...] = (0, 0, 0, 0)
        for hand in replay.hands:
            decisions = list(hand.game.decisions)
            self.hands.append(
                HandSteps(
                    hand.number, hand.setup, decisions, step_marks(decisions), hand.result, scores
                )
            )
            if hand.result is not None:
                scores = tuple(hand.result["scores"])

    @classmethod
    def load(cls, path: str | Path) -> ReplayModel:
        """Raises RecordError (line, reason) for a record that cannot be replayed."""
        return cls(replay_file(path), Path(path))

    @property
    def session_over(self) -> bool:
        """The record holds a game played to its end: its last hand finished and, with a
        player at the table, the deal passed round as often as its 圈 ask (as the list of
        recent games tells a finished game)."""
        replay = self.replay
        if not any(s.human for s in self.seats):
            return replay.finished
        return replay.finished and replay.session.passes >= 4 * replay.config.rounds

    def game_at(self, hand: int, step: int) -> Game:
        h = self.hands[hand]
        s = h.setup
        game = Game(s.wall, s.dealer, s.streak, s.dice, self.config)
        for action in h.decisions[: h.marks[step]]:
            game.apply(action)
        return game

    def view_at(self, hand: int, step: int, bottom: int, sight: Sight) -> TableView:
        """The table at (hand, step) as ``sight`` may know it, from ``bottom``'s chair."""
        h = self.hands[hand]
        levels = tuple("" if s.human else s.level for s in self.seats)
        board = Scoreboard(h.scores_before, levels, h.number)
        return table_view(self.game_at(hand, step), bottom, sight, board)

    def decisions_of(self, hand: int, step: int) -> list[Action]:
        """The decisions that led to this step (empty for the deal)."""
        h = self.hands[hand]
        if step == 0:
            return []
        return h.decisions[h.marks[step - 1] : h.marks[step]]
