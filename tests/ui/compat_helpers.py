"""What ``test_textual_compat.py`` plays on both paths of ``ui/textual_compat.py``: in the test's
own process on the pinned one (Textual's private parts), and, run as a script with
``NINGDE_TEXTUAL_PUBLIC=1`` in the environment, on the public one; the script prints what it saw
as JSON. The two must have seen the same screens and the same values."""

from __future__ import annotations

import asyncio
import gc
import json
from typing import Any

from pilot_helpers import discard_last, settle, table_app
from textual.pilot import Pilot
from textual.widgets import Select

from ningde_tui.settings.store import load_settings
from ningde_tui.table.match import Match
from ningde_tui.ui import textual_compat
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.table import TableScreen

SIZE = (120, 40)


def shot(pilot: Pilot[None], name: str) -> str:
    return pilot.app.export_screenshot(title=name)


async def bots_play(moves: int = 24) -> list[str]:
    """Four bots' moves stepped one at a time (your place shown, the mouse now and then over
    the hand): the screen after every third."""
    match = Match.new(3, ["greedy"] * 4, humans=(), rounds_limit=False)
    app = NingdeApp(LaunchOptions(match=match, pace="normal", start_screen=False, seed=3))
    shots = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.workers.cancel_all()  # the bots are stepped here
        await pilot.pause()
        for move in range(moves):
            if match.hand_over:
                match.finish_hand()
                match.next_hand()
            else:
                seat, obs, _ = match.next_bot()
                match.apply(match.bot_action(seat, obs))
            screen.refresh_table()
            await pilot.pause()
            if move % 3 == 0:
                await pilot.hover("#hand", offset=(2 + move % 30, 3))
                await pilot.pause()
                shots.append(shot(pilot, f"move {move}"))
    return shots


async def you_play(discards: int = 4) -> dict[str, Any]:
    """You discard a few tiles against bots at pace instant: the screen after each, and
    whether the young collections were held while the table redrew (they are only where the
    app is told when a frame has gone)."""
    shots = []
    async with table_app(seed=5).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen)
        screen.refresh_table()
        held = not gc.isenabled()
        await settle(pilot)
        for number in range(discards):
            await discard_last(pilot)
            shots.append(shot(pilot, f"discard {number}"))
    return {"shots": shots, "held": held}


async def pick(pilot: Pilot[None], select: Select[Any], *keys: str) -> None:
    select.focus()
    await pilot.pause()
    await pilot.press("enter", *keys, "enter")
    await settle(pilot)


async def start_and_settings() -> dict[str, Any]:
    """The start screen's selects and the settings screen's, chosen by keys; saved; then a
    game started from the start screen."""
    app = NingdeApp(LaunchOptions(seed=3, pace="instant"))
    shots = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        shots.append(shot(pilot, "start"))
        seat = app.screen.query_one("#seat-1", Select)
        await pick(pilot, seat, "down")
        shots.append(shot(pilot, "a seat chosen"))
        await pilot.click("#settings")
        await settle(pilot)
        shots.append(shot(pilot, "settings"))
        await pick(pilot, app.screen.query_one("#set-pace", Select), "down")
        shots.append(shot(pilot, "a pace chosen"))
        await pilot.click("#save")
        await settle(pilot)
        await pilot.click("#new")
        await settle(pilot)
        table = app.screen
        return {
            "shots": shots,
            "seat": str(seat.value),
            "pace": load_settings().pace,
            "table": isinstance(table, TableScreen),
            "seats": list(app.seats),
        }


async def everything() -> dict[str, Any]:
    return {
        "pinned": textual_compat.TEXTUAL_PINNED,
        "lazy": textual_compat.LazySelect is not Select,
        "bots": await bots_play(),
        "you": await you_play(),
        "forms": await start_and_settings(),
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(everything())))
