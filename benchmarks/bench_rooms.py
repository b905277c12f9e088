"""Online rooms under load: N rooms on one host, four bot clients each, at pace instant.

    .venv/bin/python benchmarks/bench_rooms.py [--rooms 1 10 50] [--seconds 10] [--bot greedy]

The host (one ``RoomServer``, its rooms writing their records to a temporary folder) runs in
its own process; the clients, real WebSocket connections over loopback, in this one. Each
client's bot chooses from the decoded Observation. Prints, per N, the hands finished per
second over all rooms and the round trip of an action (an ``act`` sent until the next
``state`` back on that connection: median and p99, in ms). The clients' bots are timed out of
the round trip (it starts when the act is sent).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.asyncio.client import connect  # noqa: E402

from ningde_tui.bots.base import make_bot  # noqa: E402
from ningde_tui.net import protocol  # noqa: E402
from ningde_tui.rules import wire  # noqa: E402


def _host(rooms: int, port_out: multiprocessing.Queue, data: str) -> None:
    os.environ["NINGDE_DATA_DIR"] = data
    from ningde_tui.net.room import Room, RoomOptions
    from ningde_tui.net.server import RoomServer

    async def serve() -> None:
        server = RoomServer("127.0.0.1", 0)
        options = RoomOptions(rounds=100, pace="instant", claim_pause=0.0, result_pause=0.0)
        for n in range(rooms):
            server.add(Room.new(f"R{n}", ["human"] * 4, options, seed=n))
        await server.start()
        port_out.put(server.port)
        await asyncio.gather(*(room.run() for room in server.rooms.values()))

    asyncio.run(serve())


class Stats:
    def __init__(self) -> None:
        self.hands = 0
        self.trips: list[float] = []


async def _client(url: str, seat_seed: int, bot: str, stats: Stats, until: float) -> None:
    player = make_bot(bot, seat_seed)
    rules = None
    history: list = []
    hand = 0
    sent = None
    async with connect(url, max_size=None, compression=None) as ws:
        await ws.send(protocol.dumps(protocol.hello(f"b{seat_seed}")))
        async for text in ws:
            message = protocol.parse_server(text, rules)
            if isinstance(message, protocol.Welcome):
                rules = message.rules
            elif isinstance(message, protocol.Result):
                stats.hands += seat_seed % 4 == 0  # one client a room counts its hands
                if time.monotonic() > until:
                    return
            elif isinstance(message, protocol.State):
                if sent is not None:
                    stats.trips.append(time.monotonic() - sent)
                    sent = None
                if message.hand != hand:
                    hand, history = message.hand, []
                history += message.events
                if message.obs.legal:
                    obs = message.obs._replace(history=tuple(history))
                    action = player.choose(obs)
                    sent = time.monotonic()
                    await ws.send(protocol.dumps(protocol.act(message.seq, wire.action_to(action))))


async def _load(port: int, rooms: int, seconds: float, bot: str) -> tuple[Stats, float]:
    stats = Stats()
    start = time.monotonic()
    until = start + seconds
    clients = [
        _client(f"ws://127.0.0.1:{port}/R{n}", n * 4 + s, bot, stats, until)
        for n in range(rooms)
        for s in range(4)
    ]
    await asyncio.gather(*clients)
    return stats, time.monotonic() - start


def run(rooms: int, seconds: float, bot: str) -> str:
    ctx = multiprocessing.get_context("spawn")
    port_out: multiprocessing.Queue = ctx.Queue()
    with tempfile.TemporaryDirectory() as data:
        host = ctx.Process(target=_host, args=(rooms, port_out, data), daemon=True)
        host.start()
        try:
            port = port_out.get(timeout=30)
            stats, elapsed = asyncio.run(_load(port, rooms, seconds, bot))
        finally:
            host.terminate()
            host.join(10)
    trips = sorted(stats.trips) or [0.0]
    p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))]
    return (
        f"{rooms:>5} rooms  {stats.hands / elapsed:8.1f} hands/s  "
        f"act round trip median {statistics.median(trips) * 1000:6.2f} ms  "
        f"p99 {p99 * 1000:6.2f} ms  ({len(stats.trips)} acts)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[1, 10, 50])
    parser.add_argument("--seconds", type=float, default=10.0, help="load per room count")
    parser.add_argument("--bot", default="greedy", help="the clients' bot level")
    args = parser.parse_args()
    for rooms in args.rooms:
        print(run(rooms, args.seconds, args.bot), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
