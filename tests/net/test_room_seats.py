"""Seats over time: a player killed mid-hand keeps the seat, a bot plays it after the grace and
hands it back when the token returns; a decision not made in time is played the safe way; the
claim window looks the same whether or not anyone could claim."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from net_helpers import INSTANT, Player, play_all, running_room

from ningde_tui.cli import replay
from ningde_tui.net import tokens
from ningde_tui.net.room import Room, RoomOptions
from ningde_tui.net.server import RoomServer
from ningde_tui.records.record import replay_file
from ningde_tui.records.storage import resume

ROOT = Path(__file__).resolve().parents[2]
SILENT_CLIENT = textwrap.dedent(
    """
    import asyncio, json, sys
    from websockets.asyncio.client import connect

    async def main():
        async with connect(sys.argv[1]) as ws:
            hello = {"t": "hello", "protocol": 1, "name": "B", "token": None, "watch": False}
            await ws.send(json.dumps(hello))
            async for text in ws:
                message = json.loads(text)
                if message["t"] == "welcome":
                    print(message["token"], message["seat"], flush=True)

    asyncio.run(main())
    """
)


@pytest.mark.serial
async def test_a_killed_client_keeps_its_seat_a_bot_plays_it_and_the_token_reclaims_it(
    capsys,
) -> None:
    async with running_room(["human", "human", "easy", "easy"], seed=21, grace=0.3) as (
        server,
        room,
    ):
        url = server.url(room)
        a = await Player(url, "A", think=0.01).connect()
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        b = await asyncio.create_subprocess_exec(
            sys.executable, "-c", SILENT_CLIENT, url, stdout=subprocess.PIPE, env=env
        )
        assert b.stdout is not None
        token, seat = (await asyncio.wait_for(b.stdout.readline(), 10)).decode().split()
        assert seat == "1"

        def stood_in(m: dict) -> bool:
            return m["t"] == "seats" and m["seats"][1]["level"] != ""

        reading = asyncio.ensure_future(a.run(stood_in))
        await asyncio.sleep(0.2)
        b.send_signal(signal.SIGKILL)
        await b.wait()
        await asyncio.wait_for(reading, 10)
        dropped = [m["seats"][1] for m in a.messages("seats")]
        gone = {"name": "B", "kind": "human", "level": "", "connected": False, "auto": False}
        assert gone in dropped
        # past the grace a bot plays the seat: shown as auto, with the bot's level (§6.1)
        assert dropped[-1]["connected"] is False and dropped[-1]["level"]
        assert dropped[-1]["auto"] is True
        back = await Player(url, "B again", token=token, seed=5).connect()
        await play_all([a, back], hands=1)
        assert back.seat == 1
        first = back.messages("state")[0]
        assert first["events"][0]["kind"] == "deal"  # the whole hand so far, from its deal
        assert a.messages("seats")[-1]["seats"][1]["connected"] is True
        path = room.record_path
    assert replay.main(["--check", "--lang", "en", str(path)]) == 0
    assert "hand 1" in capsys.readouterr().out


async def test_a_decision_not_made_in_time_is_played_the_safe_way() -> None:
    async with running_room(
        ["human", "easy", "easy", "easy"], seed=4, turn_seconds=0.05, claim_seconds=0.05
    ) as (server, room):
        idle = await Player(server.url(room), plays=False).connect()
        await play_all([idle], hands=1)
        notices = [m for m in idle.messages("seats") if "timed_out" in m]
        assert notices and all(m["timed_out"] == 0 for m in notices)
        deadlines = [m["deadline"] for m in idle.messages("state") if m["obs"]["legal"]]
        assert deadlines and all(d is not None and 0 <= d <= 0.05 for d in deadlines)
        path = room.record_path
    assert path is not None
    hand = replay_file(path).hands[0]
    assert [a for a in hand.game.decisions if a.seat == 0]  # the room played for the seat


async def test_the_hosts_own_seat_is_kept_with_its_token_for_continue() -> None:
    """``ningde host --seats …,you,…``: the seat the host's table plays is reserved with a
    token, and the room file says it is the host's, so ``--continue`` reopens that table."""
    server = RoomServer("127.0.0.1", 0)
    room = server.add(Room.new("ROOM", ["human", "easy", "easy", "easy"], RoomOptions(**INSTANT)))
    token = room.reserve(0, "you")
    await server.start()
    task = asyncio.ensure_future(room.run())
    try:
        host = await Player(server.url(room), token=token).connect()
        await asyncio.wait_for(host.run(lambda m: m["t"] == "state"), 10)
        record = room.record_path
        await host.close()
    finally:
        room.stop()
        await asyncio.wait_for(task, 10)
        await server.close()
    assert host.seat == 0
    assert record is not None
    held = tokens.load(record)
    assert (held.host_seat, held.tokens[0]) == (0, token)
    again = Room.resumed(resume(record), held)
    assert (again.tokens.host_seat, again.tokens.tokens[0]) == (0, token)


def test_a_room_file_with_a_malformed_host_seat_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "room.jsonl"
    path = tokens.save(record, tokens.SeatTokens("ROOM", [tokens.new_token(), None, None, None]))
    assert tokens.load(record).host_seat is None
    for bad in (4, -1, "0", True, 1.0):
        path.write_text(json.dumps({"room": "ROOM", "tokens": [None] * 4, "host_seat": bad}))
        with pytest.raises(ValueError, match="host's seat"):
            tokens.load(record)


def test_a_room_file_keeps_the_browsers_seats_as_digests_and_refuses_bad_ones(
    tmp_path: Path,
) -> None:
    """``ningde host --web``: which browser took a seat outlives the host, as the SHA-256 of
    its key; a file from before they were kept has none; anything else is refused."""
    record = tmp_path / "room.jsonl"
    held = tokens.SeatTokens("ROOM", [tokens.new_token(), None, None, None])
    held.browsers[0] = tokens.browser_digest("the-browser-key")
    path = tokens.save(record, held)
    assert "the-browser-key" not in path.read_text()
    again = tokens.load(record)
    assert again.taken_by(0, "the-browser-key")
    assert not again.taken_by(0, "another-key") and not again.taken_by(0, None)
    assert not again.taken_by(1, "the-browser-key")
    path.write_text(json.dumps({"room": "ROOM", "tokens": [None] * 4}))
    assert tokens.load(record).browsers == [None] * 4
    for bad in ([None] * 3, "x" * 64, [1, None, None, None], ["ab" * 31 + "g", None, None, None]):
        path.write_text(json.dumps({"room": "ROOM", "tokens": [None] * 4, "browsers": bad}))
        with pytest.raises(ValueError, match="browser"):
            tokens.load(record)


def test_a_room_on_every_address_is_shared_by_this_computers_addresses(monkeypatch) -> None:
    """A room listening on 0.0.0.0 is joined at this computer's network address, which the
    host prints and the waiting room shows (0.0.0.0 is no address to give a friend)."""
    from ningde_tui.net import hosting

    monkeypatch.setattr(hosting, "local_addresses", lambda: ["192.168.1.5"])
    room = Room.new("ROOM", ["human", "human", "easy", "easy"])
    everywhere = RoomServer("0.0.0.0", 7340)
    assert hosting.share_urls(everywhere, room) == [
        "ws://192.168.1.5:7340/ROOM",
        "ws://127.0.0.1:7340/ROOM",
    ]
    assert hosting.share_urls(RoomServer("127.0.0.1", 7340), room) == ["ws://127.0.0.1:7340/ROOM"]
