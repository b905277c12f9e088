"""Opening the files in the player's folders as hostile input: only regular files, never more
than a bound, and JSON whose nesting is capped.

Anything can sit where a record or the settings are expected: a FIFO (opening it for reading
would wait for a writer for ever), a device or a link to one (``/dev/zero`` never ends), a
folder. ``open_regular`` opens without waiting (``O_NONBLOCK``), then refuses what is not a
regular file with an ``OSError`` that says so, so every caller that already turns an unreadable
file into a message does the same for these.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO

from .jsonline import MAX_DEPTH, LineError, check_values

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class NotRegularFile(OSError):
    """A FIFO, device, socket or folder where a file was expected."""


class FileTooLarge(OSError):
    """A file over the size its reader accepts."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def open_regular(path: str | Path) -> BinaryIO:
    """``path`` opened for reading in binary, if it is a regular file (a link to one is
    followed). Raises ``NotRegularFile`` for anything else, OSError as ``open`` does."""
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(errno.EINVAL, f"{_kind(mode)}, not a file", str(path))
        if _NONBLOCK:
            import fcntl

            flags = fcntl.fcntl(fd, fcntl.F_GETFL)
            fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~_NONBLOCK)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_capped(path: str | Path, limit: int) -> bytes:
    """A regular file's bytes, if it holds at most ``limit`` of them (``FileTooLarge`` if
    not; the rest is never read)."""
    with open_regular(path) as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(errno.EFBIG, f"larger than {limit:,} bytes", str(path))
    return data


def load_json(path: str | Path, limit: int, max_depth: int = MAX_DEPTH) -> Any:
    """A small JSON file (a byte-order mark is allowed), nested at most ``max_depth`` deep.
    Raises OSError (unreadable, not a regular file, too large) or ValueError (not JSON)."""
    data = read_capped(path, limit)
    try:
        text = data.decode("utf-8-sig")
        value = json.loads(text)
    except RecursionError:
        raise ValueError(f"nested more than {max_depth} deep") from None
    try:
        check_values(value, max_depth)
    except LineError as exc:
        raise ValueError(exc.reason) from None
    return value
