"""The ponds inside the wall and tiles that read the same everywhere: each pond in front of its
player round a compact centre, room for a long hand's discards at every size with the side
panel open or folded, called discards dimmed with an arrow (never struck through), 吃 in rank
order with the called tile marked, ``8p`` in the ASCII style and 白板 as wide as any tile."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pilot_helpers import settle, table, table_app, widget_text
from rich.cells import cell_len
from scenarios import late_hand_match
from textual.geometry import Region
from textual.pilot import Pilot

from ningde_tui.rules.melds import MeldKind
from ningde_tui.rules.tiles import WHITE, parse_tile, parse_tiles
from ningde_tui.ui.palette import CALLED, TAKEN
from ningde_tui.ui.tilefaces import SIZES, Piece, piece_rows, piece_style
from ningde_tui.ui.widgets.melds import MeldsView, laid_melds, meld_pieces
from ningde_tui.ui.widgets.pond import PondView, pond_grid, pond_state
from ningde_tui.ui.widgets.seat import meld_text
from ningde_tui.ui.widgets.wall import CAPACITY, WallView

SIZES_ = [(110, 34), (160, 50), (200, 60)]
LONG = parse_tiles("1m2m3m4m5m6m7m8m9m1p2p3p4p5p6p7p8p9p1s2s3s4s5s6s")  # 24 discards


async def long_ponds(pilot: Pilot[None], count: int = 24) -> list[PondView]:
    """Every pond holding ``count`` discards (a long hand), the wall making room for them."""
    screen = table(pilot)
    wall = screen.query_one(WallView)
    ponds = [screen.query_one(f"#pond-{n}", PondView) for n in range(4)]
    tiles = (LONG * 2)[:count]
    for pond in ponds:
        laid = [Piece(t) for t in tiles]
        laid[3] = Piece(tiles[3], "taken", 1)
        pond.state = pond_state(tiles[:3] + tiles[4:], laid, True, -1, screen.ascii_tiles)
    wall.state = replace(wall.state, discards=count)
    await pilot.pause()
    return ponds


def suits_shown(text: str, ascii_tiles: bool) -> int:
    """How many tiles a pond's text shows (one suit mark a tile)."""
    if ascii_tiles:
        return sum(text.count(f"{r}{s}") for r in "123456789" for s in "mps")
    return sum(text.count(ch) for ch in "万筒条")


@pytest.mark.parametrize("folded", [False, True])
@pytest.mark.parametrize("size", SIZES_)
async def test_a_long_hands_ponds_lie_inside_the_wall_whole_and_apart(size, folded) -> None:
    async with table_app(late_hand_match()).run_test(size=size) as pilot:
        await settle(pilot)
        screen = table(pilot)
        if screen.has_class("-side-folded") != folded:
            await pilot.press("i")
            await settle(pilot)
        assert screen.has_class("-side-folded") == folded
        ponds = await long_ponds(pilot)
        wall = screen.query_one(WallView)
        assert wall.layout_inside.fits, size
        x, y, w, h = wall.square.interior
        inner = Region(wall.region.x + x, wall.region.y + y, w, h)
        cx, cy, cw, ch = wall.layout_inside.centre
        centre = Region(wall.region.x + cx, wall.region.y + cy, cw, ch)
        regions = [p.region for p in ponds]
        for pond, r in zip(ponds, regions, strict=True):
            # inside the wall's labels, its whole drawing in its region, all 24 tiles shown
            assert inner.contains_region(r), (pond.id, r, inner)
            assert pond.shape.capacity >= 24
            grid = pond_grid(pond.state, pond.shape)
            assert len(grid) == r.height and len(grid[0]) == r.width
            assert suits_shown(widget_text(pond), screen.ascii_tiles) == 24
        for i in range(4):
            assert not centre.overlaps(regions[i])
            for j in range(i + 1, 4):
                assert not regions[i].overlaps(regions[j]), (i, j, regions)
        # each in front of its player: 对家 above the centre, you below, 上家 left, 下家 right
        assert regions[2].bottom <= centre.y and centre.bottom <= regions[0].y
        assert regions[3].right <= centre.x and centre.right <= regions[1].x
        # the table is still whole: nobody's seat or hand is pushed off it
        for selector in ("#seat-1", "#seat-2", "#seat-3", "#hand"):
            seat = screen.query_one(selector).region
            assert screen.query_one("#table").region.contains_region(seat), selector


async def test_a_bigger_terminal_lays_bigger_tiles_in_the_ponds() -> None:
    areas = []
    for size in SIZES_:
        async with table_app(late_hand_match()).run_test(size=size) as pilot:
            await settle(pilot)
            pond = table(pilot).query_one("#pond-0", PondView)
            tile_w, tile_h = SIZES[pond.shape.size]
            side = SIZES[table(pilot).query_one("#pond-1", PondView).shape.size]
            areas.append((tile_w * tile_h, side[0] * side[1]))
    assert areas == sorted(areas) and len(set(areas)) == 3, areas


async def test_more_discards_than_the_room_made_grow_every_pond() -> None:
    async with table_app(late_hand_match()).run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        ponds = await long_ponds(pilot, CAPACITY + 6)
        assert all(p.shape.capacity >= CAPACITY + 6 for p in ponds)
        regions = [p.region for p in ponds]
        assert not any(a.overlaps(b) for i, a in enumerate(regions) for b in regions[i + 1 :])


async def test_side_players_backs_stand_between_their_melds_and_the_wall() -> None:
    async with table_app(late_hand_match()).run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        left = widget_text(table(pilot).query_one("#seat-3")).splitlines()
        right = widget_text(table(pilot).query_one("#seat-1")).splitlines()
        assert all(row.rstrip().endswith("▮") for row in left if "▮" in row)
        assert all(row.startswith("▮") for row in right if "▮" in row)


async def test_a_called_discard_is_dimmed_with_an_arrow_to_the_caller_never_struck() -> None:
    async with table_app(late_hand_match()).run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        pond = table(pilot).query_one("#pond-0", PondView)
        first = pond.state.pieces[0]  # your 五万, taken by 下家 (on your right)
        assert first.tile == parse_tile("5m") and first.mark == "taken" and first.toward == 1
        grid = pond_grid(pond.state, pond.shape)
        col, row = pond.shape.place(0)
        tile_w = SIZES[pond.shape.size][0]
        tile_h = SIZES[pond.shape.size][1]
        cells = [grid[row + k][c] for k in range(tile_h) for c in range(col, col + tile_w)]
        assert all(style is not None and not style.strike for _, style in cells)
        assert all(str(style.bgcolor.name).lower() == TAKEN for _, style in cells)  # type: ignore[union-attr]
        assert grid[row][col + tile_w][0] == "▶"
        assert "五" in widget_text(pond) and "▶" in widget_text(pond)
        # 对家's 二条 went to 上家 (left), 上家's 一万 to you (below)
        top = table(pilot).query_one("#pond-2", PondView)
        assert "◀" in widget_text(top)
        assert "▼" in widget_text(table(pilot).query_one("#pond-3", PondView))
    assert not piece_style(Piece(parse_tile("2m"), "taken", 0), -1).strike


async def test_a_chi_lies_in_rank_order_with_the_called_tile_marked_as_on_the_result() -> None:
    match = late_hand_match()
    chi = next(m for m in match.game.melds[1] if m.kind == MeldKind.CHI)  # 下家 吃 五万
    pieces = meld_pieces(chi, owner=1, faces=True)
    assert [p.tile for p in pieces] == parse_tiles("4m5m6m")
    assert [p.mark for p in pieces] == ["", "called", ""]
    # the result screen's meld line is laid by the same pieces: 四万五万六万, 五万 marked
    line = meld_text(chi, -1, False, "zh")
    assert line.plain == "四万五万六万"
    marked = {line.plain[s.start : s.end] for s in line.spans if "underline" in str(s.style)}
    assert marked == {"五万"}
    assert str(piece_style(pieces[1], -1).bgcolor.name).lower() == CALLED  # type: ignore[union-attr]
    async with table_app(match).run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert "四万五万六万▼" in widget_text(table(pilot).query_one("#seat-1"))
        # your 吃 一万 (with 二万三万): 一万 first, marked, the arrow at 上家
        mine = table(pilot).query_one(MeldsView)
        laid = laid_melds(mine.state)[-1]
        assert [p.tile for p in laid] == parse_tiles("1m2m3m") and laid[0].mark == "called"
        assert "一万二万三万◀" in widget_text(mine)


@pytest.mark.parametrize("size", SIZES_)
async def test_ascii_tiles_read_8p_in_ponds_and_melds(size) -> None:
    async with table_app(late_hand_match(), ascii_tiles=True).run_test(size=size) as pilot:
        await settle(pilot)
        screen = table(pilot)
        assert "8p" in widget_text(screen.query_one("#pond-0"))  # your discard 八筒
        assert "4m5m6m" in widget_text(screen.query_one("#seat-1")).replace(" ", "")
        assert "7m7m7m" in widget_text(screen.query_one("#melds-0")).replace(" ", "")
        for n in range(4):
            assert "万" not in widget_text(screen.query_one(f"#pond-{n}"))


@pytest.mark.parametrize("ascii_tiles", [False, True])
def test_white_is_as_wide_and_tall_as_any_tile_in_every_size(ascii_tiles) -> None:
    for size, (width, height) in SIZES.items():
        for tile in (WHITE, parse_tile("8p"), parse_tile("1s")):
            rows = piece_rows(Piece(tile), size, ascii_tiles)
            assert len(rows) == height
            assert all(cell_len(r) == width for r in rows), (size, rows)
