"""SVG snapshots of the tutorial at 160×50, in both languages: the list of lessons (two of
them done) and each lesson's opening, chosen from the list as a player chooses it. After a
deliberate change: ``pytest tests/ui/test_tutorial_snapshots.py --snapshot-update`` and look
at the new SVGs."""

from __future__ import annotations

import pytest
from pilot_helpers import settle
from textual.pilot import Pilot
from tutorial_helpers import LEARN_SIZE, learn_app, open_lesson

from ningde_tui.i18n.words import LANGS
from ningde_tui.settings.store import save_progress
from ningde_tui.ui.model.lessons import LESSONS


@pytest.mark.parametrize("lang", LANGS)
def test_the_list_of_lessons(snap_compare, lang: str) -> None:
    save_progress(frozenset({"tiles", "gold"}))
    assert snap_compare(learn_app(lang), terminal_size=LEARN_SIZE, run_before=settle)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", range(len(LESSONS)), ids=[le.id for le in LESSONS])
def test_a_lessons_opening(snap_compare, number: int, lang: str) -> None:
    async def open_it(pilot: Pilot[None]) -> None:
        await open_lesson(pilot, number)

    assert snap_compare(learn_app(lang), terminal_size=LEARN_SIZE, run_before=open_it)
