"""Bot strength and speed: the ladder easy < normal < hard, and hard against baseline.

    .venv/bin/python benchmarks/bench_bots.py [--walls 4000] [--workers 2] [--rotations-only]
    .venv/bin/python benchmarks/bench_bots.py --no-speed --walls 600 --seed 7 \
        --variant "try:jinque_extra=2,flush_extra=-1" --lineup try,baseline,normal,easy

``--variant NAME:FIELD=VALUE,...`` seats a hard bot whose ``HardTuning`` (bots/hard.py) has
those fields changed, under the name NAME; each variant in the lineup is compared with baseline.
A null run, which plays exactly as baseline, is the variant
``null:jinque_extra=-1,flush_extra=-1,defence_cost=0,call_margin=inf``.

1. Strength: duplicate play of hard, baseline, normal and easy at one table: every wall in all
   six cyclic seating orders × four rotations (24 plays a wall; ``--rotations-only`` plays the
   listed order's four rotations only, which flatters whoever sits after the weakest bot).
   Printed: each bot's mean points per hand with a 95% interval (over walls), win and deal-in
   rates, the mix of patterns its wins took; then the paired differences (per wall) hard −
   baseline and the ladder hard − normal, normal − easy, each beside the least gap aimed for
   (+0.15 over baseline, +0.3 a step of the ladder) and whether it is met (the mean at least
   that, the interval above zero).
2. Speed on one core, in CPU time (``time.process_time``, so other load on the machine counts
   little): hands/s for four ``normal`` bots (≥ 50, best of three) beside the engine's own pace
   with four ``random`` players at the same moment, and the time a ``hard`` decision takes,
   median (≤ 50 ms) and 99th percentile (≤ 200 ms).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import math
import random
import statistics
import time

from ningde_tui.bots.base import REFERENCE_BOTS, make_bot
from ningde_tui.bots.hard import HARD, HardBot
from ningde_tui.i18n.words import pattern_name
from ningde_tui.rules.game import Game, Phase
from ningde_tui.rules.scoring import PATTERNS
from ningde_tui.rules.wall import shuffled_wall
from ningde_tui.sim.simulate import SeatStats, simulate

LINEUP = ["hard", "baseline", "normal", "easy"]
# (better, worse, the least gap aimed for)
GAPS = [("hard", "baseline", 0.15), ("hard", "normal", 0.3), ("normal", "easy", 0.3)]


def paired(a: SeatStats, b: SeatStats) -> tuple[float, float, float]:
    """Mean of a − b per wall, with the ends of its 95% interval."""
    diffs = [x - y for x, y in zip(a.per_wall, b.per_wall, strict=True)]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.nan
    return mean, mean - half, mean + half


def pattern_mix(s: SeatStats) -> str:
    wins = max(1, s.wins)
    return ", ".join(
        f"{pattern_name(p, 'zh')} {s.patterns[p]} ({100 * s.patterns[p] / wins:.1f}%)"
        for p in PATTERNS
        if s.patterns.get(p)
    )


def strength(walls: int, workers: int, seed: int, all_orders: bool, lineup: list[str]) -> None:
    summary = simulate(walls, seed, lineup, duplicate=True, workers=workers, all_orders=all_orders)
    design = "6 seating orders × 4 rotations" if all_orders else "4 rotations"
    print(
        f"duplicate, seed {seed}: {walls} walls × {design} = {summary.hands} hands, "
        f"{summary.seconds:.0f} s"
    )
    print(f"{'bot':<9} {'mean/hand':>10} {'95% CI':>8} {'win %':>6} {'deal-in %':>9}")
    for s in summary.seats:
        mean, ci = s.mean_ci()
        print(
            f"{s.bot:<9} {mean:>+10.3f} {ci:>8.3f} {100 * s.wins / s.hands:>6.1f} "
            f"{100 * s.deal_ins / s.hands:>9.1f}"
        )
    print("pattern mix of the wins (count, share of the bot's wins):")
    for s in summary.seats:
        print(f"  {s.bot:<9} {pattern_mix(s)}")
    by_bot = {s.bot: s for s in summary.seats}
    print(f"{'paired gap':<20} {'mean':>8} {'95% CI':>18}  {'asked':>6}  met")
    gaps = GAPS + [(b, "baseline", 0.15) for b in lineup if b in REFERENCE_BOTS and b != "baseline"]
    for better, worse, asked in gaps:
        if better not in by_bot or worse not in by_bot:
            continue
        mean, lo, hi = paired(by_bot[better], by_bot[worse])
        met = "yes" if lo > 0 and mean >= asked else ("above zero" if lo > 0 else "NO")
        print(
            f"{better + ' − ' + worse:<20} {mean:>+8.3f} [{lo:+.3f}, {hi:+.3f}]  {asked:>+6.2f}  {met}"
        )


def cpu_rate(hands: int, bot: str) -> float:
    """Hands per second of CPU time for four ``bot``s."""
    start = time.process_time()
    simulate(hands, 1, [bot] * 4)
    return hands / (time.process_time() - start)


def speed(hands: int, decisions: int) -> None:
    simulate(hands // 10, 1, ["normal"] * 4)  # warm up
    # best of three, interleaved with the engine's own pace (four random players) at the same
    # moment, so that figures taken under other loads can be compared by the ratio
    normal, reference = 0.0, 0.0
    for _ in range(3):
        normal = max(normal, cpu_rate(hands, "normal"))
        reference = max(reference, cpu_rate(5 * hands, "random"))
    print(
        f"four normal bots: {normal:8.1f} hands/s of CPU time (best of 3); the engine with "
        f"four random players {reference:.0f} (normal at {normal / reference:.3f} of it)"
    )
    rng = random.Random(4)
    times: list[float] = []
    while len(times) < decisions:
        game = Game(shuffled_wall(rng), dealer=rng.randrange(4))
        bots = [make_bot("hard", rng.randrange(10**9)) for _ in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            obs = game.observation(seat)
            start = time.process_time()
            action = bots[seat].choose(obs)
            times.append(time.process_time() - start)
            game.apply(action)
    times.sort()
    median = times[len(times) // 2] * 1000
    p99 = times[int(len(times) * 0.99)] * 1000
    print(
        f"hard decision (CPU time): median {median:.2f} ms, 99th percentile {p99:.2f} ms, "
        f"max {times[-1] * 1000:.1f} ms ({len(times)} decisions)"
    )


def register_variant(spec: str) -> str:
    """``NAME:FIELD=VALUE,...``: a hard bot with those HardTuning fields changed (each VALUE
    read as its field's type: ``call_margin=inf`` is a float), known to make_bot as NAME."""
    name, _, settings = spec.partition(":")
    known = {f.name for f in dataclasses.fields(HARD)}
    changes = {}
    for item in filter(None, settings.split(",")):
        key, _, value = item.partition("=")
        if key not in known:
            raise SystemExit(
                f"HardTuning has no field {key!r} (fields: {', '.join(sorted(known))})"
            )
        kind = type(getattr(HARD, key))
        try:
            changes[key] = kind(value)
        except ValueError:
            raise SystemExit(f"{key}={value!r} is not a {kind.__name__}") from None
    REFERENCE_BOTS[name] = functools.partial(HardBot, tuning=dataclasses.replace(HARD, **changes))
    return name


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--walls", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--speed-hands", type=int, default=300)
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--lineup", default=",".join(LINEUP), help="four bots, comma-separated")
    parser.add_argument(
        "--rotations-only",
        action="store_true",
        help="the listed seating order's four rotations only (not all six orders)",
    )
    parser.add_argument("--no-speed", action="store_true", help="strength only")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        help="NAME:FIELD=VALUE,... (a hard bot with another HardTuning)",
    )
    args = parser.parse_args()
    for spec in args.variant:
        register_variant(spec)  # before the worker processes fork, so they know it too
    if not args.no_speed:
        speed(args.speed_hands, args.decisions)
    lineup = [b.strip() for b in args.lineup.split(",")]
    strength(args.walls, args.workers, args.seed, not args.rotations_only, lineup)


if __name__ == "__main__":
    main()
