"""``ningde stats`` (interfaces.md §5): the command line of ``analysis.stats``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..analysis.stats import EXIT_BAD, EXIT_OK, PROG, StatsSummary, collect, tally
from ..i18n.words import LANGS, pad, pattern_name, person_name, tr
from ..records.storage import records_dir
from ..settings.store import command_look
from .options import lang_option


# ----------------------------------------------------------------------------- output
def _rate(rate: str | None) -> str:
    """A rate (``PlayerRow.win_rate``) as its column holds it: right-aligned, a dash for
    none."""
    return "    -" if rate is None else f"{rate:>6}"


COLUMNS = (  # (heading key, cells)
    ("stats.col.name", 24),
    ("stats.col.games", 6),
    ("stats.col.hands", 6),
    ("stats.col.wins", 12),
    ("stats.col.self", 11),
    ("stats.col.deal_ins", 12),
    ("stats.col.points", 8),
)


def render_text(summary: StatsSummary, lang: str = "zh") -> str:
    """The summary as a plain table in ``lang``, the players named as the 战绩 screen names
    them (玩家1, 电脑·普通)."""
    lines = [tr(lang, "cli.stats_head", games=summary.games, hands=summary.hands)]
    if summary.games_apart:
        lines.append(tr(lang, "stats.taken_back", games=summary.games_apart))
    if not summary.players:
        lines.append(tr(lang, "cli.stats_none"))
        return "\n".join(lines)
    lines.append(
        " ".join(
            pad(tr(lang, key), cells, right=i > 0) for i, (key, cells) in enumerate(COLUMNS)
        ).rstrip()
    )
    for p in summary.players:
        cells = (
            person_name(p.name, p.kind, p.levels, lang),
            str(p.games),
            str(p.hands),
            f"{p.wins} {_rate(p.win_rate)}",
            str(p.self_draws),
            f"{p.deal_ins} {_rate(p.deal_in_rate)}",
            f"{p.points:+d}",
        )
        lines.append(
            " ".join(
                pad(text, width, right=i > 0)
                for i, (text, (_, width)) in enumerate(zip(cells, COLUMNS, strict=True))
            )
        )
        if p.patterns:
            mix = " · ".join(f"{pattern_name(k, lang)} {v}" for k, v in p.patterns.items())
            lines.append(" " * (COLUMNS[0][1] + 1) + mix)
    return "\n".join(lines)


def record_player(name: str) -> str:
    """``--player``'s name as the record holds it: 玩家1 / Player 1 (how the lists show a
    seat named only by its number) is the record's ``P1``."""
    for lang in LANGS:
        for n in range(1, 5):
            if name == tr(lang, "seat.player", n=n):
                return f"P{n}"
    return name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Each player's record over every saved game (interfaces.md §5)."
    )
    parser.add_argument("--dir", type=Path, help="the folder of records (default: your games)")
    parser.add_argument("--player", help="only this player name")
    parser.add_argument(
        "--against", metavar="LEVEL", help="only games where every bot opponent plays at LEVEL"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    lang_option(parser)
    parser.add_argument("--no-cache", action="store_true", help="replay every record afresh")
    args = parser.parse_args(argv)
    folder = args.dir if args.dir is not None else records_dir()
    if args.dir is not None and not folder.is_dir():
        print(f"{PROG}: {folder} is not a folder", file=sys.stderr)
        return EXIT_BAD
    found = collect(folder, use_cache=not args.no_cache)
    for path, reason in found.broken:
        print(f"{PROG}: skipping {path}: {reason}", file=sys.stderr)
    player = None if args.player is None else record_player(args.player)
    summary = tally(found.games, player, args.against)
    if args.json:
        print(json.dumps(summary.to_json(), ensure_ascii=False))
    else:
        print(render_text(summary, command_look(args.lang)[0]))
    return EXIT_OK
