"""What a table shows by itself (a hand's result, the hot-seat cover) never goes over a screen
the player opened over it (the command palette, help, the 剩牌 tracker, another page): it waits
until the player has closed that screen. A hand that ended under the open command palette once
pushed its result over it, and Ctrl+P then opened a second palette over the result: Textual's
``DuplicateIds '--command-palette'`` ended the app.

The bots think in their worker, held at a gate until the test has opened what it opens over
the table: the hand ends under it every time, whatever the machine's speed.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from pilot_helpers import SIZE, settle, table_app, the_table
from scenarios import scenario_match
from textual.app import App
from textual.command import CommandPalette

from ningde_tui.rules.game import Action, Observation
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.table.match import PACES, Match
from ningde_tui.ui.screens import table as table_module
from ningde_tui.ui.screens.cover import CoverScreen
from ningde_tui.ui.screens.help import HelpScreen
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.widgets.hand import TILE_KEYS, HandView

GATE_SECONDS = 30.0  # the longest a bot waits at the gate (a failing test does not hang)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The gate the bots wait at (set at the end: no worker is left waiting). Bots at pace
    "fast" play in their worker, with no pause between moves; a demo's result stays up until
    it is closed."""
    monkeypatch.setitem(PACES, "fast", 0.001)
    monkeypatch.setattr(table_module, "RESULT_PAUSE", 1e6)
    event = threading.Event()
    yield event
    event.set()


def gated_demo(gate: threading.Event, monkeypatch: pytest.MonkeyPatch) -> App[None]:
    """A demo (four bots) whose bots make no move before ``gate`` is set."""
    match = Match.new(3, ["greedy"] * 4, humans=(), rounds_limit=False)
    choose = match.bot_action

    def gated(seat: int, obs: Observation) -> Action:
        gate.wait(GATE_SECONDS)
        return choose(seat, obs)

    monkeypatch.setattr(match, "bot_action", gated)
    return table_app(match, pace="fast")


def palettes(app: App[None]) -> list[CommandPalette]:
    return [s for s in app.screen_stack if isinstance(s, CommandPalette)]


def results(app: App[None]) -> list[ResultScreen]:
    return [s for s in app.screen_stack if isinstance(s, ResultScreen)]


async def test_a_hand_that_ends_under_the_palette_shows_its_result_once_it_is_closed(
    gate: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = gated_demo(gate, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = the_table(pilot)
        assert table.table.hand_over
        assert app.screen is palette and results(app) == []  # the result waits
        await pilot.press("ctrl+p")  # the palette is open: not a second one
        await pilot.pause()
        assert app.screen is palette and palettes(app) == [palette]
        await pilot.press("escape")
        await pilot.pause()
        assert palettes(app) == []
        assert isinstance(app.screen, ResultScreen)
        assert app.screen_stack[-2] is table
    assert app.return_code in (None, 0)


async def test_a_hand_that_ends_under_help_shows_its_result_once_help_is_closed(
    gate: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = gated_demo(gate, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert the_table(pilot).table.hand_over
        assert isinstance(app.screen, HelpScreen) and results(app) == []
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
    assert app.return_code in (None, 0)


async def test_ctrl_p_opens_no_second_palette_under_another_screen() -> None:
    """A palette anywhere in the stack is the one palette (Textual's own check looks at the top
    screen only)."""
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        app.push_screen(HelpScreen())
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and palettes(app) == [palette]
    assert app.return_code in (None, 0)


async def test_a_result_goes_over_the_tables_own_cover_at_once() -> None:
    """Hot-seat: A (the dealer) discards 9筒 and the cover comes up before anyone knows who
    decides next; the bot 下家's hand with the face-up gold (5条) is complete, it robs the
    gold (抢金) and the hand is over. The result goes over the cover at once: the table waits
    only for what a player opened, never for what it showed itself (that cover, naming nobody,
    is not closed by a key)."""
    match = scenario_match(
        {
            0: "1m1m2m2m3m3m4m4m6s6s7s7s8s8s2p5p9p",
            1: "1s3s5s7s9s1m3m5m7m9m2p4p6p8p1p3p",
            3: "123m456m789m123p456p9p",
        },
        dealer=0,
        indicator="5s",
        humans=(0, 1),
        names=("A", "B", "greedy", "greedy"),
        bots=("greedy", "greedy"),
    )
    app = table_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # A takes over
        await settle(pilot)
        tiles = the_table(pilot).query_one(HandView).state.tiles
        await pilot.press(TILE_KEYS[tiles.index(parse_tile("9p"))])
        await settle(pilot)
        assert match.session.results[-1].pattern == "qiangjin"
        assert [type(s) for s in app.screen_stack[-2:]] == [CoverScreen, ResultScreen]
    assert app.return_code in (None, 0)
