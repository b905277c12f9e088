"""A community server's full garbage collections, on its own schedule.

Python's full pass of the cyclic collector looks at every object the process holds: with
hundreds of rooms, every seat's history and state and every connection's tasks, some hundreds
of thousands, which takes a tenth of a second of CPU or more, and grows with the rooms and
with the hands they have played. Left to Python's schedule it runs every few seconds, and each
pass holds up every room's next message. It finds next to nothing: a room's objects are freed
by reference counting as they go (a few hundred objects a minute are left in cycles).

So the server makes the full passes itself, every ``EVERY`` seconds, and Python makes none of
its own; the young generations are collected as usual (they hold only what was made since the
last one, and are quick). What the process holds once it has started (its modules, the bots'
tables, the rooms it resumed) is frozen out of every pass (``gc.freeze``).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

EVERY = 600.0  # seconds between two full passes
NEVER = 1 << 30  # a third threshold Python's own schedule never reaches
log = logging.getLogger("ningde.server")

_saved: tuple[int, int, int] | None = None


def take_over() -> None:
    """Python makes no more full passes of its own; what there is now is frozen out of them."""
    global _saved
    if _saved is None:
        _saved = gc.get_threshold()
        gc.collect()
        gc.freeze()
        gc.set_threshold(_saved[0], _saved[1], NEVER)


def give_back() -> None:
    global _saved
    if _saved is not None:
        gc.set_threshold(*_saved)
        gc.unfreeze()
        _saved = None


async def full_passes(every: float = EVERY) -> None:
    """A full pass every ``every`` seconds (until cancelled)."""
    while True:
        await asyncio.sleep(every)
        start = time.perf_counter()
        found = gc.collect()
        log.debug(
            "a full collection: %d objects freed in %.3fs", found, time.perf_counter() - start
        )
