"""Online rooms under load: N rooms on one host, four bot clients each, at pace instant.

    .venv/bin/python benchmarks/bench_rooms.py [--rooms 1 10 25 50] [--seconds 10] \
        [--procs 2] [--bot greedy] [--profile FILE]

The host (one ``RoomServer``, its rooms writing their records to a temporary folder) runs in
its own process. The 4N clients, real WebSocket connections over loopback, are spread over
``--procs`` client processes, so that no one event loop holding them all delays reading the
frames it times. Each client decodes every message (``protocol.parse_server``) and, when its
seat has to decide, lets its bot choose from the decoded Observation and sends the ``act``.

Measured, per N, over ``--seconds`` after a warm-up of ``WARMUP`` seconds:

- hands/s and acts/s: hands finished and decisions sent over all rooms, per second;
- round trip: from an ``act`` being sent until the next ``state`` on that connection is in
  the client's hands, before it is decoded (median and p99, in ms). It holds everything the
  host does for that decision (reading it, applying it, writing the record, building and
  encoding every seat's state, and the other rooms' work queued before it) and both loopback
  hops; a client process busy with other clients holds it up too, which is why they are
  spread and why their load is printed;
- decode: the client's parse of one ``state`` (median and p99, in ms), which a player's own
  machine adds after the round trip;
- CPU: the host's and the client processes' CPU seconds per second (1.00 = one core fully
  busy), and (where ``/proc/stat`` tells it) what all other processes of the machine took
  meanwhile, so a figure taken while something else ran shows it. On a machine with few
  cores, clients that take a large share leave the host less;
- host ms/act: the host's CPU time per act measured, the figure to compare two versions of
  the host by (the wall-clock figures depend on what else the machine does).

``--profile FILE`` runs the host under cProfile while measuring and writes its stats to FILE
(with several room counts, FILE gets the last; ``python -m pstats FILE`` reads it).

At pace instant every room always has a decision in flight, so the rooms keep the machine as
busy as it can be: the round trip then grows with N as decisions queue for the CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import multiprocessing
import os
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from ningde_tui.bots.base import make_bot  # noqa: E402
from ningde_tui.net import (
    protocol,  # noqa: E402
    wire,  # noqa: E402
)

WARMUP = 1.0  # seconds of play before the measuring starts (every client has connected)
SETTLE = 2.0  # seconds the rooms go on after the end, for the last acts' states to come back
PROBE = 0.005  # seconds between two looks at a client process's loop lag
# 圈 a room plays: more than any run reaches (one room plays 60+ hands a second), since a room
# whose session ends stops answering and the run would wait for it
ROUNDS = 10_000


def _host(
    rooms: int,
    port_out: multiprocessing.Queue,
    data: str,
    control: Connection,
    profile: str | None = None,
) -> None:
    """The rooms' server. ``control`` asks "cpu" (answered with the process's CPU seconds) or
    "stop" (every room stops, closing its clients). With ``profile``, the loop runs under
    cProfile from the first "cpu" to the second, and the stats are written there."""
    os.environ["NINGDE_DATA_DIR"] = data
    from ningde_tui.net.room import Room, RoomOptions
    from ningde_tui.net.server import RoomServer

    async def serve() -> None:
        server = RoomServer("127.0.0.1", 0)
        options = RoomOptions(rounds=ROUNDS, pace="instant", claim_pause=0.0, result_pause=0.0)
        for n in range(rooms):
            server.add(Room.new(f"R{n}", ["human"] * 4, options, seed=n))
        await server.start()
        loop = asyncio.get_running_loop()
        # CPU time, not the wall clock: what other processes take does not count
        profiler = cProfile.Profile(time.process_time) if profile is not None else None
        asked = 0

        def profiling(done: threading.Event, cpu: list[float]) -> None:
            assert profiler is not None and profile is not None
            if asked == 2:
                profiler.disable()
            cpu.append(time.process_time())  # the dump below is not the rooms' work
            if asked == 1:
                profiler.enable()
            elif asked == 2:
                profiler.dump_stats(profile)
            done.set()

        def answer() -> None:
            nonlocal asked
            while True:
                request = control.recv()
                if request == "cpu":
                    asked += 1
                    if profiler is None:
                        control.send(time.process_time())
                        continue
                    done, cpu = threading.Event(), []
                    loop.call_soon_threadsafe(profiling, done, cpu)
                    done.wait(30)
                    control.send(cpu[0])
                else:
                    for room in server.rooms.values():
                        loop.call_soon_threadsafe(room.stop)
                    return

        threading.Thread(target=answer, daemon=True).start()
        port_out.put(server.port)
        await asyncio.gather(*(room.run() for room in server.rooms.values()))

    asyncio.run(serve())


@dataclass
class Stats:
    """One client process's measurements (seconds)."""

    hands: int = 0
    trips: list[float] = field(default_factory=list)
    decodes: list[float] = field(default_factory=list)
    cpu: float = 0.0
    lags: list[float] = field(default_factory=list)
    unanswered: int = 0  # acts sent while measuring whose state had not come when it ended


async def _client(
    url: str, seat_seed: int, bot: str, stats: Stats, start: float, until: float
) -> None:
    player = make_bot(bot, seat_seed)
    rules = None
    history: list = []
    hand = 0
    sent: float | None = None  # when the act (sent while measuring) awaiting its state was sent
    async with connect(url, max_size=None, compression=None) as ws:
        await ws.send(protocol.dumps(protocol.hello(f"b{seat_seed}")))
        async for text in ws:  # until the host stops the room
            got = time.perf_counter()
            measuring = start <= time.time() < until
            message = protocol.parse_server(text, rules)
            if isinstance(message, protocol.State):
                if measuring:
                    stats.decodes.append(time.perf_counter() - got)
                if sent is not None:
                    stats.trips.append(got - sent)
                    sent = None
            if isinstance(message, protocol.Welcome):
                rules = message.rules
            elif isinstance(message, protocol.Result):
                stats.hands += measuring and seat_seed % 4 == 0  # one client a room counts
            elif isinstance(message, protocol.State):
                if message.hand != hand:
                    hand, history = message.hand, []
                history += message.events
                if message.obs.legal:
                    obs = message.obs._replace(history=tuple(history))
                    action = player.choose(obs)
                    text = protocol.dumps(protocol.act(message.seq, wire.action_to(action)))
                    measuring = start <= time.time() < until
                    try:
                        await ws.send(text)
                    except ConnectionClosed:
                        break  # the room was stopped meanwhile
                    if measuring:
                        sent = time.perf_counter()
    stats.unanswered += sent is not None


async def _meter(start: float, until: float, stats: Stats) -> None:
    """The process's CPU seconds while measuring, and its loop's lag: how much later than due
    a timer runs, every ``PROBE`` seconds (a frame arriving then waits about as long before
    its client reads it)."""
    await asyncio.sleep(max(0.0, start - time.time()))
    begin = time.process_time()
    while time.time() < until:
        due = time.perf_counter() + PROBE
        await asyncio.sleep(PROBE)
        stats.lags.append(time.perf_counter() - due)
    stats.cpu = time.process_time() - begin


async def _load(port: int, seats: list[int], bot: str, start: float, until: float) -> Stats:
    stats = Stats()
    clients = [
        _client(f"ws://127.0.0.1:{port}/R{s // 4}", s, bot, stats, start, until) for s in seats
    ]
    meter = asyncio.ensure_future(_meter(start, until, stats))
    await asyncio.gather(*clients)
    await meter
    return stats


def _clients(
    port: int, seats: list[int], bot: str, start: float, until: float, out: Connection
) -> None:
    """A client process: the clients of ``seats`` (room × 4 + seat), its Stats sent back."""
    out.send(asyncio.run(_load(port, seats, bot, start, until)))


def _machine_busy() -> float | None:
    """CPU seconds all processes have used since boot (None: no ``/proc/stat`` here)."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(n) for n in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields) - idle) / os.sysconf("SC_CLK_TCK")


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def run(rooms: int, seconds: float, procs: int, bot: str, profile: str | None = None) -> str:
    ctx = multiprocessing.get_context("spawn")
    port_out: multiprocessing.Queue = ctx.Queue()
    control, control_end = ctx.Pipe()
    with tempfile.TemporaryDirectory() as data:
        host = ctx.Process(
            target=_host, args=(rooms, port_out, data, control_end, profile), daemon=True
        )
        host.start()
        workers = []
        try:
            port = port_out.get(timeout=30)
            start = time.time() + WARMUP + 0.5 * procs  # the processes' start-up, then warm-up
            until = start + seconds
            seats = list(range(4 * rooms))
            for n in range(procs):
                mine, theirs = ctx.Pipe(duplex=False)
                worker = ctx.Process(
                    target=_clients, args=(port, seats[n::procs], bot, start, until, theirs)
                )
                worker.start()
                workers.append((worker, mine))
            time.sleep(max(0.0, start - time.time()))
            control.send("cpu")
            host_begin, busy_begin = control.recv(), _machine_busy()
            time.sleep(max(0.0, until - time.time()))
            control.send("cpu")
            host_used, busy_end = control.recv() - host_begin, _machine_busy()
            time.sleep(SETTLE)
            control.send("stop")
            results = [mine.recv() for _, mine in workers]
        finally:
            for worker, _ in workers:
                worker.join(10)
                if worker.is_alive():
                    worker.terminate()
            host.terminate()
            host.join(10)
    trips = [t for r in results for t in r.trips]
    decodes = [t for r in results for t in r.decodes]
    lags = [t for r in results for t in r.lags]
    hands = sum(r.hands for r in results)
    clients_cpu = sum(r.cpu for r in results)
    unanswered = sum(r.unanswered for r in results)
    others = "n/a"
    if busy_begin is not None and busy_end is not None:
        others = f"{max(0.0, busy_end - busy_begin - host_used - clients_cpu) / seconds:.2f}"
    cells = [
        f"{rooms}",
        f"{hands / seconds:.1f}",
        f"{len(trips) / seconds:.0f}",
        *(f"{_ms(values, q):.2f}" for values in (trips, lags, decodes) for q in (0.5, 0.99)),
        f"{host_used / seconds:.2f}",
        f"{clients_cpu / seconds:.2f}",
        others,
        f"{1000 * host_used / max(1, len(trips)):.3f}",
    ]
    line = "".join(cell.rjust(width) for cell, width in zip(cells, WIDTHS, strict=True))
    if unanswered:
        line += f"  ({unanswered} acts had no state {SETTLE:g} s after the end)"
    return line


WIDTHS = (5, 9, 8, 9, 9, 8, 8, 8, 8, 7, 9, 8, 8)
HEADER = "\n".join(
    [
        " " * 22
        + "round trip ms".center(18)
        + "client lag ms".center(16)
        + "decode ms".center(16)
        + "CPU cores used".center(24)
        + "host".rjust(8),
        "".join(
            name.rjust(width)
            for name, width in zip(
                (
                    "rooms",
                    "hands/s",
                    "acts/s",
                    *("p50", "p99") * 3,
                    "host",
                    "clients",
                    "others",
                    "ms/act",
                ),
                WIDTHS,
                strict=True,
            )
        ),
    ]
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[1, 10, 25, 50])
    parser.add_argument("--seconds", type=float, default=10.0, help="load per room count")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--bot", default="greedy", help="the clients' bot level")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the host into FILE")
    args = parser.parse_args()
    if args.procs < 1 or args.seconds <= 0 or min(args.rooms) < 1:
        parser.error("--procs, --seconds and --rooms must be positive")
    try:
        make_bot(args.bot, 0)
    except ValueError as bad:
        parser.error(str(bad))
    print(HEADER, flush=True)
    for rooms in args.rooms:
        print(run(rooms, args.seconds, args.procs, args.bot, args.profile), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
