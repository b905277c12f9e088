"""``baseline`` is a frozen copy of an earlier hard bot, so that every change to the bots is
measured against the same opponent (bots/baseline.py). These hashes are of the decisions that
hard bot made; if one changes, baseline no longer plays as it did and the measurements against
it (docs/research/bots.md) mean something else. Do not update them: find what moved
baseline's play."""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import replace
from functools import partial

import pytest
from bot_helpers import run_hand

from ningde_tui.bots.base import BOTS, REFERENCE_BOTS, make_bot
from ningde_tui.cli.simulate import main as simulate_main
from ningde_tui.rules.game import Game
from ningde_tui.rules.wall import shuffled_wall

# seed → (decisions over eight hands of four baseline bots, sha256 of them and the results)
PINNED = {
    1: (166, "1985dd5299bda886"),
    2: (127, "b5f507cc68f8132d"),
    3: (224, "92f97d96d15d91b2"),
}


def decisions_digest(level: str, seed: int) -> tuple[int, str]:
    rng = random.Random(f"baseline-pin-{seed}")
    digest = hashlib.sha256()
    count = 0
    for hand in range(8):
        game = Game(shuffled_wall(rng), dealer=hand % 4)
        actions = run_hand(game, [make_bot(level, 10 * seed + s) for s in range(4)])
        count += len(actions)
        digest.update("\n".join(map(str, actions)).encode())
        assert game.result is not None
        digest.update(repr(game.result.deltas).encode())
    return count, digest.hexdigest()[:16]


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_baseline_decides_as_it_always_has(seed):
    assert decisions_digest("baseline", seed) == PINNED[seed]


def test_baseline_is_known_to_simulate_but_not_offered_to_players():
    assert "baseline" in REFERENCE_BOTS and "baseline" not in BOTS
    assert make_bot("baseline", 0).name == "baseline"
    assert simulate_main(["--hands", "1", "--bots", "baseline,hard,normal,easy", "--json"]) == 0


def test_hard_without_its_additions_decides_as_baseline():
    """hard is baseline's judgement plus playing for 金雀/清一色, the call model and the read of
    the others when ready (bots/hard.py); with those turned off in its HardTuning it makes
    baseline's decisions, so they are the only difference. (hard's own judgement may change
    on purpose one day; then this test goes, and baseline stays pinned by the one above.)"""
    from ningde_tui.bots import base
    from ningde_tui.bots.hard import HARD, HardBot

    plain = replace(HARD, jinque_extra=-1, flush_extra=-1, defence_cost=0.0, call_margin=math.inf)
    base.REFERENCE_BOTS["plain-hard"] = partial(HardBot, tuning=plain)
    try:
        assert decisions_digest("plain-hard", 1) == PINNED[1]
    finally:
        del base.REFERENCE_BOTS["plain-hard"]
