"""A tile-efficiency bot for a room seat or the arena, standard library only:

    ningde arena --bot-cmd "python docs/examples/efficiency_bot.py" --against normal

It counts how many tiles its hand still needs to be a winning shape (five sets and a pair,
less one set for each meld), golds filling any gap and 白板 standing for the gold's face, and
discards the tile that leaves the fewest needed; between equals, the one that leaves the most
unseen tiles that would lower it (进张), then the loneliest. It claims (吃/碰/杠) only when that lowers what it needs, and wins,
robs the gold and lays down 三金倒 whenever it may. docs/bots-protocol.md tells the messages.
"""

from __future__ import annotations

import json
import sys
from functools import cache, lru_cache

SUITS = "mps"
KINDS = [f"{rank}{suit}" for suit in SUITS for rank in range(1, 10)] + ["w"]


@cache
def suit_shapes(counts: tuple[int, ...]) -> frozenset[tuple[int, int, int, int]]:
    """Every way to split one suit's counts (ranks 1-9) into sets, partial sets, at most one
    pair and loose tiles: (sets, partials, pair, loose)."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return frozenset({(0, 0, 0, 0)})
    out: set[tuple[int, int, int, int]] = set()

    def take(used: list[int], add: tuple[int, int, int, int]) -> None:
        rest = list(counts)
        for i in used:
            if i > 8 or rest[i] == 0:
                return
            rest[i] -= 1
        for c, p, q, s in suit_shapes(tuple(rest)):
            if q + add[2] <= 1:
                out.add((c + add[0], p + add[1], q + add[2], s + add[3]))

    i = first
    take([i, i, i], (1, 0, 0, 0))  # a pong
    take([i, i + 1, i + 2], (1, 0, 0, 0))  # a chow
    take([i, i], (0, 0, 1, 0))  # the pair
    take([i, i], (0, 1, 0, 0))  # a pair waiting for a pong
    take([i, i + 1], (0, 1, 0, 0))  # two in a row
    take([i, i + 2], (0, 1, 0, 0))  # a gap
    take([i], (0, 0, 0, 1))  # a loose tile
    return frozenset(out)


def needed(hand: list[str], gold: str, groups: int) -> int:
    """Tiles still needed for ``groups`` sets and a pair, each gold filling one gap."""
    return _needed(tuple(sorted(hand)), gold, groups)


@lru_cache(maxsize=200_000)
def _needed(hand: tuple[str, ...], gold: str, groups: int) -> int:
    plain = [face(t, gold) for t in hand if t != gold]
    options = [suit_shapes(tuple(plain.count(f"{r}{s}") for r in range(1, 10))) for s in SUITS]
    shapes = {(0, 0, 0, 0)}  # the suits' shapes added up, each count capped where it stops helping
    for suit in options:
        shapes = {
            (min(a + e, groups), min(b + f, groups), c + g, min(d + h, groups + 1))
            for a, b, c, d in shapes
            for e, f, g, h in suit
            if c + g <= 1
        }
    best = 3 * groups + 2
    for sets, partials, pair, loose in shapes:
        partials = min(partials, groups - sets)
        seeds = min(loose, groups - sets - partials)
        used = 3 * sets + 2 * partials + seeds + (2 if pair else min(1, loose - seeds))
        best = min(best, 3 * groups + 2 - used)
    return max(0, best - hand.count(gold))


def unseen(obs: dict) -> dict[str, int]:
    """Copies of each kind this seat has not seen (its hand, the ponds, the melds)."""
    seen = list(obs["hand"]) + list(obs["set_aside"]) + [t for p in obs["ponds"] for t in p]
    for melds in obs["melds"]:
        for meld in melds:
            seen += meld["tiles"] or []
    return {k: max(0, 4 - seen.count(k)) for k in KINDS}


def score_after(hand: list[str], obs: dict, groups: int, left: dict[str, int]) -> tuple:
    """How good ``hand`` is to hold: fewest tiles needed, then most tiles that lower it."""
    gold = obs["gold"]
    need = needed(hand, gold, groups)
    near = {face(t, gold) for t in hand if t != gold}  # only a tile near one held can help
    helpful = [k for k, n in left.items() if n and any(_close(face(k, gold), t) for t in near)]
    gain = sum(left[k] for k in helpful if needed(hand + [k], obs["gold"], groups) < need)
    return need, -gain


def face(tile: str, gold: str) -> str:
    """白板 is no wild tile: it is an ordinary tile of the gold's face (替金, rules.md §4)."""
    return gold if tile == "w" else tile


def _close(a: str, b: str) -> bool:
    return a[1] == b[1] and abs(int(a[0]) - int(b[0])) <= 2


def loneliness(tile: str, hand: list[str], gold: str) -> int:
    mine = face(tile, gold)
    return sum(1 for t in hand if t != gold and _close(face(t, gold), mine))


def best_discard(obs: dict, discards: list[dict]) -> dict:
    hand, groups, left = obs["hand"], 5 - len(obs["melds"][obs["seat"]]), unseen(obs)

    def value(action: dict) -> tuple:
        rest = list(hand)
        rest.remove(action["tile"])
        return (
            *score_after(rest, obs, groups, left),
            loneliness(action["tile"], hand, obs["gold"]),
        )

    return min(discards, key=value)


def after_call(obs: dict, action: dict) -> int:
    """Tiles needed after a call (and the best discard that follows it)."""
    hand, taken = list(obs["hand"]), obs["last_discard"][1]
    used = {"chi": action.get("tiles", []), "pong": [taken] * 2, "kong": [taken] * 3}[action["a"]]
    for tile in used:
        hand.remove(tile)
    groups = 4 - len(obs["melds"][obs["seat"]])
    if action["a"] == "kong":
        return needed(hand, obs["gold"], groups)
    return min(needed(hand[:i] + hand[i + 1 :], obs["gold"], groups) for i in range(len(hand)))


def choose(obs: dict) -> dict:
    legal = obs["legal"]
    kinds = {a["a"] for a in legal}
    for wanted in ("win", "three_gold", "rob_gold"):
        for action in legal:
            if action["a"] == wanted:
                return action
    groups = 5 - len(obs["melds"][obs["seat"]])
    now = needed(obs["hand"], obs["gold"], groups)
    if "pass" in kinds:  # a claim: only if it brings the hand closer
        calls = [a for a in legal if a["a"] in ("chi", "pong", "kong")]
        if calls and obs["last_discard"] is not None:
            best = min(calls, key=lambda a: after_call(obs, a))
            if after_call(obs, best) < now:
                return best
        return next(a for a in legal if a["a"] == "pass")
    for action in legal:  # a concealed or added kong that costs nothing
        if action["a"] in ("ankong", "addkong"):
            rest = [t for t in obs["hand"] if t != action["tile"]]
            if needed(rest, obs["gold"], groups - (action["a"] == "ankong")) <= now:
                return action
    discards = [a for a in legal if a["a"] == "discard"]
    return best_discard(obs, discards) if discards else legal[0]


def main() -> None:
    for line in sys.stdin:  # one message a line; one program plays every game of the arena
        message = json.loads(line)
        if message["t"] == "state" and message["obs"]["legal"]:
            answer = {"t": "act", "seq": message["seq"], **choose(message["obs"])}
            print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
