"""Data for hard's read of the others (ningde_tui/bots/reading.py): which ready discards let
another seat win.

    .venv/bin/python benchmarks/reading_data.py --hands 8000 --out feeds.jsonl.gz
    PYTHONPATH=. python3 benchmarks/fit_reading.py feeds.jsonl.gz      # the fit (needs numpy)

Plays hands at the benchmark's table (baseline, baseline, normal, easy, seated in a random
order each hand) and, at every turn where the seat to discard can be ready after its
discard, writes one row per discardable kind that leaves it ready and other seat: what the
deciding seat sees of that seat and that tile (``ningde_tui.bots.reading.read_features``,
``x``) and whether that seat could really win on it (``y``, a fact the seat cannot see), with
the decision's number and the tile. benchmarks/data/feeds.jsonl.gz holds the rows the shipped
READ_WEIGHTS were fitted on (8,000 hands: 200,319 rows in 29,212 decisions).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import time

from audit_bots import feeds

from ningde_tui.bots.base import make_bot
from ningde_tui.bots.evaluate import groups_left, tiles_shanten
from ningde_tui.bots.reading import read_features
from ningde_tui.rules.game import Action, ActionType, Game, Observation, Phase
from ningde_tui.rules.wall import shuffled_wall

TABLE = ["baseline", "baseline", "normal", "easy"]


def ready_after(obs: Observation, tile: int) -> bool:
    """Discarding ``tile`` leaves the hand ready."""
    rest = list(obs.hand)
    rest.remove(tile)
    return tiles_shanten(rest, obs.gold, groups_left(obs)) == 0


def can_be_ready(obs: Observation) -> bool:
    """Some discard leaves the hand ready."""
    return any(ready_after(obs, t) for t in set(obs.hand) - {obs.gold})


def rows_of(game: Game, obs: Observation) -> list[dict[str, object]]:
    """One row per discard that leaves the hand ready and other seat (empty if none does)."""
    if not can_be_ready(obs):
        return []
    discards = {a.tile for a in obs.legal if a.type == ActionType.DISCARD and a.tile is not None}
    out: list[dict[str, object]] = []
    for tile in discards:
        if not ready_after(obs, tile):
            continue
        fed = set(feeds(game, Action(obs.seat, ActionType.DISCARD, tile)))
        for d in (1, 2, 3):
            other = (obs.seat + d) % 4
            out.append(
                {
                    "tile": tile,
                    "other": other,
                    "x": read_features(obs, other, tile),
                    "y": int(other in fed),
                }
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    n = decision = 0
    with gzip.open(args.out, "wt") as f:
        for _ in range(args.hands):
            game = Game(shuffled_wall(rng), dealer=rng.randrange(4))
            lineup = list(TABLE)
            rng.shuffle(lineup)
            players = [make_bot(name, rng.randrange(10**9)) for name in lineup]
            while game.phase != Phase.OVER:
                seat = game.to_act()[0]
                obs = game.observation(seat)
                rows = rows_of(game, obs) if obs.phase == Phase.TURN else []
                for row in rows:
                    f.write(json.dumps({"decision": decision, **row}, separators=(",", ":")) + "\n")
                n += len(rows)
                decision += bool(rows)
                game.apply(players[seat].choose(obs))
    print(
        f"{n} rows, {decision} decisions from {args.hands} hands in {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
