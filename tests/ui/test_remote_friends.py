"""An online table as friends at their own screens meet it (interfaces.md §6.1), the app over a
real room on 127.0.0.1: closing the result tells the room to deal on, 托管 by key and as the
others see it, one result dialog at a time for a watcher, Ctrl+Q asks first, and a notice from
the room in the player's language."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from pilot_helpers import SIZE, widget_text
from remote_helpers import running_room, seat_of, until
from rich.cells import cell_len
from textual.pilot import Pilot

from ningde_tui.net.client import RoomClient
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions, RoomTarget
from ningde_tui.ui.screens.remote import LeaveRoom, RemoteTableScreen
from ningde_tui.ui.screens.result import ResultScreen


def app_for(url: str, watch: bool = False) -> NingdeApp:
    return NingdeApp(LaunchOptions(room=RoomTarget(url, "甲", watch=watch), pace="instant"))


def results_open(pilot: Pilot[None]) -> int:
    return sum(isinstance(s, ResultScreen) for s in pilot.app.screen_stack)


@contextlib.asynccontextmanager
async def seat_played_by(url: str, name: str) -> AsyncIterator[RoomClient]:
    """A second person's connection (the product's own client) that takes a seat and reads."""
    client = RoomClient(url, name, retries=0)

    async def read() -> None:
        async for _ in client.messages():
            pass

    task = asyncio.ensure_future(read())
    try:
        for _ in range(200):
            if client.token is not None:
                break
            await asyncio.sleep(0.02)
        yield client
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


async def test_the_next_hand_waits_until_the_result_is_closed() -> None:
    """The room deals on once the player has closed the result (``ready``), not while the
    result is still being read: nothing of the next hand is played behind it."""
    kinds = ["human", "easy", "easy", "easy"]
    options = {"result_seconds": 30.0, "turn_seconds": 1.0, "claim_seconds": 1.0}
    async with running_room(kinds, seed=4, **options) as (server, room):
        app = app_for(server.url(room))
        async with app.run_test(size=SIZE) as pilot:
            screen = None
            while results_open(pilot) == 0:  # the room plays the seat when its time runs out
                await pilot.pause(0.1)
            screen = seat_of(pilot)
            assert room.match is not None and room.match.hands_played == 1
            await pilot.pause(2.5)  # longer than a turn's time: nothing is dealt or timed
            assert room.match.hands_played == 1 and room.match.session.game is None
            assert screen.remote.state is not None and screen.remote.state.hand == 1
            await pilot.press("enter")
            await until(
                pilot, lambda: screen.remote.state is not None and screen.remote.state.hand == 2, 5
            )


async def test_a_bot_plays_the_seat_at_the_players_word_and_the_others_see_it() -> None:
    """托管 by key: the room's seats say auto with the bot's level, the table says 托管 beside
    your name, the hand goes on without you, and b takes the seat back. A friend who hands
    their seat to a bot is named at your table with 托管 and the bot's level."""
    kinds = ["human", "human", "easy", "easy"]
    options = {"claim_pause": (0.05, 0.1), "pace": "fast"}  # the hand lasts while it is looked at
    async with running_room(kinds, seed=6, **options) as (server, room):
        url = server.url(room)
        app = app_for(url)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: seat_of(pilot).remote.seat is not None)
            async with seat_played_by(url, "乙") as friend:
                await friend.send_auto(True)
                await until(pilot, lambda: seat_of(pilot).remote.ready)
                screen = seat_of(pilot)
                seat = screen.remote.seat
                assert seat is not None
                await until(pilot, lambda: "托管" in screen.seating.name(1 - seat))
                assert screen.seating.name(1 - seat).endswith("乙（托管·普通）")
                await pilot.press("b")
                await until(pilot, lambda: screen.bot_plays)
                assert room.statuses()[seat].auto and room.statuses()[seat].level
                assert "托管" in widget_text(screen.query_one("#my-line"))
                match = room.match
                assert match is not None
                moves = len(match.game.decisions)
                await until(pilot, lambda: len(match.game.decisions) > moves + 4)
                await pilot.press("b")
                await until(pilot, lambda: not screen.bot_plays)
                await until(pilot, lambda: "托管" not in widget_text(screen.query_one("#my-line")))


async def test_a_watcher_sees_one_result_at_a_time() -> None:
    """Four bots and no wait between hands: each result gives way to the next."""
    kinds = ["easy", "easy", "easy", "easy"]
    async with running_room(kinds, seed=9, result_pause=0.3, rounds=2) as (server, room):
        app = app_for(server.url(room), watch=True)
        async with app.run_test(size=SIZE) as pilot:
            seen = 0
            for _ in range(400):
                seen = max(seen, room.match.hands_played if room.match else 0)
                assert results_open(pilot) <= 1
                if seen >= 3:
                    break
                await pilot.pause(0.05)
            assert seen >= 3


async def test_ctrl_q_at_a_live_seat_asks_first_and_says_how_to_come_back() -> None:
    kinds = ["human", "easy", "easy", "easy"]
    async with running_room(kinds, seed=10, result_seconds=30.0) as (server, room):
        url = server.url(room)
        app = app_for(url)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: seat_of(pilot).remote.ready)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(pilot.app.screen, LeaveRoom))
            said = widget_text(pilot.app.screen.query_one("#leave-text"))
            assert f"ningde join {url}" in "".join(line.strip() for line in said.splitlines())
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(pilot.app.screen, LeaveRoom))
            assert app.is_running
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(pilot.app.screen, LeaveRoom))
            await pilot.press("ctrl+q")  # a second Ctrl+Q while it asks: quit
            await until(pilot, lambda: not app.is_running)


async def test_a_notice_from_the_room_is_told_in_the_players_language() -> None:
    kinds = ["human", "easy", "easy", "easy"]
    async with running_room(kinds, seed=12, result_seconds=30.0) as (server, room):
        app = app_for(server.url(room))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: seat_of(pilot).remote.ready)
            room._not_saved(OSError(28, "No space left on device"))
            screen = seat_of(pilot)
            await until(pilot, lambda: "暂时无法保存" in widget_text(screen.query_one("#announce")))
            room._saved_again()
            await until(pilot, lambda: "已补存" in widget_text(screen.query_one("#announce")))


def my_turn(screen: RemoteTableScreen) -> bool:
    state = screen.remote.state
    obs = None if state is None else state.obs
    return obs is not None and obs.turn == screen.remote.seat and obs.drawn is not None


async def test_the_timer_beside_a_full_hand_is_drawn_whole() -> None:
    """限时 N 秒 beside a hand of 16 tiles and the one drawn, at 160×50 and 110×34: not cut by
    the side panel (it was 限时 13 at 160 columns)."""
    kinds = ["human", "easy", "easy", "easy"]
    for size in ((160, 50), (110, 34)):
        async with running_room(kinds, seed=2, turn_seconds=30.0) as (server, room):  # 甲 deals
            app = app_for(server.url(room))
            async with app.run_test(size=size) as pilot:
                screen = seat_of(pilot)
                await until(pilot, lambda s=screen: s.shown_left is not None and my_turn(s), 30)
                timer = screen.query_one("#deadline")
                table = screen.query_one("#table")
                text = widget_text(timer).strip()
                assert text.startswith("限时") and text.endswith("秒"), text
                assert timer.region.right <= table.region.right, (size, timer.region)
                assert timer.content_region.width >= cell_len(text), (size, text)
