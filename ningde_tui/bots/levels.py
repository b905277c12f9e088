"""Heuristic bots (easy, normal and the shared flow of all levels), all from the seat's Observation.

- easy: lowest shanten with simple tie-breaks; calls most offers; takes every win; keeps the
  wrong tile 15% of the time, as beginners do.
- normal: tile efficiency: shanten, then effective tiles (受入) counted against what it can
  see; calls only when a call brings the hand closer; takes 抢金 and 三金倒. On purpose it
  keeps the wrong tile 10% of the time and lets 30% of the calls that would help go by, so
  that it sits between easy and hard (docs/research/bots.md, "The ladder").
- hard is in hard.py; ``baseline`` (baseline.py), the reference the others are measured
  against, is frozen and inherits nothing from these.

The flow (``HeuristicBot``) calls plain.py's functions (frozen: baseline is made of them)
with each level's own steps: its ``rank``, its ``pick_discard`` and its call rule. A level
that wants a different flow writes its own function rather than changing one there.
"""

from __future__ import annotations

import random

from ..rules.game import Action, Observation
from ..rules.tiles import face
from . import plain
from .evaluate import (
    effective_tiles,
    groups_left,
    isolation,
    unseen_faces,
    unseen_tiles,
)
from .plain import ByType, Candidate


class HeuristicBot:
    """Shared decision flow; the levels differ in how they rank discards and calls."""

    name = "heuristic"
    mistake_rate = 0.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        return plain.decide(obs, self.take_three_gold, self.turn, self.best_call)

    def take_three_gold(self, obs: Observation) -> bool:
        return True

    def turn(self, obs: Observation, by_type: ByType) -> Action:
        return plain.turn(obs, by_type, self.pick_discard)

    # ------------------------------------------------------------------ discards
    discard_candidates = staticmethod(plain.discard_candidates)

    def pick_discard(
        self, obs: Observation, tiles: list[int], discards: list[Action], groups: int
    ) -> Candidate:
        cands = plain.ranked(obs, tiles, discards, groups, self.rank)
        if self.mistake_rate and len(cands) > 1 and self.rng.random() < self.mistake_rate:
            return cands[1]
        return cands[0]

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ calls
    def best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        raise NotImplementedError


class EasyBot(HeuristicBot):
    """Lowest shanten, lonely tiles out first; calls whatever does not set it back."""

    name = "easy"
    mistake_rate = 0.15

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        for c in cands:
            f = face(c.action.tile, obs.gold) if c.action.tile is not None else 0
            c.score = -10 * c.shanten + isolation(c.counts, f) + self.rng.random() * 0.5

    def best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        now = plain.shanten_of(obs, list(obs.hand), groups_left(obs))
        for call in calls:
            after = plain.call_outcome(obs, call, self.pick_discard)
            if after is not None and after.shanten <= now:
                return call
        return None


class NormalBot(HeuristicBot):
    """Tile efficiency: shanten first, then effective tiles among the unseen."""

    name = "normal"
    # Some of the time it keeps the wrong tile (the second-best discard) or lets a call that
    # would help go by, so that it sits between easy and hard (docs/research/bots.md, "The
    # ladder": the rates that give each step of it at least +0.3 points a hand).
    mistake_rate = 0.1
    call_miss_rate = 0.3

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
        best = min(c.shanten for c in cands)
        for c in cands:
            f = face(c.action.tile, obs.gold) if c.action.tile is not None else 0
            if c.shanten == best:
                c.ukeire = effective_tiles(
                    c.counts, c.jokers, c.groups, c.shanten, faces_unseen, golds_unseen
                )
            c.score = -100 * c.shanten + c.ukeire + 0.1 * isolation(c.counts, f)

    def best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        best = plain.closer_call(obs, calls, self.pick_discard)
        if best is None or (self.call_miss_rate and self.rng.random() < self.call_miss_rate):
            return None
        return best.action
