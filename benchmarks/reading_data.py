"""Data for a read of the others (issue 14, fourth round): which discards let another seat win,
and which unseen tiles are still in the wall.

    .venv/bin/python benchmarks/reading_data.py --hands 6000 --out benchmarks/data/feeds.jsonl.gz
    .venv/bin/python benchmarks/reading_data.py --kinds --every 4 --hands 3000 \
        --out benchmarks/data/kinds.jsonl.gz

benchmarks/oracle_bound.py found that a hard bot which, with its own hand ready, never
discards a tile that would really let another seat win gains some +0.18 points a hand over
baseline. A fair bot cannot see the others' hands; it can only estimate that chance from what
its seat sees. This plays hands at the benchmark's table (baseline, baseline, normal, easy,
seated in a random order each hand) and, at every turn where the seat to discard can be ready
after its discard, writes one row per discardable kind that leaves it ready and other seat: what the deciding seat
sees of that seat and that tile (``ningde_tui.bots.reading.read_features``) and whether that seat
could really win on it (the label). ``benchmarks/fit_reading.py`` fits the model on it.

The oracle also found that knowing which unseen tiles are in the drawable wall (rather than
in the others' hands or the reserve) is worth some +0.2. With ``--kinds``, at every
``--every``-th turn of any seat, one row per kind with unseen copies: what the seat sees
(``kind_features``), the unseen copies and how many of them really are in the drawable wall.

With ``--belief N`` (fifth round), each row also gets ``b``: benchmarks/belief.py's share of
N sampled ready hands of that seat that wait on the tile, one per ``belief.BETAS``
(``fit_reading.py --belief`` says what they add). The sampling draws on the same random
stream as the deals, so the hands played differ from a run without it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import time

from audit_bots import feeds
from belief import belief_waits

from ningde_tui.bots.base import make_bot
from ningde_tui.bots.evaluate import groups_left, tiles_shanten, unseen_faces, unseen_tiles
from ningde_tui.bots.reading import read_features
from ningde_tui.rules.game import Action, ActionType, Game, Observation, Phase
from ningde_tui.rules.tiles import face
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


def drawn_streaks(flags: list[list[bool]], other: int) -> list[float]:
    """Not seen by the bots (yet): whether ``other``'s last discard was the tile it had just
    drawn, and how many of its last discards in a row were."""
    f = flags[other]
    streak = 0
    for x in reversed(f):
        if not x:
            break
        streak += 1
    return [float(bool(f) and f[-1]), float(streak)]


def rows_of(
    game: Game,
    obs: Observation,
    flags: list[list[bool]],
    belief: int = 0,
    rng: random.Random | None = None,
) -> list[dict[str, object]]:
    discards = {a.tile for a in obs.legal if a.type == ActionType.DISCARD and a.tile is not None}
    if not can_be_ready(obs):
        return []
    beliefs = {}
    if belief:
        assert rng is not None
        beliefs = {d: belief_waits(obs, (obs.seat + d) % 4, rng, belief) for d in (1, 2, 3)}
    out: list[dict[str, object]] = []
    for tile in discards:
        if not ready_after(obs, tile):
            continue
        fed = set(feeds(game, Action(obs.seat, ActionType.DISCARD, tile)))
        for d in (1, 2, 3):
            other = (obs.seat + d) % 4
            row: dict[str, object] = {
                "tile": tile,
                "other": other,
                "x": read_features(obs, other, tile),
                "t": drawn_streaks(flags, other),
                "y": int(other in fed),
            }
            if belief:
                row["b"] = [round(v[face(tile, obs.gold)], 5) for v in beliefs[d].values()]
            out.append(row)
    return out


KIND_FEATURES = (
    "1", "logit(drawable/unseen)", "unseen copies", "unseen ±1", "unseen ±2", "terminal",
    "2 or 8", "others discarded it", "others discarded ±1", "others discarded ±2",
    "ponds/10", "others' melds of its suit",
)  # fmt: skip


def kind_features(obs: Observation, unseen: list[int], kind: int) -> list[float]:
    """What this seat sees that tells whether an unseen copy of ``kind`` is still in the
    drawable wall rather than in another seat's hand (or the reserve): KIND_FEATURES."""
    gold = obs.gold
    faces_unseen, _ = unseen_faces(unseen, gold)
    total = max(1, sum(unseen))
    d = min(max(obs.drawable, 1), total - 1) if total > 1 else 1
    f = face(kind, gold) if kind != gold else gold
    suit, rank = divmod(f, 9)
    near = [[0, 0], [0, 0]]  # unseen / discarded by others, at ±1 and ±2
    for delta in (-2, -1, 1, 2):
        if 0 <= rank + delta < 9:
            g = 9 * suit + rank + delta
            near[0][abs(delta) - 1] += faces_unseen[g]
            near[1][abs(delta) - 1] += sum(
                sum(face(t, gold) == g and t != gold for t in obs.ponds[s])
                for s in range(4)
                if s != obs.seat
            )
    others = [s for s in range(4) if s != obs.seat]
    return [
        1.0,
        math.log(d / max(1, total - d)),
        float(unseen[kind]),
        float(near[0][0]),
        float(near[0][1]),
        float(rank in (0, 8)),
        float(rank in (1, 7)),
        float(sum(obs.ponds[s].count(kind) for s in others)),
        float(near[1][0]),
        float(near[1][1]),
        sum(len(p) for p in obs.ponds) / 10.0,
        float(
            sum(
                not m.face_down and face(m.tiles[0], gold) // 9 == suit
                for s in others
                for m in obs.melds[s]
            )
        ),
    ]


def kind_rows(game: Game, obs: Observation) -> list[dict[str, object]]:
    unseen = unseen_tiles(obs)
    wall = game.wall
    live = [0] * len(unseen)
    for t in wall.tiles[wall.head : wall.head + max(0, game.drawable)]:
        live[t] += 1
    return [
        {"x": kind_features(obs, unseen, k), "u": unseen[k], "y": live[k]}
        for k in range(len(unseen))
        if unseen[k]
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    parser.add_argument("--kinds", action="store_true", help="rows of unseen kinds instead")
    parser.add_argument("--every", type=int, default=1, help="with --kinds: every n-th turn")
    parser.add_argument(
        "--belief", type=int, default=0, help="also belief.py's sampled waits, from this many hands"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    n = decision = turns = 0
    with gzip.open(args.out, "wt") as f:
        for _ in range(args.hands):
            game = Game(shuffled_wall(rng), dealer=rng.randrange(4))
            lineup = list(TABLE)
            rng.shuffle(lineup)
            players = [make_bot(name, rng.randrange(10**9)) for name in lineup]
            flags: list[list[bool]] = [[], [], [], []]
            while game.phase != Phase.OVER:
                seat = game.to_act()[0]
                obs = game.observation(seat)
                if obs.phase == Phase.TURN:
                    turns += 1
                    if args.kinds:
                        rows = kind_rows(game, obs) if turns % args.every == 0 else []
                    else:
                        rows = rows_of(game, obs, flags, args.belief, rng)
                    for row in rows:
                        f.write(
                            json.dumps({"decision": decision, **row}, separators=(",", ":")) + "\n"
                        )
                    n += len(rows)
                    decision += bool(rows)
                action = players[seat].choose(obs)
                if action.type == ActionType.DISCARD:
                    flags[seat].append(action.tile == game.drawn[seat])
                game.apply(action)
    print(
        f"{n} rows, {decision} decisions from {args.hands} hands in {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
