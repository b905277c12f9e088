"""Helpers for rule scenarios: a hand from chosen tiles, and terse actions."""

from __future__ import annotations

from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import Action, Game, Phase
from ningde_tui.rules.scenario import build_wall
from ningde_tui.rules.tiles import parse_tile, parse_tiles


def new_game(
    hands: dict[int, str],
    dealer: int = 0,
    draws: str = "",
    gold: str = "9s",
    tail: str = "",
    streak: int = 1,
    flipped_whites: int = 0,
    config: RuleConfig | None = None,
) -> Game:
    wall = build_wall(dealer, hands, draws, gold, tail, flipped_whites)
    return Game(wall, dealer=dealer, streak=streak, config=config)


def act(game: Game, seat: int, kind: str, tile: str | None = None, tiles: str = ""):
    """Apply an action; for chi/pong/kong the tile is the discard being taken."""
    if tile is None and kind in ("chi", "pong", "kong") and game.last_discard:
        tile_id = game.last_discard[1]
    else:
        tile_id = None if tile is None else parse_tile(tile)
    used = tuple(sorted(parse_tiles(tiles))) if tiles else ()
    return game.apply(Action(seat, kind, tile_id, used))


def types(game: Game, seat: int) -> set[str]:
    return {a.type for a in game.legal_actions(seat)}


def pass_window(game: Game) -> None:
    """Everyone declines in the 抢金 window (claims on the discard stay open)."""
    while game.phase == Phase.WINDOW:
        seat = game.to_act()[0]
        decline = next(
            a for a in game.legal_actions(seat) if a.type in ("pass", "decline_three_gold")
        )
        game.apply(decline)


def pass_claims(game: Game) -> None:
    pass_window(game)
    while game.phase == Phase.CLAIM:
        game.apply(Action(game.to_act()[0], "pass"))
