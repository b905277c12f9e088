"""No sequence of keys, clicks, double clicks, scrolls or resizes crashes the table: seeded random
input through Pilot while the bots play at once. Fast clicks on hand tiles once landed on a tile
widget that had just been replaced (``AttributeError: 'NoneType' object has no attribute
'region'`` inside Textual), a double click at normal pace about one game in ten.

Every seed plays the same game on every machine, however fast or busy: nothing that changes
what an input lands on happens on the clock (``nothing_on_the_clock``), each input is handled
through before the next (the command palette's search too), and the pace stays instant (no f:
at another pace the bots move in their worker, on the clock). Bots playing a slice of time at a
time once let a hand end under a command palette opened between two slices, in some runs only
(``test_screens_over_modals.py`` plays that in order).
"""

from __future__ import annotations

import random

import pytest
from pilot_helpers import table_app
from textual import events
from textual.pilot import Pilot

from ningde_tui.ui.app import Palette
from ningde_tui.ui.screens import table
from ningde_tui.ui.widgets.hand import TILE_KEYS, HandTile

STEPS = 120  # inputs per game
SIZES = [(160, 50), (110, 34), (200, 60), (90, 30)]  # 90×30: the table says it is too small
KEYS = [
    *TILE_KEYS,
    *"cpkmgjnshi",
    "left",
    "right",
    "up",
    "down",
    "enter",
    "escape",
    "tab",
    "space",
    "question_mark",
    "ctrl+p",
]


def driver_mouse(app, kind: type[events.MouseEvent], x: int, y: int, button: int = 1) -> None:
    """A mouse event as the terminal driver posts it: straight into the app's queue, with no
    pause to let the screen catch up (Pilot's own click waits between its events)."""
    event = kind(None, x, y, 0, 0, button, False, False, False, screen_x=x, screen_y=y, style=None)
    app.post_message(event)


async def click_somewhere(pilot: Pilot[None], rng: random.Random) -> None:
    """Fast clicks (one to three, as quick as a hand can) on a hand tile, mostly, or anywhere;
    now and then a scroll of the wheel there."""
    app = pilot.app
    width, height = app.size
    tiles = [w for w in app.screen.query(HandTile) if w.display]
    if tiles and rng.random() < 0.7:
        region = rng.choice(tiles).region
        x, y = region.x + 1, region.y + rng.randrange(max(1, region.height))
    else:
        x, y = rng.randrange(width), rng.randrange(height)
    if rng.random() < 0.1:
        kind = rng.choice((events.MouseScrollDown, events.MouseScrollUp))
        driver_mouse(app, kind, x, y, button=0)
        return
    for _ in range(rng.choice((1, 1, 2, 3))):
        driver_mouse(app, events.MouseDown, x, y)
        driver_mouse(app, events.MouseUp, x, y)
        if rng.random() < 0.3:
            await pilot.pause()


async def step(pilot: Pilot[None], rng: random.Random) -> None:
    roll = rng.random()
    if roll < 0.45:
        await click_somewhere(pilot, rng)
    elif roll < 0.85:
        await pilot.press(*rng.choices(KEYS, k=rng.randrange(1, 4)))
    elif roll < 0.93:
        width, height = pilot.app.size
        await pilot.hover(offset=(rng.randrange(width), rng.randrange(height)))
    else:
        await pilot.resize_terminal(*rng.choice(SIZES))
    if rng.random() < 0.3:
        await pilot.pause()
    await pilot.app.workers.wait_for_complete()  # (the command palette searches in a worker)


@pytest.fixture(autouse=True)
def nothing_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the input makes happen happens before the next input, not a moment later: the
    bots play up to the player's next decision in one go, not a slice of time at a time, and
    the command palette never adds its "No matches found" line (half a second after a search
    that found nothing)."""
    monkeypatch.setattr(table, "BOT_SLICE", float("inf"))
    monkeypatch.setattr(Palette, "_NO_MATCHES_COUNTDOWN", 3600.0)


@pytest.mark.parametrize("seed", range(6))
async def test_random_input_never_crashes_the_table(seed) -> None:
    rng = random.Random(seed)
    app = table_app(seed=seed, bots=("normal",) * 3, rounds=1)
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(STEPS):
            await step(pilot, rng)
            if not app.is_running:
                break
        await pilot.pause()
    # run_test raises whatever the app raised; a clean exit is the test passing
    assert app.return_code in (None, 0)
