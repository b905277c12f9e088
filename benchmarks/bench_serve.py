"""What a browser receives through ``ningde serve``: bytes per action at the table.

    .venv/bin/python benchmarks/bench_serve.py [--actions 60] [--sizes 110x34 160x50 200x60]

For each size, a real ``ningde serve`` (on 127.0.0.1, its data in a temporary folder) serves
``ningde play --no-start --pace instant`` at a fixed seed; one WebSocket client connects as the
browser's page does (``/ws?width=…&height=…``, the page's own Origin) and reads every frame the
server sends. Then, ``--actions`` times, it presses Enter (at the table: discard the selected
tile, or take the selected choice; on a result: the next hand) and counts the bytes that
arrive until the screen is quiet again (no frame for ``QUIET`` seconds). Three bots answer at
pace instant, so one action's bytes hold the human's move, the bots' moves and the frame that
asks the human again.

The client reaches the server through a small TCP relay that counts what crosses it, so the
figures are what goes over the wire: after the WebSocket's compression (permessage-deflate,
which browsers and this client both offer), framing included. Beside them, the terminal output
those frames carry once unpacked.

Prints, per size: the first screen's bytes, and per action the median, p90 and max bytes on
the wire (and unpacked), the frames they came in; and an idle minute's worth of wire bytes
(the screen left alone for ``IDLE`` seconds, scaled): the keepalive only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
QUIET = 0.6  # seconds without a frame after which the screen counts as settled
FIRST = 20.0  # seconds the first screen may take (a fresh process starting)
IDLE = 5.0  # seconds the screen is left alone to measure idle traffic


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Relay:
    """A TCP relay on 127.0.0.1 to ``port`` that counts the bytes sent back to the client."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.down = 0  # bytes server → client
        self.server: asyncio.Server | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter, count: bool) -> None:
            try:
                while data := await src.read(65536):
                    if count:
                        self.down += len(data)
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, asyncio.CancelledError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, True))

    def close(self) -> None:
        if self.server is not None:
            self.server.close()


async def drain(ws: ClientConnection, quiet: float, first: float | None = None) -> tuple[int, int]:
    """Bytes and frames received until ``quiet`` seconds pass without one (the first frame may
    take up to ``first`` seconds)."""
    total = frames = 0
    timeout = first if first is not None else quiet
    while True:
        try:
            frame = await asyncio.wait_for(ws.recv(), timeout)
        except TimeoutError:
            return total, frames
        total += len(frame)
        frames += 1
        timeout = quiet


async def measure(port: int, width: int, height: int, actions: int) -> dict[str, float]:
    relay = Relay(port)
    via = await relay.start()
    url = f"ws://127.0.0.1:{port}/ws?width={width}&height={height}"  # the page's own address
    origin = f"http://127.0.0.1:{port}"
    sock = socket.create_connection(("127.0.0.1", via))  # ... reached through the relay
    try:
        async with connect(url, sock=sock, origin=origin, max_size=None) as ws:  # type: ignore[arg-type]
            await drain(ws, 2.0, first=FIRST)
            start = relay.down
            wire: list[int] = []
            unpacked: list[int] = []
            counts: list[int] = []
            for _ in range(actions):
                before = relay.down
                await ws.send('["stdin", "\\r"]')
                got, frames = await drain(ws, QUIET)
                wire.append(relay.down - before)
                unpacked.append(got)
                counts.append(frames)
            before, t = relay.down, time.perf_counter()
            await drain(ws, IDLE)
            idle_per_min = (relay.down - before) * 60 / max(time.perf_counter() - t, IDLE)
    finally:
        relay.close()
    wire.sort()
    return {
        "start": start,
        "median": statistics.median(wire),
        "p90": wire[int(0.9 * (len(wire) - 1))],
        "max": wire[-1],
        "unpacked": statistics.median(unpacked),
        "frames": statistics.median(counts),
        "idle_per_min": idle_per_min,
    }


def serve(port: int, data: str, seed: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, XDG_DATA_HOME=data, XDG_CONFIG_HOME=data, NINGDE_DATA_DIR=data)
    command = [sys.executable, "-m", "ningde_tui", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "play", "--no-start", "--pace", "instant"]
    command += ["--seed", str(seed)]
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


async def wait_listening(port: int, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.2)
            continue
        writer.close()
        return
    raise SystemExit(f"ningde serve did not listen on port {port} within {seconds:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--sizes", nargs="+", default=["110x34", "160x50", "200x60"])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(
        "size      first screen   per action: median   p90      max"
        "   (unpacked)   frames   idle/min"
    )
    for size in args.sizes:
        width, height = (int(n) for n in size.split("x"))
        port = free_port()
        with tempfile.TemporaryDirectory() as data:
            server = serve(port, data, args.seed)
            try:
                asyncio.run(wait_listening(port))
                r = asyncio.run(measure(port, width, height, args.actions))
            finally:
                server.terminate()
                server.wait(10)
        print(
            f"{size:<9} {r['start'] / 1024:9.1f} KiB   {r['median'] / 1024:11.1f} KiB"
            f" {r['p90'] / 1024:6.1f} KiB {r['max'] / 1024:6.1f} KiB"
            f"   ({r['unpacked'] / 1024:5.1f} KiB) {r['frames']:6.0f}"
            f"   {r['idle_per_min'] / 1024:6.1f} KiB"
        )


if __name__ == "__main__":
    main()
