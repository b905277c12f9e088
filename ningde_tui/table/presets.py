"""What a game is set to before it is started, loaded without the engine and the bots (the
start screen, the commands' options): the paces of the bots and the bot levels on offer (from
the bots' registry, ``bots/registry.py``)."""

from __future__ import annotations

from ..bots.registry import BOTS

PACES = {"instant": 0.0, "fast": 0.25, "normal": 0.6, "relaxed": 1.2}
BOT_LEVELS = tuple(BOTS)  # the levels on offer, in the order the start screen lists them
DEFAULT_BOT = "normal" if "normal" in BOTS else "greedy"
