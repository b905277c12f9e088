"""Engine speed: hands per second with the built-in players, on one core.

    .venv/bin/python benchmarks/bench_engine.py [--hands N]

Prints hands/s for four `random` players (the engine's own overhead) and four `greedy` ones.
"""

from __future__ import annotations

import argparse
import time

from ningde_tui.sim.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=1000)
    args = parser.parse_args()
    print(f"{'players':<10} {'hands':>6} {'seconds':>8} {'hands/s':>9}")
    for bot in ("random", "greedy"):
        start = time.perf_counter()
        summary = simulate(args.hands, seed=1, bots=[bot] * 4)
        seconds = time.perf_counter() - start
        rate = summary.hands / seconds
        print(f"{bot:<10} {summary.hands:>6} {seconds:>8.2f} {rate:>9.1f}")


if __name__ == "__main__":
    main()
