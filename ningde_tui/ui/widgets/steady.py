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

A move changes a line or two of most widgets (a score, a turn mark, a count), and the screen
draws again every row a widget marks dirty, across all the widgets on that row. So
``SteadyStatic.show`` compares the new content with the last, row by row, and marks only the
rows that changed; content that did not change is not drawn again at all. And the rows it has
drawn are kept by what they show: a row that shows again what it showed a move or two before
(a seat's name line as the turn comes and goes, a count going back) is taken from them rather
than styled anew.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Self, cast

from rich.cells import cell_len
from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.visual import Visual, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

from .. import textual_compat

Extent = tuple[int, ...]
RowKeys = tuple[object, ...]  # per row of content, what it is drawn from


def text_size(text: Text) -> Extent:
    """(lines, the widest line's cells) of ``text`` as drawn without wrapping."""
    lines = text.plain.split("\n")
    return (len(lines), max(cell_len(line) for line in lines))


class Unscrolled(textual_compat.DirtyTold):
    """A widget of the table: it never scrolls, so a new size is no reason for a second
    layout; and what it drew last is given again, not drawn, while nothing has made it
    dirty or changed its style since (a frame draws every widget across the rows that
    changed, most of them as they were: Textual would have taken each row from its cache,
    but only after working out the widget's colours, filters and titles again)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
    _drawn: tuple[Region, Region, list[Strip]] | None = None  # (crop, region, rows)

    def render_lines(self, crop: Region) -> list[Strip]:
        if not textual_compat.ROWS_KEPT:
            return self.draw_lines(crop)  # (nothing tells it when it is dirty: drawn anew)
        region = self.region
        drawn = self._drawn
        if drawn is not None and drawn[0] == crop and drawn[1] == region:
            return drawn[2]
        rows = self.draw_lines(crop)
        self._drawn = (crop, region, rows)
        return rows

    def draw_lines(self, crop: Region) -> list[Strip]:
        """The rows in ``crop`` drawn (Textual's ``render_lines``, unless the widget has a
        way of its own)."""
        return Widget.render_lines(self, crop)

    def made_dirty(self) -> None:
        self._drawn = None

    def notify_style_update(self) -> None:
        self._drawn = None
        super().notify_style_update()


class Plain(Unscrolled):
    """A container that shows only its background where its children leave it room: every
    row of it looks the same, so one row is drawn and the others are copies (a move that
    lays the bottom row out again, as your hand grows or shrinks, resizes five of them). One
    with a border, an outline or a tint is drawn row by row as Textual draws it."""

    _blank: LRUCache[Hashable, Strip] | None = None

    def draw_lines(self, crop: Region) -> list[Strip]:
        styles = self.styles
        draw = super().draw_lines
        if styles.tint.a or styles.has_rule("border") or styles.has_rule("outline"):
            return draw(crop)
        if self._blank is None:
            self._blank = LRUCache(4)
        look = (self.outer_size.width, self.visual_style, self.background_colors)
        return kept_rows(self, crop, self._blank, lambda y: look, draw)


class Row(Plain, Horizontal):
    """A row of the table."""


class Column(Plain, Vertical):
    """A column of the table."""


def line_keys(text: Text) -> RowKeys:
    """Per line of ``text``, what it is drawn from: its characters, their styles and the
    text's own style (two lines with the same key are drawn the same)."""
    return tuple(
        (line.plain, tuple(line.spans), str(line.style))
        for line in text.split("\n", allow_blank=True)
    )


def changed_rows(before: Sequence[object] | None, now: Sequence[object]) -> list[int] | None:
    """The rows that differ between two drawings (None: not comparable, draw it all)."""
    if before is None or len(before) != len(now):
        return None
    return [y for y, (was, new) in enumerate(zip(before, now, strict=True)) if was != new]


def row_regions(widget: Widget, rows: list[int]) -> tuple[Region, ...]:
    """Those rows of the widget's content, to refresh (the other rows stay as drawn)."""
    width = widget.content_region.width
    return tuple(Region(0, y, width, 1) for y in rows)


def redraw_rows(widget: Widget, before: Sequence[object] | None, now: Sequence[object]) -> None:
    """Refresh the rows of ``widget`` that differ from ``before`` to ``now`` (what each row
    is drawn from); all of it when the two do not compare. Textual keeps the other rows as
    it drew them."""
    changed = changed_rows(before, now) if widget.is_mounted else None
    if changed is None:
        widget.refresh()
    elif changed:
        widget.refresh(*row_regions(widget, changed))


def runs(rows: list[int]) -> list[tuple[int, int]]:
    """Rows in order as runs of consecutive rows, (first, past the last)."""
    out: list[tuple[int, int]] = []
    for y in rows:
        if out and out[-1][1] == y:
            out[-1] = (out[-1][0], y + 1)
        else:
            out.append((y, y + 1))
    return out


def at_row(strip: Strip, y: int) -> Strip:
    """A line of content drawn on its own (as its row 0) given the place of row ``y``: the
    offsets Textual's text selection reads from each character's style say row ``y``."""
    if y == 0:
        return strip
    segments = []
    for text, style, control in strip:
        meta = style.meta if style is not None else {}
        if style is not None and "offset" in meta:
            style += Style.from_meta({"offset": (meta["offset"][0], y)})
        segments.append(Segment(text, style, control))
    return Strip(segments, strip.cell_length)


def text_row(widget: Widget, line: Text, y: int) -> Strip:
    """Line ``y`` of a widget's text drawn on its own, as Textual draws it within the whole
    text (the widget's width and style, and its place for text selection)."""
    visual = visualize(widget, line, markup=False)
    return at_row(Visual.to_strips(widget, visual, widget.size.width, 1, widget.visual_style)[0], y)


RowKey = Hashable | None  # what a row as drawn depends on (None: draw it every time)


def kept_rows(
    widget: Widget,
    crop: Region,
    kept: LRUCache[Hashable, Strip],
    key_of: Callable[[int], RowKey],
    draw: Callable[[Region], list[Strip]],
) -> list[Strip]:
    """A widget's ``render_lines``: the rows in ``crop`` as Textual draws them (border and
    padding included), each taken from the rows ``kept`` under its key (``key_of``, by the
    row) when it has been drawn so before, else drawn (``draw``: Textual's own, once for each
    run of rows missing) and kept. Rows without a key are Textual's to draw or keep. (With
    another Textual than the pinned one, all of them are: ``textual_compat.ROWS_KEPT``.)"""
    if not textual_compat.ROWS_KEPT:
        return draw(crop)
    width = widget.outer_size.width
    first = crop.y
    keys = [key_of(y) for y in crop.line_range]
    rows: list[Strip | None] = [None if key is None else kept.get(key) for key in keys]
    missing = [first + k for k, strip in enumerate(rows) if strip is None]
    for top, bottom in runs(missing):
        for y in range(top, bottom):  # (not the rows Textual last drew there)
            if keys[y - first] is not None:
                textual_compat.forget_drawn(widget, Region(0, y, width, 1))
        for y, strip in enumerate(draw(Region(0, top, width, bottom - top)), top):
            rows[y - first] = strip
            key = keys[y - first]
            if key is not None:
                kept.set(key, strip)
    out = cast(list[Strip], rows)
    if crop.column_span != (0, width):
        x1, x2 = crop.column_span
        out = [strip.crop(x1, x2) for strip in out]
    return out


class SteadyStatic(Unscrolled, Static):
    ROWS_KEPT = 64  # rows kept as drawn, by what they show
    _shown_size: Extent | None = None
    _shown_rows: RowKeys | None = None
    _only_rows: list[int] | None = None  # set while ``show`` updates the content
    _kept: LRUCache[Hashable, Strip] | None = None
    _lines: list[Text] | None = None  # the content's lines, each drawn on its own
    _widest = 0  # the widest of them, in cells (wider than the widget: they wrap)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self._lines = None
        super().update(content, layout=layout)

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the content: a Text shown unwrapped is drawn a line at a time (the
        rows kept and the rows that did not change are not drawn again)."""
        lines = self._lines
        if lines is None or self.text_selection is not None or not self._unwrapped():
            return super().render_line(y)
        width = self.size.width
        if y >= len(lines):
            return Strip.blank(width, self.visual_style.rich_style)
        return text_row(self, lines[y], y)

    def draw_lines(self, crop: Region) -> list[Strip]:
        """The rows in ``crop``: each content row drawn before as it shows now taken from the
        rows kept, and so the blank rows below the content (the border's rows are left to
        Textual)."""
        rows = self._shown_rows
        styles = self.styles
        if rows is None or styles.content_align_vertical != "top" or not self._unwrapped():
            return super().draw_lines(crop)
        if self._kept is None:
            self._kept = LRUCache(self.ROWS_KEPT)
        top = self.gutter.top
        look = (
            self.outer_size.width, self.visual_style, self.background_colors,
            tuple(self.get_line_filters()), styles.text_align, styles.content_align_horizontal,
        )  # fmt: skip

        inner = self.outer_size.height - self.gutter.height

        def key_of(y: int) -> RowKey:
            # (a row of content by its place too: its characters carry their place for
            # Textual's text selection)
            if 0 <= y - top < len(rows):
                return (y, rows[y - top], *look)
            return ("", *look) if 0 <= y - top < inner else None  # (a blank row)

        return kept_rows(self, crop, self._kept, key_of, super().draw_lines)

    def _unwrapped(self) -> bool:
        """Whether each line of the content is one row (none wider than the widget, as it
        may have become since it was shown)."""
        return self._widest <= self.size.width

    def forget_rows(self) -> None:
        """Draw every row anew from now on (nothing kept)."""
        if self._kept is not None:
            self._kept.clear()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.forget_rows()

    def show(
        self, content: RenderableType, size: Extent | None = None, rows: RowKeys | None = None
    ) -> None:
        """Draw ``content``; ``size`` says what its size depends on where it is not a Text
        (a table of so many rows; ``(0,)``: it fills its place whatever it shows), and is
        measured where it is; ``rows`` what each row is drawn from where it is not a Text, and
        is found where it is (when no line is too wide to fit unwrapped)."""
        lines = None
        widest = 0
        if isinstance(content, Text):
            measured = text_size(content)
            widest = measured[1]
            size = measured if size is None else size
            if rows is None and measured[1] <= self.content_region.width:
                rows = line_keys(content)  # (a line that wraps would move the rows below it)
                lines = list(content.split("\n", allow_blank=True))
        layout = size is None or size != self._shown_size
        changed = None if layout or rows is None else changed_rows(self._shown_rows, rows)
        self._shown_size, self._shown_rows = size, rows
        if changed == []:
            return  # drawn as it is
        self._only_rows = changed
        try:
            self.update(content, layout=layout)
        finally:
            self._only_rows = None
        self._lines, self._widest = lines, widest

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        """(While ``show`` updates the content, only the rows that changed.)"""
        if self._only_rows is not None and not regions and repaint and not layout:
            regions = row_regions(self, self._only_rows)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
