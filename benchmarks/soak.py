"""Memory over a long evening: four bots play N hands through the app (the demo at instant
pace, headless, at 160×50) and the resident memory is printed every ``--every`` hands.

    .venv/bin/python benchmarks/soak.py --hands 300 [--every 50] [--mode demo|play]
    .venv/bin/python benchmarks/soak.py --hands 120 --trace 30,120 [--frames 8]

``--mode play`` seats a human who discards whatever is drawn (keys pressed through Pilot,
as a player would), so the player's own screens and key bar are exercised too. The last line
says how much the memory grew after the first ``--every`` hands; it should be a few MB.

``--trace FROM,TO`` says what grew between two hands: the objects gained by type, the entries
gained by every cache and, with ``--frames N``, the memory allocated after hand FROM and still
held at hand TO by where it was allocated (``tracemalloc``; it makes the hands several times
slower).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import os
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path


def rss_mb() -> float:
    """The resident set of this process now, in MB (peak RSS where /proc is missing)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (1e6 if sys.platform == "darwin" else 1e3)


class Tracer:
    """What grew from one hand to a later one: objects by type, the entries of every cache
    (``functools.lru_cache`` functions, Textual's ``LRUCache``/``FIFOCache``, the shape
    tables) and, with ``frames``, the memory still held by where it was allocated
    (``tracemalloc``: several times slower)."""

    def __init__(self, start: int, stop: int, frames: int = 0, top: int = 20) -> None:
        self.start, self.stop, self.frames, self.top = start, stop, frames, top
        self.snapshot: tracemalloc.Snapshot | None = None
        self.before: tuple[Counter[str], Counter[str]] | None = None

    @staticmethod
    def census() -> tuple[Counter[str], Counter[str]]:
        """Live objects by type, and entries by cache (summed over caches of one kind)."""
        from textual.cache import FIFOCache, LRUCache

        from ningde_tui.rules import shapes

        types: Counter[str] = Counter()
        caches: Counter[str] = Counter()
        for o in gc.get_objects():
            types[type(o).__name__] += 1
            if isinstance(o, functools._lru_cache_wrapper):
                caches[f"lru_cache {o.__module__}.{o.__qualname__}"] += o.cache_info().currsize
            elif isinstance(o, (LRUCache, FIFOCache)):
                caches[f"{type(o).__name__} (all)"] += len(o)
        for name, n in shapes.cache_sizes().items():
            caches[f"shapes {name}"] += n
        return types, caches

    def at(self, hand: int) -> None:
        if hand == self.start:
            gc.collect()
            self.before = self.census()
            if self.frames:
                tracemalloc.start(self.frames)
                self.snapshot = tracemalloc.take_snapshot()
        elif hand == self.stop and self.before is not None:
            gc.collect()
            if self.snapshot is not None:
                self.report_traces(self.snapshot, tracemalloc.take_snapshot())
                tracemalloc.stop()
            after = self.census()
            self.report("objects gained, by type", self.before[0], after[0])
            self.report("cache entries gained", self.before[1], after[1])

    def report(self, title: str, before: Counter[str], after: Counter[str]) -> None:
        print(f"--- {title}, hand {self.start} to {self.stop}")
        gained = Counter({k: after[k] - before[k] for k in after | before})
        for name, n in gained.most_common(self.top):
            if n:
                print(f"{n:+9d}  {name}  (now {after[name]})")
        print(f"{sum(gained.values()):+9d}  in all (now {sum(after.values())})", flush=True)

    def report_traces(self, before: tracemalloc.Snapshot, after: tracemalloc.Snapshot) -> None:
        keep = [tracemalloc.Filter(False, tracemalloc.__file__)]
        diff = after.filter_traces(keep).compare_to(before.filter_traces(keep), "traceback")
        grown = sum(d.size_diff for d in diff)
        print(
            f"--- memory allocated after hand {self.start}, held at {self.stop}: "
            f"{grown / 1e6:+.2f} MB"
        )
        for stat in diff[: self.top]:
            print(f"{stat.size_diff / 1e3:+10.1f} kB {stat.count_diff:+8d} blocks")
            for line in stat.traceback.format(limit=self.frames, most_recent_first=True):
                print("    " + line)


async def soak(
    hands: int, every: int, mode: str, seed: int, tracer: Tracer | None = None
) -> list[tuple[int, float]]:
    from ningde_tui.ui.app import NingdeApp
    from ningde_tui.ui.model.launch import LaunchOptions
    from ningde_tui.ui.screens.result import ResultScreen
    from ningde_tui.ui.screens.table import TableScreen

    if mode == "demo":
        options = LaunchOptions(
            seed=seed, pace="instant", demo=True, demo_hands=hands, start_screen=False
        )
    else:
        options = LaunchOptions(seed=seed, pace="instant", rounds=0, start_screen=False)
    app = NingdeApp(options)
    marks: list[tuple[int, float]] = []
    async with app.run_test(size=(160, 50)) as pilot:
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        played = 0
        while played < hands and app.is_running:
            if mode == "play":
                screen = app.screen
                if isinstance(screen, ResultScreen):
                    await pilot.press("enter")
                elif isinstance(screen, TableScreen) and screen.hand_view.active:
                    await pilot.press("enter")  # discard the tile under the cursor
                elif isinstance(screen, TableScreen) and screen.query("ChoiceButton"):
                    await pilot.press("escape")  # pass a claim
            if mode == "play":
                await pilot.pause(0.01)
            else:
                # not pilot.pause: on a loaded machine its wait for every widget's queue
                # times out (30 s), and nothing here needs the app to be idle
                await asyncio.sleep(0.05)
            done = len(table.table.session.results)
            if done != played:
                played = done
                if tracer is not None:
                    tracer.at(played)
                if played % every == 0:
                    gc.collect()
                    marks.append((played, rss_mb()))
                    print(f"{played:5d} hands  {marks[-1][1]:8.1f} MB", flush=True)
    return marks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--every", type=int, default=50)
    parser.add_argument("--mode", choices=("demo", "play"), default="demo")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--trace", metavar="FROM,TO", help="what grew between hand FROM and hand TO"
    )
    parser.add_argument(
        "--frames", type=int, default=0, help="with --trace: tracemalloc, this many frames"
    )
    args = parser.parse_args()
    tracer = None
    if args.trace:
        start, stop = (int(n) for n in args.trace.split(","))
        tracer = Tracer(start, stop, args.frames)
    # the games are recorded as usual, into a folder thrown away afterwards
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as config:
        os.environ["NINGDE_DATA_DIR"], os.environ["NINGDE_CONFIG_DIR"] = data, config
        start = time.perf_counter()
        print(f"start    {rss_mb():8.1f} MB  ({args.mode}, {args.hands} hands at 160×50)")
        marks = asyncio.run(soak(args.hands, args.every, args.mode, args.seed, tracer))
        took = time.perf_counter() - start
    if len(marks) >= 2:
        grew = marks[-1][1] - marks[0][1]
        per = grew / (marks[-1][0] - marks[0][0]) * 100
        print(
            f"grew {grew:+.1f} MB from hand {marks[0][0]} to {marks[-1][0]} "
            f"({per:+.2f} MB per 100 hands), {took:.0f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
