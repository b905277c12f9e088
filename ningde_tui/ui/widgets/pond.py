"""A discard pond (河): one player's discards in order, the latest discard marked.

Where there is room the tiles stand up (rank over suit, 2 cells wide, like real discards);
where there is not, they lie flat as ``五万`` chips.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from ..tilefaces import GOLD_BG, IVORY, chips, face_lines, tile_style

LATEST_BG = "#ffe27a"


def marker(ascii_tiles: bool) -> Text:
    return Text("<" if ascii_tiles else "◀", style="bold #ffe27a")


@dataclass(frozen=True)
class PondState:
    tiles: tuple[int, ...] = ()
    latest: bool = False  # the last tile is the discard on the table right now
    gold: int = -1
    ascii_tiles: bool = False


def tall_rows(state: PondState, per_row: int) -> list[Text]:
    """Two text rows per row of standing tiles, a blank row between tile rows."""
    out: list[Text] = []
    last = len(state.tiles) - 1
    for start in range(0, len(state.tiles), per_row):
        top, bottom = Text(), Text()
        for i in range(start, min(start + per_row, len(state.tiles))):
            tile = state.tiles[i]
            bg = (
                LATEST_BG
                if state.latest and i == last
                else GOLD_BG
                if tile == state.gold
                else IVORY
            )
            style = tile_style(tile, state.gold) + Style(bgcolor=bg)
            upper, lower = face_lines(tile, state.ascii_tiles)
            if i > start:
                top.append(" ")
                bottom.append(" ")
            top.append(upper, style)
            bottom.append(lower, style)
        if state.latest and start + per_row > last:
            top.append_text(marker(state.ascii_tiles))
        if out:
            out.append(Text())
        out += [top, bottom]
    return out


class PondView(Static):
    def __init__(self, seat: int, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self.state = PondState()

    def update_state(self, state: PondState) -> None:
        if state != self.state:
            self.state = state
            self.refresh()

    def on_resize(self) -> None:
        self.refresh()

    def render(self) -> Text:
        s = self.state
        width = max(self.content_region.width, 4)
        height = max(self.content_region.height, 1)
        per_row = max((width - 1) // 3, 1)  # a standing tile is 2 cells, then a space
        rows = -(-len(s.tiles) // per_row)
        if s.tiles and 3 * rows - 1 <= height:
            return Text("\n").join(tall_rows(s, per_row))
        latest = len(s.tiles) - 1 if s.latest else None
        text = chips(s.tiles, s.gold, s.ascii_tiles, latest_index=latest)
        if latest is not None:
            text.append_text(marker(s.ascii_tiles))
        return text
