"""``ningde play``: you (seat 1) against three bots; the options and parsers the commands that
open a table share."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from ..i18n.words import LANGS
from ..records.checks import check_name, check_seed
from ..table.presets import BOT_LEVELS, DEFAULT_BOT, PACES
from ..ui.collect import import_frozen

if TYPE_CHECKING:
    from textual.app import App

    from ..ui.app import NingdeApp


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


def common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed", type=parse_seed, default=None, help="random seed (default: random)"
    )
    parser.add_argument("--lang", choices=LANGS, help="language (default: the settings, zh)")
    parser.add_argument("--ascii", action="store_true", help="draw tiles as 5m instead of 五万")
    parser.add_argument("--pace", choices=list(PACES), help="bot speed (default: the settings)")
    parser.add_argument("--rounds", type=int, default=1, help="圈 per session (default 1)")


WEB_DRIVER = "TEXTUAL_DRIVER"  # set by textual-serve: the app talks to a browser, not a tty


def needs_terminal(command: str) -> str | None:
    """Why the table cannot run here, or None: with no terminal on stdin and stdout (a pipe,
    a service) Textual's input thread would spin on a CPU core instead of reading keys."""
    if os.environ.get(WEB_DRIVER):
        return None
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        if stream is None or not stream.isatty():
            return (
                f"ningde {command}: the table needs a terminal, and its {name} is not one "
                "(for a game in a browser: ningde serve; for games without a screen: "
                "ningde simulate)"
            )
    return None


def run_table(app: App[None], command: str) -> int:
    """Run a table command's app: exit 2 without a terminal, 1 if the app crashed (Textual
    has printed the error by then), else the app's own status."""
    why = needs_terminal(command)
    if why is not None:
        print(why, file=sys.stderr)
        return 2
    app.run()
    return app.return_code or 0


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
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    import_frozen("ningde_tui.ui.app")
    from ..ui.app import NingdeApp
    from ..ui.model.launch import LaunchOptions

    options = LaunchOptions.for_command(
        args.lang,
        args.pace,
        args.ascii,
        seed=args.seed,
        bots=tuple(args.bots),
        rounds=args.rounds,
        start_screen=not args.no_start,
        resume=args.resume,
    )
    return NingdeApp(options)
