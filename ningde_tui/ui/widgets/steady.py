"""Widgets that spare the screen a layout it does not need.

``Static.update`` lays the whole screen out again by default, since new content may have a new
size. At the table most updates keep it (a score, a turn mark, another line of the same
length), and a layout of the screen costs more than drawing the widget. ``SteadyStatic.show``
asks for a layout only when the content's lines or widest line changed.

When a layout does change a widget's size, Textual sets the widget's *virtual size* (the size
of what it would scroll) and, by default, lays the screen out once more for it. The table's
widgets and containers never scroll, so ``Unscrolled`` sets it without that second layout
(and without a second repaint: the layout has repainted what moved):
``Row`` and ``Column`` are the table's containers made so.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Static

Extent = tuple[int, ...]


def text_size(text: Text) -> Extent:
    """(lines, the widest line's cells) of ``text`` as drawn without wrapping."""
    lines = text.plain.split("\n")
    return (len(lines), max(cell_len(line) for line in lines))


class Unscrolled:
    """A widget that never scrolls: a new size is no reason for a second layout."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class Row(Unscrolled, Horizontal):
    """A row of the table."""


class Column(Unscrolled, Vertical):
    """A column of the table."""


class SteadyStatic(Unscrolled, Static):
    _shown_size: Extent | None = None

    def show(self, content: RenderableType, size: Extent | None = None) -> None:
        """Draw ``content``; ``size`` says what its size depends on where it is not a Text
        (a table of so many rows), and is measured where it is."""
        if size is None:
            size = text_size(content) if isinstance(content, Text) else None
        self.update(content, layout=size is None or size != self._shown_size)
        self._shown_size = size
