"""``ningde learn``: the tutorial (教学), its list of lessons over the start screen; a lesson
is a short hand at the real table, and the last one offers a real game."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .launch import run_table, table_app
from .options import look_options, pace_option

if TYPE_CHECKING:
    from ..ui.app import NingdeApp


def main(argv: list[str] | None = None) -> int:
    return run_table(build_app(argv), "learn")


def build_app(argv: list[str] | None = None) -> NingdeApp:
    """The app ``ningde learn ARGV`` runs (bad arguments: SystemExit(2))."""
    parser = argparse.ArgumentParser(
        prog="ningde learn", description="The tutorial: short guided hands at the real table."
    )
    look_options(parser)
    pace_option(parser)
    args = parser.parse_args(argv)
    return table_app(args, first_page="tutorial")
