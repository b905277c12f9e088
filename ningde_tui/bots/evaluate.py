"""What a seat can work out from its own observation: unseen tiles, shanten, effective tiles,
the hand after a call or a discard. The one analysis layer of the bots, the hints and the review.

Everything here takes an Observation or the seat's own tiles (never the Game), so nothing that
uses it can see hidden tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import shapes
from ..rules.game import Action, ActionType, Observation
from ..rules.tiles import NUM_FACES, NUM_KINDS, SEQUENCE_PARTNERS, WHITE, face, face_counts


def unseen_tiles(obs: Observation) -> list[int]:
    """For each of the 28 kinds, how many copies this seat has not seen anywhere."""
    left = [4] * NUM_KINDS
    for t in obs.hand:
        left[t] -= 1
    for pond in obs.ponds:
        for t in pond:
            left[t] -= 1
    for melds in obs.melds:
        for m in melds:
            for t in m.tiles:
                left[t] -= 1
    for t in obs.set_aside:
        left[t] -= 1
    return [max(0, n) for n in left]


def unseen_faces(unseen: Sequence[int], gold: int) -> tuple[list[int], int]:
    """Unseen tiles as the shape code sees them: 27 faces (白板 as the gold's face), golds."""
    faces = [unseen[f] if f != gold else unseen[WHITE] for f in range(NUM_FACES)]
    return faces, unseen[gold]


def visible_flush_suit(obs: Observation, seat: int) -> int | None:
    """The suit (0-2) of a 清一色 ``seat`` visibly collects: two face-up melds or more, all of
    one suit (another's 暗杠 has no face to read)."""
    shown = [m for m in obs.melds[seat] if not m.face_down]
    suits = {face(m.tiles[0], obs.gold) // 9 for m in shown}
    return suits.pop() if len(shown) >= 2 and len(suits) == 1 else None


def groups_left(obs: Observation) -> int:
    return 5 - len(obs.melds[obs.seat])


def tiles_shanten(tiles: Sequence[int], gold: int, groups: int) -> int:
    """Shanten of concealed ``tiles`` that still need ``groups`` melds (golds as jokers)."""
    counts, golds = face_counts(tiles, gold)
    return shapes.shanten(counts, golds, groups)


def shanten_after_call(hand: Sequence[int], gold: int, groups: int, call: Action) -> int | None:
    """The best shanten a 吃/碰/杠 on a discard leaves, ``groups`` being the melds the hand
    needs before it: after 吃/碰, after the discard it forces (the best one; None if only golds
    are left to discard); after a 杠, before its replacement draw."""
    rest = list(hand)
    for t in call.uses():
        rest.remove(t)
    if call.type == ActionType.KONG:
        return tiles_shanten(rest, gold, groups - 1)
    best: int | None = None
    for t in set(rest) - {gold}:
        after = list(rest)
        after.remove(t)
        sh = tiles_shanten(after, gold, groups - 1)
        best = sh if best is None else min(best, sh)
    return best


def advancing_faces(
    counts: list[int], jokers: int, groups: int, now: int, faces_unseen: Sequence[int]
) -> list[tuple[int, int]]:
    """(face, unseen copies) for each face whose draw lowers the shanten below ``now``."""
    shanten, helps = shapes.improving_draws(*shapes.suit_keys(counts), jokers, groups)
    if now > shanten:  # a draw never raises the shanten: every draw stays below ``now``
        return [(f, n) for f, n in enumerate(faces_unseen[:NUM_FACES]) if n]
    if now < shanten or not helps:  # a draw lowers it by one at most
        return []
    return [(f, faces_unseen[f]) for f in range(NUM_FACES) if helps >> f & 1 and faces_unseen[f]]


def gold_advances(counts: list[int], jokers: int, groups: int, now: int) -> bool:
    """Whether drawing a gold lowers the shanten below ``now`` (a gold can play any part)."""
    return shapes.shanten(counts, jokers + 1, groups) < now


def isolation(counts: Sequence[int], f: int) -> int:
    """How lonely a face is: 0 when it has a copy or a neighbour close by, up to 4."""
    rank = f % 9
    base = f - rank
    score = 4
    if counts[f] >= 2:
        return 0
    for d in (1, 2):
        for r in (rank - d, rank + d):
            if 0 <= r <= 8 and counts[base + r]:
                score = min(score, d)
    return score if score < 4 else 4


def call_sources(counts: Sequence[int], f: int, shanten: int) -> int:
    """How many other seats' discards can bring face ``f`` into a hand at ``shanten``.

    Ready, a winning tile can come off anyone's discard (3); a face the hand holds a pair of can
    be 碰'd from anyone (3); a face that closes a sequence can be 吃'd, from the 上家 only (1);
    anything else only by drawing it (0). Golds never take part in calls (rules.md §4).
    """
    if shanten == 0 or counts[f] >= 2:
        return 3
    if any(counts[a] and counts[b] for a, b in SEQUENCE_PARTNERS[f]):
        return 1
    return 0


# How much more often players throw a tile of each rank: terminals first (they fit fewest
# sequences), so a wait on them is won off a discard more often.
THROW_RANK = (1.4, 1.15, 1.0, 1.0, 1.0, 1.0, 1.0, 1.15, 1.4)


def effective_tiles(
    counts: list[int],
    jokers: int,
    groups: int,
    now: int,
    faces_unseen: Sequence[int],
    golds_unseen: int,
    call_weight: float = 0.0,
) -> float:
    """受入 (ukeire): unseen tiles whose draw lowers the shanten below ``now``.

    With ``call_weight``, a speed measure that also counts the other seats' discards: each such
    tile counts 1 for the chance to draw it, plus ``call_weight`` for each seat whose discard of
    it the hand could take (:func:`call_sources`); when ready, a terminal wait counts more since
    terminals are thrown first. A pair that can be 碰 from three seats is then worth more than a
    sequence gap only the 上家 can fill by 吃.
    """
    total = 0.0
    for f, n in advancing_faces(counts, jokers, groups, now, faces_unseen):
        throw = THROW_RANK[f % 9] if now == 0 else 1.0
        total += n * (1.0 + call_weight * call_sources(counts, f, now) * throw)
    if golds_unseen and gold_advances(counts, jokers, groups, now):
        total += golds_unseen  # a gold is only ever drawn
    return total


def feed_chance(obs: Observation, tile: int, faces_unseen: Sequence[int]) -> float:
    """A rough chance that discarding ``tile`` lets another seat call it: the 下家 吃 (it holds
    two tiles that make a sequence with it) or anyone 碰 (someone holds two more copies).

    From what the seat sees: each unseen copy sits in a given hand with chance hand size / unseen.
    """
    f = face(tile, obs.gold)
    pool = max(1, sum(faces_unseen))
    nxt = (obs.seat + 1) % 4
    share = obs.hand_sizes[nxt] / pool

    def held(x: int) -> float:
        return 1.0 - (1.0 - share) ** faces_unseen[x]

    chi = max((held(a) * held(b) for a, b in SEQUENCE_PARTNERS[f]), default=0.0)
    n = faces_unseen[f]
    pong = 0.0
    for other in range(4):
        if other != obs.seat:
            h = obs.hand_sizes[other] / pool
            pong += n * (n - 1) / 2 * h * h
    return chi + min(1.0, pong)


def discard_outlook(obs: Observation, tile: int) -> tuple[int, int]:
    """The hand left by discarding ``tile``: (shanten, effective tiles) — 进张, the unseen
    copies (from this seat's view) whose draw would lower the shanten, golds included."""
    rest = list(obs.hand)
    rest.remove(tile)
    counts, jokers = face_counts(rest, obs.gold)
    groups = groups_left(obs)
    now = shapes.shanten(counts, jokers, groups)
    faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
    total = sum(n for _, n in advancing_faces(counts, jokers, groups, now, faces_unseen))
    if golds_unseen and gold_advances(counts, jokers, groups, now):
        total += golds_unseen
    return now, total
