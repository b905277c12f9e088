"""Broken records in the app: one record with a superscript digit, a
4,400-digit number or brackets nested 30,000 deep in the data folder stopped ``ningde play`` at
the start screen and made ``--continue`` crash; the replay viewer showed a traceback. Now the
start screen comes up, the file is listed as broken, and the viewer names the line (and
tests/ui/test_replay.py opens each such record in the viewer)."""

from __future__ import annotations

import pytest
from hostile_records import HEAVEN, HOSTILE_LINES, write_record
from pilot_helpers import SIZE, settle, widget_text
from textual.widgets import DataTable

from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.recent import RecentScreen
from ningde_tui.ui.screens.record_error import RecordErrorScreen
from ningde_tui.ui.screens.start import StartScreen

CASES = [
    "superscript digit in the wall",
    "an integer of 4,400 digits",
    "brackets nested 30,000 deep",
]


@pytest.mark.parametrize("resume", [False, True], ids=["play", "play --continue"])
async def test_a_broken_record_in_the_data_folder_never_stops_the_app(data_dir, resume) -> None:
    records = data_dir / "records"
    records.mkdir(parents=True)
    for i, case in enumerate(CASES):
        line, _ = HOSTILE_LINES[case]
        write_record(records, [HEAVEN[0], line, *HEAVEN[2:]], f"bad{i}.jsonl")
    app = NingdeApp(LaunchOptions(pace="instant", resume=resume))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        pilot.app.action_open("recent")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, RecentScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == len(CASES)
        assert all("记录损坏" in [str(c) for c in table.get_row_at(i)] for i in range(len(CASES)))
        await pilot.press("enter")  # watching a broken one names its line
        await settle(pilot)
        assert isinstance(pilot.app.screen, RecordErrorScreen)
        assert "第 2 行" in widget_text(pilot.app.screen.query_one("#error-text"))
