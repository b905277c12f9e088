"""Decision audit (issue 14): where does a bot leave points on the table?

    .venv/bin/python benchmarks/audit_bots.py --hands 200 --rollouts 16 [--bot baseline]
        [--kinds discard,claim,turn] [--out decisions.jsonl]

Four copies of ``--bot`` play hands. At the decisions of the kinds asked for, every option
worth weighing is valued by determinized rollouts: the tiles this seat cannot see (the others'
concealed hands and the live wall) are reshuffled, the option is applied, and the hand is
played out by the same bot at all four seats; the value is the seat's points. Each option is
played on the same reshuffles (common random numbers), so the differences are paired.

- ``discard``: the bot's choice against each other discard of the same (best) shanten, up to
  ``--near`` of them in the bot's own order (ready hands are left out: there the order is
  clear);
- ``claim``: pass against each 吃/碰/杠/胡 offered on a discard;
- ``turn``: 暗杠/加杠/胡 against the discard the bot would make instead.

Printed, per kind of decision (what was chosen → the alternative): how many, the mean of
alternative − chosen with a 95% interval, and the spread of that difference with the rollouts'
own noise taken out ("true sd"): a mean well below zero with a true sd near zero says the bot's
choice cannot be bettered there; a true sd comparable to the mean says some of those decisions
would be better taken the other way, if one could tell which. ``--out`` writes every decision
(the seat's view and each option's rollout values) as JSON lines for offline fits.

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
from ningde_tui.rules.game import (
    ADDKONG,
    ANKONG_,
    CHI_,
    CLAIM,
    DISCARD,
    KONG_,
    OVER,
    PASS,
    PONG_,
    TURN,
    WIN,
    Action,
    ClaimWindow,
    Game,
)
from ningde_tui.rules.wall import shuffled_wall


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` with what ``seat`` cannot see reshuffled: the other seats' concealed
    tiles and the live wall (their sizes kept). An open claim window is opened afresh, since
    the others' options depend on their new hands. (Another seat's face-down 暗杠 is kept.)"""
    g = copy.deepcopy(game)
    g._turn_cache = None
    g._public = None
    g._shapes = [None] * 4
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


def rollout(game: Game, action: Action, bot: str, seed: int) -> int:
    """Apply ``action``, let four ``bot``s finish the hand; the acting seat's points."""
    players = [make_bot(bot, seed * 4 + s) for s in range(4)]
    game.apply(action)
    while game.phase != OVER:
        s = game.to_act()[0]
        game.apply(players[s].choose(game.observation(s)))
    assert game.result is not None
    return game.result.deltas[action.seat]


def options(game: Game, player: Any, chosen: Action, kinds: set[str], near: int) -> list[Action]:
    """The chosen action first, then the alternatives to value (empty: not audited)."""
    seat = chosen.seat
    obs = game.observation(seat)
    legal = obs.legal
    if obs.phase == CLAIM and "claim" in kinds:
        alts = [a for a in legal if a.type in (CHI_, PONG_, KONG_, WIN, PASS)]
    elif obs.phase == TURN and "turn" in kinds and chosen.type != DISCARD:
        alts = [a for a in legal if a.type in (ANKONG_, ADDKONG, WIN)]
        discards = [a for a in legal if a.type == DISCARD]
        if discards:
            alts.append(player.pick_discard(obs, list(obs.hand), discards, groups_left(obs)).action)
    elif obs.phase == TURN and "discard" in kinds and chosen.type == DISCARD:
        discards = [a for a in legal if a.type == DISCARD]
        cands = player.discard_candidates(obs, list(obs.hand), discards, groups_left(obs))
        player.rank(obs, cands)
        cands.sort(key=lambda c: c.score, reverse=True)
        best = min(c.shanten for c in cands)
        if best == 0:
            return []
        alts = [c.action for c in cands if c.shanten == best][:near]
    else:
        return []
    alts = [a for a in alts if a != chosen]
    return [chosen, *alts] if alts else []


def label(obs_phase: str, action: Action, shanten: int | None) -> str:
    if action.type == DISCARD:
        return f"discard(shanten {shanten})" if shanten is not None else "discard"
    return f"{obs_phase}:{action.type}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--rollouts", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="baseline")
    parser.add_argument("--kinds", default="discard,claim,turn")
    parser.add_argument("--near", type=int, default=5, help="discards of the best shanten valued")
    parser.add_argument("--share", type=float, default=0.5, help="share of discards audited")
    parser.add_argument("--out", help="write every audited decision here (JSON lines)")
    args = parser.parse_args()
    kinds = set(args.kinds.split(","))
    rng = random.Random(args.seed)
    diffs: dict[str, list[tuple[float, float]]] = defaultdict(list)
    out = open(args.out, "a") if args.out else None
    start = time.perf_counter()
    for _ in range(args.hands):
        game = Game(shuffled_wall(rng), dealer=rng.randrange(4))
        players = [make_bot(args.bot, rng.randrange(10**9)) for _ in range(4)]
        while game.phase != OVER:
            seat = game.to_act()[0]
            obs = game.observation(seat)
            chosen = players[seat].choose(obs)
            opts = []
            if chosen.type != DISCARD or rng.random() < args.share:
                opts = options(game, players[seat], chosen, kinds, args.near)
            if opts:
                seed = rng.randrange(10**9)
                values: list[list[int]] = [[] for _ in opts]
                for r in range(args.rollouts):
                    for k, option in enumerate(opts):
                        world = determinize(game, seat, random.Random(seed + r))
                        values[k].append(rollout(world, option, args.bot, seed + r))
                shanten = None
                if chosen.type == DISCARD:
                    cands = players[seat].discard_candidates(
                        obs, list(obs.hand), [chosen], groups_left(obs)
                    )
                    shanten = cands[0].shanten
                head = label(obs.phase, chosen, shanten)
                for option, vals in zip(opts[1:], values[1:], strict=True):
                    d = [x - y for x, y in zip(vals, values[0], strict=True)]
                    key = f"{head} → {'discard' if option.type == DISCARD else option.type}"
                    diffs[key].append((statistics.fmean(d), statistics.variance(d) / len(d)))
                if out is not None:
                    row = {
                        "seat": seat,
                        "phase": str(obs.phase),
                        "hand": list(obs.hand),
                        "gold": obs.gold,
                        "melds": [len(m) for m in obs.melds],
                        "drawable": obs.drawable,
                        "dealer": obs.dealer,
                        "unseen": unseen_tiles(obs),
                        "last_discard": obs.last_discard,
                        "options": [
                            {"type": str(o.type), "tile": o.tile, "tiles": list(o.tiles), "vals": v}
                            for o, v in zip(opts, values, strict=True)
                        ],
                    }
                    out.write(json.dumps(row) + "\n")
            game.apply(chosen)
    print(
        f"{args.hands} hands of four {args.bot}, {args.rollouts} rollouts an option, "
        f"{time.perf_counter() - start:.0f} s"
    )
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


if __name__ == "__main__":
    main()
