"""The table's speed, through Textual's Pilot (headless), at 110×34, 160×50 and 200×60.

    .venv/bin/python benchmarks/bench_ui.py [--actions 150] [--turns 30] [--starts 5] [--only-start]

Prints, per size:
- **redraw**: from ``refresh_table()`` after one action (each action of a game played by
  bots, applied to the engine, then the table redrawn) until the last frame it causes is
  painted, median and p99 in ms, and as a ratio to an *idle repaint* (the same screen asked to
  repaint with nothing changed, until painted) measured in the same run;
- **discard → decision**: a human's discard (its key sent as a terminal would) until the frame
  in which the table asks the human to decide again is painted, three bots answering at pace
  instant: median and p99 in ms.

Then, per size, what a move costs whatever the load (``--counts``, on by default): per action
redrawn, the frames and layouts, the rows the compositor drew again (every row with a dirty
region in it), the widget lines Textual styled anew, the strips it cut at widgets' edges, and
the CPU time of ``refresh_table`` and of the frame (layout and compositor).

And once: **start** — a fresh process from its launch until the first screen is up (the start
screen) and until the table is up, beside a bare Textual app (one Static) started the same
way: median seconds and CPU seconds over ``--starts`` launches of each kind, and the ratios.
The kinds are launched in turn (a change of the machine's load falls on all of them), each
launch with empty data and config folders, from bytecode an untimed first round wrote. Beside
them, a bare Textual app with the start screen's kinds of widgets (five selects, five inputs,
ten buttons, fifteen statics, a footer): what Textual itself takes to bring such a screen up.
``--only-start`` runs only this part.

The machine's load moves every figure: compare the ratios, and run it twice.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZES = ((110, 34), (160, 50), (200, 60))

CHILD = {
    "bare": """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("ready")
    def on_mount(self):
        self.call_after_refresh(self.exit)
Bare().run(headless=True, size=(160, 50))
""",
    "widgets": """
from textual.app import App
from textual.widgets import Button, Footer, Input, Select, Static
class Widgets(App):
    def compose(self):
        for _ in range(5):
            yield Select([("a", 1), ("b", 2)], value=1)
        for _ in range(5):
            yield Input("x")
        for _ in range(10):
            yield Button("b")
        for _ in range(15):
            yield Static("s")
        yield Footer()
    def on_mount(self):
        self.call_after_refresh(lambda: self.call_after_refresh(self.exit))
Widgets().run(headless=True, size=(160, 50))
""",
    "start": """
from ningde_tui.cli import build_app
app = build_app(["play", "--pace", "instant"])
app.call_after_refresh(lambda: app.call_after_refresh(app.exit))
app.run(headless=True, size=(160, 50))
""",
    "table": """
from ningde_tui.cli import build_app
from ningde_tui.ui.screens.table import TableScreen
app = build_app(["play", "--pace", "instant", "--seed", "7", "--no-start"])
def check():
    if isinstance(app.screen, TableScreen) and app.screen.table_ready:
        app.exit()
    else:
        app.set_timer(0.01, check)
app.call_after_refresh(check)
app.run(headless=True, size=(160, 50))
""",
}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(value: float) -> str:
    return f"{value * 1000:7.1f}"


async def bot_moves(match: Any, screen: Any, pilot: Any) -> bool:
    """The next bot's action applied to the engine, not yet drawn; a finished hand is dealt
    anew (and drawn) first. False when no bot has a move."""
    while match.hand_over:
        match.finish_hand()
        match.next_hand()
        screen.refresh_table()
        await pilot.pause()
    step = match.next_bot()
    if step is None:
        return False
    seat, obs, _ = step
    match.apply(match.bot_action(seat, obs))
    return True


async def redraws(size: tuple[int, int], actions: int) -> tuple[list[float], list[float]]:
    """(idle repaints, redraws after an action), in seconds."""
    from ningde_tui.table.match import Match
    from ningde_tui.ui.app import NingdeApp
    from ningde_tui.ui.model.launch import LaunchOptions
    from ningde_tui.ui.screens.table import TableScreen
    from ningde_tui.ui.textual_compat import app_error, frame_writer, set_frame_writer

    match = Match.new(3, ["greedy"] * 4, humans=(), rounds_limit=False)
    # at a pace the bots would wait at, so none has moved before they are stopped
    app = NingdeApp(LaunchOptions(match=match, pace="normal", start_screen=False, seed=3))
    idle: list[float] = []
    after: list[float] = []
    painted = [0.0]  # when the last frame was handed to the terminal
    display = frame_writer(app)

    def timed_display(screen: object, renderable: object) -> None:
        display(screen, renderable)
        painted[0] = time.perf_counter()

    set_frame_writer(app, timed_display)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen), (screen, app_error(app))
        screen.workers.cancel_all()  # the bots are stepped here, one action at a time
        await pilot.pause()
        while len(after) < actions:
            if not await bot_moves(match, screen, pilot):
                break
            start = painted[0] = time.perf_counter()
            screen.refresh_table()
            await pilot.pause()
            after.append(painted[0] - start)
            start = painted[0] = time.perf_counter()
            screen.refresh()
            await pilot.pause()
            idle.append(painted[0] - start)
    return idle, after


async def counts(size: tuple[int, int], actions: int) -> dict[str, float]:
    """Per action redrawn (after 20 to warm up): frames, layouts, rows drawn again, widget
    lines styled anew, strips cut, and the CPU ms of refresh_table and of the frame."""
    from ningde_tui.table.match import Match
    from ningde_tui.ui.app import NingdeApp
    from ningde_tui.ui.model.launch import LaunchOptions
    from ningde_tui.ui.screens.table import TableScreen
    from ningde_tui.ui.textual_compat import redraw_probes

    tally: dict[str, float] = dict.fromkeys(
        ("frames", "layouts", "rows", "lines", "strips", "refresh_table", "frame"), 0.0
    )
    patched: list[tuple[object, str, object]] = []

    def count(owner: object, name: str, key: str, timed: bool = False) -> None:
        original = getattr(owner, name)

        def counted(*args: object, **kwargs: object) -> object:
            tally[key] += 0 if timed else 1
            start = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                if timed:
                    tally[key] += (time.process_time() - start) * 1000

        patched.append((owner, name, original))
        setattr(owner, name, counted)

    match = Match.new(3, ["greedy"] * 4, humans=(), rounds_limit=False)
    app = NingdeApp(LaunchOptions(match=match, pace="normal", start_screen=False, seed=3))
    probes = redraw_probes(app)  # Textual's insides, as (owner, name)
    compositor, render_chops_name = probes["chops"]
    render_chops = getattr(compositor, render_chops_name)

    def chops(self: object, crop: object, is_rendered_line: object) -> object:
        tally["rows"] += sum(1 for y in range(crop.y, crop.bottom) if is_rendered_line(y))  # type: ignore[attr-defined,operator]
        return render_chops(self, crop, is_rendered_line)

    done = 0
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        table.workers.cancel_all()
        await pilot.pause()
        while done < actions + 20:
            if done == 20:  # warmed up: count from here
                for key in ("frames", "layouts", "lines", "strips"):
                    count(*probes[key], key)
                count(*probes["reflow"], "frame", timed=True)  # layout
                count(*probes["render_update"], "frame", timed=True)
                patched.append((compositor, render_chops_name, render_chops))
                setattr(compositor, render_chops_name, chops)
            if not await bot_moves(match, table, pilot):
                break
            start = time.process_time()
            table.refresh_table()
            if done >= 20:
                tally["refresh_table"] += (time.process_time() - start) * 1000
            await pilot.pause()
            done += 1
    for owner, name, original in patched:
        setattr(owner, name, original)
    return {key: value / max(done - 20, 1) for key, value in tally.items()}


async def turns(size: tuple[int, int], count: int) -> list[float]:
    """A human's discard until the frame that asks the human again is painted, bots at pace
    instant. The key goes to the app as a terminal's would (not through ``pilot.press``, whose
    waits for the process to go idle would be timed too)."""
    from textual import events

    from ningde_tui.rules.game import Phase
    from ningde_tui.ui.app import NingdeApp
    from ningde_tui.ui.model.launch import LaunchOptions
    from ningde_tui.ui.screens.table import TableScreen
    from ningde_tui.ui.textual_compat import (
        app_error,
        frame_writer,
        send_as_terminal,
        set_frame_writer,
    )
    from ningde_tui.ui.widgets.hand import TILE_KEYS

    app = NingdeApp(LaunchOptions(pace="instant", start_screen=False, seed=11))
    out: list[float] = []
    asked = [0.0]  # when a frame asking the human to decide anew was last painted
    before: list[object] = [None]  # what the human was deciding on when the key went
    display = frame_writer(app)

    def deciding() -> bool:
        screen = app.screen
        if not isinstance(screen, TableScreen) or not screen.table_ready:
            return False
        obs = screen.view.obs if screen.view is not None else None
        return obs is not None and screen.decider(obs) is not None and bool(obs.legal)

    def timed_display(screen: object, renderable: object) -> None:
        display(screen, renderable)
        if deciding() and app.screen.view.obs is not before[0]:
            asked[0] = time.perf_counter()

    set_frame_writer(app, timed_display)

    def press(key: str) -> None:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        send_as_terminal(app, event)

    async def until(ready, limit: float = 20.0) -> bool:
        end = time.perf_counter() + limit
        while not ready():
            if time.perf_counter() > end:
                return False
            await asyncio.sleep(0.001)  # (not pilot.pause: that would force a repaint)
        return True

    async with app.run_test(size=size) as pilot:
        while len(out) < count:
            if not await until(deciding):
                break
            screen = app.screen
            assert isinstance(screen, TableScreen), (screen, app_error(app))
            obs = screen.view.obs
            if obs.phase != Phase.TURN:
                await pilot.press("s")  # pass a claim: only discards are timed
                continue
            tiles = screen.hand_view.state.tiles
            index = next(i for i in reversed(range(len(tiles))) if tiles[i] != obs.gold)
            before[0] = obs
            start = asked[0] = time.perf_counter()
            press(TILE_KEYS[index])
            await until(lambda t=start: asked[0] > t or not isinstance(app.screen, TableScreen))
            if isinstance(app.screen, TableScreen):
                out.append(asked[0] - start)
            else:  # a hand's result: on to the next hand
                await pilot.press("enter")
                await pilot.pause(0.05)
    return out


def launches(kinds: tuple[str, ...], times: int) -> dict[str, tuple[list[float], list[float]]]:
    """Per kind, (seconds per launch, CPU seconds per launch), the kinds launched in turn
    ``times`` over, each launch with empty data and config folders of its own (a table's game
    record would otherwise be read by the start screens after it)."""
    out: dict[str, tuple[list[float], list[float]]] = {kind: ([], []) for kind in kinds}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # launches read bytecode, as an installed app does
    for timed in [False] + [True] * times:  # the first round writes the bytecode, untimed
        for kind in kinds:
            with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as config:
                env.update(NINGDE_DATA_DIR=data, NINGDE_CONFIG_DIR=config)
                used = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run([sys.executable, "-c", CHILD[kind]], env=env, check=True)
                if not timed:
                    continue
                out[kind][0].append(time.perf_counter() - start)
                now = resource.getrusage(resource.RUSAGE_CHILDREN)
                out[kind][1].append(now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=150, help="actions redrawn per size")
    parser.add_argument("--turns", type=int, default=30, help="discards timed per size")
    parser.add_argument("--starts", type=int, default=5, help="launches per kind of start")
    parser.add_argument("--sizes", default="110x34,160x50,200x60")
    parser.add_argument("--only-start", action="store_true", help="only the start's launches")
    parser.add_argument("--counts", type=int, default=100, help="actions counted per size")
    args = parser.parse_args()
    os.environ.setdefault("NINGDE_DATA_DIR", tempfile.mkdtemp())
    os.environ.setdefault("NINGDE_CONFIG_DIR", tempfile.mkdtemp())
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    if args.only_start:
        sizes = []
    if sizes:
        print("size     idle repaint   redraw after an action (ms)      discard → decision (ms)")
        print("         median         median    p99   × idle           median    p99")
    for size in sizes:
        idle, after = asyncio.run(redraws(size, args.actions))
        waits = asyncio.run(turns(size, args.turns))
        base = statistics.median(idle)
        med = statistics.median(after)
        turn = f"{ms(statistics.median(waits))} {ms(pct(waits, 0.99))}" if waits else "   -"
        print(
            f"{size[0]}×{size[1]:<4} {ms(base)}        {ms(med)} {ms(pct(after, 0.99))}"
            f"   {med / base:5.1f}×          {turn}"
        )
    if args.counts and sizes:
        print(
            "per action: frames layouts  rows drawn  lines styled  strips cut  CPU ms: refresh_table  frame"
        )
        for size in sizes:
            c = asyncio.run(counts(size, args.counts))
            print(
                f"{size[0]}×{size[1]:<4}  {c['frames']:5.2f} {c['layouts']:6.2f}  {c['rows']:9.1f}"
                f"  {c['lines']:12.1f}  {c['strips']:10.1f}  {c['refresh_table']:19.2f}"
                f"  {c['frame']:5.2f}"
            )
    if args.starts:
        kinds = ("bare", "widgets", "start", "table")
        times = launches(kinds, args.starts)
        bare, widgets, start, table = (statistics.median(times[k][0]) for k in kinds)
        cpu = {k: statistics.median(times[k][1]) for k in kinds}
        print(
            f"start (160×50, median of {args.starts}): bare Textual {bare:.2f} s · "
            f"first screen {start:.2f} s ({start / bare:.2f}×) · "
            f"the table {table:.2f} s ({table / bare:.2f}×) · "
            f"bare Textual with the start screen's widgets {widgets:.2f} s ({widgets / bare:.2f}×)"
        )
        print(
            "  in CPU time: "
            + " · ".join(f"{k} {cpu[k]:.2f} s ({cpu[k] / cpu['bare']:.2f}×)" for k in kinds)
        )


if __name__ == "__main__":
    main()
