"""A community server under load: N rooms made through its lobby, each with two people and two
bots, on one ``ningde server`` process, or on its workers (``--workers N``), with its store in
SQLite or in Redis (``--redis``: a ``redis-server`` of the bench's own on a free loopback port).

    .venv/bin/python benchmarks/bench_server.py [--rooms 100 500 1000] [--seconds 60] \
        [--think 1-3] [--pace normal] [--procs 2] [--workers N] [--redis]

For each N, a fresh ``ningde server`` (its data in a temporary folder) is started; N rooms are
made through its lobby (``create``: two ``human`` seats and two ``normal`` bots at ``--pace``,
8 圈 so no session ends during the run), each from an address of its own behind the server's
trusted local proxy header, so the per-address limit on new rooms does not apply. Two people
(the room's maker, whose seat it keeps, and a guest) take its seats: real WebSocket clients
spread over ``--procs`` client processes, that answer each state asking them to decide, and
each hand's result, after a think drawn from ``--think`` seconds (1-3 s by default, as people
do; a shorter think, e.g. ``0.1-0.3``, for a short run). Their answer: a win when offered, else a pass, else the tile just drawn.

Measured over ``--seconds`` after a warm-up (every room dealt):

- acts/s: decisions the people sent, per second, over all rooms (the bots' are on top);
- round trip: from an ``act`` being sent to the next ``state`` on that connection (median and
  p99, ms): everything the server does for that decision, and the other rooms' work queued
  before it, and both loopback hops;
- server CPU: the server process's CPU seconds per second (from ``/proc``: 1.00 = one core);
- memory: the server's resident set (``VmRSS``) before the rooms and with them all playing,
  and the difference per room;
- ``/healthz`` p99: how long the server took to answer a GET, probed four times a second:
  how late its loop runs;
- server CPU: the server process's CPU seconds per second (from ``/proc``: 1.00 = one core),
  and per room (CPU milliseconds a room costs each second: what the machine's cores bound);
- memory: the server's resident set (``VmRSS``) before the rooms and with them all playing,
  and the difference per room;
- with ``--workers``, the CPU and memory are the parent's and every worker's together; with
  ``--redis``, the server's figures include no Redis, whose CPU is its own column;
- clients and others: the CPU the client processes took, and what every other process of the
  machine took meanwhile (``/proc/stat``). The clients share the machine with the server, and
  so does anything else running: a round trip measured while others take the cores is the
  server's under that handicap, and the line says so.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402

from ningde_tui.net import keepalive  # noqa: E402
from ningde_tui.server import lobby  # noqa: E402

ROUNDS = 8  # 圈 a room plays: no session ends during a run
ROOMS_AN_ADDRESS = 10  # rooms made from one (forwarded) address: the server's limit a minute
OPEN_TIMEOUT = 60.0  # seconds a person's connection may take to open: 4,000 open at once
MAKERS = 8  # lobby connections making rooms at once
PROBE = 0.005  # seconds between two looks at a client process's loop lag


# ---------------------------------------------------------------- the server process
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_redis(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A ``redis-server`` of the bench's own, on a free loopback port, nothing saved."""
    port = free_port()
    argv = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    redis = subprocess.Popen(
        [*argv, "--appendonly", "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                if conn.recv(16).startswith(b"+PONG"):
                    return redis, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.1)
    raise SystemExit("redis-server did not start")


def start_server(
    data: Path, max_rooms: int, workers: int = 0, redis: str | None = None
) -> tuple[subprocess.Popen[bytes], int]:
    """The server, on ports of its own: with Redis it is given its port (its public URL names
    it, its workers take the next ones), and one taken by another program meanwhile is tried
    again on others."""
    for _ in range(5):
        started = _start_server(data, max_rooms, workers, redis)
        if isinstance(started, tuple):
            return started
        if "Address already in use" not in started:
            break
    raise SystemExit(f"the server did not start: {started[-2000:]}")


def _start_server(
    data: Path, max_rooms: int, workers: int, redis: str | None
) -> tuple[subprocess.Popen[bytes], int] | str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    port = free_port() if redis else 0
    argv = [sys.executable, "-m", "ningde_tui", "server", "--port", str(port), "--data", str(data)]
    if workers:
        argv += ["--workers", str(workers)]
    if redis:
        argv += ["--redis", redis, "--public-url", f"ws://127.0.0.1:{port}"]
    out = data.parent / "server.out"
    with open(out, "wb") as log:  # the process keeps its own copy
        server = subprocess.Popen(
            [*argv, "--max-rooms", str(max_rooms)], stdout=log, stderr=subprocess.STDOUT, env=env
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and server.poll() is None:
        for line in out.read_text().splitlines():
            if " lobby " in line:
                return server, int(line.rsplit(":", 1)[1].split("/")[0])
        time.sleep(0.1)
    if server.poll() is None:
        server.kill()
    server.wait()
    return out.read_text()


def family(pid: int) -> list[int]:
    """The server's process and its workers."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    return [pid, *(int(c) for c in children)]


def cpu_seconds(pid: int) -> float:
    """CPU seconds of ``pid`` and its workers."""
    total = 0.0
    for one in family(pid):
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def machine_busy() -> float:
    """CPU seconds every process of the machine has used (``/proc/stat``, all cores)."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    ticks = [int(f) for f in fields]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # not idle, iowait


def rss_bytes(pid: int) -> int:
    """The resident set of ``pid`` and its workers."""
    total = 0
    for one in family(pid):
        try:
            lines = Path(f"/proc/{one}/status").read_text().splitlines()
        except OSError:
            continue
        total += sum(int(x.split()[1]) * 1024 for x in lines if x.startswith("VmRSS:"))
    return total


async def make_rooms(port: int, count: int, pace: str) -> list[tuple[str, str, str]]:
    """``count`` rooms made through the lobby, ``ROOMS_AN_ADDRESS`` from each address, by
    ``MAKERS`` lobby connections at once: each room's address, and the name and key of its
    maker (the room keeps a seat for them)."""
    url = f"ws://127.0.0.1:{port}/lobby"
    seats = ["human", "human", "normal", "normal"]
    made: dict[int, list[tuple[str, str, str]]] = {}

    async def batch_of(batch: int) -> None:
        address = f"10.{batch // 65536 % 256}.{batch // 256 % 256}.{batch % 256}"
        urls = made[batch] = []
        async with connect(url, additional_headers={"X-Forwarded-For": address}) as ws:
            maker = f"maker{batch}"
            await ws.send(lobby.dumps(lobby.hello(maker)))
            while (welcome := json.loads(await ws.recv()))["t"] != "welcome":
                pass
            for _ in range(min(ROOMS_AN_ADDRESS, count - batch)):
                await ws.send(lobby.dumps(lobby.create(seats, ROUNDS, pace=pace)))
                while True:
                    answer = json.loads(await ws.recv())
                    if answer["t"] == "created":
                        urls.append((answer["url"], maker, welcome["key"]))
                        break
                    if answer["t"] in ("refused", "error"):
                        raise SystemExit(f"the lobby refused a room: {answer}")

    batches = list(range(0, count, ROOMS_AN_ADDRESS))
    for first in range(0, len(batches), MAKERS):
        await asyncio.gather(*(batch_of(b) for b in batches[first : first + MAKERS]))
    return [room for batch in batches for room in made[batch]]


# ---------------------------------------------------------------- the people
@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)  # seconds, within the window
    acts: int = 0
    lags: list[float] = field(default_factory=list)
    dropped: int = 0
    refused: int = 0
    cpu: float = 0.0  # the client process's CPU seconds within the window


def choose(legal: list[dict]) -> dict:
    """A person's quick answer: a win, else a pass, else the first legal action."""
    for kinds in (("win", "three_gold", "rob_gold"), ("pass", "decline_three_gold")):
        for action in legal:
            if action.get("a") in kinds:
                return action
    return legal[0]


async def person(
    url: str, name: str, key: str | None, think: tuple[float, float], window, tally: Tally
) -> None:
    """One person at a seat (``key``: the lobby key of a held ``name``, the room's maker)."""
    rng = random.Random(f"{url}{name}")
    start, end = window
    hello = {"t": "hello", "protocol": 1, "name": name, "token": None, "key": key}
    try:
        async with connect(
            url,
            max_size=None,
            open_timeout=OPEN_TIMEOUT,
            ping_interval=keepalive.interval(),  # as the game's clients ping
        ) as ws:
            await ws.send(json.dumps(hello))
            sent_at = None
            async for text in ws:
                now = time.monotonic()
                if now > end:
                    return
                message = json.loads(text)
                kind = message["t"]
                if kind == "state":
                    if sent_at is not None and start <= sent_at:
                        tally.round_trips.append(now - sent_at)
                    sent_at = None
                    legal = message["obs"]["legal"]
                    if legal:
                        await asyncio.sleep(rng.uniform(*think))
                        action = choose(legal)
                        sent_at = time.monotonic()
                        await ws.send(json.dumps({"t": "act", "seq": message["seq"], **action}))
                        if sent_at >= start:
                            tally.acts += 1
                elif kind == "refused":
                    tally.refused += 1
                    sent_at = None
                elif kind == "result":
                    await asyncio.sleep(rng.uniform(*think))
                    await ws.send('{"t": "ready"}')
    except Exception:  # noqa: BLE001 - a dropped person is counted, the others go on
        tally.dropped += 1


async def probe_lag(tally: Tally, window: tuple[float, float]) -> None:
    """How late the loop runs, and the process's CPU time, within the window."""
    cpu_at = None
    while time.monotonic() < window[1]:
        before = time.monotonic()
        await asyncio.sleep(PROBE)
        if before >= window[0]:
            if cpu_at is None:
                cpu_at = time.process_time()
            tally.lags.append(time.monotonic() - before - PROBE)
    tally.cpu = time.process_time() - (cpu_at or time.process_time())


def clients(rooms: list[tuple[str, str, str]], think, window, out: multiprocessing.Queue) -> None:
    async def main() -> Tally:
        tally = Tally()
        people = [
            person(url, *((maker, key) if seat == 0 else (f"p{n}", None)), think, window, tally)
            for n, (url, maker, key) in enumerate(rooms)
            for seat in range(2)
        ]
        tasks = [asyncio.ensure_future(p) for p in (probe_lag(tally, window), *people)]
        # a person leaves with the first message after the window; one whose room sends none
        # then (its table waits) is let go a little after
        _, late = await asyncio.wait(tasks, timeout=window[1] - time.monotonic() + 10)
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        return tally

    try:  # the clients on the loop the server runs on, where it is installed: less of the
        import uvloop  # machine's CPU taken from the server by the bench itself

        tally = uvloop.run(main())
    except ImportError:
        tally = asyncio.run(main())
    out.put((tally.round_trips, tally.acts, tally.lags, tally.dropped, tally.refused, tally.cpu))


def probe_health(port: int, until: float, every: float = 0.25) -> list[float]:
    """``GET /healthz`` until ``until``: how long each answer took (the server's loop, busy
    with the rooms, answers it between their work)."""
    took = []
    while time.monotonic() < until:
        start = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request("GET", "/healthz")
            conn.getresponse().read()
            took.append(time.monotonic() - start)
        except OSError:
            pass
        finally:
            conn.close()
        time.sleep(max(0.0, min(every, until - time.monotonic())))
    return took


# ---------------------------------------------------------------- one run
def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(count: int, args: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-server-") as folder:
        data = Path(folder) / "server"
        redis, url = start_redis(Path(folder)) if args.redis else (None, None)
        server, port = start_server(data, count + 10, args.workers, url)
        try:
            time.sleep(0.5)
            rss_before = rss_bytes(server.pid)
            urls = asyncio.run(make_rooms(port, count, args.pace))
            now = time.monotonic()
            window = (now + args.warmup, now + args.warmup + args.seconds)
            queue: multiprocessing.Queue = multiprocessing.Queue()
            shares = [urls[i :: args.procs] for i in range(args.procs)]
            procs = [
                multiprocessing.Process(target=clients, args=(share, args.think, window, queue))
                for share in shares
                if share
            ]
            for proc in procs:
                proc.start()
            time.sleep(max(0.0, window[0] - time.monotonic()))
            cpu_start, rss_playing = cpu_seconds(server.pid), rss_bytes(server.pid)
            redis_start = cpu_seconds(redis.pid) if redis else 0.0
            busy_start = machine_busy()
            health = probe_health(port, window[1])
            cpu = (cpu_seconds(server.pid) - cpu_start) / args.seconds
            redis_cpu = (cpu_seconds(redis.pid) - redis_start) / args.seconds if redis else 0.0
            busy = (machine_busy() - busy_start) / args.seconds
            rss_playing = max(rss_playing, rss_bytes(server.pid))
            results = [queue.get(timeout=120) for _ in procs]
            for proc in procs:
                proc.join(30)
        finally:
            server.terminate()
            server.wait(60)
            if redis is not None:
                redis.terminate()
                redis.wait(30)
    trips = [t for r in results for t in r[0]]
    lags = [t for r in results for t in r[2]]
    return {
        "rooms": count,
        "acts_per_s": sum(r[1] for r in results) / args.seconds,
        "rtt_median_ms": 1000 * statistics.median(trips) if trips else float("nan"),
        "rtt_p99_ms": 1000 * quantile(trips, 0.99),
        "round_trips": len(trips),
        "server_cpu": cpu,
        "redis_cpu": redis_cpu,
        "workers": args.workers,
        "rss_before_mb": rss_before / 2**20,
        "rss_playing_mb": rss_playing / 2**20,
        "kb_per_room": (rss_playing - rss_before) / 1024 / count,
        "client_lag_p99_ms": 1000 * quantile(lags, 0.99),
        "dropped": sum(r[3] for r in results),
        "refused": sum(r[4] for r in results),
        "clients_cpu": sum(r[5] for r in results) / args.seconds,
        "others_cpu": max(0.0, busy - cpu - redis_cpu - sum(r[5] for r in results) / args.seconds),
        "server_ms_per_room_s": 1000 * cpu / count,
        "health_p99_ms": 1000 * quantile(health, 0.99),
        "health_median_ms": 1000 * statistics.median(health) if health else float("nan"),
    }


def _think(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    try:
        pair = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError("LOW-HIGH seconds, e.g. 1-3") from None
    if not 0 <= pair[0] <= pair[1] <= 60:
        raise argparse.ArgumentTypeError("LOW-HIGH seconds, 0 ≤ LOW ≤ HIGH ≤ 60")
    return pair


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--seconds", type=float, default=60.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=15.0, help="seconds before measuring")
    parser.add_argument("--think", type=_think, default=(1.0, 3.0), help="LOW-HIGH seconds")
    parser.add_argument("--pace", default="normal", help="the bots' pace (as ningde host)")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--workers", type=int, default=0, help="ningde server --workers N")
    parser.add_argument("--redis", action="store_true", help="the store in a redis-server")
    parser.add_argument("--json", action="store_true", help="one JSON line per room count")
    args = parser.parse_args()
    print(
        f"{os.cpu_count()} cores; think {args.think[0]:g}-{args.think[1]:g} s, bots {args.pace}, "
        f"{args.seconds:g} s measured after {args.warmup:g} s; "
        f"{args.workers or 'no'} workers, {'Redis' if args.redis else 'SQLite'}",
        flush=True,
    )
    head = (
        "rooms  acts/s  rtt med   rtt p99  /healthz p99  server cpu  cpu ms/room·s"
        "  rss before→playing  per room  redis cpu  clients cpu  others cpu"
    )
    if not args.json:
        print(head, flush=True)
    for count in args.rooms:
        row = run(count, args)
        print(json.dumps(row) if args.json else _line(row), flush=True)


def _line(row: dict) -> str:
    return (
        f"{row['rooms']:5d}  {row['acts_per_s']:6.1f}  {row['rtt_median_ms']:5.1f} ms"
        f"  {row['rtt_p99_ms']:6.1f} ms  {row['health_p99_ms']:9.1f} ms"
        f"  {row['server_cpu']:10.2f}  {row['server_ms_per_room_s']:13.2f}"
        f"  {row['rss_before_mb']:5.1f}→{row['rss_playing_mb']:6.1f} MB"
        f"  {row['kb_per_room']:5.0f} KB  {row['redis_cpu']:9.2f}"
        f"  {row['clients_cpu']:11.2f}  {row['others_cpu']:10.2f}"
        + (f"  ({row['dropped']} dropped)" if row["dropped"] else "")
    )


if __name__ == "__main__":
    main()
