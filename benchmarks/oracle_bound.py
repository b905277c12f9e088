"""What would seeing the hidden tiles be worth to the hard bot? (issue 14, fourth round)

    .venv/bin/python benchmarks/oracle_bound.py --walls 1000 --oracle wall --lineup \\
        oracle,baseline,normal,easy

A measuring device, never a player: an ``oracle`` is the hard bot given facts its seat cannot
see, then seated at the benchmark's table and compared with baseline in paired duplicate play
(bench_bots.py's ``strength``). If even a bot that cheats this way gains less than issue 14's
+0.15 points a hand over baseline, no fair bot built on the same judgement will; the figure
bounds what better reading of the hidden tiles (PIMC, opponent models) could give.

What the oracle knows (``--oracle``, comma-separated):

- ``wall``: its counts of the tiles still to come are the real ones: the tiles of the drawable
  wall only (not the others' hands, not the reserve that is never drawn), wherever its rating
  of discards, calls and wins counts unseen tiles;
- ``hands``: the same plus the tiles in the others' hands (they may still be discarded), i.e.
  only the reserve is known to be out of reach;
- ``defence``: with its own hand ready after the discard, a discard that would let another
  seat win as its hand really is costs ``--feed-cost`` (instead of hard's own read of the
  others, reading.py) (in the bot's rating units: one unit an
  effective tile; a step of shanten is 100), so a safe discard of the same shanten is chosen;
- ``offer`` (fifth round): the other way round, two steps or more from ready after the
  discard, a discard that would let another seat win gets ``--feed-cost`` as a bonus. The
  discarder pays no more than the others (rules.md §11), so a seat far from winning loses
  less to a plain win off its discard than to the self-draw (double) or the bigger hand
  that may come later (the third round's audit: a feeding discard two away +0.50 ±0.25).

It reads the game through the Game object that is asking it: ``Game.observation`` is wrapped
to note the game it is called on. Single-threaded per worker process, so this is exact.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from audit_bots import feeds
from bench_bots import strength

from ningde_tui.bots import baseline as baseline_module
from ningde_tui.bots import hard as hard_module
from ningde_tui.bots.base import REFERENCE_BOTS
from ningde_tui.bots.evaluate import feed_chance, unseen_faces
from ningde_tui.bots.hard import HardBot
from ningde_tui.bots.levels import Candidate
from ningde_tui.rules.game import Game, Observation
from ningde_tui.rules.tiles import NUM_KINDS

OFFER_SHANTEN = 2  # ``offer``: this far from ready after the discard, or further
_ASKING: list[Game | None] = [None]  # the game whose observation was made last
_ORACLE_ON: list[bool] = [False]  # an oracle is deciding: unseen counts are the real ones
_HANDS: list[bool] = [False]  # ... and they include the others' hands
_original_observation = Game.observation
_original_unseen: Callable[[Observation], list[int]] = hard_module.unseen_tiles


def _observation(self: Game, seat: int) -> Observation:
    _ASKING[0] = self
    return _original_observation(self, seat)


def real_counts(game: Game, seat: int, hands: bool) -> list[int]:
    """Per kind, the tiles the seat could still get: the drawable wall (and the others' hands)."""
    left = [0] * NUM_KINDS
    wall = game.wall
    for t in wall.tiles[wall.head : wall.head + max(0, game.drawable)]:
        left[t] += 1
    if hands:
        for other in range(4):
            if other != seat:
                for t in game.hands[other]:
                    left[t] += 1
    return left


def oracle_class(knows: set[str], feed_cost: float) -> type[HardBot]:
    class Oracle(HardBot):
        name = "oracle"
        # with ``defence`` the truth replaces hard's own read of the others
        DEFENCE_COST = 0.0 if "defence" in knows else HardBot.DEFENCE_COST

        def choose(self, obs: Observation) -> Any:
            _ORACLE_ON[0] = bool(knows & {"wall", "hands"})
            try:
                return super().choose(obs)
            finally:
                _ORACLE_ON[0] = False

        def rank(self, obs: Observation, cands: list[Candidate]) -> None:
            super().rank(obs, cands)
            game = _ASKING[0]
            if not knows & {"defence", "offer"} or game is None:
                return
            for c in cands:
                if c.action.tile is None or not feeds(game, c.action):
                    continue
                if "defence" in knows and c.shanten == 0:
                    c.score -= feed_cost
                if "offer" in knows and c.shanten >= OFFER_SHANTEN:
                    c.score += feed_cost

    return Oracle


def _unseen(obs: Observation) -> list[int]:
    game = _ASKING[0]
    if not _ORACLE_ON[0] or game is None:
        return _original_unseen(obs)
    return real_counts(game, obs.seat, _HANDS[0])


def _feed_chance(obs: Observation, tile: int, faces_unseen: Any) -> float:
    """baseline's chance that a discard is called, always from the seat's own view (the
    oracle's real counts of the wall say nothing about the others' hands)."""
    if _ORACLE_ON[0]:
        faces_unseen = unseen_faces(_original_unseen(obs), obs.gold)[0]
    return feed_chance(obs, tile, faces_unseen)


def install(knows: set[str], feed_cost: float) -> None:
    """Wrap the engine and the bots' unseen counts, and register the ``oracle`` bot (before the
    worker processes fork, so they have it too)."""
    Game.observation = _observation  # type: ignore[method-assign]
    _HANDS[0] = "hands" in knows
    for module in (baseline_module, hard_module):
        module.unseen_tiles = _unseen  # type: ignore[attr-defined]
    baseline_module.feed_chance = _feed_chance  # type: ignore[attr-defined]
    REFERENCE_BOTS["oracle"] = oracle_class(knows, feed_cost)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--oracle", default="wall,defence", help="wall|hands|defence|offer, comma-separated"
    )
    parser.add_argument("--feed-cost", type=float, default=50.0)
    parser.add_argument("--walls", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--lineup", default="oracle,baseline,normal,easy")
    args = parser.parse_args()
    knows = {k.strip() for k in args.oracle.split(",") if k.strip()}
    unknown = knows - {"wall", "hands", "defence", "offer"}
    if unknown:
        raise SystemExit(f"unknown oracle knowledge: {', '.join(sorted(unknown))}")
    install(knows, args.feed_cost)
    print(f"oracle knows: {', '.join(sorted(knows)) or 'nothing (a null run: plays as hard)'}")
    strength(args.walls, args.workers, args.seed, True, [b.strip() for b in args.lineup.split(",")])


if __name__ == "__main__":
    main()
