"""The hot-seat cover: the table is hidden until the next player takes over and presses Enter,
so nobody sees another player's hand, choices or hints.

After a player's decision the cover comes up at once, before anyone knows who decides next
(``name`` None: "one moment"); it names the next player one pace step later, or when the bots
are done if that is later. So its timing is the same whether someone may claim or nobody can,
and it tells the player who just acted nothing.

After every discard it shows the tile to everyone and takes calls (``take_calls``): a player
who wants to 吃, 碰, 杠 or 胡 it presses their seat's number, and the cover names them."""

from __future__ import annotations

import time
from collections.abc import Callable

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
        Binding("1", "call(0)", "key.call", key_display="1…4"),
        *(Binding(str(n + 1), f"call({n})", show=False) for n in (1, 2, 3)),
        Binding("question_mark,f1", "app.open('help')", "key.help", key_display="?"),
    ]

    def __init__(self, name: str | None) -> None:
        super().__init__()
        self.player = name
        self.shown_at = time.monotonic()
        self.calls: tuple[str, dict[int, str], Callable[[int], None]] | None = None

    def held(self, seconds: float) -> bool:
        """Up for at least ``seconds``."""
        return time.monotonic() - self.shown_at >= seconds

    def text(self) -> Text:
        text = Text(justify="center")
        if self.calls is not None and self.player is None:
            tile, seats, _ = self.calls
            keys = "   ".join(f"{seat + 1} {name}" for seat, name in seats.items())
            text.append(tile, style=f"bold {GOLD}")
            text.append("\n\n")
            text.append(tr(self.lang, "cover.call_how"), style=TEXT)
            text.append("\n")
            text.append(keys, style=f"bold {TEXT}")
        elif self.player is None:
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
        self._show()

    def take_calls(self, tile: str, seats: dict[int, str], on_call: Callable[[int], None]) -> None:
        """Show ``tile`` (who threw what) and take calls: the players of ``seats`` (seat →
        name) each press their seat's number to claim it; ``on_call`` hears who did."""
        self.player, self.calls = None, (tile, seats, on_call)
        self._show()

    def _show(self) -> None:
        if self.is_mounted:
            self.query_one("#cover-text", Static).update(self.text())
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter once the cover names a player; the seat keys while it takes calls, for the
        players at the table."""
        if action == "reveal":
            return self.player is not None
        if action == "call":
            return self.calls is not None and self.player is None and parameters[0] in self.calls[1]
        return True

    def action_call(self, seat: int) -> None:
        if self.calls is not None and self.player is None and seat in self.calls[1]:
            self.calls[2](seat)

    def action_reveal(self) -> None:
        if self.player is not None:
            self.dismiss()

    def on_click(self) -> None:
        self.action_reveal()
