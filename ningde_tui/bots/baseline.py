"""``baseline``: a frozen copy of the hard bot's play before its call model, pattern play and
read of the others, so that every change to the bots is measured against the same opponent.
Not offered on the start screen (it is registered in ``base.REFERENCE_BOTS``, not ``BOTS``);
``ningde simulate`` and the benchmarks know it.

Do not change its play: tests/bots/test_bots_baseline.py pins its decisions over a few seeded
hands. Its play is made of plain.py's functions, which are frozen for it — the decision flow
and the judgement — put together here with its own numbers; it imports nothing from the levels
(levels.py, hard.py). The levels call the same functions where they play alike (composition,
not inheritance), so no change to easy, normal or hard can move it: a level that wants other
judgement writes its own function instead of changing one in plain.py.

What it does (hard.py describes the same judgement, which hard builds on): counts speed as
this short game is played — a tile that advances the hand is worth more when another seat's
discard can also bring it, and a discard the others can call costs something; when ready,
weighs each winning tile by what a win on it pays; passes up a discard 平胡 when its next draw
is likely to self-draw, which pays double; skips a cheap win, or 三金倒, while a 金雀 is close
and time remains; keeps tiles of a suit an opponent visibly collects (清一色) when it can; calls
吃/碰/杠 exactly when the call brings the hand closer. It never makes a deliberate mistake, so
its seed changes nothing.
"""

from __future__ import annotations

from ..rules.game import Action, Observation
from . import plain
from .plain import ByType, Candidate

# Each seat whose discard could bring a tile counts this much beside drawing it.
CALL_WEIGHT = 0.5
# What a discard that lets another seat 吃/碰 costs, in effective tiles, at its chance.
FEED_COST = 5.0
# Pass a discard 平胡 when the next own draw alone is worth this share of it.
SELF_DRAW_MARGIN = 0.5
OPPONENT_SELF_DRAW = 0.06  # chance an opponent self-draws a win on one of its draws
OTHER_CLAIM = 0.10  # chance another seat wins the discard I pass (no lock on)
# Most wins come off a discard; the rest are self-drawn.
SHARE_SELF = 0.3


class BaselineBot:
    """The frozen reference: speed counted with the other seats' discards, wins weighed by
    what they pay, a cheap discard win passed up for a likely self-draw, 金雀 over cheap wins,
    and a call exactly when it brings the hand closer."""

    name = "baseline"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused: baseline plays the same whatever its seed

    def choose(self, obs: Observation) -> Action:
        held = plain.pass_up_win(obs, self.pick_discard, _wait_for_self_draw)
        if held is not None:
            return held
        return plain.decide(obs, plain.take_three_gold, self._turn, self._best_call)

    def _turn(self, obs: Observation, by_type: ByType) -> Action:
        return plain.turn(obs, by_type, self.pick_discard)

    def _best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        best = plain.closer_call(obs, calls, self.pick_discard)
        return best.action if best is not None else None

    # benchmarks/audit_bots.py reads a bot's discards through these three, as the levels'
    discard_candidates = staticmethod(plain.discard_candidates)

    def pick_discard(
        self, obs: Observation, tiles: list[int], discards: list[Action], groups: int
    ) -> Candidate:
        return plain.ranked(obs, tiles, discards, groups, self.rank)[0]

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        plain.rate_discards(obs, cands, CALL_WEIGHT, FEED_COST, SHARE_SELF)


def _wait_for_self_draw(obs: Observation) -> bool:
    return plain.wait_for_self_draw(obs, OPPONENT_SELF_DRAW, OTHER_CLAIM, SELF_DRAW_MARGIN)
