"""The rules engine of 宁德麻将 (rules.md), pure Python with no dependencies.

The public API, for the layers above (bots, records, the UI) and for scripts::

    from ningde_tui.rules import Game, RuleConfig, shuffled_wall
    game = Game(shuffled_wall(random.Random(1)), dealer=0, config=RuleConfig())
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[-1])

- ``Game``: one hand; ``apply(Action)`` (raises ``IllegalAction`` with a ``Refusal``),
  ``observation(seat)`` (what that seat may see), ``result`` once over.
- ``Session``: hands in a row (dealer rotation, 连庄, running scores) from one seed.
- ``evaluate_win(WinInput, RuleConfig) -> WinScore``: the scoring of a finished hand.
- ``RuleConfig``: every [choice] of rules.md as a switch.
- tiles: ``parse_tiles``/``tile_str`` notation (``1m``…``9s``, ``w`` for 白板).

Modules: tiles, wall, shapes (shanten and completion), melds, scoring, refusal, config, game,
session, scenario (walls built to order, for tests and screenshots).

The names above are loaded when first asked for (PEP 562): ``from ningde_tui.rules.config import
RuleConfig`` loads the rule switches alone, without the engine (the app's start screen).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .config import RuleConfig
    from .game import (
        Action,
        ActionType,
        Event,
        EventKind,
        Game,
        HandResult,
        IllegalAction,
        Observation,
        Phase,
        RuleEvent,
    )
    from .melds import Meld, MeldKind
    from .refusal import Refusal, RefusalCode
    from .scoring import PATTERN_TABLE, PATTERNS, WinBy, WinInput, WinScore, evaluate_win
    from .session import HandSetup, Session
    from .tiles import TOTAL_TILES, TileError, parse_tile, parse_tiles, tile_str
    from .wall import shuffled_wall

# the module each public name is defined in
_HOMES = {
    name: module
    for module, names in {
        "config": "RuleConfig",
        "game": "Action ActionType Event EventKind Game HandResult IllegalAction Observation "
        "Phase RuleEvent",
        "melds": "Meld MeldKind",
        "refusal": "Refusal RefusalCode",
        "scoring": "PATTERN_TABLE PATTERNS WinBy WinInput WinScore evaluate_win",
        "session": "HandSetup Session",
        "tiles": "TOTAL_TILES TileError parse_tile parse_tiles tile_str",
        "wall": "shuffled_wall",
    }.items()
    for name in names.split()
}

__all__ = [
    "PATTERNS",
    "PATTERN_TABLE",
    "TOTAL_TILES",
    "Action",
    "ActionType",
    "Event",
    "EventKind",
    "Game",
    "HandResult",
    "HandSetup",
    "IllegalAction",
    "Meld",
    "MeldKind",
    "Observation",
    "Phase",
    "Refusal",
    "RefusalCode",
    "RuleEvent",
    "RuleConfig",
    "Session",
    "TileError",
    "WinBy",
    "WinInput",
    "WinScore",
    "evaluate_win",
    "parse_tile",
    "parse_tiles",
    "shuffled_wall",
    "tile_str",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
