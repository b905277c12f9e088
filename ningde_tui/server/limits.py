"""Per-address limits of a community server (interfaces.md §7): a sliding window of events per
address; an address past its limit is refused for a while (``rate_limited``).

The addresses kept are bounded (``MAX_ADDRESSES``): past that, the address seen least recently
is forgotten, so a flood of addresses costs a bounded amount of memory and time.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field

MAX_ADDRESSES = 50_000


@dataclass
class _Seen:
    times: deque[float] = field(default_factory=deque)
    blocked_until: float = 0.0


class RateLimit:
    """At most ``count`` events per ``window`` seconds from one address; the next is refused
    and the address is then refused everything for ``block`` seconds."""

    def __init__(self, count: int, window: float = 60.0, block: float = 60.0) -> None:
        self.count, self.window, self.block = count, window, block
        self._seen: OrderedDict[str, _Seen] = OrderedDict()

    def blocked(self, address: str, now: float | None = None) -> bool:
        seen = self._seen.get(address)
        return seen is not None and seen.blocked_until > (time.monotonic() if now is None else now)

    def hit(self, address: str, now: float | None = None) -> bool:
        """Count one event from ``address``: False if it is over the limit (or blocked)."""
        now = time.monotonic() if now is None else now
        seen = self._seen.get(address)
        if seen is None:
            seen = self._seen[address] = _Seen()
            self._trim()
        else:
            self._seen.move_to_end(address)
        if seen.blocked_until > now:
            return False
        while seen.times and seen.times[0] <= now - self.window:
            seen.times.popleft()
        if len(seen.times) >= self.count:
            seen.blocked_until = now + self.block
            seen.times.clear()
            return False
        seen.times.append(now)
        return True

    def _trim(self) -> None:
        while len(self._seen) > MAX_ADDRESSES:
            self._seen.popitem(last=False)  # the address seen least recently
