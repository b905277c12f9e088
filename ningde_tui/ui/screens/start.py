"""The start screen: who sits where (a player or a bot level per seat; two or more players play
hot-seat on this screen), how many 圈, a seed; continue the last unfinished game, recent games,
the demo, the rules, the tutorial (教学), joining an online room or a community server's
lobby (在线大厅), quit."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Grid, Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Select, Static
from textual.worker import get_current_worker

from ...i18n.words import level_name, tr
from ...records.checks import MAX_NAME_CHARS, MAX_SEED_DIGITS
from ...records.storage import latest_unfinished
from ...rules.config import RuleConfig
from ...settings.store import rules_summary
from ...table.presets import BOT_LEVELS
from ..model.launch import HostTarget, RoomTarget
from ..palette import GOLD, MUTED
from ..textual_compat import LazySelect
from ..tilefaces import chip
from ..widgets.keybar import KeyBar
from .base import OpenScreen, PlayerScreen, arrow_bindings, arrow_focus

ROUND_CHOICES = (1, 2, 3, 4)
# What a game at the table loads (the engine and the bots with it): loaded off the UI thread
# once this screen has been up for a moment, so that 新游戏 does not wait for it (and the first
# frames, and a quick quit, do not wait for the loading).
TABLE_MODULES = (".table", "...records.record", "...bots.levels", "...bots.hard")
TABLE_LOAD_DELAY = 0.5  # seconds after the first frame
HUMAN = "human"


def banner(lang: str, ascii_tiles: bool = False) -> Text:
    """The title with a row of tiles under it: 宁德麻将 and 金 on gold."""
    out = Text(justify="center")
    out.append(tr(lang, "app.title"), style=f"bold {GOLD}")
    out.append("\n")
    out.append(tr(lang, "app.subtitle"), style=MUTED)
    out.append("\n\n")
    tiles = (0, 1, 2, 13, 13, 27, 22, 23, 24)
    gold = 13
    for i, t in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(chip(t, gold, ascii_tiles))
    return out


class StartScreen(PlayerScreen[None]):
    """Filled in with the last game's seats, 圈 and names (and seed, if one was given); starts
    nothing itself: it posts ``NewGame``, ``Demo`` or ``ContinueLatest`` to the app."""

    CSS_PATH = "start.tcss"
    AUTO_FOCUS = "#new"  # 新游戏 has the focus from the first frame
    BINDINGS = [
        Binding("question_mark,f1", "app.open('help')", "key.help", key_display="?"),
        *arrow_bindings(),
    ]

    @dataclass
    class NewGame(Message):
        """A game as chosen: the seed (None: random), per seat "human" or a bot level, the
        圈, the players' names in seat order (None: the default names)."""

        seed: int | None
        seats: list[str]
        rounds: int
        names: list[str] | None

    @dataclass
    class Demo(Message):
        """Four bots play, from this seed (None: random)."""

        seed: int | None

    class ContinueLatest(Message):
        """Go on with the most recent unfinished game."""

    @dataclass
    class JoinRoom(Message):
        """Sit at a seat of an online room (or watch it)."""

        target: RoomTarget

    @dataclass
    class HostRoom(Message):
        """Host an online room with these seats ("human": you in the first, friends in the
        others), 圈 and name; ``target``: who may reach it, its port, its timer."""

        target: HostTarget
        seats: list[str]
        rounds: int
        name: str

    def __init__(
        self,
        seed: int | None,
        seats: Sequence[str],
        rounds: int,
        names: Sequence[str] | None = None,
        rules: RuleConfig | None = None,
    ) -> None:
        super().__init__()
        self.seed = seed
        self.rules = rules or RuleConfig()  # the room rules of the settings, shown under the form
        self.seats = list(seats) if len(seats) == 4 else [HUMAN, *seats]
        self.rounds = rounds
        given = iter(names or ())  # the players' names, in seat order
        self.names = [next(given, "") if k == HUMAN else "" for k in self.seats]
        self.can_continue = False  # known once the records are read (``find_unfinished``)
        self.shown = False  # has the screen been shown yet

    def compose(self) -> ComposeResult:
        with Center(id="start-box", classes="focus-form"):
            yield Static(banner(self.lang, self.ascii_tiles), id="banner")
            with Vertical(id="form"):
                yield Label(tr(self.lang, "start.seats"), classes="form-title")
                with Grid(id="seats"):
                    yield from self.compose_seats()
                with Grid(id="options"):
                    yield from self.compose_options()
                yield Static("", id="room-rules")
                yield Static("", id="start-error")
            yield from self.compose_buttons()
        yield Static(id="start-too-small")
        yield KeyBar()

    def compose_seats(self) -> ComposeResult:
        """Per seat: a player or a bot level, and a player's name."""
        lang = self.lang
        kinds = [(tr(lang, "start.human"), HUMAN)]
        kinds += [(tr(lang, "start.bot", level=level_name(lvl, lang)), lvl) for lvl in BOT_LEVELS]
        for seat in range(4):
            yield Label(tr(lang, "seat.number", n=seat + 1), classes="form-label")
            yield LazySelect(
                kinds, value=self.seats[seat], allow_blank=False, id=f"seat-{seat}", compact=True
            )
            yield Input(
                value=self.names[seat] if self.seats[seat] == HUMAN else "",
                placeholder=self._placeholder(seat, self.seats[seat]),
                id=f"name-{seat}",
                max_length=MAX_NAME_CHARS,
                compact=True,
                disabled=self.seats[seat] != HUMAN,
            )

    def compose_options(self) -> ComposeResult:
        """How many 圈, and a seed."""
        lang = self.lang
        rounds = sorted({*ROUND_CHOICES, self.rounds})
        yield Label(tr(lang, "start.rounds"), classes="form-label")
        yield LazySelect(
            [(tr(lang, "start.rounds_n", n=n), n) for n in rounds],
            value=self.rounds,
            allow_blank=False,
            id="rounds",
            compact=True,
        )
        yield Label(tr(lang, "start.seed"), classes="form-label")
        yield Input(
            value="" if self.seed is None else str(self.seed),
            placeholder=tr(lang, "start.seed_hint"),
            id="seed",
            type="integer",
            max_length=MAX_SEED_DIGITS + 2,  # room to type one digit too many, and be told
            compact=True,
        )

    def compose_buttons(self) -> ComposeResult:
        lang = self.lang
        with Horizontal(classes="start-buttons"):
            yield Button(tr(lang, "start.new"), id="new", variant="success", compact=True)
            yield Button(
                tr(lang, "start.continue"),
                id="continue",
                variant="primary",
                compact=True,
                disabled=not self.can_continue,
            )
            yield Button(tr(lang, "start.recent"), id="recent", compact=True)
            yield Button(tr(lang, "start.stats"), id="stats", compact=True)
        with Horizontal(classes="start-buttons"):
            yield Button(tr(lang, "start.demo"), id="demo", compact=True)
            yield Button(tr(lang, "start.settings"), id="settings", compact=True)
            yield Button(tr(lang, "start.help"), id="help", compact=True)
            yield Button(tr(lang, "start.quit"), id="quit", variant="error", compact=True)
        with Horizontal(classes="start-buttons"):
            yield Button(tr(lang, "start.tutorial"), id="tutorial", compact=True)
            yield Button(tr(lang, "start.host"), id="host", compact=True)
            yield Button(tr(lang, "start.join"), id="join", compact=True)
            yield Button(tr(lang, "lobby.open"), id="lobby", compact=True)

    @on(events.ScreenResume)
    def _first_shown(self, event: events.ScreenResume) -> None:
        """Shown for the first time: every widget was styled as it was mounted, a moment ago,
        by the CSS the app read at its start (start.tcss among it), so Textual's restyling of
        the whole screen as it resumes is left to the later showings (after a page over it)."""
        if not self.shown:
            self.shown = True
            event.refresh_styles = False

    def on_mount(self) -> None:
        self.show_room_rules(self.rules)
        self.call_after_refresh(self._read_records)

    def _read_records(self) -> None:
        """Once the screen is up: the records' reading (and the engine it loads) would
        otherwise share the first frame's time."""
        if self.is_mounted:
            self.find_unfinished()
            self.set_timer(TABLE_LOAD_DELAY, self.load_the_table)

    @work(thread=True, group="preload", exit_on_error=False)
    def load_the_table(self) -> None:
        """``TABLE_MODULES``, off the UI thread (a module the UI thread is loading meanwhile is
        waited for, not loaded twice). Should one fail to load, it is loaded (and fails) again
        where the table needs it: the app goes on."""
        for module in TABLE_MODULES:
            importlib.import_module(module, __package__)

    def action_arrow_focus(self, dx: int, dy: int) -> None:
        """The arrows move between the buttons of the rows, and up from them to the form's
        fields (in a field they are its own; a seat's choice opens with ↑/↓)."""
        arrow_focus(self, dx, dy, (Button, Input))

    @work(thread=True, exclusive=True, group="records")
    def find_unfinished(self) -> None:
        """Whether there is a game to continue: every record is replayed to tell (a long
        moment on a folder of a thousand games), so off the UI thread, after the screen's first
        frame; 继续上一局 waits until this says yes."""
        found = latest_unfinished() is not None
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._found_unfinished, found)

    def _found_unfinished(self, found: bool) -> None:
        self.can_continue = found
        # the screen may be closing (its buttons going) as the answer comes: then nothing to do
        for button in self.query("#continue").results(Button):
            button.disabled = not found

    def show_room_rules(self, rules: RuleConfig) -> None:
        """房间规则: the switches of the settings that differ from the defaults."""
        self.rules = rules
        text = tr(self.lang, "start.room_rules", rules=rules_summary(rules, self.lang))
        self.query_one("#room-rules", Static).update(text)

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        """Say so when the terminal cuts the start box off (it scrolls then)."""
        box = self.query_one("#start-box")
        need_w, need_h = box.outer_size.width, box.outer_size.height + 2
        width, height = self.app.size
        small = width < need_w or height < need_h
        self.set_class(small, "-too-small")
        if small:
            self.query_one("#start-too-small", Static).update(
                tr(self.lang, "start.too_small", w=need_w, h=need_h, cw=width, ch=height)
            )

    @on(Select.Changed)
    def _seat_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid.startswith("seat-"):
            seat = int(sid.removeprefix("seat-"))
            name = self.query_one(f"#name-{seat}", Input)
            name.disabled = event.value != HUMAN
            name.placeholder = self._placeholder(seat, str(event.value))

    def _placeholder(self, seat: int, kind: str) -> str:
        return tr(self.lang, "seat.player", n=seat + 1) if kind == HUMAN else ""

    def chosen_seats(self) -> list[str]:
        return [str(self.query_one(f"#seat-{seat}", Select).value) for seat in range(4)]

    def chosen_seed(self) -> tuple[bool, int | None]:
        raw = self.query_one("#seed", Input).value.strip()
        if raw and not raw.lstrip("-").isdigit():
            self.query_one("#start-error", Static).update(tr(self.lang, "start.seed_bad"))
            return False, None
        if len(raw.lstrip("-")) > MAX_SEED_DIGITS:
            why = tr(self.lang, "start.seed_long", n=MAX_SEED_DIGITS)
            self.query_one("#start-error", Static).update(why)
            return False, None
        return True, int(raw) if raw else None

    @on(Button.Pressed, "#new")
    @on(Input.Submitted, "#seed")
    def _new_game(self) -> None:
        ok, seed = self.chosen_seed()
        if not ok:
            return
        seats = self.chosen_seats()
        if HUMAN not in seats:
            self.query_one("#start-error", Static).update(tr(self.lang, "start.no_human"))
            return
        names = [self.query_one(f"#name-{s}", Input).value.strip() for s in range(4)]
        names = [n for s, n in enumerate(names) if seats[s] == HUMAN]
        rounds = cast(int, self.query_one("#rounds", Select).value)
        self.post_message(self.NewGame(seed, seats, rounds, names or None))

    @on(Button.Pressed, "#continue")
    def _continue(self) -> None:
        self.post_message(self.ContinueLatest())

    @on(Button.Pressed, "#recent")
    def _recent(self) -> None:
        self.post_message(OpenScreen("recent"))

    @on(Button.Pressed, "#stats")
    def _stats(self) -> None:
        self.post_message(OpenScreen("stats"))

    @on(Button.Pressed, "#demo")
    def _demo(self) -> None:
        ok, seed = self.chosen_seed()
        if ok:
            self.post_message(self.Demo(seed))

    @on(Button.Pressed, "#join")
    def _join(self) -> None:
        from .remote import JoinDialog

        self.app.push_screen(JoinDialog(), callback=self._join_chosen)

    def _join_chosen(self, target: RoomTarget | None) -> None:
        if target is not None:
            self.post_message(self.JoinRoom(target))

    @on(Button.Pressed, "#host")
    def _host(self) -> None:
        from .remote import HostDialog

        seats = self.chosen_seats()
        if seats.count(HUMAN) < 2:
            self.query_one("#start-error", Static).update(tr(self.lang, "host.no_friend"))
            return
        self.query_one("#start-error", Static).update("")
        self.app.push_screen(HostDialog(), callback=self._host_chosen)

    def _host_chosen(self, target: HostTarget | None) -> None:
        if target is None:
            return
        seats = self.chosen_seats()
        you = seats.index(HUMAN)
        name = self.query_one(f"#name-{you}", Input).value.strip()
        rounds = cast(int, self.query_one("#rounds", Select).value)
        self.post_message(self.HostRoom(target, seats, rounds, name))

    @on(Button.Pressed, "#lobby")
    def _lobby(self) -> None:
        self.post_message(OpenScreen("lobby"))

    @on(Button.Pressed, "#settings")
    def _settings(self) -> None:
        self.post_message(OpenScreen("settings"))

    @on(Button.Pressed, "#help")
    def _help(self) -> None:
        self.post_message(OpenScreen("help"))

    @on(Button.Pressed, "#tutorial")
    def _tutorial(self) -> None:
        self.post_message(OpenScreen("tutorial"))

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.app.exit()
