"""Every word the engine and the registry name has its words in both languages (issue 12 §3:
translations outside the engine): each scoring pattern, each rule switch, each bot level."""

from __future__ import annotations

import pytest

from ningde_tui.bots.base import BOTS
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.scoring import PATTERN_TABLE
from ningde_tui.ui.model.i18n import LANGS, STRINGS, level_name, pattern_name


@pytest.mark.parametrize("lang", LANGS)
def test_every_pattern_has_a_name(lang: str) -> None:
    names = [pattern_name(key, lang) for key in PATTERN_TABLE]
    assert all(f"pattern.{key}" in STRINGS[lang] for key in PATTERN_TABLE)
    assert len(set(names)) == len(names)


def test_pattern_names_read_as_players_say_them() -> None:
    assert pattern_name("jinque", "zh") == "金雀" and pattern_name("jinque", "en") == "Gold Pair"
    assert pattern_name("draw", "zh") == "draw"  # not a pattern: the key as it is


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_switch_has_a_label(lang: str) -> None:
    assert [s for s in RuleConfig.switches() if f"rule.{s}" not in STRINGS[lang]] == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_bot_level_has_a_name(lang: str) -> None:
    assert [b for b in BOTS if f"level.{b}" not in STRINGS[lang]] == []
    assert level_name("hard", "zh") == "困难"
