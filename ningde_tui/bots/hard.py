"""The hard level (issue 14): ``baseline`` (the hard bot of 2026-12-01, see baseline.py) and what
was measured to beat it in paired duplicate play.

清一色 (one suit, rules.md §9) pays b×3+30 a head against 平胡's b+1: some ten times as much.
baseline only takes one when it happens; hard goes for it when the suit is close enough: when
the hand's shanten counting only one suit (the others' tiles as missing) is at most
``FLUSH_EXTRA`` above its plain shanten, its exposed melds are all of that suit, and enough of
the wall is left, it discards off-suit tiles first (the least useful one, as baseline rates
them), calls only that suit's tiles, and still takes any win it is offered.
"""

from __future__ import annotations

from ..rules import shapes
from ..rules.game import CHI_, KONG_, PONG_, Action, Observation
from ..rules.tiles import NUM_FACES, face, face_counts
from .baseline import BaselineBot
from .evaluate import effective_tiles, groups_left, unseen_faces, unseen_tiles
from .levels import Candidate


def suit_only(counts: list[int], suit: int) -> list[int]:
    """The 27 face counts with every other suit's tiles removed."""
    out = [0] * NUM_FACES
    out[9 * suit : 9 * suit + 9] = counts[9 * suit : 9 * suit + 9]
    return out


class HardBot(BaselineBot):
    """``baseline`` plus deliberate 清一色 (see the module's docstring)."""

    name = "hard"
    # Go for 清一色 when its shanten is at most this much above the plain one ...
    FLUSH_EXTRA = 1
    # ... and at least this many drawable tiles per shanten step of it are left (4 seats draw).
    FLUSH_DRAWS_PER_STEP = 6

    def flush_suit(
        self, obs: Observation, counts: list[int], jokers: int, groups: int
    ) -> int | None:
        """The suit to play 清一色 in with these concealed tiles (face counts), if any."""
        shown = {face(m.tiles[0], obs.gold) // 9 for m in obs.melds[obs.seat]}
        if len(shown) > 1:
            return None
        plain = shapes.shanten(counts, jokers, groups)
        best: tuple[int, int] | None = None
        for s in shown or (0, 1, 2):
            q = shapes.shanten(suit_only(counts, s), jokers, groups)
            if best is None or q < best[0]:
                best = (q, s)
        assert best is not None
        q, s = best
        if q - plain > self.FLUSH_EXTRA:
            return None
        if obs.drawable < self.FLUSH_DRAWS_PER_STEP * (q + 1):
            return None
        return s

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        super().rank(obs, cands)
        first = cands[0]
        if first.action.tile is None:
            return
        before = list(first.counts)  # the hand before the discard
        before[face(first.action.tile, obs.gold)] += 1
        suit = self.flush_suit(obs, before, first.jokers, first.groups)
        if suit is None:
            return
        self.rank_flush(obs, cands, suit)

    def rank_flush(self, obs: Observation, cands: list[Candidate], suit: int) -> None:
        """Rank by 清一色 shanten and its effective tiles; baseline's rating breaks ties."""
        faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
        in_suit = suit_only(faces_unseen, suit)
        rated = []
        for c in cands:
            counts = suit_only(c.counts, suit)
            q = shapes.shanten(counts, c.jokers, c.groups)
            rated.append((c, q, counts))
        best = min(q for _, q, _ in rated)
        for c, q, counts in rated:
            uke = 0.0
            if q == best:
                uke = effective_tiles(
                    counts, c.jokers, c.groups, q, in_suit, golds_unseen, self.CALL_WEIGHT
                )
            c.score = -10000.0 * q + 100.0 * uke + c.score / 1000.0

    def best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        counts, jokers = face_counts(obs.hand, obs.gold)
        suit = self.flush_suit(obs, counts, jokers, groups_left(obs))
        if suit is None:
            return super().best_call(obs, calls)
        now = shapes.shanten(suit_only(counts, suit), jokers, groups_left(obs))
        best: tuple[int, Action] | None = None
        for call in calls:
            if call.type not in (CHI_, PONG_, KONG_) or call.tile is None:
                continue
            if face(call.tile, obs.gold) // 9 != suit:
                continue
            rest = list(obs.hand)
            for t in call.uses():
                rest.remove(t)
            rc, rj = face_counts(rest, obs.gold)
            after = shapes.shanten(suit_only(rc, suit), rj, groups_left(obs) - 1)
            if call.type == KONG_:
                after -= 1
            if after < now and (best is None or after < best[0]):
                best = (after, call)
        return best[1] if best is not None else None
