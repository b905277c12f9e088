"""Every bot, at every level and under every rule switch, only ever chooses a legal action,
never discards a gold (rules.md §4), and every hand it plays comes to an end (a win, or 流局
after 最后一出: rules.md §6)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from bot_helpers import LEVELS, checked, run_hand

from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import ActionType, Phase
from ningde_tui.rules.session import Session
from ningde_tui.rules.tiles import WHITE

# the defaults, then each [choice] of rules.md flipped in turn (new switches join by themselves)
CONFIGS = RuleConfig.each_switch_flipped()
HANDS_PER_CONFIG = 40


def rig_golds(wall: list[int], rng: random.Random) -> None:
    """Move two or three copies of the gold kind into dealt hands, so 三金倒, 抢金, 金雀 and
    the declined-三金倒 rule (rules.md §7, §8) come up far more often than on a fair wall."""
    indicator = wall[-1]
    if indicator == WHITE:
        return
    copies = [i for i in range(65, len(wall) - 1) if wall[i] == indicator]
    dealt = rng.sample(range(65), 3)  # rules.md §3: wall tiles 0-64 are the deal
    for src, dst in zip(copies[: rng.choice((2, 3))], dealt, strict=False):
        wall[src], wall[dst] = wall[dst], wall[src]


def white_indicator(wall: list[int]) -> None:
    """Put a 白板 at the tail end: the first 开金 flip shows 白板 (rules.md §4)."""
    i = wall.index(WHITE)
    wall[i], wall[-1] = wall[-1], wall[i]


def table_for(number: int, rng: random.Random) -> list[str]:
    if number < len(LEVELS):
        return [LEVELS[number]] * 4  # a table of one level
    return [rng.choice(LEVELS) for _ in range(4)]  # mixed seats


@cache
def sweep(name: str) -> Counter:
    """Bots play HANDS_PER_CONFIG hands under one config, each checked as it is played; the
    (phase, action type) pairs they met. Cached: the summary test below reuses the sweep when
    the whole file runs, and runs it itself when it runs alone."""
    config = CONFIGS[name]
    rng = random.Random(f"legal-{name}")
    session = Session(config, seed=rng.randrange(1 << 30), rounds=0)
    seen: Counter = Counter()
    for number in range(HANDS_PER_CONFIG):
        setup = session.next_setup()
        if number % 2:
            rig_golds(setup.wall, rng)
        if name == "white_indicator_reflip=false" and number % 4 == 0:
            white_indicator(setup.wall)
        game = session.start_hand(setup)
        levels = table_for(number, rng)
        players = checked(levels, [rng.randrange(1 << 30) for _ in range(4)], seen)
        run_hand(game, players)
        # no gold was ever discarded (a claimed discard leaves the pond: look at the log)
        discarded = [e.tile for e in game.log if e.kind == ActionType.DISCARD]
        assert game.gold not in discarded
        assert sum(game.result.deltas) == 0  # rules.md §11: zero-sum
        assert sorted(game.all_tiles()) == sorted(setup.wall)
        session.finish_hand()
    return seen


@pytest.mark.parametrize("name", list(CONFIGS))
def test_bots_choose_only_legal_actions_and_every_hand_ends(name):
    assert sweep(name)[(Phase.TURN, ActionType.DISCARD)] > 0


def test_white_gold_is_never_discarded_when_white_is_not_reflipped():
    """rules.md §4 [choice white_indicator_reflip=false]: a flipped 白板 becomes the gold."""
    config = RuleConfig(white_indicator_reflip=False)
    rng = random.Random("white-gold")
    session = Session(config, seed=7, rounds=0)
    for number in range(len(LEVELS)):
        setup = session.next_setup()
        white_indicator(setup.wall)
        game = session.start_hand(setup)
        assert game.gold == WHITE
        levels = [LEVELS[(number + k) % len(LEVELS)] for k in range(4)]
        run_hand(game, checked(levels, [rng.randrange(1 << 30) for _ in range(4)], Counter()))
        assert WHITE not in [e.tile for e in game.log if e.kind == ActionType.DISCARD]
        session.finish_hand()


def test_the_sweep_met_every_common_decision():
    """The sweep above is only worth something if the bots met the usual decisions in it."""
    all_seen: Counter = sum((sweep(name) for name in CONFIGS), Counter())
    kinds = {kind for _, kind in all_seen}
    assert {"discard", "chi", "pong", "kong", "win", "pass"} <= kinds, kinds
    phases = {phase for phase, _ in all_seen}
    assert {Phase.TURN, Phase.CLAIM, Phase.WINDOW} <= phases, phases
    assert {
        (Phase.WINDOW, "rob_gold"),
        (Phase.WINDOW, "three_gold"),
        (Phase.TURN, "three_gold"),
    } <= set(all_seen)
