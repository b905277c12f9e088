"""``ningde play``: you (seat 0) against three bots at the Textual table."""

from __future__ import annotations

import argparse

from .ui.i18n import LANGS
from .ui.match import BOT_LEVELS, DEFAULT_BOT, PACES


def parse_bots(text: str) -> list[str]:
    bots = [b.strip() for b in text.split(",")]
    if len(bots) != 3 or any(b not in BOT_LEVELS for b in bots):
        raise argparse.ArgumentTypeError(
            f"three comma-separated levels from {', '.join(BOT_LEVELS)}, e.g. easy,normal,hard"
        )
    return bots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ningde play", description="Play against three bots.")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    parser.add_argument("--lang", choices=LANGS, default="zh", help="language (default zh)")
    parser.add_argument("--ascii", action="store_true", help="draw tiles as 5m instead of 五万")
    parser.add_argument("--pace", choices=list(PACES), default="normal", help="bot speed")
    parser.add_argument(
        "--bots",
        type=parse_bots,
        default=[DEFAULT_BOT] * 3,
        help=f"levels of 下家,对家,上家 from {', '.join(BOT_LEVELS)} (default {DEFAULT_BOT})",
    )
    parser.add_argument("--rounds", type=int, default=1, help="圈 per session (default 1)")
    parser.add_argument(
        "--no-start", action="store_true", help="skip the start screen and deal at once"
    )
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    from .ui.app import NingdeApp

    NingdeApp(
        seed=args.seed,
        lang=args.lang,
        ascii_tiles=args.ascii,
        pace=args.pace,
        bots=args.bots,
        rounds=args.rounds,
        start_screen=not args.no_start,
    ).run()
    return 0
