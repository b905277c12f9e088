"""A discard pond (河): one player's discards laid inside the wall, in front of that player.

The tiles lie in lines as on a real table, read from the owner's left to right and laid from
the centre out toward the owner: your lines left to right under the centre, 对家's right to
left above it, 下家's columns bottom to top right of it, 上家's top to bottom left of it. The
wall (``WallView``) gives each pond its place and its ``PondShape``; the pond draws its tiles in
it. Every discard stays in its place: one another player called is dimmed with an arrow toward
the caller (never struck through), the discard on the table now is lit and marked ◀.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ...rules.game import Event, EventKind
from ...rules.scoring import WinBy
from ..palette import CALL, LIT
from ..tilefaces import ARROWS, FLAT, SIZES, Piece, piece_rows, piece_style
from .steady import Unscrolled, redraw_rows, text_row

PER_LINE = 6  # discards a line, as on a real table
CLAIMS = (EventKind.CHI, EventKind.PONG, EventKind.KONG)


def discard_rows(log: Sequence[Event]) -> list[list[Piece]]:
    """Per seat, every tile it discarded this hand in order, those called away marked taken
    with the seat that took them (only public events are read: discards, calls and a win on
    a discard)."""
    out: list[list[Piece]] = [[] for _ in range(4)]
    last: int | None = None
    for event in log:
        if event.kind == EventKind.DISCARD and event.seat is not None and event.tile is not None:
            out[event.seat].append(Piece(event.tile))
            last = event.seat
        elif event.kind in CLAIMS or (
            event.kind == EventKind.WIN and event.info.get("by") == WinBy.DISCARD
        ):
            source = event.info.get("from", last)
            if source is not None and out[source]:
                out[source][-1] = Piece(out[source][-1].tile, "taken", event.seat)
    return out


@dataclass(frozen=True)
class PondState:
    tiles: tuple[int, ...] = ()  # the tiles still in the pond
    pieces: tuple[Piece, ...] = ()  # every discard in order, called ones marked taken
    gold: int = -1
    ascii_tiles: bool = False
    bottom: int = 0  # the seat drawn at the bottom (a taken tile's arrow points on the screen)


def pond_state(
    tiles: Sequence[int],
    laid: Sequence[Piece],
    latest: bool,
    gold: int,
    ascii_tiles: bool,
    bottom: int = 0,
) -> PondState:
    """``laid``: the discards with the taken ones (from ``discard_rows``); if they do not
    match the pond (a log that is not the hand's), the pond's own tiles are drawn."""
    pieces = list(laid)
    if [p.tile for p in pieces if p.mark != "taken"] != list(tiles):
        pieces = [Piece(t) for t in tiles]
    if latest and pieces:
        pieces[-1] = Piece(pieces[-1].tile, "latest")
    return PondState(tuple(tiles), tuple(pieces), gold, ascii_tiles, bottom)


@dataclass(frozen=True)
class PondShape:
    """How a pond lies: its owner's ``position`` on the screen (0 bottom, 1 right, 2 top,
    3 left), the tile size, ``per_line`` tiles a line and room for ``lines`` lines. A line is
    a row for the bottom and top ponds, a column for the side ponds; each tile has one blank
    cell on its right for a mark."""

    position: int = 0
    size: str = FLAT
    per_line: int = PER_LINE
    lines: int = 4

    @property
    def rows(self) -> bool:
        return self.position in (0, 2)

    @property
    def width(self) -> int:
        tile_w = SIZES[self.size][0] + 1
        return tile_w * (self.per_line if self.rows else self.lines)

    @property
    def height(self) -> int:
        tile_h = SIZES[self.size][1]
        return tile_h * (self.lines if self.rows else self.per_line)

    @property
    def capacity(self) -> int:
        return self.per_line * self.lines

    def place(self, index: int) -> tuple[int, int]:
        """(column, row) of the ``index``-th discard's first cell."""
        tile_w, tile_h = SIZES[self.size]
        line, slot = divmod(index, self.per_line)
        lines, last = self.lines, self.per_line - 1
        if self.position == 0:
            col, row = slot, line
        elif self.position == 2:
            col, row = last - slot, lines - 1 - line
        elif self.position == 1:
            col, row = line, last - slot
        else:
            col, row = lines - 1 - line, slot
        return col * (tile_w + 1), row * tile_h


Cell = tuple[str, Style | None]  # the second cell of a wide character is ("", style)


def pond_grid(state: PondState, shape: PondShape) -> list[list[Cell]]:
    """The pond's cells: every discard at its place, marks beside them."""
    tile_w = SIZES[shape.size][0]
    needed = -(-len(state.pieces) // shape.per_line)
    if needed > shape.lines:  # more discards than the wall made room for: lines go on
        shape = replace(shape, lines=needed)
    width, height = shape.width, shape.height
    grid: list[list[Cell]] = [[(" ", None)] * width for _ in range(height)]

    def put(col: int, row: int, text: str, style: Style | None) -> None:
        for ch in text:
            w = cell_len(ch)
            if 0 <= row < height and col + w <= width:
                grid[row][col] = (ch, style)
                if w == 2:
                    grid[row][col + 1] = ("", style)
            col += w

    for index, piece in enumerate(state.pieces):
        col, row = shape.place(index)
        line, slot = divmod(index, shape.per_line)
        style = piece_style(piece, state.gold, alt=(line + slot) % 2 == 1)
        for k, text in enumerate(piece_rows(piece, shape.size, state.ascii_tiles)):
            put(col, row + k, text, style)
        if piece.mark == "latest":
            put(col + tile_w, row, "◀", Style.parse(f"bold {LIT}"))
        elif piece.mark == "taken" and piece.toward is not None:
            arrow = ARROWS[(piece.toward - state.bottom) % 4]
            put(col + tile_w, row, arrow, Style.parse(f"bold {CALL}"))
    return grid


def cells_text(row: list[Cell]) -> Text:
    """One row of a pond's cells as text."""
    line = Text()
    for ch, style in row:
        if ch:  # (not the second cell of a wide character)
            line.append(ch, style=style)
    return line


class PondView(Unscrolled, Widget):
    """A player's discards, drawn in the ``shape`` the wall gives it.

    Drawn line by line (``render_line``) from its grid of cells: a discard changes a row or
    two (the new tile, the ◀ moved off the one before), so only the rows that changed are
    drawn again."""

    state: reactive[PondState] = reactive(PondState, repaint=False)
    shape: reactive[PondShape] = reactive(PondShape)

    def __init__(self, position: int, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.position = position
        self.set_reactive(PondView.shape, PondShape(position))
        self._grid: list[list[Cell]] | None = None  # as last drawn

    def watch_state(self) -> None:
        before, self._grid = self._grid, None
        redraw_rows(self, before, self.lines())

    def watch_shape(self) -> None:
        self._grid = None

    def lines(self) -> list[list[Cell]]:
        """The grid as drawn now (made once per state and shape)."""
        if self._grid is None:
            self._grid = pond_grid(self.state, self.shape)
        return self._grid

    def render_line(self, y: int) -> Strip:
        """The row, drawn as Textual draws text (so it looks as the text of the whole pond)."""
        grid = self.lines()
        return text_row(self, cells_text(grid[y]) if y < len(grid) else Text(), y)
