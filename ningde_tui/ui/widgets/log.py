"""The table's log: what happened, newest last, as many lines as fit."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class TableLog(Static):
    def __init__(self, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.lines: list[Text] = []

    def add(self, line: Text) -> None:
        self.lines.append(line)
        self.lines = self.lines[-200:]
        self.refresh()

    def clear_lines(self) -> None:
        self.lines = []
        self.refresh()

    def render(self) -> Text:
        """The newest lines that fit, long ones wrapped (so the newest is always whole)."""
        height = max(self.content_region.height, 1)
        width = max(self.content_region.width, 1)
        rows: list[Text] = []
        for line in reversed(self.lines):
            rows[:0] = list(line.wrap(self.app.console, width))
            if len(rows) >= height:
                break
        return Text("\n").join(rows[-height:])
