"""The table's log: what happened this hand, newest last, scrolled so the newest line shows.

Textual's ``RichLog`` wraps and scrolls; this keeps the lines' text too (``texts``), so when the
panel's width changes (the side panel folded and opened, a resized terminal) they are wrapped
again at the new width. A log is written to, line by line, rather than given a state: the one
table widget outside the ``state`` convention.

Each new line scrolls every line up by a row. The rows as drawn (with the panel's border and
padding) are kept by the line they show, so a scroll draws only the new line; the rest are the
rows drawn before, one place higher.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import RichLog

from .. import textual_compat
from .prose import wrapped
from .steady import RowKey, kept_rows

ROWS_KEPT = 256  # rows as drawn, by the line they show


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
        self._rows: LRUCache[Hashable, Strip] = LRUCache(ROWS_KEPT)

    def add(self, line: Text) -> None:
        self.texts.append(line)
        # scrolled now, not after the next frame: the new line is drawn in the same frame as
        # the rest of the move
        self._write(line)
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _write(self, line: Text) -> None:
        """A line wrapped as each language wraps (``prose.wrapped``: a Chinese line between
        characters, never inside 八万); before the log has a width, as Rich wraps it (it is
        wrapped again once it has one)."""
        width = self.scrollable_content_region.width
        if not width:
            self.write(line, scroll_end=False)
            return
        for part in wrapped(line, width):
            self.write(part, scroll_end=False)

    def clear(self) -> TableLog:
        self._rows.clear()  # (the lines are numbered from the start again)
        super().clear()
        return self

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._rows.clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The rows in ``crop``, those showing a line drawn before taken from the rows kept
        (the border's rows are always drawn)."""
        if not textual_compat.ROWS_KEPT:
            return super().render_lines(crop)
        width, height = self.outer_size  # (the rows with the border and the padding)
        scroll_x, scroll_y = self.scroll_offset
        top, inner = self.gutter.top, height - self.gutter.height
        start, widest = textual_compat.log_lines(self)
        first = start + scroll_y - top  # the line shown on row 0
        last = start + len(self.lines)  # rows past it are blank (-1)

        def key_of(y: int) -> RowKey:
            if not 0 <= y - top < inner:
                return None
            line = first + y if first + y < last else -1
            return (line, width, scroll_x, widest)

        return kept_rows(self, crop, self._rows, key_of, super().render_lines)

    def clear_lines(self) -> None:
        self.texts = []
        self.clear()

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width and width != self._wrapped_at and self.texts:
            self.clear()
            for line in self.texts:
                self._write(line)
        self._wrapped_at = width
        self.scroll_end(animate=False, immediate=False)  # the newest line stays in sight
