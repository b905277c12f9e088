"""One language at a time: every screen a player opens, reached by the keys and clicks a
player would use, shows no English word in Chinese (key names aside) and no Chinese in English
(the language picker's name for Chinese and the 五万 tile style aside); the player is 你 at the table and 玩家1 in
the lists made from records."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from pilot_helpers import SIZE, bot_game, settle, table_app
from scenarios import win_on_discard_match
from textual.command import CommandList
from textual.pilot import Pilot

from ningde_tui.i18n.words import tr
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.help import HelpScreen
from ningde_tui.ui.screens.recent import RecentScreen
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.screens.settings import SettingsScreen
from ningde_tui.ui.screens.stats import StatsScreen

KEY_NAMES = {"Enter", "Esc", "Ctrl", "Tab", "F1"}  # the keys' own names, on every keyboard
# the language picker names each language in itself; the tile style 五万 shows its tiles
OWN_NAMES = {tr("en", "lang.zh"), tr("en", "tiles.cjk")}


def screen_text(pilot: Pilot[None]) -> str:
    """Everything on the terminal now, as text (from the app's own screenshot)."""
    svg = pilot.app.export_screenshot()
    parts = re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)
    return html.unescape(" ".join(parts)).replace("\xa0", " ")


def foreign(text: str, lang: str) -> list[str]:
    """The words of the other language in ``text``: English words of two letters or more in
    Chinese (a single letter is a key), Chinese characters in English."""
    if lang == "zh":
        return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in KEY_NAMES]
    for name in OWN_NAMES:
        text = text.replace(name, "")
    return re.findall(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+", text)


def records_with_a_player(data_dir: Path) -> Path:
    """Two finished games of four bots, the first seat then written as a player's (``P1``,
    as a game with no names given records it)."""
    folder = data_dir / "records"
    folder.mkdir(parents=True)
    for seed in (7, 8):
        path = bot_game(folder / f"game-{seed}.jsonl", seed=seed, levels=("normal",) * 4)
        lines = path.read_text(encoding="utf-8").splitlines()
        header = json.loads(lines[0])
        header["seats"][0] = {"name": "P1", "kind": "human", "level": ""}
        path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_the_table_and_its_result_speak_one_language(lang: str) -> None:
    async with table_app(win_on_discard_match(), lang=lang).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert foreign(screen_text(pilot), lang) == []
        await pilot.press("m")  # 胡
        await settle(pilot)
        result = pilot.app.screen
        assert isinstance(result, ResultScreen)
        text = screen_text(pilot)
        assert foreign(text, lang) == []
        head = str(result.query_one("#result-head").render())
        assert head.startswith("你 胡 · 平胡" if lang == "zh" else "You win · Plain win")


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_the_command_palette_lists_only_words_of_the_language(lang: str) -> None:
    async with table_app(lang=lang).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        commands = pilot.app.screen.query_one(CommandList)
        entries = [
            str(commands.get_option_at_index(i).prompt) for i in range(commands.option_count)
        ]
        assert len(entries) >= 6
        assert [e for e in entries if foreign(e, lang)] == []
        assert ("退出" if lang == "zh" else "Quit") in "".join(entries)
        assert foreign(screen_text(pilot), lang) == []


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_start_settings_help_recent_and_stats_speak_one_language(lang, data_dir) -> None:
    records_with_a_player(data_dir)
    app = NingdeApp(LaunchOptions(seed=3, pace="instant", lang=lang))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if lang == "en":  # the start screen's banner draws its row of tiles as 五万 in any
            pilot.app.screen.query_one("#banner").display = False  # language: not checked
            await pilot.pause()
        assert foreign(screen_text(pilot), lang) == []
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)
        assert foreign(screen_text(pilot), lang) == []
        await pilot.press("escape")
        await pilot.click("#settings")
        await settle(pilot)
        assert isinstance(pilot.app.screen, SettingsScreen)
        assert foreign(screen_text(pilot), lang) == []
        await pilot.press("escape")
        await pilot.click("#recent")
        await settle(pilot)
        assert isinstance(pilot.app.screen, RecentScreen)
        text = screen_text(pilot)
        assert foreign(text, lang) == []
        assert ("玩家1" if lang == "zh" else "Player 1") in text and "P1" not in text
        await pilot.press("escape")
        await settle(pilot)
        await pilot.click("#stats")
        await settle(pilot)
        assert isinstance(pilot.app.screen, StatsScreen)
        text = screen_text(pilot)
        assert foreign(text, lang) == []
        assert ("玩家1" if lang == "zh" else "Player 1") in text
        assert ("电脑·普通" if lang == "zh" else "normal bot") in text
