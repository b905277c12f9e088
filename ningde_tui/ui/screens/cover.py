"""The hot-seat cover: the table is hidden until the next player takes over and presses Enter,
so nobody sees another player's hand, choices or hints.

After a player's decision the cover comes up at once, before anyone knows who decides next
(``name`` None: "one moment"); it names the next player one pace step later, or when the bots
are done if that is later. So its timing is the same whether someone may claim or nobody can,
and it tells the player who just acted nothing."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...i18n.words import tr
from ..palette import GOLD, MUTED, TEXT
from ..widgets.keybar import KeyBar
from .base import PlayerScreen


class CoverScreen(PlayerScreen[None]):
    """An opaque screen over the table; Enter (or a click) shows the table to ``name``."""

    CSS_PATH = "cover.tcss"
    BINDINGS = [
        Binding("enter,space", "reveal", "key.reveal", key_display="⏎"),
        Binding("question_mark,f1", "app.open('help')", "key.help", key_display="?"),
    ]

    def __init__(self, name: str | None) -> None:
        super().__init__()
        self.player = name
        self.shown_at = time.monotonic()

    def held(self, seconds: float) -> bool:
        """Up for at least ``seconds``."""
        return time.monotonic() - self.shown_at >= seconds

    def text(self) -> Text:
        text = Text(justify="center")
        if self.player is None:
            text.append(tr(self.lang, "cover.wait"), style=f"bold {GOLD}")
        else:
            text.append(tr(self.lang, "cover.pass", name=self.player), style=f"bold {GOLD}")
            text.append("\n\n")
            text.append(tr(self.lang, "cover.enter"), style=TEXT)
        text.append("\n\n")
        text.append(tr(self.lang, "cover.others"), style=MUTED)
        return text

    def compose(self) -> ComposeResult:
        with Vertical(id="cover-box"):
            yield Static(self.text(), id="cover-text")
        yield KeyBar()

    def name_player(self, name: str) -> None:
        """Who takes over, once it is known (and the cover has been up long enough)."""
        self.player = name
        if self.is_mounted:
            self.query_one("#cover-text", Static).update(self.text())

    def action_reveal(self) -> None:
        if self.player is not None:
            self.dismiss()

    def on_click(self) -> None:
        self.action_reveal()
