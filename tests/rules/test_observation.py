"""An Observation is built positionally (it is made for every decision): each field must carry
the game's value of the same name, in every phase."""

from __future__ import annotations

import random

import pytest

from ningde_tui.bots.base import RandomBot
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import CHOICE_PHASES, OVER, TURN, Game
from ningde_tui.rules.wall import shuffled_wall


def expected(game: Game, seat: int) -> dict[str, object]:
    on_turn = game.phase == TURN and game.turn == seat
    waiting = game.to_act()
    return {
        "seat": seat,
        "phase": game.phase,
        # who else may claim or rob is hidden: a seat sees the player on turn, or itself
        "to_act": tuple(waiting) if game.phase == TURN else (seat,) if seat in waiting else (),
        "turn": game.turn,
        "dealer": game.dealer,
        "streak": game.streak,
        "dice": game.dice,
        "gold": game.gold,
        "indicator": game.indicator,
        "hand": tuple(game.hands[seat]),
        "drawn": game.drawn[seat] if on_turn else None,
        "melds": tuple(tuple(m) for m in game.melds),
        "ponds": tuple(tuple(p) for p in game.ponds),
        "hand_sizes": tuple(len(h) for h in game.hands),
        "last_discard": game.last_discard,
        "wall_left": game.wall.left,
        "drawable": game.drawable,
        "reserve": game.reserve,
        "last_round": game.last_round,
        "declined_three_gold": tuple(game.declined),
        "legal": tuple(game.legal_actions(seat)),
        "win_blocked": game.win_blocked.get(seat) if game.phase in CHOICE_PHASES else None,
        "set_aside": tuple(game.wall.set_aside),
        "wall_head": game.wall.head,
        "wall_tail": game.wall.tail,
    }


@pytest.mark.parametrize("seed", range(6))
def test_observation_fields_carry_the_game_values_of_their_names(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(shuffled_wall(rng), dealer=seed % 4, streak=2, dice=(3, 4), config=RuleConfig())
    bot = RandomBot(seed)
    while game.phase != OVER:
        for seat in range(4):
            obs = game.observation(seat)
            want = expected(game, seat)
            got = {name: getattr(obs, name) for name in want}
            assert got == want
        seat = game.to_act()[0]
        game.apply(bot.choose(game.observation(seat)))
