"""Every word the engine and the registry name has its words in both languages (translations
outside the engine): each scoring pattern, each term of a payment's formula, each rule switch,
each bot level; and the sentences the engine's data becomes."""

from __future__ import annotations

import re

import pytest

from ningde_tui.bots.base import BOTS
from ningde_tui.i18n.words import (
    EN,
    LANGS,
    STRINGS,
    YOU_EN,
    level_name,
    pattern_name,
    payment_text,
    seat_name,
    tr,
)
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.melds import Meld, MeldKind
from ningde_tui.rules.scoring import PATTERN_TABLE, Fan, WinBy, WinInput, WinScore, evaluate_win
from ningde_tui.rules.tiles import parse_tile, parse_tiles


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


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_of_a_formula_has_a_name(lang: str) -> None:
    assert [f for f in Fan if f"fan.{f}" not in STRINGS[lang]] == []


def worked_example() -> WinScore:
    """rules.md §11: a non-dealer's 金雀 by self-draw with J=2, K=1, Z=2."""
    tiles = parse_tiles("123m456m789m12p3p9s9s")
    kong = Meld(MeldKind.KONG, tuple(parse_tiles("5s5s5s5s")))
    w = WinInput(tuple(tiles), (kong,), parse_tile("9s"), parse_tile("3p"), WinBy.SELF, streak=2)
    return evaluate_win(w)


def test_a_payment_reads_as_its_formula_in_each_language() -> None:
    score = worked_example()
    assert score.pay_dealer is not None and score.pay_other is not None
    assert payment_text(score.pay_dealer, "zh") == "(金2 + 杠1 + 庄2) × 3 + 15 = 30"
    assert payment_text(score.pay_dealer, "en") == "(gold2 + kong1 + dealer2) × 3 + 15 = 30"
    assert payment_text(score.pay_other, "zh") == "(金2 + 杠1) × 3 + 15 = 24"


def test_you_are_told_in_the_second_person() -> None:
    you = seat_name(0, "en")
    assert tr("en", "ev.discard", name=you, tile="5m") == "You discard 5m"
    assert tr("en", "ev.discard", name="Left", tile="5m") == "Left discards 5m"
    assert tr("en", "result.pays", name=you, dealer=" (dealer)") == "You (dealer) pay"
    assert tr("zh", "ev.discard", name=seat_name(0, "zh"), tile="五万") == "你 打 五万"
    assert tr("en", "result.by.discard", name=you) == "on your discard"  # not "on You's"
    assert tr("en", "result.by.discard", name="Left") == "on Left's discard"
    # every second-person form is an English sentence about a seat, with the same values
    for key, you_form in YOU_EN.items():
        assert "{name}" in EN[key] and re.search(r"\b(You|your)\b", you_form), key
        assert set(re.findall(r"{(\w+)", you_form)) == set(re.findall(r"{(\w+)", EN[key])) - {
            "name"
        }, key


# The words a Chinese entry may hold: key names, the room address's scheme and the notation
# of tiles a sentence shows (5m), and the command names a player types.
ZH_MAY_SAY = {"Enter", "Esc", "Ctrl", "Tab", "ws", "wss", "HOST", "ROOM", "ABCD", "ningde", "join"}
# The entries that name the other language on purpose: each language in itself (中文,
# English), the 五万 tile style.
MAY_MIX = {"lang.zh", "lang.en", "tiles.cjk"}


def test_every_chinese_entry_is_chinese_and_every_english_one_english() -> None:
    """No entry mixes the languages (the result title once read 自摸 Self-drawn 自摸)."""
    zh_english = {
        key: words
        for key, text in STRINGS["zh"].items()
        if key not in MAY_MIX
        and (words := [w for w in re.findall(r"[A-Za-z]{2,}", re.sub(r"{[^}]*}", "", text))
                      if w not in ZH_MAY_SAY])
    }  # fmt: skip
    assert zh_english == {}
    en_chinese = {
        key: text
        for key, text in STRINGS["en"].items()
        if key not in MAY_MIX and re.search(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]", text)
    }
    assert en_chinese == {}
    assert all(not re.search(r"[\u4e00-\u9fff]", text) for key, text in YOU_EN.items())


def test_the_words_that_read_two_ways_are_gone() -> None:
    """ "left 30" stood beside the seat named Left; "cut" is not what a player calls it."""
    assert tr("en", "table.drawable", n=30) == "30 to draw"
    assert tr("en", "hints.discard", tile="5m") == "5m"  # "5m → 2-shanten · 19 tiles"
    # the wall's marks: as wide as a stack at every size, in both languages
    for mark in ("head", "tail", "reserve", "break"):
        assert len(tr("en", f"table.mark_{mark}")) == 1 and len(tr("zh", f"table.mark_{mark}")) == 1
