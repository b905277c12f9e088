"""``ningde simulate`` (interfaces.md §3): the command line of ``sim.simulate``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..bots.base import known_bots
from ..sim.simulate import Summary, seating_orders, simulate
from .options import parse_seed
from .progress import with_hands_bar


# ----------------------------------------------------------------------------- output
def _print_table(summary: Summary) -> None:
    from rich.console import Console
    from rich.table import Table

    kind = "hands"
    if summary.duplicate:
        plays = summary.hands // max(1, len(summary.seats[0].per_wall))
        kind = f"duplicate hands (each wall ×{plays})"
    table = Table(title=f"{summary.hands} {kind}, {summary.draws} drawn (流局)")
    cols = ["seat", "bot", "points", "per hand"]
    if summary.duplicate:
        cols.append("95% CI")
    cols += ["win %", "deal-in %", "top patterns"]
    for col in cols:
        table.add_column(col, justify="left" if col in ("bot", "top patterns") else "right")
    for i, s in enumerate(summary.seats):
        n = max(1, s.hands)
        mean, ci = s.mean_ci() if summary.duplicate else (s.points / n, 0.0)
        pats = sorted(s.patterns.items(), key=lambda kv: -kv[1])[:3]
        row = [str(i), s.bot, f"{s.points:+d}", f"{mean:+.2f}"]
        if summary.duplicate:
            row.append(f"±{ci:.2f}")
        row += [
            f"{100 * s.wins / n:.1f}",
            f"{100 * s.deal_ins / n:.1f}",
            " ".join(f"{k} {100 * v / max(1, s.wins):.0f}%" for k, v in pats),
        ]
        table.add_row(*row)
    console = Console()
    console.print(table)
    rate = summary.hands / summary.seconds if summary.seconds else float("inf")
    console.print(f"{summary.seconds:.2f} s, {rate:.1f} hands per second")


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    bots = _checked(parser, args)
    run = dict(duplicate=args.duplicate, workers=args.workers, all_orders=args.all_orders)
    if sys.stderr.isatty():
        plays = 4 * len(seating_orders(args.all_orders)) if args.duplicate else 1
        summary = _simulate_with_progress(args, bots, args.hands * plays, run)
    else:
        summary = simulate(args.hands, args.seed, bots, args.record, **run)
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        _print_table(summary)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ningde simulate", description="Bots play hands headless."
    )
    parser.add_argument("--hands", type=int, default=100, help="number of hands (default 100)")
    parser.add_argument("--seed", type=parse_seed, default=0, help="random seed (default 0)")
    parser.add_argument(
        "--bots",
        default="normal,normal,normal,normal",
        help=f"four bots, comma-separated ({', '.join(sorted(known_bots()))})",
    )
    parser.add_argument("--record", type=Path, metavar="DIR", help="write game records here")
    parser.add_argument("--json", action="store_true", help="print one JSON summary object")
    parser.add_argument(
        "--duplicate", action="store_true", help="play each wall four times, bots rotated"
    )
    parser.add_argument(
        "--all-orders",
        action="store_true",
        help="with --duplicate: every cyclic seating order too (24 plays a wall)",
    )
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    return parser


def _checked(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    """The four bots, once every option is known to fit (else the parser's error exits)."""
    bots = [b.strip() for b in args.bots.split(",")]
    if len(bots) != 4:
        parser.error(f"--bots needs four bots, got {len(bots)}")
    unknown = [b for b in bots if b not in known_bots()]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r} (known: {', '.join(sorted(known_bots()))})")
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if args.duplicate and args.record:
        parser.error("--record is not available with --duplicate (a duplicate wall is replayed)")
    if args.all_orders and not args.duplicate:
        parser.error("--all-orders needs --duplicate")
    return bots


def _simulate_with_progress(
    args: argparse.Namespace, bots: list[str], total: int, run: dict[str, Any]
) -> Summary:
    """Simulate with a progress bar on the terminal's stderr (hands done, hands per second)."""
    return with_hands_bar(
        "simulating",
        total,
        lambda tick: simulate(args.hands, args.seed, bots, args.record, progress=tick, **run),
    )
