"""The online table names the room's players as the replay of the room's record does (one name
per player everywhere): a bot by its level, numbered where several share it (电脑·普通 2号),
after its place at a seat's table, alone at a watcher's; the room's waiting list and the
lobby's line for the room say the same. The wall's centre says where the wall was broken by the
place alone, its stack number apart."""

from __future__ import annotations

import pytest
from lobby_helpers import URL, fixed_app
from pilot_helpers import settle, table_app, widget_text
from remote_helpers import running_room, seat_of, until
from rich.cells import cell_len
from scenarios import late_hand_match
from textual.pilot import Pilot
from textual.widgets import DataTable

from ningde_tui.i18n.words import people_names, tr
from ningde_tui.net.protocol import SeatStatus
from ningde_tui.net.room import Room
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.wall import break_point
from ningde_tui.server.client import LobbyClient
from ningde_tui.server.lobby import Rating, RoomEntry, Rooms, Welcome
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions, RoomTarget
from ningde_tui.ui.screens.lobby import LobbyScreen
from ningde_tui.ui.screens.remote import WaitingRoom
from ningde_tui.ui.widgets.scoreboard import ScoreBoard

SMALL = (110, 34)
KINDS = ["human", "normal", "easy", "normal"]  # two normal bots: 电脑·普通 2号 and 4号


def flat(text: str) -> str:
    """A widget's text with its lines and spaces gone (a name under its place reads on)."""
    return "".join(text.split())


def recorded_names(room: Room, lang: str) -> tuple[str, ...]:
    """The room's players as the replay of its record names them."""
    assert room.match is not None
    infos = room.match.seat_infos()
    return people_names([(s.name, s.kind, s.level) for s in infos], lang)


def seat_panel(pilot: Pilot[None], seat: int) -> str:
    screen = seat_of(pilot)
    position = screen.seating.position(seat)
    return flat(widget_text(screen.query_one(f"#seat-{position}" if position else "#my-line")))


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_seat_and_a_watcher_name_the_bots_as_the_replay_does(lang: str) -> None:
    """At 110×34, in either language: at the player's table each bot's panel says its place
    and the name the replay of the room's record gives it, a score board shown that name; a
    watcher's table names every seat by that name alone."""
    async with running_room(KINDS, seed=4, result_seconds=30.0) as (server, room):
        for watch in (False, True):
            target = RoomTarget(server.url(room), "甲", watch=watch)
            app = NingdeApp(LaunchOptions(room=target, pace="instant", lang=lang))
            async with app.run_test(size=SMALL) as pilot:
                await until(pilot, lambda: seat_of(pilot).remote.ready)
                screen = seat_of(pilot)
                names = recorded_names(room, lang)
                await until(
                    pilot,
                    lambda n=names: all(flat(n[s]) in seat_panel(pilot, s) for s in (1, 2, 3)),
                )
                board = flat(widget_text(screen.query_one(ScoreBoard)))
                for seat in (1, 2, 3):
                    place = tr(lang, f"seat.{seat}")
                    panel = seat_panel(pilot, seat)
                    assert flat(names[seat]) in panel, (names[seat], panel)
                    assert (flat(place) in panel) != watch, panel
                    assert not board or flat(names[seat]) in board, board  # (when shown)
                    assert screen.person(seat) == names[seat]
                app.exit()
    bots = ("电脑·普通 2号", "电脑·简单", "电脑·普通 4号")
    assert names[1:] == (bots if lang == "zh" else ("normal bot #2", "easy bot", "normal bot #4"))


async def test_the_waiting_room_names_the_bots_as_the_table_does() -> None:
    """Before the first deal the room's list names its bots as its table will."""
    async with running_room(["human", "human", "normal", "normal"], seed=4) as (server, room):
        app = NingdeApp(LaunchOptions(room=RoomTarget(server.url(room), "甲"), pace="instant"))
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, WaitingRoom))
            await until(
                pilot, lambda: "4号" in widget_text(pilot.app.screen.query_one("#wait-seats"))
            )
            seats = widget_text(pilot.app.screen.query_one("#wait-seats"))
            assert "电脑·普通 3号" in seats and "电脑·普通 4号" in seats, seats
            app.exit()


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_the_lobby_names_a_rooms_bots_as_its_table_does(lang: str) -> None:
    """A listed room of a person and three normal bots: its line below the list names each bot
    as the room's table and its replay do, and the list at 110×34 is not scrolled sideways
    for the longer names (its seats cut with … instead)."""
    bot = SeatStatus("normal", "bot", "normal")
    seats = (SeatStatus("老王", "human", connected=True), bot, bot, bot)
    entry = RoomEntry("K3F9QX", f"{URL[:-5]}K3F9QX", seats, 1, RuleConfig(), None, True, 0)
    async with fixed_app(lang).run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, LobbyScreen)
        screen.client = LobbyClient(URL, "小林")
        screen.take(Welcome("小林", "k" * 32, Rating(27.5, 7.0), "宁德社区"))
        screen.take(Rooms((entry,)))
        await pilot.pause()
        table = screen.query_one("#lobby-rooms", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        line = widget_text(screen.query_one("#lobby-detail"))
        names = people_names([("老王", "human", ""), *[("normal", "bot", "normal")] * 3], lang)
        assert all(name in line for name in names[1:]), line
        assert (names[3] == "电脑·普通 4号") if lang == "zh" else (names[3] == "normal bot #4")


@pytest.mark.parametrize("size", [(110, 34), (160, 50), (200, 60)])
async def test_the_break_line_says_the_place_and_the_stack_apart(size) -> None:
    """The wall's centre says where the wall was broken by the breaker's place alone, its
    stack number set apart ("break: Across #7"), on one line where the centre shows it (at
    160 and 200 columns): not a bot's long name run into the number ("break: Across · normal
    bot #3 7")."""
    app = table_app(late_hand_match(), lang="en")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        obs = screen.table.observation(screen.seating.bottom)
        breaker, count = break_point(obs.dealer, obs.dice)
        place = screen.seating.parts(breaker)[0]
        line = tr("en", "table.break", seat=place, n=count)
        assert line == f"break: {place} #{count}"
        wall = widget_text(screen.query_one("#wall"))
        if "break:" in wall:
            row = next(row for row in wall.splitlines() if "break:" in row)
            assert line in row and "bot" not in row, row
            assert cell_len(line) < size[0]
        else:
            assert size == (110, 34), wall  # (the small centre leaves the dice out)
