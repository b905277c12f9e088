"""Ready and waiting without the hints panel: a compact 听 line beside your name whenever your
hand is ready and the hints are off (or the side panel folded), and 剩牌 (key l), the unseen
tiles of each kind counted from your own view only."""

from __future__ import annotations

from pilot_helpers import SIZE, settle, table_app, widget_text
from scenarios import chi_choice_match, win_on_discard_match

from ningde_tui.bots.evaluate import unseen_tiles
from ningde_tui.rules.tiles import WHITE, tile_zh
from ningde_tui.table.match import HUMAN
from ningde_tui.ui.model.hints import ready_hint
from ningde_tui.ui.screens.tracker import TrackerScreen


def my_line(pilot) -> str:
    return widget_text(pilot.app.screen.query_one("#my-line"))


async def test_a_ready_hand_says_its_waits_beside_your_name_with_the_hints_off() -> None:
    match = win_on_discard_match()
    obs = match.game.observation(HUMAN)
    hint = ready_hint(obs)
    assert hint is not None and hint.waits
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "听" not in my_line(pilot)  # the hints panel says it
        await pilot.press("h")
        await pilot.pause()
        line = my_line(pilot)
        assert "听" in line
        for tile, left in hint.waits:
            assert f"{tile_zh(tile)}{left}" in line.replace(" ", "")
        await pilot.press("h", "i")  # hints back on, but the side panel folded
        await pilot.pause()
        assert "听" in my_line(pilot)


async def test_a_hand_that_is_not_ready_shows_no_wait_line() -> None:
    match = chi_choice_match()
    assert ready_hint(match.game.observation(HUMAN)) is None
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await pilot.pause()
        assert "听" not in my_line(pilot)


async def test_the_tracker_counts_the_unseen_tiles_from_your_view() -> None:
    match = chi_choice_match()
    left = unseen_tiles(match.game.observation(HUMAN))
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, TrackerScreen)
        rows = widget_text(screen.query_one("#tracker")).split("\n")
        cells = " ".join(rows).split()
        shown = {
            cells[i]: int(cells[i + 1])
            for i in range(0, len(cells) - 1, 2)
            if cells[i + 1].isdigit()
        }
        assert shown["一筒"] == left[9] <= 1  # three 一筒 in your hand
        assert shown["白板"] == left[WHITE]
        assert f"{sum(left)}" in rows[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, TrackerScreen)
