"""``ningde play``: the table against three bots."""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ningde play", description="Play against three bots.")
    parser.add_argument("--seed", type=int, default=None)
    parser.parse_args(argv)
    from .ui.app import run

    return run()
