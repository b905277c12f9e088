"""The public list and the room directory when a community is more than one process
(interfaces.md §7 "Beyond one process": ``--workers``, ``--redis``).

Each process (a worker, a machine) owns the rooms it made and is named by its base URL, its
*owner*: a room's row in the store names its owner, so any process can send a client there
(a redirect). Each process publishes its public rooms and how many rooms it plays, at once when
they change (at most once a second) and every ``BEAT_SECONDS`` anyway, as its heartbeat; each
reads everyone's every second and lists the merge. An owner that stops beating leaves the list
after ``store.LIVE_SECONDS`` (a clean stop withdraws at once).
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import Callable
from typing import Any

from . import lobby
from .store import Published, Store, StoreError

BEAT_SECONDS = 3.0  # a process publishes at least this often (its heartbeat)
READ_SECONDS = 1.0  # and reads the others' this often
log = logging.getLogger("ningde.server")


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket listening on ``host:port`` (0: any free port), ready to be served by this
    process or handed to workers (they inherit it and accept on it together). OSError if the
    address is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=1024)


def order(item: dict[str, Any]) -> tuple[bool, int, float]:
    """The lobby's order: rooms with a free seat first (fullest first), then the others,
    newest first."""
    free = int(item.get("free", 0))
    return (free == 0, free, -float(item.get("created", 0.0)))


class SharedList:
    """One process's side of the shared list: what it publishes and the merge it reads."""

    def __init__(self, store: Store, owner: str) -> None:
        self.store = store
        self.owner = owner
        self.merged: list[dict[str, Any]] = []  # every live owner's public rooms, in order
        self.rooms = 0  # rooms every live owner plays
        self.counts: dict[str, int] = {}  # each live owner's rooms
        self.owners = 0
        self.changed = asyncio.Event()  # this process's own rooms changed

    async def publish(self, own: Callable[[], tuple[int, list[dict[str, Any]]]]) -> None:
        """Publish ``own()`` (a count of rooms, the public entries) when it changes, at most
        once a second, and every ``BEAT_SECONDS`` anyway."""
        while True:
            rooms, entries = own()
            try:
                await self.store.publish(Published(self.owner, rooms, tuple(entries), time.time()))
            except StoreError:
                pass  # logged by the store; the next beat tries again
            await asyncio.sleep(READ_SECONDS)
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), BEAT_SECONDS - READ_SECONDS)
            except TimeoutError:
                pass

    async def read(self, on_change: Callable[[], None]) -> None:
        """Every ``READ_SECONDS``: the merge of every live owner's rooms; ``on_change`` when it
        differs from the last."""
        while True:
            try:
                listings = await self.store.listing()
            except StoreError:
                listings = None
            if listings is not None:
                merged = sorted((e for p in listings for e in p.entries), key=order)
                merged = merged[: lobby.MAX_ROOMS_LISTED]
                rooms = sum(p.rooms for p in listings)
                self.counts = {p.owner: p.rooms for p in listings}
                if merged != self.merged or rooms != self.rooms:
                    self.merged, self.rooms, self.owners = merged, rooms, len(listings)
                    on_change()
            await asyncio.sleep(READ_SECONDS)

    def waiting(self) -> list[dict[str, Any]]:
        """Public rooms of any owner that have not started and have a free seat, fullest
        first."""
        return [e for e in self.merged if e.get("free", 0) > 0 and not e["entry"]["started"]]

    async def withdraw(self) -> None:
        try:
            await self.store.withdraw(self.owner)
        except StoreError:
            pass
