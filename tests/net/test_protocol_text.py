"""A room sends each ``state`` as text it builds without a dict: the very text ``dumps`` makes
of the message interfaces.md §6 describes, for every seat after every decision of real
hands."""

from __future__ import annotations

import random

import pytest

from ningde_tui.bots.base import make_bot
from ningde_tui.net import protocol, wire
from ningde_tui.rules.game import Game, Phase
from ningde_tui.rules.tiles import full_set


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_states_text_is_the_dumps_of_its_dict(seed: int) -> None:
    rng = random.Random(seed)
    wall = full_set()
    rng.shuffle(wall)
    game = Game(wall, rng.randrange(4), 1, (rng.randint(1, 6), rng.randint(1, 6)))
    players = [make_bot("greedy", seed * 4 + s) for s in range(4)]
    sent = [0, 0, 0, 0]
    while True:
        for seat in range(4):
            obs = game.observation(seat)
            events = obs.history[sent[seat] :]
            deadline = rng.choice([None, 0.0, 12.34, 30])
            extra = {"scores": [5, -3, 0, -2], "hand": 3, "round": 2, "rounds": 4}
            text = protocol.state_text(
                len(game.decisions), wire.observation_json(obs), events, deadline, **extra
            )
            made = {
                "t": "state",
                "seq": len(game.decisions),
                "obs": wire.observation_to(obs),
                "events": [wire.event_to(e) for e in events],
                "deadline": deadline,
                **extra,
            }
            assert text == protocol.dumps(made)
            sent[seat] = len(obs.history)
        if game.phase == Phase.OVER:
            return
        seat = game.to_act()[0]
        game.apply(players[seat].choose(game.observation(seat)))
