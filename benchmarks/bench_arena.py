"""The arena's pace (``ningde arena``): hands a second as it prints them, and the CPU each hand
costs all its processes (the arena, its workers and the bot programs), so that a figure taken
on a busy computer can be read against an idle one; beside it ``simulate`` with the same three
opponents and a random player, measured the same way.

    .venv/bin/python benchmarks/bench_arena.py [--hands 800] [--workers 2]
        [--bot-cmd "python docs/examples/protocol_bot.py"] [--against normal]

Each run is a command of its own (its children's CPU is what ``getrusage`` reports for it).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def measured(argv: list[str]) -> tuple[dict, float, float]:
    """Run ``ningde ARGV --json``: its summary, the seconds it took and the CPU seconds it
    and everything it started used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "ningde_tui", *argv, "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return json.loads(done.stdout), seconds, cpu


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=800)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--bot-cmd", default=f"{sys.executable} docs/examples/protocol_bot.py")
    p.add_argument("--against", default="normal")
    args = p.parse_args()
    load = os.getloadavg()[0]
    print(f"load average {load:.2f} on {os.cpu_count()} CPUs")
    arena, seconds, cpu = measured(
        ["arena", "--bot-cmd", args.bot_cmd, "--against", args.against]
        + ["--hands", str(args.hands), "--workers", str(args.workers)]
    )
    trip = arena["round_trip_ms"]
    free = min(args.workers, os.cpu_count() or 1)
    print(
        f"arena     {arena['hands_per_s']:>6} hands/s printed ({seconds:.1f} s), "
        f"{1000 * cpu / arena['hands']:.1f} ms CPU a hand: {free * arena['hands'] / cpu:.0f} "
        f"hands/s on {free} free CPUs; round trip median {trip['median']:.2f} ms, "
        f"p99 {trip['p99']:.2f} ms; faults {sum(arena['faults'].values())}"
    )
    bots = ",".join([args.against] * 3 + ["random"]) if "," not in args.against else None
    if bots is not None:
        sim, seconds, cpu = measured(
            ["simulate", "--hands", str(args.hands), "--bots", bots]
            + ["--workers", str(args.workers)]
        )
        print(
            f"simulate  {sim['hands_per_s']:>6} hands/s printed ({seconds:.1f} s), "
            f"{1000 * cpu / sim['hands']:.1f} ms CPU a hand ({bots})"
        )


if __name__ == "__main__":
    main()
