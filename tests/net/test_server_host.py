"""``ningde host`` as its own process: killed with -9 mid-hand, ``--continue`` takes the room
up where its record stopped, the same tokens reclaim the same seats, no decision is lost."""

from __future__ import annotations

import asyncio
import json
import signal
import stat
from pathlib import Path

import pytest
from net_helpers import Player, start_host

from ningde_tui.cli import replay

ROOT = Path(__file__).resolve().parents[2]


def _discards(lines: list[str], hand: int) -> int:
    hands = 0
    count = 0
    for line in lines:
        obj = json.loads(line)
        hands += obj["t"] == "hand"
        count += hands == hand and obj["t"] == "act" and obj["a"] == "discard"
    return count


@pytest.mark.serial
async def test_a_killed_host_continues_with_the_same_seats_and_every_decision(
    data_dir: Path, capsys
) -> None:
    seats = ("--seats", "human,human,easy,easy", "--grace", "5", "--claim-pause", "0.05-0.1")
    host, url = await start_host(data_dir, *seats, "--seed", "9")
    players = [await Player(url, f"p{i}", seed=i, think=0.002).connect() for i in range(2)]

    def into_hand_two(m: dict) -> bool:
        return m["t"] == "state" and m["hand"] == 2 and len(m["obs"]["ponds"][0]) >= 2

    await asyncio.wait_for(asyncio.gather(*(p.run(into_hand_two) for p in players)), 60)
    host.send_signal(signal.SIGKILL)
    await host.wait()
    (record,) = (data_dir / "records").glob("*.jsonl")
    before = record.read_text().splitlines()
    room_file = record.with_name(record.name.removesuffix(".jsonl") + ".room.json")
    assert stat.S_IMODE(room_file.stat().st_mode) == 0o600
    held = json.loads(room_file.read_text())
    assert held["tokens"][:2] == [p.token for p in sorted(players, key=lambda p: p.seat)]
    assert all(p.token not in record.read_text() for p in players)
    seen = sum(
        e["kind"] == "discard"
        for m in players[0].messages("state")
        if m["hand"] == 2
        for e in m["events"]
    )
    assert seen <= _discards(before, 2)  # whatever a client saw happen is in the record

    host, url_again = await start_host(data_dir, "--continue", *seats)
    assert url_again.rsplit("/", 1)[1] == url.rsplit("/", 1)[1]  # the same room
    again = [await Player(url_again, token=p.token, seed=9 + p.seat).connect() for p in players]
    await asyncio.wait_for(
        asyncio.gather(*(p.run(lambda m: m["t"] == "result" and m["hand"] == 2) for p in again)),
        60,
    )
    assert [p.seat for p in again] == [p.seat for p in players]
    host.send_signal(signal.SIGTERM)
    await asyncio.wait_for(host.wait(), 20)
    after = record.read_text().splitlines()
    assert after[: len(before)] == before
    assert replay.main(["--check", "--lang", "en", str(record)]) == 0
    assert "hand 2:" in capsys.readouterr().out
