"""``ningde serve``: the same app in a web browser, through textual-serve. Each browser tab
starts its own ``ningde`` process (any ``ningde`` command line after ``--``, default ``play``).

At most ``--max-sessions`` games run at once (each is a process of some 40 MB); a tab beyond
that gets a plain page saying the server is full. Listening beyond this computer (``--host``
not a loopback address) prints a warning: whoever can reach the port can play, watch every
saved game and continue them.
"""

from __future__ import annotations

import argparse
import html
import ipaddress
import shlex
import sys
from typing import Any

DEFAULT_MAX_SESSIONS = 4

FULL_PAGE = """<!DOCTYPE html>
<html lang="zh"><head><meta charset="utf-8"><title>宁德麻将 · 已满 full</title></head>
<body style="background:#10201c;color:#e8e2d0;font-family:sans-serif;padding:3em">
<h1>宁德麻将：对局已满</h1>
<p>这台服务器同时最多开 {limit} 局，现在都在进行中。请等一局结束（关掉它的浏览器标签页）后再刷新本页。</p>
<h1>Ningde Mahjong: the server is full</h1>
<p>This server runs at most {limit} games at once and all of them are in use.
Reload this page when one has ended (its browser tab closed).</p>
</body></html>
"""


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback address (127.0.0.0/8, ::1): reachable from this computer
    only. Anything else — ``0.0.0.0``, a LAN address, a host name — may be reachable by others."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str, port: int, limit: int) -> str:
    return (
        f"ningde serve: warning: listening on {host}:{port}, beyond this computer. Anyone who "
        "can reach it can play, watch every saved game (hands and wall included) and continue "
        f"them. At most {limit} games run at once (--max-sessions). Use --host 127.0.0.1 to "
        "serve this computer only."
    )


def capped_server(server_class: type, limit: int) -> type:
    """``server_class`` (textual-serve's Server) with at most ``limit`` sessions at once."""
    from aiohttp import web

    class CappedServer(server_class):  # type: ignore[misc, valid-type]
        max_sessions = limit
        sessions = 0

        @property
        def full(self) -> bool:
            return self.sessions >= self.max_sessions

        async def handle_index(self, request: web.Request) -> Any:
            if self.full:
                return web.Response(
                    text=FULL_PAGE.format(limit=html.escape(str(self.max_sessions))),
                    status=503,
                    content_type="text/html",
                    headers={"Retry-After": "60"},
                )
            return await super().handle_index(request)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            if self.full:  # a page loaded before the others filled the server
                websocket = web.WebSocketResponse()
                await websocket.prepare(request)
                await websocket.close(code=1013, message=b"server full")  # try again later
                return websocket
            self.sessions += 1
            try:
                return await super().handle_websocket(request)
            finally:
                self.sessions -= 1

    return CappedServer


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
        "--public-url", default=None, help="the URL browsers reach (behind a proxy)"
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
    try:
        from textual_serve.server import Server
    except ImportError:
        print(
            "ningde serve: textual-serve is not installed (pip install textual-serve)",
            file=sys.stderr,
        )
        return 2
    if not is_loopback(args.host):
        print(exposure_warning(args.host, args.port, args.max_sessions), file=sys.stderr)
    rest = [a for a in args.command if a != "--"] or ["play"]
    command = shlex.join([sys.executable, "-m", "ningde_tui", *rest])
    server = capped_server(Server, args.max_sessions)(
        command, host=args.host, port=args.port, title="宁德麻将", public_url=args.public_url
    )
    server.serve()
    return 0
