"""``ningde host``: an online room on this machine (interfaces.md §6).

Headless, it prints the room's join URL and a line whenever a seat fills or empties, and plays
the session once every player's seat is taken; the record is written to the data folder as
any game's, the seats' tokens beside it (``net.tokens``). The record's folder is checked before
anything is served: a host that could not save its room refuses to start (exit status 2).

``--continue`` takes up the last unfinished room (``--continue ROOM``: the one with that code),
a room of bots too, even between two hands: the same room code, the same tokens reclaim the
same seats, and it is served and played as it was — its address and port, rounds, pace,
timers, grace, claim pause and web pages are kept in the room file (``net.hosting.
RoomSettings``); an option given again overrides what the room had (hence every such option
defaults to None here: given or not is told apart).

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
import dataclasses
import os
import secrets
import signal
import sys
import threading
from typing import TYPE_CHECKING, Any, NamedTuple

from ..net import tokens
from ..net.hosting import (
    DEFAULT_PORT,
    MAX_ROUNDS,
    MAX_SECONDS,
    MAX_SESSIONS,
    RoomSettings,
    is_loopback,
    share_urls,
)
from ..net.room import CLAIM_PAUSE, CLAIM_SECONDS, RESULT_SECONDS, Room
from ..net.server import RoomServer, tls_context
from ..records.checks import default_name
from ..records.record import RecordError, check_seed
from ..records.storage import RecordSummary, check_writable, list_records, records_dir, resume
from ..table.presets import BOT_LEVELS, PACES
from .claims import claim_pause_option
from .join import open_local_seat
from .launch import needs_terminal
from .options import parse_seed

if TYPE_CHECKING:
    from .web import RoomWebServer

YOU = "you"
HUMAN = "human"
DEFAULT_SEATS = [YOU, HUMAN, HUMAN, HUMAN]
DEFAULT_WEB_PORT = 7341
SIGNAL_WAIT = 8.0  # seconds a signalled host with its own table gives the room to close
OFF = "none"  # --turn-seconds none, --claim-seconds none: no timer (over one remembered)
# the options a continued room takes from its room file unless they are given again
REMEMBERED = tuple(f.name for f in dataclasses.fields(RoomSettings))


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
    if not 0 <= value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"seconds from 0 to {MAX_SECONDS:.0f}")
    return value


def _seconds_or_off(text: str) -> float | str:
    return OFF if text.strip().lower() in (OFF, "off") else _seconds(text)


def parse_room_code(text: str) -> str:
    """A room's code, in capitals ("": none given, the last unfinished room)."""
    code = text.strip().upper()
    if code and not tokens.is_room_code(code):
        raise argparse.ArgumentTypeError("a room's code, as in its address (ws://HOST:PORT/CODE)")
    return code


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ningde host",
        description="Host an online room: friends join with ningde join URL.",
        epilog="With --continue, the room is served and played as it was (its address and "
        "port, rounds, pace, timers, claim pause, web pages): an option given again "
        "overrides what the room had.",
    )
    parser.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, help=f"port (default {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument(
        "--seats",
        type=parse_room_seats,
        default=None,
        help="four seats: you, human or a bot level (default you,human,human,human)",
    )
    parser.add_argument(
        "--name",
        default="",
        help="your name at your own table (default: P1…P4, your seat, shown as 玩家N)",
    )
    parser.add_argument("--rounds", type=int, help="圈 per session (default 1)")
    parser.add_argument("--pace", choices=list(PACES), help="bot speed (default normal)")
    _timer_arguments(parser)
    parser.add_argument(
        "--continue",
        dest="resume",
        nargs="?",
        const="",
        type=parse_room_code,
        metavar="ROOM",
        help="go on with the last unfinished room (or the one whose code is ROOM)",
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
    _web_arguments(parser)
    return parser


def _timer_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--turn-seconds",
        type=_seconds_or_off,
        metavar="S",
        help="time for a decision (default: none; 'none': no timer)",
    )
    parser.add_argument(
        "--grace",
        type=_seconds,
        metavar="S",
        help="seconds before a bot plays for a dropped player (default 30)",
    )
    claim_pause_option(parser)
    parser.add_argument(
        "--claim-seconds",
        type=_seconds_or_off,
        metavar="S",
        help=f"a person's time to claim a discard (default {CLAIM_SECONDS:g} with "
        "--turn-seconds, else none; 'none': no timer)",
    )
    parser.add_argument(
        "--result-seconds",
        type=_seconds,
        metavar="S",
        help=f"the longest wait after a hand for the players' ready (default {RESULT_SECONDS:g})",
    )


def _web_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--web",
        action=argparse.BooleanOptionalAction,
        help="also serve the tables in a web browser, a page a seat (--no-web: not, "
        "when a continued room had them)",
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


def _settings(args: argparse.Namespace, had: RoomSettings | None = None) -> RoomSettings:
    """What the room is served and played with: each option given, else what the room had
    (``had``, a continued room's), else the default."""
    given: dict[str, Any] = {}
    for name in REMEMBERED:
        value = getattr(args, name)
        if value is not None:
            given[name] = None if value == OFF else value
    return dataclasses.replace(had or RoomSettings(), **given)


def _check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The options' values that the parser's types do not check."""
    if args.rounds is not None and not 1 <= args.rounds <= MAX_ROUNDS:
        parser.error(f"--rounds must be 1 to {MAX_ROUNDS}")
    if bool(args.tls_cert) != bool(args.tls_key):
        parser.error("--tls-cert and --tls-key go together")
    for name, value in (("--port", args.port), ("--web-port", args.web_port)):
        if value is not None and not 0 <= value <= 65535:
            parser.error(f"{name} must be 0-65535")
    if args.max_sessions is not None and not 1 <= args.max_sessions <= MAX_SESSIONS:
        parser.error(f"--max-sessions must be 1 to {MAX_SESSIONS}")
    if args.web and args.tls_cert:
        parser.error("--web serves plain http and its tables join the room here: drop --tls-cert")


def _check_settings(
    parser: argparse.ArgumentParser, args: argparse.Namespace, settings: RoomSettings
) -> None:
    """What does not go together once the options given are over what the room had."""
    if not settings.web and (args.web_port is not None or args.max_sessions is not None):
        parser.error("--web-port and --max-sessions go with --web")
    if settings.web and args.tls_cert:
        parser.error("--web serves plain http and its tables join the room here: drop --tls-cert")


def _web_options(settings: RoomSettings) -> WebOptions | None:
    if not settings.web:
        return None
    port = DEFAULT_WEB_PORT if settings.web_port is None else settings.web_port
    return WebOptions(port, settings.max_sessions)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    _check(parser, args)
    try:
        tls = tls_context(args.tls_cert, args.tls_key) if args.tls_cert else None
    except (OSError, ValueError) as exc:
        print(f"ningde host: cannot load the certificate: {exc}", file=sys.stderr)
        return 2
    if not _can_save():
        return 2
    if args.resume is not None:
        found = _continued(parser, args)
        if isinstance(found, int):
            return found
        room, settings = found
    else:
        settings = _settings(args)
        _check_settings(parser, args, settings)
        room = _new_room(args, settings)
    server = RoomServer(settings.host, settings.port, origins=args.origin, tls=tls)
    server.add(room)
    seats = args.seats or DEFAULT_SEATS
    resumed = args.resume is not None
    own = room.tokens.host_seat if resumed else seats.index(YOU) if YOU in seats else None
    if own is not None and needs_terminal("host") is None:
        return _with_table(server, room, own, settings, args.name)
    return asyncio.run(_serve(server, room, None if resumed else seats, settings))


def _can_save() -> bool:
    """Whether the room's record can be saved (said on stderr if not): checked before the
    room is served, not when its first hand is dealt."""
    try:
        check_writable()
    except OSError as exc:
        why = exc.strerror or str(exc)
        print(
            f"ningde host: the room's record cannot be saved in {records_dir()}: {why}",
            file=sys.stderr,
        )
        return False
    return True


def _say(text: str) -> None:
    print(text, flush=True)


def _new_room(args: argparse.Namespace, settings: RoomSettings) -> Room:
    kinds = [HUMAN if s == YOU else s for s in (args.seats or DEFAULT_SEATS)]
    seed = args.seed if args.seed is not None else check_seed(secrets.randbits(62))
    return Room.new(tokens.new_room_code(), kinds, settings.options(), seed, on_line=_say)


def _unfinished(code: str) -> tuple[list[RecordSummary], list[str]]:
    """The rooms that may be continued, the last played first (only the one whose code is
    ``code``, if one is given), and what was wrong with those whose room file is broken."""
    found, broken = [], []
    for summary in list_records():
        if summary.error or summary.session_over or summary.in_use:
            continue
        if not tokens.room_file(summary.path).exists():
            continue
        if code:
            try:
                held = tokens.load(summary.path)
            except (OSError, ValueError) as exc:
                broken.append(f"{summary.path.name}: {exc}")
                continue
            if held.room.upper() != code:
                continue
        found.append(summary)
    return found, broken


def _continued(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> tuple[Room, RoomSettings] | int:
    """The room to go on with, and its settings as it had them with the options given again
    over them; else the status to exit with (a message said why)."""
    found, broken = _unfinished(args.resume)
    if not found:
        for problem in broken:
            print(f"ningde host: cannot read {problem}", file=sys.stderr)
        which = f"room {args.resume}" if args.resume else "room"
        print(f"ningde host: no unfinished {which} to continue", file=sys.stderr)
        return 2 if broken else 1
    path = found[0].path
    try:
        held = tokens.load(path)
        had = None if held.settings is None else RoomSettings.from_json(held.settings)
    except (OSError, ValueError) as exc:
        name = tokens.room_file(path).name
        where = "" if str(exc).startswith(name) else f"{name}: "
        print(f"ningde host: cannot continue {path.name}: {where}{exc}", file=sys.stderr)
        return 2
    try:
        state = resume(path)
    except (RecordError, OSError, ValueError) as exc:
        print(f"ningde host: cannot continue {path.name}: {exc}", file=sys.stderr)
        return 2
    for warning in state.warnings:
        print(f"ningde host: {path.name}: warning: {warning}", file=sys.stderr)
    rounds = state.session.config.rounds
    if args.rounds is not None and args.rounds != rounds:
        parser.error(f"--rounds: room {held.room} plays {rounds} 圈, as its record says")
    for given, option in ((args.seats, "--seats"), (args.seed, "--seed")):
        if given is not None:
            print(f"ningde host: {option}: a continued room keeps its own", file=sys.stderr)
    settings = dataclasses.replace(_settings(args, had), rounds=rounds)
    _check_settings(parser, args, settings)
    try:
        room = Room.resumed(state, held, settings.options(), on_line=_say)
    except OSError as exc:
        print(f"ningde host: cannot write on {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    _say(_continuing(room, path.name))
    return room, settings


def _continuing(room: Room, record: str) -> str:
    """Which room goes on: its code, its record, the hand and who sits where."""
    assert room.match is not None
    hand = room.match.session.hand_number or 1
    seats = []
    for seat, status in enumerate(room.statuses()):
        who = f"bot {status.level}" if status.kind == "bot" else status.name or "a player"
        host = " (the host's)" if seat == room.tokens.host_seat else ""
        seats.append(f"{seat + 1} {who}{host}")
    return f"continuing room {room.code} from {record}, hand {hand}: seats {', '.join(seats)}"


def _described(settings: RoomSettings) -> str:
    """The settings the room plays with, in one line of the banner."""
    low, high = settings.claim_pause or CLAIM_PAUSE
    parts = [
        f"rounds {settings.rounds}",
        f"pace {settings.pace}",
        f"turn {'none' if settings.turn_seconds is None else f'{settings.turn_seconds:g} s'}",
        f"grace {settings.grace:g} s",
        f"claim pause {low:g}-{high:g} s",
    ]
    claim = settings.options().claim_s
    parts.append(f"claim {'none' if claim is None else f'{claim:g} s'}")
    parts.append(f"result {settings.result_seconds:g} s")
    return "settings: " + ", ".join(parts)


def _banner(
    server: RoomServer,
    room: Room,
    seats: list[str] | None,
    settings: RoomSettings,
    pages: RoomWebServer | None = None,
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
    _say(_described(settings))
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
    settings: RoomSettings,
    ready: threading.Event | None = None,
) -> int:
    web = _web_options(settings)
    pages = None
    try:
        await server.start()
        if web is not None:
            pages = await _start_web(server, room, web)
    except OSError as exc:
        print(
            f"ningde host: cannot listen on {server.host}: {exc} (--port, --web-port: another)",
            file=sys.stderr,
        )
        await server.close()
        if ready is not None:
            ready.set()
        return 2
    # the room file keeps them, with the ports the room really has, for --continue
    settings = dataclasses.replace(
        settings, port=server.port, web_port=None if pages is None else pages.port
    )
    room.tokens.settings = settings.to_json()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, room.stop)
    _banner(server, room, seats, settings, pages)
    if ready is not None:
        ready.set()
    await room.run()
    await _goodbye(server, room, pages)
    return 0


async def _goodbye(server: RoomServer, room: Room, pages: RoomWebServer | None) -> None:
    """The session has ended (or the room was stopped): the last messages out, then close."""
    for _ in range(40):  # let the last messages (the result, over) reach the clients
        if not room.watchers and all(p.conn is None for p in room.seats):
            break
        await asyncio.sleep(0.05)
    if pages is not None:
        await pages.close()
    await server.close()
    if room.record_path is not None:
        _say(f"record: {room.record_path}")


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


def _with_table(
    server: RoomServer, room: Room, seat: int, settings: RoomSettings, name: str = ""
) -> int:
    """The server in a thread, the host's own table in this one, under ``name`` (else the
    name the room kept for the seat, else P1…P4 as every other seat without a name; a continued
    room: the seat's own token again)."""
    name = name or room.seats[seat].name or default_name(seat)
    token = room.tokens.tokens[seat] or room.reserve(seat, name)
    ready = threading.Event()
    loop = asyncio.new_event_loop()
    status: list[int] = []
    thread = threading.Thread(
        target=lambda: status.append(
            loop.run_until_complete(_serve(server, room, None, settings, ready))
        ),
        daemon=True,
    )
    thread.start()
    ready.wait()
    if status:
        return status[0]
    _end_on_signals(loop, room, thread)
    try:
        open_local_seat(server.url(room), token, name)
    finally:
        loop.call_soon_threadsafe(room.stop)
        thread.join(10)
    return status[0] if status else 0


def _end_on_signals(loop: asyncio.AbstractEventLoop, room: Room, thread: threading.Thread) -> None:
    """SIGTERM or SIGHUP while the host's own table is open (this thread's, not the room's
    loop's, to handle): the room ends as a headless host's does on SIGTERM — its browser
    tables stopped and their folders removed — then the signal ends the process as before."""

    def ended(signum: int, frame: object) -> None:
        loop.call_soon_threadsafe(room.stop)
        thread.join(SIGNAL_WAIT)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None:
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                signal.signal(sig, ended)
