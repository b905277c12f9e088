"""Every private part of Textual and textual-serve the game uses, in one place.

Each one was taken because a measurement showed what it buys (the figures are in
``docs/research/table-redraw.md``), and each was written against one version: Textual 8.2.8 and
textual-serve 1.1.3, the pins in ``pyproject.toml`` (``PINS``). With those installed the private
parts are used (``TEXTUAL_PINNED``, ``SERVE_PINNED``: the versions are read from the wheels'
metadata as ``importlib.metadata`` reads them, without importing that, 10–20 ms of the start).
With any other version, or with ``NINGDE_TEXTUAL_PUBLIC=1`` in the environment (for the tests of
that path), each takes the public path instead: slower, never wrong
(``tests/ui/test_textual_compat.py`` plays the game on both and compares the screens). No other
module of the game touches a private name of Textual or textual-serve
(``tests/test_private_names.py`` checks the sources for the names listed in ``PRIVATE_NAMES``);
``docs/DEVELOPING.md`` ("How to upgrade Textual") says what to do when the pins move.

The parts, with what each is for, what measures or checks it, and its public path:

- **LazySelect** (``textual.widgets._select``: ``SelectCurrent``, ``SelectOverlay``,
  ``NoSelection``, ``SelectType``; ``Select._setup_options_renderables``, ``_watch_value``,
  ``_watch_expanded``, ``_type_to_search``, ``_value``, ``_options``): Textual's ``Select`` whose
  pop-up list is made the first time it opens, so the start screen's four selects come up
  sooner (about 14 ms of the start). Measured by ``benchmarks/bench_ui.py --only-start``;
  ``tests/ui/test_lazy_select.py`` checks it shows and does what ``Select`` does after every key
  and click. Public path: ``LazySelect`` is Textual's ``Select`` (nothing is imported from
  ``textual.widgets._select``). On an upgrade: compare ``textual/widgets/_select.py`` with the methods
  overridden here, then run that test.
- **The start screen as the app's default screen** (``Screen._push_result_callback``): no empty
  screen composed, laid out and painted under it (about 12 ms of the start). Textual gives its
  default screen no result callback, which ``switch_screen`` takes back from the screen it
  replaces. Measured by ``bench_ui.py --only-start``; the start-screen snapshots and
  ``tests/ui/test_start_screen_up.py`` check it. Public path: ``become_default_screen`` says no
  and the app pushes the start screen over Textual's own default screen.
- **A frame handed to the terminal** (``App._display``, overridden by ``FramesTold``): the
  young garbage collections held while a move is drawn go on once its frame is out
  (``ui/collect.py``), which took two or three 1–2 ms collections out of the slowest frames.
  Measured by the redraw p99 of ``bench_ui.py``; ``tests/ui/test_collect.py`` checks the hold
  ends with the frame. Public path: no hook, and the collections are not held
  (``FRAMES_TOLD``).
- **A widget nothing made dirty gives the rows it drew last** (``Widget._set_dirty``,
  overridden by ``DirtyTold``, the signal Textual's own line cache follows): Textual works out
  each unchanged widget's colours, filters and titles again on every row a frame draws
  (``render_update`` 8.0 → 6.9 ms a move). Measured by ``bench_ui.py``'s counts (widget lines
  styled anew, the frame's CPU); ``tests/ui/test_redraw.py`` checks that the frames add up to
  the screen drawn anew. Public path: every widget draws every time (``ROWS_KEPT`` false).
- **Rows kept by what they show** (``Widget._styles_cache``: ``forget_drawn`` tells Textual's line
  cache a row must be drawn anew, its last drawing there having been taken from ours;
  ``Widget._render``: a hand tile's face drawn once for all its rows; ``RichLog._start_line``
  and ``_widest_line_width``: which line a row of the log shows): the hand's tiles, the log and
  the text widgets draw a row only the first time it looks so (widget lines styled per move
  49 → 32 at 160×50). Measured and checked as above. Public path: Textual draws the rows.
- **The key bar forgets the keys it no longer shows** (``textual.reactive``'s ``__watchers``):
  Footer binds each key it draws to its ``compact`` flag, a watcher that keeps the removed key
  alive; an evening's play grew by megabytes a hand. Measured by ``benchmarks/soak.py`` (memory
  over hundreds of hands). Public path: the watchers stay (Textual's own behaviour).
- **The footer's texts in the player's language** (``DOMNode._merged_bindings``,
  ``_bindings``): a screen's bindings hold i18n keys, translated in the node's own copy of its
  map. There is no public path: it is used on every version while those attributes are there
  (``tests/ui/test_one_language.py`` and the snapshots check the footers).
- **A widget being removed** (``DOMNode._pruning``): a late bot move does not redraw a table
  being taken down. Public path: the widget's ``display`` turns false while its styles still
  show it.
- **textual-serve's game process** (``AppService._open_app_process``, overridden by
  ``GameProcess``; ``_build_environment``, ``_process``, ``_stdin``, ``_task``,
  ``_download_manager``): the game started from its argv with no shell in between, with its own
  environment (a seat's data folder for ``ningde host --web``), and killed when it does not quit
  within a grace. ``tests/ui/test_serve.py`` checks the games end with their tabs (counted in
  /proc) and floods and huge messages close the socket. Public path: textual-serve runs a shell
  line that becomes the game (``exec env NAME=value … argv``), stopped by ``AppService.stop``
  within the grace (a game that does not quit is not killed: it ends when its pipes close).
- **textual-serve's message loop** (``Server._process_messages``): the browser's keys, sizes,
  pings and focus relayed to the game. Public path: the same loop over ``AppService``'s public
  methods (textual-serve 1.1.3's messages).
- **textual-serve's web application** (``Server._make_app``): ``ningde host --web`` serves the
  room's pages on its own event loop (``tests/net/test_host_web.py``). There is no public path:
  it is used on every version.

For the tests and benchmarks that measure Textual's insides (``tests/ui/test_redraw.py``,
``tests/ui/test_collect.py``, ``benchmarks/bench_ui.py``) the names they reach for are here too,
at the end: the frames as written to the terminal (``App._display``), the compositor's updates
(``textual._compositor``) and the methods the benchmark counts and times.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import sys
from collections.abc import Callable, Mapping
from contextlib import suppress
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from textual.widgets import Select

if TYPE_CHECKING:
    from asyncio.subprocess import Process

    from aiohttp import web
    from rich.console import RenderableType
    from textual.app import App
    from textual.binding import Binding
    from textual.dom import DOMNode
    from textual.geometry import Region
    from textual.screen import Screen
    from textual.visual import Visual
    from textual.widget import Widget
    from textual.widgets import RichLog
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

PINS = {"textual": "8.2.8", "textual-serve": "1.1.3"}  # pyproject.toml's (a test compares)
PUBLIC_ENV = "NINGDE_TEXTUAL_PUBLIC"  # set (to anything but ""): the public path, whatever is in

# Every private name used here: no other module of the game may use them
# (tests/test_private_names.py).
PRIVATE_NAMES = frozenset(
    {
        # Textual
        "_setup_options_renderables",
        "_watch_value",
        "_watch_expanded",
        "_type_to_search",
        "_value",
        "_options",
        "_push_result_callback",
        "_display",
        "_set_dirty",
        "_styles_cache",
        "_render",
        "_start_line",
        "_widest_line_width",
        "__watchers",
        "_merged_bindings",
        "_bindings",
        "_pruning",
        "_render_chops",
        "_get_renders",
        "_wide_kept",
        # textual-serve
        "_open_app_process",
        "_build_environment",
        "_process",
        "_stdin",
        "_task",
        "_download_manager",
        "_process_messages",
        "_make_app",
        # measured by the tests and benchmarks
        "_compositor",
        "_refresh_layout",
        "_driver",
        "_exception",
    }
)


def _normal(name: str) -> str:
    return name.replace("-", "_").replace(".", "_").lower()


def installed_version(distribution: str, package: str) -> str | None:
    """The version of ``distribution`` as installed: from the ``.dist-info`` folder of its
    wheel beside ``package`` (the one Python imports), as ``importlib.metadata`` reads it (a
    test checks they agree) but without importing that (10–20 ms of the start). None when it
    cannot be told for sure (no such folder, or more than one)."""
    module = sys.modules.get(package)
    origin = getattr(module, "__file__", None)
    if origin is None:
        spec = importlib.util.find_spec(package)
        origin = spec.origin if spec is not None else None
    if origin is None:
        return None
    site = Path(origin).parent.parent
    try:
        found = [
            entry
            for entry in os.listdir(site)
            if entry.endswith(".dist-info")
            and _normal(entry.removesuffix(".dist-info").partition("-")[0]) == _normal(distribution)
        ]
        if len(found) != 1:
            return None
        head = (site / found[0] / "METADATA").read_text(encoding="utf-8").partition("\n\n")[0]
    except OSError:
        return None
    fields = dict(line.partition(": ")[::2] for line in head.splitlines())
    if _normal(fields.get("Name", "")) != _normal(distribution):
        return None
    return fields.get("Version") or None


def pinned(distribution: str, package: str) -> bool:
    """Whether the private parts written for ``distribution`` are to be used: the pinned version
    is installed and the environment does not ask for the public path."""
    if os.environ.get(PUBLIC_ENV):
        return False
    return installed_version(distribution, package) == PINS[distribution]


TEXTUAL_PINNED = pinned("textual", "textual")
SERVE_PINNED = pinned("textual-serve", "textual_serve")

# What the private parts give, read where they are used, at each call (the overrides are
# defined, or not, as the module is imported).
ROWS_KEPT = TEXTUAL_PINNED  # widgets give rows drawn before (``DirtyTold``, ``forget_drawn``)
FRAMES_TOLD = TEXTUAL_PINNED  # ``FramesTold.frame_sent`` is called for every frame

# (the mixins are Textual's classes to the type checker; at run time they must not be, or
# Textual would take their CSS in place of the class they are mixed into)
if TYPE_CHECKING:
    _WidgetMixin = Widget
    _AppMixin = App[Any]
    _ServiceMixin = AppService
    _ServerMixin = Server
else:
    _WidgetMixin = _AppMixin = _ServiceMixin = _ServerMixin = object


# --------------------------------------------------------------------------- Textual


if TYPE_CHECKING or TEXTUAL_PINNED:
    from textual.app import ComposeResult
    from textual.widget import AwaitMount
    from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay, SelectType

    class LazySelect(Select[SelectType]):
        """Textual's ``Select`` (its look, its keys and clicks, its messages) whose pop-up list
        of options, an ``OptionList`` and most of what a select costs to compose and style, is
        made the first time the select opens rather than with its screen: a form of several
        selects comes up sooner."""

        _list: SelectOverlay | None = None  # the pop-up list, once made
        _list_mounted: AwaitMount | None = None
        _list_up = False  # the list is mounted

        def compose(self) -> ComposeResult:
            yield SelectCurrent(self.prompt)

        async def _make_list(self) -> None:
            """The pop-up list, made and mounted (once: a second caller waits for the first)."""
            if self._list_mounted is None:
                self._list = SelectOverlay(type_to_search=self._type_to_search)
                self._list.compact = self.compact  # (Select binds it to its own; set once here)
                self._list_mounted = self.mount(self._list)
                super()._setup_options_renderables()
            await self._list_mounted
            self._list_up = True

        async def _first_open(self, then: Callable[[], None]) -> None:
            await self._make_list()
            then()

        def _setup_options_renderables(self) -> None:
            if self._list is not None:
                super()._setup_options_renderables()

        def _watch_value(self, value: SelectType | NoSelection) -> None:
            if self._list is not None:
                super()._watch_value(value)
                return
            # Select's own, but for the list's highlight (set as the list opens)
            self._value = value
            current = self.query_children(SelectCurrent)
            if not current:
                return
            if value == self.NULL:
                current.first().update(self.NULL)
            else:
                for prompt, option in self._options:
                    if option == value:
                        current.first().update(prompt)
                        break
            self.post_message(self.Changed(self, value))

        def _watch_expanded(self, expanded: bool) -> None:
            if self._list_up:
                super()._watch_expanded(expanded)
            elif expanded:
                self.call_next(self._first_open, self._expand)

        def _expand(self) -> None:
            super()._watch_expanded(self.expanded)

        def action_show_overlay(self) -> None:
            if self._list_up:
                super().action_show_overlay()
            else:
                self.call_next(self._first_open, super().action_show_overlay)

else:
    LazySelect = Select


def keep_wide_characters_whole() -> None:
    """Draw a wide character (every Chinese character) whole where widgets overlap: Textual
    cuts each widget's row at the edges of every widget on that row, the ones beneath it
    included, and a cut through a wide character turns it into two spaces, so a notice over
    the hand lost every character that sat across a tile's edge ("自动过：开" drawn as "  动过";
    Textual's issue #6357). Here a widget's row is cut only where the widgets in front of it
    take over, and a run it shows whole is given to the first of its chops, the others left
    empty (``_render_chops``), with each chop's end where its strip ends
    (``render_partial_update``), and a changed row is written whole, not from the edge of the
    region that changed. Checked by ``tests/ui/test_wide_characters.py`` (notices
    over the hand at three sizes) and ``tests/ui/test_redraw.py`` (the partial frames add up
    to the screen drawn whole). Public path: Textual's own cutting (the characters lost)."""
    if not TEXTUAL_PINNED:
        return
    from textual._compositor import Compositor
    from textual.geometry import Region

    if getattr(Compositor, "_wide_kept", False):
        return
    partial = Compositor.render_partial_update

    def render_partial_update(self: Compositor) -> Any:
        # each changed row is written whole: a changed region's edge inside a row (a widget
        # beneath a notice redrawn) would cut the notice's wide character there as well
        width = self.size.width
        self._dirty_regions = {Region(0, r.y, width, r.height) for r in self._dirty_regions}
        update = partial(self)
        if update is not None:
            update.chop_ends = [
                [end if strip is None else x + strip.cell_length for (x, strip), end in pairs]
                for pairs in (
                    zip(line.items(), ends, strict=False)
                    for line, ends in zip(update.chops, update.chop_ends, strict=False)
                )
            ]
        return update

    Compositor._render_chops = _whole_chops  # type: ignore[method-assign,assignment]
    Compositor.render_partial_update = render_partial_update  # type: ignore[method-assign]
    Compositor._wide_kept = True  # type: ignore[attr-defined]


def _whole_chops(self: Any, crop: Region, is_rendered_line: Callable[[int], bool]) -> Any:
    """Textual 8.2.8's ``Compositor._render_chops``, but a widget's row is divided only where
    a widget in front of it already holds the chop (painting goes front to back)."""
    from textual.strip import Strip

    cuts = self.cuts
    chops: list[dict[int, Any]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    empty = Strip([], 0)
    for region, clip, strips in self._get_renders(crop):
        render_region = region.intersection(clip)
        render_x = render_region.x
        first_cut, last_cut = render_region.column_span
        for y, strip in zip(render_region.line_range, strips, strict=False):
            if not is_rendered_line(y):
                continue
            line = chops[y]
            starts = [cut for cut in cuts[y] if last_cut > cut >= first_cut]
            if not starts:
                continue
            free = [line.get(cut) is None for cut in starts]
            bounds = [i for i in range(1, len(starts)) if free[i] != free[i - 1]]
            offsets = [starts[i] - render_x for i in bounds] + [last_cut - render_x]
            runs = pairwise([0, *bounds, len(starts)])
            for (start, stop), piece in zip(runs, strip.divide(offsets), strict=False):
                if free[start]:
                    line[starts[start]] = piece
                    for cut in starts[start + 1 : stop]:
                        line[cut] = empty
    return chops


def become_default_screen(screen: Screen[Any], app: App[Any]) -> bool:
    """Make ``screen`` fit to be the app's default screen (the bottom of its stack, which
    ``switch_screen`` may replace); whether it is (else the app pushes it over Textual's)."""
    if not TEXTUAL_PINNED:
        return False
    # a pushed screen is given a result callback, which switch_screen takes back from it as
    # the screen leaves; Textual gives its default screen none
    screen._push_result_callback(app, None)
    return True


class FramesTold(_AppMixin):
    """Mixed into the app: ``frame_sent`` is called as each frame has been handed to the
    terminal (while ``FRAMES_TOLD``)."""

    def frame_sent(self) -> None:
        """A frame has gone to the terminal."""

    if TEXTUAL_PINNED:

        def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
            super()._display(screen, renderable)
            self.frame_sent()


class DirtyTold(_WidgetMixin):
    """Mixed into a widget: ``made_dirty`` is called whenever something makes the widget dirty
    (a refresh of all or part of it), as Textual's own line cache is told (while
    ``ROWS_KEPT``)."""

    def made_dirty(self) -> None:
        """Something has made the widget dirty: what it drew may no longer be what it shows."""

    if TEXTUAL_PINNED:

        def _set_dirty(self, *regions: Region) -> None:
            self.made_dirty()
            super()._set_dirty(*regions)


def forget_drawn(widget: Widget, *regions: Region) -> None:
    """Have Textual draw these rows of the widget (all of it, with none given) anew at its
    next drawing rather than take them from its line cache: what was last drawn there was
    taken from rows the widget kept, which Textual's cache never saw."""
    if regions:
        widget._styles_cache.set_dirty(*regions)
    else:
        widget._styles_cache.clear()


def visual_of(widget: Widget) -> Visual:
    """What the widget's ``render`` gives, as Textual draws it (cached by Textual until the
    widget's size or content change)."""
    return widget._render()


def log_lines(log: RichLog) -> tuple[int, int]:
    """(the number of the log's first line kept, since it was cleared; its widest line in
    cells): what a row of the log shows, with its scroll offset."""
    return log._start_line, log._widest_line_width


_WATCHERS = "__watchers"  # where textual.reactive keeps an object's watchers


def forget_watchers(node: DOMNode, reactive: str) -> None:
    """Drop the watchers of ``node``'s ``reactive`` held for widgets no longer attached (public
    path: none dropped)."""
    if not TEXTUAL_PINNED:
        return
    watchers = getattr(node, _WATCHERS, {}).get(reactive)
    if watchers:
        watchers[:] = [(other, callback) for other, callback in watchers if other.is_attached]


def own_bindings(node: DOMNode) -> dict[str, list[Binding]]:
    """The node's own map from keys to bindings, made again from its class's (a node's
    bindings are its own copy of its class's map: changes to it no other node sees). Empty
    when another version of Textual keeps them some other way."""
    try:
        merged = node._merged_bindings
        if merged is not None:
            node._bindings = merged.copy()
        return node._bindings.key_to_bindings
    except AttributeError:
        if TEXTUAL_PINNED:
            raise
        return {}


def being_removed(widget: Widget) -> bool:
    """Whether Textual is taking the widget down (it and its screen are going)."""
    if TEXTUAL_PINNED:
        return widget._pruning
    # (Textual stops displaying a widget as it removes it, whatever its styles say)
    return widget.styles.display != "none" and not widget.display


# --------------------------------------------------------------------------- textual-serve


def game_command(argv: tuple[str, ...], env: Mapping[str, str]) -> str:
    """The command line textual-serve's ``AppService`` is given for a game: on the public path
    a POSIX shell's, which becomes the game itself (``exec``; ``env`` sets its environment)."""
    import shlex

    if SERVE_PINNED:
        return shlex.join(argv)  # (shown only: ``GameProcess`` starts the game from argv)
    settings = [f"{name}={value}" for name, value in env.items()]
    return "exec " + shlex.join(["env", *settings, *argv] if settings else argv)


class GameProcess(_ServiceMixin):
    """Mixed into textual-serve's ``AppService``: the game started from ``game_argv`` (no shell
    in between: the process stopped, or killed, is the game itself, not a /bin/sh that would
    leave it running), its environment textual-serve's and ``game_env``; ``end_game`` ends it.
    The subclass sets both and gives ``game_command(...)`` as the command."""

    game_argv: tuple[str, ...] = ()
    game_env: Mapping[str, str] = MappingProxyType({})

    if SERVE_PINNED:

        async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
            env = {**self._build_environment(width=width, height=height), **self.game_env}
            self._process = process = await asyncio.create_subprocess_exec(
                *self.game_argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=env,
            )
            self._stdin = process.stdin
            return process

    async def end_game(self, grace: float) -> None:
        """Ask the game to quit and wait for it to end; kill it if it is still running ``grace``
        seconds later, and read its output to the end. (Public path: textual-serve's own stop,
        for at most ``grace`` seconds.)"""
        if not SERVE_PINNED:
            with suppress(TimeoutError):
                await asyncio.wait_for(super().stop(), grace)
            return
        process, task = self._process, self._task
        if process is None or task is None:
            return  # never started
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)

        async def quit_game() -> None:
            await self.send_meta({"type": "quit"})
            await process.wait()

        try:
            await asyncio.wait_for(quit_game(), grace)
        except TimeoutError:
            process.kill()
        await process.wait()
        await task  # the game's output read to the end


class GameServer(_ServerMixin):
    """Mixed into textual-serve's ``Server``: what its own ``handle_websocket`` does, for a
    subclass that makes its own."""

    async def relay(self, websocket: web.WebSocketResponse, game: AppService) -> None:
        """Until the socket closes, the browser's messages to the game: keys, sizes, pings,
        focus and blur."""
        if SERVE_PINNED:
            await self._process_messages(websocket, game)
            return
        from aiohttp import WSMsgType

        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            envelope = message.json()
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin":
                await game.send_bytes(str(data).encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict) and {"width", "height"} <= set(data):
                await game.set_terminal_size(data["width"], data["height"])
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await game.blur()
            elif kind == "focus":
                await game.focus()

    async def web_application(self) -> web.Application:
        """textual-serve's aiohttp application (its page, its static files, its websocket), to
        run on the caller's own loop. (No public path: textual-serve's on every version.)"""
        return await self._make_app()


# --------------------------------------------------------------------------- for measuring

FrameWriter = Callable[[Any, Any], None]  # (screen, update): a frame to the terminal


def frame_writer(app: App[Any]) -> FrameWriter:
    """What hands the app's frames to the terminal, to wrap for measuring (``set_frame_writer``)."""
    return app._display


def set_frame_writer(app: App[Any], writer: FrameWriter) -> None:
    app._display = writer  # type: ignore[method-assign,assignment]


def frame_updates() -> tuple[type, type]:
    """(a whole frame, a partial one): the kinds of update the compositor hands to the terminal."""
    from textual._compositor import ChopsUpdate, LayoutUpdate

    return LayoutUpdate, ChopsUpdate


def screen_strips(screen: Screen[Any]) -> list[Any]:
    """The screen's rows drawn whole by its compositor (the strips of every row)."""
    return list(screen._compositor.render_strips())


def redraw_probes(app: App[Any]) -> dict[str, tuple[object, str]]:
    """What ``benchmarks/bench_ui.py`` counts and times in the app's redraws, as (owner,
    method name): frames, layouts, widget lines styled anew, strips cut, the compositor's
    layout and update, and its cutting of the rows at the widgets' edges."""
    from textual import _compositor, _styles_cache, screen, strip

    compositor = _compositor.Compositor
    return {
        "frames": (app, "_display"),
        "layouts": (screen.Screen, "_refresh_layout"),
        "lines": (_styles_cache.StylesCache, "render_line"),
        "strips": (strip.Strip, "divide"),
        "reflow": (compositor, "reflow"),
        "render_update": (compositor, "render_update"),
        "chops": (compositor, "_render_chops"),
    }


def watcher_count(node: DOMNode, reactive: str) -> int:
    """How many watchers ``node``'s ``reactive`` holds (what ``forget_watchers`` drops)."""
    return len(getattr(node, _WATCHERS, {}).get(reactive, ()))


def app_error(app: App[Any]) -> BaseException | None:
    """The exception that stopped the app, if one did."""
    return app._exception


def send_as_terminal(app: App[Any], message: Any) -> None:
    """Give the app an event as its terminal's driver would."""
    driver = app._driver
    assert driver is not None
    driver.send_message(message)
