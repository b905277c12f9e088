"""在线大厅 with fixed content (no server, no timing): an SVG snapshot at 160×50, everything a
player needs on screen at 110×34, 160×50 and 200×60 in both languages, and ``ningde lobby``'s
arguments (a bad address: exit 2, said plainly)."""

from __future__ import annotations

import pytest
from lobby_helpers import URL, fixed_app
from textual.pilot import Pilot
from textual.widgets import Button, DataTable

from ningde_tui.cli import lobby as lobby_command
from ningde_tui.net.protocol import SeatStatus
from ningde_tui.rules.config import RuleConfig
from ningde_tui.server.client import LobbyClient
from ningde_tui.server.lobby import Rating, RoomEntry, Rooms, Welcome
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions, LobbyTarget
from ningde_tui.ui.screens.lobby import LobbyScreen

FREE = SeatStatus("", "human")


def rooms() -> tuple[RoomEntry, ...]:
    """Three public rooms: one waiting for two people, one of friends with a timer and rules
    of their own, one under way with a watcher."""
    person = SeatStatus("老王", "human", connected=True)
    away = SeatStatus("阿明", "human", connected=False)
    bot = SeatStatus("hard", "bot", "hard")
    rules = RuleConfig.from_dict({RuleConfig.switches()[0]: True, RuleConfig.switches()[1]: True})
    return (
        RoomEntry(
            "K3F9QX",
            "ws://127.0.0.1:7350/K3F9QX",
            (person, FREE, bot, SeatStatus("normal", "bot", "normal")),
            1,
            RuleConfig(),
            None,
            False,
            0,
        ),
        RoomEntry(
            "7HQ2MZ", "ws://127.0.0.1:7350/7HQ2MZ", (FREE,) * 4, 2, rules, 30.0, False, 0, "fast"
        ),
        RoomEntry(
            "PX4W9R",
            "ws://127.0.0.1:7350/PX4W9R",
            (person, away, bot, SeatStatus("Lin", "human", connected=True)),
            1,
            RuleConfig(),
            15.0,
            True,
            1,
        ),
    )


async def fill(pilot: Pilot[None]) -> None:
    """The lobby as a server's welcome and its list would leave it."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, LobbyScreen)
    screen.client = LobbyClient(URL, "小林")
    screen.take(Welcome("小林", "k" * 32, Rating(27.5, 7.0), "宁德社区"))
    screen.take(Rooms(rooms()))
    await pilot.pause()


def test_the_lobby_at_160x50(snap_compare) -> None:
    assert snap_compare(fixed_app(), terminal_size=(160, 50), run_before=fill)


@pytest.mark.parametrize("size", [(110, 34), (160, 50), (200, 60)])
@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_everything_is_on_screen(size: tuple[int, int], lang: str) -> None:
    app = fixed_app(lang)
    async with app.run_test(size=size) as pilot:
        await fill(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, LobbyScreen)
        width, height = size
        for button in screen.query("#lobby-actions Button").results(Button):
            region = button.region
            assert region.width and region.right <= width and region.bottom <= height - 1
        table = screen.query_one("#lobby-rooms", DataTable)
        assert table.row_count == 3 and table.region.height >= 6
        assert table.virtual_size.width <= table.scrollable_content_region.width  # no scrolling
        assert "6.5" in str(screen.query_one("#lobby-who").render())  # 27.5 − 3·7.0
        for key in ("w", "c", "j", "s", "l", "g", "r"):
            assert key in screen.active_bindings and screen.active_bindings[key].enabled


async def test_the_lobby_s_keys_wait_for_the_welcome() -> None:
    async with fixed_app().run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        shown = {k for k, b in screen.active_bindings.items() if b.binding.show}
        assert not shown & {"w", "c", "j", "s", "l", "g", "r"}  # only the form's until then
        await fill(pilot)
        await pilot.press("escape")  # out of the lobby, back to the form
        assert screen.welcome is None and screen.client is None
        await pilot.press("escape")  # and from the form, back to the start screen
        await pilot.pause()
        assert not isinstance(pilot.app.screen, LobbyScreen)


def test_ningde_lobby_opens_the_lobby_and_refuses_a_bad_address(capsys) -> None:
    app = lobby_command.build_app(["127.0.0.1:7400", "--name", "小林", "--lang", "en"])
    assert app.options.lobby == LobbyTarget("ws://127.0.0.1:7400/lobby", "小林", connect=True)
    assert app.first_page == "lobby" and app.options.lang == "en"
    assert lobby_command.build_app([]).options.lobby == LobbyTarget()
    for bad in (["http://example.org"], ["ws://host:notaport/lobby"], ["--name", "\x07"]):
        with pytest.raises(SystemExit) as exited:
            lobby_command.build_app(bad)
        assert exited.value.code == 2
    said = capsys.readouterr().err
    assert "ws://HOST:7350/lobby" in said and "ningde lobby" in said


async def test_my_games_fit_at_110_columns_with_long_names() -> None:
    """我的对局 with a 12-cell name and three bots of one level (电脑·普通 2号 …): the
    list fits its box at 110×34 in both languages, every score in view; this year's games
    say the day and time, older ones the date."""
    from datetime import datetime

    from ningde_tui.server.lobby import GameEntry, GameSeat
    from ningde_tui.ui.screens.lobby import GamesScreen, ended_text

    me = "欧阳小明同学"  # 12 cells, the most a name has
    seats = (GameSeat(me, "human"), *(GameSeat("normal", "bot", "normal") for _ in range(3)))
    game = GameEntry("ROOM", "2026-12-06T05:21:00Z", seats, (-120, 40, 40, 40), ("ABC123-1",))
    for lang in ("zh", "en"):
        app = NingdeApp(LaunchOptions(pace="instant", lang=lang))
        async with app.run_test(size=(110, 34)) as pilot:
            screen = GamesScreen("http://127.0.0.1:1", me, lambda code: None)
            await app.push_screen(screen)
            screen.show([game])
            await pilot.pause()
            table = screen.query_one("#games-table", DataTable)
            assert table.virtual_size.width <= table.scrollable_content_region.width, lang
    assert ended_text("2026-12-06T05:21:00Z", datetime(2026, 12, 31, 12, 0)).endswith(":21")
    assert ended_text("2025-12-06T05:21:00Z", datetime(2026, 1, 2, 12, 0)) == "2025-12-06"
