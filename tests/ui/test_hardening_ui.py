"""What the player sees when the folders or a second window get in the way: a notice for bad
settings, a word at the seed field, a game open in another window listed as such, and a start
screen that shows at once however many records there are to read."""

from __future__ import annotations

import json
import threading

from pilot_helpers import SIZE, settle, widget_text
from textual.widgets import Button, DataTable, Input, Static

from ningde_tui.records.record import MAX_NAME_CHARS, MAX_SEED_DIGITS
from ningde_tui.records.storage import GameRecorder, new_record_path
from ningde_tui.rules.config import RuleConfig
from ningde_tui.settings.store import load_settings, settings_path
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens import start as start_module
from ningde_tui.ui.screens.recent import RecentScreen
from ningde_tui.ui.screens.start import StartScreen

SEATS = [{"name": "1", "kind": "human", "level": ""}] + [
    {"name": "greedy", "kind": "bot", "level": "greedy"}
] * 3


async def test_bad_settings_start_the_app_with_a_notice(config_dir) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"pace": [], "lang": "zh"}), encoding="utf-8")
    app = NingdeApp(LaunchOptions(settings=load_settings()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        [notice] = [n for n in pilot.app._notifications if "设置文件" in n.message]
        assert "pace" in notice.message and str(settings_path()) in notice.message


async def test_a_seed_too_long_for_a_record_is_refused_at_the_field() -> None:
    app = NingdeApp(LaunchOptions(pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        seed = pilot.app.screen.query_one("#seed", Input)
        seed.value = "1" * (MAX_SEED_DIGITS + 1)
        await pilot.click("#new")
        await pilot.pause()
        assert isinstance(pilot.app.screen, StartScreen)  # no game started
        error = str(pilot.app.screen.query_one("#start-error", Static).render())
        assert f"最多 {MAX_SEED_DIGITS} 位" in error
        name = pilot.app.screen.query_one("#name-0", Input)
        assert name.max_length == MAX_NAME_CHARS


async def test_a_game_open_in_another_window_is_listed_so_and_not_continued(data_dir) -> None:
    """Another program holds the record's lock: 继续上一局 stays off, the list says where."""
    path = new_record_path("play", 5)
    other = GameRecorder.create(path, RuleConfig(), SEATS, 5)  # as the other window does
    try:
        app = NingdeApp(LaunchOptions(pace="instant"))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert pilot.app.screen.query_one("#continue", Button).disabled
            await pilot.click("#recent")
            await settle(pilot)
            recent = pilot.app.screen
            assert isinstance(recent, RecentScreen)
            assert "另一窗口进行中" in widget_text(recent.query_one(DataTable))
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(pilot.app.screen, RecentScreen)  # refused, with a reason
            assert any("另一个窗口" in n.message for n in pilot.app._notifications)
    finally:
        other.close()


async def test_the_start_screen_shows_while_the_records_are_still_being_read(
    monkeypatch,
) -> None:
    """A thousand records take seconds to replay: the screen is up and answers keys before
    the scan is done, and 继续上一局 is offered once it says there is a game."""
    release = threading.Event()

    class Found:
        path = None

    def slow_scan():
        release.wait(30)
        return Found()

    monkeypatch.setattr(start_module, "latest_unfinished", slow_scan)
    app = NingdeApp(LaunchOptions(pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, StartScreen)
        assert pilot.app.screen.query_one("#continue", Button).disabled
        await pilot.press("question_mark")  # the screen answers while the scan goes on
        await pilot.pause()
        assert not isinstance(pilot.app.screen, StartScreen)
        await pilot.press("escape")
        release.set()
        await settle(pilot)
        assert not pilot.app.screen.query_one("#continue", Button).disabled
