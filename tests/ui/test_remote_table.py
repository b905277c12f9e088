"""The table as a seat of an online room (ui/screens/remote.py), over the real transport: a
scripted room on 127.0.0.1 (tests/remote_helpers.py) plays a real game, its other seats
played by bots; the player discards by key, is told a refusal, loses the connection and gets
it back, and sees the hand's result."""

from __future__ import annotations

import asyncio

from pilot_helpers import SIZE, widget_text
from remote_helpers import ScriptedRoom, seat_of, until
from textual.pilot import Pilot
from textual.widgets import Input

from ningde_tui.rules.game import Phase
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions, RoomTarget
from ningde_tui.ui.screens.remote import JoinDialog, RemoteTableScreen
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.screens.start import StartScreen
from ningde_tui.ui.widgets.hand import TILE_KEYS, HandView


def on_table(pilot: Pilot[None]) -> bool:
    return any(isinstance(s, RemoteTableScreen) for s in pilot.app.screen_stack)


def my_turn(pilot: Pilot[None]) -> bool:
    if not on_table(pilot):
        return False
    screen = seat_of(pilot)
    return screen.remote.ready and screen.hand_view.active and screen.sent is None


async def discard_one(pilot: Pilot[None]) -> int:
    """Discard the rightmost tile that is not the gold; returns it."""
    screen = seat_of(pilot)
    obs = screen.remote.view().obs
    tiles = screen.query_one(HandView).state.tiles
    index = next(i for i in reversed(range(len(tiles))) if tiles[i] != obs.gold)
    await pilot.press(TILE_KEYS[index])
    return tiles[index]


async def to_my_turn(pilot: Pilot[None], seconds: float = 15.0) -> None:
    """Pass every claim the room offers until it is this seat's turn."""
    screen = seat_of(pilot)
    for _ in range(int(seconds / 0.05)):
        if my_turn(pilot):
            return
        view = screen.remote.view() if screen.remote.ready else None
        if view is not None and screen.sent is None and view.obs.legal:
            await pilot.press("s")
        await pilot.pause(0.05)
    raise AssertionError("no turn came")


def notices(pilot: Pilot[None]) -> str:
    return " ".join(n.message for n in pilot.app._notifications)


async def test_a_remote_seat_plays_a_hand_through_the_room() -> None:
    async with ScriptedRoom(seed=11, hands=1) as room:
        app = NingdeApp(LaunchOptions(room=RoomTarget(room.url, "甲"), pace="instant"))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: my_turn(pilot))
            screen = seat_of(pilot)
            assert screen.private_seat == 0 and screen.seating.bottom == 0
            hand = list(screen.remote.view().obs.hand)
            assert sorted(screen.query_one(HandView).state.tiles) == sorted(hand)

            # a discard by key goes to the room as an act for the state shown
            seq = screen.remote.seq
            tile = await discard_one(pilot)
            await until(pilot, lambda: screen.remote.seq != seq)
            assert room.received[0]["seat"] == 0 and f'"seq":{seq}' in room.received[0]["text"]
            assert tile in screen.remote.view().obs.ponds[0] or screen.remote.view().obs.melds

            # a choice the room refuses: its reason, in the player's language
            await to_my_turn(pilot)
            await pilot.press("m")  # 胡 where there is no win
            await until(pilot, lambda: "不行" in widget_text(screen.query_one("#announce")))

            # the connection drops: a notice, then the seat back with its token
            await room.drop(0)
            await until(pilot, lambda: "重连" in notices(pilot))
            await until(pilot, lambda: "已重新连上房间" in notices(pilot))
            assert list(room.tokens) == [0]
            assert screen.remote.view().obs.history == room.match.game.history(0)

            # play on to the hand's result: discard, pass every claim
            while not isinstance(pilot.app.screen, ResultScreen):
                if my_turn(pilot):
                    await discard_one(pilot)
                elif screen.sent is None and screen.remote.view().obs.legal:
                    await pilot.press("s")
                await pilot.pause(0.05)
            result = pilot.app.screen
            assert isinstance(result, ResultScreen)
            game = room.match.game
            assert game.phase == Phase.OVER
            assert [h.tiles for h in result.view.hands] == [tuple(h) for h in game.hands]
            assert result.result.deltas == room.match.session.results[-1].deltas
            await until(pilot, lambda: screen.remote.over)
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running)


async def test_the_table_names_who_is_offline() -> None:
    async with ScriptedRoom(seed=12, humans=(0, 1), hands=1) as room:
        app = NingdeApp(LaunchOptions(room=RoomTarget(room.url, "甲"), pace="instant"))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: seat_of(pilot).remote.ready)
            screen = seat_of(pilot)
            assert screen.seating.name(1) == "下家·玩家2（离线）"  # P2 as every view names it
            assert screen.remote.view().connected == (True, False, True, True)


async def test_a_watcher_sees_no_hand_and_cannot_act() -> None:
    async with ScriptedRoom(seed=13, hands=1) as room:
        target = RoomTarget(room.url, "w", watch=True)
        app = NingdeApp(LaunchOptions(room=target, pace="instant"))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: seat_of(pilot).remote.ready)
            screen = seat_of(pilot)
            assert screen.private_seat is None and not screen.interactive
            assert screen.query_one(HandView).state.tiles == ()
            assert all(h is None for h in screen.remote.view().hands)
            await pilot.press("1")
            await asyncio.sleep(0.1)
            assert room.received == []


async def test_the_start_screen_joins_a_room_by_its_address() -> None:
    async with ScriptedRoom(seed=14, hands=1) as room:
        app = NingdeApp(LaunchOptions(pace="instant"))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, StartScreen))
            await pilot.click("#join")
            await until(pilot, lambda: isinstance(pilot.app.screen, JoinDialog))
            dialog = pilot.app.screen
            dialog.query_one("#join-url", Input).value = "http://nope"
            await pilot.click("#join-go")
            assert "ws://" in widget_text(dialog.query_one("#join-error"))
            dialog.query_one("#join-url", Input).value = room.url
            dialog.query_one("#join-name", Input).value = "乙"
            dialog.query_one("#join-url", Input).focus()
            await pilot.press("enter")
            await until(pilot, lambda: on_table(pilot) and seat_of(pilot).remote.ready)
            assert seat_of(pilot).remote.seat == 0
            assert room.statuses()[0].connected
