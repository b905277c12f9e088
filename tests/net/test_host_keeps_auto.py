"""托管 survives the room's host going down (interfaces.md §6.1): a player who handed their
seat to a bot, whose host is killed mid-hand and continued, finds the bot still playing for
them when their table comes back by itself (a host started again keeps no 托管, so the table
asks for it again), and the table never says "you play your seat again" meanwhile."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from host_helpers import host_running
from net_helpers import Player
from remote_helpers import seat_of, until

from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions, RoomTarget
from ningde_tui.ui.widgets.log import TableLog


@pytest.mark.serial  # a host process killed and continued
async def test_a_seat_handed_to_a_bot_is_still_so_when_the_host_comes_back(
    data_dir: Path,
) -> None:
    seats = ("--seats", "human,easy,easy,easy", "--pace", "fast", "--grace", "30")
    async with host_running(data_dir, "--port", "0", *seats) as host:
        url = host.url
        app = NingdeApp(LaunchOptions(room=RoomTarget(url, "甲"), pace="instant"))
        async with app.run_test(size=(160, 50)) as pilot:
            await until(pilot, lambda: seat_of(pilot).remote.ready, 30)
            screen = seat_of(pilot)
            await pilot.press("b")
            await until(pilot, lambda: screen.bot_plays, 15)
            await host.kill()  # kill -9, mid-hand
            await until(pilot, lambda: screen.dropped, 15)
            async with host_running(data_dir, "--continue") as again:
                assert again.url == url
                await until(pilot, lambda: not screen.dropped and screen.bot_plays, 60)
                watcher = await Player(url, watch=True).connect()
                try:
                    await asyncio.wait_for(watcher.run(lambda m: m["t"] == "state"), 30)
                finally:
                    await watcher.close()
                seats_now = (watcher.messages("seats") or watcher.messages("welcome"))[-1]
                assert seats_now["seats"][0]["auto"], seats_now
                log = "\n".join(line.plain for line in screen.query_one("#log", TableLog).texts)
                assert "你收回了座位" not in log, log
