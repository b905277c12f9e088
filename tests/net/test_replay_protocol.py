"""``ningde replay RECORD --seat N --protocol`` (interfaces.md §8): the messages a seat's
connection is handed when its record is played again are those a live room sent it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from net_helpers import running_room

from ningde_tui.net.arena import ArenaPlan, run_arena
from ningde_tui.net.bots import BuiltinBot, play_seat
from ningde_tui.net.client import RoomClient
from ningde_tui.net.replay import replay_seat
from ningde_tui.rules.game import Action, Observation


class Kept:
    """A seat's player that keeps every message's text as the room sent it."""

    def __init__(self, level: str, seed: int) -> None:
        self.bot = BuiltinBot(level, seed)
        self.texts: list[str] = []

    async def tell(self, text: str) -> None:
        self.texts.append(text)

    async def decide(self, obs: Observation, seq: int) -> Action:
        return await self.bot.decide(obs, seq)

    async def close(self) -> None:
        return None


def without_token(texts: list[str]) -> list[dict]:
    messages = [json.loads(t) for t in texts]
    for m in messages:
        if m["t"] == "welcome":
            m["token"] = None
    return messages


@pytest.mark.parametrize(
    ("kinds", "seat", "seed"),
    [
        (["human", "normal", "easy", "hard"], 0, 21),
        (["greedy", "normal", "human", "easy"], 2, 22),
    ],
)
async def test_the_replayed_seat_gets_what_the_live_room_sent_it(
    kinds: list[str], seat: int, seed: int
) -> None:
    async with running_room(kinds, seed=seed, rounds=1) as (server, room):
        url = f"ws://127.0.0.1:{server.port}/{room.code}"
        player = Kept("normal", seed)
        client = RoomClient(url, "小林", retries=2)
        playing = asyncio.ensure_future(play_seat(client, player))
        while room.record_path is None and not playing.done():
            await asyncio.sleep(0.01)
        record = room.record_path
        seat_view = await asyncio.wait_for(playing, 300)
    assert record is not None and seat_view.over
    replayed = await replay_seat(Path(record), seat)
    assert replayed.complete
    live = without_token(player.texts)
    assert [m["t"] for m in live][:2] == ["welcome", "seats"] and live[-1]["t"] == "over"
    assert live[0]["seat"] == seat
    assert without_token(replayed.texts) == live
    assert replayed.texts[1:] == player.texts[1:]  # the very text, not only the same JSON


ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_BOT = ROOT / "docs" / "examples" / "protocol_bot.py"


def arena_game(log: Path, hands: int) -> Path:
    """An arena game of the example bot, logged: its record."""
    run_arena(ArenaPlan(f"{sys.executable} {EXAMPLE_BOT}", ("normal",) * 3, hands, log=log))
    return log / "game-0000.jsonl"


def test_an_arena_game_replays_as_the_lines_its_bot_was_sent(tmp_path: Path) -> None:
    record = arena_game(tmp_path, 16)
    sent = [
        line[2:]
        for part in sorted(tmp_path.glob("game-0000-hand-*.txt"))
        for line in part.read_text(encoding="utf-8").splitlines()
        if line.startswith("> ")
    ]
    done = subprocess.run(
        [sys.executable, "-m", "ningde_tui", "replay", str(record), "--seat", "1", "--protocol"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert without_token(done.stdout.splitlines()) == without_token(sent)
    assert json.loads(sent[-1])["t"] == "over"


def test_the_bot_reviewing_its_own_game_agrees_with_every_decision(tmp_path: Path) -> None:
    record = arena_game(tmp_path, 3)
    done = subprocess.run(
        [sys.executable, "-m", "ningde_tui", "review", str(record), "--seat", "0", "--json"]
        + ["--bot-cmd", f"{sys.executable} {EXAMPLE_BOT}"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    summary = lines[-1]
    told = [
        line
        for part in tmp_path.glob("game-0000-hand-*.txt")
        for line in part.read_text(encoding="utf-8").splitlines()
        if line.startswith("< ")
    ]
    assert summary["decisions"] == len(told) == len(lines) - 1 > 0
    assert summary["agreement"] == 1.0
    assert {d["hand"] for d in lines[:-1]} <= {1, 2, 3}
    assert all(d["step"] >= 0 for d in lines[:-1])


def test_another_program_beside_the_record_disagrees_somewhere(tmp_path: Path) -> None:
    record = arena_game(tmp_path, 2)
    script = tmp_path / "first_legal.py"
    script.write_text(
        "import json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n"
        "    if m['t'] == 'state' and m['obs']['legal']:\n"
        "        print(json.dumps(m['obs']['legal'][-1]), flush=True)\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "ningde_tui", "review", str(record), "--seat", "0", "--lang"]
        + ["en", "--bot-cmd", f"{sys.executable} {script}"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "beside your bot program's choice" in done.stdout
    assert "played" in done.stdout and "suggested" in done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--protocol", "--check"],
        ["--protocol", "--seat", "5"],
    ],
)
def test_bad_protocol_options_exit_2(tmp_path: Path, args: list[str]) -> None:
    record = tmp_path / "r.jsonl"
    record.write_text("{}\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "ningde_tui", "replay", str(record), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_a_record_that_cannot_be_read_exits_2(tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    record.write_text('{"t": "nonsense"}\n', encoding="utf-8")
    for command in (
        ["replay", str(record), "--protocol"],
        ["review", str(record), "--bot-cmd", "x"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "ningde_tui", *command],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 2 and "line 1" in done.stderr, done.stderr


RECORDS = sorted(
    p for p in (ROOT / "tests" / "records").glob("*.jsonl") if p.name != "result_bad.jsonl"
)


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
async def test_a_hand_written_record_plays_through_the_room_to_its_results(record: Path) -> None:
    """Claims written in any order or left out (a seat that wrote nothing passed), windows,
    the last round: the room plays them to the results the engine's replay gives."""
    from ningde_tui.records.record import replay_file

    replay = replay_file(record)
    played = await replay_seat(record, 1, replay=replay)
    results = [json.loads(t) for t in played.texts if t.startswith('{"t":"result"')]
    assert played.complete
    assert [r["deltas"] for r in results] == [h.result["deltas"] for h in replay.hands if h.result]
