"""The Textual app: start screen → table ⇄ result, help on top of any of them; hot-seat games
with a cover between players; recent games, watching a record, the demo, and a seat of an
online room.

``NingdeApp(LaunchOptions(...))``: what to open is in the options (``model/launch.py``): the
start screen, the table at once, a prepared match, a hot-seat game, the demo, a record to
watch, the latest unfinished game. Screens ask the app for what is the app's to do (a new game,
another screen) by posting messages, handled here (``on_start_screen_new_game``, ...). The
screens a player opens from anywhere are the ``PAGES``, each opened by the message
``OpenScreen(name)``, a key bound to ``app.open('name')`` and its command-palette entry.
Every game played here is recorded in the data folder (``storage``), decision by decision.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING, Any

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen

from ..i18n.words import tr
from ..records.checks import RecordError, RecordInUse, default_name
from ..records.storage import (
    RecordSummary,
    latest_unfinished,
    new_record_path,
    records_dir,
    resume,
)
from ..settings.store import Settings, save_settings, settings_path
from ..table.presets import DEFAULT_BOT
from . import collect, textual_compat
from .localize import localize_bindings
from .model.launch import HUMAN_SEAT, LaunchOptions, RoomTarget, seat_plan
from .palette import THEME, colour_as_no_color_says
from .screens.base import DismissOnce, OpenScreen
from .screens.start import StartScreen

# The other screens are imported when first opened: the first screen comes up sooner.
if TYPE_CHECKING:
    from ..net.hosting import HostedRoom
    from ..table.match import Match
    from .screens.lobby import LobbyScreen
    from .screens.recent import RecentScreen
    from .screens.remote import RemoteTableScreen
    from .screens.result import ResultScreen
    from .screens.table import TableScreen
    from .screens.tutorial import TutorialScreen


class Palette(DismissOnce, CommandPalette):
    """Textual's command palette, dismissed once (a double click on its background would
    otherwise close the screen under it too)."""


UNSAVED_NOTICE_SECONDS = 7 * 24 * 3600.0  # the notice that a game is not saved stays up


@dataclass(frozen=True)
class Page:
    """A screen the player opens from anywhere, over what is open (once: not over itself).
    ``label`` and ``about`` are the i18n keys of its command-palette entry."""

    screen: type[Screen[Any]] | str  # the class, or where it is ("module:Class") to import it
    label: str
    about: str
    make: Callable[[NingdeApp], Screen[Any]] | None = None  # how to make it (else ``screen()``)
    done: Callable[[NingdeApp, Any], None] | None = None  # what the app does with its result

    def screen_class(self) -> type[Screen[Any]]:
        """The page's screen class, imported the first time it is asked for."""
        if isinstance(self.screen, str):
            module, _, name = self.screen.partition(":")
            found: type[Screen[Any]] = getattr(importlib.import_module(module, __package__), name)
            return found
        return self.screen


class NingdeApp(textual_compat.FramesTold, App[None]):
    # the first screen's CSS is read with the app's: parsed once, not again with everything
    # read before it when the screen opens (as a screen's own CSS is)
    CSS_PATH = ["app.tcss", "screens/start.tcss"]
    # Ctrl+Q quits (q discards a tile at the table): the footer says so on every screen; the
    # command palette's key is ours too, so its footer label is in the player's language
    BINDINGS = [
        Binding("ctrl+q", "quit", "key.quit", key_display="Ctrl+Q", priority=True),
        Binding("ctrl+p", "command_palette", "key.palette", show=False, priority=True),
    ]

    def __init__(self, options: LaunchOptions | None = None, first_page: str | None = None) -> None:
        with colour_as_no_color_says():  # NO_COLOR: Textual draws the app in grey
            super().__init__()
        textual_compat.keep_wide_characters_whole()  # a notice over the hand drawn whole
        options = options or LaunchOptions()
        self.options = options
        self.first_page = first_page  # a page opened over the start screen (``ningde learn``)
        localize_bindings(self, options.lang)
        self.register_theme(THEME)
        # the theme in place before any CSS is read (set through ``self.theme``, it would have
        # Textual parse all the CSS a second time as the app starts)
        self.set_reactive(App.theme, THEME.name)
        self.set_class(True, f"-theme-{THEME.name}", update=False)
        self.stylesheet.set_variables(self.get_css_variables())
        # what the player may change while the app runs (the settings screen, a new game)
        self.settings = options.settings_or_default()
        self.lang, self.pace = options.lang, options.pace
        self.hosted: HostedRoom | None = None  # the room this app hosts (开房间)
        self.ascii_tiles = options.draws_ascii
        self.seed, self.rounds = options.seed, options.rounds
        self.bots = list(options.bots)
        self.seats = list(options.seat_kinds)
        self.names = list(options.names) if options.names is not None else None
        self.title = tr(self.lang, "app.title")
        self.set_class(self.ascii_tiles, "-ascii")
        self.last_input = monotonic()  # the last key or click (quiet moments for collect)
        # the screens that stay under the one a game (or the start screen) replaces: Textual's
        # empty default screen, unless the start screen took its place (``get_default_screen``)
        self.floor = 1

    def opens_on_the_start_screen(self) -> bool:
        """Whether the first screen is the start screen (no table, record, demo, room or
        game to continue asked for)."""
        o = self.options
        return (
            o.start_screen
            and o.match is None
            and o.replay is None
            and o.room is None
            and not (o.demo or o.resume)
        )

    def get_default_screen(self) -> Screen[Any]:
        """The bottom of the screen stack: the start screen, when the app opens on it, so the
        first screen composed, laid out and painted is the one shown; else Textual's own."""
        if not self.opens_on_the_start_screen():
            return super().get_default_screen()
        start = self.start(self.seed)
        if not textual_compat.become_default_screen(start, self):
            return super().get_default_screen()  # (pushed over it as the app mounts)
        self.floor = 0
        return start

    def on_mount(self) -> None:
        self.quit_when_the_terminal_goes()
        self.collect_at_quiet_moments()
        if self.settings.problems:
            where = str(settings_path())
            why = ", ".join(self.settings.problems)
            self.notify(
                tr(self.lang, "settings.bad_file", where=where, why=why),
                severity="warning",
                timeout=15,
                markup=False,
            )
        options = self.options
        if options.match is not None:
            self.push_screen(self.table_screen(options.match))
        elif options.replay is not None:
            self.watch_record(options.replay, exit_on_leave=True)
        elif options.demo:
            self.start_demo(
                self.seed, options.demo_hands, exit_after=options.demo_hands is not None
            )
        elif options.resume:
            self.find_latest_unfinished()
        elif options.room is not None:
            self.join_room(options.room, exit_on_leave=True)
        else:
            self.open_first_screen()

    def open_first_screen(self) -> None:
        if self.options.start_screen:
            if not isinstance(self.screen, StartScreen):
                self.push_screen(self.start(self.seed))
            if self.first_page is not None:
                self.action_open(self.first_page)
        else:
            self.new_game(self.seed, self.seats, self.rounds, self.names)

    @work(thread=True, exclusive=True, group="records")
    def find_latest_unfinished(self) -> None:
        """``--continue``: the latest unfinished game, found off the UI thread (every record is
        replayed to tell), then continued; with none, the first screen as without it."""
        latest = latest_unfinished()
        self.call_from_thread(self._continue_found, latest)

    def _continue_found(self, latest: RecordSummary | None) -> None:
        if latest is None:
            self.open_first_screen()
        else:
            self.continue_game(latest.path)

    def quit_when_the_terminal_goes(self) -> None:
        """Quit when the terminal is hung up (its window closed, an ssh link dropped).

        Textual's input thread keeps polling a hung-up terminal at full speed (textual 8.2), so
        a closed window would otherwise leave the game spinning on a CPU core. Nothing is lost
        by quitting: every decision is already in the game's record, and 继续上一局 resumes it.
        """
        if self.is_headless:
            return
        try:
            import termios
        except ImportError:  # Windows
            return
        stdin = sys.__stdin__
        if stdin is None:
            return  # no terminal at all (pythonw, a daemon)
        try:
            fd = stdin.fileno()
            termios.tcgetattr(fd)
        except (AttributeError, OSError, ValueError, termios.error):
            return  # not a terminal we can watch (a pipe, textual-serve)

        def check() -> None:
            try:
                termios.tcgetattr(fd)
            except termios.error:
                self.exit()

        self.set_interval(1.0, check)

    def collect_at_quiet_moments(self) -> None:
        """Python's full garbage collections (tens of ms) made when no one is watching a move
        being drawn: at a hand's result, or a quiet moment (``ui/collect.py``)."""
        collect.take_over(frames_told=textual_compat.FRAMES_TOLD)
        self.set_interval(collect.QUIET, lambda: collect.when_quiet(self.last_input))

    def frame_sent(self) -> None:
        """(A frame has gone to the terminal: the collections held while a move was drawn go
        on, ``ui/collect.py``.)"""
        collect.drawn()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown)):
            self.last_input = monotonic()
        await super().on_event(event)

    def start(self, seed: int | None = None) -> StartScreen:
        """The start screen, filled in with the last game's seats, 圈 and names."""
        rules = self.settings.rules
        return StartScreen(seed, self.seats, self.rounds, self.names, rules)

    def table_screen(
        self, match: Match, demo_hands: int | None = None, exit_after_demo: bool = False
    ) -> TableScreen:
        from .screens.table import TableScreen

        return TableScreen(
            match,
            self.pace,
            hints=self.settings.hints,
            demo_hands=demo_hands,
            exit_after_demo=exit_after_demo,
        )

    def show_table(self, table: Screen[Any]) -> None:
        """The table replaces whatever is open (start, recent games, a finished table)."""
        self.replace_open(table)

    def replace_open(self, screen: Screen[Any]) -> None:
        """``screen`` in place of whatever is open, and of all that is over it."""
        while len(self.screen_stack) > self.floor + 1:
            self.pop_screen()
        if len(self.screen_stack) == self.floor + 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _recorder_path(self, mode: str, seed: int) -> Path | None:
        if not self.options.record:
            return None
        return new_record_path(mode, seed)

    def _new_match(
        self,
        mode: str,
        seed: int,
        bots: Sequence[str],
        rounds: int,
        humans: Sequence[int],
        names: Sequence[str] | None = None,
        rounds_limit: bool = True,
    ) -> Match:
        """A match recorded in the data folder (or unrecorded if the folder is not writable),
        played by the room rules of the settings."""
        from ..table.match import Match

        config = self.settings.rule_config(rounds)

        def new(recorder_path: Path | None) -> Match:
            return Match.new(
                seed,
                bots,
                rounds,
                config,
                humans=humans,
                names=names,
                recorder_path=recorder_path,
                rounds_limit=rounds_limit,
            )

        try:
            match = new(self._recorder_path(mode, seed))
        except OSError as exc:
            self.not_saved(exc, records_dir())
            return new(None)
        return self._watch_record(match)

    def _watch_record(self, match: Match) -> Match:
        """Tell the player at once when the match's record cannot be written for now, and
        when it has caught up again."""
        recorder = match.recorder
        if recorder is not None:
            path = recorder.path
            recorder.on_failure = lambda exc: self.not_saved(exc, path, "record.not_saved_now")
            recorder.on_recovered = lambda: self.notify(
                tr(self.lang, "record.saved_again", where=str(path)),
                title=tr(self.lang, "record.saved_again_title"),
                markup=False,
            )
            if recorder.failed is not None:
                self.not_saved(recorder.failed, path, "record.not_saved_now")
        return match

    def not_saved(self, exc: OSError, where: Path, words: str = "record.not_saved") -> None:
        """Say plainly, and until the player closes it, that this game is not being saved
        (a full disk, a read-only data folder); the game itself goes on."""
        why = exc.strerror or str(exc)
        self.notify(
            tr(self.lang, words, why=why, where=str(where)),
            title=tr(self.lang, "record.not_saved_title"),
            severity="error",
            timeout=UNSAVED_NOTICE_SECONDS,
            markup=False,
        )

    def new_game(
        self,
        seed: int | None,
        seats: Sequence[str],
        rounds: int,
        names: Sequence[str] | None = None,
    ) -> None:
        """Start a session at the table (a random seed when none is given). ``seats``: per
        seat "human" or a bot level (three levels alone: you in seat 1 against them)."""
        if len(seats) == 3:
            seats = [HUMAN_SEAT, *seats]
        humans, bots = seat_plan(seats)
        if seed is None:
            seed = random.randrange(1_000_000)
        self.seed, self.seats, self.rounds = seed, list(seats), rounds
        self.names = list(names) if names is not None else None
        if len(bots) == 3:
            self.bots = bots
        mode = "play" if len(humans) == 1 else "hotseat" if humans else "demo"
        match = self._new_match(mode, seed, bots, rounds, humans, self._seat_names(humans, names))
        self.show_table(self.table_screen(match))

    def _seat_names(self, humans: Sequence[int], names: Sequence[str] | None) -> list[str] | None:
        """Names for the record and the hot-seat table: the given ones, in the humans' seats."""
        given = [n for n in (names or []) if n]
        if not given and len(humans) < 2:
            return None
        out = []
        it = iter(given)
        for seat in range(4):
            if seat in humans:
                out.append(next(it, None) or default_name(seat))
            else:
                out.append(self.seats[seat])
        return out

    def join_room(
        self, target: RoomTarget, exit_on_leave: bool = False, over_lobby: bool = False
    ) -> None:
        """A seat of an online room at the table (its token kept in the data folder); from
        the lobby, the table opens over it and goes back to it when left."""
        from ..net.client import RoomClient, TokenStore
        from .screens.remote import RemoteTableScreen

        client = RoomClient(
            target.url,
            target.name,
            watch=target.watch,
            token=target.token,
            tokens=TokenStore(),
            key=target.key,
        )
        table = RemoteTableScreen(client, exit_on_leave=exit_on_leave, over_lobby=over_lobby)
        if over_lobby:
            self.push_screen(table)
        else:
            self.show_table(table)

    def start_demo(self, seed: int | None, hands: int | None, exit_after: bool = False) -> None:
        """Four bots play with every hand face up, until stopped (or ``hands`` hands)."""
        if seed is None:
            seed = random.randrange(1_000_000)
        bots = [b if b != HUMAN_SEAT else DEFAULT_BOT for b in self.seats]
        match = self._new_match("demo", seed, bots, 1, (), rounds_limit=False)
        self.show_table(self.table_screen(match, demo_hands=hands, exit_after_demo=exit_after))

    def continue_game(self, path: Path | None = None) -> None:
        """Go on with the most recent unfinished game (or ``path``) where it stopped."""
        if path is None:
            latest = latest_unfinished()
            if latest is None:
                return
            path = latest.path
        from ..table.match import Match
        from .screens.record_error import RecordErrorScreen

        try:
            state = resume(path)
        except (RecordError, OSError) as exc:
            self.push_screen(RecordErrorScreen(path, exc))
            return
        try:
            match = self._watch_record(Match.resumed(state))
        except RecordInUse as exc:  # another window took it up meanwhile
            self.push_screen(RecordErrorScreen(path, exc))
            return
        except OSError as exc:  # it reads, but cannot be written on: play on, unsaved
            self.not_saved(exc, path)
            match = Match.resumed(state, record=False)
        self.tell_warnings(state.warnings)
        self.show_table(self.table_screen(match))

    def tell_warnings(self, warnings: Iterable[str]) -> None:
        """What reading a record left out (a torn last line), said for a while."""
        for warning in warnings:
            self.notify(warning, severity="warning", timeout=10, markup=False)

    def watch_record(self, path: Path, exit_on_leave: bool = False) -> None:
        from .model.replay import ReplayModel
        from .screens.record_error import RecordErrorScreen
        from .screens.replay import ReplayScreen

        try:
            model = ReplayModel.load(path)
        except (RecordError, OSError) as exc:
            self.push_screen(RecordErrorScreen(path, exc, exit_on_leave))
            return
        if not model.hands:
            no_hands = RecordError(1, tr(self.lang, "record.no_hands"))
            self.push_screen(RecordErrorScreen(path, no_hands, exit_on_leave))
            return
        self.tell_warnings(model.warnings)
        options = self.options
        self.push_screen(
            ReplayScreen(
                model,
                seat=options.replay_seat % 4,
                open_hands=options.replay_open,
                speed=options.replay_speed,
                exit_on_leave=exit_on_leave,
            )
        )

    def on_result_screen_review(self, message: ResultScreen.Review) -> None:
        """复盘 from a result: the hand in the viewer, as that seat saw it, reviewed."""
        from .model.replay import ReplayModel
        from .screens.record_error import RecordErrorScreen
        from .screens.replay import ReplayScreen

        try:
            model = ReplayModel.load(message.path)
        except (RecordError, OSError) as exc:
            self.push_screen(RecordErrorScreen(message.path, exc))
            return
        self.push_screen(
            ReplayScreen(
                model,
                seat=message.seat,
                open_hands=False,
                hand=min(message.hand, len(model.hands) - 1),
                review=True,
                you=message.seat if message.yours else None,
            )
        )

    def playing_records(self) -> set[Path]:
        """The records of the games being played here now."""
        from ..table.match import Match
        from .screens.table import TableScreen

        return {
            s.table.recorder.path
            for s in self.screen_stack
            if isinstance(s, TableScreen)
            and isinstance(s.table, Match)
            and s.table.recorder is not None
        }

    # ------------------------------------------------------------ what the screens ask for
    # A game is started only from the screen still showing: a second click that came in
    # before the first was acted on must not start (or continue) a game twice.
    def on_start_screen_new_game(self, message: StartScreen.NewGame) -> None:
        if isinstance(self.screen, StartScreen):
            self.new_game(message.seed, message.seats, message.rounds, message.names)

    def on_start_screen_demo(self, message: StartScreen.Demo) -> None:
        if isinstance(self.screen, StartScreen):
            self.start_demo(message.seed, None)

    def on_start_screen_continue_latest(self, _: StartScreen.ContinueLatest) -> None:
        if isinstance(self.screen, StartScreen):
            self.continue_game()

    def on_start_screen_join_room(self, message: StartScreen.JoinRoom) -> None:
        if isinstance(self.screen, StartScreen):
            self.join_room(message.target)

    def on_start_screen_host_room(self, message: StartScreen.HostRoom) -> None:
        if isinstance(self.screen, StartScreen):
            self.host_room(message)

    @work(exclusive=True, group="hosting")
    async def host_room(self, chosen: StartScreen.HostRoom) -> None:
        """开房间: the room's server on this app's loop, the host's table joining it through
        the protocol like every friend's; the start screen says why if it cannot listen."""
        from ..net.client import RoomClient
        from ..net.hosting import EVERYWHERE, HostedRoom
        from .screens.remote import RemoteTableScreen

        target = chosen.target
        you = chosen.seats.index(HUMAN_SEAT)
        name = chosen.name or default_name(you)
        try:
            hosted = await HostedRoom.open(
                chosen.seats,
                you,
                name,
                address=EVERYWHERE[0] if target.lan else "127.0.0.1",
                port=target.port,
                rounds=chosen.rounds,
                pace=self.pace,
                turn_seconds=target.turn_seconds,
                rules=self.settings.rule_config(chosen.rounds),
            )
        except OSError as exc:
            self.notify(tr(self.lang, "host.cannot", why=str(exc)), severity="error", timeout=10)
            return
        await self.close_hosted()
        self.hosted = hosted
        client = RoomClient(hosted.url, name, token=hosted.token)
        self.show_table(RemoteTableScreen(client, share=hosted.share_urls()))

    async def close_hosted(self) -> None:
        """End the room this app hosts, if any (its record can be continued)."""
        hosted, self.hosted = self.hosted, None
        if hosted is not None:
            await hosted.close()

    def on_lobby_screen_join_room(self, message: LobbyScreen.JoinRoom) -> None:
        from .screens.lobby import LobbyScreen

        if isinstance(self.screen, LobbyScreen):
            self.join_room(message.target, over_lobby=True)

    def on_lobby_screen_watch(self, message: LobbyScreen.Watch) -> None:
        self.watch_record(message.path)

    def on_remote_table_screen_done(self, message: RemoteTableScreen.Done) -> None:
        """Leaving an online table: back to the lobby it was opened from (its rooms asked
        again), or to the start screen."""
        from .screens.lobby import LobbyScreen

        table = message.table
        if table.over_lobby and table in self.screen_stack:
            while self.screen_stack[-1] is not table:
                self.pop_screen()
            self.pop_screen()
            if isinstance(self.screen, LobbyScreen):
                self.screen.came_back()
            return
        self.action_new_game()

    async def on_unmount(self) -> None:
        collect.give_back()
        await self.close_hosted()

    def on_recent_screen_watch(self, message: RecentScreen.Watch) -> None:
        from .screens.recent import RecentScreen

        if isinstance(self.screen, RecentScreen):
            self.watch_record(message.path)

    def on_recent_screen_continue(self, message: RecentScreen.Continue) -> None:
        from .screens.recent import RecentScreen

        if isinstance(self.screen, RecentScreen):
            self.continue_game(message.path)

    def on_table_screen_done(self, _: TableScreen.Done) -> None:
        self.action_new_game()

    def on_tutorial_screen_play_game(self, _: TutorialScreen.PlayGame) -> None:
        """After the last lesson: a real game, with the seats of the start screen."""
        from .screens.tutorial import TutorialScreen

        if isinstance(self.screen, TutorialScreen):
            self.new_game(self.seed, self.seats, self.rounds, self.names)

    def on_open_screen(self, message: OpenScreen) -> None:
        self.action_open(message.page)

    # ------------------------------------------------------------ actions (keys, palette)
    def action_open(self, name: str) -> None:
        """Open one of the ``PAGES`` (unless it is the screen showing)."""
        page = PAGES[name]
        cls = page.screen_class()
        if isinstance(self.screen, cls):
            return
        screen = page.make(self) if page.make is not None else cls()
        done = page.done
        if done is None:
            self.push_screen(screen)
        else:
            self.push_screen(screen, lambda result: done(self, result))

    def action_new_game(self) -> None:
        """Back to the start screen (whatever is open on top of the table is closed; a room
        this app hosts ends)."""
        if self.hosted is not None:
            self.run_worker(self.close_hosted(), group="hosting-close")
        self.replace_open(self.start())

    def _settings_chosen(self, chosen: Settings | None) -> None:
        """Save and apply new settings: the language and tiles from the start screen on (it is
        drawn again), the pace and hints for the next table, the room rules for the next game."""
        if chosen is None:
            return
        try:
            save_settings(chosen)
        except OSError as exc:
            why = exc.strerror or str(exc)
            self.notify(tr(chosen.lang, "settings.cannot_save", why=why), severity="error")
        else:
            self.notify(tr(chosen.lang, "settings.saved"))
        relang = chosen.lang != self.lang or chosen.tiles != self.settings.tiles
        self.settings = chosen
        self.lang, self.pace = chosen.lang, chosen.pace
        localize_bindings(self, self.lang)
        self.ascii_tiles = chosen.tiles == "ascii" or chosen.lang == "en"
        self.set_class(self.ascii_tiles, "-ascii")
        self.title = tr(self.lang, "app.title")
        if relang and isinstance(self.screen, StartScreen):
            self.action_new_game()
        elif isinstance(self.screen, StartScreen):
            self.screen.show_room_rules(chosen.rules)

    def action_command_palette(self) -> None:
        """Textual's command palette, its prompt in the player's language: one at most, so
        not while one is anywhere in the stack (Textual looks at the top screen only, and a
        second palette would take the first one's id)."""
        palette_open = any(isinstance(s, CommandPalette) for s in self.screen_stack)
        if self.use_command_palette and not palette_open:
            placeholder = tr(self.lang, "app.palette_prompt")
            self.push_screen(Palette(placeholder=placeholder, id="--command-palette"))

    async def action_quit(self) -> None:
        """Ctrl+Q quits, but a screen that must ask first (an online seat: ``before_quit``,
        True when it asked) is asked; a second Ctrl+Q while it asks quits."""
        for screen in reversed(self.screen_stack):
            ask = getattr(screen, "before_quit", None)
            if ask is not None:
                if ask():
                    return
                break
        self.exit()

    def action_help_quit(self) -> None:
        """Ctrl+C does not quit a Textual app: say how to, in the player's language."""
        self.notify(tr(self.lang, "app.quit_how"), title=tr(self.lang, "app.quit_question"))

    def action_toggle_hints(self) -> None:
        from .screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.action_toggle_hints()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette's entries, every one in the player's language: the game's pages,
        then of Textual's own commands those that fit a game (quit, maximize / restore); its
        theme picker, keys panel and screenshot speak only English and are left out (the
        game has one theme, and its keys are on the help page)."""
        from .screens.table import TableScreen

        lang = self.lang
        yield SystemCommand(tr(lang, "cmd.new"), tr(lang, "cmd.new_help"), self.action_new_game)
        for name, page in PAGES.items():
            yield SystemCommand(
                tr(lang, page.label), tr(lang, page.about), partial(self.action_open, name)
            )
        if any(isinstance(s, TableScreen) for s in self.screen_stack):
            yield SystemCommand(
                tr(lang, "cmd.hints"), tr(lang, "cmd.hints_help"), self.action_toggle_hints
            )
        yield SystemCommand(tr(lang, "cmd.quit"), tr(lang, "cmd.quit_help"), self.action_quit)
        if screen.maximized is not None:
            yield SystemCommand(
                tr(lang, "cmd.minimize"), tr(lang, "cmd.minimize_help"), screen.action_minimize
            )
        elif screen.focused is not None and screen.focused.allow_maximize:
            yield SystemCommand(
                tr(lang, "cmd.maximize"), tr(lang, "cmd.maximize_help"), screen.action_maximize
            )


def _recent_games(app: NingdeApp) -> Screen[Any]:
    from .screens.recent import RecentScreen

    return RecentScreen(app.playing_records())


def _lobby(app: NingdeApp) -> Screen[Any]:
    from .screens.lobby import LobbyScreen

    return LobbyScreen(app.options.lobby, app.settings)


def _settings(app: NingdeApp) -> Screen[Any]:
    from .screens.settings import SettingsScreen

    return SettingsScreen(app.settings)


# The screens a player opens from anywhere, in the command palette's order.
PAGES: dict[str, Page] = {
    "recent": Page(
        ".screens.recent:RecentScreen",
        "cmd.recent",
        "cmd.recent_help",
        make=_recent_games,
    ),
    "stats": Page(".screens.stats:StatsScreen", "cmd.stats", "cmd.stats_help"),
    "lobby": Page(".screens.lobby:LobbyScreen", "cmd.lobby", "cmd.lobby_help", make=_lobby),
    "help": Page(".screens.help:HelpScreen", "cmd.help", "cmd.help_help"),
    "tutorial": Page(".screens.tutorial:TutorialScreen", "cmd.tutorial", "cmd.tutorial_help"),
    "settings": Page(
        ".screens.settings:SettingsScreen",
        "start.settings",
        "settings.title",
        make=_settings,
        done=NingdeApp._settings_chosen,
    ),
}
