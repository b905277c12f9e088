"""The client over the real transport (net/client.py, net/bots.py): a scripted room on
127.0.0.1 (tests/remote_helpers.py) plays a real game; the client's seat is played by a
built-in bot, by an outside program speaking JSON lines, and comes back after a drop."""

from __future__ import annotations

import asyncio
import io
import stat
import sys
from pathlib import Path

import pytest
from remote_helpers import ScriptedRoom

from ningde_tui.net import protocol
from ningde_tui.net.bots import BuiltinBot, CommandBot, play_seat, safe_action
from ningde_tui.net.client import ConnectionLost, Dropped, RoomClient, TokenStore, room_key

EXAMPLE_BOT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "protocol_bot.py"
FAST = (0.05, 0.1)


@pytest.fixture
def tokens(tmp_path: Path) -> TokenStore:
    return TokenStore(tmp_path / "rooms")


async def test_a_builtin_bot_plays_its_seat_to_the_end_of_the_session(tokens) -> None:
    async with ScriptedRoom(seed=3, hands=2) as room:
        client = RoomClient(room.url, "bot", tokens=tokens, backoff=FAST, retries=3)
        notes: list[str] = []
        seat = await asyncio.wait_for(play_seat(client, BuiltinBot("greedy", 1), notes.append), 60)
    assert seat.over and seat.seat == 0
    assert room.match.hands_played == 2
    assert sum(n.startswith("hand ") for n in notes) == 2
    assert not any(n.startswith("refused") for n in notes)


async def test_the_token_is_kept_for_the_room_readable_by_its_user_alone(tokens) -> None:
    async with ScriptedRoom(seed=4) as room:
        client = RoomClient(room.url, "甲", tokens=tokens, retries=1)
        async for message in client.messages():
            if isinstance(message, protocol.State):
                break
        await client.close()
    path = tokens.path(room.url)
    assert tokens.load(room.url) == room.tokens[0]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert tokens.path(room.url.replace("127.0.0.1", "127.0.0.1:80").replace(":80:", ":")) == path
    assert room_key("WS://Host:7340/ABC/") == "ws://host:7340/ABC"


class DropsOnce(BuiltinBot):
    """A bot whose connection the room cuts as it makes its second decision."""

    def __init__(self, room: ScriptedRoom) -> None:
        super().__init__("greedy", 1)
        self.room, self.decisions = room, 0

    async def decide(self, obs, seq):
        self.decisions += 1
        if self.decisions == 2:
            await self.room.drop(obs.seat)
        return await super().decide(obs, seq)


async def test_a_dropped_connection_comes_back_to_the_same_seat_with_its_token(tokens) -> None:
    async with ScriptedRoom(seed=5, humans=(0, 2), hands=1) as room:
        client = RoomClient(room.url, "甲", tokens=tokens, backoff=FAST, retries=5)
        other = RoomClient(room.url, "乙", backoff=FAST, retries=3)
        notes: list[str] = []
        mine = asyncio.create_task(play_seat(client, DropsOnce(room), notes.append))
        await asyncio.sleep(0.2)
        theirs = asyncio.create_task(play_seat(other, BuiltinBot("greedy", 2)))
        seat, _ = await asyncio.wait_for(asyncio.gather(mine, theirs), 60)
    assert sum(n.startswith("connection lost") for n in notes) == 1, notes
    assert seat.seat == 0 and seat.over
    assert room.match.hands_played == 1
    assert list(room.tokens) == [0, 2]  # no third seat was handed out


async def test_the_example_outside_bot_plays_a_seat(tokens) -> None:
    async with ScriptedRoom(seed=6, hands=1) as room:
        report = io.StringIO()
        bot = CommandBot(f"{sys.executable} {EXAMPLE_BOT}", timeout=10, report=report)
        await bot.start()
        client = RoomClient(room.url, "outside", tokens=tokens, retries=2)
        seat = await asyncio.wait_for(play_seat(client, bot), 60)
    assert seat.over and room.match.hands_played == 1
    assert report.getvalue() == ""  # every answer was legal and in time


@pytest.mark.parametrize(
    ("program", "said"),
    [
        ("import time; time.sleep(60)", "no answer within 0.2 s"),
        ("import sys\nfor line in sys.stdin: print('hello', flush=True)", "not a JSON object"),
        (
            "import json, sys\nfor line in sys.stdin:\n"
            "    m = json.loads(line)\n"
            "    if m['t'] == 'state' and m['obs']['legal']: print(json.dumps({'a': 'win'}), flush=True)",
            "not a legal action",
        ),
    ],
    ids=["silent", "garbage", "illegal"],
)
async def test_an_outside_bot_that_fails_is_replaced_by_the_safe_move(
    tokens, tmp_path: Path, program: str, said: str
) -> None:
    script = tmp_path / "bad_bot.py"
    script.write_text(program, encoding="utf-8")
    async with ScriptedRoom(seed=7, hands=1) as room:
        report = io.StringIO()
        timeout = 0.2 if "sleep" in program else 5.0
        bot = CommandBot(f"{sys.executable} {script}", timeout=timeout, report=report)
        await bot.start()
        client = RoomClient(room.url, "bad", tokens=tokens, retries=2)
        seat = await asyncio.wait_for(play_seat(client, bot), 120)
    assert seat.over and room.match.hands_played == 1
    assert said in report.getvalue()
    assert "instead" in report.getvalue()


async def test_a_watcher_sees_no_hand_and_no_choice() -> None:
    async with ScriptedRoom(seed=8, hands=1) as room:
        player = asyncio.create_task(
            play_seat(RoomClient(room.url, "p", retries=2), BuiltinBot("greedy"))
        )
        watcher = RoomClient(room.url, "w", watch=True, retries=2)
        states = 0
        async for message in watcher.messages():
            if isinstance(message, protocol.Welcome):
                assert message.seat is None and message.token is None
            if isinstance(message, protocol.State):
                states += 1
                assert message.obs.hand == () and message.obs.legal == ()
                assert all(e.tile is None for e in message.events if e.private)
            if isinstance(message, protocol.Over):
                break
        await watcher.close()
        await asyncio.wait_for(player, 60)
    assert states > 1


async def test_an_error_from_the_room_ends_the_connection_without_coming_back() -> None:
    async with ScriptedRoom(seed=9) as room:
        first = RoomClient(room.url, "a", retries=1)
        got = aiter(first.messages())
        assert isinstance(await anext(got), protocol.Welcome)
        second = RoomClient(room.url, "b", backoff=FAST, retries=3)
        seen = [m async for m in second.messages()]
        await first.close()
    assert [type(m) for m in seen] == [protocol.Error]
    assert seen[0].code == "full"


async def test_no_room_there_is_a_lost_connection_after_the_retries() -> None:
    async with ScriptedRoom() as room:
        url = room.url
    client = RoomClient(url, "a", backoff=FAST, retries=2)
    drops = []
    with pytest.raises(ConnectionLost):
        async for message in client.messages():
            assert isinstance(message, Dropped)
            drops.append(message.attempt)
    assert drops == [1, 2]


def test_the_safe_move_passes_a_claim_and_else_discards_the_drawn_tile() -> None:
    from ningde_tui.table.match import Match

    match = Match.new(2, ["greedy"] * 4, humans=(), rounds_limit=False)
    for _ in range(40):
        seat, obs, _ = match.next_bot()
        action = safe_action(obs)
        assert action in obs.legal
        kinds = {a.type for a in obs.legal}
        if "pass" in kinds:
            assert action.type == "pass"
        elif obs.drawn is not None and obs.drawn != obs.gold:
            assert action.type == "discard" and action.tile == obs.drawn
        match.apply(match.bot_action(seat, obs))
        if match.hand_over:
            break
