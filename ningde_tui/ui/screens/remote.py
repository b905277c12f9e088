"""A seat of an online room (interfaces.md §6): the same table, drawn from the room's messages.

The connection (``net.client.RoomClient``) lives in a worker on the app's event loop, so the
screen never waits for the network. Each message is folded into a ``RemoteSeat``
(ui/model/remote.py) and the table redrawn from its view; a key or a click sends the decision
as an ``act`` for the state shown, once; the room's refusal is told in the player's language,
a dropped connection with a notice while it reconnects by itself; a hand's result opens the
result screen with every hand the room revealed; who is offline is named at the table.
"""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Checkbox, Input, Label, Static

from ...net.client import ClientEvent, ConnectionLost, Dropped, RoomClient
from ...net.protocol import Error, Over, ProtocolError, Refused, Result, Seats, State, Welcome
from ...records.record import MAX_NAME_CHARS
from ...rules.game import Action
from ..model.announce import Line
from ..model.i18n import level_name, refusal_text, tr
from ..model.launch import RoomTarget
from ..model.remote import RemoteSeat, hand_result
from ..model.seating import Seating
from ..model.view import TableView
from .base import PlayerModal
from .board import COMMON_BINDINGS
from .seat_input import SeatInput, choice_bindings, move_bindings, tile_bindings


class RemoteTableScreen(SeatInput):
    CSS_PATH = ["table.tcss", "remote.tcss"]
    BINDINGS = [
        *move_bindings(),
        *tile_bindings(),
        *choice_bindings(),
        *COMMON_BINDINGS,
    ]

    class Done(Message):
        """The session is over, or the room is gone: leave the table."""

    def __init__(self, client: RoomClient, *, exit_on_leave: bool = False) -> None:
        super().__init__()
        self.client = client
        self.remote = RemoteSeat()
        self.exit_on_leave = exit_on_leave
        self.sent: int | None = None  # the seq of the state a decision was sent for
        self.dropped = False  # the connection is down (reconnecting)
        self.showing_result = False
        self.interactive = not client.watch
        self.private_seat = None
        self.was_connected: tuple[bool, ...] = (
            True,
        ) * 4  # who was connected at the last ``seats``

    def on_mount(self) -> None:
        super().on_mount()
        self.announce(Line(tr(self.lang, "remote.connecting"), "notice"))
        self.run_room()

    def on_unmount(self) -> None:
        """Leaving the table: the room's worker is cancelled with the screen, which closes
        the connection; it must not come back."""
        self.client.stop()

    @work(exclusive=True, group="room")
    async def run_room(self) -> None:
        """Read the room until the session ends, the room says no, or it cannot be reached."""
        try:
            async for message in self.client.messages():
                self.take(message)
        except (ConnectionLost, ProtocolError, OSError) as exc:
            self.tell_error(tr(self.lang, "remote.lost", why=str(exc)))

    # ------------------------------------------------------------ the room's messages
    def take(self, message: ClientEvent) -> None:
        if isinstance(message, Dropped):
            self.dropped, self.sent = True, None
            self.notify(
                tr(self.lang, "remote.dropped", delay=f"{message.delay:g}"),
                severity="warning",
                timeout=max(message.delay, 3.0),
            )
            return
        self.remote.feed(message)
        if isinstance(message, Welcome):
            self.welcomed(message)
        elif isinstance(message, State):
            self.sent = None
            self.refresh_table()
        elif isinstance(message, Seats):
            self.seats_changed()
        elif isinstance(message, Refused):
            self.sent = None
            why = refusal_text(self.lang, message.refusal)
            self.announce(Line(tr(self.lang, "table.refused", why=why), "error"))
        elif isinstance(message, Result):
            self.show_result(message)
        elif isinstance(message, Over):
            self.announce(Line(tr(self.lang, "remote.over"), "notice"))
            if not self.showing_result:
                self.leave()
        elif isinstance(message, Error):
            self.tell_error(tr(self.lang, "remote.error", why=message.text))

    def welcomed(self, welcome: Welcome) -> None:
        if self.dropped:
            self.notify(tr(self.lang, "remote.back"), timeout=3)
        self.dropped = False
        seat = welcome.seat
        self.private_seat = seat
        self.interactive = seat is not None
        self.was_connected = self.remote.connected()
        self.seating = Seating(self.lang, seat or 0, self.table_names(), relative=seat is not None)
        if seat is None:
            self.announce(Line(tr(self.lang, "remote.watching"), "notice"))

    def table_names(self) -> tuple[str | None, ...]:
        """Who sits where as the table names them: players by name (offline ones said so),
        your own seat as 你, bots by place (a watcher: every seat by name or level)."""
        remote, lang = self.remote, self.lang
        out: list[str | None] = []
        for seat, status in enumerate(remote.seats):
            if seat == remote.seat:
                out.append(None)
            elif status.kind == "bot":
                out.append(None if remote.seat is not None else level_name(status.level, lang))
            else:
                name = status.name or tr(lang, "seat.player", n=seat + 1)
                out.append(name if status.connected else tr(lang, "remote.offline", name=name))
        return tuple(out)

    def seats_changed(self) -> None:
        """Name who is offline at the table, and say who came or went."""
        self.seating = Seating(
            self.lang, self.seating.bottom, self.table_names(), self.seating.relative
        )
        now = self.remote.connected()
        for seat, status in enumerate(self.remote.seats):
            if seat != self.remote.seat and now[seat] != self.was_connected[seat]:
                key = "remote.joined" if now[seat] else "remote.left"
                name = status.name or tr(self.lang, "seat.player", n=seat + 1)
                self.notify(tr(self.lang, key, name=name), timeout=4)
        self.was_connected = now
        if self.remote.ready:
            self.refresh_table()

    def tell_error(self, text: str) -> None:
        self.announce(Line(text, "error"))
        self.notify(text, severity="error", timeout=15, markup=False)

    # ------------------------------------------------------------ drawing and deciding
    def table_view(self) -> TableView:
        return self.remote.view()

    def refresh_table(self) -> None:
        if self.remote.ready:
            super().refresh_table()

    def act(self, action: Action) -> None:
        """Send the decision for the state on the table, once: the room answers with the next
        state or a refusal."""
        seq = self.remote.seq
        if seq is None or not self.interactive or self.sent == seq:
            return
        self.sent = seq
        self.run_worker(self._send(seq, action), group="room-send")

    async def _send(self, seq: int, action: Action) -> None:
        if not await self.client.send_act(seq, action):
            self.sent = None
            self.announce(Line(tr(self.lang, "remote.not_connected"), "error"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action in self.PLAY_ACTIONS:
            if action in self.DISCARD_ACTIONS and not self.hand_view.active:
                return False
            return self.interactive
        return True

    # ------------------------------------------------------------ results
    def show_result(self, result: Result) -> None:
        from .result import ResultScreen

        if not self.remote.ready:
            return
        self.showing_result = True
        remote = self.remote
        self.app.push_screen(
            ResultScreen(
                remote.standings(result),
                remote.result_view(result),
                hand_result(result),
                seating=self.seating,
            ),
            callback=self._after_result,
        )

    def _after_result(self, _: None = None) -> None:
        self.showing_result = False
        if self.remote.over:
            self.leave()
        else:
            self.refresh_table()

    def leave(self) -> None:
        if self.exit_on_leave:
            self.app.exit()
        else:
            self.post_message(self.Done())


class JoinDialog(PlayerModal[RoomTarget | None]):
    """加入房间: the room's address (``ws://HOST:PORT/ROOM``, as the host prints it), a name,
    watch only. Dismissed with the seat to open, or None."""

    CSS_PATH = "remote.tcss"
    BINDINGS = [Binding("escape", "cancel", "key.back", key_display="Esc")]

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="join-box") as box:
            box.border_title = tr(lang, "join.title")
            yield Label(tr(lang, "join.url"), classes="join-label")
            yield Input(placeholder=tr(lang, "join.url_hint"), id="join-url", compact=True)
            yield Label(tr(lang, "join.name"), classes="join-label")
            yield Input(id="join-name", max_length=MAX_NAME_CHARS, compact=True)
            yield Checkbox(tr(lang, "join.watch"), id="join-watch", compact=True)
            yield Static("", id="join-error")
            with Horizontal(id="join-buttons"):
                yield Button(tr(lang, "join.go"), id="join-go", variant="success", compact=True)
                yield Button(tr(lang, "join.cancel"), id="join-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#join-url", Input).focus()

    @on(Button.Pressed, "#join-go")
    @on(Input.Submitted)
    def _go(self) -> None:
        url = self.query_one("#join-url", Input).value.strip()
        if not url.startswith(("ws://", "wss://")) or len(url) <= len("wss://"):
            self.query_one("#join-error", Static).update(tr(self.lang, "join.bad_url"))
            return
        name = self.query_one("#join-name", Input).value.strip()
        watch = self.query_one("#join-watch", Checkbox).value
        self.dismiss(RoomTarget(url, name, watch))

    @on(Button.Pressed, "#join-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
