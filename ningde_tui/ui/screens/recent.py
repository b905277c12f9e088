"""Recent games: every record in the data folder, newest first — when, who, how it stands, and
whether it is finished. Enter watches one; c continues an unfinished one.

Watching shows every hand and the wall, so a game with players cannot be watched before it
has ended (it could be continued, or is being played — perhaps under the hot-seat cover this
list was opened from); the game being played here cannot be continued a second time either."""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from pathlib import Path

from rich.cells import cell_len
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


COLUMNS = ("date", "mode", "players", "hands", "standing", "status")
SEP = ", "  # between the players' names


def player_names(summary: RecordSummary, lang: str) -> list[str]:
    return [person_name(s.name, s.kind, [s.level] if s.level else [], lang) for s in summary.seats]


def players_text(names: list[str], width: int) -> Text:
    """The players' names in at most ``width`` cells: each whole while they fit, else the
    longest cut short with … to an equal share of the room (a short name keeps what it needs
    and leaves the rest to the others)."""
    room = max(width - cell_len(SEP) * (len(names) - 1), 0)
    shares: dict[int, int] = {}
    for done, i in enumerate(sorted(range(len(names)), key=lambda i: cell_len(names[i]))):
        shares[i] = min(cell_len(names[i]), room // (len(names) - done))
        room -= shares[i]
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(SEP)
        part = Text(name)
        part.truncate(shares[i], overflow="ellipsis")
        out.append_text(part)
    return out


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
        self.load()

    def on_resize(self) -> None:
        if self.summaries:
            self.show(self.summaries)

    @work(thread=True, exclusive=True, group="recent")
    def load(self) -> None:
        """Replaying every record takes a moment: off the UI thread."""
        summaries = list_records()
        self.app.call_from_thread(self.show, summaries)

    def status_text(self, summary: RecordSummary, playing: Set[Path]) -> Text:
        lang = self.lang
        if summary.error is not None:
            return Text(tr(lang, "recent.broken"), style=BAD)
        if summary.path in playing:
            return Text(tr(lang, "recent.playing"), style=f"bold {GOOD}")
        if summary.in_use:
            return Text(tr(lang, "recent.elsewhere"), style=f"bold {GOOD}")
        if summary.finished:
            return Text(tr(lang, "recent.finished"), style=MUTED)
        return Text(tr(lang, "recent.unfinished"), style=f"bold {GOLD}")

    def show(self, summaries: list[RecordSummary]) -> None:
        """The games in the table, the players' names cut short to the room the other columns
        leave (each column as wide as its widest cell or its title)."""
        lang = self.lang
        self.summaries = summaries
        table = self.query_one(DataTable)
        if not table.content_region.width:  # not laid out yet: no room to measure
            self.call_after_refresh(self.show, summaries)
            return
        row = table.cursor_row
        table.clear(columns=True)
        playing = self.playing()
        rows = [
            {
                "date": Text(s.modified.strftime("%Y-%m-%d %H:%M")),
                "mode": Text("—" if s.error is not None else tr(lang, mode_key(s))),
                "hands": Text(str(s.hands)),
                "standing": standing_text(s),
                "status": self.status_text(s, playing),
            }
            for s in summaries
        ]
        titles = {key: Text(tr(lang, f"recent.col.{key}")) for key in COLUMNS}
        pad = 2 * table.cell_padding
        room = table.content_region.width - pad
        if len(rows) + 1 > table.content_region.height:  # the rows and the titles: a scroll bar
            room -= table.styles.scrollbar_size_vertical
        for key in COLUMNS:
            if key != "players":
                room -= pad + max(
                    cells.cell_len for cells in [titles[key], *(r[key] for r in rows)]
                )
        titles["players"].truncate(room, overflow="ellipsis")
        for key in COLUMNS:
            table.add_column(titles[key], key=key)
        for s, cells in zip(summaries, rows, strict=True):
            cells["players"] = players_text(player_names(s, lang), room)
            table.add_row(*(cells[key] for key in COLUMNS), key=str(s.path))
        table.move_cursor(row=row)
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
