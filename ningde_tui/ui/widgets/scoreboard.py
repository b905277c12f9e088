"""Scores of the four seats, the hand number and the 圈, in the side panel."""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive

from ...i18n.words import seat_name, tr
from ..palette import BAD, GOLD, GOOD, SOFT
from .steady import SteadyStatic, line_keys


@dataclass(frozen=True)
class ScoreState:
    scores: tuple[int, ...] = (0, 0, 0, 0)
    dealer: int = 0
    streak: int = 1
    turn: tuple[int, ...] = ()  # seats to move now
    hand_no: int = 1
    round_no: int = 1
    rounds: int = 1  # 0: hands go on until stopped
    lang: str = "zh"
    names: tuple[str, ...] = ()  # per seat; () = by position from seat 0
    bottom: int = 0  # the viewer's seat, in bold


class ScoreBoard(SteadyStatic):
    """The seats' rows (kept as drawn by what they show: a move moves the turn mark ▶ from
    one row to another, rows the board has most likely drawn before, and drawing the table of
    rows anew costs more than the rest of the board's frame)."""

    state: reactive[ScoreState] = reactive(ScoreState, init=False, repaint=False)
    _titles: tuple[str, str] | None = None

    def watch_state(self, state: ScoreState) -> None:
        lang = state.lang
        title = tr(lang, "table.scores")
        parts = [tr(lang, "table.hand_no", n=state.hand_no)]
        if state.rounds:
            parts.append(tr(lang, "table.round_of", n=state.round_no, total=state.rounds))
        subtitle = " · ".join(parts)
        if (title, subtitle) != self._titles:  # (setting either draws the whole board again)
            self._titles = (title, subtitle)
            self.border_title = title
            self.border_subtitle = subtitle
        table = Table.grid(expand=True, padding=(0, 1))
        table.add_column(width=2)
        table.add_column()
        table.add_column(justify="right")
        rows = []
        for seat in sorted(range(4), key=lambda s: (s - state.bottom) % 4):  # you first
            score = state.scores[seat]
            mark = Text("▶", style=f"bold {GOOD}") if seat in state.turn else Text("")
            label = state.names[seat] if state.names else seat_name(seat, lang)
            name = Text(label, style="bold" if seat == state.bottom else "")
            if seat == state.dealer:
                badge = tr(lang, "table.streak", n=state.streak)
                if state.streak == 1:
                    badge = tr(lang, "table.dealer")
                name.append(f" {badge}", style=f"bold {GOLD}")
            colour = GOOD if score > 0 else BAD if score < 0 else SOFT
            points = Text(f"{score:+d}", style=f"bold {colour}")
            table.add_row(mark, name, points)
            rows.append((mark, name, points))
        # a row is drawn from its cells and the columns' widths, which every row's cells set
        widths = tuple(max(cells[k].cell_len for cells in rows) for k in range(3))
        keys = tuple((widths, *(line_keys(cell) for cell in cells)) for cells in rows)
        self.show(table, size=(4,), rows=keys)  # a row per seat, as wide as the panel
