"""Players for empty seats. A player is shown its seat's Observation and returns one of the
legal actions in it; it never sees the Game itself."""

from __future__ import annotations

import random
from typing import Protocol

from ..rules.game import CALLS, WINS, Action, ActionType, Observation, Phase
from .evaluate import shanten_after_call, tiles_shanten

# the registry of the bots by name (registry.py), also reached from here
from .registry import BOTS as BOTS
from .registry import LEVELS as LEVELS
from .registry import PLAIN_BOTS as PLAIN_BOTS
from .registry import REFERENCE_BOTS as REFERENCE_BOTS
from .registry import BotFactory as BotFactory
from .registry import known_bots as known_bots
from .registry import register_level as register_level


class Player(Protocol):
    name: str

    def choose(self, obs: Observation) -> Action: ...


WINNING = WINS


class RandomBot:
    """Any legal action, uniformly (a baseline: the engine's own overhead)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal)


def hand_shanten(hand: tuple[int, ...] | list[int], gold: int, melds: int) -> int:
    return tiles_shanten(hand, gold, 5 - melds)


class GreedyBot:
    """Always wins when it can; otherwise the discard or call with the lowest shanten."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        for a in legal:
            if a.type in WINNING:
                return a
        gold = obs.gold
        n_melds = len(obs.melds[obs.seat])
        discards = [a for a in legal if a.type == ActionType.DISCARD]
        if obs.phase == Phase.TURN:
            for a in legal:
                if a.type == ActionType.ANKONG:
                    return a
            return self._best_discard(list(obs.hand), discards, gold, n_melds)[1]
        # a choice on someone's discard: call only if it lowers the shanten
        now = hand_shanten(obs.hand, gold, n_melds)
        best: tuple[int, Action] | None = None
        for a in legal:
            if a.type not in CALLS:
                continue
            after = shanten_after_call(obs.hand, gold, 5 - n_melds, a)
            if after is None:
                continue
            if a.type == ActionType.KONG:
                after -= 1  # and a replacement tile to come
            if after < now and (best is None or after < best[0]):
                best = (after, a)
        if best is not None:
            return best[1]
        return next(a for a in legal if a.type in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD))

    def _best_discard(
        self, hand: list[int], discards: list[Action], gold: int, n_melds: int
    ) -> tuple[int, Action]:
        scored = []
        for a in discards:
            assert a.tile is not None
            scored.append((hand_shanten(_without(hand, a.tile), gold, n_melds), a.tile, a))
        best = min(s[0] for s in scored)
        choices = [s for s in scored if s[0] == best]
        pick = self.rng.choice(choices)
        return pick[0], pick[2]


def _without(tiles: list[int], tile: int) -> list[int]:
    out = list(tiles)
    out.remove(tile)
    return out


def make_bot(level: str, seed: int) -> Player:
    known = known_bots()
    try:
        cls = known[level]
    except KeyError:
        raise ValueError(f"unknown bot {level!r} (known: {', '.join(sorted(known))})") from None
    return cls(seed)
