"""Shared helpers for the bot tests: a checking wrapper, a hand loop, scripted positions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ningde_tui.bots import base
from ningde_tui.bots.base import BOTS, Player, make_bot
from ningde_tui.rules.game import Action, ActionType, Game, Observation, Phase

# every level the start screen offers (the registry: a new level is tested by itself)
LEVELS = tuple(BOTS)
# the levels that play by judgement (not the engine's plain random and greedy players)
HEURISTIC = tuple(base.LEVELS)
# the bots that always take a win they are offered (random is a baseline: any legal action)
WINNERS = tuple(level for level in LEVELS if level != "random")

MAX_DECISIONS = 1000  # far more than any hand needs: a hand that does not end is a failure


class CheckedBot:
    """Wraps a bot and checks every decision against the Observation it was shown."""

    def __init__(self, bot: Player, seat: int, seen: Counter | None = None) -> None:
        self.bot = bot
        self.seat = seat
        self.name = bot.name
        self.seen = seen if seen is not None else Counter()
        self.calls = 0

    def choose(self, obs: Observation) -> Action:
        assert type(obs) is Observation, f"choose() got {type(obs).__name__}, not Observation"
        assert obs.seat == self.seat
        assert obs.legal, "a bot is asked only when it has something to decide"
        action = self.bot.choose(obs)
        self.calls += 1
        assert action in obs.legal, f"{self.name} chose {action}, not one of {obs.legal}"
        assert action.seat == obs.seat
        if action.type == ActionType.DISCARD:
            assert action.tile != obs.gold, f"{self.name} discarded a gold"  # rules.md §4
        if self.name in WINNERS and any(a.type == ActionType.ROB_GOLD for a in obs.legal):
            # a 抢金 on offer is a win: every level takes it (三金倒 first is a win too)
            assert action.type in (ActionType.ROB_GOLD, ActionType.THREE_GOLD), (
                f"{self.name} passed up 抢金"
            )
        self.seen[(obs.phase, action.type)] += 1
        return action


def run_hand(game: Game, players: Sequence[Player]) -> list[Action]:
    """Play the hand to its end (like simulate.play_hand, but bounded); return the decisions."""
    actions = []
    for _ in range(MAX_DECISIONS):
        if game.phase == Phase.OVER:
            break
        seat = game.to_act()[0]
        action = players[seat].choose(game.observation(seat))
        game.apply(action)
        actions.append(action)
    assert game.phase == Phase.OVER and game.result is not None, "the hand did not end"
    return actions


def checked(levels: Sequence[str], seeds: Sequence[int], seen: Counter) -> list[CheckedBot]:
    return [
        CheckedBot(make_bot(level, seed), seat, seen)
        for seat, (level, seed) in enumerate(zip(levels, seeds, strict=True))
    ]


def decline(game: Game, seat: int) -> None:
    game.apply(
        next(
            a
            for a in game.legal_actions(seat)
            if a.type in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD)
        )
    )


def upto(game: Game, seat: int) -> None:
    """In a window or claim, let every seat ahead of ``seat`` pass, so ``seat`` decides next."""
    while game.to_act() and game.to_act()[0] != seat:
        decline(game, game.to_act()[0])
    assert game.to_act() and game.to_act()[0] == seat, f"seat {seat} has no decision"
