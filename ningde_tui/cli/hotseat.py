"""``ningde hotseat``: two to four players taking turns at one terminal, bots in the other
seats."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..table.presets import BOT_LEVELS, DEFAULT_BOT
from .launch import run_table, table_app
from .options import checked_rounds, common_options, parse_levels, parse_names, parse_seats

if TYPE_CHECKING:
    from ..ui.app import NingdeApp


def hotseat_plan(humans: int, seats: list[int] | None, bots: list[str] | None) -> list[str]:
    """Per seat "human" or a bot level: the humans in the first seats unless ``seats`` says
    where; the other seats' levels from ``bots`` in seat order (repeated if short)."""
    chosen = seats if seats is not None else list(range(humans))
    if len(chosen) != humans:
        raise ValueError(f"--seats names {len(chosen)} seats for {humans} players")
    levels = list(bots or [DEFAULT_BOT])
    out: list[str] = []
    k = 0
    for seat in range(4):
        if seat in chosen:
            out.append("human")
        else:
            out.append(levels[min(k, len(levels) - 1)])
            k += 1
    return out


def main(argv: list[str] | None = None) -> int:
    return run_table(build_app(argv), "hotseat")


def build_app(argv: list[str] | None = None) -> NingdeApp:
    """The app ``ningde hotseat ARGV`` runs (bad arguments: SystemExit(2))."""
    parser = argparse.ArgumentParser(
        prog="ningde hotseat",
        description="Two to four players take turns at one terminal; bots fill the other seats. "
        "Before each player's decision a cover screen hides the table until they press Enter.",
    )
    parser.add_argument(
        "--humans", type=int, choices=(2, 3, 4), default=2, help="how many players (default 2)"
    )
    parser.add_argument("--names", type=parse_names, default=None, help="the players' names: A,B")
    parser.add_argument(
        "--seats",
        type=parse_seats,
        default=None,
        help="the players' seats 1-4 (default: the first)",
    )
    parser.add_argument(
        "--bots",
        type=parse_levels,
        default=None,
        help=f"levels of the bot seats in seat order, from {', '.join(BOT_LEVELS)}",
    )
    common_options(parser)
    args = parser.parse_args(argv)
    rounds = checked_rounds(parser, args)
    if args.names is not None and len(args.names) != args.humans:
        parser.error(f"--names needs {args.humans} names")
    try:
        plan = hotseat_plan(args.humans, args.seats, args.bots)
    except ValueError as exc:
        parser.error(str(exc))
    return table_app(
        args,
        seed=args.seed,
        rounds=rounds,
        seats=plan,
        names=args.names,
        start_screen=False,
    )
