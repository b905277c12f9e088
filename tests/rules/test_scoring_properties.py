"""Properties of the scoring rules over generated hands (hypothesis).

- rules.md §9 (seed 6 "单钓或闲金时，抽来金的话，算金雀"): in 单钓 or 闲金, drawing a gold never
  pays less than drawing any ordinary tile that completes the same hand — 金雀 is a floor.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ningde_tui.rules.melds import Meld, MeldKind
from ningde_tui.rules.scoring import WinBy, WinInput, evaluate_win, is_single_wait
from ningde_tui.rules.tiles import COPIES, NUM_KINDS, counts_of, tile_for_face


@st.composite
def single_waits(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[Meld, ...], int, str]:
    """A hand waiting in 单钓 (five declared melds, one tile) or 闲金 (complete concealed melds
    and exactly one gold): (concealed, melds, gold, state). Golds are never in melds; a 白板
    may stand for the gold's face (rules.md §4); no tile has more than four copies."""
    gold = draw(st.integers(0, 26))
    state = draw(st.sampled_from(["dandiao", "xianjin"]))
    declared = 5 if state == "dandiao" else draw(st.integers(0, 4))
    used = [0] * NUM_KINDS
    used[gold] = 1  # the indicator, set aside

    def take(tiles: list[int]) -> list[int]:
        for t in tiles:
            used[t] += 1
        return tiles

    def meld_tiles(kind: str) -> list[int] | None:
        if kind == MeldKind.CHI:
            suit, start = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            tiles = [tile_for_face(suit * 9 + start + i, gold) for i in range(3)]
        else:
            f = draw(st.integers(0, 26))
            tiles = [tile_for_face(f, gold)] * (
                4 if kind in (MeldKind.KONG, MeldKind.ANKONG) else 3
            )
        ok = gold not in tiles and all(used[t] + tiles.count(t) <= COPIES for t in set(tiles))
        return take(tiles) if ok else None

    melds: list[Meld] = []
    for _ in range(declared):
        kind = draw(st.sampled_from([MeldKind.CHI, MeldKind.PONG, MeldKind.KONG, MeldKind.ANKONG]))
        tiles = meld_tiles(kind)
        if tiles is not None:
            melds.append(Meld(kind, tuple(sorted(tiles))))
    concealed: list[int] = []
    if state == "dandiao":
        if len(melds) < 5:
            return draw(single_waits())
        single = draw(st.integers(0, NUM_KINDS - 1).filter(lambda t: t != gold))
        if used[single] >= COPIES:
            return draw(single_waits())
        concealed = take([single])
    else:
        for _ in range(5 - len(melds)):
            tiles = meld_tiles(draw(st.sampled_from([MeldKind.CHI, MeldKind.PONG])))
            if tiles is None:
                return draw(single_waits())
            concealed += tiles
        concealed.append(gold)
    return tuple(concealed), tuple(melds), gold, state


@settings(max_examples=300, deadline=None)
@given(single_waits(), st.booleans(), st.integers(1, 4))
def test_s9_a_gold_drawn_in_a_single_wait_pays_at_least_any_ordinary_tile(case, dealer, streak):
    concealed, melds, gold, state = case
    assert is_single_wait(concealed, melds, gold) == state

    def paid(tile: int) -> int:
        w = WinInput((*concealed, tile), melds, gold, tile, WinBy.SELF, dealer, streak)
        score = evaluate_win(w)
        return score.total if score.legal else 0

    with_gold = paid(gold)
    assert with_gold > 0  # a gold completes any single wait
    counts = counts_of([*concealed, *(t for m in melds for t in m.tiles)])
    for tile in range(NUM_KINDS):
        if tile == gold or counts[tile] >= COPIES:
            continue
        assert paid(tile) <= with_gold, (tile, paid(tile), with_gold)
