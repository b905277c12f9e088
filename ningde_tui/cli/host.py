"""``ningde host``: an online room on this machine (interfaces.md §6).

Headless, it prints the room's join URL and a line whenever a seat fills or empties, and plays
the session once every player's seat is taken; the record is written to the data folder as
any game's, the seats' tokens beside it (``net.tokens``). ``--continue`` takes up the last
unfinished room: the same room code, the same tokens reclaim the same seats.

With ``you`` among the seats and a terminal, the host's own table opens through the same
protocol as everyone's: the server runs in a thread and ``open_local_seat(url, token)`` from
``ningde_tui.cli.join`` (the joining side) plays the seat, returning when the table closes.
The room file remembers which seat is the host's, so ``--continue`` opens it again with the
same token. Without a terminal the host runs headless and that seat waits for its token.

``--web`` also serves the tables in a web browser on ``--web-port``, on the room's loop: a page
per seat and one to watch (``ningde_tui.cli.web``); the banner prints its address.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import secrets
import signal
import sys
import threading
from typing import TYPE_CHECKING, NamedTuple

from ..net import tokens
from ..net.hosting import is_loopback, share_urls
from ..net.room import Room, RoomOptions
from ..net.server import RoomServer, tls_context
from ..records.record import RecordError, check_seed
from ..records.storage import list_records, resume
from ..table.presets import BOT_LEVELS, PACES
from .join import open_local_seat
from .play import needs_terminal, parse_seed

if TYPE_CHECKING:
    from .web import RoomWebServer

YOU = "you"
HUMAN = "human"
DEFAULT_SEATS = [YOU, HUMAN, HUMAN, HUMAN]
DEFAULT_WEB_PORT = 7341


class WebOptions(NamedTuple):
    """``--web``: the pages' port and how many browser tables may run at once (None: the
    seats free for browsers and two watchers)."""

    port: int
    max_sessions: int | None


def parse_room_seats(text: str) -> list[str]:
    seats = [s.strip().lower() for s in text.split(",")]
    known = (YOU, HUMAN, *BOT_LEVELS)
    if len(seats) != 4 or any(s not in known for s in seats) or seats.count(YOU) > 1:
        raise argparse.ArgumentTypeError(
            f"four comma-separated seats, each you (once), human or a bot level from "
            f"{', '.join(BOT_LEVELS)}: e.g. you,human,hard,normal"
        )
    return seats


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("a number of seconds") from None
    if not 0 <= value <= 24 * 3600:
        raise argparse.ArgumentTypeError("seconds from 0 to 86400")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ningde host", description="Host an online room: friends join with ningde join URL."
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=7340, help="port (0: any free one)")
    parser.add_argument(
        "--seats",
        type=parse_room_seats,
        default=None,
        help="four seats: you, human or a bot level (default you,human,human,human)",
    )
    parser.add_argument("--rounds", type=int, default=1, help="圈 per session (default 1)")
    parser.add_argument("--pace", choices=list(PACES), default="normal", help="bot speed")
    parser.add_argument(
        "--turn-seconds", type=_seconds, default=None, help="time for a decision (default: none)"
    )
    parser.add_argument(
        "--grace",
        type=_seconds,
        default=30.0,
        help="seconds before a bot plays for a dropped player",
    )
    parser.add_argument(
        "--continue", dest="resume", action="store_true", help="go on with the last unfinished room"
    )
    parser.add_argument("--seed", type=parse_seed, default=None, help="random seed")
    parser.add_argument("--tls-cert", help="certificate file (PEM): serve wss://")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    parser.add_argument(
        "--origin",
        action="append",
        default=[],
        help="a web page's origin allowed to connect (terminals send none)",
    )
    parser.add_argument(
        "--web", action="store_true", help="also serve the tables in a web browser, a page a seat"
    )
    parser.add_argument(
        "--web-port",
        type=int,
        default=None,
        help=f"the web pages' port (default {DEFAULT_WEB_PORT}; 0: any free one)",
    )
    parser.add_argument(
        "--max-sessions",
        type=int,
        default=None,
        help="browser tables at once; more get a 'full' page (default: free seats + 2 watchers)",
    )
    return parser


def _web_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> WebOptions | None:
    if not args.web:
        if args.web_port is not None or args.max_sessions is not None:
            parser.error("--web-port and --max-sessions go with --web")
        return None
    if args.tls_cert:
        parser.error("--web serves plain http and its tables join the room here: drop --tls-cert")
    port = DEFAULT_WEB_PORT if args.web_port is None else args.web_port
    if not 0 <= port <= 65535:
        parser.error("--web-port must be 0-65535")
    if args.max_sessions is not None and args.max_sessions < 1:
        parser.error("--max-sessions must be at least 1")
    return WebOptions(port, args.max_sessions)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if bool(args.tls_cert) != bool(args.tls_key):
        parser.error("--tls-cert and --tls-key go together")
    if not 0 <= args.port <= 65535:
        parser.error("--port must be 0-65535")
    web = _web_options(parser, args)
    try:
        tls = tls_context(args.tls_cert, args.tls_key) if args.tls_cert else None
    except (OSError, ValueError) as exc:
        print(f"ningde host: cannot load the certificate: {exc}", file=sys.stderr)
        return 2
    room = _continued(args) if args.resume else _new_room(args)
    if room is None:
        return 1
    server = RoomServer(args.host, args.port, origins=args.origin, tls=tls)
    server.add(room)
    seats = args.seats or DEFAULT_SEATS
    own = room.tokens.host_seat if args.resume else seats.index(YOU) if YOU in seats else None
    if own is not None and needs_terminal("host") is None:
        return _with_table(server, room, own, web)
    return asyncio.run(_serve(server, room, seats if not args.resume else None, web=web))


def _say(text: str) -> None:
    print(text, flush=True)


def _options(args: argparse.Namespace) -> RoomOptions:
    return RoomOptions(
        rounds=args.rounds, pace=args.pace, grace=args.grace, turn_seconds=args.turn_seconds
    )


def _new_room(args: argparse.Namespace) -> Room:
    kinds = [HUMAN if s == YOU else s for s in (args.seats or DEFAULT_SEATS)]
    seed = args.seed if args.seed is not None else check_seed(secrets.randbits(62))
    return Room.new(tokens.new_room_code(), kinds, _options(args), seed, on_line=_say)


def _continued(args: argparse.Namespace) -> Room | None:
    for summary in list_records():
        if summary.error or summary.finished or summary.in_use:
            continue
        if not tokens.room_file(summary.path).exists():
            continue
        try:
            state = resume(summary.path)
            held = tokens.load(summary.path)
        except (RecordError, OSError, ValueError) as exc:
            print(f"ningde host: cannot continue {summary.path.name}: {exc}", file=sys.stderr)
            return None
        for warning in state.warnings:
            print(f"ningde host: {summary.path.name}: warning: {warning}", file=sys.stderr)
        _say(f"continuing {summary.path.name}")
        return Room.resumed(state, held, _options(args), on_line=_say)
    print("ningde host: no unfinished room to continue", file=sys.stderr)
    return None


def _banner(
    server: RoomServer, room: Room, seats: list[str] | None, pages: RoomWebServer | None = None
) -> None:
    url, *others = share_urls(server, room)
    _say(f"room {room.code}: {url}")
    for other in others:
        _say(f"  also: {other}")
    _say(f"join: ningde join {url}")
    _say(f"watch: ningde join {url} --watch")
    if pages is not None:
        _say(f"web: {pages.url} (a page a seat: friends pick a free one in a browser)")
    if not is_loopback(server.host):
        _say("note: the room listens beyond this machine; only seats' tokens hold seats")
    for seat, status in enumerate(room.statuses()):
        if status.kind == "bot":
            _say(f"seat {seat + 1}: bot {status.level}")
        elif seat == room.tokens.host_seat:
            _say(f"seat {seat + 1}: the host's own table")
        elif seats is not None and seats[seat] == YOU:
            _say(f"seat {seat + 1}: yours: open it with ningde join {url}")
        elif status.name:
            _say(f"seat {seat + 1}: {status.name} (waiting for them to come back)")
        elif pages is not None:
            _say(f"seat {seat + 1}: free, for a player (in a browser: {pages.url}seat/{seat + 1})")
        else:
            _say(f"seat {seat + 1}: free, for a player")


async def _serve(
    server: RoomServer,
    room: Room,
    seats: list[str] | None,
    ready: threading.Event | None = None,
    web: WebOptions | None = None,
) -> int:
    pages = None
    try:
        await server.start()
        if web is not None:
            pages = await _start_web(server, room, web)
    except OSError as exc:
        print(f"ningde host: cannot listen on {server.host}: {exc}", file=sys.stderr)
        await server.close()
        if ready is not None:
            ready.set()
        return 2
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, room.stop)
    _banner(server, room, seats, pages)
    if ready is not None:
        ready.set()
    await room.run()
    for _ in range(40):  # let the last messages (the result, over) reach the clients
        if not room.watchers and all(p.conn is None for p in room.seats):
            break
        await asyncio.sleep(0.05)
    if pages is not None:
        await pages.close()
    await server.close()
    if room.record_path is not None:
        _say(f"record: {room.record_path}")
    return 0


async def _start_web(server: RoomServer, room: Room, web: WebOptions) -> RoomWebServer:
    """The web pages beside the room's server, on its loop (OSError: the port cannot be had);
    off loopback, ``ningde serve``'s warning."""
    from .serve import exposure_warning
    from .web import RoomWebServer

    pages = RoomWebServer(
        room, server.url(room), host=server.host, port=web.port, max_sessions=web.max_sessions
    )
    await pages.start()
    if not is_loopback(server.host):
        reach = "take a free seat in a browser and watch the room"
        warning = exposure_warning(
            server.host, pages.port, pages.max_sessions, "ningde host", reach
        )
        print(warning, file=sys.stderr, flush=True)
    return pages


def _with_table(server: RoomServer, room: Room, seat: int, web: WebOptions | None) -> int:
    """The server in a thread, the host's own table in this one (a continued room: the seat's
    own token again)."""
    token = room.tokens.tokens[seat] or room.reserve(seat, "")
    ready = threading.Event()
    loop = asyncio.new_event_loop()
    status: list[int] = []
    thread = threading.Thread(
        target=lambda: status.append(
            loop.run_until_complete(_serve(server, room, None, ready, web))
        ),
        daemon=True,
    )
    thread.start()
    ready.wait()
    if status:
        return status[0]
    try:
        open_local_seat(server.url(room), token)
    finally:
        loop.call_soon_threadsafe(room.stop)
        thread.join(10)
    return status[0] if status else 0
