"""``ningde learn``: the tutorial (教学), its list of lessons over the start screen; a lesson
is a short hand at the real table, and the last one offers a real game."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..i18n.words import LANGS
from ..table.presets import PACES
from ..ui.collect import import_frozen
from .play import run_table

if TYPE_CHECKING:
    from ..ui.app import NingdeApp


def main(argv: list[str] | None = None) -> int:
    return run_table(build_app(argv), "learn")


def build_app(argv: list[str] | None = None) -> NingdeApp:
    """The app ``ningde learn ARGV`` runs (bad arguments: SystemExit(2))."""
    parser = argparse.ArgumentParser(
        prog="ningde learn", description="The tutorial: short guided hands at the real table."
    )
    parser.add_argument("--lang", choices=LANGS, help="language (default: the settings, zh)")
    parser.add_argument("--ascii", action="store_true", help="draw tiles as 5m instead of 五万")
    parser.add_argument("--pace", choices=list(PACES), help="bot speed (default: the settings)")
    args = parser.parse_args(argv)
    import_frozen("ningde_tui.ui.app")
    from ..ui.app import NingdeApp
    from ..ui.model.launch import LaunchOptions

    options = LaunchOptions.for_command(args.lang, args.pace, args.ascii)
    return NingdeApp(options, first_page="tutorial")
