"""Helpers for the table's Pilot and snapshot tests: every app runs with pace "instant"."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.pilot import Pilot
from textual.widget import Widget

from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.match import Match
from ningde_tui.ui.screens.table import TableScreen
from ningde_tui.ui.widgets.hand import HandTile, HandView

SIZE = (140, 45)


async def settle(pilot: Pilot[None]) -> None:
    """Let the bot worker finish and the screen catch up."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def table_app(match: Match | None = None, **options: object) -> NingdeApp:
    opts: dict = {"pace": "instant", "start_screen": False, "seed": 5}
    opts.update(options)
    return NingdeApp(match=match, **opts)


def table(pilot: Pilot[None]) -> TableScreen:
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen), screen
    return screen


def hand_marks(pilot: Pilot[None]) -> list[tuple[int, str]]:
    """(tile, '-hl' / '-dim' / '') for each tile of your hand, left to right."""
    out = []
    for w in pilot.app.screen.query_one(HandView).query(HandTile):
        mark = "-hl" if w.has_class("-hl") else "-dim" if w.has_class("-dim") else ""
        out.append((w.tile, mark))
    return out


def widget_text(widget: Widget) -> str:
    """What a widget shows on screen now, as plain text (one line per row)."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


def bot_game(
    path: Path, seed: int = 7, hands: int = 2, levels: Sequence[str] = ("greedy",) * 4
) -> Path:
    """A record of ``hands`` hands played by four bots (deterministic for the seed)."""
    match = Match.new(seed, list(levels), humans=(), recorder_path=path, rounds_limit=False)
    for number in range(hands):
        while not match.hand_over:
            seat, obs, _ = match.next_bot()
            match.apply(match.players[seat].choose(obs))
        match.finish_hand()
        if number + 1 < hands:
            match.next_hand()
    match.close()
    return path
