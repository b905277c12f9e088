"""Opening the table: the one way the commands that open it (``play``, ``hotseat``, ``demo``,
``learn``, ``replay``) make its app and run it."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from ..ui.app import NingdeApp

WEB_DRIVER = "TEXTUAL_DRIVER"  # set by textual-serve: the app talks to a browser, not a tty


def table_app(args: argparse.Namespace, first_page: str | None = None, **options: Any) -> NingdeApp:
    """The app a command opens: the look its command line gives (``--lang``, ``--ascii``, and
    ``--pace`` where the command has one: ``look_options``, ``pace_option``) over the
    settings', ``options`` for the rest of its ``LaunchOptions``, ``first_page`` opened over
    the start screen. The app's modules are loaded here, not before, and frozen
    (``import_frozen``) with all that is alive then: so ``options`` are the values as parsed
    (lists, strings), and ``LaunchOptions`` makes the tuples and the path the app keeps after
    the freeze; nothing of one launch stays frozen with the modules."""
    from ..ui.collect import import_frozen

    import_frozen("ningde_tui.ui.app")
    from ..ui.app import NingdeApp
    from ..ui.model.launch import LaunchOptions

    pace = getattr(args, "pace", None)
    launch = LaunchOptions.for_command(args.lang, pace, args.ascii, **options)
    return NingdeApp(launch, first_page=first_page)


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
