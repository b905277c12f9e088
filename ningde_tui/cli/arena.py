"""``ningde arena`` (interfaces.md §8): an outside bot against built-in bots, headless, measured.

    ningde arena --bot-cmd "python mybot.py" [--against hard,normal,easy] [--hands N]
                 [--duplicate] [--seed S] [--seat N] [--workers N] [--timeout S] [--log DIR]
                 [--json]

The play is ``net.arena``'s; this module reads the options and prints the summary.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

from ..net.arena import GAME_HANDS, ArenaPlan, ArenaSummary, run_arena
from ..net.bots import FAULTS
from .options import parse_levels, parse_seed
from .progress import with_hands_bar

PROG = "ningde arena"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Your bot program in one seat of headless games against built-in bots, "
        "speaking the room protocol's JSON lines (docs/bots-protocol.md), measured.",
    )
    p.add_argument(
        "--bot-cmd", required=True, metavar="COMMAND", help='the bot program, e.g. "python bot.py"'
    )
    p.add_argument(
        "--against",
        type=parse_levels,
        default=["normal"],
        metavar="LEVELS",
        help="the three opponents' levels in seat order after the bot, or one for all three "
        "(default normal)",
    )
    p.add_argument(
        "--hands",
        type=int,
        default=100,
        help=f"hands to play (games of {GAME_HANDS}); with --duplicate, walls (default 100)",
    )
    p.add_argument(
        "--duplicate",
        action="store_true",
        help="play every wall four times, the bot in each seat in turn (the luck cancels)",
    )
    p.add_argument("--seed", type=parse_seed, default=0, help="random seed (default 0)")
    p.add_argument(
        "--seat",
        type=int,
        choices=range(4),
        default=0,
        metavar="N",
        help="the bot's seat 0-3, as the protocol numbers it (default 0; not with --duplicate)",
    )
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help="seconds the bot may take for one decision (default 10)",
    )
    p.add_argument(
        "--log",
        type=Path,
        metavar="DIR",
        help="write each game's record, and each hand's lines to and from the bot, here",
    )
    p.add_argument("--json", action="store_true", help="print one JSON summary object")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    against = args.against * 3 if len(args.against) == 1 else args.against
    if len(against) != 3:
        parser.error(f"--against needs one level or three, got {len(args.against)}")
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if not args.timeout > 0:
        parser.error("--timeout must be a positive number of seconds")
    if args.duplicate and args.seat:
        parser.error("--seat is not available with --duplicate (the bot sits in every seat)")
    try:
        words = shlex.split(args.bot_cmd)
    except ValueError as exc:
        parser.error(f"--bot-cmd: {exc}")
    if not words:
        parser.error("--bot-cmd is empty")
    if args.log is not None:
        try:
            args.log.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            parser.error(f"--log: cannot make the folder {args.log}: {exc.strerror or exc}")
    plan = ArenaPlan(
        args.bot_cmd,
        (against[0], against[1], against[2]),
        args.hands,
        args.duplicate,
        args.seed,
        args.seat,
        args.timeout,
        args.log,
    )
    try:
        if sys.stderr.isatty():
            total = plan.hands * (4 if plan.duplicate else 1)
            summary = with_hands_bar(
                "arena", total, lambda tick: run_arena(plan, args.workers, tick)
            )
        else:
            summary = run_arena(plan, args.workers)
    except OSError as exc:
        print(f"{PROG}: cannot start {args.bot_cmd!r}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: stopped", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(summary.to_json(), ensure_ascii=False))
    else:
        print(render(summary))
    return 0


def _pm(ci: float | None) -> str:
    return "" if ci is None else f"±{ci:.2f}"


def render(summary: ArenaSummary) -> str:
    """The summary as a few lines of text."""
    data = summary.to_json()
    plan = summary.plan
    kind = "walls, each played 4 times" if plan.duplicate else "hands"
    count = summary.hands // 4 if plan.duplicate else summary.hands
    lines = [
        f"{count} {kind} ({summary.hands} hands, {data['draws']} drawn) "
        f"against {', '.join(plan.against)}",
        "",
        f"{'':8} {'points/hand':>12} {'95% CI':>8} {'bot − it':>16} {'win %':>6} "
        f"{'deal-in %':>9}  wins by pattern",
    ]
    for row in [data["bot"], *data["opponents"]]:
        minus = row.get("bot_minus")
        versus = ""
        if minus is not None and minus["per_hand"] is not None:
            versus = f"{minus['per_hand']:+.2f} {_pm(minus['ci95'])}"
        patterns = " ".join(f"{k} {v}" for k, v in row["wins_by_pattern"].items())
        lines.append(
            f"{row['name']:8} {row['per_hand']:>+12.2f} {_pm(row['ci95']):>8} {versus:>16} "
            f"{row['win_pct']:>6.1f} {row['deal_in_pct']:>9.1f}  {patterns}"
        )
    faults = data["faults"]
    lines += [
        "",
        f"decisions {data['decisions']}, faults "
        + ", ".join(f"{kind.replace('_', ' ')} {faults[kind]}" for kind in FAULTS)
        + f" (each played as the safe move); the program was started {data['bot_starts']}×",
    ]
    trip = data["round_trip_ms"]
    if trip is not None:
        lines.append(
            f"round trip to the bot per decision: median {trip['median']:.2f} ms, "
            f"p99 {trip['p99']:.2f} ms"
        )
    lines.append(f"{data['seconds']:.1f} s, {data['hands_per_s']} hands/s")
    return "\n".join(lines)
