"""A room whose disk fills while it plays (a real room on 127.0.0.1, a real WebSocket player).

The room used to play on while its record silently stopped: a session went on to hand 69 and
its record ended at hand 27. Now every table is told (``notice`` ``not_saved``), play goes on,
and once the disk has room again the record catches up whole (``saved_again``): it replays
to the very results the players were shown."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from disk_helpers import Disk
from net_helpers import Player, running_room

from ningde_tui.cli import replay


def replayed(record: Path, capsys: Any) -> list[dict[str, Any]]:
    capsys.readouterr()
    assert replay.main(["--check", "--json", str(record)]) == 0
    out, err = capsys.readouterr()
    assert "warning" not in err
    return [json.loads(line) for line in out.splitlines()]


def shown(player: Player, keys: list[str]) -> list[dict[str, Any]]:
    """The results a client was shown, as far as a record's result lines tell them."""
    return [{k: m[k] for k in keys} for m in player.messages("result")]


async def test_the_room_plays_on_through_a_full_disk_and_its_record_catches_up(
    data_dir: Path, monkeypatch: Any, capsys: Any
) -> None:
    disk = Disk(monkeypatch)
    said: list[str] = []

    def weather(line: str) -> None:  # the room's own lines, as the host prints them
        said.append(line)
        if line.startswith("hand 1:"):
            disk.room = 300  # the next hand's line does not fit whole
        elif line.startswith("hand 3:"):
            disk.room = None  # room again

    seats = ["human", "easy", "easy", "easy"]
    async with running_room(seats, seed=5, on_line=weather) as (server, room):
        player = await Player(server.url(room), "甲", seed=1).connect()
        watcher = await Player(server.url(room), "看", watch=True).connect()
        over = lambda m: m["t"] == "over"  # noqa: E731
        await asyncio.wait_for(asyncio.gather(player.run(over), watcher.run(over)), 60)
    (record,) = (data_dir / "records").glob("*.jsonl")
    for client in (player, watcher):
        kinds = [
            m["t"] if m["t"] != "notice" else m["code"]
            for m in client.messages()
            if m["t"] in ("result", "notice")
        ]
        # told once when writing stopped (in hand 2), once when the record was whole again
        assert kinds[:4] == ["result", "not_saved", "result", "result"], kinds
        assert kinds[4] == "saved_again" and "not_saved" not in kinds[4:], kinds
    assert disk.failures > 10  # hands 2 and 3 were played while nothing could be written
    assert "the record cannot be written: No space left on device" in said
    assert "the record is written again, whole" in said
    results = replayed(record, capsys)
    assert len(results) >= 4
    assert results == shown(player, list(results[0]))  # every hand, as it was played
