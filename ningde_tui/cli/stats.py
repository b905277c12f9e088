"""``ningde stats`` (interfaces.md §5): the command line of ``analysis.stats``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..analysis.stats import EXIT_BAD, EXIT_OK, PROG, collect, tally
from ..records.storage import records_dir
from ..ui.model.i18n import pattern_name


# ----------------------------------------------------------------------------- output
def _rate(n: int, d: int) -> str:
    return f"{100 * n / d:5.1f}%" if d else "    -"


def render_text(summary: dict[str, Any]) -> str:
    """The summary as a plain table (Chinese and English headings)."""
    lines = [f"{summary['games']} 局对局 games · {summary['hands']} 手牌 hands"]
    if not summary["players"]:
        lines.append("没有记录 no games found")
        return "\n".join(lines)
    head = (
        f"{'玩家 player':<18} {'局':>4} {'手':>5} {'和 wins':>8} {'自摸':>5} {'点炮 deal-in':>12} "
        f"{'分 points':>9}"
    )
    lines.append(head)
    for p in summary["players"]:
        lines.append(
            f"{p['name'][:18]:<18} {p['games']:>4} {p['hands']:>5} "
            f"{p['wins']:>4} {_rate(p['wins'], p['hands'])} {p['self_draws']:>4} "
            f"{p['deal_ins']:>5} {_rate(p['deal_ins'], p['hands'])} {p['points']:>+9d}"
        )
        if p["patterns"]:
            mix = " · ".join(f"{pattern_name(k, 'zh')} {v}" for k, v in p["patterns"].items())
            lines.append(f"{'':<18}   {mix}")
    return "\n".join(lines)


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
    parser.add_argument("--no-cache", action="store_true", help="replay every record afresh")
    args = parser.parse_args(argv)
    folder = args.dir if args.dir is not None else records_dir()
    if args.dir is not None and not folder.is_dir():
        print(f"{PROG}: {folder} is not a folder", file=sys.stderr)
        return EXIT_BAD
    found = collect(folder, use_cache=not args.no_cache)
    for path, reason in found.broken:
        print(f"{PROG}: skipping {path}: {reason}", file=sys.stderr)
    summary = tally(found.games, args.player, args.against)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(render_text(summary))
    return EXIT_OK
