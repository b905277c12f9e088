"""Refusals are words the engine gives and the table translates: every
``RefusalCode`` has a sentence in both languages, filled from its parameters; nothing parses
the engine's text."""

from __future__ import annotations

import pytest

from ningde_tui.i18n.words import LANGS, STRINGS, refusal_text
from ningde_tui.rules.game import IllegalAction
from ningde_tui.rules.refusal import Refusal, RefusalCode

PARAMS = {
    RefusalCode.LOCK: {"seat": 3, "wait": "xianjin"},
    RefusalCode.RESTRICTION: {"need": "jinque", "tier": 2, "pattern": "pinghu"},
    RefusalCode.DECLINED: {"floor": 12, "total": 8},
    RefusalCode.WRONG_SIZE: {"concealed": 16, "melds": 0, "tiles": 17},
    RefusalCode.NOT_IN_HAND: {"seat": 0, "tile": 4},
    RefusalCode.GOLD_DISCARD: {"tile": 4},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", list(RefusalCode))
def test_every_refusal_has_a_sentence(lang: str, code: RefusalCode) -> None:
    assert f"refuse.{code}" in STRINGS[lang]
    refusal = Refusal(code, "the engine's words", PARAMS.get(code, {}))
    text = refusal_text(lang, refusal)
    assert text != "the engine's words" and "{" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_win_says_why_it_was_refused(lang: str) -> None:
    lock = Refusal(RefusalCode.LOCK, "lock: …", PARAMS[RefusalCode.LOCK])
    refused = IllegalAction(Refusal.win_refused(lock))
    assert refused.code == RefusalCode.WIN_REFUSED
    assert refusal_text(lang, refused.refusal) == refusal_text(lang, lock)
    assert ("闲金" if lang == "zh" else "free gold") in refusal_text(lang, lock)
