"""Bot strength and speed (issue: bots at three strengths).

    .venv/bin/python benchmarks/bench_bots.py [--walls 2000] [--workers 2]

1. Strength: duplicate play (every wall four times, the bots rotated through the seats) of
   hard vs normal vs easy vs random: mean points per hand with a 95% interval, and each gap
   between neighbours with its paired 95% interval (per wall), which must lie above zero.
   ``--all-orders`` plays every wall in all six cyclic seating orders as well (24 plays a
   wall): with rotations alone each bot always has the same 上家 (hard sits after random,
   normal after hard), which is worth about 0.1-0.2 points a hand here, and the 24 plays
   also narrow the intervals.
2. Speed on one core: hands/s for four `normal` bots and four `random` bots, and the time a
   `hard` decision takes (median and 99th percentile).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from ningde_tui.bots.base import make_bot
from ningde_tui.rules.game import OVER, Game
from ningde_tui.rules.wall import shuffled_wall
from ningde_tui.simulate import simulate

LEVELS = ["hard", "normal", "easy", "random"]


def strength(walls: int, workers: int, seed: int, all_orders: bool) -> None:
    summary = simulate(walls, seed, LEVELS, duplicate=True, workers=workers, all_orders=all_orders)
    design = "6 seating orders × 4 rotations" if all_orders else "4 rotations"
    print(f"duplicate: {walls} walls × {design} = {summary.hands} hands, {summary.seconds:.0f} s")
    print(f"{'bot':<8} {'mean/hand':>10} {'95% CI':>8} {'win %':>6} {'deal-in %':>9}  patterns")
    for s in summary.seats:
        mean, ci = s.mean_ci()
        pats = ", ".join(f"{k} {v}" for k, v in sorted(s.patterns.items(), key=lambda kv: -kv[1]))
        print(
            f"{s.bot:<8} {mean:>+10.3f} {ci:>8.3f} {100 * s.wins / s.hands:>6.1f} "
            f"{100 * s.deal_ins / s.hands:>9.1f}  {pats}"
        )
    print(f"{'gap':<18} {'mean':>8} {'95% CI':>18}  above zero")
    for a, b in zip(summary.seats, summary.seats[1:], strict=False):
        diffs = [x - y for x, y in zip(a.per_wall, b.per_wall, strict=True)]
        mean = statistics.fmean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        ok = "yes" if mean - half > 0 else "NO"
        print(
            f"{a.bot + ' − ' + b.bot:<18} {mean:>+8.3f} [{mean - half:+.3f}, {mean + half:+.3f}]  {ok}"
        )


def speed(hands: int) -> None:
    for level in ("normal", "random"):
        summary = simulate(hands, 1, [level] * 4)
        print(f"four {level:<7} bots: {summary.hands / summary.seconds:8.1f} hands/s (one core)")
    rng = random.Random(4)
    times: list[float] = []
    while len(times) < 2000:
        game = Game(shuffled_wall(rng), dealer=rng.randrange(4))
        bots = [make_bot("hard", rng.randrange(10**9)) for _ in range(4)]
        while game.phase != OVER:
            seat = game.to_act()[0]
            obs = game.observation(seat)
            start = time.perf_counter()
            action = bots[seat].choose(obs)
            times.append(time.perf_counter() - start)
            game.apply(action)
    times.sort()
    median = times[len(times) // 2] * 1000
    p99 = times[int(len(times) * 0.99)] * 1000
    print(
        f"hard decision: median {median:.2f} ms, 99th percentile {p99:.2f} ms ({len(times)} decisions)"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--walls", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--speed-hands", type=int, default=300)
    parser.add_argument(
        "--all-orders",
        action="store_true",
        help="every cyclic seating order too: listed first, hard always sits after random",
    )
    args = parser.parse_args()
    speed(args.speed_hands)
    strength(args.walls, args.workers, args.seed, args.all_orders)


if __name__ == "__main__":
    main()
