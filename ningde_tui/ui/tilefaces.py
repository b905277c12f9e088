"""How a tile looks: CJK text coloured by suit (万 red, 筒 blue, 条 green, 白板 grey), golds on
gold, or ``5m`` with ``--ascii``. No Unicode mahjong glyphs: terminals disagree on their width.

The hand draws each tile as a bordered widget holding ``face_lines`` (rank over suit); text uses
``chip`` (``五万`` on an ivory chip, 4 cells); ponds and melds lay ``Piece`` s in the sizes below.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ..rules.tiles import RANK_ZH, SUIT_ZH, WHITE, suit_of, tile_str
from .palette import (
    BACK,
    BACK_TEXT,
    BACKS,
    CALLED,
    GOLD,
    IVORY,
    IVORY_ALT,
    LIT,
    ON_GOLD,
    SUIT,
    SUIT_ON_DARK,
    TAKEN,
    TAKEN_TEXT,
)

GOLD_BG = GOLD
SUIT_COLOUR = SUIT
# Brighter variants for text on the dark table.
SUIT_COLOUR_ON_DARK = SUIT_ON_DARK


def face_lines(tile: int, ascii_tiles: bool) -> tuple[str, str]:
    """The two lines of a tall tile: ``五``/``万``, ``白``/``板``; in the ``5m`` notation the
    rank over the suit letter (``5``/``m``), 白板 as ``w``."""
    if ascii_tiles:
        text = tile_str(tile)
        return (text[0] + " ", text[1] + " ") if len(text) == 2 else (text.ljust(2), "  ")
    if tile == WHITE:
        return "白", "板"
    return RANK_ZH[tile % 9], SUIT_ZH[suit_of(tile)]


# A gold is dark on gold, written as gold on dark reversed, and underlined: without colour
# (NO_COLOR's grey, or none at all) it is still the one reversed, underlined tile of its row.
GOLD_FACE = Style(color=GOLD_BG, bgcolor=ON_GOLD, bold=True, reverse=True, underline=True)


def tile_style(tile: int, gold: int | None, *, on_dark: bool = False) -> Style:
    """Foreground (and, for a gold, background) of a tile's characters."""
    if tile == gold:
        return GOLD_FACE
    palette = SUIT_COLOUR_ON_DARK if on_dark else SUIT_COLOUR
    return Style(color=palette[suit_of(tile)], bold=tile != WHITE)


def chip_label(tile: int, ascii_tiles: bool) -> str:
    if ascii_tiles:
        return tile_str(tile).rjust(2)
    if tile == WHITE:
        return "白板"
    return RANK_ZH[tile % 9] + SUIT_ZH[suit_of(tile)]


def chip(tile: int, gold: int | None, ascii_tiles: bool, *, latest: bool = False) -> Text:
    """A small tile: ``五万`` on ivory (gold background for a gold); ``latest`` stands out."""
    style = tile_style(tile, gold)
    if tile != gold:
        style += Style(bgcolor=IVORY)
    if latest:  # (a gold keeps its reversed face)
        style += Style(underline=True) if tile == gold else Style(bgcolor=LIT, underline=True)
    return Text(chip_label(tile, ascii_tiles), style=style)


def chips(
    tiles: Iterable[int],
    gold: int | None,
    ascii_tiles: bool,
    *,
    sep: str = " ",
    latest_index: int | None = None,
) -> Text:
    out = Text()
    for i, t in enumerate(tiles):
        if i:
            out.append(sep)
        out.append_text(chip(t, gold, ascii_tiles, latest=i == latest_index))
    return out


def tile_text(tile: int, gold: int | None, ascii_tiles: bool) -> Text:
    """A tile named in running text on the dark table: coloured, no chip."""
    return Text(chip_label(tile, ascii_tiles).strip(), style=tile_style(tile, gold, on_dark=True))


def backs(count: int) -> Text:
    """An opponent's concealed tiles, face down."""
    return Text("▮" * count, style=Style(color=BACKS))


# ---------------------------------------------------------------- tiles laid on the table
# The sizes of a tile on the table, (cells wide, rows tall): FLAT ``五万`` on one row and WIDE
# the same on a 6×2 tile (tiles seen lying sideways, as a side player's are), STANDING rank
# over suit in 2×2, TALL the same 4 cells wide, LARGE 4×3 and HUGE 6×3 (rank, a blank row,
# suit). In the ``5m`` notation a tile shows ``8p`` on one row at every size. A face-down tile
# is green.
ARROWS = {0: "▼", 1: "▶", 2: "▲", 3: "◀"}  # toward a position: bottom, right, top, left
FLAT, WIDE, STANDING, TALL, LARGE, HUGE = "flat", "wide", "standing", "tall", "large", "huge"
SIZES = {
    FLAT: (4, 1), WIDE: (6, 2), STANDING: (2, 2), TALL: (4, 2), LARGE: (4, 3), HUGE: (6, 3),
}  # fmt: skip


@dataclass(frozen=True)
class Piece:
    """One tile on the table: ``tile`` None is face down; ``mark`` "latest", "taken" or
    "called" changes its colour; ``toward``: the seat a taken discard went to."""

    tile: int | None
    mark: str = ""
    toward: int | None = None


def piece_style(piece: Piece, gold: int | None, alt: bool = False) -> Style:
    """A discard another player called is dimmed (never struck through: a struck 二 reads as
    三); a meld's called tile is on a lighter face and underlined, as the result shows it.
    ``alt``: the other shade of ivory (every other tile of a pond)."""
    if piece.tile is None:
        return Style(color=BACK_TEXT, bgcolor=BACK)
    if piece.mark == "taken":
        return Style(color=TAKEN_TEXT, bgcolor=TAKEN)
    style = tile_style(piece.tile, gold)
    bg = {"latest": LIT, "called": CALLED}.get(piece.mark)
    if bg is None and piece.tile != gold:
        bg = IVORY_ALT if alt else IVORY
    return style + Style(bgcolor=bg) if bg else style


def centred(text: str, width: int) -> str:
    """``text`` centred in ``width`` terminal cells (a CJK character takes two)."""
    room = max(width - cell_len(text), 0)
    return " " * (room // 2) + text + " " * (room - room // 2)


def piece_rows(piece: Piece, size: str, ascii_tiles: bool) -> list[str]:
    """The text of one tile's rows, each exactly as wide as the size (白板 like any other)."""
    width, height = SIZES[size]
    if piece.tile is None:
        return [centred("▒▒", width)] * height
    if ascii_tiles or size in (FLAT, WIDE):
        rows = [" " * width] * height
        rows[(height - 1) // 2] = centred(chip_label(piece.tile, ascii_tiles), width)
        return rows
    upper, lower = face_lines(piece.tile, False)
    middle = [" " * width] * (height - 2)
    return [centred(upper, width), *middle, centred(lower, width)]


def piece_lines(piece: Piece, size: str, gold: int | None, ascii_tiles: bool) -> list[Text]:
    """The rows of one tile, styled; a called tile's last row underlined (lit too while it is
    the tile just called: the underline tells it without colour)."""
    style = piece_style(piece, gold)
    rows = [Text(row, style=style) for row in piece_rows(piece, size, ascii_tiles)]
    if piece.mark in ("called", "latest"):
        rows[-1].stylize("underline")
    return rows


def piece_width(size: str) -> int:
    return SIZES[size][0]


def piece_height(size: str) -> int:
    return SIZES[size][1]


def row_lines(
    pieces: Sequence[Piece], size: str, gold: int | None, ascii_tiles: bool, sep: str = " "
) -> list[Text]:
    """Tiles side by side (as many rows of text as the size is tall)."""
    out = [Text() for _ in range(piece_height(size))]
    for i, piece in enumerate(pieces):
        for line, part in zip(out, piece_lines(piece, size, gold, ascii_tiles), strict=True):
            if i and sep:
                line.append(sep)
            line.append_text(part)
    return out
