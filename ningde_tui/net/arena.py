"""``ningde arena`` (interfaces.md §8): an outside bot in one seat of headless games against
built-in bots, with no network, measured.

Each game is a ``Room`` (the one an online room is) whose outside seat is a ``LocalClient``
played by ``play_seat`` with a ``CommandBot``: the bot program reads the very lines
``ningde join --bot-cmd`` would pass it, from the same code. The room plays at the instant pace,
with no claim pause and no wait between hands (the seat says ``ready`` at once).

- plain: games of ``GAME_HANDS`` hands (dealer rotation, 连庄, running scores), the bot in
  ``seat``, the opponents in the other seats in order;
- ``duplicate``: every wall four times, a one-hand game each, the bot in each seat in turn and
  the opponents rotated with it (as ``simulate --duplicate``), so the luck of the deal cancels.

A game depends only on the seed and its number, however many worker processes share them.
Each worker keeps one bot program for all its games. A program stopped for being late or reading
nothing, or one that ended, is started again at once and its seat reconnects to the room, which
hands it the whole hand (once a game; then the safe move until the next game starts it
afresh). Its faults and the round trip of each decision are counted there and summed.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import os
import queue
import statistics
import time
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from ..rules.config import RuleConfig
from ..rules.game import Action, Observation
from ..sim.simulate import SeatStats, derived_seed, end_with_parent, mean_ci
from .bots import FAULTS, CommandBot, play_seat
from .local import LocalClient
from .protocol import HUMAN
from .room import Room, RoomOptions

GAME_HANDS = 16  # hands of one plain game
PROGRESS_SECONDS = 0.25  # how often the progress is looked at while workers play
RESTARTS_A_GAME = 1  # a stopped or ended bot program is started again this often in a game
BOT_NAME = "bot"


@dataclass(frozen=True)
class ArenaPlan:
    """What to play: the bot program, its three opponents (levels, in seat order after it), how
    many hands (plain) or walls (``duplicate``), the seed, the bot's seat (plain), the time
    for one decision and where to write the logs (None: nowhere)."""

    command: str
    against: tuple[str, str, str]
    hands: int
    duplicate: bool = False
    seed: int = 0
    seat: int = 0
    timeout: float = 10.0
    log: Path | None = None
    config: RuleConfig = field(default_factory=RuleConfig)


@dataclass(frozen=True)
class ArenaGame:
    """One game of the plan: its room's seed, the bot's seat, its number of hands, a name."""

    seed: int
    seat: int
    hands: int
    name: str

    def kinds(self, against: Sequence[str]) -> list[str]:
        """The room's seats: the bot's a player's seat, the opponents after it in turn."""
        kinds = [""] * 4
        kinds[self.seat] = HUMAN
        for j, level in enumerate(against):
            kinds[(self.seat + 1 + j) % 4] = level
        return kinds


def games(plan: ArenaPlan) -> list[ArenaGame]:
    """Every game of the plan, in order."""
    if plan.duplicate:
        return [
            ArenaGame(derived_seed(plan.seed, wall), seat, 1, f"wall-{wall:04d}-seat-{seat}")
            for wall in range(plan.hands)
            for seat in range(4)
        ]
    count = math.ceil(plan.hands / GAME_HANDS)
    return [
        ArenaGame(
            derived_seed(plan.seed, i),
            plan.seat,
            min(GAME_HANDS, plan.hands - i * GAME_HANDS),
            f"game-{i:04d}",
        )
        for i in range(count)
    ]


@dataclass
class Tally:
    """What games add up to: the bot's and each opponent's results, the bot's faults, the
    round trips of its answers (seconds) and how often its program was started."""

    bot: SeatStats
    opponents: list[SeatStats]
    draws: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    round_trips: array[float] = field(default_factory=lambda: array("d"))
    starts: int = 0
    on_wall: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # duplicate: this wall's

    @classmethod
    def empty(cls, against: Sequence[str]) -> Tally:
        return cls(SeatStats(BOT_NAME), [SeatStats(level) for level in against])

    def merge(self, other: Tally) -> None:
        self.bot.merge(other.bot)
        for mine, theirs in zip(self.opponents, other.opponents, strict=True):
            mine.merge(theirs)
        self.draws += other.draws
        self.faults.update(other.faults)
        self.round_trips.extend(other.round_trips)
        self.starts += other.starts


@dataclass
class ArenaSummary:
    plan: ArenaPlan
    tally: Tally
    seconds: float

    @property
    def hands(self) -> int:
        return self.tally.bot.hands

    @property
    def decisions(self) -> int:
        return len(self.tally.round_trips) + sum(self.tally.faults.values())

    def round_trip_ms(self) -> tuple[float, float] | None:
        """The median and the 99th percentile of the round trips, in milliseconds."""
        trips = sorted(self.tally.round_trips)
        if not trips:
            return None
        p99 = trips[min(len(trips) - 1, math.ceil(0.99 * len(trips)) - 1)]
        return 1000 * statistics.median(trips), 1000 * p99

    def bot_minus(self, opponent: SeatStats) -> tuple[float, float]:
        """The bot's points per hand less ``opponent``'s, and the half-width of its 95%
        interval: paired over the same walls (``--duplicate``) or hands, so the luck both
        shared cancels out of it."""
        bot = self.tally.bot.per_wall
        return mean_ci([b - o for b, o in zip(bot, opponent.per_wall, strict=True)])

    def to_json(self) -> dict[str, Any]:
        tally = self.tally
        seats = [_seat_json(tally.bot)] + [_seat_json(s) for s in tally.opponents]
        for row, opponent in zip(seats[1:], tally.opponents, strict=True):
            mean, ci = self.bot_minus(opponent)
            row["bot_minus"] = {"per_hand": _rounded(mean), "ci95": _rounded(ci)}
        trip = self.round_trip_ms()
        return {
            "hands": self.hands,
            "duplicate": self.plan.duplicate,
            "seconds": round(self.seconds, 3),
            "hands_per_s": round(self.hands / self.seconds, 1) if self.seconds else None,
            "bot": seats[0],
            "opponents": seats[1:],
            "draws": tally.draws,
            "decisions": self.decisions,
            "faults": {kind: tally.faults.get(kind, 0) for kind in FAULTS},
            "bot_starts": tally.starts,
            "round_trip_ms": None
            if trip is None
            else {"median": round(trip[0], 3), "p99": round(trip[1], 3)},
        }


def _seat_json(stats: SeatStats) -> dict[str, Any]:
    mean, ci = stats.mean_ci()
    n = max(1, stats.hands)
    return {
        "name": stats.bot,
        "hands": stats.hands,
        "points": stats.points,
        "per_hand": round(mean, 3),
        "ci95": _rounded(ci),
        "win_pct": round(100 * stats.wins / n, 2),
        "deal_in_pct": round(100 * stats.deal_ins / n, 2),
        "wins_by_pattern": dict(sorted(stats.patterns.items(), key=lambda kv: -kv[1])),
    }


def _rounded(ci: float) -> float | None:
    return None if math.isnan(ci) else round(ci, 3)


# ----------------------------------------------------------------------------- one game
class ArenaRoom(Room):
    """A room of the arena: its record, when logs are kept, goes to the log folder."""

    log_path: Path | None = None

    def new_record_path(self) -> Path:
        assert self.log_path is not None
        return self.log_path


class _Kept:
    """The worker's bot program for one game: ``play_seat`` closes its player at the end of
    the game, the worker closes the program once all its games are played. A program that was
    stopped (late, reading nothing) or has ended is started again once a game, and its seat's
    connection comes back to the room, which hands it the whole hand as to any client that
    reconnects; a second time, the seat plays the safe move until the game ends."""

    def __init__(self, bot: CommandBot, client: LocalClient) -> None:
        self.bot, self.client = bot, client
        self.restarts = RESTARTS_A_GAME

    async def tell(self, text: str) -> None:
        await self.bot.tell(text)

    async def decide(self, obs: Observation, seq: int) -> Action:
        action = await self.bot.decide(obs, seq)
        if self.bot.dead and self.restarts > 0:
            self.restarts -= 1
            await self.bot.restart()
            self.bot.begin_game()  # its lines from the reconnection on
            self.client.reconnect()
        return action

    async def close(self) -> None:
        return None


class Transcript:
    """``--log``: each hand's lines as the bot got them (``> ``) and wrote them (``< ``), one
    file per hand (``NAME-hand-NN.txt``)."""

    def __init__(self, folder: Path, name: str) -> None:
        self.folder, self.name = folder, name
        self.hand = 1
        self.file: TextIO | None = None

    def __call__(self, way: str, line: str) -> None:
        if self.file is None:
            path = self.folder / f"{self.name}-hand-{self.hand:02d}.txt"
            self.file = path.open("w", encoding="utf-8")
        self.file.write(("> " if way == "in" else "< ") + line + "\n")
        if way == "in" and line.startswith('{"t":"result"'):
            self.close()
            self.hand += 1

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None


def room_options(hands: int, record: bool, config: RuleConfig | None = None) -> RoomOptions:
    """A room that plays as fast as its bots decide: no pace, no claim pause, no pause
    between hands, ``hands`` hands (with the rules ``config``)."""
    return RoomOptions(
        config=config,
        pace="instant",
        claim_pause=(0.0, 0.0),
        result_pause=0.0,
        hands=hands,
        record=record,
    )


async def play_game(plan: ArenaPlan, game: ArenaGame, bot: CommandBot) -> Room:
    """Play one game with ``bot`` in its seat; the room, its session played, is returned."""
    await bot.restart()
    bot.begin_game()
    room = ArenaRoom.new(
        "ARENA",
        game.kinds(plan.against),
        room_options(game.hands, plan.log is not None, plan.config),
        game.seed,
    )
    transcript = None
    if plan.log is not None:
        room.log_path = plan.log / f"{game.name}.jsonl"
        transcript = bot.transcript = Transcript(plan.log, game.name)
    runner = asyncio.ensure_future(room.run())
    client = LocalClient(room, BOT_NAME)
    try:
        await play_seat(client, _Kept(bot, client))
        await bot.flush()  # the game's last lines: its result and ``over``
        await runner
    finally:
        if not runner.done():
            room.stop()
            await runner
        if transcript is not None:
            transcript.close()
            bot.transcript = None
    return room


def _count(tally: Tally, plan: ArenaPlan, game: ArenaGame, room: Room) -> None:
    match = room.match
    assert match is not None
    results = match.session.results
    seats = [(game.seat + 1 + j) % 4 for j in range(3)]
    points = [0, 0, 0, 0]
    for result in results:
        tally.draws += result.winner is None
        tally.bot.add(game.seat, result)
        for stats, seat in zip(tally.opponents, seats, strict=True):
            stats.add(seat, result)
        for seat in range(4):
            points[seat] += result.deltas[seat]
        if not plan.duplicate:  # the interval is over hands
            tally.bot.per_wall.append(result.deltas[game.seat])
            for stats, seat in zip(tally.opponents, seats, strict=True):
                stats.per_wall.append(result.deltas[seat])
    if plan.duplicate:  # the interval is over walls: each one's mean of its four plays
        on_wall = tally.on_wall
        on_wall[0] += points[game.seat]
        for j, seat in enumerate(seats):
            on_wall[1 + j] += points[seat]
        if game.seat == 3:
            for stats, total in zip([tally.bot, *tally.opponents], on_wall, strict=True):
                stats.per_wall.append(total / 4)
            tally.on_wall = [0, 0, 0, 0]


async def play_games(
    plan: ArenaPlan, todo: Sequence[ArenaGame], played: Callable[[int], None] | None = None
) -> Tally:
    """Play ``todo`` with one bot program, started here and closed at the end; ``played``
    hears the hands of each game as it ends."""
    stderr = None
    if plan.log is not None:
        stderr = (plan.log / f"bot-stderr-{os.getpid()}.txt").open("ab")
    bot = CommandBot(plan.command, plan.timeout, prog="ningde arena", stderr=stderr, batch=True)
    tally = Tally.empty(plan.against)
    try:
        for game in todo:
            _count(tally, plan, game, await play_game(plan, game, bot))
            if played is not None:
                played(game.hands)
    finally:
        await bot.close()
        if stderr is not None:
            stderr.close()
    tally.faults.update(bot.faults)
    tally.round_trips = bot.round_trips
    tally.starts = bot.starts
    return tally


def _worker(args: tuple[ArenaPlan, list[ArenaGame], Any]) -> Tally:
    plan, todo, done = args  # done: a queue the hands of each game go to (None: none)
    return asyncio.run(play_games(plan, todo, None if done is None else done.put))


def run_arena(
    plan: ArenaPlan, workers: int = 1, progress: Callable[[int], None] | None = None
) -> ArenaSummary:
    """Play the plan (its games shared among ``workers`` processes, each with its own bot
    program) and add it up; ``progress`` hears the hands played so far after each game.
    ``plan.log``, if given, must be a folder. Raises OSError when the bot program cannot be
    started."""
    todo = games(plan)
    started = time.perf_counter()
    tally = Tally.empty(plan.against)
    count = _Counter(progress)
    if workers <= 1:
        tally.merge(asyncio.run(play_games(plan, todo, None if progress is None else count)))
        return ArenaSummary(plan, tally, time.perf_counter() - started)
    # the games a worker plays run together (a duplicate wall's four plays in one worker)
    size = 4 if plan.duplicate else 1
    units = [todo[i : i + size] for i in range(0, len(todo), size)]
    shares = [[g for unit in units[w::workers] for g in unit] for w in range(workers)]
    with contextlib.ExitStack() as stack:
        done = None if progress is None else stack.enter_context(multiprocessing.Manager()).Queue()
        pool = stack.enter_context(
            ProcessPoolExecutor(workers, initializer=end_with_parent, initargs=(os.getpid(),))
        )
        parts = [pool.submit(_worker, (plan, share, done)) for share in shares if share]
        while done is not None and not all(part.done() for part in parts):
            with contextlib.suppress(queue.Empty):
                count(done.get(timeout=PROGRESS_SECONDS))
        while done is not None and not done.empty():
            count(done.get())
        for part in parts:
            tally.merge(part.result())
    return ArenaSummary(plan, tally, time.perf_counter() - started)


class _Counter:
    """Adds up the hands played and tells ``progress`` the total."""

    def __init__(self, progress: Callable[[int], None] | None) -> None:
        self.progress, self.hands = progress, 0

    def __call__(self, hands: int) -> None:
        self.hands += hands
        if self.progress is not None:
            self.progress(self.hands)
