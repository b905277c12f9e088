"""Plan audit (issue 14): is a way of playing the rest of a hand worth more, where it applies?

    .venv/bin/python benchmarks/audit_plans.py --set JINQUE_EXTRA=2,PASS_FOR_JINQUE=1 --golds 2
    .venv/bin/python benchmarks/audit_plans.py --set DANDIAO_MELDS=2 --melds 2 --hands 600
    .venv/bin/python benchmarks/audit_plans.py --set DEFENCE_COST=150 --ready --hands 1500

The table baseline, baseline, normal, easy plays hands (seated in a random order each hand).
The first time in a hand that one of baseline's seats is to play its turn in a position the
plan applies to (``--golds``: at least that many golds in hand; ``--melds``: at least that
many melds declared; ``--ready``: a discard leaves the hand ready), the rest of the hand is played twice from there by rollouts that keep
the others' real hands (only the live wall reshuffled; benchmarks/audit_bots.py
``--keep-hands``): once with that seat played by ``--base`` (default ``hard``), once by a hard
bot with the class settings of ``--set`` (like bench_bots.py's ``--variant``), on the same
reshuffles. Printed: the positions found, plan − base a position with a 95% interval, and what
that makes a seat-hand of baseline's.

A decision audit (audit_bots.py) changes one decision and lets the bot play on; a plan
(going for 金雀, for 单钓, for 清一色) is many decisions taken together, which only this sees.
It is also far cheaper than a table run: only the hands where the plan applies are played,
and each from the position it starts in.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from audit_bots import determinize
from bench_bots import hard_variant
from reading_data import can_be_ready

from ningde_tui.bots.base import Player, make_bot
from ningde_tui.rules.game import Game, Phase
from ningde_tui.rules.tiles import face_counts
from ningde_tui.rules.wall import shuffled_wall

TABLE = ["baseline", "baseline", "normal", "easy"]


def play_out(game: Game, seat: int, player: Player, lineup: list[str], seed: int) -> int:
    players = [player if s == seat else make_bot(lineup[s], seed * 4 + s) for s in range(4)]
    while game.phase != Phase.OVER:
        s = game.to_act()[0]
        game.apply(players[s].choose(game.observation(s)))
    assert game.result is not None
    return game.result.deltas[seat]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--set", required=True, help="ATTR=VALUE,... of the plan's hard bot")
    parser.add_argument("--base", default="hard")
    parser.add_argument("--golds", type=int, default=0)
    parser.add_argument("--melds", type=int, default=0)
    parser.add_argument("--ready", action="store_true")
    parser.add_argument("--hands", type=int, default=600)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    plan = hard_variant("plan", args.set)
    rng = random.Random(args.seed)
    diffs: list[float] = []
    start = time.perf_counter()
    for _ in range(args.hands):
        game = Game(shuffled_wall(rng), dealer=rng.randrange(4))
        lineup = list(TABLE)
        rng.shuffle(lineup)
        players = [make_bot(name, rng.randrange(10**9)) for name in lineup]
        audited: set[int] = set()
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            obs = game.observation(seat)
            if (
                lineup[seat] == "baseline"
                and seat not in audited
                and obs.phase == Phase.TURN
                and face_counts(obs.hand, obs.gold)[1] >= args.golds
                and len(obs.melds[seat]) >= args.melds
                and (not args.ready or can_be_ready(obs))
            ):
                audited.add(seat)
                seed = rng.randrange(10**9)
                d = []
                for r in range(args.rollouts):
                    worlds = [determinize(game, seat, random.Random(seed + r), True) for _ in "ab"]
                    base = play_out(
                        worlds[0], seat, make_bot(args.base, seed + r), lineup, seed + r
                    )
                    mine = play_out(worlds[1], seat, plan(seed + r), lineup, seed + r)
                    d.append(mine - base)
                diffs.append(statistics.fmean(d))
            game.apply(players[seat].choose(obs))
    n = len(diffs)
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / n**0.5 if n > 1 else float("nan")
    print(
        f"plan {args.set} against {args.base}: {n} positions in {args.hands} hands "
        f"({2 * args.hands} baseline seat-hands), {mean:+.3f} ±{half:.3f} a position, "
        f"{mean * n / (2 * args.hands):+.4f} a seat-hand; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
