"""The game's one colour theme: every colour of the table, named for what it shows.

Rich styles in Python read these names; the ``.tcss`` files read the same colours as the
variables of the Textual theme ``THEME`` (``$felt``, ``$gold``, ``$muted``…), so a colour is
changed here and nowhere else.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from textual.theme import Theme

# the table
FELT = "#12261f"  # the cloth
FELT_DARK = "#0c1b16"  # bars on the cloth: the announcement, the footer
PANEL = "#0f211b"  # boxes laid on the cloth
PANEL_LIT = "#17352b"  # the player whose turn it is
LINE = "#3c5a52"  # borders, an empty wall stack

# text on the cloth
TEXT = "#e8e2d0"
SOFT = "#c9c9c9"  # quieter text
MUTED = "#8fa8a2"  # secondary text
KEY = "#9fb3ad"  # key letters, tags
DIM = "#5f7470"  # separators
GOLD = "#e0b23a"  # the gold, the dealer, notices
ON_GOLD = "#1b1300"  # text on gold
GOLD_DARK = "#3d2a00"  # the 金 mark on a gold tile
GOOD = "#aefbde"  # your turn, gains, a ready hand
BAD = "#fb7557"  # errors, losses
LIT = "#ffe27a"  # the discard on the table now, a callout
BLUE = "#4da2c6"  # dots in running text, a seat's colour
CALL = "#f0a35e"  # where a called tile came from, the tail of the wall
RESERVE_TEXT = "#9fc4d8"  # the reserve (留)
WALL_TEXT = "#d9cfb3"  # counts of the wall

# tiles
IVORY = "#efe7d2"  # a tile's face
IVORY_ALT = "#d9ceb2"  # every other tile's face in a pond, so touching tiles stay apart
BACK = "#2f6f5a"  # a tile face down
BACK_TEXT = "#9fd3bf"
BACKS = "#6fb39a"  # a row of hand backs
TAKEN = "#7d8a84"  # a discard another player called
TAKEN_TEXT = "#2b3b36"
CALLED = "#f6d7a8"  # in a meld, the tile called from another player
SUIT = {"m": "#b7340a", "p": "#03668a", "s": "#074430", "w": "#5a5a5a"}  # on ivory
SUIT_ON_DARK = {"m": BAD, "p": BLUE, "s": GOOD, "w": SOFT}  # in running text
WALL_DRAWABLE = ("#d9cfb3", "#bfb391")  # alternate shades, so stacks can be counted
WALL_RESERVE = ("#6f8883", "#5a716c")

THEME = Theme(
    name="ningde",
    primary="#3d7a63",
    secondary=LINE,
    accent=GOLD,
    foreground=TEXT,
    background=FELT,
    surface=PANEL,
    panel=PANEL_LIT,
    warning=GOLD,
    error=BAD,
    success=GOOD,
    dark=True,
    variables={
        "felt": FELT,
        "felt-dark": FELT_DARK,
        "panel-dark": PANEL,
        "panel-lit": PANEL_LIT,
        "line": LINE,
        "ink": TEXT,
        "soft": SOFT,
        "muted": MUTED,
        "gold": GOLD,
        "on-gold": ON_GOLD,
        "good": GOOD,
        "bad": BAD,
        "lit": LIT,
        "key": KEY,
        "footer-background": FELT_DARK,
        # the controls
        "choice": "#1f3d33",
        "choice-hover": "#2f5a4b",
        "choice-focus": "#336e58",
        "win-choice": "#6b4f10",
        "win-choice-focus": "#9a7318",
        # the hand's tile edges
        "edge": "#8a7f66",
        "edge-gold": "#7a5a08",
        "edge-hover": "#2e9c6a",
        "edge-cursor": "#1d7a3a",
        "edge-highlight": "#d9480f",
    },
)


@contextmanager
def colour_as_no_color_says() -> Iterator[None]:
    """While an app is made: Textual turns colour off (to grey) for any ``NO_COLOR``, an empty
    one too, which no-color.org says leaves colour on; an empty one is hidden from it."""
    empty = os.environ.get("NO_COLOR") == ""
    if empty:
        del os.environ["NO_COLOR"]
    try:
        yield
    finally:
        if empty:
            os.environ["NO_COLOR"] = ""
