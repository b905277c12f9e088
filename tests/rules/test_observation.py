"""An Observation is built positionally (it is made for every decision): each field must carry
the game's value of the same name, in every phase."""

from __future__ import annotations

import random

import pytest
from helpers import new_game

from ningde_tui.bots.base import RandomBot
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import CHOICE_PHASES, Action, Game, Phase
from ningde_tui.rules.melds import FACE_DOWN_KONG, MeldKind
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.rules.wall import shuffled_wall


def expected(game: Game, seat: int) -> dict[str, object]:
    on_turn = game.phase == Phase.TURN and game.turn == seat
    waiting = game.to_act()
    return {
        "seat": seat,
        "phase": game.phase,
        # who else may claim or rob is hidden: a seat sees the player on turn, or itself
        "to_act": tuple(waiting)
        if game.phase == Phase.TURN
        else (seat,)
        if seat in waiting
        else (),
        "turn": game.turn,
        "dealer": game.dealer,
        "streak": game.streak,
        "dice": game.dice,
        "gold": game.gold,
        "indicator": game.indicator,
        "hand": tuple(game.hands[seat]),
        "drawn": game.drawn[seat] if on_turn else None,
        # another seat's 暗杠 is face down (rules.md §5)
        "melds": tuple(
            tuple(
                m if s == seat or m.kind != MeldKind.ANKONG else FACE_DOWN_KONG
                for m in game.melds[s]
            )
            for s in range(4)
        ),
        "ponds": tuple(tuple(p) for p in game.ponds),
        "hand_sizes": tuple(len(h) for h in game.hands),
        "last_discard": game.last_discard,
        "wall_left": game.wall.left,
        "drawable": game.drawable,
        "reserve": game.reserve,
        "last_round": game.last_round,
        "declined_three_gold": tuple(game.declined),
        "legal": tuple(game.legal_actions(seat)),
        "win_blocked": game.window.blocked(seat) if game.phase in CHOICE_PHASES else None,
        "set_aside": tuple(game.wall.set_aside),
        "wall_head": game.wall.head,
        "wall_tail": game.wall.tail,
        "config": game.config,
    }


@pytest.mark.parametrize("seed", range(6))
def test_observation_fields_carry_the_game_values_of_their_names(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(shuffled_wall(rng), dealer=seed % 4, streak=2, dice=(3, 4), config=RuleConfig())
    bot = RandomBot(seed)
    while game.phase != Phase.OVER:
        for seat in range(4):
            obs = game.observation(seat)
            want = expected(game, seat)
            got = {name: getattr(obs, name) for name in want}
            assert got == want
        seat = game.to_act()[0]
        game.apply(bot.choose(game.observation(seat)))


def test_s5_another_seats_concealed_kong_is_face_down_in_every_view_but_its_owners() -> None:
    """rules.md §5: a 暗杠 is laid face down — the others (and bots, through their view) know
    it is a concealed kong, not its kind; its owner sees the faces."""
    game = new_game({0: "7777p1s"}, gold="9s")
    game.apply(Action(0, "ankong", parse_tile("7p")))
    assert game.observation(0).melds[0][0].tiles == (parse_tile("7p"),) * 4
    for seat in (1, 2, 3):
        obs = game.observation(seat)
        assert obs.melds[0] == (FACE_DOWN_KONG,) and obs.melds[0][0].face_down
        assert parse_tile("7p") not in [t for ms in obs.melds for m in ms for t in m.tiles]
    assert [e.tile for e in game.log if e.kind == "ankong"] == [None]  # the event neither
    assert game.melds[0][0].tiles == (parse_tile("7p"),) * 4  # the replay and results see it
