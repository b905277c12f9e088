"""Decision audit: where does a bot leave points on the table?

    .venv/bin/python benchmarks/audit_bots.py --hands 200 --rollouts 16 [--bot baseline]
        [--kinds discard,claim,turn] [--out decisions.jsonl]
    .venv/bin/python benchmarks/audit_bots.py --keep-hands --lineup baseline,baseline,normal,easy \
        --kinds claim,turn --hands 2000 --rollouts 8 --out calls.jsonl

The bots of ``--lineup`` (default: four ``--bot``) play hands, seated in a random order each
hand. At the decisions of ``--bot``'s seats of the kinds asked for, every option worth weighing
is valued by determinized rollouts: what this seat cannot see is reshuffled, the option is
applied, and the hand is played out by each seat's own bot; the value is the seat's points.
Each option is played on the same reshuffles (common random numbers), so the differences are
paired. What is reshuffled:

- by default the others' concealed tiles and the live wall, uniformly. The others then hold
  random hands, far from ready even late in a hand, which flatters waiting (a model of when
  to pass a discard win fitted on such values lost at the table: docs/research/bots.md);
- with ``--keep-hands`` only the live wall: the others keep the hands they really hold. The
  values are then what the option is worth at this table; a model fitted on them from the
  seat's own view learns the value averaged over the hands the others really hold in such
  positions, with no sampling of hidden hands needed.

Kinds of decision:

- ``discard``: the bot's choice against each other discard of the same (best) shanten, up to
  ``--near`` of them in the bot's own order, and ``--worse`` discards a step worse (folding);
  ready hands only with ``--ready``; none above ``--max-shanten``; a ``--share`` of them;
- ``claim``: pass against each 吃/碰/杠/胡 offered on a discard;
- ``turn``: 暗杠/加杠/胡 against the discard the bot would make instead.

Printed, per kind of decision (what was chosen → the alternative): how many, the mean of
alternative − chosen with a 95% interval, and the spread of that difference with the rollouts'
own noise taken out ("true sd"): a mean well below zero with a true sd near zero says the bot's
choice cannot be bettered there; a true sd comparable to the mean says some of those decisions
would be better taken the other way, if one could tell which. ``--out`` writes every decision
(the seat's view: hand, melds, ponds, open melds, unseen counts; each option's rollout values,
the bot's own rating of a discard, and which seats the discard would really let win) as JSON
lines for offline fits (benchmarks/fit_calls.py fits hard's call model on them), with what
the seat cannot see (``hidden``: the others' concealed tiles and the live wall) kept apart
for measuring what a read of them would be worth.

This reads and copies the engine's ``Game`` (a measuring tool, not a player): the bots
themselves only ever see their Observation.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from ningde_tui.bots.base import make_bot
from ningde_tui.bots.evaluate import groups_left, unseen_tiles
from ningde_tui.rules.game import Action, ActionType, ClaimWindow, Game, Phase
from ningde_tui.rules.wall import shuffled_wall


def determinize(game: Game, seat: int, rng: random.Random, keep_hands: bool = False) -> Game:
    """A copy of ``game`` with what ``seat`` cannot see reshuffled: the other seats' concealed
    tiles and the live wall (their sizes kept). An open claim window is opened afresh, since
    the others' options depend on their new hands. (Another seat's face-down 暗杠 is kept.)

    ``keep_hands``: only the live wall is reshuffled; the others keep the hands they really
    hold. The values are then what the option is worth at this table, with the others' hands
    as play has really built them (a uniform reshuffle hands them random, far-from-ready
    hands); a model fitted on them from the seat's own view (its features) learns the value
    averaged over the hands the others really hold in such positions — no sampling of hidden
    hands needed."""
    g = copy.deepcopy(game)
    g._turn_cache = None
    g._public = None
    g._shapes = [None] * 4
    if keep_hands:
        wall = g.wall
        live = wall.tiles[wall.head : wall.tail]
        rng.shuffle(live)
        wall.tiles[wall.head : wall.tail] = live
        return g
    others = [s for s in range(4) if s != seat]
    pool: list[int] = []
    for s in others:
        pool += g.hands[s]
    wall = g.wall
    pool += wall.tiles[wall.head : wall.tail]
    rng.shuffle(pool)
    i = 0
    for s in others:
        n = len(g.hands[s])
        g.hands[s] = pool[i : i + n]
        i += n
        if g.drawn[s] is not None:
            g.drawn[s] = g.hands[s][-1]
    wall.tiles[wall.head : wall.tail] = pool[i:]
    if isinstance(g.window, ClaimWindow):
        discarder, tile = g.window.discarder, g.window.tile
        g.window = None
        g._open_claims(discarder, tile)
    return g


def rollout(game: Game, action: Action, lineup: list[str], seed: int) -> int:
    """Apply ``action``, let the seats' bots (``lineup``, by seat) finish the hand; the acting
    seat's points."""
    players = [make_bot(lineup[s], seed * 4 + s) for s in range(4)]
    game.apply(action)
    while game.phase != Phase.OVER:
        s = game.to_act()[0]
        game.apply(players[s].choose(game.observation(s)))
    assert game.result is not None
    return game.result.deltas[action.seat]


def options(game: Game, player: Any, chosen: Action, args: argparse.Namespace) -> list[Action]:
    """The chosen action first, then the alternatives to value (empty: not audited)."""
    seat = chosen.seat
    obs = game.observation(seat)
    legal = obs.legal
    kinds = set(args.kinds.split(","))
    if obs.phase == Phase.CLAIM and "claim" in kinds:
        alts = [
            a
            for a in legal
            if a.type
            in (ActionType.CHI, ActionType.PONG, ActionType.KONG, ActionType.WIN, ActionType.PASS)
        ]
    elif obs.phase == Phase.TURN and "turn" in kinds and chosen.type != ActionType.DISCARD:
        alts = [
            a for a in legal if a.type in (ActionType.ANKONG, ActionType.ADDKONG, ActionType.WIN)
        ]
        discards = [a for a in legal if a.type == ActionType.DISCARD]
        if discards:
            alts.append(player.pick_discard(obs, list(obs.hand), discards, groups_left(obs)).action)
    elif obs.phase == Phase.TURN and "discard" in kinds and chosen.type == ActionType.DISCARD:
        discards = [a for a in legal if a.type == ActionType.DISCARD]
        cands = player.discard_candidates(obs, list(obs.hand), discards, groups_left(obs))
        player.rank(obs, cands)
        cands.sort(key=lambda c: c.score, reverse=True)
        best = min(c.shanten for c in cands)
        if (best == 0 and not args.ready) or best > args.max_shanten:
            return []
        alts = [c.action for c in cands if c.shanten == best][: args.near]
        alts += [c.action for c in cands if c.shanten == best + 1][: args.worse]
    else:
        return []
    alts = [a for a in alts if a != chosen]
    return [chosen, *alts] if alts else []


def feeds(game: Game, action: Action) -> list[int]:
    """The other seats that could win on this discard as their hands really are (a fact the
    deciding seat cannot see: recorded to measure what a read of the others would be worth)."""
    if action.type != ActionType.DISCARD or action.tile is None:
        return []
    out = []
    for d in (1, 2, 3):
        other = (action.seat + d) % 4
        score, _ = game._discard_win(other, action.tile, game._hand_shape(other))
        if score is not None:
            out.append(other)
    return out


def label(obs_phase: str, action: Action, shanten: int | None) -> str:
    if action.type == ActionType.DISCARD:
        return f"discard(shanten {shanten})" if shanten is not None else "discard"
    return f"{obs_phase}:{action.type}"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--rollouts", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="baseline", help="the bot whose decisions are audited")
    parser.add_argument(
        "--lineup",
        help="the table, comma-separated (seated in a random order each hand; default: four "
        "--bot). Only --bot's seats are audited; rollouts play each seat's own bot.",
    )
    parser.add_argument(
        "--keep-hands",
        action="store_true",
        help="reshuffle only the live wall: the others keep their real hands",
    )
    parser.add_argument("--kinds", default="discard,claim,turn")
    parser.add_argument("--near", type=int, default=5, help="discards of the best shanten valued")
    parser.add_argument(
        "--worse", type=int, default=0, help="discards a step worse valued too (folding)"
    )
    parser.add_argument("--max-shanten", type=int, default=99, help="audit discards up to this")
    parser.add_argument("--ready", action="store_true", help="audit the discards of ready hands")
    parser.add_argument("--share", type=float, default=0.5, help="share of discards audited")
    parser.add_argument("--out", help="write every audited decision here (JSON lines)")
    args = parser.parse_args()
    args.table = args.lineup.split(",") if args.lineup else [args.bot] * 4
    if len(args.table) != 4 or args.bot not in args.table:
        parser.error("--lineup names four bots, --bot among them")
    return args


def row_of(
    game: Game, player: Any, chosen: Action, opts: list[Action], values: list[list[int]],
    lineup: list[str],
) -> dict[str, Any]:  # fmt: skip
    """One audited decision as a JSON line: the seat's view, each option's rollout values, and
    (to measure what a read of the others would be worth) which seats the discard would feed."""
    seat = chosen.seat
    obs = game.observation(seat)
    rated: dict[int, tuple[float, float]] = {}
    if chosen.type == ActionType.DISCARD:
        discards = [a for a in obs.legal if a.type == ActionType.DISCARD]
        cands = player.discard_candidates(obs, list(obs.hand), discards, groups_left(obs))
        player.rank(obs, cands)
        rated = {c.action.tile: (c.score, c.ukeire) for c in cands}
    return {
        "ponds": [list(p) for p in obs.ponds],
        "open": [[list(m.tiles) for m in ms if not m.face_down] for ms in obs.melds],
        "seat": seat,
        "phase": str(obs.phase),
        "hand": list(obs.hand),
        "gold": obs.gold,
        "melds": [len(m) for m in obs.melds],
        "lineup": lineup,
        "drawable": obs.drawable,
        "dealer": obs.dealer,
        "unseen": unseen_tiles(obs),
        "last_discard": obs.last_discard,
        # facts the seat cannot see, to measure what reading them would be worth
        "hidden": {
            "hands": [list(game.hands[s]) if s != seat else [] for s in range(4)],
            "wall": list(game.wall.tiles[game.wall.head : game.wall.tail]),
        },
        "options": [
            {
                "type": str(o.type),
                "tile": o.tile,
                "tiles": list(o.tiles),
                "vals": v,
                "feeds": feeds(game, o),
                "rated": rated.get(o.tile) if o.type == ActionType.DISCARD else None,
            }
            for o, v in zip(opts, values, strict=True)
        ],
    }


def value_options(
    game: Game, opts: list[Action], lineup: list[str], args: argparse.Namespace, seed: int
) -> list[list[int]]:
    """Each option's points in ``args.rollouts`` rollouts, the same worlds for every option."""
    values: list[list[int]] = [[] for _ in opts]
    seat = opts[0].seat
    for r in range(args.rollouts):
        for k, option in enumerate(opts):
            world = determinize(game, seat, random.Random(seed + r), args.keep_hands)
            values[k].append(rollout(world, option, lineup, seed + r))
    return values


def report(diffs: dict[str, list[tuple[float, float]]]) -> None:
    print(f"{'chosen → alternative':<34} {'n':>5} {'alt − chosen':>13} {'95%':>7} {'true sd':>8}")
    for key in sorted(diffs):
        rows = diffs[key]
        ds = [d for d, _ in rows]
        mean = statistics.fmean(ds)
        if len(ds) < 2:
            print(f"{key:<34} {len(ds):>5} {mean:>+13.3f}")
            continue
        observed = statistics.variance(ds)
        noise = statistics.fmean(v for _, v in rows)
        half = 1.96 * (observed / len(ds)) ** 0.5
        true_sd = max(0.0, observed - noise) ** 0.5
        print(f"{key:<34} {len(ds):>5} {mean:>+13.3f} {half:>7.3f} {true_sd:>8.2f}")


def main() -> None:
    args = parse_args()
    rng = random.Random(args.seed)
    diffs: dict[str, list[tuple[float, float]]] = defaultdict(list)
    out = open(args.out, "a") if args.out else None
    start = time.perf_counter()
    for _ in range(args.hands):
        game = Game(shuffled_wall(rng), dealer=rng.randrange(4))
        lineup = list(args.table)
        rng.shuffle(lineup)
        players = [make_bot(name, rng.randrange(10**9)) for name in lineup]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            obs = game.observation(seat)
            chosen = players[seat].choose(obs)
            opts = []
            if lineup[seat] == args.bot and (
                chosen.type != ActionType.DISCARD or rng.random() < args.share
            ):
                opts = options(game, players[seat], chosen, args)
            if opts:
                values = value_options(game, opts, lineup, args, rng.randrange(10**9))
                shanten = None
                if chosen.type == ActionType.DISCARD:
                    cands = players[seat].discard_candidates(
                        obs, list(obs.hand), [chosen], groups_left(obs)
                    )
                    shanten = cands[0].shanten
                head = label(obs.phase, chosen, shanten)
                for option, vals in zip(opts[1:], values[1:], strict=True):
                    d = [x - y for x, y in zip(vals, values[0], strict=True)]
                    key = f"{head} → {option.type}"
                    diffs[key].append((statistics.fmean(d), statistics.variance(d) / len(d)))
                if out is not None:
                    row = row_of(game, players[seat], chosen, opts, values, lineup)
                    out.write(json.dumps(row) + "\n")
            game.apply(chosen)
    kept = ", the others' hands kept" if args.keep_hands else ""
    print(
        f"{args.hands} hands of {', '.join(args.table)} ({args.bot} audited), "
        f"{args.rollouts} rollouts an option{kept}, {time.perf_counter() - start:.0f} s"
    )
    report(diffs)


if __name__ == "__main__":
    main()
