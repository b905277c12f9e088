"""The command-line options the commands share, and the parsers of their values: one place, so
``play``, ``hotseat``, ``demo``, ``learn`` and the headless tools say them alike. Textual-free
(the headless tools read it too)."""

from __future__ import annotations

import argparse

from ..i18n.words import LANGS
from ..records.checks import check_name, check_seed
from ..table.presets import BOT_LEVELS, PACES

PACE_HELP = "bot speed (default: the settings)"


def parse_bots(text: str) -> list[str]:
    bots = [b.strip() for b in text.split(",")]
    if len(bots) != 3 or any(b not in BOT_LEVELS for b in bots):
        raise argparse.ArgumentTypeError(
            f"three comma-separated levels from {', '.join(BOT_LEVELS)}, e.g. easy,normal,hard"
        )
    return bots


def parse_levels(text: str) -> list[str]:
    levels = [b.strip() for b in text.split(",") if b.strip()]
    if not levels or any(b not in BOT_LEVELS for b in levels):
        raise argparse.ArgumentTypeError(
            f"comma-separated levels from {', '.join(BOT_LEVELS)}, e.g. normal,hard"
        )
    return levels


def parse_names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    try:
        return [check_name(n) for n in names]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def parse_seed(text: str) -> int:
    """A seed a record can hold (a longer number would give a record no reader accepts)."""
    try:
        return check_seed(int(text))
    except ValueError as exc:
        why = str(exc) if text.strip().lstrip("-").isdigit() else "a whole number"
        raise argparse.ArgumentTypeError(why) from None


def parse_seats(text: str) -> list[int]:
    try:
        seats = [int(s) for s in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError("seat numbers 1-4, e.g. 1,3") from None
    if any(not 1 <= s <= 4 for s in seats) or len(set(seats)) != len(seats):
        raise argparse.ArgumentTypeError("different seat numbers from 1 to 4, e.g. 1,3")
    return [s - 1 for s in seats]


def seed_option(parser: argparse.ArgumentParser) -> None:
    """``--seed``: the deal's seed, random if not given."""
    parser.add_argument(
        "--seed", type=parse_seed, default=None, help="random seed (default: random)"
    )


def lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGS, help="language (default: the settings, zh)")


def look_options(parser: argparse.ArgumentParser) -> None:
    """``--lang`` and ``--ascii``: how the table speaks and draws its tiles (over the
    settings)."""
    lang_option(parser)
    parser.add_argument("--ascii", action="store_true", help="draw tiles as 5m instead of 五万")


def pace_option(
    parser: argparse.ArgumentParser, flag: str = "--pace", help: str = PACE_HELP
) -> None:
    """How fast the bots play (over the settings): ``args.pace``, whatever the flag."""
    parser.add_argument(flag, dest="pace", choices=list(PACES), help=help)


def common_options(parser: argparse.ArgumentParser) -> None:
    """The options of a game at the table (``play``, ``hotseat``): its seed, its look, the
    bots' pace and its length (``checked_rounds`` checks it)."""
    seed_option(parser)
    look_options(parser)
    pace_option(parser)
    parser.add_argument("--rounds", type=int, default=1, help="圈 per session (default 1)")


def checked_rounds(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``--rounds`` of ``common_options``, or the parser's error (exit 2) below one."""
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    rounds: int = args.rounds
    return rounds
