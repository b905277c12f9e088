"""剩牌 (key l): how many of each kind of tile you have not seen — in the wall or in the other
hands — counted from your seat's view only (your hand, every pond and meld, the indicator)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...bots.evaluate import unseen_tiles
from ...i18n.words import tr
from ...rules.game import Observation
from ...rules.tiles import SUITS, WHITE, make_tile
from ..palette import DIM, GOLD, MUTED, TEXT
from ..tilefaces import chip
from ..widgets.keybar import KeyBar
from .base import PlayerModal


def tracker_text(obs: Observation, lang: str, ascii_tiles: bool) -> Text:
    """One row per suit (1-9) and one for 白板: each kind with its unseen copies (0 greyed)."""
    left = unseen_tiles(obs)
    out = Text()
    rows = [[make_tile(rank, suit) for rank in range(1, 10)] for suit in SUITS] + [[WHITE]]
    for n, row in enumerate(rows):
        if n:
            out.append("\n\n")
        for i, tile in enumerate(row):
            if i:
                out.append("  ")
            out.append_text(chip(tile, obs.gold, ascii_tiles))
            count = left[tile]
            style = f"bold {GOLD}" if tile == obs.gold else (TEXT if count else DIM)
            out.append(f" {count}", style=style)
    out.append("\n\n")
    out.append(tr(lang, "tracker.total", n=sum(left), gold=left[obs.gold]), style=MUTED)
    return out


class TrackerScreen(PlayerModal[None]):
    """The unseen tiles of the seat whose view it is given."""

    CSS_PATH = "tracker.tcss"
    BINDINGS = [Binding("escape,l,q", "dismiss", "key.close", key_display="Esc")]

    def __init__(self, obs: Observation) -> None:
        super().__init__()
        self.obs = obs

    def compose(self) -> ComposeResult:
        with Vertical(id="tracker-box") as box:
            box.border_title = tr(self.lang, "tracker.title")
            yield Static(tracker_text(self.obs, self.lang, self.ascii_tiles), id="tracker")
        yield KeyBar()  # its own keys, not those of the screen beneath
