"""``ningde review`` (interfaces.md §5): the command line of ``analysis.review``."""

from __future__ import annotations

import argparse
import asyncio
import json
import shlex
import sys
from pathlib import Path

from ..analysis.review import (
    EXIT_BAD,
    EXIT_OK,
    PROG,
    Review,
    default_seat,
    review_advice,
    review_replay,
)
from ..i18n.words import pad, person_name, tile_name, tr
from ..records.record import RecordError, Replay, replay_file
from ..records.storage import seats_from_header
from ..rules.game import Action
from ..settings.store import command_look
from .options import lang_option


def action_words(action: Action, lang: str, ascii_tiles: bool) -> str:
    """A decision in the player's words: 打 五万, 吃 四万六万, 过 / Discard 5m, Pass."""
    tiles = action.tiles or (() if action.tile is None else (action.tile,))
    named = "".join(tile_name(t, lang, ascii_tiles) for t in tiles)
    return f"{tr(lang, f'choice.{action.type}')} {named}".rstrip()


def seat_words(seat: int, replay: Replay, lang: str) -> str:
    """Seat ``seat`` (0-3 in the record) numbered 1-4, with its player's name as every view
    says it."""
    seats = replay.header.get("seats") or []
    if len(seats) != 4 or not isinstance(seats[seat], dict) or not seats[seat].get("name"):
        return tr(lang, "cli.seat", n=seat + 1)
    info = seats_from_header(replay.header)[seat]
    shown = person_name(info.name, info.kind, [info.level] if info.level else [], lang)
    return tr(lang, "cli.seat_named", n=seat + 1, name=shown)


def render_text(
    review: Review,
    replay: Replay,
    lang: str = "zh",
    ascii_tiles: bool = False,
    command: str | None = None,
) -> str:
    """The review as lines of text in ``lang``: each decision the bot (the hard bot, or the
    program ``command``) would have made otherwise, then the agreement per hand and the
    biggest differences."""
    who = seat_words(review.seat, replay, lang)
    if command is None:
        lines = [tr(lang, "cli.review_head", who=who)]
    else:
        lines = [tr(lang, "cli.review_head_cmd", who=who, cmd=command)]

    def words(action: Action) -> str:
        return action_words(action, lang, ascii_tiles)

    for d in review.decisions:
        if d.agree:
            continue
        outlook = d.outlook()
        extra = "" if outlook is None else "   " + tr(lang, "review.cost", **outlook)
        lines.append(
            tr(
                lang,
                "cli.review_row",
                hand=d.hand,
                step=d.step,
                played=pad(words(d.played), 14),
                suggested=pad(words(d.suggested), 14),
                extra=extra,
            ).rstrip()
        )
    s = review.summary()
    if s["decisions"]:
        pct = 100 * s["agreement"]
        lines.append(tr(lang, "cli.review_total", n=s["decisions"], agree=s["agree"], pct=pct))
        for h in s["hands"]:
            lines.append(
                tr(lang, "cli.review_hand", hand=h["hand"], agree=h["agree"], n=h["decisions"])
            )
        biggest = review.biggest()
        if biggest:
            lines.append(tr(lang, "cli.review_biggest"))
            for d in biggest:
                lines.append(
                    tr(
                        lang,
                        "cli.review_diff",
                        hand=d.hand,
                        step=d.step,
                        played=words(d.played),
                        suggested=words(d.suggested),
                    )
                )
    else:
        lines.append(tr(lang, "cli.review_nothing"))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="The strongest bot's view of every decision of one seat (interfaces.md §5).",
    )
    parser.add_argument("file", type=Path, help="a .jsonl game record")
    parser.add_argument(
        "--seat",
        type=int,
        choices=range(4),
        metavar="N",
        help="the record's seat 0-3, as interfaces.md §5 and the JSON number it (the text "
        "names it 1-4, as the table does); default: the first human seat, else 0",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per decision")
    parser.add_argument(
        "--bot-cmd",
        metavar="COMMAND",
        help="your bot program instead of the hard bot: it is sent the seat's room protocol "
        "messages (as ningde join --bot-cmd) and asked at each of its decisions",
    )
    parser.add_argument(
        "--bot-timeout",
        type=float,
        default=10.0,
        help="seconds the program may take for one decision (default 10)",
    )
    lang_option(parser)
    args = parser.parse_args(argv)
    if not args.bot_timeout > 0:
        parser.error("--bot-timeout must be a positive number of seconds")
    try:
        replay = replay_file(args.file)
    except OSError as exc:
        print(f"{PROG}: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD
    except RecordError as exc:
        print(f"{PROG}: {args.file}: {exc}", file=sys.stderr)
        return EXIT_BAD
    seat = default_seat(replay) if args.seat is None else args.seat
    if args.bot_cmd is None:
        review = review_replay(replay, seat)
    else:
        try:
            review = asyncio.run(
                _review_with(args.bot_cmd, args.bot_timeout, args.file, replay, seat)
            )
        except OSError as exc:
            print(f"{PROG}: cannot start {args.bot_cmd!r}: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_BAD
        except ValueError as exc:  # shlex: an unclosed quote
            print(f"{PROG}: --bot-cmd: {exc}", file=sys.stderr)
            return EXIT_BAD
    if args.json:
        for d in review.decisions:
            print(json.dumps(d.to_json(), ensure_ascii=False))
        print(json.dumps(review.summary(), ensure_ascii=False))
    else:
        print(render_text(review, replay, *command_look(args.lang), command=args.bot_cmd))
    return EXIT_OK


async def _review_with(
    command: str, timeout: float, path: Path, replay: Replay, seat: int
) -> Review:
    """The program ``command`` beside each decision of ``seat``: it is told the seat's room
    messages as the record plays again in a room (``net.replay``), and asked at each."""
    from ..net.bots import CommandBot
    from ..net.replay import replay_seat

    bot = CommandBot(command, timeout, sys.stderr, prog=PROG)
    if not shlex.split(command):
        raise ValueError("the command is empty")
    await bot.start()
    try:
        played = await replay_seat(path, seat, bot, replay)
    finally:
        await bot.close()
    return review_advice(replay, seat, played.advice)
