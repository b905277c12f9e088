"""``benchmarks/bench_server.py`` still runs (for a moment, on two rooms): it drives a real
``ningde server`` (one process, its workers, or with Redis) through its lobby and reads the
server's figures from /proc."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from server_helpers import NO_REDIS, REDIS_SERVER

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.serial
@pytest.mark.parametrize(
    "shape",
    [[], ["--workers", "2"], ["--workers", "2", "--redis"]],
    ids=["one-process", "workers", "workers-redis"],
)
def test_bench_server_prints_its_figures_for_a_short_run(shape: list[str]) -> None:
    if "--redis" in shape and REDIS_SERVER is None:
        pytest.skip(NO_REDIS)
    # Bots at once and six seconds measured: each person decides every claim pause or two
    # (0.3-0.9 s a discard while people sit), so a window holds a dozen round trips or more
    # even on a loaded machine; two seconds with bots at the normal pace held none once.
    argv = ["--rooms", "2", "--seconds", "6", "--warmup", "2", "--think", "0-0.05"]
    argv += ["--pace", "instant", "--json", *shape]
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_server.py"), *argv, "--procs", "1"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout.splitlines()[-1])
    assert row["rooms"] == 2 and row["dropped"] == 0 and row["round_trips"] > 0
    assert row["server_cpu"] >= 0 and row["rss_playing_mb"] >= row["rss_before_mb"] > 0
    assert row["workers"] == (2 if shape else 0) and row["redis_cpu"] >= 0
