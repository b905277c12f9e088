"""What every screen shares: the player's language and tile style, the messages by which a
screen asks the app for what is the app's to do, and how a screen shows another by itself.

A screen takes the language and the tile style from the app when it is made (a change in the
settings applies to the screens opened after it) and puts its footer texts into that language;
it never calls the app's methods. It posts a message instead (``OpenScreen("help")``, or one of
its own such as ``StartScreen.NewGame``), which bubbles up to the app, whose ``on_…`` handler
acts.

What a screen shows by itself, not at the player's asking (a hand's result, the hot-seat cover,
a room's waiting room), goes through ``PlayerScreen.show_over``: never over a screen the player
opened over it (the command palette, help, the 剩牌 tracker, another page), it waits until the
player has closed that.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any
from weakref import WeakSet

from textual.actions import SkipAction
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.message import Message
from textual.screen import ModalScreen, Screen, ScreenResultCallbackType, ScreenResultType
from textual.widget import Widget
from textual.widgets import Input

from ..localize import localize_bindings

DEFAULT_LANG = "zh"

if TYPE_CHECKING:
    _ScreenBase = Screen[Any]
else:
    _ScreenBase = object  # a mixin: Textual takes a screen's CSS from its first DOM base


def player_look(app: App[object]) -> tuple[str, bool]:
    """The app's (language, tiles drawn as 5m): what every screen draws with."""
    return getattr(app, "lang", DEFAULT_LANG), getattr(app, "ascii_tiles", False)


class DismissOnce(_ScreenBase):
    """Mixed into a screen (before the screen class): it is dismissed once. Textual's
    ``dismiss`` pops whatever screen is on top, so a second click or key that came in before
    the first was acted on (a double click on a result's button, Enter twice) would pop the
    screen beneath as well — the table itself."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:
            return AwaitComplete(asyncio.sleep(0))
        return super().dismiss(result)


class PlayerScreen(DismissOnce, Screen[ScreenResultType]):
    """A full screen in the player's language (``lang``) and tile style (``ascii_tiles``)."""

    def __init__(self) -> None:
        super().__init__()
        self.lang, self.ascii_tiles = player_look(self.app)
        localize_bindings(self, self.lang)
        self._shown: WeakSet[Screen[Any]] = WeakSet()  # what ``show_over`` pushed
        self._waiting: list[tuple[Screen[Any], ScreenResultCallbackType[Any] | None]] = []
        self._watching = False  # told when the top screen changes, while some are waiting

    def show_over(
        self, screen: Screen[Any], callback: ScreenResultCallbackType[Any] | None = None
    ) -> None:
        """Show ``screen`` over this one, by this screen's own doing rather than the player's:
        at once if nothing is over this screen but what it showed so; else once the player has
        closed what they opened over it, the waiting screens in the order asked for. Pushed
        over such a screen it would take the player's keys from under them; over the command
        palette, Ctrl+P then put a second palette on top with the first one's id (Textual's
        ``DuplicateIds``)."""
        self._waiting.append((screen, callback))
        self._show_waiting()

    def withdraw(self, screen: Screen[Any]) -> bool:
        """Take back ``screen`` if it is still waiting to be shown (True if it was)."""
        kept = [entry for entry in self._waiting if entry[0] is not screen]
        withdrawn = len(kept) < len(self._waiting)
        self._waiting = kept
        return withdrawn

    def _show_waiting(self, _: Screen[Any] | None = None) -> None:
        """Show the screens waiting while nothing the player opened is over this one; what
        still waits is looked at again whenever the app's top screen changes."""
        while self._waiting and self._free():
            screen, callback = self._waiting.pop(0)
            self._shown.add(screen)
            self.app.push_screen(screen, callback)
        if self not in self.app.screen_stack:
            self._waiting.clear()  # this screen is gone (a new game): what it had to show too
        changes = self.app.screen_change_signal
        if self._waiting and not self._watching:
            changes.subscribe(self, self._show_waiting)
        elif self._watching and not self._waiting:
            changes.unsubscribe(self)
        self._watching = bool(self._waiting)

    def _free(self) -> bool:
        """Nothing is over this screen but what it showed by itself."""
        stack = self.app.screen_stack
        return self in stack and all(s in self._shown for s in stack[stack.index(self) + 1 :])


class PlayerModal(DismissOnce, ModalScreen[ScreenResultType]):
    """A screen over another (help, a result, settings) in the player's language and tiles."""

    def __init__(self) -> None:
        super().__init__()
        self.lang, self.ascii_tiles = player_look(self.app)
        localize_bindings(self, self.lang)


class OpenScreen(Message):
    """Open the app's page ``page`` (a key of ``ui.app.PAGES``, such as ``"help"``) over
    whatever is open."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page


ARROWS = (("left", -1, 0), ("right", 1, 0), ("up", 0, -1), ("down", 0, 1))


def arrow_bindings() -> list[Binding]:
    """←/→/↑/↓ for ``action_arrow_focus`` (a screen's own: put them in its BINDINGS). They go
    first (priority), and a widget that uses the key itself gets it (``arrow_focus``)."""
    return [
        Binding(key, f"arrow_focus({dx}, {dy})", show=False, priority=True)
        for key, dx, dy in ARROWS
    ]


def arrow_focus(screen: Screen[Any], dx: int, dy: int, kinds: tuple[type[Widget], ...]) -> None:
    """Move the focus from the focused widget to the nearest one of ``kinds`` that way: ←/→
    along its row, ↑/↓ to the row above or below (the closest across). Raises SkipAction, so
    the key goes on to the focused widget, when that is not one of ``kinds``, and for ←/→ in
    an Input (its cursor's keys); where no widget lies that way the focus stays."""
    here = screen.focused
    if here is None or not isinstance(here, kinds) or (dx and isinstance(here, Input)):
        raise SkipAction()
    r = here.region
    best: tuple[tuple[int, int], Widget] | None = None
    for widget in screen.query(Widget):
        if widget is here or not isinstance(widget, kinds) or not widget.focusable:
            continue
        c = widget.region
        if not c.width:
            continue
        across = abs((c.x + c.width // 2) - (r.x + r.width // 2))
        if dx:
            if c.y != r.y or (c.x - r.x) * dx <= 0:
                continue
            key = (across, 0)
        else:
            gap = c.y - (r.y + r.height) if dy > 0 else r.y - (c.y + c.height)
            if gap < 0:
                continue
            key = (gap, across)
        if best is None or key < best[0]:
            best = (key, widget)
    if best is not None:
        best[1].focus()
