"""The bot benchmarks and data tools still run: they read the engine's internals, so an engine
change can break them without any other test noticing. Each is run for a moment."""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ningde_tui.bots.hard import CALL_WEIGHTS
from ningde_tui.bots.reading import READ_FEATURES, READ_WEIGHTS

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
# the fits need numpy, which the game does not
needs_numpy = pytest.mark.skipif(
    importlib.util.find_spec("numpy") is None, reason="the fit scripts need numpy"
)


def run(script: str, *args: str, ok: bool = True) -> str:
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
    assert (done.returncode == 0) == ok, done.stderr
    return done.stdout + done.stderr


def test_bench_bots_prints_the_ladder_for_a_few_walls() -> None:
    out = run("bench_bots.py", "--walls", "2", "--workers", "1", "--no-speed")
    assert "hard − baseline" in out and "normal − easy" in out


def test_bench_bots_seats_a_variant_of_hards_tuning() -> None:
    null = "null:jinque_extra=-1,flush_extra=-1,defence_cost=0,call_margin=inf"
    out = run(
        "bench_bots.py", "--walls", "1", "--workers", "1", "--no-speed", "--rotations-only",
        "--variant", null, "--lineup", "null,baseline,normal,easy",
    )  # fmt: skip
    assert "null − baseline" in out
    out = run("bench_bots.py", "--no-speed", "--variant", "try:JINQUE_EXTRA=2", ok=False)
    assert "HardTuning has no field 'JINQUE_EXTRA'" in out
    out = run("bench_bots.py", "--no-speed", "--variant", "try:jinque_extra=two", ok=False)
    assert "jinque_extra='two' is not a int" in out


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


def test_reading_data_writes_the_reads_of_ready_discards(tmp_path: Path) -> None:
    feeds = tmp_path / "feeds.jsonl.gz"
    run("reading_data.py", "--hands", "4", "--out", str(feeds))
    with gzip.open(feeds, "rt") as f:
        rows = [json.loads(line) for line in f]
    assert rows and all(r["y"] in (0, 1) and len(r["x"]) == len(READ_FEATURES) for r in rows)


@needs_numpy
def test_fit_calls_gives_the_shipped_call_weights() -> None:
    out = run("fit_calls.py", str(BENCH / "data" / "calls.jsonl.gz"))
    shipped = "\n".join(
        f"    {dsh}: ({', '.join(f'{v:.3f}' for v in w)})," for dsh, w in CALL_WEIGHTS.items()
    )
    assert f"CALL_WEIGHTS = {{\n{shipped}\n}}" in out


@needs_numpy
def test_fit_reading_gives_the_shipped_read_weights() -> None:
    out = run("fit_reading.py", str(BENCH / "data" / "feeds.jsonl.gz"))
    fitted = out[out.index("READ_WEIGHTS = (") :].splitlines()[1 : 1 + len(READ_WEIGHTS)]
    assert tuple(float(line.split(",")[0]) for line in fitted) == READ_WEIGHTS


def test_the_arena_bench_runs() -> None:
    out = run("bench_arena.py", "--hands", "4", "--workers", "1")
    assert "arena" in out and "simulate" in out and "faults 0" in out
