"""The table's log: what happened this hand, newest last, scrolled so the newest line shows.

Textual's ``RichLog`` wraps and scrolls; this keeps the lines' text too (``texts``), so when the
panel's width changes (the side panel folded and opened, a resized terminal) they are wrapped
again at the new width. A log is written to, line by line, rather than given a state: the one
table widget outside the ``state`` convention.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import RichLog


class TableLog(RichLog, can_focus=False):
    DEFAULT_CSS = """
    TableLog {
        background: transparent;
        scrollbar-size: 0 0;
    }
    """
    # A new line makes the log longer, not the screen's layout different: the log scrolls
    # itself, and it shows no scroll bar, so its virtual size is set without a layout.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, min_width=1)
        self.texts: list[Text] = []
        self._wrapped_at = 0  # the width the lines were wrapped at

    def add(self, line: Text) -> None:
        self.texts.append(line)
        # scrolled now, not after the next frame: the new line is drawn in the same frame as
        # the rest of the move
        self.write(line, scroll_end=False)
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def clear_lines(self) -> None:
        self.texts = []
        self.clear()

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width and self._wrapped_at and width != self._wrapped_at:
            self.clear()
            for line in self.texts:
                self.write(line)
        self._wrapped_at = width
        self.scroll_end(animate=False, immediate=False)  # the newest line stays in sight
