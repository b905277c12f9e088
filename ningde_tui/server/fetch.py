"""A served hand fetched for ``ningde replay`` (interfaces.md §7): ``ningde replay CODE-N
--server URL`` or ``ningde replay URL/r/CODE-N`` reads ``/r/CODE-N`` over HTTP(S), checks it
as any record is checked (the engine replays it), and keeps it as a local record the viewer
opens (``replays/CODE-N.jsonl`` in the data folder: not among the player's own games).

Nothing from the server is trusted: the answer is capped in size, must be UTF-8 and must replay;
only http(s) is fetched, and a redirect only to http(s).
"""

from __future__ import annotations

import os
import secrets
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit, urlunsplit

from ..records.checks import RecordError
from ..records.jsonline import split_lines
from ..records.record import replay_lines
from ..records.storage import data_dir
from .lobby import parse_replay_code
from .replays import MAX_SERVED

TIMEOUT = 15.0  # seconds to wait for the server
REPLAYS = "replays"  # the fetched hands' folder in the data folder
_HTTP = {"http": "http", "https": "https", "ws": "http", "wss": "https"}


class FetchError(Exception):
    """The hand could not be had: why, in words."""


def served_url(target: str, server: str | None) -> tuple[str, str] | None:
    """(the URL of the served hand, its replay code) that ``ningde replay TARGET [--server
    URL]`` names, or None when TARGET is not one (a file). Raises FetchError."""
    if server is not None:
        if parse_replay_code(target) is None:
            raise FetchError("--server goes with a replay code, e.g. K3F9QX-1")
        return f"{_base(server)}/r/{target}", target
    parts = urlsplit(target)
    if parts.scheme not in _HTTP:
        return None
    code = parts.path.rsplit("/r/", 1)[-1] if "/r/" in parts.path else ""
    if parse_replay_code(code) is None or parts.query or parts.fragment:
        raise FetchError(f"{target}: a served hand's address ends in /r/CODE-N, e.g. /r/K3F9QX-1")
    return urlunsplit((_HTTP[parts.scheme], parts.netloc, parts.path, "", "")), code


def _base(server: str) -> str:
    parts = urlsplit(server.strip())
    if parts.scheme not in _HTTP or not parts.hostname or parts.query or parts.fragment:
        raise FetchError(f"{server}: the server is http(s)://HOST[:PORT] (or its ws(s):// address)")
    path = parts.path.rstrip("/").removesuffix("/lobby")
    return urlunsplit((_HTTP[parts.scheme], parts.netloc, path, "", ""))


class _HttpRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: Any,
        newurl: str,
    ) -> urllib.request.Request | None:
        if urlsplit(newurl).scheme not in ("http", "https"):
            raise FetchError(f"the server sent us on to {newurl}: not followed")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def fetch_hand(url: str, timeout: float = TIMEOUT) -> str:
    """The served hand at ``url``, checked: it replays through the engine. Raises FetchError."""
    opener = urllib.request.build_opener(_HttpRedirects())
    request = urllib.request.Request(url, headers={"User-Agent": "ningde-tui"})
    try:
        with opener.open(request, timeout=timeout) as answer:
            body = answer.read(MAX_SERVED + 1)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            raise FetchError("no such hand on that server, or it has not ended yet") from None
        if exc.code == 429:
            raise FetchError(
                "the server refuses this address for a while (too many codes)"
            ) from None
        raise FetchError(f"the server answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise FetchError(f"cannot reach the server: {reason}") from None
    if len(body) > MAX_SERVED:
        raise FetchError("the server sent more than a hand holds")
    try:
        text = body.decode("utf-8")
        replay = replay_lines(split_lines(text))
    except UnicodeDecodeError:
        raise FetchError("the server's answer is not a record (not UTF-8)") from None
    except RecordError as exc:
        raise FetchError(f"the server's answer is not a record: {exc}") from None
    if not replay.hands:
        raise FetchError("the server's answer holds no hand")
    return text


def keep(code: str, text: str, folder: Path | None = None) -> Path:
    """The fetched hand written to ``replays/CODE-N.jsonl`` in the data folder (whole: a
    temporary file moved over it). Raises OSError."""
    folder = folder or data_dir() / REPLAYS
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{code}.jsonl"
    tmp = folder / f".{code}.{secrets.token_hex(4)}.tmp"
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path
