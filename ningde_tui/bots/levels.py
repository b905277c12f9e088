"""Heuristic bots at three strengths (easy, normal, hard), all from the seat's Observation.

- easy: lowest shanten with simple tie-breaks; calls most offers; takes every win; sometimes
  keeps the wrong tile, as beginners do.
- normal: tile efficiency: shanten, then effective tiles (受入) counted against what it can
  see; calls only when a call brings the hand closer; takes 抢金 and 三金倒.
- hard: looks two draws ahead (how many tiles advance the hand, and how many then advance it
  again); when ready, weighs each winning tile by what a win on it pays (金雀, 清一色, 金顺
  pay far more than 平胡); calls when a call lowers the shanten or clearly widens the hand;
  skips a cheap win, or 三金倒, while a 金雀 is close and time remains; keeps tiles of a suit
  an opponent visibly collects (清一色) when it can. Feeding a plain win costs no more than
  anyone else pays (rules.md §11), so it does not otherwise defend.
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
from ..rules.scoring import (
    BY_DISCARD,
    BY_SELF,
    DANDIAO,
    JINQUE,
    JINSHUN,
    QINGYISE,
    WinInput,
    evaluate_win,
)
from ..rules.tiles import NUM_FACES, face, face_counts, tile_for_face
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
    """Two-step efficiency, wins weighed by what they pay, and 金雀 over cheap wins."""

    name = "hard"

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        unseen = unseen_tiles(obs)
        faces_unseen, golds_unseen = unseen_faces(unseen, obs.gold)
        best = min(c.shanten for c in cands)
        threat = self.threats(obs)
        top = []
        for c in cands:
            f = face(c.action.tile, obs.gold) if c.action.tile is not None else 0
            c.score = -1000.0 * c.shanten + 0.01 * isolation(c.counts, f)
            if c.shanten == best:
                c.ukeire = effective_tiles(
                    c.counts, c.jokers, c.groups, c.shanten, faces_unseen, golds_unseen
                )
                top.append(c)
        top.sort(key=lambda c: -c.ukeire)
        for c in top[:4]:
            if best == 0:
                c.score += self.wait_value(obs, c, faces_unseen, golds_unseen)
            else:
                c.score += self.two_step(c, faces_unseen, golds_unseen) / 20.0
            if c.action.tile is not None:
                c.score -= self.danger(obs, c.action.tile, threat)
        for c in top[4:]:
            c.score += c.ukeire / 100.0

    def two_step(self, c: Candidate, faces_unseen: list[int], golds_unseen: int) -> float:
        """Σ over the tiles that advance the hand of how many tiles then advance it again."""
        keys = list(shapes.suit_keys(c.counts))
        bits = shapes.FACE_BIT
        now = c.shanten
        total = 0.0
        draws = [(f, faces_unseen[f]) for f in range(NUM_FACES) if faces_unseen[f]]
        for f, n in [*draws, (-1, golds_unseen)]:
            if not n:
                continue
            jokers = c.jokers + (1 if f < 0 else 0)
            if f >= 0:
                keys[f // 9] += bits[f]
            if shapes.shanten_keys(keys[0], keys[1], keys[2], jokers, c.groups) < now:
                # one more tile in hand: the shanten of a 3k+3 hand is that after its best
                # discard, so this counts the second step without trying every discard
                second = golds_unseen
                for g, m in draws:
                    keys[g // 9] += bits[g]
                    if shapes.shanten_keys(keys[0], keys[1], keys[2], jokers, c.groups) < now - 1:
                        second += m
                    keys[g // 9] -= bits[g]
                total += n * (1 + second)
            if f >= 0:
                keys[f // 9] -= bits[f]
        return total

    # Most wins come off a discard; the rest are self-drawn.
    SHARE_SELF = 0.3

    def wait_value(
        self, obs: Observation, c: Candidate, faces_unseen: list[int], golds_unseen: int
    ) -> float:
        """Ready: the live winning tiles, each weighted by what a win on it pays — self-drawn,
        or off a discard where the rules allow it (the 金雀/清一色 restriction may not)."""
        seat = obs.seat
        hand = list(obs.hand)
        if c.action.tile is not None:
            hand.remove(c.action.tile)
        total = 0.0
        for f in shapes.waits(c.counts, c.jokers):
            n = faces_unseen[f]
            if not n:
                continue
            tile = tile_for_face(f, obs.gold)
            value = 0.0
            for by, share in ((BY_SELF, self.SHARE_SELF), (BY_DISCARD, 1 - self.SHARE_SELF)):
                w = WinInput(
                    (*hand, tile), obs.melds[seat], obs.gold, tile, by, obs.dealer == seat,
                    obs.streak, declined_three_gold=obs.declined_three_gold[seat],
                )  # fmt: skip
                score = evaluate_win(w)
                value += share * (score.total if score.legal else 0)
            total += n * value
        if golds_unseen:  # a drawn gold completes any ready hand
            total += golds_unseen * 20
        return total / 10.0

    def best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        """Call when it lowers the shanten, or keeps it and widens the hand clearly: a
        discarder pays no more than the others (rules.md §11), so speed is worth most."""
        now = self.candidate_from(obs, list(obs.hand), calls[0], groups_left(obs))
        faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
        now.ukeire = effective_tiles(
            now.counts, now.jokers, now.groups, now.shanten, faces_unseen, golds_unseen
        )
        best: Candidate | None = None
        for call in calls:
            after = self.call_outcome(obs, call)
            if after is None:
                continue
            better = after.shanten < now.shanten or (
                after.shanten == now.shanten and after.ukeire > 1.3 * now.ukeire
            )
            if better and (
                best is None or (after.shanten, -after.ukeire) < (best.shanten, -best.ukeire)
            ):
                best = after
        return best.action if best is not None else None

    def choose(self, obs: Observation) -> Action:
        win = next((a for a in obs.legal if a.type == WIN), None)
        if win is not None and self.play_on_for_more(obs):
            if obs.phase == TURN:
                discards = [a for a in obs.legal if a.type == DISCARD]
                if discards:
                    return self.pick_discard(obs, list(obs.hand), discards, groups_left(obs)).action
            else:
                return next(a for a in obs.legal if a.type == PASS)
        return super().choose(obs)

    def play_on_for_more(self, obs: Observation) -> bool:
        """Skip a cheap win when a 金雀 is close enough to be worth more on average."""
        hand = list(obs.hand)
        claim = obs.phase != TURN and obs.last_discard is not None
        if claim:
            hand.append(obs.last_discard[1])  # type: ignore[index]
        counts, jokers = face_counts(hand, obs.gold)
        if jokers < 2:
            return False
        seat = obs.seat
        w = WinInput(
            tuple(hand), obs.melds[seat], obs.gold,
            obs.last_discard[1] if claim else obs.drawn,  # type: ignore[index]
            BY_DISCARD if claim else BY_SELF, obs.dealer == seat, obs.streak,
            declined_three_gold=obs.declined_three_gold[seat],
        )  # fmt: skip
        now = evaluate_win(w)
        if not now.legal or now.pattern in (JINQUE, JINSHUN, QINGYISE, DANDIAO):
            return False
        unseen = unseen_tiles(obs)
        faces_unseen, golds_unseen = unseen_faces(unseen, obs.gold)
        pool = max(1, sum(faces_unseen) + golds_unseen)
        draws_left = max(1, obs.drawable // 4)
        groups = groups_left(obs)
        b = jokers + sum(m.kong_fan() for m in obs.melds[seat]) + 1
        best = 0.0
        for f in range(NUM_FACES):
            if not counts[f] or (claim and f == face(hand[-1], obs.gold)):
                continue
            counts[f] -= 1
            cand = Candidate(Action(seat, PASS), counts, jokers, groups, 0)
            js = shapes.melds_shanten(counts, jokers - 2, groups)
            juke = self.melds_ukeire(cand, faces_unseen, golds_unseen, js)
            best = max(best, self.win_chance(js, juke, pool, draws_left))
            counts[f] += 1
        return best * 0.7 * 3 * (3 * b + 15) > now.total

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
            # feeding a plain win costs no more than anyone else pays (rules.md §11); feeding
            # a visible 清一色 hands out 30 a head that might not have come otherwise
            if pure is not None and f // 9 == pure:
                total += level * 40.0
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
