"""The ``ningde`` command: play (default), hotseat, demo, replay, serve, calc, simulate,
stats, review."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App

USAGE = """usage: ningde [COMMAND] [OPTIONS]

commands:
  play       play against three bots in the terminal (the default)
  hotseat    two to four players take turns at one terminal (ningde hotseat --help)
  demo       watch four bots play, every hand face up (ningde demo --help)
  replay     watch a game record, or check it (ningde replay --help)
  serve      the same app in a web browser (ningde serve --help)
  calc       score a finished hand (ningde calc --help)
  simulate   let bots play hands headless (ningde simulate --help)
  stats      each player's record over every saved game (ningde stats --help)
  review     the strongest bot's view of every decision of one seat (ningde review --help)
"""


def build_app(argv: list[str]) -> App[None]:
    """The app ``ningde ARGV`` would run, not running (interfaces.md §4): for play (the
    default), hotseat, demo and replay FILE. Bad arguments raise SystemExit(2)."""
    command, rest = _split(list(argv))
    build = _app_builder(command, watch=True)
    if build is None:
        print(f"ningde: {command!r} opens no table app\n\n{USAGE}", file=sys.stderr)
        raise SystemExit(2)
    return build(rest)


def _app_builder(command: str, watch: bool = False) -> Callable[[list[str]], App[None]] | None:
    """The function that makes the app of a command that opens the table (``replay`` only
    with ``watch``: it also prints records headless)."""
    if command == "play":
        from .play import build_play

        return build_play
    if command == "hotseat":
        from .play import build_hotseat

        return build_hotseat
    if command == "demo":
        from .demo import build_demo

        return build_demo
    if command == "replay" and watch:
        from .replay_cli import build_watch

        return build_watch
    return None


def _split(args: list[str]) -> tuple[str, list[str]]:
    """(the command, its arguments): ``play`` when the first word is an option or missing."""
    command = args[0] if args and not args[0].startswith("-") else "play"
    return command, args[1:] if args and args[0] == command else args


def main(argv: list[str] | None = None) -> int:
    try:
        return _run(argv)
    except BrokenPipeError:
        # the reader went away (`ningde replay --check F | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _run(argv: list[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    command, rest = _split(args)
    if command == "calc":
        from .calc import main as calc_main

        return calc_main(rest)
    if command == "replay":
        from .replay_cli import main as replay_main

        return replay_main(rest)
    if command == "simulate":
        from .simulate import main as simulate_main

        return simulate_main(rest)
    if command == "stats":
        from .stats import main as stats_main

        return stats_main(rest)
    if command == "review":
        from .review import main as review_main

        return review_main(rest)
    build = _app_builder(command)
    if build is not None:
        build(rest).run()
        return 0
    if command == "serve":
        from .serve import main as serve_main

        return serve_main(rest)
    print(f"ningde: unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
