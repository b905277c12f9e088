"""``ningde play``: you (seat 1) against three bots."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..table.presets import BOT_LEVELS, DEFAULT_BOT
from .launch import run_table, table_app
from .options import checked_rounds, common_options, parse_bots

if TYPE_CHECKING:
    from ..ui.app import NingdeApp


def main(argv: list[str] | None = None) -> int:
    return run_table(build_app(argv), "play")


def build_app(argv: list[str] | None = None) -> NingdeApp:
    """The app ``ningde play ARGV`` runs (bad arguments: SystemExit(2))."""
    parser = argparse.ArgumentParser(prog="ningde play", description="Play against three bots.")
    common_options(parser)
    parser.add_argument(
        "--bots",
        type=parse_bots,
        default=[DEFAULT_BOT] * 3,
        help=f"levels of 下家,对家,上家 from {', '.join(BOT_LEVELS)} (default {DEFAULT_BOT})",
    )
    parser.add_argument(
        "--no-start", action="store_true", help="skip the start screen and deal at once"
    )
    parser.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="go on with the most recent unfinished game",
    )
    args = parser.parse_args(argv)
    return table_app(
        args,
        seed=args.seed,
        bots=args.bots,
        rounds=checked_rounds(parser, args),
        start_screen=not args.no_start,
        resume=args.resume,
    )
