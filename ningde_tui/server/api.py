"""The read-only HTTP answers of a community server (interfaces.md §7), made for websockets'
``process_request`` hook: a GET on the WebSocket server's own port is answered with one of
these ``Response``s instead of a handshake (no second web framework for a handful of GETs).

Every answer closes its connection, carries its length, says what it holds and that it must
not be cached or sniffed, and lets any web page read it (it is public and read-only).
"""

from __future__ import annotations

import email.utils
import json
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qs, unquote

from websockets.datastructures import Headers
from websockets.http11 import Response

JSON = "application/json; charset=utf-8"
JSON_LINES = "application/jsonl; charset=utf-8"
MAX_QUERY = 200  # characters of a query string read


def response(status: HTTPStatus, body: bytes, content_type: str) -> Response:
    headers = Headers(
        [
            ("Date", email.utils.formatdate(usegmt=True)),
            ("Connection", "close"),
            ("Content-Length", str(len(body))),
            ("Content-Type", content_type),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            ("Access-Control-Allow-Origin", "*"),
        ]
    )
    return Response(status.value, status.phrase, headers, body)


def json_response(body: Any, status: HTTPStatus = HTTPStatus.OK) -> Response:
    return response(status, json.dumps(body, ensure_ascii=False).encode(), JSON)


def error_response(status: HTTPStatus, code: str, text: str) -> Response:
    return json_response({"error": code, "text": text}, status)


def lines_response(text: str) -> Response:
    return response(HTTPStatus.OK, text.encode(), JSON_LINES)


def query_number(query: str, name: str, default: int, low: int, high: int) -> int | None:
    """``name``'s whole number in a query string (``limit=20``), ``default`` if it is not
    there, None if it is there but not a number from ``low`` to ``high``."""
    if len(query) > MAX_QUERY:
        return None
    try:
        values = parse_qs(query, max_num_fields=8).get(name)
    except ValueError:  # too many fields
        return None
    if not values:
        return default
    text = values[-1]
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        return None
    number = int(text)
    return number if low <= number <= high else None


def path_name(text: str) -> str | None:
    """A name from a path's last part (percent-encoded UTF-8), or None if it cannot be one."""
    if len(text) > 200 or "/" in text:
        return None
    try:
        return unquote(text, errors="strict")
    except UnicodeDecodeError:
        return None


def redirect(location: str) -> Response:
    """A temporary redirect (307): a room or a replay another process of the community owns.
    WebSocket clients (websockets' ``connect``) and HTTP clients follow it."""
    answer = error_response(HTTPStatus.TEMPORARY_REDIRECT, "elsewhere", location)
    answer.headers["Location"] = location
    return answer
