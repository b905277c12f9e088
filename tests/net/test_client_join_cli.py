"""``ningde join URL --bot LEVEL`` and ``--bot-cmd``: the command, run as a program, plays its
seat of a scripted room (tests/remote_helpers.py) over the real transport to the end."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest
from remote_helpers import ScriptedRoom

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_BOT = ROOT / "docs" / "examples" / "protocol_bot.py"


async def _join(args: list[str], data: Path) -> tuple[int, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NINGDE_DATA_DIR": str(data)}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "ningde_tui", "join", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )  # fmt: skip
    _, err = await asyncio.wait_for(process.communicate(), 120)
    return process.returncode or 0, err.decode()


@pytest.mark.parametrize(
    "how", [["--bot", "greedy"], ["--bot-cmd", f"{sys.executable} {EXAMPLE_BOT}"]]
)
async def test_join_plays_a_seat_headless_to_the_end(tmp_path: Path, how: list[str]) -> None:
    async with ScriptedRoom(seed=21, hands=1) as room:
        status, err = await _join([room.url, "--name", "远方", *how], tmp_path)
    assert status == 0, err
    assert "hand 1:" in err and "session over" in err
    assert room.match.hands_played == 1
    tokens = list((tmp_path / "rooms").glob("*.token"))
    assert len(tokens) == 1 and tokens[0].read_text().strip() == room.tokens[0]


async def test_a_bot_plays_a_seat_and_does_not_watch(tmp_path: Path) -> None:
    async with ScriptedRoom() as room:
        url = room.url
    status, err = await _join([url, "--bot", "greedy", "--watch"], tmp_path)
    assert status == 2 and "--watch" in err
