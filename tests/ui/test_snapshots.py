"""SVG snapshots of the screens at 140×45, and of a late-hand table at three sizes
(pytest-textual-snapshot). After a deliberate
change: ``pytest tests/ui/test_snapshots.py --snapshot-update`` and look at the new SVGs."""

from __future__ import annotations

import os
from datetime import datetime

import pytest
from pilot_helpers import SIZE, bot_game, settle, table_app
from scenarios import (
    chi_choice_match,
    late_hand_match,
    three_claims_match,
    win_on_discard_match,
)
from textual.pilot import Pilot

from ningde_tui.table.match import Match
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions


def test_start_screen(snap_compare) -> None:
    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
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


def test_hotseat_cover(snap_compare) -> None:
    """Three players may claim one discard: the table is covered until A takes over."""
    app = table_app(three_claims_match())
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_replay_screen(snap_compare, tmp_path) -> None:
    """A bots' game watched with every hand face up, eight steps in, seat 1 at the bottom."""

    async def eight_steps(pilot: Pilot[None]) -> None:
        await settle(pilot)
        for _ in range(8):
            await pilot.press("right")
        await pilot.pause()

    app = NingdeApp(LaunchOptions(replay=bot_game(tmp_path / "bots.jsonl")))
    assert snap_compare(app, terminal_size=SIZE, run_before=eight_steps)


def test_recent_games_screen(snap_compare, data_dir) -> None:
    """A finished demo, an unfinished game and a broken record, at fixed times."""
    folder = data_dir / "records"
    folder.mkdir(parents=True)
    demo = bot_game(folder / "20260101-100000-demo-seed7.jsonl")
    play = folder / "20260102-200000-play-seed39.jsonl"
    match = Match.new(39, ["easy", "normal", "hard"], recorder_path=play)
    while match.next_human() is None:
        seat, obs, _ = match.next_bot()
        match.apply(match.players[seat].choose(obs))
    match.close()
    broken = folder / "20260103-090000-play-seed1.jsonl"
    broken.write_text('{"t": "game"}\n', encoding="utf-8")
    for i, path in enumerate((demo, play, broken)):
        stamp = datetime(2026, 1, 1 + i, 10 + i, 30).timestamp()
        os.utime(path, (stamp, stamp))

    async def open_recent(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.click("#recent")
        await settle(pilot)

    assert snap_compare(
        NingdeApp(LaunchOptions(pace="instant")), terminal_size=SIZE, run_before=open_recent
    )


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(110, 34), (160, 50), (200, 60)])
def test_late_hand_table(snap_compare, size, lang) -> None:
    """Late in a hand: every seat has called, every pond holds discards (the called ones
    greyed), 下家's 暗杠 lies face down; at the three sizes, in both languages."""
    app = table_app(late_hand_match(), lang=lang)
    assert snap_compare(app, terminal_size=size, run_before=settle)
