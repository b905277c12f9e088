"""The seats' tokens of a room, and the file the host keeps them in (interfaces.md §6).

A token is ``secrets.token_urlsafe(TOKEN_BYTES)`` (192 bits) and is compared in constant time.
The host keeps a room's code and tokens beside its record, in ``<record>.room.json``, a file
only the host's user may read (created 0600, replaced whole), never in the record itself: the
record is a game's history and may be shared, the tokens hold the seats. The same file keeps
how the room is served and played (``settings``: its address and port, pace, timers, web
pages; ``net.hosting.RoomSettings`` reads them), so ``ningde host --continue`` brings the room
back as it was.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..records.files import load_json
from .protocol import MAX_TOKEN, TOKEN_BYTES

ROOM_FILE_SUFFIX = ".room.json"
MAX_ROOM_FILE = 16 * 1024
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud, typed by hand
CODE_LENGTH = 8
_DIGEST = re.compile(r"[0-9a-f]{64}")
_CODE = re.compile(r"[A-Za-z0-9_-]{1,32}")  # a room's code as a room file may hold it


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_room_code() -> str:
    """A room's code: not a secret (it is in the URL), only a name nobody types twice."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def is_room_code(text: str) -> bool:
    """Whether ``text`` may be a room's code (as a room file holds one)."""
    return _CODE.fullmatch(text) is not None


def same_token(given: str, held: str) -> bool:
    """Constant time in the tokens' contents (``hmac.compare_digest`` on their bytes)."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), held.encode("utf-8"))


def browser_digest(key: str) -> str:
    """What the room file keeps of the browser key that took a seat (``ningde host --web``):
    its SHA-256, so the file holds no cookie a reader could replay."""
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


@dataclass
class SeatTokens:
    """A room's code and, per seat, the token that holds it (None: nobody holds it)."""

    room: str
    tokens: list[str | None] = field(default_factory=lambda: [None] * 4)
    host_seat: int | None = None  # the seat the host's own terminal plays, if any
    # per seat taken in a web browser, the digest of that browser's key (``browser_digest``)
    browsers: list[str | None] = field(default_factory=lambda: [None] * 4)
    # how the room is served and played (``net.hosting.RoomSettings.to_json``), or None
    settings: dict[str, Any] | None = None

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` holds, or None. Every held token is compared (no early exit)."""
        if len(token) > MAX_TOKEN:
            return None
        found = None
        for seat, held in enumerate(self.tokens):
            if held is not None and same_token(token, held):
                found = seat
        return found

    def taken_by(self, seat: int, key: str | None) -> bool:
        """Whether the browser whose key is ``key`` took ``seat`` (constant time)."""
        held = self.browsers[seat]
        if held is None or key is None:
            return False
        return hmac.compare_digest(browser_digest(key), held)

    def issue(self, seat: int) -> str:
        token = new_token()
        self.tokens[seat] = token
        return token


def room_file(record: Path) -> Path:
    return record.with_name(record.name.removesuffix(".jsonl") + ROOM_FILE_SUFFIX)


def save(record: Path, tokens: SeatTokens) -> Path:
    """Write the room file beside ``record``: created 0600 under a temporary name, then moved
    over the old one, so it is never readable by others nor ever half written."""
    path = room_file(record)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    data = json.dumps(
        {
            "room": tokens.room,
            "tokens": tokens.tokens,
            "host_seat": tokens.host_seat,
            "browsers": tokens.browsers,
            **({} if tokens.settings is None else {"settings": tokens.settings}),
        }
    ).encode()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def load(record: Path) -> SeatTokens:
    """The room file beside ``record``; ValueError or OSError if it is missing or malformed."""
    path = room_file(record)
    data = load_json(path, MAX_ROOM_FILE)
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}: not a room file")
    room, held = data.get("room"), data.get("tokens")
    if not isinstance(room, str) or not is_room_code(room):
        raise ValueError(f"{path.name}: no room code")
    if not isinstance(held, list) or len(held) != 4:
        raise ValueError(f"{path.name}: no seat tokens")
    if not all(t is None or (isinstance(t, str) and 16 <= len(t) <= MAX_TOKEN) for t in held):
        raise ValueError(f"{path.name}: a token is malformed")
    host_seat = data.get("host_seat")
    if host_seat is not None and (type(host_seat) is not int or not 0 <= host_seat < 4):
        raise ValueError(f"{path.name}: the host's seat is malformed")
    browsers = data.get("browsers", [None] * 4)  # a room file from before browsers were kept
    if not isinstance(browsers, list) or len(browsers) != 4:
        raise ValueError(f"{path.name}: the browsers' seats are malformed")
    if not all(b is None or (isinstance(b, str) and _DIGEST.fullmatch(b)) for b in browsers):
        raise ValueError(f"{path.name}: a browser's key is malformed")
    settings = data.get("settings")  # checked field by field by whoever reads them
    if settings is not None and not isinstance(settings, dict):
        raise ValueError(f"{path.name}: the room's settings are malformed")
    if os.name == "posix" and path.stat().st_mode & 0o077:
        os.chmod(path, 0o600)  # someone widened it: the tokens are the seats
    return SeatTokens(room, list(held), host_seat, list(browsers), settings)
