"""A read of the others from what a seat sees: the chance that a discard lets another seat win.
Used by the hard bot when its own hand is ready.

Only the Observation is read (never the Game), like everything in this package. The features
are the ones a player reads at a table (rules.md §9: no furiten in these rules, so a tile is
safe against a seat only as long as that seat's hand has not changed):

- passed: the kind was discarded after that seat's last discard (by the seats between it and
  this one) and the seat did not win on it; its hand has not changed since, so it cannot win
  on that kind now (it may have passed for a self-draw, rarely);
- how many copies of the tile's face, and of its sequence partners, this seat has not seen;
- that seat's discards of the kind and of the kinds one, two and three ranks from it (a seat
  seldom waits on what it threw, nor next to it), and how many of its last three are close;
- its declared melds, how long it has played (its pond), the wall left; a visible one-suit
  collection (清一色) and whether the tile is of that suit.

Fitted offline (benchmarks/reading_data.py makes the data, benchmarks/fit_reading.py fits it).
What a perfect read would be worth, and how much of it this one gets, is in
docs/research/bots.md ("A read of the others when ready").
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ..rules.game import Observation
from ..rules.tiles import WHITE, face
from .evaluate import unseen_faces, unseen_tiles, visible_flush_suit

READ_FEATURES = (
    "1", "passed", "its discards", "unseen copies", "unseen ±1", "unseen ±2", "terminal",
    "2 or 8", "melds", "pond/10", "drawable/10", "flush suit", "flush other suit", "单钓",
    "its discards ±1", "its discards ±2", "its discards ±3", "its last three within ±2",
    "白板",
)  # fmt: skip


# Fitted by benchmarks/fit_reading.py on benchmarks/data/feeds.jsonl.gz (200,319 ready
# discards × other seats at the benchmark's table, 8,000 hands): the logit of "that seat could
# win on this tile", in READ_FEATURES. Cross-validated AUC 0.730, calibrated within a
# few tenths of a percent; the discard it rates safest is really safe in 80% of the decisions
# that have a safe and a feeding one (a pick at random: 64%).
READ_WEIGHTS = (
    -3.5323, -1.7566, -2.9090, 0.1406, 0.0924, 0.0348, -0.2957, -0.2347, 0.2905, 1.2781,
    -0.7943, -0.3149, 0.1622, -0.3711, -0.5879, -0.5769, -0.4568, 0.3922, -0.0480,
)  # fmt: skip


def passed_kinds(obs: Observation, other: int) -> set[int]:
    """Kinds discarded after ``other``'s last discard: the last pond tile of each seat between
    it and this seat in turn order (tiles taken by a call are not in the ponds)."""
    out: set[int] = set()
    s = (other + 1) % 4
    while s != obs.seat:
        if obs.ponds[s]:
            out.add(obs.ponds[s][-1])
        s = (s + 1) % 4
    return out


def read_features(
    obs: Observation, other: int, tile: int, faces_unseen: Sequence[int] | None = None
) -> list[float]:
    """What this seat sees of ``other`` and ``tile`` (READ_FEATURES); ``faces_unseen`` as
    unseen_faces gives them, if already at hand."""
    gold = obs.gold
    if faces_unseen is None:
        faces_unseen = unseen_faces(unseen_tiles(obs), gold)[0]
    f = face(tile, gold)
    suit, rank = divmod(f, 9)

    def unseen_at(*offsets: int) -> int:
        return sum(faces_unseen[9 * suit + rank + d] for d in offsets if 0 <= rank + d < 9)

    melds = obs.melds[other]
    pure = visible_flush_suit(obs, other)
    return [
        1.0,
        float(tile in passed_kinds(obs, other)),
        float(obs.ponds[other].count(tile)),
        float(faces_unseen[f]),
        float(unseen_at(-1, 1)),
        float(unseen_at(-2, 2)),
        float(rank in (0, 8)),
        float(rank in (1, 7)),
        float(len(melds)),
        len(obs.ponds[other]) / 10.0,
        obs.drawable / 10.0,
        float(pure is not None and pure == suit),
        float(pure is not None and pure != suit),
        float(len(melds) == 5),
        *_neighbour_discards(obs.ponds[other], f, gold),
        float(tile == WHITE),
    ]


def _neighbour_discards(pond: Sequence[int], f: int, gold: int) -> list[float]:
    """The seat's discards one, two and three ranks from face ``f`` in its suit, and how many
    of its last three discards lie within two ranks of it."""
    near = [0.0, 0.0, 0.0, 0.0]
    for i, t in enumerate(pond):
        g = face(t, gold)
        if g // 9 != f // 9 or g == f:
            continue
        gap = abs(g - f)
        if gap <= 3:
            near[gap - 1] += 1
        if gap <= 2 and i >= len(pond) - 3:
            near[3] += 1
    return near


def logistic(weights: Sequence[float], x: Sequence[float]) -> float:
    z = sum(a * b for a, b in zip(weights, x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def feed_risks(obs: Observation, tiles: Iterable[int]) -> dict[int, float]:
    """For each tile, the chance (READ_WEIGHTS) that some other seat could win on it."""
    faces_unseen = unseen_faces(unseen_tiles(obs), obs.gold)[0]
    out: dict[int, float] = {}
    for tile in tiles:
        safe = 1.0
        for d in (1, 2, 3):
            x = read_features(obs, (obs.seat + d) % 4, tile, faces_unseen)
            safe *= 1.0 - logistic(READ_WEIGHTS, x)
        out[tile] = 1.0 - safe
    return out
