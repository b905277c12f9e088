"""Helpers for the tutorial's Pilot and snapshot tests: the app opened on the tutorial (as
``ningde learn`` opens it), a lesson chosen from its list by the keys a player presses, and the
key that plays a decision at the table."""

from __future__ import annotations

from pilot_helpers import settle
from textual.pilot import Pilot

from ningde_tui.rules.tiles import parse_tile
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.tutorial import LessonScreen, TutorialScreen
from ningde_tui.ui.widgets.hand import TILE_KEYS, HandView
from ningde_tui.ui.widgets.prose import Prose

LEARN_SIZE = (160, 50)


def learn_app(lang: str = "zh") -> NingdeApp:
    """The app as ``ningde learn`` opens it: the lessons' list over the start screen; the bots
    play at once."""
    return NingdeApp(LaunchOptions(pace="instant", lang=lang), first_page="tutorial")


async def open_lesson(pilot: Pilot[None], number: int) -> LessonScreen:
    """Lesson ``number`` (0-based), chosen from the list with ↓ and Enter; the bots have
    played up to the player's first decision."""
    await settle(pilot)
    assert isinstance(pilot.app.screen, TutorialScreen), pilot.app.screen
    await pilot.press("home", *["down"] * number, "enter")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, LessonScreen), screen
    assert screen.number == number
    return screen


def tile_key(pilot: Pilot[None], tile: str) -> str:
    """The key that discards ``tile`` from the hand as it is shown now."""
    tiles = pilot.app.screen.query_one(HandView).state.tiles
    return TILE_KEYS[tiles.index(parse_tile(tile))]


async def play(pilot: Pilot[None], *moves: str) -> None:
    """Each move a choice key (``m``, ``c``…) or ``-`` and a tile to discard (``-9p``)."""
    for move in moves:
        key = tile_key(pilot, move[1:]) if move.startswith("-") else move
        await pilot.press(key)
        await settle(pilot)


def prose_text(pilot: Pilot[None], selector: str) -> str:
    """A paragraph widget's text on the screen now, as plain text (its lines joined)."""
    prose = pilot.app.screen.query_one(selector, Prose)
    return "".join(line.plain for line in prose.lines(10_000))


def bar_text(pilot: Pilot[None]) -> str:
    """The lesson's bar over the table."""
    return prose_text(pilot, "#lesson-bar")
