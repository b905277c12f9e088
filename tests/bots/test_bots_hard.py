"""The hard bot's call model (bots/hard.py): its inputs, and that hard stays legal and
deterministic per observation (``ningde review`` shows hard's choice beside a player's)."""

from __future__ import annotations

import random

from bot_helpers import CheckedBot, run_hand

from ningde_tui.bots.base import make_bot
from ningde_tui.bots.hard import CALL_FEATURES, CALL_WEIGHTS, ClaimView, call_features
from ningde_tui.rules.game import ActionType, Game, Phase
from ningde_tui.rules.tiles import NUM_KINDS, parse_tile, parse_tiles
from ningde_tui.rules.wall import shuffled_wall


def test_the_model_has_a_weight_for_every_feature():
    assert CALL_WEIGHTS, "hard ships a fitted call model"
    for weights in CALL_WEIGHTS.values():
        assert len(weights) == len(CALL_FEATURES)


def test_call_features_of_a_pong_that_brings_the_hand_closer():
    # 16 tiles, gold 9s: three sequences, 77s, 11p and loose 3m 5p 8p; the 下家 (seat 1) throws
    # 7s and seat 0 may 碰 it: a meld more, a step closer
    hand = parse_tiles("123m456m789m77s11p3m5p8p")
    assert len(hand) == 16
    unseen = [4] * NUM_KINDS
    for t in hand:
        unseen[t] -= 1
    seven = parse_tile("7s")
    view = ClaimView(hand, parse_tile("9s"), 0, unseen, 24, 0, 1, False)
    dsh, x = call_features(view, ActionType.PONG, (seven, seven))
    assert dsh == -1
    assert len(x) == len(CALL_FEATURES)
    assert x[0] == 1.0
    assert x[3:5] == [0.0, 1.0]  # from the 下家: the two seats between lose their draw
    assert x[9:11] == [1.0, 0.0]  # a 碰, not a 杠


class Twins:
    """A checked hard bot and a second one of the same seed: both see each observation and
    must agree; counts the calls on offer."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.name = "hard"
        self.checked = CheckedBot(make_bot("hard", seed), seat)
        self.twin = make_bot("hard", seed)
        self.calls = 0

    def choose(self, obs):
        first = self.checked.choose(obs)
        assert self.twin.choose(obs) == first
        if obs.phase == Phase.CLAIM and any(
            a.type in (ActionType.CHI, ActionType.PONG, ActionType.KONG) for a in obs.legal
        ):
            self.calls += 1
        return first


def test_hard_is_legal_and_agrees_with_itself_on_every_call_it_is_offered():
    rng = random.Random("hard-calls")
    calls = 0
    for hand in range(6):
        game = Game(shuffled_wall(rng), dealer=hand % 4)
        players = [Twins(s, 40 + s) for s in range(4)]
        run_hand(game, players)
        assert game.result is not None
        calls += sum(p.calls for p in players)
    assert calls > 5
