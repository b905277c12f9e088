"""Memory over a long evening: four bots play N hands through the app (the demo at instant
pace, headless, at 160×50) and the resident memory is printed every ``--every`` hands.

    .venv/bin/python benchmarks/soak.py --hands 300 [--every 50] [--mode demo|play]

``--mode play`` seats a human who discards whatever is drawn (keys pressed through Pilot,
as a player would), so the player's own screens and key bar are exercised too. The last line
says how much the memory grew after the first ``--every`` hands; it should be a few MB.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
import time
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


async def soak(hands: int, every: int, mode: str, seed: int) -> list[tuple[int, float]]:
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
            await pilot.pause(0.01 if mode == "play" else 0.05)
            done = len(table.match.session.results)
            if done != played:
                played = done
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
    args = parser.parse_args()
    # the games are recorded as usual, into a folder thrown away afterwards
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as config:
        os.environ["NINGDE_DATA_DIR"], os.environ["NINGDE_CONFIG_DIR"] = data, config
        start = time.perf_counter()
        print(f"start    {rss_mb():8.1f} MB  ({args.mode}, {args.hands} hands at 160×50)")
        marks = asyncio.run(soak(args.hands, args.every, args.mode, args.seed))
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
