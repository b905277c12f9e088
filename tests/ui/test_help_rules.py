"""The ``?`` help says what the game does: its rule sentences come from the room's RuleConfig,
one sentence per switch (``help.<switch>.on`` / ``.off`` where the pages place the switch, its
label and on/off where they do not), so flipping a switch changes them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pilot_helpers import settle
from textual.widgets import Markdown, Switch

from ningde_tui.i18n.words import LANGS, STRINGS, switch_sentence, tr
from ningde_tui.rules.config import RuleConfig
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens import help as help_screen
from ningde_tui.ui.screens.help import (
    HelpScreen,
    help_markdown,
    placed_switches,
    rules_markdown,
)
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
    """Every switch has its line in the help: its sentence where the page places it (shown
    either way), else its label and state (shown when set otherwise than its default)."""
    base = base_for(name)
    value = getattr(base, name)
    flipped = replace(base, **{name: not value})
    before, after = help_markdown(lang, base), help_markdown(lang, flipped)
    now, then = switch_sentence(name, value, lang), switch_sentence(name, not value, lang)
    assert then in after and now not in after
    if name in placed_switches(lang):
        assert now in before
    assert before != after


@pytest.mark.parametrize("lang", LANGS)
def test_every_switch_the_help_places_has_its_sentences(lang: str) -> None:
    """The pages place the same switches, only switches, each with both its sentences in
    both languages; a sentence the pages do not place would be said nowhere."""
    placed = placed_switches(lang)
    assert set(placed) <= set(RuleConfig.switches())
    assert sorted(placed) == sorted(placed_switches(LANGS[0]))
    assert len(placed) == len(set(placed))
    keys = {f"help.{name}.{state}" for name in placed for state in ("on", "off")}
    assert sorted(keys - set(STRINGS[lang])) == []
    said = {k for k in STRINGS[lang] if k.endswith((".on", ".off")) and k.startswith("help.")}
    assert sorted(said - keys) == []
    assert "{" not in rules_markdown(RuleConfig(), lang)  # every placeholder filled


@pytest.mark.parametrize("lang", LANGS)
def test_a_switch_the_pages_do_not_place_is_listed_by_its_label_when_flipped(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a new switch is (the recipe's three steps, no sentence in the pages): the help for
    the defaults is the page as written; set otherwise, it is listed after the summary."""
    page = help_screen.help_page(lang)
    monkeypatch.setattr(help_screen, "help_page", lambda lang: page.replace("{rob_kong}", ""))
    monkeypatch.delitem(STRINGS[lang], "help.rob_kong.on")
    monkeypatch.delitem(STRINGS[lang], "help.rob_kong.off")
    default = rules_markdown(RuleConfig(), lang)
    assert default == page.replace("{rob_kong}", "").format(
        **help_screen.rule_sentences(RuleConfig(), lang)
    )
    assert tr(lang, "help.other_rules") not in default
    shown = rules_markdown(replace(RuleConfig(), rob_kong=True), lang)
    line = tr(lang, "help.switch", label=tr(lang, "rule.rob_kong"), state=tr(lang, "settings.on"))
    assert shown.endswith(f"**{tr(lang, 'help.other_rules')}**\n\n- {line}\n")


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
