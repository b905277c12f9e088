"""``ningde server --workers N`` (interfaces.md §7 "Beyond one process"): one machine, N processes.

The parent holds the data folder and every socket, and plays no room: it listens on ``PORT``
(the lobby and HTTP: every worker accepts there too, the kernel handing each connection to one
of them) and on ``PORT+1``…``PORT+N``, one socket per worker, and starts each worker as a
``ningde server`` of its own that inherits its two sockets. A worker owns the rooms it made: a
room's ``url`` names its worker's port, and the others send a client there (a redirect). The
workers share the store (the SQLite file, or Redis) and, through it, the list of public rooms.

A worker that dies is started again on the same sockets (what arrived meanwhile waits in their
queue): it resumes its rooms from their records, and their players' clients reconnect by
themselves. SIGINT or SIGTERM stop every worker cleanly, then the parent. A worker ends with
its parent however the parent ends (``tether``): a killed parent leaves no worker holding its
ports.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from types import FrameType
from urllib.parse import urlsplit, urlunsplit

from ..net.hosting import is_loopback
from ..server.community import CommunityServer, ServerSettings
from ..server.shared import listening_socket
from .tether import tether

MAX_WORKERS = 64
READY = "ningde worker ready:"  # what a worker prints once it serves
READY_SECONDS = 120.0  # a worker's first start may take this long (resuming its rooms)
RESTART_PAUSES = (0.5, 1.0, 2.0, 5.0, 10.0)  # before a worker that keeps dying starts again
STABLE_SECONDS = 30.0  # a worker that lived this long starts again at once
STOP_SECONDS = 30.0
POLL_SECONDS = 0.2


def hidden_options(parser: argparse.ArgumentParser) -> None:
    """What the parent tells each worker on its command line (not for people)."""
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--worker-fds", help=argparse.SUPPRESS)  # its own socket, the lobby's
    parser.add_argument("--worker-front", help=argparse.SUPPRESS)  # the lobby's base URL
    parser.add_argument("--worker-owners", help=argparse.SUPPRESS)  # every worker's (JSON)


def worker_url(base: str, port: int, k: int, public: bool) -> str:
    """Worker ``k``'s base URL: the public URL's port plus ``k`` (its scheme's default port when
    it names none), else this machine's socket ``port``."""
    parts = urlsplit(base)
    host = parts.hostname or ""
    host = f"[{host}]" if ":" in host else host
    if public:
        port = (parts.port or (443 if parts.scheme == "wss" else 80)) + k
    return urlunsplit((parts.scheme, f"{host}:{port}", parts.path, "", ""))


def as_worker(settings: ServerSettings, args: argparse.Namespace) -> None:
    """Make ``settings`` a worker's, as its parent said; end with the parent."""
    tether(os.getppid(), None)
    own, front = (socket.socket(fileno=int(fd)) for fd in str(args.worker_fds).split(","))
    owners = tuple(json.loads(args.worker_owners))
    settings.sockets = (own, front)
    settings.shared = True
    settings.front = args.worker_front
    settings.siblings = owners
    # one machine's SQLite file holds this machine's rooms alone: its workers share out those of
    # owners that are none of them; Redis holds every machine's, which stay their owners'
    settings.adopt = args.redis is None
    settings.public_url = owners[args.worker]
    settings.own_collections = True


def say_ready(server: CommunityServer) -> None:
    print(f"{READY} {server.owner} ({server.resumed} rooms resumed)", flush=True)


@dataclass
class Worker:
    k: int
    own: socket.socket
    process: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    deaths: int = 0  # deaths in a row, each soon after its start
    due: float = 0.0  # when it starts again (after a death)
    said: list[str] = field(default_factory=list)


class Parent:
    """The workers' parent: their sockets, their starts and restarts."""

    def __init__(self, settings: ServerSettings, argv: list[str], count: int) -> None:
        self.settings = settings
        self.front = listening_socket(settings.host, settings.port)
        port = self.front.getsockname()[1]
        self.workers = [
            Worker(k, listening_socket(settings.host, port + k + 1 if settings.port else 0))
            for k in range(count)
        ]
        scheme = "wss" if settings.tls is not None else "ws"
        host = f"[{settings.host}]" if ":" in settings.host else settings.host
        self.front_url = settings.public_url or f"{scheme}://{host}:{port}"
        public = settings.public_url is not None
        self.owners = [
            worker_url(self.front_url, w.own.getsockname()[1], w.k + 1, public)
            for w in self.workers
        ]
        self.argv = [*argv, "--data", str(settings.data)]
        self.stopping = False

    def start(self, worker: Worker, wait: bool) -> None:
        fds = (worker.own.fileno(), self.front.fileno())
        argv = [
            *(sys.executable, "-m", "ningde_tui", "server", *self.argv),
            *("--worker", str(worker.k), "--worker-fds", ",".join(map(str, fds))),
            *("--worker-front", self.front_url, "--worker-owners", json.dumps(self.owners)),
        ]
        worker.process = subprocess.Popen(
            argv, pass_fds=fds, stdout=subprocess.PIPE if wait else subprocess.DEVNULL
        )
        worker.started = time.monotonic()
        if wait:
            worker.said.append(self._ready(worker.process))

    @staticmethod
    def _ready(process: subprocess.Popen[bytes]) -> str:
        """The worker's ready line (OSError: it ended, or said nothing in time)."""
        assert process.stdout is not None
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            line = process.stdout.readline().decode("utf-8", "replace")
            if not line:
                raise OSError(f"a worker ended before it served (exit {process.wait()})")
            if line.startswith(READY):
                return line[len(READY) :].strip()
        raise OSError("a worker did not start in time")

    def watch(self) -> None:
        """Until stopped: a worker that died is started again (soon, later if it keeps
        dying)."""
        while not self.stopping:
            now = time.monotonic()
            for worker in self.workers:
                process = worker.process
                if process is not None and process.poll() is not None:
                    self._died(worker, process.returncode, now)
                elif process is None and now >= worker.due:
                    self.start(worker, wait=False)
            time.sleep(POLL_SECONDS)

    def _died(self, worker: Worker, code: int, now: float) -> None:
        lived = now - worker.started
        worker.deaths = 0 if lived >= STABLE_SECONDS else worker.deaths + 1
        pause = (
            0.0
            if worker.deaths == 0
            else RESTART_PAUSES[min(worker.deaths - 1, len(RESTART_PAUSES) - 1)]
        )
        print(
            f"ningde server: worker {worker.k + 1} ended (exit {code}) after {lived:.0f}s: "
            f"starting it again in {pause:g}s",
            file=sys.stderr,
            flush=True,
        )
        worker.process, worker.due = None, now + pause

    def stop(self) -> None:
        """Every worker stops cleanly (SIGTERM), killed if it has not within STOP_SECONDS."""
        self.stopping = True
        running = [w.process for w in self.workers if w.process is not None]
        for process in running:
            with contextlib.suppress(OSError):
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        for process in running:
            try:
                process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def supervise(settings: ServerSettings, args: argparse.Namespace, argv: list[str]) -> int:
    """Run ``args.workers`` workers until SIGINT or SIGTERM."""
    try:
        parent = Parent(settings, argv, args.workers)
    except OSError as exc:
        print(f"ningde server: cannot listen on {settings.host}: {exc}", file=sys.stderr)
        return 2

    def on_stop(signum: int, frame: FrameType | None) -> None:
        parent.stopping = True

    signal.signal(signal.SIGTERM, on_stop)
    signal.signal(signal.SIGINT, on_stop)
    try:
        for worker in parent.workers:
            parent.start(worker, wait=True)
    except OSError as exc:
        print(f"ningde server: {exc}", file=sys.stderr)
        parent.stop()
        return 2
    _banner(parent)
    try:
        parent.watch()
    finally:
        print("ningde server: stopping (every room's record keeps every decision)", flush=True)
        parent.stop()
    return 0


def _banner(parent: Parent) -> None:
    settings = parent.settings
    http = parent.front_url.replace("wss://", "https://", 1).replace("ws://", "http://", 1)
    print(f"ningde server {settings.name!r}: lobby {parent.front_url}/lobby", flush=True)
    for worker in parent.workers:
        print(f"worker {worker.k + 1}: rooms {' '.join(worker.said)}", flush=True)
    print(f"http: {http}/api/rooms {http}/api/leaderboard {http}/healthz {http}/r/CODE-N")
    print(f"data: {settings.data} ({len(parent.workers)} workers, at most {settings.max_rooms})")
    if not is_loopback(settings.host) and settings.tls is None and not settings.public_url:
        print("note: it listens beyond this machine without TLS: put it behind a TLS proxy")
    sys.stdout.flush()
