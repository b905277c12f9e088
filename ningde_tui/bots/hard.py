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
turned off it plays exactly as ``baseline`` (baseline.py, frozen; tests/bots/test_bots_baseline.py).

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
from ..rules.game import Action, ActionType, Observation, Phase
from ..rules.scoring import (
    DANDIAO,
    JINQUE,
    JINSHUN,
    PATTERN_TABLE,
    QINGYISE,
    WinBy,
    WinInput,
    evaluate_win,
    is_single_wait,
)
from ..rules.tiles import NUM_FACES, face, face_counts, tile_for_face
from .evaluate import (
    effective_tiles,
    feed_chance,
    groups_left,
    isolation,
    unseen_faces,
    unseen_tiles,
    visible_flush_suit,
)
from .levels import Candidate, HeuristicBot
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


def win_chance(shanten: int, ukeire: int, pool: int, draws: int) -> float:
    """A rough chance to complete from ``shanten`` with ``draws`` draws left."""
    if shanten < 0:
        return 1.0
    p = min(0.95, ukeire / pool)
    reach = 1.0 - (1.0 - p) ** max(1, draws - 2 * shanten)
    return reach * (0.42**shanten)


def melds_ukeire(c: Candidate, faces_unseen: list[int], golds_unseen: int, now: int) -> int:
    """Unseen tiles that bring five melds (two golds set aside as the 金雀 pair) closer."""
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


Threats = dict[int, tuple[float, int | None]]


def threats(obs: Observation) -> Threats:
    """How close each other player looks, and the suit of a visible 清一色 if any."""
    out: Threats = {}
    for other in range(4):
        if other == obs.seat:
            continue
        melds = obs.melds[other]
        level = 0.15 * len(melds) + 0.02 * len(obs.ponds[other])
        pure = visible_flush_suit(obs, other)
        if pure is not None:
            level += 0.3
        out[other] = (min(level, 1.0), pure)
    return out


def danger(obs: Observation, tile: int, threat: Threats) -> float:
    """What discarding ``tile`` risks against the seats that look close (``threats``)."""
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
        faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
        best = min(c.shanten for c in cands)
        threat = threats(obs)
        for c in cands:
            f = face(c.action.tile, obs.gold) if c.action.tile is not None else 0
            c.score = -100.0 * c.shanten + 0.1 * isolation(c.counts, f)
            if c.shanten != best:
                continue
            c.ukeire = effective_tiles(
                c.counts, c.jokers, c.groups, c.shanten, faces_unseen, golds_unseen,
                tuning.call_weight,
            )  # fmt: skip
            c.score += c.ukeire
            if best == 0:
                c.score += self.wait_value(obs, c, faces_unseen, golds_unseen) / 10.0
            if c.action.tile is not None:
                c.score -= tuning.feed_cost * feed_chance(obs, c.action.tile, faces_unseen)
                c.score -= danger(obs, c.action.tile, threat)
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

    def wait_value(
        self, obs: Observation, c: Candidate, faces_unseen: list[int], golds_unseen: int
    ) -> float:
        """Ready: the live winning tiles, each weighted by what a win on it pays — self-drawn,
        or off a discard where the rules allow it (the 金雀/清一色 restriction may not)."""
        seat = obs.seat
        share_self = self.tuning.share_self
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
            for by, share in ((WinBy.SELF, share_self), (WinBy.DISCARD, 1 - share_self)):
                w = WinInput(
                    (*hand, tile), obs.melds[seat], obs.gold, tile, by, obs.dealer == seat,
                    obs.streak, declined_three_gold=obs.declined_three_gold[seat],
                )  # fmt: skip
                score = evaluate_win(w, obs.config)
                value += share * (score.total if score.legal else 0)
            total += n * value
        if golds_unseen:  # a drawn gold completes any ready hand
            total += golds_unseen * 20
        return total / 10.0

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
        plain = shapes.shanten(counts, jokers, groups)
        options: list[tuple[int, int]] = []
        if jokers >= 2 and tuning.jinque_extra >= 0:
            js = target_shanten(JINQUE_TARGET, counts, jokers, groups)
            if js - plain <= tuning.jinque_extra:
                options.append((js, JINQUE_TARGET))
        shown = {face(m.tiles[0], obs.gold) // 9 for m in obs.melds[obs.seat]}
        if len(shown) <= 1 and tuning.flush_extra >= 0:
            for s in shown or (0, 1, 2):
                q = target_shanten(s, counts, jokers, groups)
                if q - plain <= tuning.flush_extra:
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
                uke = melds_ukeire(c, faces_unseen, golds_unseen, q)
            elif q == best:
                uke = effective_tiles(
                    suit_only(c.counts, target), c.jokers, c.groups, q,
                    suit_only(faces_unseen, target), golds_unseen, self.tuning.call_weight,
                )  # fmt: skip
            c.score = -10000.0 * q + 100.0 * uke + c.score / 1000.0

    # ------------------------------------------------------------------ wins
    def choose(self, obs: Observation) -> Action:
        win = next((a for a in obs.legal if a.type == ActionType.WIN), None)
        if win is not None and self.play_on_for_more(obs):
            if obs.phase == Phase.TURN:
                discards = [a for a in obs.legal if a.type == ActionType.DISCARD]
                if discards:
                    return self.pick_discard(obs, list(obs.hand), discards, groups_left(obs)).action
            else:
                return next(a for a in obs.legal if a.type == ActionType.PASS)
        if win is not None and obs.phase != Phase.TURN and self.wait_for_self_draw(obs):
            return next(a for a in obs.legal if a.type == ActionType.PASS)
        return super().choose(obs)

    def wait_for_self_draw(self, obs: Observation) -> bool:
        """Pass up a discard win to self-draw, which pays double (rules.md §11)?

        After passing, the hand is still ready (this ruleset has no furiten), so later discards
        can still be won; it is enough that the next own draw alone is likely to win. That draw
        wins with chance (live winning tiles + unseen golds) / unseen, is reached if none of the
        opponents drawing first self-draws and nobody else takes this discard — nobody can
        while this seat's 单钓/闲金 locks the others (rules.md §9) — and pays the 自摸 score.
        """
        tuning = self.tuning
        seat = obs.seat
        discarder, tile = obs.last_discard  # type: ignore[misc]
        before_me = (seat - discarder - 1) % 4  # opponents who draw before this seat does
        if obs.drawable <= before_me + 1:
            return False
        hand = obs.hand
        dealer = obs.dealer == seat
        declined = obs.declined_three_gold[seat]

        def score(win_tile: int, by: WinBy) -> int:
            w = WinInput(
                (*hand, win_tile), obs.melds[seat], obs.gold, win_tile, by, dealer, obs.streak,
                declined_three_gold=declined,
            )  # fmt: skip
            result = evaluate_win(w, obs.config)
            return result.total if result.legal else 0

        now = score(tile, WinBy.DISCARD)
        if not now:
            return False
        faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
        pool = sum(faces_unseen) + golds_unseen
        if not pool:
            return False
        counts, jokers = face_counts(hand, obs.gold)
        draws = [
            (tile_for_face(f, obs.gold), faces_unseen[f]) for f in shapes.waits(counts, jokers)
        ]
        draws.append((obs.gold, golds_unseen))
        expected = sum(n * score(t, WinBy.SELF) for t, n in draws if n) / pool
        survive = (1.0 - tuning.opponent_self_draw) ** before_me
        if is_single_wait(hand, obs.melds[seat], obs.gold, obs.config) is None:
            survive *= 1.0 - tuning.other_claim
        return survive * expected > tuning.self_draw_margin * now

    def play_on_for_more(self, obs: Observation) -> bool:
        """Skip a cheap win when a 金雀 is close enough to be worth more on average."""
        hand = list(obs.hand)
        claim = obs.phase != Phase.TURN and obs.last_discard is not None
        if claim:
            hand.append(obs.last_discard[1])  # type: ignore[index]
        counts, jokers = face_counts(hand, obs.gold)
        if jokers < 2:
            return False
        seat = obs.seat
        w = WinInput(
            tuple(hand), obs.melds[seat], obs.gold,
            obs.last_discard[1] if claim else obs.drawn,  # type: ignore[index]
            WinBy.DISCARD if claim else WinBy.SELF, obs.dealer == seat, obs.streak,
            declined_three_gold=obs.declined_three_gold[seat],
        )  # fmt: skip
        now = evaluate_win(w, obs.config)
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
            cand = Candidate(Action(seat, ActionType.PASS), counts, jokers, groups, 0)
            js = shapes.melds_shanten(counts, jokers - 2, groups)
            juke = melds_ukeire(cand, faces_unseen, golds_unseen, js)
            best = max(best, win_chance(js, juke, pool, draws_left))
            counts[f] += 1
        # a 金雀 pays its formula from each of the three others
        return best * 0.7 * 3 * PATTERN_TABLE[JINQUE].formula.amount(b) > now.total

    def take_three_gold(self, obs: Observation) -> bool:
        """三金倒 now, or play on for 金雀? Play on while the 金雀 is close and time remains
        (三金倒 can still be declared after any later draw)."""
        counts, jokers = face_counts(obs.hand, obs.gold)
        groups = groups_left(obs)
        extra = len(obs.hand) - (3 * groups + 1)
        js = shapes.melds_shanten(counts, jokers - 2, groups) - max(0, extra)
        threatened = any(level >= 0.6 for level, _ in threats(obs).values())
        return threatened or obs.drawable < 16 or js > 1

    # ------------------------------------------------------------------ calls
    def best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        counts, jokers = face_counts(obs.hand, obs.gold)
        groups = groups_left(obs)
        target = self.target(obs, counts, jokers, groups)
        if target is None:
            if obs.last_discard is not None:
                return self.model_call(obs, calls)
            plain = self.closer_call(obs, calls)
            return plain.action if plain is not None else None
        now = target_shanten(target, counts, jokers, groups)
        best: tuple[int, Action] | None = None
        for call in calls:
            if (
                call.type not in (ActionType.CHI, ActionType.PONG, ActionType.KONG)
                or call.tile is None
            ):
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
        closer = self.closer_call(obs, calls)
        plain = closer.action if closer is not None else None
        if plain is not None and plain.type == ActionType.KONG:
            return plain  # kongs by the plain rule: too few in the fit to say otherwise
        view = ClaimView.of(obs)
        values: dict[Action, float] = {}
        for call in calls:
            if call.type not in (ActionType.CHI, ActionType.PONG):
                continue
            dsh, x = call_features(view, call.type, call.uses())
            w = CALL_WEIGHTS.get(dsh)
            if w is not None:
                values[call] = sum(a * b for a, b in zip(w, x, strict=True))
        if plain is not None and values.get(plain, 0.0) >= -margin:
            return plain
        best = max(values, key=values.__getitem__, default=None)
        if best is not None and values[best] > margin:
            return best
        return None
