"""Recent games: every record in the data folder, newest first — when, who, how it stands, and
whether it is finished. Enter watches one; c continues an unfinished one.

Watching shows every hand and the wall, so a game with players cannot be watched before it
has ended (it could be continued, or is being played — perhaps under the hot-seat cover this
list was opened from); the game being played here cannot be continued a second time either."""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import DataTable, Static

from ...i18n.words import person_name, tr
from ...records.storage import RecordSummary, list_records
from ..palette import BAD, GOLD, GOOD, MUTED, SOFT
from ..widgets.keybar import KeyBar
from .base import PlayerScreen


def mode_key(summary: RecordSummary) -> str:
    humans = summary.humans
    return "recent.demo" if humans == 0 else "recent.play" if humans == 1 else "recent.hotseat"


def players_text(summary: RecordSummary, lang: str) -> str:
    return ", ".join(
        person_name(s.name, s.kind, [s.level] if s.level else [], lang) for s in summary.seats
    )


def standing_text(summary: RecordSummary) -> Text:
    out = Text()
    for i, score in enumerate(summary.scores):
        if i:
            out.append(" ")
        colour = GOOD if score > 0 else BAD if score < 0 else SOFT
        out.append(f"{score:+d}", style=colour)
    return out


class RecentScreen(PlayerScreen[None]):
    """``playing``: the records of the games being played in this app now (under this list)."""

    CSS_PATH = "recent.tcss"
    BINDINGS = [
        Binding("enter", "watch", "key.watch", key_display="⏎"),
        Binding("c", "continue_game", "key.continue"),
        Binding("escape,q", "leave", "key.back", key_display="Esc"),
    ]

    @dataclass
    class Watch(Message):
        """Watch the record at ``path`` in the replay viewer."""

        path: Path

    @dataclass
    class Continue(Message):
        """Go on with the unfinished game of the record at ``path``."""

        path: Path

    def __init__(self, playing: Set[Path] = frozenset()) -> None:
        super().__init__()
        self.playing_now = frozenset(playing)
        self.summaries: list[RecordSummary] = []

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="recent-box") as box:
            box.border_title = tr(lang, "recent.title")
            yield DataTable(id="recent-table", cursor_type="row", zebra_stripes=True)
            yield Static(tr(lang, "recent.loading"), id="recent-empty")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key in ("date", "mode", "players", "hands", "standing", "status"):
            table.add_column(tr(self.lang, f"recent.col.{key}"), key=key)
        self.load()

    @work(thread=True, exclusive=True, group="recent")
    def load(self) -> None:
        """Replaying every record takes a moment: off the UI thread."""
        summaries = list_records()
        self.app.call_from_thread(self.show, summaries)

    def show(self, summaries: list[RecordSummary]) -> None:
        lang = self.lang
        self.summaries = summaries
        table = self.query_one(DataTable)
        table.clear()
        playing = self.playing()
        for s in summaries:
            if s.error is not None:
                status = Text(tr(lang, "recent.broken"), style=BAD)
            elif s.path in playing:
                status = Text(tr(lang, "recent.playing"), style=f"bold {GOOD}")
            elif s.in_use:
                status = Text(tr(lang, "recent.elsewhere"), style=f"bold {GOOD}")
            elif s.finished:
                status = Text(tr(lang, "recent.finished"), style=MUTED)
            else:
                status = Text(tr(lang, "recent.unfinished"), style=f"bold {GOLD}")
            table.add_row(
                s.modified.strftime("%Y-%m-%d %H:%M"),
                "—" if s.error is not None else tr(lang, mode_key(s)),
                players_text(s, lang),
                str(s.hands),
                standing_text(s),
                status,
                key=str(s.path),
            )
        empty = self.query_one("#recent-empty", Static)
        empty.update(tr(lang, "recent.none"))
        empty.display = not summaries
        table.display = bool(summaries)
        table.focus()

    def selected(self) -> RecordSummary | None:
        table = self.query_one(DataTable)
        if not self.summaries or table.cursor_row is None:
            return None
        return self.summaries[min(table.cursor_row, len(self.summaries) - 1)]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_watch()

    def playing(self) -> Set[Path]:
        return self.playing_now

    def refuse(self, key: str) -> None:
        self.notify(tr(self.lang, key), severity="warning")

    def action_watch(self) -> None:
        summary = self.selected()
        if summary is None:
            return
        if summary.path in self.playing():
            self.refuse("recent.in_play")
        elif summary.in_use:
            self.refuse("record.in_use")
        elif summary.error is None and summary.humans and not summary.finished:
            self.refuse("recent.not_yet")
        else:
            self.post_message(self.Watch(summary.path))

    def action_continue_game(self) -> None:
        summary = self.selected()
        if summary is not None and summary.path in self.playing():
            self.refuse("recent.in_play")
        elif summary is not None and summary.in_use:
            self.refuse("record.in_use")
        elif summary is not None and summary.resumable:
            self.post_message(self.Continue(summary.path))

    def action_leave(self) -> None:
        self.dismiss()
