"""``ningde review`` (interfaces.md §5): the command line of ``analysis.review``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..analysis.review import (
    EXIT_BAD,
    EXIT_OK,
    PROG,
    REVIEWER,
    Review,
    action_text,
    default_seat,
    review_replay,
)
from ..records.record import RecordError, Replay, replay_file


def render_text(review: Review, replay: Replay) -> str:
    seats = replay.header.get("seats") or []
    name = seats[review.seat].get("name") if len(seats) == 4 else None
    who = f"seat {review.seat}" + (f" ({name})" if name else "")
    lines = [f"复盘 review of {who}: the {REVIEWER} bot's choice from the same view"]
    for d in review.decisions:
        if d.agree:
            continue
        extra = ""
        if d.effective_played is not None and d.effective_suggested is not None:
            extra = (
                f"   进张 effective {d.effective_played} vs {d.effective_suggested}"
                f" · 向听 shanten {d.shanten_played} vs {d.shanten_suggested}"
            )
        lines.append(
            f"hand {d.hand:>2} step {d.step:>3}: played {action_text(d.played):<14} "
            f"suggested {action_text(d.suggested):<14}{extra}"
        )
    s = review.summary()
    if s["decisions"]:
        lines.append(
            f"{s['decisions']} decisions, {s['agree']} agree ({100 * s['agreement']:.0f}%)"
        )
        for h in s["hands"]:
            lines.append(f"  hand {h['hand']:>2}: {h['agree']}/{h['decisions']} agree")
        if s["biggest"]:
            lines.append("biggest differences:")
            for b in s["biggest"]:
                lines.append(
                    f"  hand {b['hand']} step {b['step']}: {b['played']} → {b['suggested']}"
                )
    else:
        lines.append("this seat made no decisions in the record")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="The strongest bot's view of every decision of one seat (interfaces.md §5).",
    )
    parser.add_argument("file", type=Path, help="a .jsonl game record")
    parser.add_argument("--seat", type=int, choices=range(4), metavar="N", help="seat 0-3")
    parser.add_argument("--json", action="store_true", help="one JSON object per decision")
    args = parser.parse_args(argv)
    try:
        replay = replay_file(args.file)
    except OSError as exc:
        print(f"{PROG}: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD
    except RecordError as exc:
        print(f"{PROG}: {args.file}: {exc}", file=sys.stderr)
        return EXIT_BAD
    seat = default_seat(replay) if args.seat is None else args.seat
    review = review_replay(replay, seat)
    if args.json:
        for d in review.decisions:
            print(json.dumps(d.to_json(), ensure_ascii=False))
        print(json.dumps(review.summary(), ensure_ascii=False))
    else:
        print(render_text(review, replay))
    return EXIT_OK
