"""What a seat can work out from its own observation: unseen tiles, shanten, effective tiles.

Everything here takes an Observation (never the Game), so a bot cannot see hidden tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import shapes
from ..rules.game import Observation
from ..rules.tiles import NUM_FACES, NUM_KINDS, WHITE


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


def groups_left(obs: Observation) -> int:
    return 5 - len(obs.melds[obs.seat])


def effective_tiles(
    counts: list[int],
    jokers: int,
    groups: int,
    now: int,
    faces_unseen: Sequence[int],
    golds_unseen: int,
) -> int:
    """受入 (ukeire): unseen tiles whose draw lowers the shanten below ``now``."""
    keys = list(shapes.suit_keys(counts))
    total = 0
    bits = shapes.FACE_BIT
    for f in range(NUM_FACES):
        n = faces_unseen[f]
        if not n:
            continue
        s = f // 9
        k = keys[s]
        keys[s] = k + bits[f]
        if shapes.shanten_keys(keys[0], keys[1], keys[2], jokers, groups) < now:
            total += n
        keys[s] = k
    if golds_unseen and shapes.shanten_keys(keys[0], keys[1], keys[2], jokers + 1, groups) < now:
        total += golds_unseen
    return total


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
