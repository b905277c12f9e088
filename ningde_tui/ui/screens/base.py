"""What every screen shares: the player's language and tile style, and the messages by which a
screen asks the app for what is the app's to do.

A screen takes the language and the tile style from the app when it is made (a change in the
settings applies to the screens opened after it) and puts its footer texts into that language;
it never calls the app's methods. It posts a message instead (``OpenScreen("help")``, or one of
its own such as ``StartScreen.NewGame``), which bubbles up to the app, whose ``on_…`` handler
acts.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.await_complete import AwaitComplete
from textual.message import Message
from textual.screen import ModalScreen, Screen, ScreenResultType

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
