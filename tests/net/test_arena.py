"""``ningde arena`` (interfaces.md §8): an outside bot program in one seat of headless games.

Real bot programs (the docs' examples, and misbehaving ones written here) are run as real
processes; whatever one does, the arena plays every hand and counts its faults."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ningde_tui.net.arena import ArenaPlan, games, run_arena

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_BOT = ROOT / "docs" / "examples" / "protocol_bot.py"
PYTHON = sys.executable


def plan(command: str, hands: int = 4, **options) -> ArenaPlan:
    return ArenaPlan(command, ("normal", "easy", "normal"), hands, **options)


def test_the_example_bot_plays_every_hand_without_a_fault() -> None:
    summary = run_arena(plan(f"{PYTHON} {EXAMPLE_BOT}", hands=20, seed=3))
    data = summary.to_json()
    assert data["hands"] == 20
    assert data["decisions"] > 20
    assert data["faults"] == {"late": 0, "not_json": 0, "illegal": 0, "gone": 0}
    assert data["bot_starts"] == 1  # one program for both games: it reads on past ``over``
    assert len(summary.tally.round_trips) == data["decisions"]
    # the hands add up: every point someone won, someone paid
    seats = [data["bot"], *data["opponents"]]
    assert sum(s["points"] for s in seats) == 0
    assert [s["name"] for s in seats] == ["bot", "normal", "easy", "normal"]
    for row in data["opponents"]:  # paired over the same hands: the difference of the means
        paired = row["bot_minus"]
        assert paired["per_hand"] == pytest.approx(
            data["bot"]["per_hand"] - row["per_hand"], abs=0.01
        )
        assert paired["ci95"] > 0


def test_the_games_are_the_same_however_many_workers_play_them() -> None:
    one = run_arena(plan(f"{PYTHON} {EXAMPLE_BOT}", hands=8, duplicate=True, seed=5))
    two = run_arena(plan(f"{PYTHON} {EXAMPLE_BOT}", hands=8, duplicate=True, seed=5), workers=2)
    assert one.hands == two.hands == 32
    assert one.tally.bot.per_wall and sorted(one.tally.bot.per_wall) == sorted(
        two.tally.bot.per_wall
    )
    for a, b in zip(one.tally.opponents, two.tally.opponents, strict=True):
        assert (a.points, a.wins, a.deal_ins) == (b.points, b.wins, b.deal_ins)


def test_duplicate_puts_the_bot_in_every_seat_of_each_wall() -> None:
    todo = games(plan("bot", hands=3, duplicate=True))
    assert [g.seat for g in todo] == [0, 1, 2, 3] * 3
    assert len({g.seed for g in todo}) == 3  # one wall per four plays
    assert todo[1].kinds(["hard", "normal", "easy"]) == ["easy", "human", "hard", "normal"]
    plain = games(plan("bot", hands=40, seat=2))
    assert [g.hands for g in plain] == [16, 16, 8] and {g.seat for g in plain} == {2}


HOSTILE = {
    "silent": "import time\ntime.sleep(600)",
    "junk": "import sys\nfor line in sys.stdin:\n    print('hello', flush=True)",
    "megabytes": "import sys\nsys.stdout.write('x' * 5_000_000)\nsys.stdout.flush()\n"
    "for line in sys.stdin:\n    pass",
    "flood": 'import sys\nwhile True:\n    print(\'{"a": "pass"}\', flush=True)',
    "illegal": "import json, sys\nfor line in sys.stdin:\n"
    "    m = json.loads(line)\n"
    "    if m['t'] == 'state' and m['obs']['legal']:\n"
    "        print(json.dumps({'a': 'win'}), flush=True)",
    "exits": "import sys\nsys.stdin.readline()",
    "deaf": "import time\nprint('{}', flush=True)\ntime.sleep(600)",
}


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_bot_that_misbehaves_costs_only_its_own_decisions(tmp_path: Path, kind: str) -> None:
    script = tmp_path / "bad_bot.py"
    script.write_text(HOSTILE[kind], encoding="utf-8")
    summary = run_arena(plan(f"{PYTHON} {script}", hands=3, timeout=0.5, seed=11))
    data = summary.to_json()
    assert data["hands"] == 3
    assert 0 < sum(data["faults"].values()) <= data["decisions"]
    expected = {
        "silent": "late",
        "junk": "not_json",
        "megabytes": "not_json",
        "flood": "illegal",
        "illegal": "illegal",
        "exits": "gone",
        "deaf": "illegal",
    }[kind]
    assert data["faults"][expected] > 0
    if kind in ("silent", "exits", "megabytes", "junk"):  # it never answers one well
        assert sum(data["faults"].values()) == data["decisions"]


def test_the_log_holds_each_games_record_and_each_hands_lines(tmp_path: Path) -> None:
    log = tmp_path
    run_arena(plan(f"{PYTHON} {EXAMPLE_BOT}", hands=2, seed=4, log=log))
    record = log / "game-0000.jsonl"
    check = subprocess.run(
        [PYTHON, "-m", "ningde_tui", "replay", "--check", "--json", str(record)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert check.returncode == 0, check.stderr
    assert len(check.stdout.splitlines()) == 2
    first = (log / "game-0000-hand-01.txt").read_text(encoding="utf-8").splitlines()
    received = [json.loads(line[2:]) for line in first if line.startswith("> ")]
    sent = [json.loads(line[2:]) for line in first if line.startswith("< ")]
    assert [m["t"] for m in received[:2]] == ["welcome", "seats"]
    assert received[-1]["t"] == "result" and sent
    decisions = [m["seq"] for m in received if m["t"] == "state" and m["obs"]["legal"]]
    assert [m["seq"] for m in sent] == decisions


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PYTHON, "-m", "ningde_tui", "arena", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def test_the_command_prints_the_bots_figures_beside_the_opponents() -> None:
    done = run_cli("--bot-cmd", f"{PYTHON} {EXAMPLE_BOT}", "--hands", "4", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["hands"] == 4 and data["round_trip_ms"]["p99"] >= data["round_trip_ms"]["median"]
    text = run_cli("--bot-cmd", f"{PYTHON} {EXAMPLE_BOT}", "--hands", "2", "--against", "easy")
    assert text.returncode == 0, text.stderr
    assert "points/hand" in text.stdout and "round trip" in text.stdout
    assert text.stdout.count("easy") >= 3


@pytest.mark.parametrize(
    "args",
    [
        ["--bot-cmd", ""],
        ["--bot-cmd", "x", "--against", "normal,hard"],
        ["--bot-cmd", "x", "--against", "nobody"],
        ["--bot-cmd", "x", "--hands", "0"],
        ["--bot-cmd", "x", "--duplicate", "--seat", "2"],
        ["--bot-cmd", "x", "--timeout", "0"],
        ["--bot-cmd", "'unclosed"],
        ["--bot-cmd", "no-such-program-here"],
        ["--bot-cmd", "x", "--log", "/dev/null/log"],
    ],
)
def test_bad_options_exit_2_with_a_message(args: list[str]) -> None:
    done = run_cli(*args, "--hands", "1") if "--hands" not in args else run_cli(*args)
    assert done.returncode == 2
    assert "ningde arena" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("workers", [1, 2])
def test_the_progress_is_told_after_each_game(workers: int) -> None:
    told: list[int] = []
    summary = run_arena(
        plan(f"{PYTHON} {EXAMPLE_BOT}", hands=3, duplicate=True), workers, told.append
    )
    assert told == sorted(told) and told[-1] == summary.hands == 12


def test_a_bot_late_once_is_started_again_and_handed_the_hand(tmp_path: Path) -> None:
    """Its program is stopped at the late answer and started again, and the seat comes back
    to the room as a reconnecting client does: welcome, seats, the whole hand so far."""
    script = tmp_path / "slow_once.py"
    marker = tmp_path / "was_slow"
    script.write_text(
        "import json, pathlib, sys, time\n"
        f"marker = pathlib.Path({str(marker)!r})\n"
        "decisions = 0\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['t'] == 'state' and m['obs']['legal']:\n"
        "        decisions += 1\n"
        "        if decisions == 3 and not marker.exists():\n"
        "            marker.touch()\n"
        "            time.sleep(60)\n"
        "        legal = m['obs']['legal']\n"
        "        act = next((a for a in legal if a['a'] == 'pass'), legal[-1])\n"
        "        print(json.dumps({'seq': m['seq'], **act}), flush=True)\n",
        encoding="utf-8",
    )
    log = tmp_path / "log"
    log.mkdir()
    # (5 s: the program started again answers well within it however busy the machine)
    data = run_arena(plan(f"{PYTHON} {script}", hands=3, timeout=5.0, seed=2, log=log)).to_json()
    assert data["faults"] == {"late": 1, "not_json": 0, "illegal": 0, "gone": 0}
    assert data["bot_starts"] == 2 and data["hands"] == 3
    told = [
        json.loads(line[2:])
        for part in sorted(log.glob("game-0000-hand-*.txt"))
        for line in part.read_text(encoding="utf-8").splitlines()
        if line.startswith("> ")
    ]
    welcomes = [i for i, m in enumerate(told) if m["t"] == "welcome"]
    assert len(welcomes) == 2
    again = told[welcomes[1] :]
    assert [m["t"] for m in again[:3]] == ["welcome", "seats", "state"]
    assert again[2]["seq"] == 1 and again[2]["events"][0]["kind"] == "deal"  # the whole hand
