"""The start screen's shortcuts on its way up leave it as the full work would: its CSS is read
with the app's, so its first showing skips Textual's restyling of the whole screen; the
records are read once it is up."""

from __future__ import annotations

from pilot_helpers import SIZE, bot_game, settle
from textual.pilot import Pilot
from textual.widgets import Button

from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.start import StartScreen


def computed_styles(pilot: Pilot[None]) -> list[tuple[str, list[str], str]]:
    return [
        (f"{type(node).__name__}#{node.id}", sorted(node.pseudo_classes), node.styles.css)
        for node in pilot.app.screen.walk_children(with_self=True)
    ]


async def test_the_first_showing_is_styled_as_a_full_restyle_would_style_it() -> None:
    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StartScreen) and screen.shown
        assert screen.styles.align_horizontal == "center"  # start.tcss reached the screen
        assert screen.focused is screen.query_one("#new", Button)
        before = computed_styles(pilot)
        screen.update_node_styles(animate=False)
        await pilot.pause()
        assert computed_styles(pilot) == before


async def test_an_unfinished_game_is_found_once_the_screen_is_up(data_dir) -> None:
    record = bot_game(data_dir / "records" / "game.jsonl", hands=1)
    lines = record.read_text(encoding="utf-8").splitlines()
    # a player's seat in a game cut off in its first hand: one to continue
    record.write_text(
        "\n".join([lines[0].replace('"kind": "bot"', '"kind": "human"', 1), *lines[1:3]]) + "\n",
        encoding="utf-8",
    )
    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await settle(pilot)
        assert app.screen.can_continue
        assert not app.screen.query_one("#continue", Button).disabled
