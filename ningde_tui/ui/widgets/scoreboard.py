"""Scores of the four seats, the hand number and the 圈, in the side panel."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive

from ...i18n.words import placed_name, seat_name, tr
from ..palette import BAD, GOLD, GOOD, SOFT
from .steady import SteadyStatic, line_keys, text_size


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
    people: tuple[str, ...] = ()  # per seat, the player's name after the place in ``names``
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
        seats = []
        for seat in sorted(range(4), key=lambda s: (s - state.bottom) % 4):  # you first
            score = state.scores[seat]
            mark = Text("▶", style=f"bold {GOOD}") if seat in state.turn else Text("")
            badge = Text()
            if seat == state.dealer:
                streak = tr(lang, "table.streak", n=state.streak)
                badge.append(f" {tr(lang, 'table.dealer') if state.streak == 1 else streak}")
                badge.stylize(f"bold {GOLD}")
            colour = GOOD if score > 0 else BAD if score < 0 else SOFT
            points = Text(f"{score:+d}", style=f"bold {colour}")
            seats.append((seat, mark, badge, points))
        # a seat's place and its player's name on one line where every seat's fit, else the
        # player's name on a line under the place
        whole = [placed_name(*self.parts(state, seat), lang) for seat, *_ in seats]
        width = self.content_region.width  # (0 before the first layout: one line)
        one_line = not width or all(
            cell_len(name) + badge.cell_len + points.cell_len + 6 <= width  # mark, padding
            for name, (_, _, badge, points) in zip(whole, seats, strict=True)
        )
        table = Table.grid(expand=True, padding=(0, 1))
        table.add_column(width=2)
        table.add_column()
        table.add_column(justify="right")
        rows = []
        for text, (seat, mark, badge, points) in zip(whole, seats, strict=True):
            place, person = self.parts(state, seat)
            name = Text(text if one_line else place, style="bold" if seat == state.bottom else "")
            name.append_text(badge)
            if person and not one_line:
                name.append("\n" + person)
            table.add_row(mark, name, points)
            rows.append((mark, name, points))
        # a line is drawn from its row's cells and the columns' widths, which every row's
        # cells set
        widths = tuple(max(text_size(cells[k])[1] for cells in rows) for k in range(3))
        keys = tuple(
            (widths, line, *(line_keys(cell) for cell in cells))
            for cells in rows
            for line in range(text_size(cells[1])[0])
        )
        self.show(table, size=(len(keys),), rows=keys)  # a line or two a seat, as wide as the panel

    @staticmethod
    def parts(state: ScoreState, seat: int) -> tuple[str, str]:
        """A seat's place (or its whole name) and the player's name after it."""
        place = state.names[seat] if state.names else seat_name(seat, state.lang)
        return place, state.people[seat] if state.people else ""

    def on_resize(self) -> None:
        self.watch_state(self.state)  # the names on one line or two, as the panel's width allows
