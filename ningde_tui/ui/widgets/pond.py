"""A discard pond (河): one player's discards in rows of six, like tiles laid in front of them.

Every discard stays in its place: one another player called is drawn as taken (greyed, struck
through), the discard on the table now is lit. Where there is room the tiles stand (rank over
suit); on small terminals they lie flat as ``五万`` chips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ...rules.game import Event, EventKind
from ...rules.scoring import WinBy
from ..palette import LIT
from ..tilefaces import FLAT, STANDING, TALL, Piece, piece_width, row_lines

PER_ROW = 6  # discards per row, as on a real table
CLAIMS = (EventKind.CHI, EventKind.PONG, EventKind.KONG)


def discard_rows(log: Sequence[Event]) -> list[list[Piece]]:
    """Per seat, every tile it discarded this hand in order, those called away marked taken
    (only public events are read: discards, calls and a win on a discard)."""
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
                out[source][-1] = Piece(out[source][-1].tile, "taken")
    return out


def marker() -> Text:
    """The latest discard's mark (the same in every tile notation)."""
    return Text("◀", style=f"bold {LIT}")


@dataclass(frozen=True)
class PondState:
    tiles: tuple[int, ...] = ()  # the tiles still in the pond
    pieces: tuple[Piece, ...] = ()  # every discard in order, called ones marked taken
    gold: int = -1
    ascii_tiles: bool = False


def pond_state(
    tiles: Sequence[int], laid: Sequence[Piece], latest: bool, gold: int, ascii_tiles: bool
) -> PondState:
    """``laid``: the discards with the taken ones (from ``discard_rows``); if they do not
    match the pond (a log that is not the hand's), the pond's own tiles are drawn."""
    pieces = list(laid)
    if [p.tile for p in pieces if p.mark != "taken"] != list(tiles):
        pieces = [Piece(t) for t in tiles]
    if latest and pieces:
        pieces[-1] = Piece(pieces[-1].tile, "latest")
    return PondState(tuple(tiles), tuple(pieces), gold, ascii_tiles)


def pond_lines(state: PondState, size: str, per_row: int = PER_ROW) -> list[Text]:
    out: list[Text] = []
    pieces = state.pieces
    for start in range(0, len(pieces), per_row):
        row = pieces[start : start + per_row]
        lines = row_lines(row, size, state.gold, state.ascii_tiles)
        if row[-1].mark == "latest":
            lines[0].append_text(marker())
        out += lines
    return out


def pond_width(size: str, per_row: int = PER_ROW) -> int:
    """Cells a full row takes, the latest-discard marker included."""
    return per_row * (piece_width(size) + 1)


def pond_size(width: int, height: int, count: int) -> tuple[str, int]:
    """(tile size, tiles a row): the biggest tiles with which rows of six, three rows (or as
    many as the pond needs), fit; where even flat rows of six do not, shorter rows of
    standing tiles (a narrow terminal with the side panel open)."""
    rows = max(3, -(-count // PER_ROW))
    for size in (TALL, STANDING):
        if pond_width(size) <= width and 2 * rows <= height:
            return size, PER_ROW
    if pond_width(FLAT) <= width or height < 6:
        return FLAT, PER_ROW
    return STANDING, max(width // (piece_width(STANDING) + 1), 1)


class PondView(Static):
    """A player's discards, drawn to fit the widget's size (``render``)."""

    state: reactive[PondState] = reactive(PondState, layout=True)

    def on_resize(self) -> None:
        self.refresh()

    def render(self) -> Text:
        region = self.content_region
        size, per_row = pond_size(region.width, region.height, len(self.state.pieces))
        return Text("\n").join(pond_lines(self.state, size, per_row))
