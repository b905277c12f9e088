"""Heuristic bots (easy, normal and the shared flow of all levels), all from the seat's Observation.

- easy: lowest shanten with simple tie-breaks; calls most offers; takes every win; keeps the
  wrong tile 15% of the time, as beginners do.
- normal: tile efficiency: shanten, then effective tiles (受入) counted against what it can
  see; calls only when a call brings the hand closer; takes 抢金 and 三金倒. On purpose it
  keeps the wrong tile 10% of the time and lets 30% of the calls that would help go by, so
  that it sits between easy and hard (docs/research/bots.md, "The ladder").
- hard is in hard.py; ``baseline`` (baseline.py), the reference the others are measured
  against, is frozen and inherits nothing from these.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..rules import shapes
from ..rules.game import Action, ActionType, Observation, Phase
from ..rules.tiles import face, face_counts
from .evaluate import (
    effective_tiles,
    groups_left,
    isolation,
    unseen_faces,
    unseen_tiles,
)


@dataclass
class Candidate:
    """One discard (or call-then-discard) as a bot weighs it."""

    action: Action
    counts: list[int]
    jokers: int
    groups: int
    shanten: int
    ukeire: float = 0  # effective tiles (hard: weighted by calls, see effective_tiles)
    score: float = 0.0


class HeuristicBot:
    """Shared decision flow; the levels differ in how they rank discards and calls."""

    name = "heuristic"
    mistake_rate = 0.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # ------------------------------------------------------------------ entry point
    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        if ActionType.ROB_GOLD in by_type:
            return by_type[ActionType.ROB_GOLD][0]
        if ActionType.WIN in by_type:
            return by_type[ActionType.WIN][0]
        if ActionType.THREE_GOLD in by_type:
            if self.take_three_gold(obs):
                return by_type[ActionType.THREE_GOLD][0]
            if ActionType.DECLINE_THREE_GOLD in by_type and obs.phase != Phase.TURN:
                return by_type[ActionType.DECLINE_THREE_GOLD][0]
        if obs.phase == Phase.TURN:
            return self.turn(obs, by_type)
        calls = [a for a in legal if a.type in (ActionType.CHI, ActionType.PONG, ActionType.KONG)]
        if calls:
            best = self.best_call(obs, calls)
            if best is not None:
                return best
        return next(a for a in legal if a.type in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD))

    def take_three_gold(self, obs: Observation) -> bool:
        return True

    # ------------------------------------------------------------------ own turn
    def turn(self, obs: Observation, by_type: dict[str, list[Action]]) -> Action:
        now = self.candidate_from(
            obs, list(obs.hand), Action(obs.seat, ActionType.PASS), groups_left(obs)
        )
        for kind in (ActionType.ANKONG, ActionType.ADDKONG):
            for a in by_type.get(kind, []):
                if self.kong_keeps_shape(obs, a, now.shanten):
                    return a
        discards = by_type.get(ActionType.DISCARD, [])
        if not discards:  # only golds in hand: nothing else is possible
            return obs.legal[0]
        return self.pick_discard(obs, list(obs.hand), discards, groups_left(obs)).action

    def kong_keeps_shape(self, obs: Observation, action: Action, shanten_now: int) -> bool:
        rest = list(obs.hand)
        for t in action.uses():
            rest.remove(t)
        groups = groups_left(obs) - (1 if action.type == ActionType.ANKONG else 0)
        # after the kong a replacement tile comes: compare on the hand without the spare
        counts, jokers = face_counts(rest, obs.gold)
        return shapes.shanten(counts, jokers, groups) - 1 <= shanten_now

    def candidate_from(
        self, obs: Observation, tiles: list[int], action: Action, groups: int
    ) -> Candidate:
        counts, jokers = face_counts(tiles, obs.gold)
        return Candidate(action, counts, jokers, groups, shapes.shanten(counts, jokers, groups))

    def discard_candidates(
        self, obs: Observation, tiles: list[int], discards: list[Action], groups: int
    ) -> list[Candidate]:
        counts, jokers = face_counts(tiles, obs.gold)
        out = []
        for a in discards:
            f = face(a.tile, obs.gold)  # type: ignore[arg-type]
            c = list(counts)
            c[f] -= 1
            out.append(Candidate(a, c, jokers, groups, shapes.shanten(c, jokers, groups)))
        return out

    def pick_discard(
        self, obs: Observation, tiles: list[int], discards: list[Action], groups: int
    ) -> Candidate:
        cands = self.discard_candidates(obs, tiles, discards, groups)
        self.rank(obs, cands)
        cands.sort(key=lambda c: c.score, reverse=True)
        if self.mistake_rate and len(cands) > 1 and self.rng.random() < self.mistake_rate:
            return cands[1]
        return cands[0]

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ calls
    def call_outcome(self, obs: Observation, call: Action) -> Candidate | None:
        """The best hand after making the call (and, for 吃/碰, its discard)."""
        rest = list(obs.hand)
        for t in call.uses():
            rest.remove(t)
        groups = groups_left(obs) - 1
        if call.type == ActionType.KONG:
            cand = self.candidate_from(obs, rest, call, groups)
            cand.shanten -= 1  # the replacement tile is one more draw
            return cand
        discards = [
            Action(obs.seat, ActionType.DISCARD, t) for t in sorted(set(rest)) if t != obs.gold
        ]
        if not discards:
            return None
        best = self.pick_discard(obs, rest, discards, groups)
        best.action = call
        return best

    def best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        raise NotImplementedError

    def closer_call(self, obs: Observation, calls: list[Action]) -> Candidate | None:
        """The call that brings the hand closest (then with the most effective tiles, as
        ``rank`` counts them after its best discard), if any brings it closer at all."""
        now = self.candidate_from(obs, list(obs.hand), calls[0], groups_left(obs)).shanten
        best: Candidate | None = None
        for call in calls:
            after = self.call_outcome(obs, call)
            if after is None or after.shanten >= now:
                continue
            if best is None or (after.shanten, -after.ukeire) < (best.shanten, -best.ukeire):
                best = after
        return best


class EasyBot(HeuristicBot):
    """Lowest shanten, lonely tiles out first; calls whatever does not set it back."""

    name = "easy"
    mistake_rate = 0.15

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        for c in cands:
            f = face(c.action.tile, obs.gold) if c.action.tile is not None else 0
            c.score = -10 * c.shanten + isolation(c.counts, f) + self.rng.random() * 0.5

    def best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        now = self.candidate_from(obs, list(obs.hand), calls[0], groups_left(obs)).shanten
        for call in calls:
            after = self.call_outcome(obs, call)
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
        best = self.closer_call(obs, calls)
        if best is None or (self.call_miss_rate and self.rng.random() < self.call_miss_rate):
            return None
        return best.action
