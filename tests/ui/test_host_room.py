"""开房间 from the start screen (interfaces.md §6): the app hosts a real room on 127.0.0.1, its
own table joins it through the protocol, a friend joins over a real WebSocket; the room waits
with its address shown until every seat is taken or the host starts it with bots; the seat's
timer is drawn at the table."""

from __future__ import annotations

import asyncio
import socket
import sys
from pathlib import Path

import pytest
from pilot_helpers import SIZE, widget_text
from remote_helpers import seat_of, until
from textual.widgets import Input, Select

from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.remote import HostDialog, WaitingRoom
from ningde_tui.ui.screens.start import StartScreen

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from net_helpers import Player  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def open_room(pilot, seats: list[str], turn: float | None = None) -> WaitingRoom:
    start = pilot.app.screen
    assert isinstance(start, StartScreen)
    for seat, kind in enumerate(seats):
        start.query_one(f"#seat-{seat}", Select).value = kind
    start.query_one("#name-0", Input).value = "主人"
    await pilot.pause()
    await pilot.click("#host")
    await until(pilot, lambda: isinstance(pilot.app.screen, HostDialog))
    dialog = pilot.app.screen
    dialog.query_one("#host-reach", Select).value = False
    dialog.query_one("#host-port", Input).value = str(free_port())
    dialog.query_one("#host-turn", Select).value = turn
    await pilot.pause()
    await pilot.click("#host-go")
    await until(pilot, lambda: isinstance(pilot.app.screen, WaitingRoom))
    waiting = pilot.app.screen
    await until(pilot, lambda: "4" in widget_text(waiting.query_one("#wait-seats")))
    await until(pilot, lambda: widget_text(waiting.query_one("#wait-url")).strip() != "")
    return waiting


def share_url(waiting: WaitingRoom) -> str:
    return widget_text(waiting.query_one("#wait-url")).split()[0]


async def test_a_hosted_room_waits_for_a_friend_then_deals() -> None:
    app = NingdeApp(LaunchOptions(pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        waiting = await open_room(pilot, ["human", "human", "easy", "easy"])
        url = share_url(waiting)
        assert url.startswith("ws://127.0.0.1:")
        seats = widget_text(waiting.query_one("#wait-seats"))
        assert "你（房主）" in seats and "空位" in seats and "电脑" in seats
        friend = await Player(url, "朋友").connect()
        reading = asyncio.ensure_future(friend.run(lambda m: m["t"] == "state"))
        await until(pilot, lambda: not isinstance(pilot.app.screen, WaitingRoom))
        await asyncio.wait_for(reading, 15)
        screen = seat_of(pilot)
        await until(pilot, lambda: screen.remote.ready)
        assert screen.remote.seat == 0 and friend.seat == 1
        assert "朋友" in " ".join(n for n in screen.table_names() if n)
        await friend.close()
        hosted = app.hosted
        assert hosted is not None
        app.action_new_game()  # back to the start screen: the hosted room ends
        await until(pilot, lambda: hosted.task.done() and app.hosted is None)
        assert isinstance(app.screen, StartScreen)


async def test_the_host_starts_with_bots_and_a_friend_may_not() -> None:
    app = NingdeApp(LaunchOptions(pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        waiting = await open_room(pilot, ["human", "human", "human", "easy"])
        friend = await Player(share_url(waiting), "朋友", plays=False).connect()
        await asyncio.wait_for(friend.run(lambda m: m["t"] == "welcome"), 10)
        await friend.send({"t": "start"})
        await asyncio.wait_for(friend.run(lambda m: m["t"] == "refused"), 10)
        assert friend.messages("refused")[-1]["code"] == "not_allowed"
        assert isinstance(pilot.app.screen, WaitingRoom)
        await pilot.press("s")
        await until(pilot, lambda: not isinstance(pilot.app.screen, WaitingRoom))
        screen = seat_of(pilot)
        await until(pilot, lambda: screen.remote.ready)
        assert [s.kind for s in screen.remote.seats] == ["human", "human", "bot", "bot"]
        await friend.close()


@pytest.mark.serial
async def test_the_seconds_left_to_decide_are_drawn_and_a_timeout_is_told() -> None:
    app = NingdeApp(LaunchOptions(pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        waiting = await open_room(pilot, ["human", "human", "easy", "easy"], turn=15.0)
        friend = await Player(share_url(waiting), "朋友").connect()
        asyncio.ensure_future(friend.run())
        await until(pilot, lambda: not isinstance(pilot.app.screen, WaitingRoom))
        screen = seat_of(pilot)
        await until(pilot, lambda: screen.remote.ready and screen.deadline_at is not None, 30)
        await pilot.pause()
        text = widget_text(screen.query_one("#deadline"))
        assert text.startswith("限时") and 10 <= int(text.split()[1]) <= 15
        await friend.close()
