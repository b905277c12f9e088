"""``ningde demo``: four bots play at a watchable pace with every hand face up, until stopped
(Esc or Ctrl+Q) or for ``--hands`` hands; recorded like any other game."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..table.presets import BOT_LEVELS, DEFAULT_BOT
from .launch import run_table, table_app
from .options import look_options, pace_option, parse_levels, seed_option

if TYPE_CHECKING:
    from ..ui.app import NingdeApp


def main(argv: list[str] | None = None) -> int:
    return run_table(build_app(argv), "demo")


def build_app(argv: list[str] | None = None) -> NingdeApp:
    """The app ``ningde demo ARGV`` runs (bad arguments: SystemExit(2))."""
    parser = argparse.ArgumentParser(prog="ningde demo", description="Watch four bots play.")
    seed_option(parser)
    pace_option(parser, "--speed", "how fast the bots play (default: the settings)")
    parser.add_argument("--hands", type=int, default=None, help="stop (and exit) after N hands")
    parser.add_argument(
        "--bots",
        type=parse_levels,
        default=[DEFAULT_BOT] * 4,
        help=f"four levels from {', '.join(BOT_LEVELS)} (default {DEFAULT_BOT})",
    )
    look_options(parser)
    args = parser.parse_args(argv)
    if args.hands is not None and args.hands < 1:
        parser.error("--hands must be at least 1")
    if len(args.bots) != 4:
        parser.error("--bots needs four levels")
    return table_app(
        args,
        seed=args.seed,
        seats=args.bots,
        demo=True,
        demo_hands=args.hands,
    )
