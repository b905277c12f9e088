"""How a tile looks: CJK text coloured by suit (万 red, 筒 blue, 条 green, 白板 grey), golds on
gold, or ``5m`` with ``--ascii``. No Unicode mahjong glyphs: terminals disagree on their width.

Two sizes: the hand draws each tile as a bordered widget holding ``face_lines`` (rank over suit);
ponds, melds and text use ``chip`` (``五万`` on an ivory chip, 4 cells).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from rich.text import Text

from ..rules.tiles import RANK_ZH, SUIT_ZH, WHITE, suit_of, tile_str

IVORY = "#efe7d2"
GOLD_BG = "#e0b23a"
BACK = "#2f6f5a"
SUIT_COLOUR = {"m": "#b3261e", "p": "#1f5fae", "s": "#1d7a3a", "w": "#6d6d6d"}
# Brighter variants for text on the dark table.
SUIT_COLOUR_ON_DARK = {"m": "#ff7b72", "p": "#79b8ff", "s": "#7ee2a8", "w": "#c9c9c9"}


def face_lines(tile: int, ascii_tiles: bool) -> tuple[str, str]:
    """The two lines of a tall tile: ``五``/``万``, ``白``/``板``; ASCII ``5m``/blank."""
    if ascii_tiles:
        return tile_str(tile), "  "
    if tile == WHITE:
        return "白", "板"
    return RANK_ZH[tile % 9], SUIT_ZH[suit_of(tile)]


def tile_style(tile: int, gold: int | None, *, on_dark: bool = False) -> Style:
    """Foreground (and, for a gold, background) of a tile's characters."""
    if tile == gold:
        return Style(color="#1b1300", bgcolor=GOLD_BG, bold=True)
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
        style += Style(bgcolor="#ffe27a", underline=True)
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


def backs(count: int, ascii_tiles: bool) -> Text:
    """An opponent's concealed tiles, face down."""
    return Text(("#" if ascii_tiles else "▮") * count, style=Style(color="#6fb39a"))
