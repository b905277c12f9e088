"""``ningde serve``: the same app in a web browser, through textual-serve. Each browser tab
starts its own ``ningde`` process (any ``ningde`` command line after ``--``, default ``play``)."""

from __future__ import annotations

import argparse
import shlex
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="ningde serve",
        description="Serve the Textual app in a web browser (one game per browser tab).",
        epilog="Example: ningde serve --port 8000 -- hotseat --humans 2",
    )
    parser.add_argument("--host", default="localhost", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--public-url", default=None, help="the URL browsers reach (behind a proxy)"
    )
    parser.add_argument("command", nargs=argparse.REMAINDER, help="ningde command to serve")
    args = parser.parse_args(argv)
    try:
        from textual_serve.server import Server
    except ImportError:
        print(
            "ningde serve: textual-serve is not installed (pip install textual-serve)",
            file=sys.stderr,
        )
        return 2
    rest = [a for a in args.command if a != "--"] or ["play"]
    command = shlex.join([sys.executable, "-m", "ningde_tui", *rest])
    Server(
        command, host=args.host, port=args.port, title="宁德麻将", public_url=args.public_url
    ).serve()
    return 0
