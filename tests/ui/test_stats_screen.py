"""The 战绩 screen: reached from the start screen, the same tallies as
``ningde stats``, a chart of points over time and the patterns won; ``a`` filters by the
opponents' bot level. Pilot tests and an SVG snapshot."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from pilot_helpers import SIZE, settle, widget_text
from textual.widgets import DataTable
from textual_plotext import PlotextPlot

from ningde_tui.analysis.stats import collect, tally
from ningde_tui.bots import base
from ningde_tui.cli.simulate import main as simulate_main
from ningde_tui.cli.stats import render_text
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.start import StartScreen
from ningde_tui.ui.screens.stats import StatsScreen

LEVELS = "hard,normal,easy,random"


def write_games(data_dir: Path, games: int = 3, bots: str = LEVELS) -> Path:
    """``games`` sessions of 16 hands in the data folder's records, one minute apart."""
    folder = data_dir / "records"
    simulate_main(
        ["--hands", str(16 * games), "--seed", "8", "--bots", bots, "--record", str(folder)]
    )
    for i, path in enumerate(sorted(folder.glob("*.jsonl"))):
        stamp = 1_790_000_000 + 60 * i
        os.utime(path, (stamp, stamp))
    return folder


async def open_stats(pilot) -> StatsScreen:
    await settle(pilot)
    assert isinstance(pilot.app.screen, StartScreen)
    await pilot.click("#stats")
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    return screen


@pytest.fixture
def games(data_dir) -> Path:
    return write_games(data_dir)


async def test_stats_screen_from_the_start_screen_shows_every_player(games) -> None:
    want = tally(collect(games).games)
    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_stats(pilot)
        table = screen.query_one(DataTable)
        assert table.row_count == len(want.players) == 4
        head = widget_text(screen.query_one("#stats-head"))
        assert "3 局" in head and "48 手" in head
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        rows = {p.name: p for p in want.players}
        text = render_text(want)
        for i, name in enumerate(names):
            bare = name.split("（")[0]  # hard-0（电脑·困难）: the name, then its level
            assert not re.search(r"[A-Za-z(]", name[len(bare) :])  # not "hard (困难)"
            row, p = table.get_row_at(i), rows[bare]
            assert str(row[6]) == f"{p.points:+d}"
            # the rates as ``ningde stats`` prints them, rounded alike (42.9%)
            assert (str(row[3]), str(row[5])) == (
                f"{p.wins} · {p.win_rate}",
                f"{p.deal_ins} · {p.deal_in_rate}",
            )
            line = next(line for line in text.splitlines() if line.startswith(name))
            assert f" {p.win_rate} " in line and f" {p.deal_in_rate} " in line
        # the player under the cursor: their chart and their patterns
        first = screen.summary.players[0]
        assert first.name in widget_text(screen.query_one(PlotextPlot))
        await pilot.press("down")
        await pilot.pause()
        second = screen.summary.players[1]
        assert second.name in widget_text(screen.query_one(PlotextPlot))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, StartScreen)


async def test_stats_screen_filters_by_the_opponents_level(data_dir) -> None:
    write_games(data_dir, games=1, bots="normal,hard,hard,hard")
    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_stats(pilot)
        table = screen.query_one(DataTable)
        assert table.row_count == 4
        seen = []
        for _ in range(len(base.LEVELS) + 1):  # all → each level (easy, normal, hard) → all
            await pilot.press("a")
            await pilot.pause()
            seen.append((screen.against, table.row_count))
        # against hard bots only: normal-0 played three hard bots; each hard bot had normal-0
        assert seen == [(level, int(level == "hard")) for level in base.LEVELS] + [(None, 4)]


async def test_stats_screen_with_no_games_and_a_broken_record(data_dir) -> None:
    folder = data_dir / "records"
    folder.mkdir(parents=True)
    (folder / "broken.jsonl").write_text("[" * 40_000 + "\n")
    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_stats(pilot)
        assert screen.query_one(DataTable).row_count == 0
        assert "1 个记录损坏" in widget_text(screen.query_one("#stats-broken"))
        assert "还没有对局记录" in widget_text(screen.query_one("#stats-patterns"))


def test_stats_screen_snapshot(snap_compare, data_dir) -> None:
    write_games(data_dir)

    async def open_it(pilot) -> None:
        await open_stats(pilot)

    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
    assert snap_compare(app, terminal_size=SIZE, run_before=open_it)
