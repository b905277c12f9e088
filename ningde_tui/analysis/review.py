"""`ningde review`: every decision of one seat beside what the strongest bot would have done
from the same seat's view (interfaces.md §5).

    ningde review FILE [--seat N] [--json]

The record is replayed through the engine (``record.replay_file`` checks it); then each hand
is played again decision by decision from its wall, and before each decision of the reviewed
seat the bot is shown that seat's ``Observation`` — only what the seat could see, never hidden
tiles — and asked what it would do. For a discard, both choices are measured by the hand they
leave: its shanten and its effective tiles (进张: unseen copies that would lower the shanten).

Here seats are numbered 0-3 as in the record (and in the JSON ``--json`` prints); the command
line numbers them 1-4 as the screens do (``--seat 1`` is the record's seat 0; default: the first
human seat, else the first).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..bots.base import WINNING, make_bot
from ..bots.evaluate import discard_outlook
from ..records.record import Replay
from ..rules.game import Action, ActionType, Game, Observation
from ..rules.tiles import tile_str

PROG = "ningde review"
REVIEWER = "hard"  # the strongest level the start screen offers
EXIT_OK, EXIT_BAD = 0, 2


def action_text(action: Action) -> str:
    """``discard 5m``, ``chi 46m``, ``pong 7p``, ``pass``: how a decision is written."""
    if action.tiles:
        return f"{action.type} {''.join(tile_str(t) for t in action.tiles)}"
    if action.tile is not None:
        return f"{action.type} {tile_str(action.tile)}"
    return action.type


@dataclass
class Decision:
    hand: int
    step: int  # index of the decision among the hand's decisions (all seats, from 0)
    seat: int
    played: Action
    suggested: Action
    shanten_played: int | None = None
    shanten_suggested: int | None = None
    effective_played: int | None = None
    effective_suggested: int | None = None

    @property
    def agree(self) -> bool:
        return self.played == self.suggested

    @property
    def loss(self) -> float:
        """How much worse the played choice looks than the suggestion (0 when they agree): a
        win passed up counts most, then each step of shanten, then each effective tile."""
        if self.agree:
            return 0.0
        if self.suggested.type in WINNING and self.played.type not in WINNING:
            return 100.0
        if self.shanten_played is not None and self.shanten_suggested is not None:
            steps = self.shanten_played - self.shanten_suggested
            tiles = (self.effective_suggested or 0) - (self.effective_played or 0)
            return max(0.0, 10.0 * steps + tiles)
        return 1.0  # a call or a pass the bot would have made differently

    def outlook(self) -> dict[str, int] | None:
        """A discard's measures for the review's sentence (``review.cost``): the shanten
        (``sp``, ``ss``) and the effective tiles (``ep``, ``es``) the played and the suggested
        discard leave; None for any other decision."""
        sp, ss = self.shanten_played, self.shanten_suggested
        ep, es = self.effective_played, self.effective_suggested
        if sp is None or ss is None or ep is None or es is None:
            return None
        return {"sp": sp, "ss": ss, "ep": ep, "es": es}

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "step": self.step,
            "seat": self.seat,
            "played": action_text(self.played),
            "suggested": action_text(self.suggested),
            "agree": self.agree,
            "effective_played": self.effective_played,
            "effective_suggested": self.effective_suggested,
            "shanten_played": self.shanten_played,
            "shanten_suggested": self.shanten_suggested,
            "loss": round(self.loss, 1),
        }


@dataclass
class Review:
    seat: int
    decisions: list[Decision] = field(default_factory=list)

    def of_hand(self, hand: int) -> list[Decision]:
        return [d for d in self.decisions if d.hand == hand]

    def biggest(self, n: int = 3, hand: int | None = None) -> list[Decision]:
        pool = self.decisions if hand is None else self.of_hand(hand)
        worst = sorted((d for d in pool if not d.agree), key=lambda d: (-d.loss, d.hand, d.step))
        return worst[:n]

    def summary(self) -> dict[str, Any]:
        n = len(self.decisions)
        agree = sum(d.agree for d in self.decisions)
        hands = sorted({d.hand for d in self.decisions})
        return {
            "summary": True,
            "seat": self.seat,
            "decisions": n,
            "agree": agree,
            "agreement": agree / n if n else None,
            "hands": [
                {
                    "hand": h,
                    "decisions": len(self.of_hand(h)),
                    "agree": sum(d.agree for d in self.of_hand(h)),
                }
                for h in hands
            ],
            "biggest": [
                {
                    "hand": d.hand,
                    "step": d.step,
                    "played": action_text(d.played),
                    "suggested": action_text(d.suggested),
                    "loss": round(d.loss, 1),
                }
                for d in self.biggest()
            ],  # fmt: skip
        }


def default_seat(replay: Replay) -> int:
    """The first human seat of the record, else seat 0."""
    seats = replay.header.get("seats") or []
    for i, s in enumerate(seats):
        if isinstance(s, dict) and s.get("kind") == "human":
            return i
    return 0


def review_replay(replay: Replay, seat: int, level: str = REVIEWER) -> Review:
    """Review every decision ``seat`` made in the replayed record."""
    out = Review(seat)
    bot = make_bot(level, seat)
    for hand in replay.hands:
        setup = hand.setup
        game = Game(setup.wall, setup.dealer, setup.streak, setup.dice, replay.config)
        for step, played in enumerate(hand.game.decisions):
            if played.seat == seat:
                out.decisions.append(_judge(game, bot, hand.number, step, played))
            game.apply(played)
    return out


def review_advice(
    replay: Replay, seat: int, advice: Iterable[tuple[int, Observation, Action, Action]]
) -> Review:
    """A review from choices made elsewhere (an outside bot's, ``ningde review --bot-cmd``):
    ``advice`` holds, for each decision of ``seat``, its hand, the seat's Observation, the
    played and the suggested action. A decision's ``step`` is its place among the hand's
    decisions in the record."""
    out = Review(seat)
    steps = {
        hand.number: [i for i, d in enumerate(hand.game.decisions) if d.seat == seat]
        for hand in replay.hands
    }
    for hand, obs, played, suggested in advice:
        mine = steps.get(hand, [])
        k = sum(1 for d in out.decisions if d.hand == hand)
        step = mine[k] if k < len(mine) else -1
        out.decisions.append(_measured(Decision(hand, step, seat, played, suggested), obs))
    return out


def _judge(game: Game, bot: Any, hand: int, step: int, played: Action) -> Decision:
    obs = game.observation(played.seat)
    return _measured(Decision(hand, step, played.seat, played, bot.choose(obs)), obs)


def _measured(d: Decision, obs: Observation) -> Decision:
    """A discard's shanten and effective tiles, played and suggested, from ``obs``."""
    played, suggested = d.played, d.suggested
    if played.type == ActionType.DISCARD and played.tile is not None:
        d.shanten_played, d.effective_played = discard_outlook(obs, played.tile)
    if suggested.type == ActionType.DISCARD and suggested.tile is not None:
        d.shanten_suggested, d.effective_suggested = discard_outlook(obs, suggested.tile)
    return d
