"""``baseline``: a frozen copy of the hard bot's play before its call model, pattern play and
read of the others, so that every change to the bots is measured against the same opponent.
Not offered on the start screen (it is registered in ``base.REFERENCE_BOTS``, not ``BOTS``);
``ningde simulate`` and the benchmarks know it.

Do not change its play: tests/bots/test_bots_baseline.py pins its decisions over a few seeded
hands. It is self-contained on purpose — its own decision flow and judgement, nothing inherited
from the levels (it shares only their ``Candidate`` record) — so that no change to easy,
normal or hard can move it; it reads hands only through the engine (``rules``) and
``evaluate.py``'s counting. Keep it that way: do not make it share code with the levels,
even where the two read alike.

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
from .levels import Candidate

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

    # ------------------------------------------------------------------ entry point
    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        win = next((a for a in legal if a.type == ActionType.WIN), None)
        if win is not None and self._play_on_for_more(obs):
            if obs.phase == Phase.TURN:
                discards = [a for a in legal if a.type == ActionType.DISCARD]
                if discards:
                    return self.pick_discard(obs, list(obs.hand), discards, groups_left(obs)).action
            else:
                return next(a for a in legal if a.type == ActionType.PASS)
        if win is not None and obs.phase != Phase.TURN and self._wait_for_self_draw(obs):
            return next(a for a in legal if a.type == ActionType.PASS)
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        if ActionType.ROB_GOLD in by_type:
            return by_type[ActionType.ROB_GOLD][0]
        if ActionType.WIN in by_type:
            return by_type[ActionType.WIN][0]
        if ActionType.THREE_GOLD in by_type:
            if self._take_three_gold(obs):
                return by_type[ActionType.THREE_GOLD][0]
            if ActionType.DECLINE_THREE_GOLD in by_type and obs.phase != Phase.TURN:
                return by_type[ActionType.DECLINE_THREE_GOLD][0]
        if obs.phase == Phase.TURN:
            return self._turn(obs, by_type)
        calls = [a for a in legal if a.type in (ActionType.CHI, ActionType.PONG, ActionType.KONG)]
        if calls:
            best = self._best_call(obs, calls)
            if best is not None:
                return best
        return next(a for a in legal if a.type in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD))

    # ------------------------------------------------------------------ own turn
    def _turn(self, obs: Observation, by_type: dict[str, list[Action]]) -> Action:
        now = _shanten(obs, list(obs.hand), groups_left(obs))
        for kind in (ActionType.ANKONG, ActionType.ADDKONG):
            for a in by_type.get(kind, []):
                rest = list(obs.hand)
                for t in a.uses():
                    rest.remove(t)
                groups = groups_left(obs) - (1 if a.type == ActionType.ANKONG else 0)
                # after the kong a replacement tile comes: compare on the hand without it
                if _shanten(obs, rest, groups) - 1 <= now:
                    return a
        discards = by_type.get(ActionType.DISCARD, [])
        if not discards:  # only golds in hand: nothing else is possible
            return obs.legal[0]
        return self.pick_discard(obs, list(obs.hand), discards, groups_left(obs)).action

    def discard_candidates(
        self, obs: Observation, tiles: list[int], discards: list[Action], groups: int
    ) -> list[Candidate]:
        """Each discard of ``tiles`` as a Candidate, not yet rated (benchmarks/audit_bots.py
        reads them through this, ``rank`` and ``pick_discard``, as it reads the levels')."""
        counts, jokers = face_counts(tiles, obs.gold)
        out = []
        for a in discards:
            c = list(counts)
            c[face(a.tile, obs.gold)] -= 1  # type: ignore[arg-type]
            out.append(Candidate(a, c, jokers, groups, shapes.shanten(c, jokers, groups)))
        return out

    def pick_discard(
        self, obs: Observation, tiles: list[int], discards: list[Action], groups: int
    ) -> Candidate:
        cands = self.discard_candidates(obs, tiles, discards, groups)
        self.rank(obs, cands)
        cands.sort(key=lambda c: c.score, reverse=True)
        return cands[0]

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
        best = min(o.shanten for o in cands)
        threat = _threats(obs)
        for o in cands:
            f = face(o.action.tile, obs.gold) if o.action.tile is not None else 0
            o.score = -100.0 * o.shanten + 0.1 * isolation(o.counts, f)
            if o.shanten != best:
                continue
            o.ukeire = effective_tiles(
                o.counts, o.jokers, o.groups, o.shanten, faces_unseen, golds_unseen, CALL_WEIGHT
            )
            o.score += o.ukeire
            if best == 0:
                o.score += _wait_value(obs, o, faces_unseen, golds_unseen) / 10.0
            if o.action.tile is not None:
                o.score -= FEED_COST * feed_chance(obs, o.action.tile, faces_unseen)
                o.score -= _danger(obs, o.action.tile, threat)

    # ------------------------------------------------------------------ calls
    def _best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        """The call that brings the hand closest (then the most effective tiles), if any."""
        now = _shanten(obs, list(obs.hand), groups_left(obs))
        best: Candidate | None = None
        for call in calls:
            after = self._call_outcome(obs, call)
            if after is None or after.shanten >= now:
                continue
            if best is None or (after.shanten, -after.ukeire) < (best.shanten, -best.ukeire):
                best = after
        return best.action if best is not None else None

    def _call_outcome(self, obs: Observation, call: Action) -> Candidate | None:
        """The best hand after making the call (and, for 吃/碰, its discard)."""
        rest = list(obs.hand)
        for t in call.uses():
            rest.remove(t)
        groups = groups_left(obs) - 1
        if call.type == ActionType.KONG:
            counts, jokers = face_counts(rest, obs.gold)
            # the replacement tile is one more draw
            return Candidate(
                call, counts, jokers, groups, shapes.shanten(counts, jokers, groups) - 1
            )
        discards = [
            Action(obs.seat, ActionType.DISCARD, t) for t in sorted(set(rest)) if t != obs.gold
        ]
        if not discards:
            return None
        best = self.pick_discard(obs, rest, discards, groups)
        best.action = call
        return best

    # ------------------------------------------------------------------ wins
    def _wait_for_self_draw(self, obs: Observation) -> bool:
        """Pass up a discard win when the next own draw alone is likely to self-draw (which
        pays double, rules.md §11; no furiten, so the hand can still win later discards)."""
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
        survive = (1.0 - OPPONENT_SELF_DRAW) ** before_me
        if is_single_wait(hand, obs.melds[seat], obs.gold, obs.config) is None:
            survive *= 1.0 - OTHER_CLAIM
        return survive * expected > SELF_DRAW_MARGIN * now

    def _play_on_for_more(self, obs: Observation) -> bool:
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
        faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
        pool = max(1, sum(faces_unseen) + golds_unseen)
        draws_left = max(1, obs.drawable // 4)
        groups = groups_left(obs)
        b = jokers + sum(m.kong_fan() for m in obs.melds[seat]) + 1
        best = 0.0
        for f in range(NUM_FACES):
            if not counts[f] or (claim and f == face(hand[-1], obs.gold)):
                continue
            counts[f] -= 1
            js = shapes.melds_shanten(counts, jokers - 2, groups)
            juke = _melds_ukeire(counts, jokers, groups, faces_unseen, golds_unseen, js)
            best = max(best, _win_chance(js, juke, pool, draws_left))
            counts[f] += 1
        # a 金雀 pays its formula from each of the three others
        return best * 0.7 * 3 * PATTERN_TABLE[JINQUE].formula.amount(b) > now.total

    def _take_three_gold(self, obs: Observation) -> bool:
        """三金倒 now, or play on for 金雀 while it is close and time remains?"""
        counts, jokers = face_counts(obs.hand, obs.gold)
        groups = groups_left(obs)
        extra = len(obs.hand) - (3 * groups + 1)
        js = shapes.melds_shanten(counts, jokers - 2, groups) - max(0, extra)
        threatened = any(level >= 0.6 for level, _ in _threats(obs).values())
        return threatened or obs.drawable < 16 or js > 1


def _shanten(obs: Observation, tiles: list[int], groups: int) -> int:
    counts, jokers = face_counts(tiles, obs.gold)
    return shapes.shanten(counts, jokers, groups)


def _wait_value(
    obs: Observation, o: Candidate, faces_unseen: list[int], golds_unseen: int
) -> float:
    """Ready: the live winning tiles, each weighted by what a win on it pays."""
    seat = obs.seat
    hand = list(obs.hand)
    if o.action.tile is not None:
        hand.remove(o.action.tile)
    total = 0.0
    for f in shapes.waits(o.counts, o.jokers):
        n = faces_unseen[f]
        if not n:
            continue
        tile = tile_for_face(f, obs.gold)
        value = 0.0
        for by, share in ((WinBy.SELF, SHARE_SELF), (WinBy.DISCARD, 1 - SHARE_SELF)):
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


def _win_chance(shanten: int, ukeire: int, pool: int, draws: int) -> float:
    """A rough chance to complete from ``shanten`` with ``draws`` draws left."""
    if shanten < 0:
        return 1.0
    p = min(0.95, ukeire / pool)
    reach = 1.0 - (1.0 - p) ** max(1, draws - 2 * shanten)
    return reach * (0.42**shanten)


def _melds_ukeire(
    counts: list[int], jokers: int, groups: int, faces_unseen: list[int], golds_unseen: int,
    now: int,
) -> int:  # fmt: skip
    """Unseen tiles that bring five melds (two golds set aside as the pair) closer."""
    total = golds_unseen
    for f in range(NUM_FACES):
        n = faces_unseen[f]
        if not n:
            continue
        counts[f] += 1
        if shapes.melds_shanten(counts, jokers - 2, groups) < now:
            total += n
        counts[f] -= 1
    return total


def _threats(obs: Observation) -> dict[int, tuple[float, int | None]]:
    """How close each other player looks, and the suit of a visible 清一色 if any."""
    out: dict[int, tuple[float, int | None]] = {}
    for other in range(4):
        if other == obs.seat:
            continue
        level = 0.15 * len(obs.melds[other]) + 0.02 * len(obs.ponds[other])
        pure = visible_flush_suit(obs, other)
        if pure is not None:
            level += 0.3
        out[other] = (min(level, 1.0), pure)
    return out


def _danger(obs: Observation, tile: int, threat: dict[int, tuple[float, int | None]]) -> float:
    """Feeding a visible 清一色 hands out 30 a head; a plain win costs no more than anyone pays."""
    f = face(tile, obs.gold)
    total = 0.0
    for other, (level, pure) in threat.items():
        if level < 0.3 or tile in obs.ponds[other]:
            continue
        if pure is not None and f // 9 == pure:
            total += level * 40.0
    return total
