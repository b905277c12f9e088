"""``ningde replay``: watch a record on the table, check it headless (``--check [--json]``), or
print it step by step as text (``--text``) (interfaces.md §2)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..records.record import RecordError, replay_file
from ..rules.game import EventKind
from ..rules.tiles import format_tiles, tile_str
from ..ui.model.i18n import pattern_name
from .play import run_table

if TYPE_CHECKING:
    from ..ui.app import NingdeApp


def _describe(result: dict) -> str:
    if result["winner"] is None:
        outcome = "流局 draw"
    else:
        pattern = result["pattern"]
        outcome = f"seat {result['winner']} wins {pattern_name(pattern, 'zh')} ({pattern}) by {result['by']}"
    deltas = " ".join(f"{d:+d}" for d in result["deltas"])
    scores = " ".join(f"{d:+d}" for d in result["scores"])
    events = ", ".join(result["events"]) or "-"
    return (
        f"hand {result['hand']}: dealer {result['dealer']} ×{result['streak']}  {outcome}\n"
        f"    deltas {deltas}   scores {scores}   events {events}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not args.check and not args.text:
        return _watch(args)
    return _headless(args)


def build_app(argv: list[str] | None = None) -> NingdeApp:
    """The app ``ningde replay FILE ARGV`` runs to watch a record (SystemExit(2) for bad
    arguments, or for --check and --text, which print instead of opening the app)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.check or args.text:
        parser.error("--check and --text print the record; they open no app")
    return _watch_app(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ningde replay", description="Replay a game record.")
    parser.add_argument("file", help="a .jsonl game record")
    parser.add_argument("--check", action="store_true", help="replay headless and print results")
    parser.add_argument("--json", action="store_true", help="with --check: one JSON line per hand")
    parser.add_argument("--text", action="store_true", help="print the game step by step as text")
    parser.add_argument(
        "--seat", type=int, choices=(1, 2, 3, 4), default=1, help="the seat at the bottom (1-4)"
    )
    parser.add_argument(
        "--hidden", action="store_true", help="start as that seat saw it (v toggles)"
    )
    parser.add_argument(
        "--speed", type=float, default=1.0, help="autoplay: seconds per step (default 1)"
    )
    parser.add_argument("--lang", choices=("zh", "en"), help="language (default: the settings)")
    parser.add_argument("--ascii", action="store_true", help="draw tiles as 5m instead of 五万")
    return parser


def _headless(args: argparse.Namespace) -> int:
    try:
        replay = replay_file(args.file)
    except OSError as exc:
        print(f"ningde replay: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(f"ningde replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    for warning in replay.warnings:
        print(f"ningde replay: {args.file}: warning: {warning}", file=sys.stderr)
    if not args.check:
        _print_steps(replay)
        return 0
    for hand in replay.hands:
        if hand.result is None:
            seats = ", ".join(str(s) for s in hand.game.to_act())
            print(
                f"ningde replay: hand {hand.number} is unfinished (the record stops while seat "
                f"{seats} is to act)",
                file=sys.stderr,
            )
            continue
        print(json.dumps(hand.result) if args.json else _describe(hand.result))
    return 0


def _watch(args: argparse.Namespace) -> int:
    """The TUI viewer; a record that cannot be replayed opens an error screen naming the line."""
    return run_table(_watch_app(args), "replay")


def _watch_app(args: argparse.Namespace) -> NingdeApp:
    from ..ui.app import NingdeApp
    from ..ui.model.launch import LaunchOptions

    options = LaunchOptions.for_command(
        args.lang,
        None,
        args.ascii,
        replay=Path(args.file),
        replay_seat=args.seat - 1,
        replay_open=not args.hidden,
        replay_speed=max(args.speed, 0.05),
    )
    return NingdeApp(options)


def _print_steps(replay) -> None:
    """A plain-text walk through the record (the TUI viewer draws the same steps)."""
    for hand in replay.hands:
        game = hand.game
        print(
            f"— hand {hand.number}: dealer {game.dealer}, dice {game.dice[0]}+{game.dice[1]}, "
            f"金 {tile_str(game.gold)}"
        )
        for event in game.log:
            if event.kind == EventKind.DRAW:
                continue
            seat = "" if event.seat is None else f"seat {event.seat} "
            tile = "" if event.tile is None else tile_str(event.tile)
            extra = f" [{format_tiles(event.tiles)}]" if event.tiles else ""
            print(f"   {seat}{event.kind} {tile}{extra}".rstrip())
        if hand.result is not None:
            print("   " + _describe(hand.result).replace("\n", "\n   "))
