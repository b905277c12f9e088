"""The table's log: what happened, newest last, as many lines as fit."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

KEPT = 200  # the lines a log keeps


class TableLog(Static):
    """The lines of the log (``state``), the newest drawn last and whole: long lines are wrapped
    at the panel's width when it is drawn, so they wrap again when the panel changes width."""

    state: reactive[tuple[Text, ...]] = reactive(tuple)

    def add(self, line: Text) -> None:
        self.state = (*self.state[-(KEPT - 1) :], line)

    def clear_lines(self) -> None:
        self.state = ()

    def render(self) -> Text:
        """The newest lines that fit, long ones wrapped (so the newest is always whole)."""
        height = max(self.content_region.height, 1)
        width = max(self.content_region.width, 1)
        rows: list[Text] = []
        for line in reversed(self.state):
            rows[:0] = list(line.wrap(self.app.console, width))
            if len(rows) >= height:
                break
        return Text("\n").join(rows[-height:])
