"""Speed of `ningde stats` and `ningde review` (the aims: stats under a second on a data folder
of 1,000 games after the first run; a review of a 16-hand game under 10 s on one core).

    .venv/bin/python benchmarks/bench_stats_review.py [--games 1000]

Writes the games with `ningde simulate --record` into a temporary folder (random bots, which
play fastest; a game is 16 hands), then times `stats` without and with its cache, and the
review of one 16-hand game played by the hard bot (each seat). Times are process CPU seconds
and wall seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import tempfile
import time
from pathlib import Path

from ningde_tui.analysis import review
from ningde_tui.cli import stats
from ningde_tui.cli.simulate import main as simulate_main
from ningde_tui.records.record import replay_file


@contextlib.contextmanager
def timed(label: str):
    wall, cpu = time.perf_counter(), time.process_time()
    yield
    print(
        f"{label:<44} {time.process_time() - cpu:7.2f} s CPU  {time.perf_counter() - wall:7.2f} s"
    )


def quiet(fn, *args):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return fn(*args)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["NINGDE_DATA_DIR"] = str(Path(tmp) / "data")
        folder = Path(tmp) / "records"
        hands = str(16 * args.games)
        with timed(f"simulate {args.games} games (random bots)"):
            quiet(simulate_main, ["--hands", hands, "--seed", "1", "--bots",
                                  "random,random,random,random", "--record", str(folder)])  # fmt: skip
        with timed("stats, first run (replays every record)"):
            quiet(stats.main, ["--dir", str(folder), "--json"])
        for run in (1, 2):
            with timed(f"stats, cached run {run}"):
                quiet(stats.main, ["--dir", str(folder), "--json"])
        game = Path(tmp) / "hard"
        quiet(simulate_main, ["--hands", "16", "--seed", "2", "--bots",
                              "hard,hard,hard,hard", "--record", str(game)])  # fmt: skip
        path = next(game.glob("*.jsonl"))
        replay = replay_file(path)
        for seat in range(4):
            with timed(f"review of a 16-hand game, seat {seat}"):
                result = review.review_replay(replay, seat)
            print(f"{'':<44} {len(result.decisions)} decisions")


if __name__ == "__main__":
    main()
