"""Build a wall that deals chosen hands: how rule scenarios, tests and demos are written.

The wall follows the record convention of rules.md §3: tiles 0-63 are dealt in blocks of 4,
dealer first, rotating through the seats, four rounds; tile 64 goes to the dealer; head draws
continue from 65; 开金 flips from the end of the list and kong replacements come from there.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from .tiles import COPIES, NUM_KINDS, WHITE, parse_tiles, tile_str
from .wall import deal_order


def build_wall(
    dealer: int = 0,
    hands: Mapping[int, str] | None = None,
    draws: str = "",
    gold: str = "9s",
    tail: str = "",
    flipped_whites: int = 0,
) -> list[int]:
    """A 112-tile wall in draw order.

    - ``hands``: seat -> its dealt tiles (16, the dealer 17; fewer are topped up with filler).
    - ``draws``: the head draws after the deal, in order (from index 65).
    - ``gold``: the indicator, flipped from the tail end (after ``flipped_whites`` 白板).
    - ``tail``: kong replacement tiles in the order they are drawn, after the indicator
      (with ``indicator_in_play`` the indicator itself is the first tail draw).
    The filler tiles are the leftover tiles in a fixed order, so the wall is deterministic.
    """
    pool = Counter({t: COPIES for t in range(NUM_KINDS)})
    dealt = {s: _take(pool, parse_tiles((hands or {}).get(s, "")), f"seat {s}") for s in range(4)}
    for s, tiles in dealt.items():
        limit = 17 if s == dealer else 16
        if len(tiles) > limit:
            raise ValueError(f"seat {s} is dealt {limit} tiles, not {len(tiles)}")
    head_draws = _take(pool, parse_tiles(draws), "draws")
    end = _take(pool, [WHITE] * flipped_whites + parse_tiles(gold) + parse_tiles(tail), "tail")
    filler = _filler(pool, parse_tiles(gold)[0] if gold else None)

    wall: list[int] = []
    cursor = {s: 0 for s in range(4)}
    for owner in deal_order(dealer):
        tiles = dealt[owner]
        if cursor[owner] < len(tiles):
            wall.append(tiles[cursor[owner]])
            cursor[owner] += 1
        else:
            wall.append(filler.pop(0))
    wall.extend(head_draws)
    middle = 112 - len(wall) - len(end)
    if middle < 0:
        raise ValueError("the scenario has more than 112 tiles")
    wall.extend(filler.pop(0) for _ in range(middle))
    wall.extend(reversed(end))
    return wall


def _take(pool: Counter[int], tiles: list[int], what: str) -> list[int]:
    """Take ``tiles`` out of the pool of unused tiles (at most four of a kind in all)."""
    for t in tiles:
        if pool[t] <= 0:
            raise ValueError(f"scenario uses more than four {tile_str(t)} ({what})")
        pool[t] -= 1
    return tiles


def _filler(pool: Counter[int], gold_kind: int | None) -> list[int]:
    """The leftover tiles in a fixed order: scattered (with a fixed seed) so topped-up hands
    are not accidentally ready, golds and 白板 last so no seat gets them unless the scenario
    says so."""
    plain = [t for t in range(NUM_KINDS) if t not in (gold_kind, WHITE) for _ in range(pool[t])]
    random.Random(20261130).shuffle(plain)
    return plain + [t for t in (gold_kind, WHITE) if t is not None for _ in range(pool[t])]
