"""Helpers for the table's Pilot and snapshot tests: every app runs with pace "instant"."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.pilot import Pilot
from textual.widget import Widget

from ningde_tui.table.match import Match
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.cover import CoverScreen
from ningde_tui.ui.screens.table import TableScreen
from ningde_tui.ui.widgets.choices import ChoicesPanel
from ningde_tui.ui.widgets.hand import TILE_KEYS, HandView
from ningde_tui.ui.widgets.hints import HintsView
from ningde_tui.ui.widgets.log import TableLog
from ningde_tui.ui.widgets.seat import SeatView

SIZE = (140, 45)


async def settle(pilot: Pilot[None]) -> None:
    """Let the bot worker finish and the screen catch up."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def open_from_start(pilot: Pilot[None], button: str) -> object:
    """The page a button of the start screen opens, clicked as a player clicks it."""
    await settle(pilot)
    await pilot.click(button)
    await settle(pilot)
    return pilot.app.screen


def table_app(match: Match | None = None, **options: object) -> NingdeApp:
    opts: dict = {"pace": "instant", "start_screen": False, "seed": 5}
    opts.update(options)
    return NingdeApp(LaunchOptions(match=match, **opts))


def table(pilot: Pilot[None]) -> TableScreen:
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen), screen
    return screen


def hand_marks(pilot: Pilot[None]) -> list[tuple[int, str]]:
    """(tile, '-hl' / '-dim' / '') for each tile of your hand, left to right."""
    out = []
    for w in pilot.app.screen.query_one(HandView).tile_widgets():
        mark = "-hl" if w.has_class("-hl") else "-dim" if w.has_class("-dim") else ""
        out.append((w.tile, mark))
    return out


def widget_text(widget: Widget) -> str:
    """What a widget shows on screen now, as plain text (one line per row)."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


def bot_game(
    path: Path,
    seed: int = 7,
    hands: int = 2,
    levels: Sequence[str] = ("greedy",) * 4,
    names: Sequence[str] | None = None,
) -> Path:
    """A record of ``hands`` hands played by four bots (deterministic for the seed), named by
    their levels or by ``names``."""
    match = Match.new(
        seed, list(levels), humans=(), names=names, recorder_path=path, rounds_limit=False
    )
    for number in range(hands):
        while not match.hand_over:
            seat, obs, _ = match.next_bot()
            match.apply(match.players[seat].choose(obs))
        match.finish_hand()
        if number + 1 < hands:
            match.next_hand()
    match.close()
    return path


async def discard_last(pilot: Pilot[None]) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    obs = screen.table.observation()
    tiles = screen.query_one(HandView).state.tiles
    index = next(i for i in reversed(range(len(tiles))) if tiles[i] != obs.gold)
    await pilot.press(TILE_KEYS[index])
    await settle(pilot)


def only_record(data_dir):
    records = sorted((data_dir / "records").glob("*.jsonl"))
    assert len(records) == 1, records
    return records[0]


def the_table(pilot: Pilot[None]) -> TableScreen:
    return next(s for s in pilot.app.screen_stack if isinstance(s, TableScreen))


def assert_covered(pilot: Pilot[None], name: str) -> None:
    """The cover asks for ``name``; under it the table draws no hand, no choices, no hints,
    and its log tells nobody's draws."""
    screen = pilot.app.screen
    assert isinstance(screen, CoverScreen), screen
    assert name in widget_text(screen.query_one("#cover-text"))
    table = the_table(pilot)
    assert table.private_seat is None
    assert table.query_one(HandView).state.tiles == ()
    assert table.query_one(ChoicesPanel).buttons() == []
    assert widget_text(table.query_one(HintsView)).strip() == ""
    assert all(view.state.tiles is None for view in table.query(SeatView))
    assert not any("摸到" in line.plain for line in table.query_one(TableLog).texts)


def assert_sees_only(pilot: Pilot[None], seat: int) -> None:
    """The table shows ``seat``'s own tiles at the bottom and every other hand face down."""
    table = the_table(pilot)
    game = table.table.game
    assert table.private_seat == seat and table.seating.bottom == seat
    shown = table.query_one(HandView).state.tiles
    assert sorted(shown) == sorted(game.hands[seat])
    assert all(view.state.tiles is None for view in table.query(SeatView))
