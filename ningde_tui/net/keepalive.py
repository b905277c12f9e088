"""Keepalive pings that never come all at once.

Every connection, a room's or the lobby's, at either end, pings the other end now and then, so
that a dead link is noticed: websockets' own keepalive, which closes the connection when a
ping's pong has not come within ``PING_SECONDS``. Each connection pings at an interval of its
own, drawn from 15-25 s. At one interval for all, connections opened together (a server's
players all coming back after it restarted, a benchmark's thousands) ping in the same instant
every 20 s ever after, and a server answering thousands of pings at once holds up every room's
next message by a tenth of a second and more (docs/research/server-workers.md).
"""

from __future__ import annotations

import random

from websockets.asyncio.server import ServerConnection

PING_SECONDS = 20.0  # the mean interval, and how long a pong may take: a dead link shows in ~45 s
SPREAD = 0.25  # each connection's interval is within this share of PING_SECONDS


def interval() -> float:
    """One connection's seconds between two pings."""
    return PING_SECONDS * random.uniform(1.0 - SPREAD, 1.0 + SPREAD)


def start(ws: ServerConnection) -> None:
    """The keepalive of a connection a server accepted (served with ``ping_interval=None``),
    at an interval of its own."""
    ws.ping_interval = interval()
    ws.ping_timeout = PING_SECONDS
    ws.start_keepalive()
