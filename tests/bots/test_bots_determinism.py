"""The same seed gives the same decisions, and ``ningde simulate`` gives the same summary
however it is run (one process or two; plain or --duplicate)."""

from __future__ import annotations

import json
import random

import pytest
from bot_helpers import LEVELS, run_hand

from ningde_tui.bots.base import make_bot
from ningde_tui.cli import main as ningde
from ningde_tui.rules.game import Game
from ningde_tui.rules.wall import shuffled_wall
from ningde_tui.sim.simulate import Summary, simulate


class Twins:
    """Asks two bots of one level and seed the same question and checks they agree."""

    def __init__(self, level: str, seed: int) -> None:
        self.a, self.b = make_bot(level, seed), make_bot(level, seed)
        self.name = level
        self.asked = 0

    def choose(self, obs):
        first, second = self.a.choose(obs), self.b.choose(obs)
        assert first == second, (self.name, first, second)
        self.asked += 1
        return first


@pytest.mark.parametrize("level", LEVELS)
def test_two_bots_of_one_level_and_seed_decide_alike_over_a_hand(level):
    rng = random.Random(f"twins-{level}")
    for hand in range(2):
        players = [Twins(level, 100 * hand + seat) for seat in range(4)]
        run_hand(Game(shuffled_wall(rng), dealer=hand), players)
        assert sum(p.asked for p in players) > 4


def test_a_replayed_hand_gives_the_same_decisions():
    wall = shuffled_wall(random.Random(11))
    runs = []
    for _ in range(2):
        bots = [make_bot(level, 7) for level in ("hard", "normal", "easy", "random")]
        runs.append(run_hand(Game(list(wall), dealer=1), bots))
    assert runs[0] == runs[1]


def table(summary: Summary) -> list[tuple]:
    return [(s.bot, s.points, s.wins, s.deal_ins, s.hands, s.patterns) for s in summary.seats]


BOTS = ["hard", "normal", "easy", "greedy"]


def test_simulate_with_one_seed_gives_one_summary():
    first = simulate(12, 3, BOTS)
    again = simulate(12, 3, BOTS)
    assert table(first) == table(again) and first.draws == again.draws
    assert first.hands == 12 and sum(s.points for s in first.seats) == 0
    other = simulate(12, 4, BOTS)
    assert table(other) != table(first)  # the seed does matter


def test_simulate_duplicate_plays_each_wall_four_times():
    summary = simulate(5, 21, BOTS, duplicate=True)
    assert summary.hands == 20 and summary.duplicate
    assert [s.hands for s in summary.seats] == [20] * 4  # every bot sat every seat
    assert all(len(s.per_wall) == 5 for s in summary.seats)
    assert sum(s.points for s in summary.seats) == 0
    assert table(simulate(5, 21, BOTS, duplicate=True)) == table(summary)
    out = summary.to_json()
    assert all("ci95" in row for row in out["seats"])


@pytest.mark.parametrize("duplicate", [False, True], ids=["plain", "duplicate"])
def test_two_workers_give_the_same_summary_as_one(duplicate):
    hands = 4 if duplicate else 34  # plain: three blocks of up to 16 hands
    bots = ["normal", "easy", "greedy", "random"]
    one = simulate(hands, 5, bots, duplicate=duplicate, workers=1)
    two = simulate(hands, 5, bots, duplicate=duplicate, workers=2)
    assert table(one) == table(two)
    assert (one.hands, one.draws) == (two.hands, two.draws)


def test_ningde_simulate_duplicate_runs(capsys):
    code = ningde(["simulate", "--hands", "2", "--seed", "1", "--duplicate", "--json",
                   "--bots", "hard,normal,easy,random"])  # fmt: skip
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 8 and [row["bot"] for row in out["seats"]] == BOTS[:3] + ["random"]
    assert sum(row["points"] for row in out["seats"]) == 0


def test_all_orders_give_every_bot_every_upstream_neighbour():
    """--all-orders: over the 24 plays of a wall each bot sits every seat six times and has
    each other bot as its 上家 (whose discards it may 吃) eight times."""
    from collections import Counter

    from ningde_tui.sim.simulate import seating_orders

    assert seating_orders(False) == [(0, 1, 2, 3)]
    orders = seating_orders(True)
    assert len(set(orders)) == 6
    seats, upstream = Counter(), Counter()
    for order in orders:
        for rotation in range(4):
            seat_of = {j: (k + rotation) % 4 for k, j in enumerate(order)}
            bot_at = {s: j for j, s in seat_of.items()}
            for j, s in seat_of.items():
                seats[j, s] += 1
                upstream[j, bot_at[(s - 1) % 4]] += 1
    assert set(seats.values()) == {6} and len(seats) == 16
    assert set(upstream.values()) == {8} and len(upstream) == 12


def test_simulate_all_orders_plays_each_wall_24_times():
    bots = ["normal", "easy", "greedy", "random"]
    one = simulate(2, 9, bots, duplicate=True, all_orders=True)
    assert one.hands == 48 and [s.hands for s in one.seats] == [48] * 4
    assert all(len(s.per_wall) == 2 for s in one.seats)
    assert sum(s.points for s in one.seats) == 0
    two = simulate(2, 9, bots, duplicate=True, all_orders=True, workers=2)
    assert table(one) == table(two)


def test_all_orders_needs_duplicate(capsys):
    with pytest.raises(SystemExit) as exit_:
        ningde(["simulate", "--hands", "2", "--all-orders"])
    assert exit_.value.code == 2
    assert "--all-orders needs --duplicate" in capsys.readouterr().err
