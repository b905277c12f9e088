"""The hot-seat cover: the table is hidden until the next player takes over and presses Enter,
so nobody sees another player's hand, choices or hints."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..i18n import tr
from ..localize import localize_bindings
from ..palette import GOLD, MUTED, TEXT


class CoverScreen(Screen[None]):
    """An opaque screen over the table; Enter (or a click) shows the table to ``name``."""

    CSS_PATH = "cover.tcss"
    BINDINGS = [
        Binding("enter,space", "reveal", "key.reveal", key_display="⏎"),
        Binding("question_mark,f1", "app.help", "key.help", key_display="?"),
    ]

    def __init__(self, name: str, lang: str) -> None:
        super().__init__()
        localize_bindings(self, lang)
        self.player = name
        self.lang = lang

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append(tr(self.lang, "cover.pass", name=self.player), style=f"bold {GOLD}")
        text.append("\n\n")
        text.append(tr(self.lang, "cover.enter"), style=TEXT)
        text.append("\n\n")
        text.append(tr(self.lang, "cover.others"), style=MUTED)
        with Vertical(id="cover-box"):
            yield Static(text, id="cover-text")
        yield Footer()

    def action_reveal(self) -> None:
        self.dismiss()

    def on_click(self) -> None:
        self.dismiss()
