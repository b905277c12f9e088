"""A sampled belief about another seat's waits (issue 14, fifth round): a measuring device.

The fourth round's read (ningde_tui/bots/reading.py) is a logistic model of the seat's view,
tile by tile. What it cannot see is the joint structure of a hand: a seat that threw 3m and
7m late, kept its hand ready and let 5m go by waits on few of the kinds near them, and only
a whole hand says which. This samples whole hands instead: ready hands of the other seat's
size built from the tiles this seat has not seen (melds and a pair, golds among them, one
tile taken out), weighted by how well each agrees with what that seat did:

- a hand whose waits hold a kind let go by since the seat's last discard is all but ruled
  out (it would have won; no furiten in these rules);
- a hand that would have used a tile the seat threw (a copy of it, a sequence it completes,
  a neighbour) is less likely, by ``beta`` per such discard (its last six count whole, the
  earlier ones half: its hand then was further from this one).

The output is, for each face, the weighted share of sampled ready hands that wait on it:
P(this face wins | that seat is ready, what it did). reading_data.py ``--belief`` writes
it next to the read's features so fit_reading.py can say what it adds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ningde_tui.bots.evaluate import isolation, unseen_faces, unseen_tiles
from ningde_tui.bots.reading import passed_kinds
from ningde_tui.rules import shapes
from ningde_tui.rules.game import Observation
from ningde_tui.rules.tiles import NUM_FACES, SEQUENCE_PARTNERS, face

BETAS = (1.0, 0.3, 0.1, 0.03)
SEQUENCE_SHARE = 0.7


def _complete_hand(avail: list[int], groups: int, rng: random.Random) -> list[int] | None:
    """Face counts of ``groups`` melds and a pair taken from ``avail`` (changed), or None."""
    hand = [0] * NUM_FACES
    pairs = [f for f in range(NUM_FACES) if avail[f] >= 2]
    if not pairs:
        return None
    f = rng.choice(pairs)
    avail[f] -= 2
    hand[f] += 2
    for _ in range(groups):
        for _ in range(30):
            if rng.random() < SEQUENCE_SHARE:
                suit, start = rng.randrange(3), rng.randrange(7)
                fs = [9 * suit + start + i for i in range(3)]
                if all(avail[x] for x in fs):
                    for x in fs:
                        avail[x] -= 1
                        hand[x] += 1
                    break
            else:
                x = rng.randrange(NUM_FACES)
                if avail[x] >= 3:
                    avail[x] -= 3
                    hand[x] += 3
                    break
        else:
            return None
    return hand


def _used(hand: Sequence[int], f: int) -> float:
    """How plainly a hand would have used a tile of face ``f``: 1 for a copy or a sequence it
    completes, 0.5 for a neighbour within two ranks, else 0."""
    if hand[f] or any(hand[a] and hand[b] for a, b in SEQUENCE_PARTNERS[f]):
        return 1.0
    return 0.5 if isolation(hand, f) <= 2 else 0.0


def sample_ready(
    faces_unseen: Sequence[int], golds_unseen: int, size: int, rng: random.Random
) -> tuple[list[int], int] | None:
    """A ready hand of ``size`` concealed tiles (3g+1) from the unseen tiles: (face counts, golds)."""
    groups = (size - 1) // 3
    total = sum(faces_unseen) + golds_unseen
    golds = sum(rng.random() < size / max(total, 1) for _ in range(golds_unseen))
    golds = min(golds, size - 1)
    avail = list(faces_unseen)
    hand = _complete_hand(avail, groups, rng)
    if hand is None:
        return None
    tiles = [f for f in range(NUM_FACES) for _ in range(hand[f])]
    rng.shuffle(tiles)
    for f in tiles[: golds + 1]:  # golds stand in for some, one is taken out
        hand[f] -= 1
    return hand, golds


def belief_waits(
    obs: Observation, other: int, rng: random.Random, n: int = 200
) -> dict[float, list[float]]:
    """For each beta in BETAS: per face, the weighted share of sampled ready hands of
    ``other`` that would win on it."""
    faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
    size = obs.hand_sizes[other]
    passed = {face(t, obs.gold) for t in passed_kinds(obs, other) if t != obs.gold}
    pond = [face(t, obs.gold) for t in obs.ponds[other] if t != obs.gold]
    late = len(pond) - 6
    sums = {b: [0.0] * NUM_FACES for b in BETAS}
    totals = dict.fromkeys(BETAS, 0.0)
    for _ in range(n):
        sampled = sample_ready(faces_unseen, golds_unseen, size, rng)
        if sampled is None:
            continue
        hand, golds = sampled
        waits = shapes.waits(hand, golds)
        if not waits:
            continue
        conflict = sum(_used(hand, f) * (1.0 if i >= late else 0.5) for i, f in enumerate(pond))
        lock = 0.05 if passed.intersection(waits) else 1.0
        for b in BETAS:
            w = lock * b**conflict
            totals[b] += w
            s = sums[b]
            for f in waits:
                s[f] += w
    return {b: [x / totals[b] if totals[b] else 0.0 for x in sums[b]] for b in BETAS}
