"""SVG snapshots of the four screens at 140×45 (pytest-textual-snapshot). After a deliberate
change: ``pytest tests/ui/test_snapshots.py --snapshot-update`` and look at the new SVGs."""

from __future__ import annotations

from pilot_helpers import SIZE, settle, table_app
from textual.pilot import Pilot

from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.scenarios import chi_choice_match, win_on_discard_match


def test_start_screen(snap_compare) -> None:
    app = NingdeApp(seed=7, pace="instant")
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_table_with_a_choice_hovered(snap_compare) -> None:
    """上家 discarded 4万: 碰, two 吃 and 过 offered; the mouse is on the second 吃."""

    async def hover_second_chi(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.hover("#choice-2")
        await pilot.pause()

    app = table_app(chi_choice_match())
    assert snap_compare(app, terminal_size=SIZE, run_before=hover_second_chi)


def test_result_screen(snap_compare) -> None:
    async def win(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)

    app = table_app(win_on_discard_match())
    assert snap_compare(app, terminal_size=SIZE, run_before=win)


def test_help_screen(snap_compare) -> None:
    async def open_help(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()

    app = table_app(seed=7, bots=("greedy", "greedy", "greedy"))
    assert snap_compare(app, terminal_size=SIZE, run_before=open_help)
