"""``ningde lobby [URL]``: the app opened straight in a community server's lobby (interfaces.md
§7), the start screen's 在线大厅.

    ningde lobby [ws://HOST:7350/lobby] [--name NAME] [--lang zh|en] [--ascii]

With a URL (``ws://``, ``wss://``, or just ``HOST:PORT``: ws:// and ``/lobby`` are understood)
it connects at once, under ``--name`` or the name last used there; without one it shows the
server and name last used, to be confirmed. Leaving the lobby (Esc) goes to the start screen.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..i18n.words import LANGS
from ..server.client import lobby_url
from ..server.lobby import check_name
from ..ui.collect import import_frozen

if TYPE_CHECKING:
    from ..ui.app import NingdeApp


def _url(text: str) -> str:
    try:
        return lobby_url(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            f"{exc}: a lobby's address is ws://HOST:7350/lobby (or wss://, or HOST:PORT)"
        ) from None


def _name(text: str) -> str:
    try:
        return check_name(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="ningde lobby",
        description="Open the lobby of a community server (ningde server): its public rooms, "
        "new rooms, the leaderboard and your finished games.",
    )
    p.add_argument(
        "url", nargs="?", type=_url, help="the lobby's address (default: the one last used)"
    )
    p.add_argument("--name", type=_name, help="your name there (default: the one last used)")
    p.add_argument("--lang", choices=LANGS, help="language (default: the settings, zh)")
    p.add_argument("--ascii", action="store_true", help="draw tiles as 5m instead of 五万")
    return p


def build_app(argv: list[str] | None = None) -> NingdeApp:
    """The app ``ningde lobby`` opens: the start screen with the lobby over it (bad
    arguments: SystemExit(2))."""
    import_frozen("ningde_tui.ui.app")
    from ..ui.app import NingdeApp
    from ..ui.model.launch import LaunchOptions, LobbyTarget

    args = parser().parse_args(argv)
    target = LobbyTarget(args.url or "", args.name or "", connect=args.url is not None)
    options = LaunchOptions.for_command(args.lang, None, args.ascii, lobby=target)
    return NingdeApp(options, first_page="lobby")


def main(argv: list[str] | None = None) -> int:
    from .play import run_table

    return run_table(build_app(argv), "lobby")
