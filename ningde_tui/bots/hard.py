"""The hard level, from the seat's Observation only:

- **Speed as this short game is played** (each player draws only some seven tiles): a tile
  that advances the hand is worth more when another seat's discard can also bring it (碰 from
  anyone, 吃 from the 上家, a win from anyone), and a discard the others can call costs
  something.
- **Wins weighed by what they pay**: when ready, each winning tile counts by what a win on it
  pays (金雀, 清一色, 金顺 pay far more than 平胡); a discard 平胡 is passed up when the next own
  draw is likely to self-draw, which pays double; a cheap win, or 三金倒, is skipped while a 金雀
  is close and time remains; tiles of a suit an opponent visibly collects (清一色) are kept.
- **Calls by a learned model**: each 吃/碰 is valued against passing by a linear model of what
  the seat sees (``call_features``: the shanten change, effective tiles after the call against
  now, who discarded, golds, wall left, melds), which overrides the plain rule (call exactly
  when the call brings the hand closer) where it disagrees by more than ``call_margin`` points.
- **Pattern play**: it plays for 金雀 or 清一色 when that pattern's shanten is at most one step
  above the plain one and enough of the wall is left.
- **A read of the others when ready**: each discard costs ``defence_cost`` × the chance,
  read by reading.py, that another seat could win on it.

Every number of its play is in one ``HardTuning``; a variant is another ``HardTuning``
(``benchmarks/bench_bots.py --variant``). With the call model, the pattern play and the read
turned off it plays exactly as ``baseline`` (baseline.py, frozen;
tests/bots/test_bots_baseline.py): the judgement the two share — the discard rating, the value
of a wait, passing up a win, 三金倒 — and the levels' flow are plain.py's functions, which hard
calls with its tuning (composition: baseline inherits nothing from hard or the levels). Those
functions are frozen, since baseline's pinned play depends on them: to judge differently, hard
writes its own function and calls it instead of changing one there.

Where the weights come from: ``CALL_WEIGHTS`` are fitted by benchmarks/fit_calls.py on
benchmarks/data/calls.jsonl.gz, claim decisions of baseline's seats valued by rollouts that
keep the others' real hands (benchmarks/audit_bots.py ``--keep-hands``); the read's weights
by benchmarks/fit_reading.py (reading.py says on what); the tuning's other values are set by
hand, each checked by paired duplicate play (benchmarks/bench_bots.py). What each part was
measured to be worth, and what was tried and dropped, is in docs/research/bots.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..rules import shapes
from ..rules.game import CALLS, Action, ActionType, Observation
from ..rules.tiles import NUM_FACES, face, face_counts
from . import plain
from .evaluate import effective_tiles, groups_left, unseen_faces, unseen_tiles
from .levels import HeuristicBot
from .plain import Candidate
from .reading import feed_risks


@dataclass(frozen=True)
class HardTuning:
    """The numbers of hard's play; the defaults are what ships."""

    # Each seat whose discard could bring a tile counts this much beside drawing it.
    call_weight: float = 0.5
    # What a discard that lets another seat 吃/碰 costs, in effective tiles, at its chance.
    feed_cost: float = 5.0
    # Ready: the share of wins taken as self-drawn (the rest off a discard) in a wait's value.
    share_self: float = 0.3
    # Pass a discard 平胡 when the next own draw alone is worth this share of it.
    self_draw_margin: float = 0.5
    opponent_self_draw: float = 0.06  # chance an opponent self-draws on one of its draws
    other_claim: float = 0.10  # chance another seat wins the discard passed (no lock on)
    # Play for 金雀 (清一色) when its shanten is at most this much above the plain one (−1:
    # never) ...
    jinque_extra: int = 1
    flush_extra: int = 1
    # ... while at least this many drawable tiles per step of its shanten are left.
    draws_per_step: int = 6
    # Ready after the discard, a discard costs this much (rating units: an effective tile
    # each, a step of shanten 100) times the chance another seat could win on it; 0: off.
    defence_cost: float = 100.0
    # Follow the call model where it disagrees with the plain rule by more than this many
    # points (math.inf: the plain rule only).
    call_margin: float = 0.5


HARD = HardTuning()

JINQUE_TARGET = -1  # a target is this, or the suit (0-2) of a 清一色

# The call model: for a 吃/碰/杠 that changes the shanten by ``dsh`` (after the call and its
# best discard; a kong's replacement counts as one step), the expected points of calling minus
# passing, linear in CALL_FEATURES. Fitted by benchmarks/fit_calls.py (see the module's
# docstring); −1 and 0 only: a call that sets the hand back is never made.
CALL_FEATURES = (
    "1", "du/10", "ln(1+u_call)-ln(1+u_pass)", "from 对家", "from 下家", "golds",
    "drawable/10", "melds", "shanten", "pong", "kong",
)  # fmt: skip
CALL_WEIGHTS: dict[int, tuple[float, ...]] = {
    -1: (2.150, 0.061, 0.779, 0.137, 0.130, 0.371, 0.086, -0.230, -0.644, 0.425, -0.122),
    0: (-0.835, -0.196, 1.822, 0.072, 0.778, -0.532, -0.130, -0.051, 0.347, -0.150, 0.908),
}
CALL_WEIGHT = 0.5  # the call weight of the effective tiles in CALL_FEATURES (as fitted)


def _best_discard_outlook(
    counts: list[int], jokers: int, groups: int, faces_unseen: Sequence[int], golds_unseen: int
) -> tuple[int, float]:
    """(shanten, effective tiles) of the best discard from these face counts."""
    best: tuple[int, float] | None = None
    for f in range(NUM_FACES):
        if not counts[f]:
            continue
        counts[f] -= 1
        s = shapes.shanten(counts, jokers, groups)
        if best is None or s <= best[0]:
            u = effective_tiles(counts, jokers, groups, s, faces_unseen, golds_unseen, CALL_WEIGHT)
            if best is None or s < best[0] or u > best[1]:
                best = (s, u)
        counts[f] += 1
    return best if best is not None else (99, 0.0)


class ClaimView(NamedTuple):
    """What the call model reads of a seat offered a discard: its concealed tiles, the gold,
    its declared melds, the unseen counts (28 kinds), the drawable tiles left, the seat, the
    discarder and whether the seat deals."""

    hand: Sequence[int]
    gold: int
    melds: int
    unseen: Sequence[int]
    drawable: int
    seat: int
    discarder: int
    dealer: bool

    @classmethod
    def of(cls, obs: Observation) -> ClaimView:
        assert obs.last_discard is not None
        return cls(
            obs.hand, obs.gold, len(obs.melds[obs.seat]), unseen_tiles(obs), obs.drawable,
            obs.seat, obs.last_discard[0], obs.dealer == obs.seat,
        )  # fmt: skip


def call_features(view: ClaimView, call_type: str, used: Sequence[int]) -> tuple[int, list[float]]:
    """(shanten change, features) of a call on a discard, against passing; ``used`` are the
    concealed tiles the call takes. The model's input (CALL_FEATURES), from what the seat sees."""
    hand, gold, melds = view.hand, view.gold, view.melds
    faces_unseen, golds_unseen = unseen_faces(view.unseen, gold)
    groups = 5 - melds
    counts, jokers = face_counts(hand, gold)
    now = shapes.shanten(counts, jokers, groups)
    u_now = effective_tiles(counts, jokers, groups, now, faces_unseen, golds_unseen, CALL_WEIGHT)
    rest = list(hand)
    for t in used:
        rest.remove(t)
    rc, rj = face_counts(rest, gold)
    if call_type == ActionType.KONG:
        s = shapes.shanten(rc, rj, groups - 1)
        after = s - 1
        u_after = effective_tiles(rc, rj, groups - 1, s, faces_unseen, golds_unseen, CALL_WEIGHT)
    else:
        after, u_after = _best_discard_outlook(rc, rj, groups - 1, faces_unseen, golds_unseen)
    dist = (view.seat - view.discarder) % 4
    x = [
        1.0,
        (u_after - u_now) / 10.0,
        math.log1p(u_after) - math.log1p(u_now),
        float(dist == 2),
        float(dist == 3),
        float(jokers),
        view.drawable / 10.0,
        float(melds),
        float(now),
        float(call_type == ActionType.PONG),
        float(call_type == ActionType.KONG),
    ]
    return after - now, x


def suit_only(counts: list[int], suit: int) -> list[int]:
    """The 27 face counts with every other suit's tiles removed."""
    out = [0] * NUM_FACES
    out[9 * suit : 9 * suit + 9] = counts[9 * suit : 9 * suit + 9]
    return out


def target_shanten(target: int, counts: list[int], jokers: int, groups: int) -> int:
    """Shanten toward the target pattern."""
    if target == JINQUE_TARGET:
        return shapes.melds_shanten(counts, jokers - 2, groups)
    return shapes.shanten(suit_only(counts, target), jokers, groups)


class HardBot(HeuristicBot):
    """Speed counted with the others' discards, wins weighed by what they pay, calls by a
    learned model, 金雀/清一色 when close, and a read of the others when ready."""

    name = "hard"

    def __init__(self, seed: int = 0, tuning: HardTuning = HARD) -> None:
        super().__init__(seed)
        self.tuning = tuning

    # ------------------------------------------------------------------ discards
    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        tuning = self.tuning
        plain.rate_discards(obs, cands, tuning.call_weight, tuning.feed_cost, tuning.share_self)
        if tuning.defence_cost:
            self.avoid_feeding(obs, cands)
        first = cands[0]
        if first.action.tile is None:
            return
        before = list(first.counts)  # the hand before the discard
        before[face(first.action.tile, obs.gold)] += 1
        target = self.target(obs, before, first.jokers, first.groups)
        if target is not None:
            self.rank_for(obs, cands, target)

    def avoid_feeding(self, obs: Observation, cands: list[Candidate]) -> None:
        """Ready after the discard: each discard costs defence_cost × its feed risk."""
        ready = [c for c in cands if c.action.tile is not None and c.shanten == 0]
        if not ready:
            return
        risk = feed_risks(obs, {c.action.tile for c in ready if c.action.tile is not None})
        for c in ready:
            assert c.action.tile is not None
            c.score += -self.tuning.defence_cost * risk[c.action.tile]

    # ------------------------------------------------------------------ patterns
    def target(self, obs: Observation, counts: list[int], jokers: int, groups: int) -> int | None:
        """The pattern to play for with these concealed tiles (face counts), if any."""
        tuning = self.tuning
        ordinary = shapes.shanten(counts, jokers, groups)
        options: list[tuple[int, int]] = []
        if jokers >= 2 and tuning.jinque_extra >= 0:
            js = target_shanten(JINQUE_TARGET, counts, jokers, groups)
            if js - ordinary <= tuning.jinque_extra:
                options.append((js, JINQUE_TARGET))
        shown = {face(m.tiles[0], obs.gold) // 9 for m in obs.melds[obs.seat]}
        if len(shown) <= 1 and tuning.flush_extra >= 0:
            for s in shown or (0, 1, 2):
                q = target_shanten(s, counts, jokers, groups)
                if q - ordinary <= tuning.flush_extra:
                    options.append((q, s))
        options = [o for o in options if obs.drawable >= tuning.draws_per_step * (o[0] + 1)]
        # the closer one; at a tie 清一色, which pays more (b×3+30 against b×3+15)
        return min(options, key=lambda o: (o[0], o[1] == JINQUE_TARGET))[1] if options else None

    def rank_for(self, obs: Observation, cands: list[Candidate], target: int) -> None:
        """Rank by the target's shanten and effective tiles; the plain rating breaks ties."""
        faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
        rated = [(c, target_shanten(target, c.counts, c.jokers, c.groups)) for c in cands]
        best = min(q for _, q in rated)
        for c, q in rated:
            uke = 0.0
            if q == best and target == JINQUE_TARGET:
                uke = plain.melds_ukeire(
                    c.counts, c.jokers, c.groups, faces_unseen, golds_unseen, q
                )
            elif q == best:
                uke = effective_tiles(
                    suit_only(c.counts, target), c.jokers, c.groups, q,
                    suit_only(faces_unseen, target), golds_unseen, self.tuning.call_weight,
                )  # fmt: skip
            c.score = -10000.0 * q + 100.0 * uke + c.score / 1000.0

    # ------------------------------------------------------------------ wins
    def choose(self, obs: Observation) -> Action:
        held = plain.pass_up_win(obs, self.pick_discard, self.wait_for_self_draw)
        return held if held is not None else super().choose(obs)

    def wait_for_self_draw(self, obs: Observation) -> bool:
        """Pass up a discard win to self-draw (plain.wait_for_self_draw, with the tuning)?"""
        t = self.tuning
        return plain.wait_for_self_draw(
            obs, t.opponent_self_draw, t.other_claim, t.self_draw_margin
        )

    def take_three_gold(self, obs: Observation) -> bool:
        return plain.take_three_gold(obs)

    # ------------------------------------------------------------------ calls
    def best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        counts, jokers = face_counts(obs.hand, obs.gold)
        groups = groups_left(obs)
        target = self.target(obs, counts, jokers, groups)
        if target is None:
            if obs.last_discard is not None:
                return self.model_call(obs, calls)
            closer = plain.closer_call(obs, calls, self.pick_discard)
            return closer.action if closer is not None else None
        now = target_shanten(target, counts, jokers, groups)
        best: tuple[int, Action] | None = None
        for call in calls:
            if call.type not in CALLS or call.tile is None:
                continue
            if target != JINQUE_TARGET and face(call.tile, obs.gold) // 9 != target:
                continue
            rest = list(obs.hand)
            for t in call.uses():
                rest.remove(t)
            rc, rj = face_counts(rest, obs.gold)
            after = target_shanten(target, rc, rj, groups - 1) - (call.type == ActionType.KONG)
            if after < now and (best is None or after < best[0]):
                best = (after, call)
        return best[1] if best is not None else None

    def model_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        """The plain rule's call, unless the model rates it below −call_margin against passing
        (then pass), or rates another 吃/碰 (or one where the rule passes) above +call_margin."""
        margin = self.tuning.call_margin
        closer = plain.closer_call(obs, calls, self.pick_discard)
        rule = closer.action if closer is not None else None
        if rule is not None and rule.type == ActionType.KONG:
            return rule  # kongs by the plain rule: too few in the fit to say otherwise
        view = ClaimView.of(obs)
        values: dict[Action, float] = {}
        for call in calls:
            if call.type not in (ActionType.CHI, ActionType.PONG):
                continue
            dsh, x = call_features(view, call.type, call.uses())
            w = CALL_WEIGHTS.get(dsh)
            if w is not None:
                values[call] = sum(a * b for a, b in zip(w, x, strict=True))
        if rule is not None and values.get(rule, 0.0) >= -margin:
            return rule
        best = max(values, key=values.__getitem__, default=None)
        if best is not None and values[best] > margin:
            return best
        return None
