"""``ningde join URL``: a seat of an online room (interfaces.md §6), at the table or headless.

    ningde join ws://HOST:7340/ROOM [--name NAME] [--watch] [--bot LEVEL | --bot-cmd "CMD"]

Without ``--bot``/``--bot-cmd`` the table opens for the first free seat (or the seat this
machine held before: its token is kept in the data folder). ``--bot LEVEL``: a built-in bot
plays the seat headless; ``--bot-cmd``: an outside program does, speaking the protocol's JSON
lines (docs/bots-protocol.md). The host's own table (``ningde host --seats you,…``) opens with
``open_local_seat(url, token)``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING

from ..i18n.words import LANGS
from ..records.checks import check_name
from ..table.presets import BOT_LEVELS
from ..ui.collect import import_frozen

if TYPE_CHECKING:
    from ..ui.app import NingdeApp


def _url(text: str) -> str:
    if not text.startswith(("ws://", "wss://")):
        raise argparse.ArgumentTypeError("a room address: ws://HOST:PORT/ROOM (or wss://)")
    return text


def _name(text: str) -> str:
    try:
        return check_name(text.strip())
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="ningde join", description="Sit at a seat of an online room (ningde host)."
    )
    p.add_argument("url", type=_url, help="the room's address, as the host prints it")
    p.add_argument("--name", type=_name, default="", help="your name at the table")
    p.add_argument("--watch", action="store_true", help="watch only (what is public)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--bot", choices=BOT_LEVELS, help="a built-in bot plays the seat headless")
    who.add_argument(
        "--bot-cmd", metavar="COMMAND", help="an outside program plays the seat (JSON lines)"
    )
    p.add_argument(
        "--bot-timeout",
        type=float,
        default=10.0,
        help="seconds an outside bot may take per decision (default 10)",
    )
    p.add_argument("--lang", choices=LANGS, help="language (default: the settings, zh)")
    p.add_argument("--ascii", action="store_true", help="draw tiles as 5m instead of 五万")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.bot or args.bot_cmd:
        if args.watch:
            print("ningde join: a bot plays a seat; --watch only watches", file=sys.stderr)
            return 2
        return asyncio.run(play_headless(args))
    from .launch import run_table

    return run_table(build_app(argv), "join")


def build_app(argv: list[str] | None = None, token: str | None = None) -> NingdeApp:
    """The table ``ningde join URL`` opens (bad arguments: SystemExit(2))."""
    import_frozen("ningde_tui.ui.app")
    from ..ui.app import NingdeApp
    from ..ui.model.launch import LaunchOptions, RoomTarget

    args = parser().parse_args(argv)
    target = RoomTarget(args.url, args.name, args.watch, token)
    return NingdeApp(LaunchOptions.for_command(args.lang, None, args.ascii, room=target))


def open_local_seat(url: str, token: str | None, name: str = "") -> int:
    """The host's own table: the seat ``token`` holds in the room at ``url``, through the
    same protocol as every player (blocks until the table is closed; run the room's server
    in another thread or process). Returns the exit status."""
    from .launch import run_table

    argv = [url, "--name", name] if name else [url]
    return run_table(build_app(argv, token), "host")


async def open_local_seat_async(url: str, token: str | None, name: str = "") -> None:
    """``open_local_seat`` on the caller's event loop (the room's server on the same loop)."""
    argv = [url, "--name", name] if name else [url]
    await build_app(argv, token).run_async()


async def play_headless(args: argparse.Namespace) -> int:
    from ..net.bots import BuiltinBot, CommandBot, SeatPlayer, play_seat
    from ..net.client import ConnectionLost, RoomClient, TokenStore
    from ..net.protocol import ProtocolError

    player: SeatPlayer
    if args.bot:
        player = BuiltinBot(args.bot)
        name = args.name or args.bot
    else:
        command = CommandBot(args.bot_cmd, args.bot_timeout, sys.stderr)
        try:
            await command.start()
        except OSError as exc:
            print(f"ningde join: cannot start {args.bot_cmd!r}: {exc}", file=sys.stderr)
            return 2
        player, name = command, args.name or "bot"
    client = RoomClient(args.url, name, tokens=TokenStore(), retries=30)

    def note(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    try:
        seat = await play_seat(client, player, note)
    except (ConnectionLost, ProtocolError) as exc:
        print(f"ningde join: {exc}", file=sys.stderr)
        return 1
    return 0 if seat.over else 1
