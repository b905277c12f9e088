"""The hard bot's read of the others (bots/reading.py): the chance that a discard lets another
seat win, from what the deciding seat sees only."""

from __future__ import annotations

import random

from ningde_tui.bots.base import make_bot
from ningde_tui.bots.reading import (
    READ_FEATURES,
    READ_WEIGHTS,
    feed_risks,
    logistic,
    passed_kinds,
    read_features,
)
from ningde_tui.rules.game import ActionType, Game, Observation, Phase
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.rules.wall import shuffled_wall


def turns(seed: int) -> list[Observation]:
    """The observations of every turn of one hand of four baseline bots."""
    rng = random.Random(seed)
    game = Game(shuffled_wall(rng), dealer=seed % 4)
    bots = [make_bot("baseline", seed + s) for s in range(4)]
    out = []
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        obs = game.observation(seat)
        if obs.phase == Phase.TURN:
            out.append(obs)
        game.apply(bots[seat].choose(obs))
    return out


def test_the_model_has_a_weight_for_every_feature():
    assert len(READ_WEIGHTS) == len(READ_FEATURES)


def test_passed_kinds_are_the_discards_made_after_that_seats_last_one():
    """Seat 0 to play: after seat 1's last discard came seat 2's and seat 3's (rules.md §5
    turn order); seat 3's last discard came after all the others but seat 0's."""
    obs = turns(3)[0]._replace(seat=0)
    ponds = tuple(tuple(parse_tile(t) for t in p) for p in (["1m"], ["2m"], ["3m", "4p"], ["5s"]))
    obs = obs._replace(ponds=ponds)
    assert passed_kinds(obs, 1) == {parse_tile("4p"), parse_tile("5s")}
    assert passed_kinds(obs, 2) == {parse_tile("5s")}
    assert passed_kinds(obs, 3) == set()


def test_a_passed_tile_and_the_seats_own_discards_read_safer():
    """No furiten in these rules (rules.md §9), but a seat's hand has not changed since its
    last discard, so a kind it let go by since cannot win for it now; and a seat seldom waits
    on a kind it threw itself. The fitted read says so."""
    passed = READ_FEATURES.index("passed")
    own = READ_FEATURES.index("its discards")
    assert READ_WEIGHTS[passed] < -1.0
    assert READ_WEIGHTS[own] < -1.0
    hand = turns(5)
    obs = hand[len(hand) // 2]
    other = (obs.seat + 1) % 4
    tile = next(a.tile for a in obs.legal if a.type == ActionType.DISCARD and a.tile is not None)
    x = read_features(obs, other, tile)
    safe = list(x)
    safe[passed] = 1.0
    assert logistic(READ_WEIGHTS, safe) < logistic(READ_WEIGHTS, x) or x[passed] == 1.0


def test_risks_are_chances_and_later_in_the_hand_higher():
    early, late = [], []
    for seed in range(4):
        obs_list = turns(seed)
        for i, obs in enumerate(obs_list):
            tiles = {
                a.tile for a in obs.legal if a.type == ActionType.DISCARD and a.tile is not None
            }
            risks = feed_risks(obs, tiles)
            assert set(risks) == tiles
            assert all(0.0 < r < 1.0 for r in risks.values())
            assert feed_risks(obs, tiles) == risks  # a function of the observation
            (early if i < len(obs_list) // 3 else late).extend(risks.values())
    assert sum(late) / len(late) > sum(early) / len(early)
