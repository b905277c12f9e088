"""在线大厅: a community server's lobby (interfaces.md §7).

First the server's address and the player's name (remembered in the settings folder; the
name's key is kept per server in the data folder by ``server.client.LobbyKeys``); once the
lobby welcomes the player, their name and rating, the public rooms as the lobby pushes them
(who sits where, the rules that differ from the defaults, 圈, the timer, whether it has begun,
who watches), and the lobby's requests, each a key in the key bar and a button: 加入 / 观战 the
room under the cursor, 创建房间 (public or private, the four seats, 圈, the timer, the room
rules of the settings), 输入房间号, 快速开始, 排行榜, 我的对局 (each hand's replay code; Enter
fetches it from the server and opens it in the viewer), 刷新.

The connection (``server.client.LobbyClient``) lives in a worker on the app's event loop and
comes back by itself when it drops. Joining a room asks the app (``LobbyScreen.JoinRoom``) for
the same remote table ``加入房间`` opens; a fetched hand is watched by ``LobbyScreen.Watch``.
Whatever the server sends is shown as text, never as markup, with no control characters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import cast

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import Button, Checkbox, DataTable, Input, Label, Select, Static

from ...i18n.words import level_name, people_names, person_name, tr
from ...net.client import ConnectionLost, Dropped
from ...net.protocol import BOT, ProtocolError, SeatStatus, recorded_seats
from ...rules.config import RuleConfig
from ...server import lobby
from ...server.client import (
    LOBBY_PATH,
    LobbyClient,
    LobbyEvent,
    LobbyKeys,
    Unreadable,
    http_url,
    lobby_url,
    room_url,
)
from ...server.fetch import FetchError, fetch_hand, keep, served_url
from ...server.lobby import (
    CODE_LENGTH,
    FULL,
    NAME_TAKEN,
    RATE_LIMITED,
    UNAVAILABLE,
    Created,
    Error,
    GameEntry,
    Games,
    Leaderboard,
    Rating,
    Refused,
    RoomEntry,
    Rooms,
    Standing,
    Welcome,
)
from ...settings.store import (
    LobbyMemory,
    Settings,
    load_lobby_memory,
    rules_summary,
    save_lobby_memory,
)
from ...table.presets import BOT_LEVELS, DEFAULT_BOT
from ..localize import localize_bindings
from ..model.launch import HUMAN_SEAT, LobbyTarget, RoomTarget
from ..palette import BAD, GOLD, GOOD, MUTED
from ..widgets.keybar import KeyBar
from .base import PlayerModal, PlayerScreen, player_look

# seconds between asking the own rating again after a table, until it has changed: the room
# books the session as it closes, a moment after the player is back (longer on a busy server)
RATED_AGAIN = (3.0, 6.0, 12.0, 24.0)
NAME_CELLS = 12  # cells of a name in the rooms' list (the room's line below has it whole)
RULES_CELLS = 14  # cells of the rules in the rooms' list
# cells of the rooms' list but its seats (the other columns in English, borders, padding): the
# seats get the rest, so the list is not scrolled sideways at 110 columns for a person and
# three bots of a level (老王 · normal bot #2 · normal bot #3 · norm…)
OTHER_CELLS = 66
ROUND_CHOICES = (1, 2, 3, 4)
TURN_CHOICES = (None, 15.0, 30.0, 60.0)
NEW_ROOM_SEATS = (HUMAN_SEAT, HUMAN_SEAT, DEFAULT_BOT, DEFAULT_BOT)
REFUSALS = {
    FULL: "lobby.refused_full",
    RATE_LIMITED: "lobby.refused_rate_limited",
    UNAVAILABLE: "lobby.refused_unavailable",
}


# ---------------------------------------------------------------- the server's words, shown
def clean(text: str, cells: int | None = None) -> str:
    """Text from the server as it may be shown: no control or invisible formatting character
    (a terminal's escape never reaches it), cut to ``cells`` cells with … if given."""
    shown = "".join(c for c in text if unicodedata.category(c) not in ("Cc", "Cf", "Zl", "Zp"))
    if cells is not None and cell_len(shown) > cells:
        while shown and cell_len(shown) > cells - 1:
            shown = shown[:-1]
        shown += "…"
    return shown


def url_hint(lang: str) -> str:
    """How a lobby's address is written: ``ws://HOST:7350/lobby``."""
    return tr(lang, "lobby.url_hint", path=LOBBY_PATH)


def shown_rating(rating: Rating) -> str:
    """A rating as players read it: mu − 3·sigma, one decimal."""
    return f"{rating.shown:.1f}"


def bot_name(level: str, lang: str) -> str:
    """A rated bot as every view names one (电脑·普通)."""
    level = clean(level)
    return person_name(level, BOT, [level], lang)


def room_people(seats: Sequence[SeatStatus], lang: str) -> tuple[str, ...]:
    """A listed room's players as its table and the replay of its record name them (a bot by
    its level, numbered where several share it: 电脑·普通 2号)."""
    return people_names(recorded_seats(seats), lang)


def seat_words(
    status: SeatStatus, person: str, lang: str, cells: int | None = None
) -> tuple[str, str]:
    """A seat of a listed room: (who, style): its player as ``room_people`` names them (a
    person offline said so), or free."""
    if status.kind == BOT:
        return clean(person), MUTED
    if not status.name:
        return tr(lang, "lobby.free"), GOOD
    name = clean(person, cells)
    if not status.connected:
        return tr(lang, "lobby.away", name=name), ""
    return name, "bold"


def seats_text(seats: Sequence[SeatStatus], lang: str, most: int | None = None) -> Text:
    """A room's seats in the list, cut to ``most`` cells with … (the room's line below the
    list names every seat whole)."""
    out = Text()
    for n, (status, person) in enumerate(zip(seats, room_people(seats, lang), strict=True)):
        if n:
            out.append(" · ", style=MUTED)
        who, style = seat_words(status, person, lang, NAME_CELLS)
        out.append(who, style=style)
    if most is not None:
        out.truncate(most, overflow="ellipsis")
    return out


def timer_text(seconds: float | None, lang: str) -> str:
    if seconds is None:
        return tr(lang, "lobby.timer_off")
    return tr(lang, "lobby.timer_n", n=f"{seconds:g}")


def state_text(entry: RoomEntry, lang: str) -> Text:
    if not entry.started:
        return Text(tr(lang, "lobby.waiting"), style=GOOD)
    return Text(tr(lang, "lobby.playing"), style=MUTED)


def room_cells(entry: RoomEntry, lang: str, seats_cells: int | None = None) -> tuple[Text, ...]:
    """A public room's line in the list, its seats in ``seats_cells`` cells."""
    return (
        Text(entry.code, style=f"bold {GOLD}"),
        seats_text(entry.seats, lang, seats_cells),
        Text(clean(rules_summary(entry.rules, lang), RULES_CELLS)),
        Text(tr(lang, "lobby.rounds_n", n=entry.rounds)),
        Text(timer_text(entry.turn_seconds, lang)),
        state_text(entry, lang),
        Text(str(entry.watchers)),
    )


def room_detail(entry: RoomEntry, lang: str) -> Text:
    """The room under the cursor, whole: every seat, the rules, the bots' pace."""
    out = Text()
    out.append(entry.code, style=f"bold {GOLD}")
    people = room_people(entry.seats, lang)
    for n, status in enumerate(entry.seats):
        who, style = seat_words(status, people[n], lang)
        out.append("  ")
        out.append(tr(lang, "lobby.seat", n=n + 1, who=""), style=MUTED)
        out.append(who, style=style)
    out.append("\n")
    out.append(tr(lang, "lobby.rules", rules=rules_summary(entry.rules, lang)))
    out.append(" · " + tr(lang, "lobby.pace", pace=tr(lang, f"pace.{entry.pace}")), style=MUTED)
    return out


def refusal_words(lang: str, code: str, text: str) -> str:
    """A lobby's refusal in the player's language (one this game does not know: as sent)."""
    key = REFUSALS.get(code)
    if key is not None:
        return tr(lang, key)
    return tr(lang, "lobby.refused", why=clean(text or code, 120))


def ended_text(ended: str, now: datetime | None = None) -> str:
    """When a game ended (ISO 8601, UTC, as the server sends it) in local time: 12-06 05:21
    this year, 2025-12-06 before (the players' names and scores beside it keep the room)."""
    try:
        when = datetime.fromisoformat(ended.replace("Z", "+00:00"))
    except ValueError:
        return clean(ended, 20)
    if when.tzinfo is not None:
        when = when.astimezone()
    this_year = (now or datetime.now(when.tzinfo)).year
    return when.strftime("%m-%d %H:%M" if when.year == this_year else "%Y-%m-%d")


def players_text(game: GameEntry, me: str, lang: str) -> Text:
    """A finished game's seats with their final scores; the player's own in gold."""
    out = Text()
    people = people_names([(s.name or s.level, s.kind, s.level) for s in game.seats], lang)
    for n, (seat, score) in enumerate(zip(game.seats, game.scores, strict=True)):
        if n:
            out.append(" · ", style=MUTED)
        who = clean(people[n], None if seat.kind == BOT else NAME_CELLS)
        out.append(who, style=f"bold {GOLD}" if seat.kind != BOT and seat.name == me else "")
        out.append(f" {score:+d}", style=GOOD if score > 0 else BAD if score < 0 else MUTED)
    return out


# ---------------------------------------------------------------- lists picked from
class PickTable(DataTable[Text]):
    """A list whose line under the cursor Enter (or a second click) picks; the key bar says
    what picking it does."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        localize_bindings(self, player_look(self.app)[0])

    def picked_key(self) -> str | None:
        """The key of the line under the cursor (None: the list is empty)."""
        if not self.row_count:
            return None
        row = min(self.cursor_row, self.row_count - 1)
        key = self.coordinate_to_cell_key(Coordinate(row, 0)).row_key.value
        return key

    def refill(self, rows: Sequence[tuple[str, Sequence[Text]]]) -> None:
        """The lines (key, cells) in place of those shown, the cursor on the same key."""
        kept = self.picked_key()
        self.clear()
        for key, cells in rows:
            self.add_row(*cells, key=key)
        keys = [key for key, _ in rows]
        if kept in keys:
            self.move_cursor(row=keys.index(kept), animate=False)


class RoomsTable(PickTable):
    BINDINGS = [Binding("enter", "select_cursor", "lobby.key_join", key_display="⏎")]


class ReplaysTable(PickTable):
    BINDINGS = [Binding("enter", "select_cursor", "lobby.key_replay", key_display="⏎")]


# ---------------------------------------------------------------- the lobby
class LobbyScreen(PlayerScreen[None]):
    """The connect form, then the lobby. It starts no game itself: it posts ``JoinRoom``
    (the room the player chose, made or was given) and ``Watch`` (a fetched hand)."""

    CSS_PATH = "lobby.tcss"
    BINDINGS = [
        Binding("w", "watch", "lobby.key_watch"),
        Binding("c", "create", "lobby.key_create"),
        Binding("j", "code", "lobby.key_code"),
        Binding("s", "quick", "lobby.key_quick"),
        Binding("l", "leaderboard", "lobby.key_leaderboard"),
        Binding("g", "games", "lobby.key_games"),
        Binding("r", "refresh", "lobby.key_refresh"),
        Binding("escape", "back", "key.back", key_display="Esc"),
    ]
    LOBBY_ACTIONS = frozenset(("watch", "create", "code", "quick", "leaderboard", "games"))

    @dataclass
    class JoinRoom(Message):
        """Sit at a seat of a room of the server (or watch it)."""

        target: RoomTarget

    @dataclass
    class Watch(Message):
        """Watch a hand fetched from the server (a record in the data folder)."""

        path: Path

    def __init__(self, target: LobbyTarget | None = None, settings: Settings | None = None):
        super().__init__()
        self.target = target or LobbyTarget()
        self.settings = settings or Settings()
        self.client: LobbyClient | None = None
        self.welcome: Welcome | None = None  # the lobby's welcome: the player is in
        self.rating_before: Rating | None = None  # the own rating as the player left for a table
        self.rating_asks: list[float] = []  # the waits before asking it again (RATED_AGAIN)
        self.online = False  # the connection is up (not reconnecting)
        self.dropped_text = ""  # when it is not: how long until it comes back
        self.rooms: tuple[RoomEntry, ...] = ()
        self.pending: str | None = None  # what a ``created`` answers: public, private, quick
        self.board: LeaderboardScreen | None = None
        self.games_screen: GamesScreen | None = None

    # ------------------------------------------------------------ drawing
    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="lobby-box", classes="focus-form") as box:
            box.border_title = tr(lang, "lobby.title")
            with Vertical(id="lobby-form") as form:
                form.border_title = tr(lang, "lobby.form_title")
                yield Static(tr(lang, "lobby.intro", cmd="ningde server"), id="lobby-intro")
                yield Label(tr(lang, "lobby.url"), classes="lobby-label")
                yield Input(placeholder=url_hint(lang), id="lobby-url", compact=True)
                yield Label(tr(lang, "lobby.name"), classes="lobby-label")
                yield Input(
                    placeholder=tr(lang, "lobby.name_hint"),
                    id="lobby-name",
                    max_length=lobby.MAX_NAME,
                    compact=True,
                )
                yield Static("", id="lobby-status")
                with Horizontal(classes="lobby-buttons"):
                    yield Button(
                        tr(lang, "lobby.connect"),
                        id="lobby-connect",
                        variant="success",
                        compact=True,
                    )
                    yield Button(tr(lang, "lobby.back"), id="lobby-leave", compact=True)
            with Vertical(id="lobby-main"):
                yield Static("", id="lobby-who")
                yield RoomsTable(id="lobby-rooms")
                yield Static("", id="lobby-detail")
                yield from self.compose_actions()
        yield KeyBar()

    def compose_actions(self) -> ComposeResult:
        lang = self.lang
        with Horizontal(classes="lobby-buttons", id="lobby-actions"):
            yield Button(tr(lang, "lobby.join"), id="lobby-join", variant="success", compact=True)
            for action in ("watch", "create", "code", "quick", "leaderboard", "games", "refresh"):
                yield Button(tr(lang, f"lobby.{action}"), id=f"lobby-{action}", compact=True)

    def on_mount(self) -> None:
        table = self.query_one(RoomsTable)
        for key in ("code", "seats", "rules", "rounds", "timer", "state", "watchers"):
            table.add_column(tr(self.lang, f"lobby.col_{key}"), key=key)
        table.border_title = tr(self.lang, "lobby.rooms_title", n=0)
        memory = load_lobby_memory()
        url, name = self.target.url or memory.url, self.target.name or memory.name
        self.query_one("#lobby-url", Input).value = url
        self.query_one("#lobby-name", Input).value = name
        if self.target.connect and url and name:
            self.connect()
        else:
            self.focus_form()

    def focus_form(self, field: str | None = None) -> None:
        """The first field still empty (or ``field``), else 连接."""
        for wanted in (field, "lobby-url", "lobby-name"):
            if wanted is None:
                continue
            found = self.query_one(f"#{wanted}", Input)
            if field == wanted or not found.value.strip():
                found.focus()
                return
        self.query_one("#lobby-connect", Button).focus()

    def say(self, text: str, bad: bool = False) -> None:
        """A line under the form: what is happening, or why it did not (in red)."""
        self.query_one("#lobby-status", Static).update(Text(text, style=BAD if bad else MUTED))

    def show_who(self) -> None:
        """The server, the player's name and rating, and whether the connection is up."""
        welcome, lang = self.welcome, self.lang
        if welcome is None or self.client is None:
            return
        out = Text()
        server = clean(welcome.server, 40) or "?"
        out.append(tr(lang, "lobby.server", server=server, url=self.client.url), style=MUTED)
        out.append("   ")
        out.append(tr(lang, "lobby.you", name=clean(welcome.name)), style=f"bold {GOLD}")
        out.append("   ")
        out.append(tr(lang, "lobby.rating", shown=shown_rating(welcome.rating)), style="bold")
        out.append("   ")
        if self.online:
            out.append("● " + tr(lang, "lobby.online"), style=GOOD)
        else:
            out.append("● " + self.dropped_text, style=BAD)
        self.query_one("#lobby-who", Static).update(out)

    def show_rooms(self, rooms: tuple[RoomEntry, ...]) -> None:
        self.rooms = rooms
        table = self.query_one(RoomsTable)
        most = max(self.size.width - OTHER_CELLS, 2 * NAME_CELLS)
        table.refill([(r.code, room_cells(r, self.lang, most)) for r in rooms])
        table.border_title = tr(self.lang, "lobby.rooms_title", n=len(rooms))
        self.show_detail()

    def show_detail(self) -> None:
        entry = self.highlighted()
        detail = self.query_one("#lobby-detail", Static)
        if entry is None:
            detail.update(Text(tr(self.lang, "lobby.no_rooms"), style=MUTED))
        else:
            detail.update(room_detail(entry, self.lang))

    def highlighted(self) -> RoomEntry | None:
        code = self.query_one(RoomsTable).picked_key()
        return next((r for r in self.rooms if r.code == code), None)

    @on(DataTable.RowHighlighted, "#lobby-rooms")
    def _room_highlighted(self) -> None:
        self.show_detail()

    # ------------------------------------------------------------ connecting
    @on(Input.Submitted, "#lobby-url")
    def _url_given(self) -> None:
        """Enter after the address: on to the name while it is empty, else connect."""
        if not self.query_one("#lobby-name", Input).value.strip():
            self.focus_form("lobby-name")
        else:
            self.connect()

    @on(Button.Pressed, "#lobby-connect")
    @on(Input.Submitted, "#lobby-name")
    def connect(self) -> None:
        """The form's address and name, checked, then the lobby (its key kept per server)."""
        try:
            url = lobby_url(self.query_one("#lobby-url", Input).value)
        except ValueError:
            self.say(tr(self.lang, "lobby.bad_url", example=url_hint(self.lang)), bad=True)
            self.focus_form("lobby-url")
            return
        try:
            name = lobby.check_name(self.query_one("#lobby-name", Input).value)
        except ProtocolError:
            self.say(tr(self.lang, "lobby.bad_name"), bad=True)
            self.focus_form("lobby-name")
            return
        self.query_one("#lobby-url", Input).value = url
        self.say(tr(self.lang, "lobby.connecting", url=url))
        self.client = LobbyClient(url, name, keys=LobbyKeys())
        self.run_lobby(self.client)

    @work(exclusive=True, group="lobby")
    async def run_lobby(self, client: LobbyClient) -> None:
        """Read the lobby until it says no, cannot be reached, or the player leaves it."""
        try:
            async for event in client.events():
                if client is not self.client:
                    return
                self.take(event)
        except ConnectionLost as exc:
            self.lost(client, tr(self.lang, "lobby.cannot_reach", why=clean(str(exc), 200)))
        except ProtocolError as exc:
            self.lost(client, tr(self.lang, "lobby.not_lobby", why=clean(str(exc), 200)))

    def take(self, event: LobbyEvent) -> None:
        if isinstance(event, Dropped):
            self.dropped(event)
        elif isinstance(event, Unreadable):
            why = clean(event.text, 120)
            self.notify(
                tr(self.lang, "lobby.unreadable", why=why), severity="warning", markup=False
            )
        elif isinstance(event, Welcome):
            self.welcomed(event)
        elif isinstance(event, Rooms):
            self.show_rooms(event.rooms)
        elif isinstance(event, Created):
            self.created(event)
        elif isinstance(event, Leaderboard):
            self.rated(event.players)
        elif isinstance(event, Games):
            if self.games_screen is not None:
                self.games_screen.show(event.games)
        elif isinstance(event, Refused):
            text = refusal_words(self.lang, event.code, event.text)
            self.pending = None
            self.notify(text, severity="warning", markup=False)
        elif isinstance(event, Error):
            self.refused_entry(event)

    def welcomed(self, welcome: Welcome) -> None:
        client = self.client
        if client is None:
            return
        again = self.welcome is not None
        self.welcome, self.online = welcome, True
        self.remember(LobbyMemory(client.url, welcome.name))
        if not client.kept:
            self.notify(tr(self.lang, "lobby.key_not_kept"), severity="warning", timeout=10)
        if again:
            self.notify(tr(self.lang, "lobby.back_online"), timeout=3)
        else:
            self.set_class(True, "-in")
            self.say("")
            self.query_one(RoomsTable).focus()
            self.show_detail()
        self.show_who()
        self.refresh_bindings()

    def rated(self, players: Sequence[Standing]) -> None:
        """The leaderboard, in its list if open; the player's own rating as it is now."""
        if self.board is not None:
            self.board.show(players)
        mine = next((p for p in players if p.name == self.player_name), None)
        if self.welcome is not None and mine is not None:
            self.welcome = replace(self.welcome, rating=mine.rating)
            self.show_who()

    def remember(self, memory: LobbyMemory) -> None:
        """The server and name for next time (a folder that cannot be written: not kept)."""
        try:
            save_lobby_memory(memory)
        except OSError:
            pass

    def dropped(self, event: Dropped) -> None:
        self.online = False
        self.dropped_text = tr(self.lang, "lobby.dropped", delay=f"{event.delay:g}")
        self.show_who()

    def refused_entry(self, error: Error) -> None:
        """The lobby said no and closes the connection: back to the form, saying why."""
        if self.client is None:
            return
        if error.code == NAME_TAKEN:
            text = tr(self.lang, "lobby.name_taken", name=clean(self.client.name))
            self.lost(self.client, text, "lobby-name")
        else:
            why = clean(error.text or error.code, 200)
            self.lost(self.client, tr(self.lang, "lobby.server_error", why=why))

    def lost(self, client: LobbyClient, text: str, field: str | None = None) -> None:
        """Out of the lobby, back at the form with the reason under it."""
        if client is not self.client:
            return
        self.leave_lobby()
        self.say(text, bad=True)
        self.focus_form(field)

    def leave_lobby(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            client.stop()
        self.workers.cancel_group(self, "lobby")
        self.welcome, self.online, self.pending = None, False, None
        self.set_class(False, "-in")
        self.refresh_bindings()

    def on_unmount(self) -> None:
        """Leaving the lobby (for a table, or back): the connection ends with the worker."""
        if self.client is not None:
            self.client.stop()

    # ------------------------------------------------------------ asking the lobby
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.LOBBY_ACTIONS or action == "refresh":
            return self.welcome is not None
        return True

    def ask(self, message: dict[str, object]) -> bool:
        client = self.client
        if client is None or not client.connected:
            self.notify(tr(self.lang, "lobby.not_connected"), severity="warning")
            return False
        self.run_worker(self._send(client, message), group="lobby-send")
        return True

    async def _send(self, client: LobbyClient, message: dict[str, object]) -> None:
        if not await client.send(message):
            self.pending = None
            key = "lobby.too_fast" if client.connected else "lobby.not_connected"
            self.notify(tr(self.lang, key), severity="warning", timeout=3)

    @property
    def player_name(self) -> str:
        """The player's name as the lobby welcomed it."""
        return self.welcome.name if self.welcome is not None else ""

    def target_at(self, url: str, watch: bool = False) -> RoomTarget:
        """A seat of the room at ``url`` under the player's name, with the name's key."""
        key = self.client.key if self.client is not None else None
        return RoomTarget(url, self.player_name, watch, key=key)

    @on(DataTable.RowSelected, "#lobby-rooms")
    @on(Button.Pressed, "#lobby-join")
    def action_join(self) -> None:
        self.sit(watch=False)

    @on(Button.Pressed, "#lobby-watch")
    def action_watch(self) -> None:
        self.sit(watch=True)

    def sit(self, watch: bool) -> None:
        entry = self.highlighted()
        if entry is None:
            self.notify(tr(self.lang, "lobby.pick_room"), severity="warning")
            return
        self.post_message(self.JoinRoom(self.target_at(entry.url, watch)))

    @on(Button.Pressed, "#lobby-create")
    def action_create(self) -> None:
        rules = self.settings.rule_config(1)
        self.app.push_screen(CreateRoomDialog(rules), callback=self._create_chosen)

    def _create_chosen(self, choice: RoomChoice | None) -> None:
        if choice is None:
            return
        rules = self.settings.rule_config(choice.rounds)
        message = lobby.create(
            choice.seats,
            choice.rounds,
            rules,
            choice.turn_seconds,
            self.settings.pace,
            choice.public,
        )
        if self.ask(message):
            self.pending = "public" if choice.public else "private"

    def created(self, created: Created) -> None:
        pending, self.pending = self.pending, None
        if pending is None:
            return  # not asked for here (a second answer): nothing to join
        if pending == "private":
            text = tr(self.lang, "lobby.created_private", code=created.code)
            self.notify(text, timeout=30, markup=False)
        elif pending == "public":
            self.notify(tr(self.lang, "lobby.created", code=created.code), timeout=8)
        self.post_message(self.JoinRoom(self.target_at(created.url)))

    @on(Button.Pressed, "#lobby-code")
    def action_code(self) -> None:
        self.app.push_screen(CodeDialog(), callback=self._code_chosen)

    def _code_chosen(self, chosen: tuple[str, bool] | None) -> None:
        if chosen is None or self.client is None:
            return
        code, watch = chosen
        url = room_url(self.client.url, code)
        self.post_message(self.JoinRoom(self.target_at(url, watch)))

    @on(Button.Pressed, "#lobby-quick")
    def action_quick(self) -> None:
        if self.ask(lobby.quick()):
            self.pending = "quick"

    @on(Button.Pressed, "#lobby-leaderboard")
    def action_leaderboard(self) -> None:
        if self.ask(lobby.ask_leaderboard()):
            self.board = LeaderboardScreen(self.player_name)
            self.app.push_screen(self.board, callback=self._board_closed)

    def _board_closed(self, _: None) -> None:
        self.board = None

    @on(Button.Pressed, "#lobby-games")
    def action_games(self) -> None:
        client = self.client
        if client is not None and self.ask(lobby.ask_games(self.player_name)):
            server = http_url(client.url)
            self.games_screen = GamesScreen(server, self.player_name, self.watch_replay)
            self.app.push_screen(self.games_screen, callback=self._games_closed)

    def _games_closed(self, _: None) -> None:
        self.games_screen = None

    @on(Button.Pressed, "#lobby-refresh")
    def action_refresh(self) -> None:
        self.ask(lobby.ask_rooms())

    def came_back(self) -> None:
        """Back from a table: the rooms as they are now, and the player's own rating, asked
        again a moment later too (a session that just ended is rated as its room closes)."""
        if self.welcome is None:
            return
        self.ask(lobby.ask_rooms())
        self.ask(lobby.ask_leaderboard())
        self.rating_before = self.welcome.rating
        self.rating_asks = list(RATED_AGAIN)
        self._rating_later()

    def _rating_later(self) -> None:
        if self.rating_asks:
            self.set_timer(self.rating_asks.pop(0), self._ask_rating)

    def _ask_rating(self) -> None:
        """The own rating asked again, while it is the one from before the table."""
        if self.welcome is not None and self.welcome.rating == self.rating_before:
            self.ask(lobby.ask_leaderboard())
            self._rating_later()

    @on(Button.Pressed, "#lobby-leave")
    def action_back(self) -> None:
        """Out of the lobby to the form; from the form, back where the lobby was opened."""
        if self.client is not None:
            self.leave_lobby()
            self.say("")
            self.focus_form()
        else:
            self.dismiss()

    # ------------------------------------------------------------ a hand's replay
    def watch_replay(self, code: str) -> None:
        client = self.client
        if client is None:
            self.notify(tr(self.lang, "lobby.not_connected"), severity="warning")
            return
        self.notify(tr(self.lang, "lobby.fetching", code=code), timeout=3)
        self.fetch_replay(client.url, code)

    @work(thread=True, exclusive=True, group="replay", exit_on_error=False)
    def fetch_replay(self, url: str, code: str) -> None:
        """The hand's record over the server's HTTP, checked and kept in the data folder as
        ``ningde replay CODE-N --server`` keeps it, then watched."""
        try:
            served = served_url(code, url)
            if served is None:
                raise FetchError(f"{code} is not a replay code")
            path = keep(code, fetch_hand(served[0]))
        except (FetchError, OSError) as exc:
            why = clean(str(exc), 160)
            text = tr(self.lang, "lobby.replay_failed", code=code, why=why)
            self.app.call_from_thread(self.notify, text, severity="warning", markup=False)
        else:
            self.post_message(self.Watch(path))


# ---------------------------------------------------------------- 创建房间
@dataclass(frozen=True)
class RoomChoice:
    """A room to create: per seat "human" or a bot level, 圈, the timer, listed or not."""

    seats: tuple[str, ...]
    rounds: int
    turn_seconds: float | None
    public: bool


class CreateRoomDialog(PlayerModal[RoomChoice | None]):
    """创建房间: public or private, the four seats, 圈 and the timer; the room rules are the
    player's (Settings), shown. Dismissed with the room to create, or None."""

    CSS_PATH = "lobby.tcss"
    BINDINGS = [Binding("escape", "cancel", "key.back", key_display="Esc")]

    def __init__(self, rules: RuleConfig) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="create-box", classes="lobby-dialog focus-form") as box:
            box.border_title = tr(lang, "lobby.create_title")
            yield Label(tr(lang, "lobby.visibility"), classes="lobby-label")
            shown = [(tr(lang, "lobby.public"), True), (tr(lang, "lobby.private"), False)]
            yield Select(shown, value=True, allow_blank=False, id="create-public", compact=True)
            yield Label(tr(lang, "lobby.seats"), classes="lobby-label")
            with Grid(id="create-seats"):
                yield from self.compose_seats()
            with Grid(id="create-options"):
                yield Label(tr(lang, "lobby.rounds"))
                rounds = [(tr(lang, "start.rounds_n", n=n), n) for n in ROUND_CHOICES]
                yield Select(rounds, value=1, allow_blank=False, id="create-rounds", compact=True)
                yield Label(tr(lang, "lobby.timer"))
                turns = [
                    (tr(lang, "lobby.timer_none") if t is None else timer_text(t, lang), t)
                    for t in TURN_CHOICES
                ]
                yield Select(turns, value=None, allow_blank=False, id="create-timer", compact=True)
            rules = rules_summary(self.rules, lang)
            yield Static(tr(lang, "lobby.room_rules", rules=rules), classes="lobby-note")
            yield Static("", classes="lobby-error")
            with Horizontal(classes="lobby-buttons"):
                yield Button(
                    tr(lang, "lobby.create_go"), id="create-go", variant="success", compact=True
                )
                yield Button(tr(lang, "lobby.cancel"), id="create-cancel", compact=True)
        yield KeyBar()

    def compose_seats(self) -> ComposeResult:
        lang = self.lang
        kinds = [(tr(lang, "lobby.seat_human"), HUMAN_SEAT)]
        kinds += [(tr(lang, "lobby.seat_bot", level=level_name(b, lang)), b) for b in BOT_LEVELS]
        for seat, kind in enumerate(NEW_ROOM_SEATS):
            yield Label(tr(lang, "lobby.seat_n", n=seat + 1))
            yield Select(
                kinds, value=kind, allow_blank=False, id=f"create-seat-{seat}", compact=True
            )

    def on_mount(self) -> None:
        self.query_one("#create-go", Button).focus()

    @on(Button.Pressed, "#create-go")
    def _go(self) -> None:
        seats = tuple(str(self.query_one(f"#create-seat-{s}", Select).value) for s in range(4))
        if HUMAN_SEAT not in seats:
            self.query_one(".lobby-error", Static).update(tr(self.lang, "lobby.need_human"))
            return
        timer = self.query_one("#create-timer", Select).value
        self.dismiss(
            RoomChoice(
                seats,
                cast(int, self.query_one("#create-rounds", Select).value),
                timer if isinstance(timer, float) else None,
                bool(self.query_one("#create-public", Select).value),
            )
        )

    @on(Button.Pressed, "#create-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------- 输入房间号
def read_code(text: str) -> str | None:
    """A room code as typed (any case, spaces around it), or None if it is none."""
    code = text.strip().upper()
    return code if lobby.is_room_code(code) else None


class CodeDialog(PlayerModal[tuple[str, bool] | None]):
    """输入房间号: a room's 6-letter code (any case) and watch only; dismissed with them."""

    CSS_PATH = "lobby.tcss"
    BINDINGS = [Binding("escape", "cancel", "key.back", key_display="Esc")]

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="code-box", classes="lobby-dialog focus-form") as box:
            box.border_title = tr(lang, "lobby.code_title")
            yield Label(tr(lang, "lobby.code_label"), classes="lobby-label")
            yield Input(
                placeholder=tr(lang, "lobby.code_hint", code="K3F9QX"),
                id="code-input",
                max_length=CODE_LENGTH + 2,
                restrict=r"[ A-Za-z0-9]*",
                compact=True,
            )
            yield Checkbox(tr(lang, "lobby.watch_only"), id="code-watch", compact=True)
            yield Static("", classes="lobby-error")
            with Horizontal(classes="lobby-buttons"):
                yield Button(
                    tr(lang, "lobby.code_go"), id="code-go", variant="success", compact=True
                )
                yield Button(tr(lang, "lobby.cancel"), id="code-cancel", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#code-input", Input).focus()

    @on(Button.Pressed, "#code-go")
    @on(Input.Submitted, "#code-input")
    def _go(self) -> None:
        code = read_code(self.query_one("#code-input", Input).value)
        if code is None:
            self.query_one(".lobby-error", Static).update(tr(self.lang, "lobby.code_bad"))
            return
        self.dismiss((code, self.query_one("#code-watch", Checkbox).value))

    @on(Button.Pressed, "#code-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------- 排行榜
def standing_name(standing: Standing, lang: str) -> str:
    """A rated name as players read it: a person's, or a bot's level (``bot:hard``)."""
    if standing.name.startswith("bot:"):
        return bot_name(standing.name[4:], lang)
    return clean(standing.name)


class LeaderboardScreen(PlayerModal[None]):
    """排行榜: the lobby's best players, the player's own line in gold; filled when the
    lobby answers."""

    CSS_PATH = "lobby.tcss"
    BINDINGS = [Binding("escape,q", "close", "key.close", key_display="Esc")]
    COLUMNS = ("rank", "name", "rating", "games", "hands", "wins", "points")

    def __init__(self, me: str) -> None:
        super().__init__()
        self.me = me
        self.players: Sequence[Standing] | None = None  # the lobby's answer, once it came
        self.drawn = False  # the table has its columns

    def compose(self) -> ComposeResult:
        with Vertical(id="board-box", classes="lobby-list") as box:
            box.border_title = tr(self.lang, "lobby.board_title")
            yield Static(tr(self.lang, "lobby.loading"), classes="lobby-note")
            yield DataTable[Text](id="board-table", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key in self.COLUMNS:
            table.add_column(tr(self.lang, f"lobby.col_{key}"), key=key)
        table.focus()
        self.drawn = True
        self.fill()

    def show(self, players: Sequence[Standing]) -> None:
        """The lobby's answer (it may come before the screen is up: then shown when it is)."""
        self.players = players
        if self.drawn:
            self.fill()

    def fill(self) -> None:
        players, lang = self.players, self.lang
        if players is None:
            return
        table = self.query_one(DataTable)
        table.clear()
        for rank, p in enumerate(players, 1):
            style = f"bold {GOLD}" if p.name == self.me else ""
            points = Text(f"{p.points:+d}", style=GOOD if p.points > 0 else BAD if p.points else "")
            table.add_row(
                Text(str(rank), style=MUTED),
                Text(standing_name(p, lang), style=style),
                Text(shown_rating(p.rating), style="bold"),
                *(Text(str(n)) for n in (p.games, p.hands, p.wins)),
                points,
            )
        note = "lobby.board_note" if players else "lobby.board_empty"
        self.query_one(".lobby-note", Static).update(tr(lang, note))

    def action_close(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------- 我的对局
class GamesScreen(PlayerModal[None]):
    """我的对局: the player's finished games, newest first, a line per hand with its replay
    code; Enter (or a second click) on one watches it (``pick``: the lobby fetches it)."""

    CSS_PATH = "lobby.tcss"
    BINDINGS = [Binding("escape,q", "close", "key.close", key_display="Esc")]

    def __init__(self, server: str, me: str, pick: Callable[[str], None]) -> None:
        """``server``: its HTTP address (``ningde replay CODE --server`` is told it)."""
        super().__init__()
        self.server, self.me, self.pick = server, me, pick
        self.games: Sequence[GameEntry] | None = None  # the lobby's answer, once it came
        self.drawn = False  # the table has its columns

    def compose(self) -> ComposeResult:
        with Vertical(id="games-box", classes="lobby-list") as box:
            box.border_title = tr(self.lang, "lobby.games_title")
            yield Static(tr(self.lang, "lobby.loading"), classes="lobby-note")
            yield ReplaysTable(id="games-table")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(ReplaysTable)
        for key in ("replay", "ended", "players"):
            table.add_column(tr(self.lang, f"lobby.col_{key}"), key=key)
        table.focus()
        self.drawn = True
        self.fill()

    def show(self, games: Sequence[GameEntry]) -> None:
        """The lobby's answer (it may come before the screen is up: then shown when it is)."""
        self.games = games
        if self.drawn:
            self.fill()

    def fill(self) -> None:
        if self.games is None:
            return
        rows: list[tuple[str, Sequence[Text]]] = []
        for game in self.games:
            ended = Text(ended_text(game.ended), style=MUTED)
            players = players_text(game, self.me, self.lang)
            for n, code in enumerate(game.replays):
                said = (ended, players) if n == 0 else (Text(""), Text(""))  # once a game
                rows.append((code, (Text(code, style=f"bold {GOLD}"), *said)))
        self.query_one(ReplaysTable).refill(rows)
        cmd = f"ningde replay {rows[0][0]} --server {self.server}" if rows else ""
        note = tr(self.lang, "lobby.games_note", cmd=cmd) if rows else None
        self.query_one(".lobby-note", Static).update(
            Text(note or tr(self.lang, "lobby.games_empty"), style=MUTED)
        )

    @on(DataTable.RowSelected, "#games-table")
    def _picked(self) -> None:
        code = self.query_one(ReplaysTable).picked_key()
        if code is not None:
            self.pick(code)

    def action_close(self) -> None:
        self.dismiss(None)
