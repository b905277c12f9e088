"""A hand finished with the mouse alone: click a choice, then the result's button."""

from __future__ import annotations

from pilot_helpers import SIZE, settle, table, table_app
from scenarios import win_on_discard_match

from ningde_tui.rules.game import ActionType
from ningde_tui.table.match import HUMAN
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.widgets.choices import ChoicesPanel


async def test_win_and_next_hand_by_clicking() -> None:
    match = win_on_discard_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        win = next(
            b
            for b in pilot.app.screen.query_one(ChoicesPanel).buttons()
            if b.action.type == ActionType.WIN
        )
        await pilot.click(win)
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultScreen)
        assert match.session.results[-1].winner == HUMAN
        game = match.game
        await pilot.click("#result-next")
        await settle(pilot)
        assert table(pilot).table.game is not game  # the next hand is dealt
