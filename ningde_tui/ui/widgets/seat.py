"""A player's place at the table: name, dealer mark, score, concealed tiles and melds.

The bots' hands are shown as backs with a count; your own concealed tiles are in HandView, so
your SeatView shows only the name line and your melds.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static

from ...rules.melds import ANKONG, KONG, Meld
from ..i18n import level_name, seat_name, tr
from ..tilefaces import backs, chip


@dataclass(frozen=True)
class SeatState:
    seat: int
    level: str = ""  # bot level, "" for you
    score: int = 0
    dealer: bool = False
    streak: int = 1
    hand_size: int = 0
    melds: tuple[Meld, ...] = ()
    gold: int = -1
    active: bool = False
    lang: str = "zh"
    ascii_tiles: bool = False


def meld_text(meld: Meld, gold: int, ascii_tiles: bool, lang: str) -> Text:
    """Tiles side by side; the claimed tile underlined; kongs tagged 杠/暗杠."""
    out = Text()
    if meld.kind in (KONG, ANKONG):
        out.append(tr(lang, "choice.ankong" if meld.kind == ANKONG else "choice.kong"), "#9fb3ad")
    claimed = meld.claimed
    for t in meld.tiles:
        piece = chip(t, gold, ascii_tiles)
        if claimed is not None and t == claimed:
            piece.stylize("underline")
            claimed = None
        out.append_text(piece)
    return out


def melds_text(melds: tuple[Meld, ...], gold: int, ascii_tiles: bool, lang: str) -> Text:
    return Text("  ").join(meld_text(m, gold, ascii_tiles, lang) for m in melds)


def name_line(s: SeatState) -> Text:
    """Name and dealer badge (庄, or 庄×2 on a streak)."""
    out = Text()
    out.append(seat_name(s.seat, s.lang), style="bold")
    if s.dealer:
        out.append("  ")
        mark = (
            tr(s.lang, "table.streak", n=s.streak) if s.streak > 1 else tr(s.lang, "table.dealer")
        )
        out.append(f" {mark} ", style="bold #1b1300 on #e0b23a")
    return out


def score_text(s: SeatState) -> Text:
    """The score, after the bot's level if it is a bot."""
    colour = "#7ee2a8" if s.score > 0 else "#ff7b72" if s.score < 0 else "#c9c9c9"
    out = Text()
    if s.level:
        out.append(level_name(s.level, s.lang) + " · ", style="#8fa8a2")
    out.append(tr(s.lang, "table.score", n=s.score), style=f"bold {colour}")
    return out


class SeatView(Static):
    """An opponent: a bordered panel titled with the name, dealer mark and score."""

    def __init__(self, seat: int, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self.state = SeatState(seat)

    def update_state(self, state: SeatState) -> None:
        if state == self.state:
            return
        self.state = state
        self.set_class(state.active, "-active")
        title = name_line(state)
        if state.active:
            title = Text("▶ ", style="bold #7ee2a8") + title
        self.border_title = title
        self.border_subtitle = score_text(state)
        body = Text()
        body.append_text(backs(state.hand_size, state.ascii_tiles))
        body.append(f" {state.hand_size}", style="#8fa8a2")
        if state.melds:
            body.append("  ")
            body.append_text(melds_text(state.melds, state.gold, state.ascii_tiles, state.lang))
        self.update(body)


class MySeatLine(Static):
    """Your name line above your hand: dealer mark, score and melds."""

    def update_state(self, state: SeatState) -> None:
        line = Text()
        if state.active:
            line.append("▶ ", style="bold #7ee2a8")
        line.append_text(name_line(state))
        line.append("  ")
        line.append_text(score_text(state))
        if state.melds:
            line.append("   " + tr(state.lang, "table.melds") + " ", style="#8fa8a2")
            line.append_text(melds_text(state.melds, state.gold, state.ascii_tiles, state.lang))
        self.set_class(state.active, "-active")
        self.update(line)
