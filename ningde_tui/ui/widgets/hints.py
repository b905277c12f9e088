"""The hints panel (key h): shanten after each possible discard, and waits with unseen counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive

from ...i18n.words import tr
from ...rules.game import Action
from ..model.hints import Hint
from ..palette import GOLD, GOOD, MUTED, SOFT, WALL_TEXT
from ..tilefaces import chips, tile_text
from .steady import SteadyStatic


def state_text(hint: Hint, lang: str) -> Text:
    if hint.shanten < 0:
        return Text(tr(lang, "hints.complete"), style=f"bold {GOOD}")
    if hint.shanten == 0:
        return Text(tr(lang, "hints.ready"), style=f"bold {GOOD}")
    return Text(tr(lang, "hints.shanten", n=hint.shanten), style=WALL_TEXT)


def accepts_text(hint: Hint, lang: str) -> Text:
    """进张: how many unseen tiles (golds included) would take the hand a step on."""
    return Text(tr(lang, "hints.accepts", n=hint.unseen_total), style=MUTED)


def waits_text(hint: Hint, gold: int, ascii_tiles: bool, lang: str) -> Text:
    out = Text()
    for tile, left in hint.waits:
        out.append_text(tile_text(tile, gold, ascii_tiles))
        out.append(f"{left} ", style=MUTED)
    out.append(tr(lang, "hints.gold"), style=f"bold {GOLD}")
    out.append(f"{hint.gold_unseen}", style=MUTED)
    return out


def ready_text(hint: Hint, gold: int, ascii_tiles: bool, lang: str) -> Text:
    """The compact 听 line beside your name: 听 三万2 六万1 金3 (how many of each unseen)."""
    out = Text(tr(lang, "hints.ready_short") + " ", style=f"bold {GOOD}")
    out.append_text(waits_text(hint, gold, ascii_tiles, lang))
    return out


def hints_text(
    hints: list[Hint],
    now: Hint | None,
    gold: int,
    ascii_tiles: bool,
    lang: str,
    limit: int,
    claims: Sequence[tuple[Action, int]] = (),
) -> Text:
    """Best discards first; or, between turns, the hand as it stands and what each call
    you are offered would make of it."""
    lines: list[Text] = []
    if now is not None:
        line = Text(tr(lang, "hints.now", state=""), style=MUTED)
        line.append_text(state_text(now, lang))
        lines.append(line)
        if now.shanten == 0:
            lines.append(Text("  ") + waits_text(now, gold, ascii_tiles, lang))
    for action, shanten in claims:
        line = Text(tr(lang, f"choice.{action.type}") + " ", style=SOFT)
        line.append_text(chips(action.uses(), gold, ascii_tiles, sep=""))
        line.append(" → ")
        line.append_text(state_text(Hint(None, shanten, (), 0), lang))
        lines.append(line)
    for hint in hints[:limit]:
        assert hint.discard is not None
        line = Text(tr(lang, "hints.discard", tile=""), style=SOFT)
        line.append_text(tile_text(hint.discard, gold, ascii_tiles))
        line.append(" → ")
        line.append_text(state_text(hint, lang))
        if hint.shanten == 0:
            line.append(" ")
            line.append_text(waits_text(hint, gold, ascii_tiles, lang))
        elif hint.shanten > 0:
            line.append(" · ")
            line.append_text(accepts_text(hint, lang))
        lines.append(line)
    return Text("\n").join(lines)


@dataclass(frozen=True)
class HintsState:
    """On your turn the hints of each discard (best first); between turns the hand as it stands
    (``now``) and what each call you are offered would make of it (``claims``)."""

    discards: tuple[Hint, ...] = ()
    now: Hint | None = None
    claims: tuple[tuple[Action, int], ...] = ()
    gold: int = -1
    ascii_tiles: bool = False
    lang: str = "zh"


class HintsView(SteadyStatic):
    """Hidden (display: none) when hints are off. The text is made for the panel's height, so
    it lists as many discards as the panel has rows."""

    state: reactive[HintsState] = reactive(HintsState, repaint=False)

    def watch_state(self) -> None:
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        s = self.state
        limit = max(self.content_region.height - 2, 1)
        text = hints_text(list(s.discards), s.now, s.gold, s.ascii_tiles, s.lang, limit, s.claims)
        self.show(text, size=(0,))  # (the panel's size is the side panel's, whatever it says)
