"""A Static whose content is replaced, move after move, by content of the same size.

``Static.update`` lays the whole screen out again by default, since new content may have a new
size. At the table most updates keep it (a score, a turn mark, another line of the same
length), and a layout of the screen costs more than drawing the widget. ``show`` asks for a
layout only when the content's lines or widest line changed.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.widgets import Static

Size = tuple[int, ...]


def text_size(text: Text) -> Size:
    """(lines, the widest line's cells) of ``text`` as drawn without wrapping."""
    lines = text.plain.split("\n")
    return (len(lines), max(cell_len(line) for line in lines))


class SteadyStatic(Static):
    _shown_size: Size | None = None

    def show(self, content: RenderableType, size: Size | None = None) -> None:
        """Draw ``content``; ``size`` says what its size depends on where it is not a Text
        (a table of so many rows), and is measured where it is."""
        if size is None:
            size = text_size(content) if isinstance(content, Text) else None
        self.update(content, layout=size is None or size != self._shown_size)
        self._shown_size = size
