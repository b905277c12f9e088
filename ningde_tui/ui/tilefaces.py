"""How a tile looks: CJK text coloured by suit (万 red, 筒 blue, 条 green, 白板 grey), golds on
gold, or ``5m`` with ``--ascii``. No Unicode mahjong glyphs: terminals disagree on their width.

Two sizes: the hand draws each tile as a bordered widget holding ``face_lines`` (rank over suit);
ponds, melds and text use ``chip`` (``五万`` on an ivory chip, 4 cells).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

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


def tile_style(tile: int, gold: int | None, *, on_dark: bool = False) -> Style:
    """Foreground (and, for a gold, background) of a tile's characters."""
    if tile == gold:
        return Style(color=ON_GOLD, bgcolor=GOLD_BG, bold=True)
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
    if latest:
        style += Style(bgcolor=LIT, underline=True)
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
# Three sizes of a tile on the table: FLAT (``五万``, 4 cells, one row), STANDING (rank over
# suit, 2 cells by 2 rows) and TALL (the same, 4 cells wide). A face-down tile is green.
FLAT, STANDING, TALL = "flat", "standing", "tall"


@dataclass(frozen=True)
class Piece:
    """One tile on the table: ``tile`` None is face down; ``mark`` "latest", "taken" or
    "called" changes its colour."""

    tile: int | None
    mark: str = ""


def piece_style(piece: Piece, gold: int | None) -> Style:
    if piece.tile is None:
        return Style(color=BACK_TEXT, bgcolor=BACK)
    if piece.mark == "taken":
        return Style(color=TAKEN_TEXT, bgcolor=TAKEN, strike=True)
    style = tile_style(piece.tile, gold)
    bg = {"latest": LIT, "called": CALLED}.get(piece.mark)
    if bg is None and piece.tile != gold:
        bg = IVORY
    return style + Style(bgcolor=bg) if bg else style


def piece_lines(piece: Piece, size: str, gold: int | None, ascii_tiles: bool) -> list[Text]:
    """The rows of one tile: one for FLAT, two for STANDING and TALL."""
    style = piece_style(piece, gold)
    if size == FLAT:
        label = " ▒▒ " if piece.tile is None else chip_label(piece.tile, ascii_tiles)
        return [Text(label, style=style)]
    if piece.tile is None:
        upper = lower = "▒▒"
    else:
        upper, lower = face_lines(piece.tile, ascii_tiles)
    if size == TALL:
        upper, lower = f" {upper} ", f" {lower} "
    return [Text(upper, style=style), Text(lower, style=style)]


def piece_width(size: str) -> int:
    return 2 if size == STANDING else 4


def row_lines(
    pieces: Sequence[Piece], size: str, gold: int | None, ascii_tiles: bool, sep: str = " "
) -> list[Text]:
    """Tiles side by side (one or two rows of text)."""
    height = 1 if size == FLAT else 2
    out = [Text() for _ in range(height)]
    for i, piece in enumerate(pieces):
        for line, part in zip(out, piece_lines(piece, size, gold, ascii_tiles), strict=True):
            if i and sep:
                line.append(sep)
            line.append_text(part)
    return out
