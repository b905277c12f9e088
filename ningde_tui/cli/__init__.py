"""The ``ningde`` command (interfaces.md): one module per subcommand in this package.

Each command module has ``main(argv) -> int``; those that open the table app also have
``build_app(argv)``. Modules are imported only when their command runs, so the headless tools
(calc, replay --check, simulate, stats, review) never load Textual.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from textual.app import App


class Command(NamedTuple):
    module: str
    help: str
    opens_app: bool  # has build_app (``replay`` also prints records headless)


COMMANDS: dict[str, Command] = {
    "play": Command("play", "play against three bots in the terminal (the default)", True),
    "hotseat": Command("hotseat", "two to four players take turns at one terminal", True),
    "demo": Command("demo", "watch four bots play, every hand face up", True),
    "learn": Command("learn", "the tutorial: short guided hands that teach the rules", True),
    "replay": Command("replay", "watch a game record, or check it", True),
    "join": Command("join", "sit at a seat of an online room (ningde host)", True),
    "lobby": Command("lobby", "a community server's lobby (ningde server): rooms, ranks", True),
    "serve": Command("serve", "the same app in a web browser", False),
    "host": Command("host", "host an online room: friends join it with ningde join", False),
    "server": Command("server", "a server for a community: rooms, a lobby, ratings", False),
    "calc": Command("calc", "score a finished hand", False),
    "simulate": Command("simulate", "let bots play hands headless", False),
    "stats": Command("stats", "each player's record over every saved game", False),
    "review": Command("review", "the strongest bot's view of every decision of one seat", False),
    "arena": Command("arena", "measure your own bot program against the built-in bots", False),
}
DEFAULT = "play"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ningde",
        usage="ningde [COMMAND] [OPTIONS]",
        description="宁德麻将 (Ningde Mahjong) in the terminal. `ningde COMMAND --help` for one "
        "command's options; with no command (or only options) it is `ningde play`.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for name, command in COMMANDS.items():
        sub.add_parser(name, help=command.help, add_help=False)
    return parser


def usage() -> str:
    """The commands, as ``ningde --help`` lists them."""
    return _parser().format_help()


def _split(args: list[str]) -> tuple[str, list[str]]:
    """(the command, its arguments): ``play`` when the first word is an option or missing."""
    if not args or args[0].startswith("-"):
        return DEFAULT, args
    return args[0], args[1:]


def _module(name: str) -> object:
    return importlib.import_module(f"{__name__}.{COMMANDS[name].module}")


def build_app(argv: list[str]) -> App[None]:
    """The app ``ningde ARGV`` would run, not running (interfaces.md §4): for play (the
    default), hotseat, demo and replay FILE. Bad arguments raise SystemExit(2)."""
    name, rest = _split(list(argv))
    if name not in COMMANDS or not COMMANDS[name].opens_app:
        print(f"ningde: {name!r} opens no table app\n\n{usage()}", file=sys.stderr)
        raise SystemExit(2)
    app: App[None] = _module(name).build_app(rest)  # type: ignore[attr-defined]
    return app


def main(argv: list[str] | None = None) -> int:
    try:
        return _run(list(sys.argv[1:] if argv is None else argv))
    except BrokenPipeError:
        # the reader went away (`ningde replay --check F | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _run(args: list[str]) -> int:
    if args and args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, rest = _split(args)
    if name not in COMMANDS:
        print(f"ningde: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    status: int = _module(name).main(rest)  # type: ignore[attr-defined]
    return status


if __name__ == "__main__":
    sys.exit(main())
