"""A record that cannot be replayed: which file, which line and why (never a traceback)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...i18n.words import tr
from ...records.record import RecordError, RecordInUse
from ..palette import BAD, MUTED, TEXT
from ..widgets.keybar import KeyBar
from .base import PlayerScreen


class RecordErrorScreen(PlayerScreen[None]):
    CSS_PATH = "record_error.tcss"
    BINDINGS = [Binding("escape,q,enter", "leave", "key.back", key_display="Esc")]

    def __init__(
        self, path: Path, error: RecordError | OSError, exit_on_leave: bool = False
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.error = error
        self.exit_on_leave = exit_on_leave

    def message(self) -> Text:
        lang, err = self.lang, self.error
        out = Text()
        out.append(tr(lang, "error.title"), style=f"bold {BAD}")
        out.append("\n\n")
        out.append(str(self.path), style=MUTED)
        out.append("\n\n")
        if isinstance(err, RecordError):
            out.append(tr(lang, "error.line", line=err.line, reason=err.reason), style=TEXT)
        elif isinstance(err, RecordInUse):
            out.append(tr(lang, "record.in_use"), style=TEXT)
        else:
            out.append(err.strerror or str(err), style=TEXT)
        return out

    def compose(self) -> ComposeResult:
        with Vertical(id="error-box") as box:
            box.border_subtitle = tr(self.lang, "error.back")
            yield Static(self.message(), id="error-text")
        yield KeyBar()

    def action_leave(self) -> None:
        if self.exit_on_leave:
            self.app.exit(return_code=2)  # as ``ningde replay --check`` does for a bad record
        else:
            self.dismiss()
