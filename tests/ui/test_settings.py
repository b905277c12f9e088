"""Settings kept between runs (the user's config folder, here a temporary one): pace, language,
tile style, hints and the room rules, which are written into the records of later games."""

from __future__ import annotations

import json

from pilot_helpers import settle
from textual.widgets import Select, Static, Switch

from ningde_tui.cli import build_app
from ningde_tui.rules.config import RuleConfig
from ningde_tui.settings.store import Settings, load_settings, room_rule_names
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.settings import SettingsScreen
from ningde_tui.ui.screens.start import StartScreen
from ningde_tui.ui.screens.table import TableScreen


def test_every_room_rule_is_a_switch_with_its_default() -> None:
    """Every switch of RuleConfig but the 圈 (asked on the start screen) is a room rule."""
    names = room_rule_names()
    assert set(names) == set(RuleConfig().to_dict()) - {"rounds"}
    assert Settings().to_dict()["rules"] == {n: getattr(RuleConfig(), n) for n in names}


def test_a_broken_or_foreign_settings_file_gives_the_defaults(config_dir) -> None:
    config_dir.mkdir()
    path = config_dir / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    assert load_settings() == Settings()
    path.write_text('{"pace": "warp", "rules": {"rob_kong": "yes"}, "hints": false}', "utf-8")
    assert load_settings() == Settings(hints=False)


async def test_settings_round_trip_into_the_next_game_and_the_next_run(config_dir, data_dir):
    app = NingdeApp(LaunchOptions(seed=3, pace="instant"))
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        await pilot.click("#settings")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, SettingsScreen)
        # every room rule is offered, each beside its default
        assert len(screen.query(".rule-default")) == len(room_rule_names())
        screen.query_one("#rule-rob_kong", Switch).value = True
        screen.query_one("#set-pace", Select).value = "fast"
        screen.query_one("#set-hints", Switch).value = False
        await pilot.pause()
        await pilot.click("#save")
        await settle(pilot)
        start = pilot.app.screen
        assert isinstance(start, StartScreen)
        assert "抢杠 开" in str(start.query_one("#room-rules", Static).render())
        await pilot.click("#new")
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, TableScreen) and not table.hints_on
    saved = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["pace"] == "fast" and saved["rules"]["rob_kong"] is True
    record = next((data_dir / "records").glob("*.jsonl"))
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert header["rules"]["rob_kong"] is True and header["rules"]["single_wait_lock"] is True
    # the next run starts from them; an option on the command line wins for that run
    again = build_app(["play"])
    assert again.pace == "fast" and again.settings.rules.rob_kong
    assert build_app(["play", "--pace", "relaxed"]).pace == "relaxed"


async def test_the_pace_key_steps_the_bots_pace_during_play() -> None:
    app = NingdeApp(LaunchOptions(seed=3, pace="normal", start_screen=False))
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("f")
        assert table.pace == "relaxed"
        await pilot.press("f")
        assert table.pace == "instant"


async def test_choosing_english_redraws_the_start_screen_and_the_footer_in_english() -> None:
    app = NingdeApp(LaunchOptions(seed=3, pace="instant"))
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        await pilot.click("#settings")
        await settle(pilot)
        pilot.app.screen.query_one("#set-lang", Select).value = "en"
        await pilot.pause()
        await pilot.click("#save")
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen) and pilot.app.screen.lang == "en"
        quit_binding = pilot.app.active_bindings["ctrl+q"].binding
        assert quit_binding.description == "quit"


async def test_textuals_own_words_are_in_the_players_language() -> None:
    app = NingdeApp(LaunchOptions(seed=3, pace="instant", start_screen=False))
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert pilot.app.active_bindings["ctrl+p"].binding.description == "命令"
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert any(
            "Ctrl+Q" in str(n.message) and "退出" in str(n.message) for n in app._notifications
        )
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert pilot.app.screen.query_one("CommandInput").placeholder == "搜索命令…"
