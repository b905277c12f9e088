"""``baseline``: the hard bot as it was on 2026-12-01, frozen (issue 14), so every change to the
bots is measured against the same opponent. Not offered on the start screen (it is registered
in ``base.REFERENCE_BOTS``, not ``BOTS``); ``ningde simulate`` and the benchmarks know it.

Do not change its play: tests/bots/test_bots_baseline.py pins the decisions of a few seeded
hands. It inherits the shared flow (``HeuristicBot``) and ``NormalBot.best_call``; a change
there that moves baseline's decisions fails that test, so keep such changes out of its path.

What it does: counts speed as this short game is played (each player draws only some 7 tiles):
a tile that advances the hand is worth more when another seat's discard can also bring it
(碰 from anyone, 吃 from the 上家, a win from anyone), and a discard the others can call costs
something; when ready, weighs each winning tile by what a win on it pays (金雀, 清一色, 金顺 pay
far more than 平胡); passes up a discard 平胡 when its next draw is likely to self-draw, which
pays double; skips a cheap win, or 三金倒, while a 金雀 is close and time remains; keeps tiles of
a suit an opponent visibly collects (清一色) when it can.
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
from .levels import Candidate, NormalBot


class BaselineBot(NormalBot):
    """Speed counted with the other seats' discards, wins weighed by what they pay, a cheap
    discard win passed up for a likely self-draw, and 金雀 over cheap wins."""

    name = "baseline"
    # none of the mistakes a normal bot can be set to make
    mistake_rate = 0.0
    call_miss_rate = 0.0
    # Each seat whose discard could bring a tile counts this much beside drawing it.
    CALL_WEIGHT = 0.5
    # What a discard that lets another seat 吃/碰 costs, in effective tiles, at its chance.
    FEED_COST = 5.0
    # Pass a discard 平胡 when the next own draw alone is worth this share of it (see
    # wait_for_self_draw). Margins 0.4-0.7 measured alike, within ±0.02 points a hand (the
    # chance is rare); 0.3 passes up too many wins and loses 0.1.
    SELF_DRAW_MARGIN = 0.5
    OPPONENT_SELF_DRAW = 0.06  # chance an opponent self-draws a win on one of its draws
    OTHER_CLAIM = 0.10  # chance another seat wins the discard I pass (no lock on)

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
        best = min(c.shanten for c in cands)
        threat = self.threats(obs)
        for c in cands:
            f = face(c.action.tile, obs.gold) if c.action.tile is not None else 0
            c.score = -100.0 * c.shanten + 0.1 * isolation(c.counts, f)
            if c.shanten != best:
                continue
            c.ukeire = effective_tiles(
                c.counts, c.jokers, c.groups, c.shanten, faces_unseen, golds_unseen,
                self.CALL_WEIGHT,
            )  # fmt: skip
            c.score += c.ukeire
            if best == 0:
                c.score += self.wait_value(obs, c, faces_unseen, golds_unseen) / 10.0
            if c.action.tile is not None:
                c.score -= self.FEED_COST * feed_chance(obs, c.action.tile, faces_unseen)
                c.score -= self.danger(obs, c.action.tile, threat)

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
            for by, share in ((WinBy.SELF, self.SHARE_SELF), (WinBy.DISCARD, 1 - self.SHARE_SELF)):
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
        survive = (1.0 - self.OPPONENT_SELF_DRAW) ** before_me
        if is_single_wait(hand, obs.melds[seat], obs.gold, obs.config) is None:
            survive *= 1.0 - self.OTHER_CLAIM
        return survive * expected > self.SELF_DRAW_MARGIN * now

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
            juke = self.melds_ukeire(cand, faces_unseen, golds_unseen, js)
            best = max(best, self.win_chance(js, juke, pool, draws_left))
            counts[f] += 1
        # a 金雀 pays its formula from each of the three others
        return best * 0.7 * 3 * PATTERN_TABLE[JINQUE].formula.amount(b) > now.total

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
            pure = visible_flush_suit(obs, other)
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
