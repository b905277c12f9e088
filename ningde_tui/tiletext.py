"""Tile notation read from outside (records, the calculator): ``rules.tiles`` with one more
refusal. ``parse_tiles`` there takes any character ``str.isdigit`` accepts as a rank, so a
superscript or full-width digit (``²m``, ``２m``) reached ``int()`` and raised a bare ValueError;
here it is a ``TileError`` naming the character, like any other bad character."""

from __future__ import annotations

from .jsonline import shorten
from .rules import tiles
from .rules.tiles import TileError


def check_text(text: str) -> None:
    """Refuse a non-ASCII digit (the one thing ``rules.tiles`` lets through to ``int()``)."""
    for ch in text:
        if ch.isdigit() and not ch.isascii():
            raise TileError(
                f"bad tiles {shorten(text)!r}: unexpected character {ch!r} "
                "(ranks are the digits 1-9)"
            )


def parse_tiles(text: str) -> list[int]:
    check_text(text)
    return tiles.parse_tiles(text)


def parse_tile(text: str) -> int:
    check_text(text)
    return tiles.parse_tile(text)
