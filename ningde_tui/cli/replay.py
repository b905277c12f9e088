"""``ningde replay``: watch a record on the table, check it headless (``--check [--json]``), or
print it step by step as text (``--text``) (interfaces.md §2), or print the room protocol's
messages one seat was sent (``--seat N --protocol``, §8). The record may be a hand a
community server serves (§7): ``ningde replay CODE-N --server URL`` or ``ningde replay
URL/r/CODE-N`` fetches it, checks it, keeps it in the data folder and opens that."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n.words import pattern_name, people_names, tile_name, tr
from ..records.record import RecordError, Replay, replay_file
from ..records.storage import seats_from_header
from ..rules.game import EventKind
from ..server.fetch import FetchError, fetch_hand, keep, served_url
from ..settings.store import command_look
from ..ui.model.announce import describe
from .launch import run_table, table_app

if TYPE_CHECKING:
    from ..ui.app import NingdeApp


def _seat(seat: int, lang: str) -> str:
    """A record's seat (0-3) as the commands number it, 1-4: 1号位 / seat 1."""
    return tr(lang, "cli.seat", n=seat + 1)


def _describe(result: dict, lang: str = "zh") -> str:
    """One hand's result (a ``--check --json`` line) as two lines of text in ``lang``."""
    if result["winner"] is None:
        outcome = tr(lang, "cli.draw")
    else:
        by = result["by"]
        how = tr(lang, "cli.by_discard") if by == "discard" else tr(lang, f"result.by.{by}")
        pattern = pattern_name(result["pattern"], lang)
        seat = _seat(result["winner"], lang)
        if how.lower() == pattern.lower():  # 抢金 won by 抢金: said once
            outcome = tr(lang, "cli.wins_plain", seat=seat, pattern=pattern)
        else:
            outcome = tr(lang, "cli.wins", seat=seat, pattern=pattern, by=how)
    deltas = " ".join(f"{d:+d}" for d in result["deltas"])
    scores = " ".join(f"{d:+d}" for d in result["scores"])
    events = "、" if lang == "zh" else ", "
    named = events.join(tr(lang, f"rule_event.{e}") for e in result["events"]) or "-"
    head = tr(
        lang,
        "cli.hand",
        hand=result["hand"],
        dealer=_seat(result["dealer"], lang),
        streak=result["streak"],
        outcome=outcome,
    )
    return head + "\n" + tr(lang, "cli.hand_scores", deltas=deltas, scores=scores, events=named)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not _fetched(args):
        return 2
    if args.protocol:
        if args.check or args.text:
            parser.error("--protocol prints the seat's messages: not with --check or --text")
        return _protocol(args)
    if not args.check and not args.text:
        return _watch(args)
    return _headless(args)


def _fetched(args: argparse.Namespace) -> bool:
    """A served hand (``CODE-N --server URL``, ``URL/r/CODE-N``) fetched and kept as a local
    record, ``args.file`` then naming it; False (said on stderr) if it cannot be had."""
    try:
        served = served_url(args.file, args.server)
        if served is None:
            return True
        url, code = served
        text = fetch_hand(url)
    except FetchError as exc:
        print(f"ningde replay: {args.file}: {exc}", file=sys.stderr)
        return False
    try:
        args.file = str(keep(code, text))
    except OSError as exc:
        print(f"ningde replay: cannot keep {code}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True


def build_app(argv: list[str] | None = None) -> NingdeApp:
    """The app ``ningde replay FILE ARGV`` runs to watch a record (SystemExit(2) for bad
    arguments, or for --check and --text, which print instead of opening the app)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.check or args.text or args.protocol:
        parser.error("--check, --text and --protocol print the record; they open no app")
    if not _fetched(args):
        raise SystemExit(2)
    return _watch_app(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ningde replay", description="Replay a game record.")
    parser.add_argument(
        "file", help="a .jsonl game record, a served hand's CODE-N (with --server) or its URL"
    )
    parser.add_argument("--server", help="the community server (ningde server) that serves CODE-N")
    parser.add_argument("--check", action="store_true", help="replay headless and print results")
    parser.add_argument("--json", action="store_true", help="with --check: one JSON line per hand")
    parser.add_argument("--text", action="store_true", help="print the game step by step as text")
    parser.add_argument(
        "--protocol",
        action="store_true",
        help="print the room protocol's messages the seat (--seat) was sent, one JSON a line",
    )
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


def _read(args: argparse.Namespace) -> Replay | None:
    """The record replayed, or None (said on stderr)."""
    try:
        return replay_file(args.file)
    except OSError as exc:
        print(f"ningde replay: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
    except RecordError as exc:
        print(f"ningde replay: {args.file}: {exc}", file=sys.stderr)
    return None


def _protocol(args: argparse.Namespace) -> int:
    """The §6 messages seat ``--seat`` (1-4: the protocol's seat 0-3) was sent, one a line."""
    from ..net.replay import replay_seat

    replay = _read(args)
    if replay is None:
        return 2
    played = asyncio.run(replay_seat(Path(args.file), args.seat - 1, replay=replay))
    for text in played.texts:
        print(text)
    if not played.complete:
        print(
            f"ningde replay: {args.file}: the record stops in the middle of hand "
            f"{len(replay.hands)}",
            file=sys.stderr,
        )
    return 0


def _headless(args: argparse.Namespace) -> int:
    replay = _read(args)
    if replay is None:
        return 2
    for warning in replay.warnings:
        print(f"ningde replay: {args.file}: warning: {warning}", file=sys.stderr)
    lang, ascii_tiles = command_look(args.lang)
    if not args.check:
        _print_steps(replay, lang, ascii_tiles)
        return 0
    for hand in replay.hands:
        if hand.result is None:
            seats = ", ".join(_seat(s, lang) for s in hand.game.to_act())
            unfinished = tr(lang, "cli.unfinished", hand=hand.number, seats=seats)
            print(f"ningde replay: {unfinished}", file=sys.stderr)
            continue
        print(json.dumps(hand.result) if args.json else _describe(hand.result, lang))
    return 0


def _watch(args: argparse.Namespace) -> int:
    """The TUI viewer; a record that cannot be replayed opens an error screen naming the line."""
    return run_table(_watch_app(args), "replay")


def _watch_app(args: argparse.Namespace) -> NingdeApp:
    return table_app(
        args,
        replay=args.file,
        replay_seat=args.seat - 1,
        replay_open=not args.hidden,
        replay_speed=max(args.speed, 0.05),
    )


def _print_steps(replay: Replay, lang: str = "zh", ascii_tiles: bool = False) -> None:
    """A plain-text walk through the record in ``lang``, every hand open (the TUI viewer
    draws the same steps), each event told as the table's log tells it."""

    def seat(s: int) -> str:
        return _seat(s, lang)

    people = people_names(
        [(p.name, p.kind, p.level) for p in seats_from_header(replay.header)], lang
    )
    seats = (tr(lang, "cli.seat_named", n=s + 1, name=name) for s, name in enumerate(people))
    print(tr(lang, "cli.seats", seats=" · ".join(seats)))
    for hand in replay.hands:
        game = hand.game
        a, b = game.dice
        gold = tile_name(game.gold, lang, ascii_tiles)
        print(tr(lang, "cli.deal", hand=hand.number, dealer=seat(game.dealer), a=a, b=b, gold=gold))
        for event in game.log:
            if event.kind == EventKind.DRAW:
                continue
            line = describe(event, lang, ascii_tiles, viewer=event.seat, names=seat, watching=True)
            if line is not None:
                print(f"   {line.text}")
        if hand.result is not None:
            print("   " + _describe(hand.result, lang).replace("\n", "\n   "))
