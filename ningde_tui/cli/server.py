"""``ningde server``: a server for a community (interfaces.md §7) — rooms, a lobby, players with
ratings and every finished hand replayable by a short code, on one port.

It prints its addresses and runs until SIGINT or SIGTERM, which stop it cleanly: every room's
record keeps every decision, and the next start resumes the rooms still open. Its data (the
SQLite file of players, ratings and games; the rooms' records) is in ``--data DIR``, else in
the data folder's ``server/``. One server uses a data folder at a time.

``--workers N`` (``cli/workers.py``): this process holds the sockets and starts N workers, each a
``ningde server`` of its own on ``PORT+k`` that also accepts on ``PORT`` (the lobby and HTTP), and
starts a worker again when it dies. ``--redis URL``: the store is Redis (``server/redis_store.py``),
shared with the community's other servers.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import logging
import os
import resource
import signal
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..net.hosting import is_loopback
from ..net.server import tls_context
from ..records.storage import data_dir
from ..server.community import DEFAULT_PORT, CommunityServer, ServerSettings
from ..server.redis_store import RedisStore
from ..server.store import StoreError
from . import workers
from .claims import claim_pause_option

LOCK_FILE = "server.lock"
MAX_ROOMS = 100_000


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ningde server",
        description="A server for a community: rooms, a lobby, ratings and replays on one port.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any)"
    )
    parser.add_argument(
        "--public-url",
        help="where clients reach this server, e.g. wss://mahjong.example.org (behind a proxy)",
    )
    parser.add_argument("--tls-cert", help="certificate file (PEM): serve wss:// and https://")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    parser.add_argument("--max-rooms", type=int, default=1000, help="rooms at once (default 1000)")
    parser.add_argument("--name", default="ningde", help="the server's name, shown in the lobby")
    parser.add_argument(
        "--data", help="the server's data folder (default: the data folder's server/)"
    )
    parser.add_argument(
        "--origin",
        action="append",
        default=[],
        help="a web page's origin allowed to open the lobby and rooms (terminals send none)",
    )
    parser.add_argument(
        "--workers", type=int, help="processes that play the rooms (each on its own port: PORT+k)"
    )
    parser.add_argument(
        "--redis",
        help="redis://HOST:PORT/DB: players, ratings, the rooms' directory and list in Redis, "
        "shared by several servers (each with its --public-url)",
    )
    claim_pause_option(parser)
    workers.hidden_options(parser)
    parser.add_argument("--verbose", action="store_true", help="log every room's seats and hands")
    return parser


def public_url(text: str) -> str:
    """``--public-url`` as the rooms' base: ws:// or wss:// (http(s):// taken as such), a host,
    no query; raises ValueError."""
    parts = urlsplit(text.strip())
    scheme = {"ws": "ws", "wss": "wss", "http": "ws", "https": "wss"}.get(parts.scheme)
    if scheme is None or not parts.hostname or parts.query or parts.fragment:
        raise ValueError("--public-url is ws://HOST[:PORT] or wss://HOST[:PORT] (or http(s)://)")
    if not text.isprintable() or len(text) > 200:
        raise ValueError("--public-url is a plain address")
    return f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def _settings(parser: argparse.ArgumentParser, args: argparse.Namespace) -> ServerSettings:
    if args.workers is not None and not 1 <= args.workers <= workers.MAX_WORKERS:
        parser.error(f"--workers must be 1-{workers.MAX_WORKERS}")
    if args.redis is not None and urlsplit(args.redis).scheme not in ("redis", "rediss", "unix"):
        parser.error("--redis is redis://HOST[:PORT][/DB] (or rediss://, unix://)")
    if not 0 <= args.port <= 65535:
        parser.error("--port must be 0-65535")
    if not 1 <= args.max_rooms <= MAX_ROOMS:
        parser.error(f"--max-rooms must be 1-{MAX_ROOMS}")
    if bool(args.tls_cert) != bool(args.tls_key):
        parser.error("--tls-cert and --tls-key go together")
    name = args.name.strip()
    if not 1 <= len(name) <= 40 or not name.isprintable():
        parser.error("--name is 1-40 printable characters")
    url = None
    if args.public_url:
        try:
            url = public_url(args.public_url)
        except ValueError as bad:
            parser.error(str(bad))
    data = Path(args.data).expanduser() if args.data else data_dir() / "server"
    return ServerSettings(
        data,
        args.host,
        args.port,
        public_url=url,
        name=name,
        max_rooms=args.max_rooms,
        origins=tuple(args.origin),
        own_collections=True,
        shared=args.redis is not None,
        room_options={} if args.claim_pause is None else {"claim_pause": args.claim_pause},
    )


def _lock(folder: Path) -> int:
    """Hold the data folder for this process (OSError: it cannot be made, or another server
    holds it)."""
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise
    return fd


def _more_files() -> None:
    """Every room holds its record open and every client a socket: as many as allowed."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    settings = _settings(parser, args)
    try:
        settings.tls = tls_context(args.tls_cert, args.tls_key) if args.tls_cert else None
    except (OSError, ValueError) as exc:
        print(f"ningde server: cannot load the certificate: {exc}", file=sys.stderr)
        return 2
    _log(args.verbose)
    if args.worker is not None:  # one of a server's workers: its parent holds the folder
        workers.as_worker(settings, args)
        return _run(_serve(settings, args.redis, worker=True))
    try:
        lock = _lock(settings.data)
    except OSError as exc:
        print(
            f"ningde server: cannot use {settings.data}: "
            f"{'another ningde server uses it' if isinstance(exc, BlockingIOError) else exc}",
            file=sys.stderr,
        )
        return 2
    _more_files()
    try:
        if args.workers is not None:
            return workers.supervise(settings, args, argv_of(argv))
        return _run(_serve(settings, args.redis))
    finally:
        os.close(lock)


def _run(main: Coroutine[Any, Any, int]) -> int:
    """The server's loop: uvloop's where it is installed (every platform but Windows), whose
    sockets and timers cost the rooms less CPU than asyncio's own
    (docs/research/server-workers.md); else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def argv_of(argv: list[str] | None) -> list[str]:
    return list(sys.argv[1:] if argv is None else argv)


def _log(verbose: bool) -> None:
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("websockets").setLevel(logging.WARNING)


def _say(text: str) -> None:
    print(text, flush=True)


async def _serve(settings: ServerSettings, redis: str | None, worker: bool = False) -> int:
    store = RedisStore(redis) if redis is not None else None
    server = CommunityServer(settings, store)
    try:
        await server.start()
    except StoreError as exc:
        print(f"ningde server: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"ningde server: cannot listen on {settings.host}: {exc}", file=sys.stderr)
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    if worker:
        workers.say_ready(server)
    else:
        _banner(server)
    await stop.wait()
    _say("ningde server: stopping (every room's record keeps every decision)")
    await server.close()
    return 0


def _banner(server: CommunityServer) -> None:
    settings = server.settings
    http = server.http_url()
    _say(f"ningde server {settings.name!r}: lobby {server.lobby_url()}")
    _say(f"rooms: {server.room_url('ROOM')} (ningde join URL)")
    _say(f"http: {http}/api/rooms {http}/api/leaderboard {http}/healthz {http}/r/CODE-N")
    _say(f"data: {settings.data} ({server.resumed} rooms resumed, at most {settings.max_rooms})")
    if not is_loopback(settings.host) and settings.tls is None and not settings.public_url:
        _say("note: it listens beyond this machine without TLS: put it behind a TLS proxy")
