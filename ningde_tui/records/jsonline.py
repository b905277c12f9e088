"""One reader and one writer for every JSON Lines file: game records (``replay``, continuing,
the recent games list) and ``calc --batch``.

Reading is hardened against hostile input, so every bad line becomes a ``LineError`` with a
reason in words, never another exception:

- one line splitter everywhere: a line ends at ``\\n`` (a ``\\r`` before it is dropped), never
  at U+2028, U+0085 or the other breaks ``str.splitlines`` knows, which JSON may hold unescaped
  in its strings;
- a line longer than ``MAX_LINE_BYTES`` is refused before it is decoded or parsed (and is not
  even held in memory whole);
- brackets nested deeper than ``MAX_DEPTH``, integers longer than ``MAX_INT_DIGITS``,
  ``NaN``/``Infinity`` and lone surrogates (``"\\ud800"``) are refused;
- values echoed in a reason are shortened (``shorten``).

A last line without its ``\\n`` that does not parse is *torn* (a write cut short): readers of
records drop it with a warning instead of refusing the whole file.

Writing (``append_line``) puts a whole line in the file or nothing: the line goes out in one
``os.write`` (looping only on a short write) and on any failure the file is cut back to its
previous length, so a full disk never leaves a torn line behind.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

MAX_LINE_BYTES = 64 * 1024  # a record's hand line is about 700 bytes, its game line ~1 KB
MAX_DEPTH = 16  # records and calculator lines nest three deep at most
MAX_INT_DIGITS = 30
ECHO_CHARS = 80  # the most of a value a message repeats

_READ_CHUNK = 64 * 1024


class LineError(ValueError):
    """A line that is not a usable JSON object; ``reason`` says why in words.

    ``torn`` is true when the failure is what a line cut short would show (it does not parse,
    or its UTF-8 ends mid-character) and the line had no ``\\n``: only a last line can be torn."""

    def __init__(self, reason: str, torn: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.torn = torn


@dataclass(frozen=True)
class RawLine:
    number: int  # 1-based
    data: bytes  # without its line end; only the first MAX_LINE_BYTES + 1 of an over-long line
    size: int  # its length in bytes, without the line end
    ended: bool  # it had a "\n" (a last line without one may be torn)

    @property
    def blank(self) -> bool:
        return self.size <= MAX_LINE_BYTES and not self.data.strip()


def shorten(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` cut in the middle to about ``limit`` characters, saying how much is left out."""
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]}…[{len(text) - 2 * keep} more characters]…{text[-keep:]}"


def _strip_end(data: bytes) -> bytes:
    return data[:-1] if data.endswith(b"\r") else data


def raw_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[RawLine]:
    """The lines of a binary stream, split at ``\\n`` only; an over-long line is counted but
    never held whole."""
    number = 0
    while True:
        chunk = stream.readline(limit + 1)
        if not chunk:
            return
        number += 1
        if chunk.endswith(b"\n"):
            data = _strip_end(chunk[:-1])
            yield RawLine(number, data, len(data), True)
            continue
        size, ended = len(chunk), False
        if size > limit:  # over-long: skip to its end, counting
            while True:
                rest = stream.readline(_READ_CHUNK)
                if not rest:
                    break
                if rest.endswith(b"\n"):
                    size += len(rest) - 1
                    ended = True
                    break
                size += len(rest)
        yield RawLine(number, chunk, size, ended)


def split_lines(text: str | bytes) -> list[str]:
    """Text split the way ``raw_lines`` splits a file: at ``\\n`` only (a ``\\r`` before it is
    dropped), never at the other breaks ``str.splitlines`` knows; no empty last line."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="surrogateescape")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def text_raw_lines(lines: Iterable[str]) -> Iterator[RawLine]:
    """Lines already split (``split_lines``) as ``RawLine``s; each counts as ended."""
    for number, line in enumerate(lines, start=1):
        data = line.encode("utf-8", errors="surrogatepass")
        yield RawLine(number, data[: MAX_LINE_BYTES + 1], len(data), True)


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise LineError(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_constant(name: str) -> Any:
    raise LineError(f"{name} is not a number JSON allows")


def check_values(obj: Any, max_depth: int = MAX_DEPTH) -> None:
    """No nesting deeper than ``max_depth`` and no lone surrogate (``"\\ud800"``, which cannot be
    written out as UTF-8) anywhere; iterative, so no depth can overflow the stack."""
    stack: list[tuple[Any, int]] = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise LineError(
                    f"the text {shorten(ascii(value))} holds a lone surrogate (not a character)"
                ) from None
            continue
        if isinstance(value, (dict, list)) and depth > max_depth:
            raise LineError(f"brackets nested more than {max_depth} deep")
        if isinstance(value, dict):
            stack.extend((k, depth) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def parse_object(line: RawLine) -> dict[str, Any]:
    """One line as a JSON object; raises ``LineError`` with the reason."""
    if line.size > MAX_LINE_BYTES:
        raise LineError(f"the line is {line.size:,} bytes long (at most {MAX_LINE_BYTES:,})")
    data = line.data
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        cut = exc.reason == "unexpected end of data"
        raise LineError("the line is not UTF-8 text", torn=cut and not line.ended) from None
    try:
        obj = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except LineError:
        raise
    except json.JSONDecodeError as exc:
        raise LineError(f"not valid JSON ({exc.msg})", torn=not line.ended) from None
    except RecursionError:
        raise LineError(f"brackets nested more than {MAX_DEPTH} deep") from None
    except ValueError as exc:  # defence in depth: parse_int and parse_constant refuse first
        raise LineError(f"not valid JSON ({shorten(str(exc))})") from None
    if not isinstance(obj, dict):
        raise LineError(f"each line must be a JSON object {{...}}, not {_kind(obj)}")
    check_values(obj)
    return obj


def _kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "a number"


_BREAKS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_BREAK = re.compile("[\x85\u2028\u2029]")


def dumps_line(obj: Any, separators: tuple[str, str] | None = (", ", ": ")) -> str:
    """``obj`` as one JSON line, Chinese as it is, but with the characters ``str.splitlines``
    breaks at escaped (JSON escapes the control ones itself), so no reader splits it."""
    text = json.dumps(obj, ensure_ascii=False, separators=separators)
    return _BREAK.sub(lambda m: _BREAKS[m.group()], text)


def encode_line(obj: Any) -> bytes:
    """``obj`` as the bytes of one line of a file (``dumps_line`` and its ``\\n``)."""
    return (dumps_line(obj) + "\n").encode()


def append_line(fd: int, obj: dict[str, Any]) -> None:
    """Append ``obj`` as one line to the file open at ``fd`` (``O_APPEND``): all of it or
    nothing — on any failure the file is cut back to its length before, and OSError raised."""
    append_data(fd, encode_line(obj))


def append_data(fd: int, data: bytes, whole: int | None = None) -> int:
    """Append ``data`` (whole lines) to the file open at ``fd`` (``O_APPEND``), all of it or
    nothing, and return the file's length after it. ``whole``: the length the writer left the
    file at, after its last whole line; bytes beyond it (a line a failed write left torn, when
    cutting it back failed too) are cut off first, so no line is ever written after a torn
    one. On any failure the file is cut back to its length before, and OSError raised."""
    start = os.lseek(fd, 0, os.SEEK_END)
    if whole is not None and start > whole:
        os.ftruncate(fd, whole)
        start = whole
    try:
        done = os.write(fd, data)
        while done < len(data):  # a short write: go on, or fail below
            written = os.write(fd, data[done:])
            if written <= 0:
                raise OSError(28, "No space left on device")
            done += written
    except OSError:
        try:
            os.ftruncate(fd, start)
        except OSError:
            pass  # the next append cuts it off (``whole``); a reader drops a torn last line
        raise
    return start + len(data)
