"""Heuristic bots at three strengths (easy, normal, hard), all from the seat's Observation.

- easy: lowest shanten with simple tie-breaks; calls most offers; takes every win; sometimes
  keeps the wrong tile, as beginners do.
- normal: tile efficiency: shanten, then effective tiles (受入) counted against what it can
  see; calls only when a call brings the hand closer; takes 抢金 and 三金倒.
- hard: expected value: for each discard, the chance to win times what the win would pay
  (金雀, 清一色 and 金顺 pay far more than 平胡), less the risk of feeding a player who is
  clearly close; decides 三金倒-or-play-on by the same measure.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..rules import shapes
from ..rules.game import (
    ADDKONG,
    ANKONG_,
    CHI_,
    DECLINE_THREE_GOLD,
    DISCARD,
    KONG_,
    PASS,
    PONG_,
    ROB_GOLD,
    THREE_GOLD,
    TURN,
    WIN,
    Action,
    Observation,
)
from ..rules.tiles import NUM_FACES, face, face_counts
from .evaluate import effective_tiles, groups_left, isolation, unseen_faces, unseen_tiles


@dataclass
class Candidate:
    """One discard (or call-then-discard) as a bot weighs it."""

    action: Action
    counts: list[int]
    jokers: int
    groups: int
    shanten: int
    ukeire: int = 0
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
        if ROB_GOLD in by_type:
            return by_type[ROB_GOLD][0]
        if WIN in by_type:
            return by_type[WIN][0]
        if THREE_GOLD in by_type:
            if self.take_three_gold(obs):
                return by_type[THREE_GOLD][0]
            if DECLINE_THREE_GOLD in by_type and obs.phase != TURN:
                return by_type[DECLINE_THREE_GOLD][0]
        if obs.phase == TURN:
            return self.turn(obs, by_type)
        calls = [a for a in legal if a.type in (CHI_, PONG_, KONG_)]
        if calls:
            best = self.best_call(obs, calls)
            if best is not None:
                return best
        return next(a for a in legal if a.type in (PASS, DECLINE_THREE_GOLD))

    def take_three_gold(self, obs: Observation) -> bool:
        return True

    # ------------------------------------------------------------------ own turn
    def turn(self, obs: Observation, by_type: dict[str, list[Action]]) -> Action:
        now = self.candidate_from(obs, list(obs.hand), Action(obs.seat, PASS), groups_left(obs))
        for kind in (ANKONG_, ADDKONG):
            for a in by_type.get(kind, []):
                if self.kong_keeps_shape(obs, a, now.shanten):
                    return a
        discards = by_type.get(DISCARD, [])
        if not discards:  # only golds in hand: nothing else is possible
            return obs.legal[0]
        return self.pick_discard(obs, list(obs.hand), discards, groups_left(obs)).action

    def kong_keeps_shape(self, obs: Observation, action: Action, shanten_now: int) -> bool:
        rest = list(obs.hand)
        for t in action.uses():
            rest.remove(t)
        groups = groups_left(obs) - (1 if action.type == ANKONG_ else 0)
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
        if call.type == KONG_:
            cand = self.candidate_from(obs, rest, call, groups)
            cand.shanten -= 1  # the replacement tile is one more draw
            return cand
        discards = [Action(obs.seat, DISCARD, t) for t in sorted(set(rest)) if t != obs.gold]
        if not discards:
            return None
        best = self.pick_discard(obs, rest, discards, groups)
        best.action = call
        return best

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
        now = self.candidate_from(obs, list(obs.hand), calls[0], groups_left(obs)).shanten
        for call in calls:
            after = self.call_outcome(obs, call)
            if after is not None and after.shanten <= now:
                return call
        return None


class NormalBot(HeuristicBot):
    """Tile efficiency: shanten first, then effective tiles among the unseen."""

    name = "normal"

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
        now = self.candidate_from(obs, list(obs.hand), calls[0], groups_left(obs)).shanten
        best: Candidate | None = None
        for call in calls:
            after = self.call_outcome(obs, call)
            if after is None or after.shanten >= now:
                continue
            if best is None or (after.shanten, -after.ukeire) < (best.shanten, -best.ukeire):
                best = after
        return best.action if best is not None else None


class HardBot(NormalBot):
    """Expected value: win chance × what the win pays, against the risk of feeding others."""

    name = "hard"

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        unseen = unseen_tiles(obs)
        faces_unseen, golds_unseen = unseen_faces(unseen, obs.gold)
        pool = max(1, sum(faces_unseen) + golds_unseen)
        draws_left = max(1, obs.drawable // 4)
        seat = obs.seat
        kong_fan = sum(m.kong_fan() for m in obs.melds[seat])
        threat = self.threats(obs)
        best = min(c.shanten for c in cands)
        suit_share = self.suit_share(obs)
        for c in cands:
            f = face(c.action.tile, obs.gold) if c.action.tile is not None else 0
            if c.shanten > best + 1:
                c.score = -1000.0 * c.shanten
                continue
            b = c.jokers + kong_fan + (obs.streak if obs.dealer == seat else obs.streak / 3)
            c.ukeire = effective_tiles(
                c.counts, c.jokers, c.groups, c.shanten, faces_unseen, golds_unseen
            )
            ev = self.win_chance(c.shanten, c.ukeire, pool, draws_left) * 3 * 2 * (b + 1)
            if c.jokers >= 2:  # 金雀: the two golds as the pair
                js = shapes.melds_shanten(c.counts, c.jokers - 2, c.groups)
                juke = self.melds_ukeire(c, faces_unseen, golds_unseen, js)
                ev = max(ev, self.win_chance(js, juke, pool, draws_left) * 3 * (3 * b + 15))
            suit, share = suit_share
            if share >= 0.7:
                off = [n if i // 9 == suit else 0 for i, n in enumerate(c.counts)]
                if sum(off) >= sum(c.counts) - 1:
                    qs = shapes.shanten(off, c.jokers, c.groups)
                    quke = effective_tiles(
                        off, c.jokers, c.groups, qs,
                        [n if i // 9 == suit else 0 for i, n in enumerate(faces_unseen)],
                        golds_unseen,
                    )  # fmt: skip
                    ev = max(ev, self.win_chance(qs, quke, pool, draws_left) * 3 * (3 * b + 30))
            danger = self.danger(obs, c.action.tile, threat) if c.action.tile is not None else 0
            c.score = ev - danger + 0.01 * isolation(c.counts, f)

    @staticmethod
    def win_chance(shanten: int, ukeire: int, pool: int, draws: int) -> float:
        """A rough chance to complete from ``shanten`` with ``draws`` draws left."""
        if shanten < 0:
            return 1.0
        p = min(0.95, ukeire / pool)
        reach = 1.0 - (1.0 - p) ** max(1, draws - 2 * shanten)
        return reach * (0.42**shanten)

    @staticmethod
    def melds_ukeire(c: Candidate, faces_unseen: list[int], golds_unseen: int, now: int) -> int:
        total = golds_unseen
        counts = c.counts
        for f in range(NUM_FACES):
            n = faces_unseen[f]
            if not n:
                continue
            counts[f] += 1
            if shapes.melds_shanten(counts, c.jokers - 2, c.groups) < now:
                total += n
            counts[f] -= 1
        return total

    @staticmethod
    def suit_share(obs: Observation) -> tuple[int, float]:
        """The suit most of this seat's non-gold tiles share, and that share."""
        per_suit = [0, 0, 0]
        for t in obs.hand:
            if t != obs.gold:
                per_suit[face(t, obs.gold) // 9] += 1
        for m in obs.melds[obs.seat]:
            for t in m.tiles:
                per_suit[face(t, obs.gold) // 9] += 1
        total = max(1, sum(per_suit))
        suit = max(range(3), key=lambda s: per_suit[s])
        return suit, per_suit[suit] / total

    @staticmethod
    def threats(obs: Observation) -> dict[int, tuple[float, int | None]]:
        """How close each other player looks, and the suit of a visible 清一色 if any."""
        out: dict[int, tuple[float, int | None]] = {}
        for other in range(4):
            if other == obs.seat:
                continue
            melds = obs.melds[other]
            level = 0.15 * len(melds) + 0.02 * len(obs.ponds[other])
            suits = {face(m.tiles[0], obs.gold) // 9 for m in melds}
            pure = suits.pop() if len(melds) >= 2 and len(suits) == 1 else None
            if pure is not None:
                level += 0.3
            out[other] = (min(level, 1.0), pure)
        return out

    @staticmethod
    def danger(obs: Observation, tile: int, threat: dict[int, tuple[float, int | None]]) -> float:
        f = face(tile, obs.gold)
        total = 0.0
        for other, (level, pure) in threat.items():
            if level < 0.3 or tile in obs.ponds[other]:
                continue
            cost = 6.0 + (40.0 if pure is not None and f // 9 == pure else 0.0)
            total += level * cost
        return total

    def take_three_gold(self, obs: Observation) -> bool:
        """三金倒 now, or play on for 金雀? Play on while the 金雀 is close and time remains
        (三金倒 can still be declared after any later draw)."""
        counts, jokers = face_counts(obs.hand, obs.gold)
        groups = groups_left(obs)
        extra = len(obs.hand) - (3 * groups + 1)
        js = shapes.melds_shanten(counts, jokers - 2, groups) - max(0, extra)
        threatened = any(level >= 0.6 for level, _ in self.threats(obs).values())
        return threatened or obs.drawable < 16 or js > 1


BOT_LEVELS: dict[str, type] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
