"""``ningde simulate``: bots play hands with no screen (interfaces.md §3).

Hands are played in blocks that depend only on the seed and the block's number, so the same
seed and bots give the same games bit for bit, however many worker processes share the work.

- plain mode: sessions of ``SESSION_HANDS`` hands (dealer rotation, 连庄, running scores);
- ``--duplicate``: every wall is played four times with the bots rotated through the seats (the
  duplicate format used to rank mahjong AIs), so luck of the deal cancels out;
- ``--duplicate --all-orders``: every wall in every cyclic seating order of the bots too (6 orders
  × 4 rotations = 24 plays). With four rotations alone each bot always sits after the same one,
  and who your 上家 is matters here (吃 comes only from the 上家's discards).
"""

from __future__ import annotations

import ctypes
import itertools
import math
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots.base import Player, make_bot
from ..records.record import RecordWriter, seat_info
from ..rules.config import RuleConfig
from ..rules.game import Game, HandResult, Phase
from ..rules.session import HandSetup, Session
from ..rules.wall import roll_dice, shuffled_wall

SESSION_HANDS = 16
ORPHAN_POLL_S = 0.5  # how often a worker checks that the process that started it lives
_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def play_hand(game: Game, players: Sequence[Player], on_action: Callable | None = None) -> None:
    """Ask whoever is to act until the hand is over."""
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        action = players[seat].choose(game.observation(seat))
        game.apply(action)
        if on_action is not None:
            on_action(action)


def derived_seed(*parts: int) -> int:
    """A seed for one block/hand/seat that does not depend on how the work is split."""
    return random.Random(":".join(str(p) for p in parts)).getrandbits(62)


@dataclass
class SeatStats:
    bot: str
    points: int = 0
    wins: int = 0
    deal_ins: int = 0
    hands: int = 0
    patterns: dict[str, int] = field(default_factory=dict)
    per_wall: list[float] = field(default_factory=list)  # duplicate: mean points per wall

    def add(self, seat: int, result: HandResult) -> None:
        self.hands += 1
        self.points += result.deltas[seat]
        if result.winner == seat:
            self.wins += 1
            self.patterns[result.pattern] = self.patterns.get(result.pattern, 0) + 1
        if result.discarder == seat:
            self.deal_ins += 1

    def merge(self, other: SeatStats) -> None:
        self.points += other.points
        self.wins += other.wins
        self.deal_ins += other.deal_ins
        self.hands += other.hands
        for k, v in other.patterns.items():
            self.patterns[k] = self.patterns.get(k, 0) + v
        self.per_wall += other.per_wall

    def mean_ci(self) -> tuple[float, float]:
        """Mean points per hand and the half-width of its 95% interval (over walls)."""
        if len(self.per_wall) < 2:
            return (self.points / max(1, self.hands), float("nan"))
        return mean_ci(self.per_wall)


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``xs`` and the half-width of its 95% interval (normal approximation; nan
    with fewer than two values)."""
    if not xs:
        return float("nan"), float("nan")
    mean = sum(xs) / len(xs)
    if len(xs) < 2:
        return mean, float("nan")
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
    return mean, 1.96 * math.sqrt(var / len(xs))


@dataclass
class Summary:
    hands: int
    seconds: float
    seats: list[SeatStats]
    draws: int
    duplicate: bool = False

    def to_json(self) -> dict[str, Any]:
        seats: list[dict[str, Any]] = [
            {"bot": s.bot, "points": s.points, "wins": s.wins, "deal_ins": s.deal_ins}
            for s in self.seats
        ]
        out: dict[str, Any] = {
            "hands": self.hands,
            "seconds": round(self.seconds, 3),
            "hands_per_s": round(self.hands / self.seconds, 1) if self.seconds else None,
            "seats": seats,
            "draws": self.draws,
        }
        if self.duplicate:
            for row, s in zip(seats, self.seats, strict=True):
                mean, ci = s.mean_ci()
                row.update({"mean": round(mean, 3), "ci95": round(ci, 3), "hands": s.hands})
        return out


# ----------------------------------------------------------------------------- workers
def end_with_parent(parent: int) -> None:
    """Pool initializer: end this worker when ``parent`` dies, even by SIGKILL.

    A killed parent runs no clean-up, so nothing would stop its workers playing on for
    nobody. On Linux the kernel sends this process SIGKILL when its parent dies
    (``PR_SET_PDEATHSIG``; strictly, when the parent's thread that started it ends, and
    ``simulate`` starts the pool from the thread that waits for its results); everywhere a
    daemon thread also watches ``os.getppid()``, which changes once the parent is gone, and
    leaves at once. The parent may already have died before the prctl call: the check after
    it covers that."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass  # no prctl to be found: the thread alone watches
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_POLL_S)
        os._exit(1)

    threading.Thread(target=watch, name="orphan-watch", daemon=True).start()


# ----------------------------------------------------------------------------- one block
@dataclass
class BlockResult:
    index: int
    seats: list[SeatStats]
    draws: int
    hands: int


def _play_session_block(
    args: tuple[int, int, int, tuple[str, ...], RuleConfig, str | None],
) -> BlockResult:
    index, hands, seed, bots, config, record_dir = args
    block_seed = derived_seed(seed, index)
    session = Session(config, block_seed, rounds=0)
    players = [make_bot(level, derived_seed(seed, index, seat)) for seat, level in enumerate(bots)]
    stats = [SeatStats(level) for level in bots]
    writer = None
    if record_dir is not None:
        seats = [seat_info(f"{level}-{i}", "bot", level) for i, level in enumerate(bots)]
        path = Path(record_dir) / f"simulate-seed{seed}-{index:04d}.jsonl"
        path.unlink(missing_ok=True)
        writer = RecordWriter(path, config, seats, block_seed)
    draws = 0
    for number in range(1, hands + 1):
        game = session.start_hand()
        if writer is not None:
            writer.hand(game)
        play_hand(game, players, writer.act if writer is not None else None)
        result = session.finish_hand()
        if writer is not None:
            writer.result(number, result, session.scores)
        draws += result.winner is None
        for seat in range(4):
            stats[seat].add(seat, result)
    if writer is not None:
        writer.close()
    return BlockResult(index, stats, draws, hands)


def seating_orders(all_orders: bool) -> list[tuple[int, ...]]:
    """Cyclic seating orders of the four listed bots: the order as listed, or all six (the
    first bot fixed, the other three permuted; rotations come on top of each)."""
    if not all_orders:
        return [(0, 1, 2, 3)]
    return [(0, *rest) for rest in itertools.permutations((1, 2, 3))]


def _play_duplicate_wall(
    args: tuple[int, int, int, tuple[str, ...], RuleConfig, str | None],
) -> BlockResult:
    index, plays, seed, bots, config, _record = args
    rng = random.Random(derived_seed(seed, index))
    dealer = rng.randrange(4)
    setup = HandSetup(dealer, 1, roll_dice(rng), shuffled_wall(rng))
    stats = [SeatStats(level) for level in bots]
    draws = 0
    for number, order in enumerate(seating_orders(plays > 4)):
        for rotation in range(4):
            # the bot at position k of the order sits at seat (k + rotation) % 4
            seat_of = [0] * 4
            for k, j in enumerate(order):
                seat_of[j] = (k + rotation) % 4
            players: list[Player] = [None] * 4  # type: ignore[list-item]
            for j, level in enumerate(bots):
                # the listed order keeps the seeds it always had
                parts = (rotation, j) if number == 0 else (number, rotation, j)
                players[seat_of[j]] = make_bot(level, derived_seed(seed, index, *parts))
            game = Game(setup.wall, setup.dealer, setup.streak, setup.dice, config)
            play_hand(game, players)
            result = game.result
            assert result is not None
            draws += result.winner is None
            for j in range(4):
                stats[j].add(seat_of[j], result)
    for j in range(4):
        stats[j].per_wall.append(stats[j].points / plays)
    return BlockResult(index, stats, draws, plays)


def _blocks(hands: int, duplicate: bool, all_orders: bool) -> Iterator[tuple[int, int]]:
    if duplicate:
        plays = 4 * len(seating_orders(all_orders))
        for i in range(hands):
            yield i, plays
        return
    for i in range(math.ceil(hands / SESSION_HANDS)):
        yield i, min(SESSION_HANDS, hands - i * SESSION_HANDS)


def simulate(
    hands: int,
    seed: int,
    bots: Sequence[str],
    record_dir: Path | None = None,
    config: RuleConfig | None = None,
    progress: Callable[[int], None] | None = None,
    duplicate: bool = False,
    workers: int = 1,
    all_orders: bool = False,
) -> Summary:
    """Play ``hands`` hands (with ``duplicate``: ``hands`` walls, each four times, or 24 times
    with ``all_orders``)."""
    config = config or RuleConfig()
    job = _play_duplicate_wall if duplicate else _play_session_block
    record = str(record_dir) if record_dir is not None else None
    if record_dir is not None:
        record_dir.mkdir(parents=True, exist_ok=True)
    tasks = [
        (i, n, seed, tuple(bots), config, record) for i, n in _blocks(hands, duplicate, all_orders)
    ]
    stats = [SeatStats(level) for level in bots]
    draws = played = 0
    start = time.perf_counter()

    def take(block: BlockResult) -> None:
        nonlocal draws, played
        for total, part in zip(stats, block.seats, strict=True):
            total.merge(part)
        draws += block.draws
        played += block.hands
        if progress is not None:
            progress(played)

    if workers > 1:
        with ProcessPoolExecutor(
            workers, initializer=end_with_parent, initargs=(os.getpid(),)
        ) as pool:
            for block in pool.map(job, tasks, chunksize=max(1, len(tasks) // (workers * 8))):
                take(block)
    else:
        for task in tasks:
            take(job(task))
    return Summary(played, time.perf_counter() - start, stats, draws, duplicate)
