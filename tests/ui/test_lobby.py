"""在线大厅 (ui/screens/lobby.py) against a real ``ningde server`` on 127.0.0.1: the player
connects from the start screen, sees a public room another player made, creates a private
room and sees its code, enters a code and lands on the remote table, looks at the leaderboard
and at 我的对局's replay codes (one opens in the viewer); a held name is refused in words; a
hostile lobby's messages are told, never a crash."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, Static
from websockets.asyncio.server import ServerConnection, serve

from ningde_tui.net.bots import BuiltinBot, play_seat
from ningde_tui.net.client import RoomClient
from ningde_tui.server import lobby
from ningde_tui.server.client import LobbyClient, LobbyKeys
from ningde_tui.server.community import CommunityServer, ServerSettings
from ningde_tui.settings.store import load_lobby_memory
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions, LobbyTarget
from ningde_tui.ui.screens.lobby import (
    CodeDialog,
    CreateRoomDialog,
    GamesScreen,
    LeaderboardScreen,
    LobbyScreen,
)
from ningde_tui.ui.screens.remote import LeaveRoom, RemoteTableScreen, WaitingRoom
from ningde_tui.ui.screens.replay import ReplayScreen
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.screens.start import StartScreen

SIZE = (160, 50)
QUICK = {"pace": "instant", "claim_pause": (0.0, 0.0), "result_pause": 0.0, "result_seconds": 0.0}


@contextlib.asynccontextmanager
async def running_server(data: Path) -> AsyncIterator[CommunityServer]:
    """A real community server on 127.0.0.1 (a free port), rooms at full speed."""
    server = CommunityServer(ServerSettings(data, "127.0.0.1", 0, room_options=dict(QUICK)))
    await server.start()
    try:
        yield server
    finally:
        await server.close()


def lobby_app(url: str, name: str = "小林", lang: str = "zh") -> NingdeApp:
    """``ningde lobby URL --name NAME``: the lobby over the start screen, connecting at once."""
    target = LobbyTarget(url, name, connect=True)
    return NingdeApp(LaunchOptions(pace="instant", lang=lang, lobby=target), first_page="lobby")


async def until(pilot: Pilot[None], ready: Callable[[], bool], seconds: float = 20) -> None:
    for _ in range(int(seconds / 0.05)):
        if ready():
            return
        await pilot.pause(0.05)
    raise AssertionError("the lobby did not get there in time")


def the_lobby(pilot: Pilot[None]) -> LobbyScreen:
    return next(s for s in pilot.app.screen_stack if isinstance(s, LobbyScreen))


def inside(pilot: Pilot[None]) -> bool:
    screens = [s for s in pilot.app.screen_stack if isinstance(s, LobbyScreen)]
    return bool(screens) and screens[0].welcome is not None


def text_of(pilot: Pilot[None], selector: str) -> str:
    """What a text widget of the screen on top says (laid out or not yet)."""
    return str(pilot.app.screen.query_one(selector, Static).render())


def notices(pilot: Pilot[None]) -> str:
    return " ".join(n.message for n in pilot.app._notifications)


def rooms_listed(pilot: Pilot[None]) -> list[str]:
    table = the_lobby(pilot).query_one("#lobby-rooms", DataTable)
    return [str(table.get_row_at(r)[0]) for r in range(table.row_count)]


def on_table(pilot: Pilot[None]) -> RemoteTableScreen | None:
    return next((s for s in pilot.app.screen_stack if isinstance(s, RemoteTableScreen)), None)


async def enter_lobby(pilot: Pilot[None], url: str, name: str) -> None:
    """From the start screen: 在线大厅, the address and the name, Enter."""
    await pilot.pause()
    assert isinstance(pilot.app.screen, StartScreen)
    await pilot.click("#lobby")
    await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
    screen = pilot.app.screen
    screen.query_one("#lobby-url", Input).value = url
    screen.query_one("#lobby-name", Input).value = name
    screen.query_one("#lobby-name", Input).focus()
    await pilot.press("enter")
    await until(pilot, lambda: inside(pilot))


def closing_label(pilot: Pilot[None]) -> str:
    """The words on the button that closes the result on top ("" if none is)."""
    buttons = pilot.app.screen.query("#result-next").results(Button)
    return next((str(b.label) for b in buttons), "")


async def create_private_room(pilot: Pilot[None], **seats: str) -> None:
    """创建房间 from the lobby: private, with ``seat_N=kind`` in place of the defaults."""
    await pilot.press("c")
    await until(pilot, lambda: isinstance(pilot.app.screen, CreateRoomDialog))
    dialog = pilot.app.screen
    dialog.query_one("#create-public").value = False
    for field, kind in seats.items():
        dialog.query_one(f"#create-{field.replace('_', '-')}").value = kind
    await pilot.click("#create-go")


# ---------------------------------------------------------------- a real server
async def test_connect_and_see_a_public_room_pushed(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server") as server:
        url = server.room_url("lobby")
        app = NingdeApp(LaunchOptions(pace="instant"))
        async with app.run_test(size=SIZE) as pilot:
            await enter_lobby(pilot, url.removeprefix("ws://").removesuffix("/lobby"), "小林")
            who = text_of(pilot, "#lobby-who")
            assert "小林" in who and "等级分 0.0" in who and "在线" in who
            assert rooms_listed(pilot) == []
            assert "还没有公开的房间" in text_of(pilot, "#lobby-detail")
            assert load_lobby_memory().url == url and load_lobby_memory().name == "小林"

            # another player makes a public room: the lobby pushes it to this screen
            other = LobbyClient(url, "阿明")
            events = other.events()
            async for event in events:
                if isinstance(event, lobby.Welcome):
                    break
            await other.send(lobby.create(["human", "human", "hard", "normal"], rounds=2))
            await until(pilot, lambda: len(rooms_listed(pilot)) == 1)
            code = rooms_listed(pilot)[0]
            line = " ".join(str(c) for c in the_lobby(pilot).query_one(DataTable).get_row_at(0))
            assert "空位" in line and "电脑·困难" in line and "2 圈" in line and "等人" in line
            assert code in text_of(pilot, "#lobby-detail")
            await other.close()
            await events.aclose()

            # joining it: the remote table, for a seat of that room
            await pilot.press("enter")
            await until(pilot, lambda: on_table(pilot) is not None)
            table = on_table(pilot)
            assert table is not None and table.client.url.endswith(f"/{code}")
            assert table.client.name == "小林" and table.client.key is not None
            await until(pilot, lambda: isinstance(pilot.app.screen, WaitingRoom))


async def test_create_a_private_room_and_see_its_code(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server") as server:
        app = lobby_app(server.room_url("lobby"))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: inside(pilot))
            await create_private_room(pilot, seat_3="hard")
            await until(pilot, lambda: on_table(pilot) is not None)
            code = on_table(pilot).client.url.rsplit("/", 1)[1]
            assert lobby.is_room_code(code)
            assert f"私人房间 {code} 已创建" in notices(pilot)
            await until(pilot, lambda: isinstance(pilot.app.screen, WaitingRoom))
            assert code in pilot.app.screen.query_one("#wait-box").border_title
            room = server.rooms[code]
            assert not room.public and [p.kind for p in room.seats][3] == "bot"


async def test_enter_a_code_and_land_on_the_remote_table(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server") as server:
        url = server.room_url("lobby")
        maker = LobbyClient(url, "阿明")
        events = maker.events()
        async for event in events:
            if isinstance(event, lobby.Created):
                break
            if isinstance(event, lobby.Welcome):
                await maker.send(lobby.create(["human"] * 4, public=False))
        code = event.code
        await maker.close()
        await events.aclose()

        app = lobby_app(url)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: inside(pilot))
            assert code not in rooms_listed(pilot)  # private: never listed
            await pilot.press("j")
            await until(pilot, lambda: isinstance(pilot.app.screen, CodeDialog))
            await pilot.press(*"k3f9")
            await pilot.press("enter")
            # too short: said, not sent
            assert "房间号是 6 个字符" in text_of(pilot, ".lobby-error")
            pilot.app.screen.query_one("#code-input", Input).value = f" {code.lower()} "
            await pilot.press("enter")
            await until(pilot, lambda: on_table(pilot) is not None)
            table = on_table(pilot)
            assert table is not None and table.client.url == f"{url.rsplit('/', 1)[0]}/{code}"
            await until(pilot, lambda: table.remote.seat is not None)
            assert server.rooms[code].seats[table.remote.seat].name == "小林"


async def test_the_leaderboard_and_my_games_with_their_replays(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server") as server:
        url = server.room_url("lobby")
        await play_a_session(server, "小林", tmp_path / "keys")
        app = lobby_app(url)
        LobbyKeys().save(url, "小林", LobbyKeys(tmp_path / "keys").load(url, "小林") or "")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: inside(pilot))
            await pilot.press("l")
            await until(pilot, lambda: isinstance(pilot.app.screen, LeaderboardScreen))
            board = pilot.app.screen.query_one(DataTable)
            await until(pilot, lambda: board.row_count >= 2)
            names = [str(board.get_row_at(r)[1]) for r in range(board.row_count)]
            assert "小林" in names and "电脑·普通" in names
            await pilot.press("escape")

            await pilot.press("g")
            await until(pilot, lambda: isinstance(pilot.app.screen, GamesScreen))
            games = pilot.app.screen.query_one(DataTable)
            await until(pilot, lambda: games.row_count >= 1)
            codes = [str(games.get_row_at(r)[0]) for r in range(games.row_count)]
            assert all(lobby.parse_replay_code(c) for c in codes)
            assert "ningde replay" in text_of(pilot, ".lobby-note")
            await pilot.press("enter")  # the first hand, in the viewer
            await until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(pilot.app.screen, GamesScreen))


async def play_a_session(server: CommunityServer, name: str, keys: Path) -> None:
    """A one-圈 room of ``name`` (played by a bot through the room's protocol, with the
    name's lobby key) and three bots, played to its end and booked."""
    client = LobbyClient(server.room_url("lobby"), name, keys=LobbyKeys(keys))
    events = client.events()
    async for event in events:
        if isinstance(event, lobby.Welcome):
            await client.send(lobby.create(["human", "normal", "normal", "normal"], public=False))
        elif isinstance(event, lobby.Created):
            break
    await client.close()
    await events.aclose()
    seat = RoomClient(event.url, name, key=client.key, retries=3)
    async with asyncio.timeout(60):
        await play_seat(seat, BuiltinBot("normal"), lambda _: None)
        while not await server.store.games(name, 1):  # booked once the room has closed
            await asyncio.sleep(0.05)


async def test_a_name_held_by_another_key_is_said_in_words(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server") as server:
        url = server.room_url("lobby")
        holder = LobbyClient(url, "小林")
        events = holder.events()
        async for event in events:
            if isinstance(event, lobby.Welcome):
                break
        await holder.close()
        await events.aclose()
        app = lobby_app(url)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "已经有人用了" in text_of(pilot, "#lobby-status"))
            screen = the_lobby(pilot)
            assert screen.welcome is None
            # the name field gets the focus (a widget takes it on the app's next turn, so not
            # always by the time the words are shown)
            name = screen.query_one("#lobby-name")
            await until(pilot, lambda: screen.focused is name)


# ---------------------------------------------------------------- a hostile lobby
@contextlib.asynccontextmanager
async def hostile_lobby(frames: list[str | bytes]) -> AsyncIterator[str]:
    async def handle(ws: ServerConnection) -> None:
        await ws.recv()
        for frame in frames:
            await ws.send(frame)
        await ws.wait_closed()

    async with serve(handle, "127.0.0.1", 0) as server:
        yield f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}/lobby"


def room_entry(**changes: Any) -> dict[str, Any]:
    seat = {"name": "[red]x\x1b[2J", "kind": "human", "connected": True}
    entry = {
        "code": "K3F9QX",
        "url": "ws://127.0.0.1:1/K3F9QX",
        "seats": [seat, seat, {"name": "", "kind": "bot", "level": "[bold]"}, seat],
        "rounds": 1,
        "rules": {},
        "started": False,
    }
    return {**entry, **changes}


async def test_a_hostile_lobby_is_told_never_a_crash() -> None:
    welcome = lobby.welcome("小林", "k" * 32, lobby.Rating(25.0, 8.333), "[blink]evil\x07")
    frames: list[str | bytes] = [
        lobby.dumps(welcome),
        "{not json",
        json.dumps({"t": "gossip"}),
        json.dumps({"t": "rooms", "rooms": [room_entry(), room_entry(code="K3F9QY")]}),
        json.dumps({"t": "refused", "code": "[bold]odd", "text": "[/]no\x1b"}),
        json.dumps({"t": "created", "code": "K3F9QX", "url": "ws://127.0.0.1:1/K3F9QX"}),
    ]
    async with hostile_lobby(frames) as url:
        app = lobby_app(url, lang="en")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: len(rooms_listed(pilot)) == 2 and inside(pilot))
            await until(pilot, lambda: "no" in notices(pilot))
            said = notices(pilot)
            assert "cannot read" in said and "The server refused" in said
            assert "\x1b" not in said and "\x07" not in said
            assert on_table(pilot) is None  # a created nobody asked for joins nothing
            assert "\x1b" not in text_of(pilot, "#lobby-detail")
            assert "evil" in text_of(pilot, "#lobby-who")

    async with hostile_lobby([json.dumps({"t": "welcome", "protocol": 1})]) as url:
        app = lobby_app(url, lang="en")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "not a Ningde lobby" in text_of(pilot, "#lobby-status"))
            assert isinstance(pilot.app.screen, LobbyScreen)


async def test_keys_pressed_faster_than_the_lobby_takes_them_keep_the_player_in(
    tmp_path: Path,
) -> None:
    async with running_server(tmp_path / "server") as server:
        app = lobby_app(server.room_url("lobby"))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: inside(pilot))
            for _ in range(40):
                await pilot.press("r")
            await until(pilot, lambda: "慢一点" in notices(pilot))
            await pilot.pause(1.0)
            screen = the_lobby(pilot)
            assert screen.welcome is not None and screen.client is not None
            assert screen.client.connected and screen.online  # never closed for flooding


async def test_leaving_a_table_goes_back_to_the_lobby(tmp_path: Path) -> None:
    """A table opened from the lobby opens over it: Esc from its waiting room, Ctrl+Q (and
    yes) at a seat, and a watcher's Ctrl+Q each bring the player back to the lobby, still in."""
    async with running_server(tmp_path / "server") as server:
        app = lobby_app(server.room_url("lobby"))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: inside(pilot))
            await create_private_room(pilot, seat_1="human")
            await until(pilot, lambda: isinstance(pilot.app.screen, WaitingRoom))
            code = on_table(pilot).client.url.rsplit("/", 1)[1]

            await pilot.press("escape")  # out of the waiting room: the lobby, still in
            await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
            assert on_table(pilot) is None and inside(pilot) and app.is_running

            # back in by its code; a friend takes the other seat, and the room deals
            await pilot.press("j")
            await until(pilot, lambda: isinstance(pilot.app.screen, CodeDialog))
            pilot.app.screen.query_one("#code-input", Input).value = code
            await pilot.press("enter")
            await until(pilot, lambda: on_table(pilot) is not None)
            table = on_table(pilot)
            await until(pilot, lambda: table.remote.seat is not None)
            friend = RoomClient(table.client.url, "阿明", retries=3)
            playing = asyncio.create_task(play_seat(friend, BuiltinBot("normal"), lambda _: None))
            await until(pilot, lambda: table.remote.state is not None, seconds=30)

            await pilot.press("ctrl+q")  # at a live seat: asked first
            await until(pilot, lambda: isinstance(pilot.app.screen, LeaveRoom))
            await pilot.press("y")
            await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
            assert on_table(pilot) is None and inside(pilot) and app.is_running
            assert "ningde join" not in text_of(pilot, "#lobby-status")

            # watching the same room, Ctrl+Q goes straight back
            await pilot.press("j")
            await until(pilot, lambda: isinstance(pilot.app.screen, CodeDialog))
            pilot.app.screen.query_one("#code-input", Input).value = code
            pilot.app.screen.query_one("#code-watch").value = True
            await pilot.press("enter")
            await until(pilot, lambda: on_table(pilot) is not None)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
            assert on_table(pilot) is None and app.is_running
            playing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await playing


def next_hand(table: RemoteTableScreen, done: int) -> bool:
    """The room deals a hand after hand ``done``."""
    return table.remote.state is not None and table.remote.state.hand > done


async def test_after_a_whole_session_the_lobby_shows_the_new_rating(tmp_path: Path) -> None:
    """A private one-圈 room with three bots, played to its end by 托管: closing the last
    result goes back to the lobby, where the player's rating is the one the session earned."""
    async with running_server(tmp_path / "server") as server:
        app = lobby_app(server.room_url("lobby"))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: inside(pilot))
            assert "等级分 0.0" in text_of(pilot, "#lobby-who")
            await create_private_room(pilot, seat_1="easy")
            await until(pilot, lambda: on_table(pilot) is not None)
            table = on_table(pilot)
            await until(pilot, lambda: table.remote.state is not None)
            await pilot.press("b")  # a bot plays the seat to the session's end
            closing = ""
            for _ in range(2400):  # two minutes at most
                if on_table(pilot) is None:
                    break
                screen = pilot.app.screen
                if isinstance(screen, ResultScreen) and table.remote.over:
                    # the last result, drawn again once the session is known to be over,
                    # says where closing it goes
                    await until(pilot, lambda: closing_label(pilot) == "回到大厅")
                    closing = closing_label(pilot)
                    await pilot.press("enter")
                elif isinstance(screen, ResultScreen):
                    # closed once the room has gone on (a 托管 seat is not waited for) and not
                    # before: the last hand's result is closed only once it says so
                    done = table.remote.result.hand if table.remote.result is not None else 0
                    await until(pilot, lambda d=done: table.remote.over or next_hand(table, d), 30)
                    if not table.remote.over:
                        await pilot.press("enter")
                await pilot.pause(0.05)
            assert closing == "回到大厅"
            await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
            standing = None
            for _ in range(400):  # booked as the room closes
                standing = await server.store.standing("小林")
                if standing is not None:
                    break
                await pilot.pause(0.05)
            assert standing is not None
            rated = f"等级分 {standing.rating.shown:.1f}"
            await until(pilot, lambda: rated in text_of(pilot, "#lobby-who"))
