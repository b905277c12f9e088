"""The bot benchmarks and audits still run (issue 14): they read the engine's internals, so an
engine change can break them without any other test noticing. Each is run for a moment."""

from __future__ import annotations

import gzip
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from ningde_tui.bots.reading import READ_FEATURES
from ningde_tui.rules import shapes

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from belief import BETAS, sample_ready  # noqa: E402  (a benchmark module, beside the scripts)

sys.path.pop(0)

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"


def run(script: str, *args: str) -> str:
    """A benchmark script's output; it imports this checkout's package, not an installed one
    (a script's own folder comes first on its path, not the working directory)."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bench_bots_prints_the_ladder_for_a_few_walls() -> None:
    out = run("bench_bots.py", "--walls", "2", "--workers", "1", "--no-speed")
    assert "hard − baseline" in out and "normal − easy" in out


def test_audit_bots_writes_decisions_with_what_the_seat_cannot_see(tmp_path: Path) -> None:
    out_file = tmp_path / "audit.jsonl"
    out = run(
        "audit_bots.py", "--hands", "2", "--rollouts", "2", "--kinds", "claim,discard",
        "--keep-hands", "--lineup", "baseline,baseline,normal,easy", "--share", "1",
        "--out", str(out_file),
    )  # fmt: skip
    assert "the others' hands kept" in out
    rows = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert rows
    for row in rows:
        assert sorted(row["lineup"]) == ["baseline", "baseline", "easy", "normal"]
        assert row["hidden"]["hands"][row["seat"]] == []  # the seat's own hand is not hidden
        for option in row["options"]:
            assert len(option["vals"]) == 2


def test_audit_plans_values_a_plan() -> None:
    out = run("audit_plans.py", "--set", "JINQUE_EXTRA=2", "--hands", "3", "--rollouts", "1")
    assert out.startswith("plan JINQUE_EXTRA=2 against hard: ")


def test_oracle_bound_seats_a_bot_that_sees_the_hidden_tiles() -> None:
    out = run(
        "oracle_bound.py", "--walls", "1", "--workers", "1", "--oracle", "wall,defence",
        "--lineup", "oracle,baseline,normal,easy",
    )  # fmt: skip
    assert out.startswith("oracle knows: defence, wall")
    assert "oracle − baseline" in out
    out = run(
        "oracle_bound.py", "--walls", "1", "--workers", "1", "--oracle", "offer",
        "--lineup", "oracle,baseline,normal,easy",
    )  # fmt: skip
    assert out.startswith("oracle knows: offer")


def test_reading_data_writes_reads_and_wall_counts(tmp_path: Path) -> None:
    feeds = tmp_path / "feeds.jsonl.gz"
    kinds = tmp_path / "kinds.jsonl.gz"
    run("reading_data.py", "--hands", "4", "--out", str(feeds))
    run("reading_data.py", "--kinds", "--hands", "2", "--out", str(kinds))
    with gzip.open(feeds, "rt") as f:
        rows = [json.loads(line) for line in f]
    assert rows and all(r["y"] in (0, 1) and len(r["x"]) == len(READ_FEATURES) for r in rows)
    with gzip.open(kinds, "rt") as f:
        rows = [json.loads(line) for line in f]
    assert rows and all(0 <= r["y"] <= r["u"] <= 4 for r in rows)


def test_reading_data_writes_sampled_beliefs_and_fit_reading_reads_them(tmp_path: Path) -> None:
    feeds = tmp_path / "feeds.jsonl.gz"
    run("reading_data.py", "--hands", "6", "--belief", "20", "--out", str(feeds))
    with gzip.open(feeds, "rt") as f:
        rows = [json.loads(line) for line in f]
    assert rows and all(
        len(r["b"]) == len(BETAS) and all(0 <= v <= 1 for v in r["b"]) for r in rows
    )


def test_belief_samples_ready_hands_from_the_unseen_tiles_only() -> None:
    """belief.py's hands: the other seat's size, ready (shanten 0), never more of a face than
    this seat has not seen."""
    rng = random.Random(3)
    unseen = [rng.randrange(5) for _ in range(27)]
    made = 0
    for _ in range(200):
        sampled = sample_ready(unseen, 2, 13, rng)
        if sampled is None:
            continue
        hand, golds = sampled
        made += 1
        assert sum(hand) + golds == 13 and golds <= 2
        assert all(0 <= n <= u for n, u in zip(hand, unseen, strict=True))
        assert shapes.shanten(hand, golds, 4) == 0
    assert made > 100
