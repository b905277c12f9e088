"""``ningde simulate``: bots play hands with no screen (interfaces.md §3)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .bots.base import BOTS, Player, make_bot
from .record import RecordWriter, seat_info
from .rules.config import RuleConfig
from .rules.game import OVER, Game
from .rules.session import Session


def play_hand(game: Game, players: Sequence[Player], on_action: Callable | None = None) -> None:
    """Ask whoever is to act until the hand is over."""
    while game.phase != OVER:
        seat = game.to_act()[0]
        action = players[seat].choose(game.observation(seat))
        game.apply(action)
        if on_action is not None:
            on_action(action)


@dataclass
class SeatStats:
    bot: str
    points: int = 0
    wins: int = 0
    deal_ins: int = 0
    patterns: dict[str, int] = field(default_factory=dict)


@dataclass
class Summary:
    hands: int
    seconds: float
    seats: list[SeatStats]
    draws: int

    def to_json(self) -> dict:
        return {
            "hands": self.hands,
            "seconds": round(self.seconds, 3),
            "hands_per_s": round(self.hands / self.seconds, 1) if self.seconds else None,
            "seats": [
                {"bot": s.bot, "points": s.points, "wins": s.wins, "deal_ins": s.deal_ins}
                for s in self.seats
            ],
            "draws": self.draws,
        }


def bot_seed(seed: int, seat: int) -> int:
    return seed * 7919 + 104729 * (seat + 1)


def simulate(
    hands: int,
    seed: int,
    bots: Sequence[str],
    record_dir: Path | None = None,
    config: RuleConfig | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``hands`` hands in one continuing session. Same seed and bots: same games."""
    config = config or RuleConfig()
    players = [make_bot(level, bot_seed(seed, seat)) for seat, level in enumerate(bots)]
    session = Session(config, seed, rounds=0)
    stats = [SeatStats(level) for level in bots]
    writer = None
    if record_dir is not None:
        seats = [seat_info(f"{level}-{i}", "bot", level) for i, level in enumerate(bots)]
        writer = RecordWriter(record_dir / f"simulate-seed{seed}.jsonl", config, seats, seed)
    draws = 0
    start = time.perf_counter()
    for number in range(1, hands + 1):
        game = session.start_hand()
        if writer is not None:
            writer.hand(game)
        play_hand(game, players, writer.act if writer is not None else None)
        result = session.finish_hand()
        if writer is not None:
            writer.result(number, result, session.scores)
        if result.winner is None:
            draws += 1
        else:
            stats[result.winner].wins += 1
            pats = stats[result.winner].patterns
            pats[result.pattern] = pats.get(result.pattern, 0) + 1
            if result.discarder is not None:
                stats[result.discarder].deal_ins += 1
        for seat in range(4):
            stats[seat].points += result.deltas[seat]
        if progress is not None:
            progress(number)
    if writer is not None:
        writer.close()
    return Summary(hands, time.perf_counter() - start, stats, draws)


def _print_table(summary: Summary) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{summary.hands} hands, {summary.draws} drawn (流局)")
    for col in ("seat", "bot", "points", "per hand", "wins", "win %", "deal-ins", "deal-in %"):
        table.add_column(col, justify="right" if col != "bot" else "left")
    n = max(summary.hands, 1)
    for i, s in enumerate(summary.seats):
        table.add_row(
            str(i),
            s.bot,
            f"{s.points:+d}",
            f"{s.points / n:+.2f}",
            str(s.wins),
            f"{100 * s.wins / n:.1f}",
            str(s.deal_ins),
            f"{100 * s.deal_ins / n:.1f}",
        )
    console = Console()
    console.print(table)
    rate = summary.hands / summary.seconds if summary.seconds else float("inf")
    console.print(f"{summary.seconds:.2f} s, {rate:.1f} hands per second")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="ningde simulate", description="Bots play hands headless."
    )
    parser.add_argument("--hands", type=int, default=100, help="number of hands (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument(
        "--bots",
        default="greedy,greedy,greedy,greedy",
        help=f"four bots, comma-separated ({', '.join(sorted(BOTS))})",
    )
    parser.add_argument("--record", type=Path, metavar="DIR", help="write the game record here")
    parser.add_argument("--json", action="store_true", help="print one JSON summary object")
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",")]
    if len(bots) != 4:
        parser.error(f"--bots needs four bots, got {len(bots)}")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r} (known: {', '.join(sorted(BOTS))})")
    if args.hands < 1:
        parser.error("--hands must be at least 1")

    if sys.stderr.isatty():
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            transient=True,
            console=__import__("rich.console").console.Console(stderr=True),
        ) as bar:
            task = bar.add_task("simulating", total=args.hands)
            summary = simulate(
                args.hands, args.seed, bots, args.record,
                progress=lambda n: bar.update(task, completed=n),
            )  # fmt: skip
    else:
        summary = simulate(args.hands, args.seed, bots, args.record)
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        _print_table(summary)
    return 0
