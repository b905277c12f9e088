"""One hand of a room's record, as ``GET /r/CODE-N`` serves it (interfaces.md §7).

The served text is a record of its own (§2, JSON Lines): the room's game line, then hand N's
hand line and its decisions, up to its result. Only a hand that has ended is served — one whose
result line, or a later hand's line, is in the record — never the hand in play and never
another hand. While the room's session goes on, the game line's ``seed`` is null: the hand's
own wall line is all a replay needs, and the seed would deal every hand still to come.

The result line itself is left out: it holds the session's running scores and the hand's
number in the session, which a record of one hand would contradict (a replay checks every
result line against what the engine computes, starting from 0 and hand 1); the viewer computes
the same result from the hand's own lines. Before it is served, the text is replayed through
the engine as any record is: a broken record is never passed on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..records.jsonline import dumps_line, split_lines
from ..records.record import RecordError, read_objects, replay_lines

MAX_SERVED = 4 * 1024 * 1024  # bytes of one served hand (a hand is some tens of KiB)


class NotEnded(LookupError):
    """The record has no such hand, or it has not ended yet."""


def hand_lines(objects: list[dict[str, Any]], hand: int) -> list[dict[str, Any]]:
    """Hand ``hand``'s hand line and decisions from a record's objects (its game line first),
    if that hand has ended; NotEnded if not (or if there is no such hand)."""
    starts = [i for i, obj in enumerate(objects) if obj.get("t") == "hand"]
    if not 1 <= hand <= len(starts):
        raise NotEnded(f"no hand {hand} yet")
    first = starts[hand - 1]
    lines = [objects[first]]
    for obj in objects[first + 1 :]:
        kind = obj.get("t")
        if kind in ("result", "hand"):
            return lines
        if kind != "act":
            break
        lines.append(obj)
    raise NotEnded(f"hand {hand} has not ended")


def served_hand(record: Path, hand: int, session_over: bool) -> str:
    """The text ``/r/CODE-N`` serves for hand ``hand`` of ``record``. Raises NotEnded, or
    RecordError / OSError for a record that cannot be read or replayed."""
    found = read_objects(record)
    objects = [found[n] for n in sorted(found)]
    if not objects or objects[0].get("t") != "game":
        raise NotEnded("the record has not begun")
    header = dict(objects[0])
    if not session_over:
        header["seed"] = None
    text = "".join(dumps_line(obj) + "\n" for obj in [header, *hand_lines(objects[1:], hand)])
    if len(text.encode()) > MAX_SERVED:
        raise NotEnded(f"hand {hand} is too long to serve")
    replay = replay_lines(split_lines(text))  # raises RecordError if it does not replay
    if not replay.finished:
        raise RecordError(len(replay.hands), f"hand {hand} does not end where its result is")
    return text
