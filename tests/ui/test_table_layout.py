"""The table as players sit round it, at the three sizes a player's terminal is likely to have:
where each part is (interfaces.md §4 ids), what is face down, and the keys while the table is
hidden."""

from __future__ import annotations

import re

import pytest
from pilot_helpers import settle, table, table_app, widget_text
from scenarios import chi_choice_match, late_hand_match, win_on_discard_match
from textual.geometry import Region
from textual.pilot import Pilot

from ningde_tui.cli import build_app
from ningde_tui.i18n.words import tr
from ningde_tui.rules.game import ActionType
from ningde_tui.rules.melds import Meld, MeldKind
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.ui.tilefaces import Piece
from ningde_tui.ui.widgets.melds import MeldsView, laid_melds, meld_pieces
from ningde_tui.ui.widgets.pond import PondView

SIZES = [(110, 34), (160, 50), (200, 60)]


def region(pilot: Pilot[None], selector: str) -> Region:
    return pilot.app.screen.query_one(selector).region


def centre_x(r: Region) -> float:
    return r.x + r.width / 2


def centre_y(r: Region) -> float:
    return r.y + r.height / 2


def content_box(pilot: Pilot[None], selector: str) -> Region:
    """The part of a widget that shows something (its rows and columns that are not blank)."""
    widget = pilot.app.screen.query_one(selector)
    rows = [widget.render_line(y).text for y in range(widget.size.height)]
    used = [y for y, row in enumerate(rows) if row.strip()]
    left = min(len(row) - len(row.lstrip()) for row in rows if row.strip())
    right = max(len(row.rstrip()) for row in rows)
    r = widget.region
    return Region(r.x + left, r.y + used[0], right - left, used[-1] - used[0] + 1)


@pytest.mark.parametrize("size", SIZES)
async def test_each_pond_lies_inside_the_wall_between_its_player_and_the_centre(size) -> None:
    async with table_app(late_hand_match()).run_test(size=size) as pilot:
        await settle(pilot)
        wall = region(pilot, "#wall")
        top, left, right = (region(pilot, f"#seat-{n}") for n in (2, 3, 1))
        hand = region(pilot, "#hand")
        ponds = [content_box(pilot, f"#pond-{n}") for n in range(4)]
        assert all(wall.contains_region(pond) for pond in ponds)
        # 对家 above the wall, their pond in its top half; yours in the bottom half, above
        # your hand; 上家's in the left half, 下家's in the right half
        assert top.bottom <= wall.y and wall.bottom <= hand.y
        assert ponds[2].bottom <= centre_y(wall) <= ponds[0].y
        assert left.right <= wall.x and ponds[3].right <= centre_x(wall) <= ponds[1].x
        assert wall.right <= right.x


@pytest.mark.parametrize("size", SIZES)
async def test_each_seat_is_centred_on_its_side_of_the_wall(size) -> None:
    async with table_app(late_hand_match()).run_test(size=size) as pilot:
        await settle(pilot)
        wall = region(pilot, "#wall")
        assert abs(centre_x(region(pilot, "#seat-2")) - centre_x(wall)) <= 2
        assert abs(centre_y(region(pilot, "#seat-1")) - centre_y(wall)) <= 2
        assert abs(centre_y(region(pilot, "#seat-3")) - centre_y(wall)) <= 2
        # your hand and melds together are centred under the wall
        me = region(pilot, "#hand").union(region(pilot, "#melds-0"))
        assert abs(centre_x(me) - centre_x(wall)) <= 3


async def test_the_table_fills_the_screen_and_grows_with_it() -> None:
    walls, spans = [], []
    for size in SIZES:
        async with table_app(late_hand_match()).run_test(size=size) as pilot:
            await settle(pilot)
            screen_w, screen_h = size
            table_r = region(pilot, "#table")
            side = region(pilot, "#side")
            assert table_r.width + side.width == screen_w
            left, right = region(pilot, "#seat-3"), region(pilot, "#seat-1")
            spans.append((right.right - left.x) / table_r.width)
            top, hand = region(pilot, "#seat-2"), region(pilot, "#hand")
            assert top.y <= 1 and hand.bottom >= screen_h - 3  # top to bottom
            walls.append(region(pilot, "#wall").area)
    assert walls == sorted(set(walls)), "the wall grows with the terminal"
    assert all(span >= 0.85 for span in spans), spans


async def test_the_side_panel_folds_on_a_narrow_terminal_and_opens_with_i() -> None:
    async with table_app(late_hand_match()).run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        side = pilot.app.screen.query_one("#side")
        assert not side.display or side.region.width == 0
        await pilot.press("i")
        await settle(pilot)
        assert side.region.width >= 24
        table_r = region(pilot, "#table")
        assert table_r.right <= side.region.x
        # the table makes room: every seat still has its place beside its pond
        for n in (1, 3):
            seat = region(pilot, f"#seat-{n}")
            assert seat.width >= 12 and table_r.contains_region(seat.intersection(table_r))
        assert region(pilot, "#seat-3").right <= content_box(pilot, "#pond-3").x
        assert content_box(pilot, "#pond-1").right <= region(pilot, "#seat-1").x
        # nothing of 下家 is cut off at the table's edge: its backs become a count (▮×N)
        seat_1 = pilot.app.screen.query_one("#seat-1")
        assert region(pilot, "#seat-1").right <= region(pilot, "#col-1").right + 1
        assert f"×{seat_1.state.hand_size}" in widget_text(seat_1)
    async with table_app(late_hand_match()).run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        assert pilot.app.screen.query_one("#side").region.width >= 30


async def test_the_log_shows_its_newest_line_whole_at_every_width() -> None:
    """The log scrolls to its newest line, and wraps its lines again when the side panel
    changes width with the terminal (200 → 160 → 140 columns)."""
    async with table_app(late_hand_match()).run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        for size in ((200, 60), (160, 50), (140, 45)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            log = pilot.app.screen.query_one("#log")
            shown = [row.strip() for row in widget_text(log).splitlines() if row.strip()]
            newest = log.texts[-1].plain
            width = log.scrollable_content_region.width
            assert all(len(row) <= width for row in shown)
            assert "".join(shown).replace(" ", "").endswith(newest.replace(" ", "")), size


async def test_melds_are_tiles_and_an_opponents_concealed_kong_is_face_down() -> None:
    match = late_hand_match()
    ankong = next(m for m in match.game.melds[1] if m.kind == MeldKind.ANKONG)
    face = "九九九九"  # four 九筒 standing: rank over suit
    assert ankong.tiles[0] == parse_tile("9p")
    async with table_app(match).run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = table(pilot)
        right = widget_text(screen.query_one("#seat-1"))
        assert face not in right and "▒▒" in right  # four backs
        assert "四五六▼" in right  # 吃 五万 from you (below), standing, in rank order
        mine = widget_text(screen.query_one("#melds-0"))
        assert "七" in mine and "◀" in mine  # your 碰 七万 from 上家 (left), as tiles
        # a face-up view (a demo, a replay of every hand) shows the kong's faces
        screen.open_hands = True
        screen.refresh_table()
        await pilot.pause()
        assert face in widget_text(screen.query_one("#seat-1"))


async def test_a_called_discard_stays_in_its_pond_as_taken() -> None:
    match = late_hand_match()
    async with table_app(match).run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        pond = pilot.app.screen.query_one("#pond-0", PondView)
        first = pond.state.pieces[0]
        # your first discard, 五万, was called by 下家: still drawn, marked taken
        assert first.tile == parse_tile("5m") and first.mark == "taken"
        assert pond.state.tiles == tuple(match.game.ponds[0])
        assert len(pond.state.pieces) == len(match.game.ponds[0]) + 1  # only 五万 was called


async def test_keys_do_nothing_while_the_table_is_hidden() -> None:
    match = late_hand_match()
    async with table_app(match).run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        before = len(match.game.decisions)
        await pilot.resize_terminal(90, 30)
        await settle(pilot)
        assert table(pilot).too_small
        for key in ("3", "enter", "q", "space", "m", "s"):
            await pilot.press(key)
            await settle(pilot)
        assert len(match.game.decisions) == before
        await pilot.resize_terminal(110, 34)
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        assert len(match.game.decisions) > before


async def test_enter_on_a_claim_takes_the_selected_choice_a_win_first() -> None:
    """The first choice is selected when an offer appears (碰 before 吃, a win before all)
    and the key bar names it; Enter takes it."""
    match = chi_choice_match()
    async with table_app(match).run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert pilot.app.active_bindings["enter"].binding.description == "碰"
        await pilot.press("enter")
        await settle(pilot)
        assert match.game.decisions[-1].type == ActionType.PONG
    match = win_on_discard_match()
    async with table_app(match).run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert match.game.decisions[-1].type == ActionType.WIN


async def test_two_ways_to_chi_say_how_to_pick() -> None:
    async with table_app(chi_choice_match()).run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        hint = pilot.app.screen.query_one(".choices-hint")
        assert "再按 c" in widget_text(hint)
        assert 0 < hint.region.width and hint.region.right <= 110  # on screen


async def test_build_app_gives_the_table_a_command_would_open() -> None:
    app = build_app(["play", "--seed", "5", "--no-start", "--pace", "instant", "--lang", "en"])
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = table(pilot)
        assert screen.lang == "en" and screen.table.session.seed == 5
        ids = ["#wall", "#hand", "#choices", "#melds-0", "#hints", "#log", "#scores"]
        ids += [f"#pond-{n}" for n in range(4)] + [f"#seat-{n}" for n in (1, 2, 3)]
        for selector in ids:
            screen.query_one(selector)
    with pytest.raises(SystemExit) as bad:
        build_app(["demo", "--hands", "0"])
    assert bad.value.code == 2


async def test_a_call_is_called_out_at_the_callers_side_until_the_next_player_acts() -> None:
    match = chi_choice_match()
    async with table_app(match).run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        screen = pilot.app.screen
        assert "碰！" in widget_text(screen.query_one("#my-line"))
        melds = screen.query_one("#melds-0", MeldsView)
        assert [p.mark for p in laid_melds(melds.state)[-1]] == ["latest", "", ""]  # 上家: left
        await pilot.press("enter")  # your discard after the 碰; then the others play
        await settle(pilot)
        assert "碰！" not in widget_text(screen.query_one("#my-line"))


def test_english_says_you_discard_not_you_discards() -> None:
    assert tr("en", "ev.discard", name="You", tile="5m") == "You discard 5m"
    assert tr("en", "ev.deal", name="You", a=3, b=4) == "You deal, dice 3+4"
    assert tr("en", "ev.win", name="You", pattern="Plain win") == "You win! Plain win"
    assert tr("en", "ev.discard", name="Left", tile="5m") == "Left discards 5m"


@pytest.mark.parametrize("size", [(160, 50), (110, 34)])
async def test_the_english_wall_marks_are_the_same_at_every_size(size) -> None:
    """H, T, R and B (as the help names them) on a big wall and on a compact one alike; the
    words for them only in the centre (its legend, where it has room, else beside the wall;
    "break: Across #7"), never as marks."""
    app = table_app(late_hand_match(), lang="en")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        wall = widget_text(pilot.app.screen.query_one("#wall"))
        assert all(re.search(rf"\b{mark}\b", wall) for mark in "HTRB"), wall
        legend = ("H head · T tail", "B break · R reserve")
        assert all(line in wall for line in legend) == (size == (160, 50))
        marks = wall.replace(legend[0], "").replace(legend[1], "").replace("break: ", "")
        assert not re.search(r"\b(head|tail|break)\b", marks)
        assert "to draw" in wall and "left" not in wall


def test_a_concealed_kong_without_faces_is_four_backs_even_where_faces_may_show() -> None:
    """Another seat's Observation may carry a 暗杠 without its tiles (rules.md §5): backs."""
    hidden = Meld(MeldKind.ANKONG, ())
    assert meld_pieces(hidden, owner=1, faces=True) == [Piece(None)] * 4
    known = Meld(MeldKind.ANKONG, (parse_tile("9p"),) * 4)
    assert meld_pieces(known, owner=1, faces=False) == [Piece(None)] * 4
    assert [p.tile for p in meld_pieces(known, owner=1, faces=True)] == list(known.tiles)


async def test_the_start_screen_says_when_the_terminal_cuts_it_off() -> None:
    app = build_app(["play", "--pace", "instant"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        notice = pilot.app.screen.query_one("#start-too-small")
        assert notice.display and notice.region.height == 1
        assert "80×24" in widget_text(notice)
        await pilot.resize_terminal(140, 45)
        await settle(pilot)
        assert notice.region.height == 0
