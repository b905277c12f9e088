"""``ningde serve``: the same app in a web browser, through textual-serve. Each browser tab
starts its own ``ningde`` process (any ``ningde`` command line after ``--``, default ``play``).

At most ``--max-sessions`` games run at once (each is a process of some 40 MB); a tab beyond
that gets a plain page saying the server is full. Listening beyond this computer (``--host``
not a loopback address) prints a warning: whoever can reach the port can play, watch every
saved game and continue them.

The websocket that drives a game is taken only from the page's own origin (the address the
browser reached, or ``--public-url``): another web site open in the same browser gets 403, so it
can neither play nor read the screen. A request without an Origin header is not a web page's
and is let in. A message from the browser may be at most 64 KiB (a bigger one, a huge paste
too, closes that connection), input the game has not read yet at most 1 MiB (a flood: closed
too), and the terminal at most 500×200 cells. When a tab's socket closes, its game is asked to
quit and killed if it is still running 3 s later; stopping the server ends every game.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import logging
import shlex
import sys
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from ..net.hosting import is_loopback
from ..ui.palette import FELT, TEXT
from ..ui.textual_compat import GameProcess, GameServer, game_command

DEFAULT_MAX_SESSIONS = 4
MAX_MESSAGE = 64 * 1024  # textual.js sends keys, pastes, resizes, focus and pings: small JSON
MAX_WIDTH, MAX_HEIGHT = 500, 200  # cells: the game's screen buffers grow with the area
MAX_PENDING_INPUT = 1024 * 1024  # input bytes the game has not read yet: beyond, a flood
QUIT_GRACE = 3.0  # seconds a game whose tab has gone has to quit before it is killed
DEFAULT_PORTS = {"http": 80, "https": 443}

log = logging.getLogger("textual-serve")  # textual-serve's own log, which it shows

# the page a tab beyond --max-sessions gets, in the table's colours
FULL_PAGE = """<!DOCTYPE html>
<html lang="zh"><head><meta charset="utf-8"><title>宁德麻将 · 已满 full</title></head>
<body style="background:{felt};color:{ink};font-family:sans-serif;padding:3em">
<h1>宁德麻将：对局已满</h1>
<p>这台服务器同时最多开 {limit} 局，现在都在进行中。请等一局结束（关掉它的浏览器标签页）后再刷新本页。</p>
<h1>Ningde Mahjong: the server is full</h1>
<p>This server runs at most {limit} games at once and all of them are in use.
Reload this page when one has ended (its browser tab closed).</p>
</body></html>
"""


SERVE_REACH = "play, watch every saved game (hands and wall included) and continue them"


def exposure_warning(
    host: str, port: int, limit: int, prog: str = "ningde serve", reach: str = SERVE_REACH
) -> str:
    """What a server listening beyond this computer warns of: whoever reaches it can
    ``reach`` (for ``ningde serve``: play and open every saved game)."""
    return (
        f"{prog}: warning: listening on {host}:{port}, beyond this computer. Anyone who can "
        f"reach it can {reach}. At most {limit} games run at once (--max-sessions). Use "
        "--host 127.0.0.1 to serve this computer only."
    )


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """The terminal size a client asked for, in whole cells within 1..``MAX_WIDTH`` and
    1..``MAX_HEIGHT``; 80×24 for what is not a number."""

    def clamp(value: object, default: int, maximum: int) -> int:
        if not isinstance(value, int | float | str):
            return default
        try:
            number = int(value)
        except (ValueError, OverflowError):  # "wide", NaN, infinity
            return default
        return min(max(number, 1), maximum)

    return clamp(width, 80, MAX_WIDTH), clamp(height, 24, MAX_HEIGHT)


def origin_of(url: str) -> tuple[str, str, int] | None:
    """Scheme, host and port (the default one if none is written) of an http(s) URL; None for
    anything else, such as the ``null`` origin of a sandboxed page or a local file."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname, DEFAULT_PORTS[scheme] if port is None else port


def origin_allowed(origin: str | None, host: str, public_url: str | None = None) -> bool:
    """Whether a websocket with this Origin header comes from the page's own origin: the Host it
    was sent to (over http or https) or ``public_url``. Browsers always send Origin, so a request
    without one is no web page's (a script, curl) and may come in."""
    if origin is None:
        return True
    pages = {origin_of(f"{scheme}://{host}") for scheme in DEFAULT_PORTS}
    if public_url:
        pages.add(origin_of(public_url))
    own = origin_of(origin)
    return own is not None and own in pages


def host_allowed(host_header: str, listening: str, public_url: str | None = None) -> bool:
    """Whether a request's Host may be answered. A server on a loopback address answers only
    names of this computer: a hostile page that points its own name at 127.0.0.1 (DNS
    rebinding) sends its own name as Host, and its Origin then matches it."""
    if public_url or not is_loopback(listening):
        return True
    name = origin_of(f"http://{host_header}")
    return name is not None and name[1] is not None and is_loopback(name[1])


class InputFlood(Exception):
    """A browser sends input faster than its game reads it: ``MAX_PENDING_INPUT`` ahead."""


@dataclass(frozen=True)
class Launch:
    """A game to start for one browser tab: its command line (no shell: argument by argument)
    and what its environment has beyond the server's own."""

    argv: tuple[str, ...]
    env: Mapping[str, str] = field(default_factory=dict)

    @property
    def command(self) -> str:
        return shlex.join(self.argv)


class BoundedAppService(GameProcess, AppService):
    """textual-serve's AppService (one game process), kept within ``MAX_WIDTH``×``MAX_HEIGHT``
    and ``MAX_PENDING_INPUT``, and sure to end when stopped. The game runs from the launch's
    argv with its environment, no shell in between (``GameProcess``)."""

    _stopping: asyncio.Future[None] | None = None

    def __init__(self, launch: Launch, **kwargs: Any) -> None:
        super().__init__(game_command(launch.argv, launch.env), **kwargs)
        self.launch = launch
        self.game_argv, self.game_env = launch.argv, launch.env

    async def start(self, width: object, height: object) -> None:
        await super().start(*clamp_size(width, height))

    async def set_terminal_size(self, width: object, height: object) -> None:
        await super().set_terminal_size(*clamp_size(width, height))

    # Input is queued for the game, never waited on: a websocket reader stuck behind a busy
    # game would not see its tab close.
    def _queue(self, packet_type: Literal[b"D", b"M"], payload: bytes) -> bool:
        if self.stdin.is_closing():
            return False  # the game has ended
        self.stdin.write(self.encode_packet(packet_type, payload))
        return True

    def _flooded(self) -> bool:
        return self.stdin.transport.get_write_buffer_size() > MAX_PENDING_INPUT

    async def send_bytes(self, data: bytes) -> bool:
        if self._flooded():
            raise InputFlood
        return self._queue(b"D", data)

    async def send_meta(self, data: dict[str, Any]) -> bool:
        return not self._flooded() and self._queue(b"M", json.dumps(data).encode("utf-8"))

    # The tab may be gone: keep reading the game's output anyway, or the game blocks writing
    # and cannot quit.
    async def on_data(self, payload: bytes) -> None:
        with suppress(ConnectionResetError):
            await super().on_data(payload)

    async def on_meta(self, data: bytes) -> None:
        with suppress(ConnectionResetError):
            await super().on_meta(data)

    async def run(self) -> None:
        await super().run()
        await self.remote_close()  # however the game ended, its tab has nothing left to show

    async def stop(self) -> None:
        """Ask the game to quit and wait for it to end; kill it if it is still running
        ``QUIT_GRACE`` seconds later (busy with a flood of input queued before the quit, or
        hung). Callers may wait together, and one that is cancelled does not cut it short."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self.end_game(QUIT_GRACE))
        await asyncio.shield(self._stopping)


class CappedServer(GameServer, Server):
    """textual-serve's Server with at most ``max_sessions`` games at once, whose game sockets
    take only the page's own origin, small messages and sane terminal sizes, and whose games
    end with their tabs and with the server.

    A subclass decides what game a socket gets (``admit``) and hears when it has ended
    (``release``); by default every socket gets ``command`` while there is room."""

    def __init__(
        self, command: str, *, max_sessions: int, public_url: str | None = None, **kwargs: Any
    ) -> None:
        super().__init__(command, public_url=public_url, **kwargs)
        self.max_sessions = max_sessions
        self.given_public_url = public_url
        self.games: set[BoundedAppService] = set()  # one a session, until its game has ended

    @property
    def full(self) -> bool:
        return len(self.games) >= self.max_sessions

    def check_host(self, request: web.Request) -> None:
        """Answer only requests sent to this server's own name (``host_allowed``)."""
        if not host_allowed(request.host, self.host, self.given_public_url):
            raise web.HTTPMisdirectedRequest(text="this game answers its own address only")

    def full_page(self) -> web.Response:
        return web.Response(
            text=FULL_PAGE.format(limit=html.escape(str(self.max_sessions)), felt=FELT, ink=TEXT),
            status=503,
            content_type="text/html",
            headers={"Retry-After": "60"},
        )

    async def handle_index(self, request: web.Request) -> web.Response:
        self.check_host(request)
        if self.full:
            return self.full_page()
        return self.game_page(request)

    def game_page(self, request: web.Request, socket_path: str | None = None) -> web.Response:
        """textual-serve's page of one game, its websocket at ``socket_path`` (default
        ``/ws``)."""
        return aiohttp_jinja2.render_template(
            "app_index.html", request, self.page(request, socket_path)
        )

    def page(self, request: web.Request, socket_path: str | None = None) -> dict[str, Any]:
        """textual-serve's page, except that without ``--public-url`` it points back to the
        address the browser used rather than to ``--host``: the page's websocket then goes to
        the origin the page came from, the only one it is let in from."""
        base = (self.given_public_url or f"{request.scheme}://{request.host}").rstrip("/")
        scheme, rest = base.split(":", 1)
        websocket = ("wss:" if scheme.lower() == "https" else "ws:") + rest
        router = request.app.router
        path = socket_path or str(router["websocket"].url_for())
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{websocket}{path}",
            "config": {"static": {"url": f"{base}{router['static'].url_for(filename='/')}"}},
            "application": {"name": self.title},
        }

    def admit(self, request: web.Request) -> Launch | None:
        """The game this socket starts, or None when the server is full. May raise an HTTP
        error (before the upgrade) to refuse the socket for another reason."""
        return None if self.full else Launch(tuple(shlex.split(self.command)))

    def release(self, game: BoundedAppService) -> None:
        """The socket of ``game`` (one that ``admit`` let in) has closed; the game is being
        stopped, and counts against ``max_sessions`` until it has ended."""

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        # Before the upgrade: a page from another site may neither play nor read the screen
        if not host_allowed(request.host, self.host, self.given_public_url) or not origin_allowed(
            request.headers.get("Origin"), request.host, self.given_public_url
        ):
            raise web.HTTPForbidden(text="this game only takes its own page's websocket")
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        launch = self.admit(request)
        if launch is None:  # a page loaded before the others filled the server
            await websocket.prepare(request)
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"server full")
            return websocket
        game = BoundedAppService(
            launch,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,  # type: ignore[arg-type]  # (returns a bool: unused)
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.games.add(game)  # before any wait, so that the cap holds
        try:
            await websocket.prepare(request)
            await self._play(request, websocket, game)
        finally:
            self.release(game)
            await game.stop()
            self.games.discard(game)
        return websocket

    async def _play(
        self, request: web.Request, websocket: web.WebSocketResponse, game: BoundedAppService
    ) -> None:
        """Until the socket closes: the tab went, sent a message over ``MAX_MESSAGE`` (aiohttp
        closes with 1009) or a flood of input, or the game ended."""
        try:
            await game.start(request.query.get("width", "80"), request.query.get("height", "24"))
            await self.relay(websocket, game)
        except InputFlood:
            await websocket.close(code=WSCloseCode.POLICY_VIOLATION, message=b"input flood")
        except Exception:
            log.exception("ningde serve: a game's session failed")

    async def on_shutdown(self, app: web.Application) -> None:
        await super().on_shutdown(app)
        # The games end with the server rather than outlive it
        await asyncio.gather(*(game.stop() for game in list(self.games)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="ningde serve",
        description="Serve the Textual app in a web browser (one game per browser tab).",
        epilog="Example: ningde serve --port 8000 -- hotseat --humans 2",
    )
    parser.add_argument(
        "--host",
        default="localhost",
        help="address to listen on (default localhost: this computer only)",
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--public-url",
        default=None,
        help="the URL browsers reach (behind a proxy); its origin may open games too",
    )
    parser.add_argument(
        "--max-sessions",
        type=int,
        default=DEFAULT_MAX_SESSIONS,
        help=f"games (browser tabs) at once; more get a 'full' page (default {DEFAULT_MAX_SESSIONS})",
    )
    parser.add_argument("command", nargs=argparse.REMAINDER, help="ningde command to serve")
    args = parser.parse_args(argv)
    if args.max_sessions < 1:
        parser.error("--max-sessions must be at least 1")
    if not is_loopback(args.host):
        print(exposure_warning(args.host, args.port, args.max_sessions), file=sys.stderr)
    rest = [a for a in args.command if a != "--"] or ["play"]
    command = shlex.join([sys.executable, "-m", "ningde_tui", *rest])
    server = CappedServer(
        command,
        max_sessions=args.max_sessions,
        host=args.host,
        port=args.port,
        title="宁德麻将",
        public_url=args.public_url,
    )
    server.serve()
    return 0
