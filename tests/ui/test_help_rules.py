"""The ``?`` help says what the game does: its rule sentences come from the room's RuleConfig,
one sentence per switch (``help.<switch>.on`` / ``.off``), so flipping a switch changes them."""

from __future__ import annotations

from dataclasses import replace
from importlib.resources import files

import pytest
from pilot_helpers import settle
from textual.widgets import Markdown, Switch

from ningde_tui.i18n.words import LANGS, tr
from ningde_tui.rules.config import RuleConfig
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.help import HelpScreen, help_markdown, rules_markdown
from ningde_tui.ui.screens.settings import SettingsScreen
from ningde_tui.ui.screens.start import StartScreen


def base_for(name: str) -> RuleConfig:
    """The defaults, or where a switch only matters beside another, the rules where it does:
    臭庄's streak counts only when the hand plays on (rules.md §7)."""
    if name == "chouzhuang_streak":
        return replace(RuleConfig(), chouzhuang_ends_hand=False)
    return RuleConfig()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", RuleConfig.switches())
def test_flipping_a_switch_changes_its_sentence_in_the_help(lang: str, name: str) -> None:
    base = base_for(name)
    flipped = replace(base, **{name: not getattr(base, name)})
    before, after = help_markdown(lang, base), help_markdown(lang, flipped)
    now = "on" if getattr(base, name) else "off"
    then = "off" if now == "on" else "on"
    assert tr(lang, f"help.{name}.{now}") in before
    assert tr(lang, f"help.{name}.{then}") in after
    assert tr(lang, f"help.{name}.{now}") not in after
    assert before != after


@pytest.mark.parametrize("lang", LANGS)
def test_every_switch_has_its_place_in_each_help_page(lang: str) -> None:
    page = (files("ningde_tui.ui") / f"help_{lang}.md").read_text(encoding="utf-8")
    assert sorted(n for n in RuleConfig.switches() if "{" + n + "}" not in page) == []
    assert "{" not in rules_markdown(RuleConfig(), lang)  # every placeholder filled


def test_the_default_foul_deal_ends_the_hand_and_the_old_reading_plays_on() -> None:
    zh = help_markdown("zh")
    assert "本局作废" in zh and "继续打，庄家" not in zh
    old = help_markdown("zh", replace(RuleConfig(), chouzhuang_ends_hand=False))
    assert "继续打，庄家马上多算一庄" in old
    assert "play goes on" not in help_markdown("en")


def test_the_english_help_is_english_only() -> None:
    text = help_markdown("en")
    assert not [c for c in text if "\u4e00" <= c <= "\u9fff"]


async def test_a_room_rule_switched_in_the_settings_is_what_the_help_says() -> None:
    """The player turns 抢杠 on in the settings, saves, presses ? and reads that a kong may be
    robbed; turning 臭庄 off ending the hand makes the help say play goes on."""
    app = NingdeApp(LaunchOptions(seed=3, pace="instant"))
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)
        shown = pilot.app.screen.query_one(Markdown).source
        assert tr("zh", "help.rob_kong.off") in shown
        await pilot.press("escape")
        await settle(pilot)
        await pilot.click("#settings")
        await settle(pilot)
        settings = pilot.app.screen
        assert isinstance(settings, SettingsScreen)
        for name in ("rob_kong", "chouzhuang_ends_hand"):
            switch = settings.query_one(f"#rule-{name}", Switch)
            switch.focus()
            await pilot.press("space")  # the key a player toggles a switch with
        await pilot.pause()
        await pilot.click("#save")
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        await pilot.press("question_mark")
        await settle(pilot)
        shown = pilot.app.screen.query_one(Markdown).source
        assert tr("zh", "help.rob_kong.on") in shown
        assert (
            tr("zh", "help.chouzhuang_ends_hand.off") + tr("zh", "help.chouzhuang_streak.on")
            in shown
        )
