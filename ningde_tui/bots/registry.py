"""Which bots there are, by name, without loading them: the levels on offer (weakest first), the
engine's plain players after them, and the reference bots. Each is registered with a factory
(seed -> player); the package's own bots with one that imports its class when the first such
bot is made. So the start screen and the commands' options list the bots before any is loaded
(the engine with them); ``base.make_bot`` builds them. ``base`` gives all of this too.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Player

BotFactory = Callable[[int], "Player"]  # a bot class: seed -> player
# The levels, weakest first: the start screen offers them in this order, and 战绩 filters the
# games by the level of the opponents.
LEVELS: dict[str, BotFactory] = {}
# The engine's plain players, offered after the levels (not in 战绩's filter).
PLAIN_BOTS: dict[str, BotFactory] = {}
# Every bot a player can pick, in the order the start screen lists them.
BOTS: dict[str, BotFactory] = {}
# Bots kept only to measure others against (simulate and the benchmarks know them; the start
# screen does not): ``baseline`` is a frozen copy of an earlier hard bot (bots/baseline.py).
REFERENCE_BOTS: dict[str, BotFactory] = {}


def register_level(name: str, factory: BotFactory) -> None:
    """A level on offer, after the levels registered before it, before the plain players."""
    LEVELS[name] = factory
    BOTS.clear()
    BOTS.update({**LEVELS, **PLAIN_BOTS})


def lazy(where: str) -> BotFactory:
    """The factory of the bot class at ``where`` ("module:Class", a module of this package),
    which imports the module when it first makes a bot."""
    module, _, name = where.partition(":")

    def make(seed: int) -> Player:
        factory: BotFactory = getattr(importlib.import_module(f".{module}", __package__), name)
        return factory(seed)

    return make


def _register_levels() -> None:
    PLAIN_BOTS.update(greedy=lazy("base:GreedyBot"), random=lazy("base:RandomBot"))
    register_level("easy", lazy("levels:EasyBot"))
    register_level("normal", lazy("levels:NormalBot"))
    register_level("hard", lazy("hard:HardBot"))
    REFERENCE_BOTS["baseline"] = lazy("baseline:BaselineBot")


_register_levels()


def known_bots() -> dict[str, BotFactory]:
    """Every bot ``make_bot`` can build: the ones on offer and the reference ones."""
    return {**BOTS, **REFERENCE_BOTS}
