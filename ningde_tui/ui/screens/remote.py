"""A seat of an online room (interfaces.md §6): the same table, drawn from the room's messages.

The connection (``net.client.RoomClient``) lives in a worker on the app's event loop, so the
screen never waits for the network. Each message is folded into a ``RemoteSeat``
(net/remote.py) and the table redrawn from its view; a key or a click sends the decision
as an ``act`` for the state shown, once; the room's refusal is told in the player's language,
a dropped connection with a notice while it reconnects by itself; a hand's result opens the
result screen with every hand the room revealed (closing it tells the room this seat is
ready for the next hand); who is offline, and whose seat a bot plays (托管), is named at the
table. ``b`` hands this seat to a bot and takes it back (托管); Ctrl+Q at a live seat asks
first and says how to come back.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from ...i18n.words import level_name, people_names, refusal_text, tr
from ...net.client import ClientEvent, ConnectionLost, Dropped, RoomClient
from ...net.protocol import (
    BOT,
    NOT_SAVED,
    SAVED_AGAIN,
    Error,
    Notice,
    Over,
    ProtocolError,
    Refused,
    Result,
    Seats,
    SeatStatus,
    State,
    Welcome,
    recorded_seats,
)
from ...net.remote import RemoteSeat, hand_result
from ...records.record import MAX_NAME_CHARS
from ...rules.game import Action
from ...table.seating import Seating
from ...table.view import TableView
from ..model.announce import Line
from ..model.launch import HostTarget, RoomTarget
from ..palette import BAD, GOLD, MUTED
from ..widgets.keybar import KeyBar
from .base import PlayerModal
from .board import COMMON_BINDINGS
from .seat_input import SeatInput, auto_bindings, choice_bindings, move_bindings, tile_bindings


class RemoteTableScreen(SeatInput):
    CSS_PATH = ["table.tcss", "remote.tcss"]
    BINDINGS = [
        *move_bindings(),
        *tile_bindings(),
        *choice_bindings(),
        *auto_bindings(),
        Binding("b", "toggle_bot", "key.bot_plays"),
        *COMMON_BINDINGS,
    ]

    class Done(Message):
        """The session is over, the room is gone, or the player left: leave the table."""

        def __init__(self, table: RemoteTableScreen) -> None:
            super().__init__()
            self.table = table

    def __init__(
        self,
        client: RoomClient,
        *,
        exit_on_leave: bool = False,
        share: Sequence[str] = (),
        over_lobby: bool = False,
    ) -> None:
        """``share``: the addresses to give friends while the room waits (the host's table);
        ``over_lobby``: the table was opened from a server's lobby, which it goes back to when
        the player leaves (Ctrl+Q) or the session ends."""
        super().__init__()
        self.over_lobby = over_lobby
        self.client = client
        self.share = tuple(share) or (client.url,)
        self.waiting: WaitingRoom | None = None  # over the table until the first deal
        self.deadline_at: float | None = None  # when the room plays this seat's decision
        self.shown_left: int | None = None
        self.remote = RemoteSeat()
        self.exit_on_leave = exit_on_leave
        self.sent: int | None = None  # the seq of the state a decision was sent for
        self.dropped = False  # the connection is down (reconnecting)
        self.result_screen: Screen[None] | None = None  # the hand's result, while it is open
        self.interactive = not client.watch
        self.private_seat = None
        self.was_connected: tuple[bool, ...] = (
            True,
        ) * 4  # who was connected at the last ``seats``
        self.was_auto = False  # a bot played this seat at the last ``seats``
        self.auto_asked_again = False  # 托管 asked for again after the room came back without it
        self.asking_to_leave = False  # Ctrl+Q asked whether to leave
        self.last_result: Result | None = None  # the last hand's result the table showed

    def compose_beside_hand(self) -> ComposeResult:
        yield Static("", id="deadline")

    def on_mount(self) -> None:
        super().on_mount()
        self.announce(Line(tr(self.lang, "remote.connecting"), "notice"))
        self.set_interval(0.2, self.show_deadline)
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
            if self.dropped:  # one more try of the same reconnection: its notice replaces the last
                self.app.clear_notifications()
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
            self.close_waiting()
            self.set_deadline(message)
            self.refresh_table()
        elif isinstance(message, Seats):
            self.seats_changed()
            if message.timed_out is not None:
                self.timed_out(message.timed_out)
        elif isinstance(message, Refused):
            self.sent = None
            why = refusal_text(self.lang, message.refusal)
            self.announce(Line(tr(self.lang, "table.refused", why=why), "error"))
        elif isinstance(message, Result):
            self.show_result(message)
        elif isinstance(message, Over):
            self.announce(Line(tr(self.lang, "remote.over"), "notice"))
            if self.result_screen is None:
                self.leave()
            elif self.last_result is not None:
                # the last hand's result, open before the session was known to be over, is
                # drawn again as the final one: its title, and where closing it goes
                self.show_result(self.last_result)
        elif isinstance(message, Error):
            self.tell_error(tr(self.lang, "remote.error", why=message.text))
        elif isinstance(message, Notice):
            self.tell_notice(message)

    def welcomed(self, welcome: Welcome) -> None:
        seat = welcome.seat
        if self.dropped:
            self.notify(tr(self.lang, "remote.back"), timeout=3)
            if self.was_auto and seat is not None and not welcome.seats[seat].auto:
                # the room came back without the 托管 this player chose (a host or server
                # started again keeps none): asked for again, the bot goes on for them
                self.auto_asked_again = True
                self.run_worker(self.client.send_auto(True), group="room-send")
        self.dropped = False
        self.private_seat = seat
        self.interactive = seat is not None
        self.was_connected = self.remote.connected()
        self.seating = Seating(self.lang, seat or 0, self.table_names(), relative=seat is not None)
        if seat is None:
            self.announce(Line(tr(self.lang, "remote.watching"), "notice"))
        if not welcome.started and self.waiting is None:
            self.waiting = WaitingRoom(self.share, self.remote, welcome.host_seat)
            self.show_over(self.waiting, callback=self._waited)

    # ------------------------------------------------------------ before the first deal
    def close_waiting(self) -> None:
        if self.waiting is not None:
            waiting, self.waiting = self.waiting, None
            if not self.withdraw(waiting):
                waiting.dismiss(False)

    def _waited(self, leave: bool | None) -> None:
        self.waiting = None
        if leave:
            self.leave()

    def start_room(self) -> None:
        """The host deals now, bots in the seats still free."""
        self.run_worker(self.client.send_start(), group="room-send")

    # ------------------------------------------------------------ the time to decide
    def set_deadline(self, state: State) -> None:
        if state.deadline is None or not state.obs.legal:
            self.deadline_at = None
        else:
            self.deadline_at = time.monotonic() + state.deadline
        self.show_deadline()

    def show_deadline(self) -> None:
        """The seconds left for this seat's decision, when the room runs a timer."""
        at = self.deadline_at
        left = None if at is None else max(0, int(at - time.monotonic() + 0.999))
        if left == self.shown_left:
            return
        self.shown_left = left
        text = Text()
        if left is not None:
            style = f"bold {BAD}" if left <= 5 else f"bold {GOLD}"
            text.append(tr(self.lang, "remote.deadline", s=left), style=style)
        self.query_one("#deadline", Static).update(text)

    def timed_out(self, seat: int) -> None:
        if seat == self.remote.seat:
            line = tr(self.lang, "remote.timed_out_you")
            self.notify(line, severity="warning", timeout=5)
        else:
            line = tr(self.lang, "remote.timed_out", name=self.person(seat))
        self.announce(Line(line, "notice"))

    def table_names(self) -> tuple[str | None, ...]:
        """Who sits where as the table names them (after their places where it is seen from
        a seat): your own seat as 你, everyone else as ``people`` names them, a person who
        is offline or whom a bot plays for said so."""
        remote, people = self.remote, self.people()
        return tuple(
            None if seat == remote.seat else self._person(people[seat], status)
            for seat, status in enumerate(remote.seats)
        )

    def people(self) -> tuple[str, ...]:
        """The room's players as the replay of its record, 战绩 and every table name them
        (a bot by its level, numbered where several share it: 电脑·普通 2号)."""
        return people_names(recorded_seats(self.remote.seats), self.lang)

    def person(self, seat: int) -> str:
        """The player at ``seat`` as ``people`` names them."""
        return self.people()[seat]

    def _person(self, name: str, status: SeatStatus) -> str:
        """A person's name at the table: with 托管 and the bot's level while a bot plays
        for them (dropped past the grace, or at their word), else offline when gone."""
        lang = self.lang
        if status.auto:
            return tr(lang, "remote.auto_name", name=name, level=level_name(status.level, lang))
        return name if status.connected else tr(lang, "remote.offline", name=name)

    def seats_changed(self) -> None:
        """Name who is offline at the table, and say who came or went."""
        self.seating = Seating(
            self.lang, self.seating.bottom, self.table_names(), self.seating.relative
        )
        now = self.remote.connected()
        mine = self.remote.seat
        auto = mine is not None and self.remote.seats[mine].auto
        if auto:
            self.auto_asked_again = False  # (until then, no "you play your seat again")
        if mine is not None and auto != self.was_auto and not self.auto_asked_again:
            self.was_auto = auto
            key = "remote.auto_on" if self.was_auto else "remote.auto_off"
            self.announce(Line(tr(self.lang, key), "notice"))
        for seat in range(len(self.remote.seats)):
            if seat != self.remote.seat and now[seat] != self.was_connected[seat]:
                key = "remote.joined" if now[seat] else "remote.left"
                self.notify(tr(self.lang, key, name=self.person(seat)), timeout=4)
        self.was_connected = now
        if self.waiting is not None:
            self.waiting.show_seats()
        if self.remote.ready:
            self.refresh_table()

    def tell_notice(self, notice: Notice) -> None:
        """Something every table is told (the record cannot be written, or can again)."""
        known = {NOT_SAVED: "remote.not_saved", SAVED_AGAIN: "remote.saved_again"}
        key = known.get(notice.code)
        text = notice.text if key is None else tr(self.lang, key)
        self.announce(Line(text, "notice"))
        bad = notice.code == NOT_SAVED
        self.notify(text, severity="warning" if bad else "information", timeout=8, markup=False)

    @property
    def bot_plays(self) -> bool:
        """Does a bot play this seat now (托管, or the room's stand-in)?"""
        seat = self.remote.seat
        return seat is not None and self.remote.seats[seat].auto

    def auto_labels(self) -> tuple[str, ...]:
        """托管 beside your name while a bot plays your seat, then the auto options on."""
        tag = (tr(self.lang, "remote.auto_tag"),) if self.bot_plays else ()
        return tag + super().auto_labels()

    def action_toggle_bot(self) -> None:
        """托管: hand this seat to a bot, or take it back."""
        if self.remote.seat is None:
            return
        on = not self.bot_plays
        self.run_worker(self.client.send_auto(on), group="room-send")

    def before_quit(self) -> bool:
        """Ctrl+Q at a live seat: ask first, saying how to come back (True: asked; not when
        it is asking already, so a second Ctrl+Q quits). A table opened from the lobby goes
        back to it (a watcher's at once, a seat's once the player said so)."""
        if self.asking_to_leave:
            return False
        if self.remote.seat is None or self.remote.over:
            if not self.over_lobby:
                return False
            self.leave()
            return True
        self.asking_to_leave = True
        self.app.push_screen(LeaveRoom(self.client.url), callback=self._left)
        return True

    def _left(self, leave: bool | None) -> None:
        self.asking_to_leave = False
        if leave and self.over_lobby:
            self.leave()
        elif leave:
            self.app.exit()

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
        if action == "toggle_bot":  # a watcher has no seat to hand over
            return self.remote.seat is not None
        return True

    # ------------------------------------------------------------ results
    def show_result(self, result: Result) -> None:
        """The hand's result over the table; one at a time: a result still open when the
        next comes (a watcher, or a player past the room's wait) gives way to it."""
        from .result import ResultScreen

        if not self.remote.ready:
            return
        self.last_result = result
        old, self.result_screen = self.result_screen, None
        if old is not None and not self.withdraw(old):
            old.dismiss()  # shown: it gives way (one still waiting is taken back)
        remote = self.remote
        screen = ResultScreen(
            remote.standings(result),
            remote.result_view(result),
            hand_result(result),
            seating=self.seating,
            closing=self.closing_words() if remote.over else None,
        )
        self.result_screen = screen
        self.show_over(screen, callback=lambda _: self._after_result(screen))

    def closing_words(self) -> tuple[str, str]:
        """What closing the session's last result does, in words: back to the lobby the
        table was opened from, out of ``ningde join``, or back to the start screen."""
        if self.over_lobby:
            return ("result.lobby", "result.lobby_button")
        if self.exit_on_leave:
            return ("result.quit", "result.quit_button")
        return ("result.back", "result.back_button")

    def _after_result(self, screen: Screen[None]) -> None:
        """The player closed the result: the room may deal the next hand for them."""
        if self.result_screen is not screen:
            return  # given way to a newer result
        self.result_screen = None
        if self.remote.seat is not None and not self.remote.over:
            self.run_worker(self.client.send_ready(), group="room-send")
        if self.remote.over:
            self.leave()
        else:
            self.refresh_table()

    def leave(self) -> None:
        if self.exit_on_leave:
            self.app.exit()
        else:
            self.post_message(self.Done(self))


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
        yield KeyBar()  # its own keys, not those of the screen beneath

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


class WaitingRoom(PlayerModal[bool]):
    """The room before its first deal, over the table: the address to give friends, who has
    come, and for the host's own seat a key to deal now with bots in the seats still free.
    Closed by the first deal (dismissed False), or to leave the room (True)."""

    CSS_PATH = "remote.tcss"
    BINDINGS = [
        Binding("s", "start", "key.start_room"),
        Binding("escape", "leave", "key.leave_room", key_display="Esc"),
    ]

    def __init__(self, share: Sequence[str], remote: RemoteSeat, host_seat: int | None) -> None:
        super().__init__()
        self.share = share
        self.remote = remote
        self.host_seat = host_seat

    @property
    def is_host(self) -> bool:
        return self.host_seat is not None and self.host_seat == self.remote.seat

    def compose(self) -> ComposeResult:
        lang = self.lang
        code = self.remote.welcome.room if self.remote.welcome else ""
        with Vertical(id="wait-box") as box:
            box.border_title = tr(lang, "wait.title", code=code)
            if self.is_host or self.host_seat is None:  # the host gives friends the address
                yield Label(tr(lang, "wait.share"), id="wait-share")
                yield Static("\n".join(self.share), id="wait-url")
            yield Static("", id="wait-seats")
            note = "wait.all_in" if self.is_host or self.host_seat is None else "wait.for_host"
            yield Static(tr(lang, note), id="wait-note")
            with Horizontal(id="join-buttons"):
                if self.is_host:
                    yield Button(
                        tr(lang, "wait.start"), id="wait-start", variant="success", compact=True
                    )
                yield Button(tr(lang, "wait.leave"), id="wait-leave", compact=True)
        yield KeyBar()  # its own keys, not those of the screen beneath

    def on_mount(self) -> None:
        self.show_seats()
        if self.is_host:
            self.query_one("#wait-start", Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.is_host if action == "start" else True

    def show_seats(self) -> None:
        shown = self.query("#wait-seats").results(Static)
        box = next(shown, None)
        if box is None:
            return
        out = Text()
        people = people_names(recorded_seats(self.remote.seats), self.lang)
        for seat, status in enumerate(self.remote.seats):
            if seat:
                out.append("\n")
            out.append_text(self._seat_line(seat, status, people[seat]))
        box.update(out)

    def _seat_line(self, seat: int, status: SeatStatus, person: str) -> Text:
        """A seat of the room: a bot as the table and the replay name it (``people_names``),
        you, a person by name (offline, said so), or a free seat."""
        lang = self.lang
        if status.kind == BOT:
            who, style = person, MUTED
        elif seat == self.remote.seat:
            who, style = tr(lang, "wait.you"), f"bold {GOLD}"
        elif status.name:
            who, style = person, ""
            if not status.connected:
                who += tr(lang, "wait.offline")
        else:
            who, style = tr(lang, "wait.free"), MUTED
        if seat == self.host_seat:
            who += tr(lang, "wait.host")
        return Text(tr(lang, "wait.seat", n=seat + 1, who=who), style=style)

    @on(Button.Pressed, "#wait-start")
    def action_start(self) -> None:
        screen = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        if self.is_host and isinstance(screen, RemoteTableScreen):
            screen.start_room()

    @on(Button.Pressed, "#wait-leave")
    def action_leave(self) -> None:
        self.dismiss(True)


class LeaveRoom(PlayerModal[bool]):
    """Ctrl+Q at a live seat: leave (True) or stay. The seat is kept for its token, so the
    same ``ningde join`` address brings the player back to it."""

    CSS_PATH = "remote.tcss"
    BINDINGS = [
        Binding("y", "leave", "key.leave_room_yes"),
        Binding("escape,n", "stay", "key.stay", key_display="Esc"),
    ]

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="leave-box") as box:
            box.border_title = tr(lang, "remote.quit_title")
            yield Static(
                tr(lang, "remote.quit_text", cmd=f"ningde join {self.url}"), id="leave-text"
            )
            with Horizontal(id="join-buttons"):
                yield Button(tr(lang, "remote.quit_yes"), id="leave-yes", compact=True)
                yield Button(
                    tr(lang, "remote.quit_no"), id="leave-no", variant="primary", compact=True
                )
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#leave-no", Button).focus()

    @on(Button.Pressed, "#leave-yes")
    def action_leave(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#leave-no")
    def action_stay(self) -> None:
        self.dismiss(False)


TURN_CHOICES = (None, 15.0, 30.0, 60.0)


class HostDialog(PlayerModal[HostTarget | None]):
    """开房间: who may reach the room (this computer, or the network), its port, the time per
    decision. The seats are the start screen's. Dismissed with the room to open, or None."""

    CSS_PATH = "remote.tcss"
    BINDINGS = [Binding("escape", "cancel", "key.back", key_display="Esc")]

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="join-box") as box:
            box.border_title = tr(lang, "host.title")
            yield Static(tr(lang, "host.seats"), id="host-seats")
            yield Label(tr(lang, "host.reach"), classes="join-label")
            reach = [(tr(lang, "host.reach_lan"), True), (tr(lang, "host.reach_local"), False)]
            yield Select(reach, value=True, allow_blank=False, id="host-reach", compact=True)
            yield Label(tr(lang, "host.port"), classes="join-label")
            yield Input("7340", id="host-port", type="integer", max_length=5, compact=True)
            yield Label(tr(lang, "host.turn"), classes="join-label")
            turns = [
                (tr(lang, "host.turn_off") if t is None else tr(lang, "host.turn_n", n=int(t)), t)
                for t in TURN_CHOICES
            ]
            yield Select(turns, value=None, allow_blank=False, id="host-turn", compact=True)
            yield Static(tr(lang, "host.lan_note"), id="host-note")
            yield Static("", id="join-error")
            with Horizontal(id="join-buttons"):
                yield Button(tr(lang, "host.go"), id="host-go", variant="success", compact=True)
                yield Button(tr(lang, "join.cancel"), id="host-cancel", compact=True)
        yield KeyBar()  # its own keys, not those of the screen beneath

    def on_mount(self) -> None:
        self.query_one("#host-go", Button).focus()

    @on(Select.Changed, "#host-reach")
    def _reach(self, event: Select.Changed) -> None:
        self.query_one("#host-note", Static).display = bool(event.value)

    @on(Button.Pressed, "#host-go")
    @on(Input.Submitted)
    def _go(self) -> None:
        raw = self.query_one("#host-port", Input).value.strip()
        if not raw.isdigit() or not 1024 <= int(raw) <= 65535:
            self.query_one("#join-error", Static).update(tr(self.lang, "host.bad_port"))
            return
        lan = bool(self.query_one("#host-reach", Select).value)
        turn = self.query_one("#host-turn", Select).value
        seconds = turn if isinstance(turn, float) else None
        self.dismiss(HostTarget(lan, int(raw), seconds))

    @on(Button.Pressed, "#host-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
