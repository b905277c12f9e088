"""Bots cannot reach hidden tiles: they are handed an Observation and nothing else, and an
Observation does not change when another seat's concealed tiles or the undrawn wall do."""

from __future__ import annotations

import copy
import importlib
import pkgutil
import random
from collections import Counter

import pytest
from bot_helpers import HEURISTIC, LEVELS, CheckedBot, upto
from helpers import act

import ningde_tui.bots
from ningde_tui.bots.base import make_bot
from ningde_tui.rules.game import Game, Observation, Phase
from ningde_tui.rules.scenario import build_wall
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.rules.wall import deal_order, shuffled_wall
from ningde_tui.sim.simulate import play_hand


def test_bots_are_called_with_an_observation_only():
    """simulate's play_hand gives each bot ``game.observation(seat)``, nothing else."""
    rng = random.Random(5)
    seen: Counter = Counter()
    levels = [*HEURISTIC, "greedy"]
    for first in range(0, len(levels), 4):  # a hand per four levels: each level plays one
        table = [levels[(first + seat) % len(levels)] for seat in range(4)]
        players = [CheckedBot(make_bot(level, 1), seat, seen) for seat, level in enumerate(table)]
        play_hand(Game(shuffled_wall(rng), dealer=2), players)
        assert sum(p.calls for p in players) > 10


def test_the_bot_modules_do_not_know_the_game():
    """The bot code imports the Observation, never the Game class it could reach into (every
    module of the package, a new one too; the registry, which only names the bots, neither)."""
    names = [info.name for info in pkgutil.iter_modules(ningde_tui.bots.__path__)]
    assert {"base", "evaluate", "registry"} <= set(names)
    for name in names:
        module = importlib.import_module(f"ningde_tui.bots.{name}")
        assert not hasattr(module, "Game"), module.__name__
        assert hasattr(module, "Observation") != (name == "registry"), module.__name__


def hide_differently(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of the game where every tile ``seat`` cannot see (the other seats' concealed
    tiles and the undrawn wall) is shuffled among those places; sizes stay the same."""
    other = copy.deepcopy(game)
    wall = other.wall
    pool = list(wall.tiles[wall.head : wall.tail])
    for s in range(4):
        if s != seat:
            pool += other.hands[s]
    rng.shuffle(pool)
    cut = wall.tail - wall.head
    wall.tiles[wall.head : wall.tail] = pool[:cut]
    rest = pool[cut:]
    for s in range(4):
        if s != seat:
            n = len(other.hands[s])
            other.hands[s], rest = rest[:n], rest[n:]
    assert not rest and sorted(other.all_tiles()) == sorted(game.all_tiles())
    return other


@pytest.mark.parametrize("hand_seed", [0, 1, 2])
def test_observation_and_decisions_do_not_depend_on_hidden_tiles(hand_seed):
    """Through a whole hand, at every decision: the deciding seat's Observation and every
    level's choice are the same in a game whose hidden tiles are dealt out differently."""
    rng = random.Random(hand_seed)
    game = Game(shuffled_wall(rng), dealer=hand_seed % 4)
    players = [make_bot(level, hand_seed) for level in ("hard", "normal", "easy", "greedy")]
    checked = 0
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        obs = game.observation(seat)
        twin = hide_differently(game, seat, rng)
        if sorted(twin.hands[(seat + 1) % 4]) != sorted(game.hands[(seat + 1) % 4]):
            assert twin.observation(seat) == obs
            for level in LEVELS:
                # fresh bots of one seed: the same observation must give the same choice
                a = make_bot(level, 9).choose(obs)
                b = make_bot(level, 9).choose(twin.observation(seat))
                assert a == b, (level, a, b)
            checked += 1
        game.apply(players[seat].choose(obs))
    assert checked > 10


def start_of_hand_twins(rng: random.Random) -> tuple[Game, Game]:
    """Two fresh hands with the same dealer's 17 tiles and gold, the rest dealt differently."""
    wall = shuffled_wall(rng)
    hidden = [i for i, owner in enumerate(deal_order(0)) if owner != 0]
    hidden += range(65, len(wall) - 2)  # the head of the wall, not the tail (开金 is there)
    tiles = [wall[i] for i in hidden]
    rng.shuffle(tiles)
    other = list(wall)
    for i, tile in zip(hidden, tiles, strict=True):
        other[i] = tile
    return Game(wall, dealer=0), Game(other, dealer=0)


@pytest.mark.parametrize("level", LEVELS)
def test_first_decision_is_the_same_when_the_others_hold_other_tiles(level):
    rng = random.Random(f"start-{level}")
    for _ in range(8):
        a, b = start_of_hand_twins(rng)
        if a.gold != b.gold or a.hands[1] == b.hands[1]:
            continue
        assert a.observation(0) == b.observation(0)
        assert make_bot(level, 3).choose(a.observation(0)) == make_bot(level, 3).choose(
            b.observation(0)
        )


# ------------------------------------------------------------------------ who else may claim
def claim_twins(window: bool) -> tuple[Game, Game]:
    """Two hands, equal but for seat 3's concealed tiles (and the undrawn wall they were
    swapped with), at seat 1's decision on the dealer's first discard.

    claim: seat 1 may 吃 the dealer's 7s; in the first hand seat 3 holds 77s (it may 碰).
    window: seat 1 holds three golds (三金倒); in the first hand seat 3 is ready (抢金)."""
    if window:
        hands = {0: "1m", 1: "999s 1m4m7m 2p5p8p 1s4s7s 2m5m8m 3p", 3: "123p456p678s789m11s23m"}
        key = "2m"  # take seat 3's 2m away and it is no longer ready
    else:
        hands = {0: "7s", 1: "68s", 3: "77s"}
        key = "7s"
    wall = build_wall(0, hands)
    seat3 = [i for i, owner in enumerate(deal_order(0)) if owner == 3]
    mine = [i for i in seat3 if wall[i] == parse_tile(key)]
    a = at_seat_1(wall, hands[0])
    assert 3 in a.to_act()
    for start in range(70, 100):  # swap those tiles with some from the undrawn wall
        other = list(wall)
        for i, j in zip(mine, range(start, start + len(mine)), strict=True):
            other[i], other[j] = other[j], other[i]
        b = at_seat_1(other, hands[0])
        if 3 not in b.window.options:  # seat 3 now has no choice to make
            break
    else:
        raise AssertionError("no swap takes seat 3's choice away")
    assert a.hands[0] == b.hands[0] and a.hands[1] == b.hands[1] and a.hands[3] != b.hands[3]
    assert (a.phase == Phase.WINDOW) == window
    return a, b


def at_seat_1(wall: list[int], dealer_discard: str) -> Game:
    g = Game(wall, dealer=0)
    act(g, 0, "discard", dealer_discard)
    upto(g, 1)
    return g


@pytest.mark.parametrize("window", [False, True], ids=["claim", "window"])
def test_bots_decide_the_same_whoever_else_may_claim(window):
    a, b = claim_twins(window)
    for level in LEVELS:
        for seed in range(3):
            assert make_bot(level, seed).choose(a.observation(1)) == make_bot(level, seed).choose(
                b.observation(1)
            )


@pytest.mark.parametrize("window", [False, True], ids=["claim", "window"])
def test_observation_does_not_reveal_who_else_may_claim(window):
    a, b = claim_twins(window)
    obs_a, obs_b = a.observation(1), b.observation(1)
    assert obs_a.hand == obs_b.hand and obs_a.legal == obs_b.legal
    assert obs_a == obs_b, (obs_a.to_act, obs_b.to_act)


def test_an_observation_has_no_field_for_other_hands():
    """The only concealed tiles in an Observation are the observer's own."""
    names = set(Observation._fields)
    assert "hand" in names and not {"hands", "wall", "game"} & names
