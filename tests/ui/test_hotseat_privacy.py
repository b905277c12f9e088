"""Hot-seat privacy at the real paces, not only with instant bots:

(a) the cover came up at once when the next player could 碰 and only after the bots when
    nobody could, so its timing told the discarder; then it named the player who could claim,
    which told everyone. Now it comes up the moment a player has decided, shows the discard to
    everyone and takes calls for the same time whoever may claim, naming nobody;
(b) a player's hand stayed on screen while the bots played (~1.8 s); now it is hidden at once;
(c) from the cover, Ctrl+P → 最近对局 opened the game in progress face up, every hand and the
    wall included; a game with players cannot be watched before it has ended.
"""

from __future__ import annotations

import time

import pytest
from pilot_helpers import (
    SIZE,
    assert_covered,
    assert_sees_only,
    settle,
    table_app,
    the_table,
    widget_text,
)
from scenarios import scenario_match
from textual.pilot import Pilot
from textual.widgets import DataTable

from ningde_tui.records.storage import GameRecorder, list_records, new_record_path
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.table.match import PACES
from ningde_tui.ui.model.hotseat import call_seconds
from ningde_tui.ui.screens.cover import CoverScreen
from ningde_tui.ui.screens.recent import RecentScreen
from ningde_tui.ui.screens.replay import ReplayScreen
from ningde_tui.ui.screens.table import TableScreen
from ningde_tui.ui.widgets.hand import TILE_KEYS, HandView


def two_players_and_two_bots(**options: object):
    """A (seat 1) deals; B sits opposite (seat 3), bots between. If A throws 1条, B may 碰 it
    and is asked at once; if A throws 9筒, nobody can claim it and the bot in seat 2 plays
    first. No hand is ready, so the 抢金 window asks nobody."""
    return scenario_match(
        {
            0: "234m567m234p567p45s8s1s9p",
            1: "234m567m234p567p45s9m1m",
            2: "1s1s1m1m8m8m1p1p8p8p3s3s7s7sww",
            3: "234m567m234p567p46s9m8m",
        },
        dealer=0,
        indicator="9s",
        humans=(0, 2),
        names=("A", "bot", "B", "bot"),
        bots=("greedy", "greedy"),
        **options,
    )


async def discard(pilot: Pilot[None], tile: str) -> None:
    tiles = the_table(pilot).query_one(HandView).state.tiles
    await pilot.press(TILE_KEYS[tiles.index(parse_tile(tile))])


async def named_after(pilot: Pilot[None], started: float) -> float:
    """Seconds from ``started`` until the cover names the next player."""
    while True:
        screen = pilot.app.screen
        if isinstance(screen, CoverScreen) and screen.player is not None:
            return time.monotonic() - started
        assert time.monotonic() - started < 8, "the cover never named anyone"
        await pilot.pause(0.01)


async def calls_taken(pilot: Pilot[None], started: float) -> tuple[str, float, float]:
    """The first call prompt after ``started``: its text, when it was seen, and when it ended
    (the cover took calls on another tile, or named a player), in seconds from ``started``."""
    while True:
        screen = pilot.app.screen
        if isinstance(screen, CoverScreen) and screen.calls is not None and screen.player is None:
            break
        assert time.monotonic() - started < 5, "the cover took no calls"
        await pilot.pause(0.01)
    came = time.monotonic() - started
    calls = screen.calls
    text = widget_text(screen.query_one("#cover-text"))
    while pilot.app.screen is screen and screen.calls is calls and screen.player is None:
        assert time.monotonic() - started < 10, "the calls never ended"
        await pilot.pause(0.01)
    return text, came, time.monotonic() - started


@pytest.mark.serial  # times the cover against the pace
@pytest.mark.parametrize("pace", ["fast", "normal"])
@pytest.mark.parametrize(("thrown", "claim"), [("1s", True), ("9p", False)])
async def test_the_cover_tells_the_discarder_nothing(pace, thrown, claim) -> None:
    match = two_players_and_two_bots()
    async with table_app(match, pace=pace).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert_covered(pilot, "A")
        await pilot.press("enter")
        await pilot.pause()
        assert_sees_only(pilot, 0)
        started = time.monotonic()
        await discard(pilot, thrown)
        # (b): at once the table is covered and A's hand is gone
        screen = pilot.app.screen
        assert isinstance(screen, CoverScreen)
        table = the_table(pilot)
        assert table.private_seat is None and table.query_one(HandView).state.tiles == ()
        # (a): the cover shows A's discard and B's key for the same time whether or not B may
        # 碰 it, naming nobody; nobody calls, so the tile goes by
        text, came, ended = await calls_taken(pilot, started)
        assert "3 B" in text and "接手" not in text and "打出" in text
        assert came < 2.0, came
        hold = call_seconds(PACES[pace])
        # (slack for a busy machine: a cover kept for B's answer would be seconds longer)
        assert hold <= ended < hold + 3.0, ended
        game = match.game
        assert not game.melds[2]  # B did not call: no pong
        await named_after(pilot, started)
        assert_covered(pilot, "B")


async def calls_taken_now(pilot: Pilot[None]) -> None:
    started = time.monotonic()
    while not (isinstance(pilot.app.screen, CoverScreen) and pilot.app.screen.calls is not None):
        assert time.monotonic() - started < 5, "the cover took no calls"
        await pilot.pause(0.01)


async def test_the_same_player_goes_on_without_a_cover() -> None:
    """B 碰s A's 1条 and discards next: no cover in between (nothing to hide from B)."""
    match = two_players_and_two_bots()
    async with table_app(match, pace="normal").run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        await discard(pilot, "1s")
        await calls_taken_now(pilot)
        await pilot.press("3")  # B calls A's 1条
        await named_after(pilot, time.monotonic())
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TableScreen)
        assert_sees_only(pilot, 2)


async def test_a_game_in_play_cannot_be_watched_from_the_cover(data_dir) -> None:
    """(c): Ctrl+P → 最近对局 from the cover lists the game as being played; Enter does not
    open it face up and c does not open it a second time. Once it has ended it can be watched
    (tests/ui/test_records.py)."""
    match = two_players_and_two_bots(seed=3)
    app = table_app(match, pace="normal")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, CoverScreen)
        table = the_table(pilot)
        # a recorded hot-seat game, as the app starts one
        assert table.table.recorder is None
        path = new_record_path("hotseat", 3)
        table.table.recorder = GameRecorder.create(
            path, match.session.config, [s.to_record() for s in match.seat_infos()], 3
        )
        table.table.recorder.hand(match.game)
        pilot.app.action_open("recent")
        await settle(pilot)
        recent = pilot.app.screen
        assert isinstance(recent, RecentScreen)
        row = [str(c) for c in recent.query_one(DataTable).get_row_at(0)]
        assert "进行中" in row
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is recent
        assert not any(isinstance(s, ReplayScreen) for s in pilot.app.screen_stack)
        assert any("正在进行" in n.message for n in pilot.app._notifications)
        await pilot.press("c")
        await pilot.pause()
        assert sum(isinstance(s, TableScreen) for s in pilot.app.screen_stack) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, CoverScreen)
    # another time, the game is interrupted (not being played here): still not watchable
    [summary] = list_records()
    assert summary.resumable
    app = table_app(pace="normal", start_screen=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pilot.app.action_open("recent")
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, RecentScreen)
        assert any("结束之后才能观看" in n.message for n in pilot.app._notifications)
