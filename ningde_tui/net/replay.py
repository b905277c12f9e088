"""A record played again through a room (interfaces.md §8): ``ningde replay RECORD --seat N
--protocol`` and ``ningde review RECORD --seat N --bot-cmd CMD``.

``seat_messages(record, seat)`` plays the record's decisions through a ``Room`` (the very room
an online game is played in) and returns the messages that seat's connection is handed, as
text: what a live room sent it, the same code writing them. The room deals the record's walls
(``RecordedSession``); every seat's decisions are the record's, in order (a seat whose
decision is not written passed, as in the record format); the people's seats are connections
(``LocalClient``) that join in seat order before the first deal, the bots' are the record's
bots. What the record cannot know is left out: the seat's token (``null``), the room's code
unless its room file lies beside the record, timers (``deadline`` is ``null``), and anyone
who came or went during the game.

``bot_choices(record, seat, player)`` does the same with a player (an outside program) told
every message of the seat, and asked at each of the seat's decisions what it would do, while
the record's decision is what is played.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..records.record import Replay, read_objects, replay_file
from ..rules.game import Action, ActionType, Observation, action_from_record
from ..rules.session import HandSetup, Session
from ..table.match import Match
from . import protocol, tokens
from .bots import SeatPlayer, play_seat
from .local import LocalClient
from .protocol import BOT, HUMAN
from .room import Room, RoomOptions

DECLINES = (ActionType.PASS, ActionType.DECLINE_THREE_GOLD)


class RecordEnds(Exception):
    """The record has no decision for a seat that must decide: it stops here."""


@dataclass
class RecordedSession(Session):
    """A session that deals the record's hands, one after the other, and is over once they
    are played if its rounds are (or if it had no limit: the arena's games)."""

    setups: list[HandSetup] = field(default_factory=list)

    @property
    def over(self) -> bool:
        played = len(self.results) >= len(self.setups)
        return played and (self.rounds == 0 or super().over)

    def next_setup(self) -> HandSetup:
        number = len(self.results)
        if number >= len(self.setups):
            raise RecordEnds(f"the record has {len(self.setups)} hands")
        setup = self.setups[number]
        if number == 0:  # the record says who dealt first (a served hand has no seed)
            self.dealer, self.streak = setup.dealer, setup.streak
        return setup


@dataclass
class Script:
    """Each seat's written decisions, hand by hand, handed out as the room asks for them."""

    acts: list[list[dict[str, Any]]]  # per hand: its act lines in order
    hand_now: Callable[[], int] = lambda: 1
    taken: dict[tuple[int, int], int] = field(default_factory=dict)  # (hand, seat) → used

    @classmethod
    def of(cls, replay: Replay, path: Path) -> Script:
        objects = read_objects(path)
        return cls([[objects[line] for line in hand.lines] for hand in replay.hands])

    def next_written(self, seat: int) -> dict[str, Any] | None:
        hand = self.hand_now()
        if hand > len(self.acts):
            return None
        used = self.taken.get((hand, seat), 0)
        mine = [a for a in self.acts[hand - 1] if a.get("seat") == seat]
        return mine[used] if used < len(mine) else None

    def decide(self, seat: int, obs: Observation) -> Action:
        """The record's decision for ``seat`` now: its next written one if it fits, else a
        pass (a decision not written). Raises RecordEnds when there is none."""
        written = self.next_written(seat)
        if written is not None:
            claimed = None if obs.last_discard is None else obs.last_discard[1]
            try:
                action = action_from_record(written, claimed)
            except ValueError:
                action = None
            if action in obs.legal:
                hand = self.hand_now()
                self.taken[(hand, seat)] = self.taken.get((hand, seat), 0) + 1
                assert action is not None
                return action
        for action in obs.legal:
            if action.type in DECLINES:
                return action
        raise RecordEnds(f"no decision written for seat {seat}")


class _ScriptedBot:
    """A bot's seat of the record: plays what the record says."""

    def __init__(self, script: Script, seat: int) -> None:
        self.script, self.seat = script, seat
        self.name = "record"

    def choose(self, obs: Observation) -> Action:
        return self.script.decide(self.seat, obs)


class _ScriptedSeat:
    """A person's seat of the record, over its connection: plays what the record says, keeps
    every message's text, and asks ``adviser`` (if any) at each decision."""

    def __init__(self, script: Script, seat: int, adviser: SeatPlayer | None = None) -> None:
        self.script, self.seat, self.adviser = script, seat, adviser
        self.texts: list[str] = []
        self.advice: list[tuple[int, Observation, Action, Action]] = []

    async def tell(self, text: str) -> None:
        if text.startswith('{"t":"welcome"'):  # its token is the replay's: none to tell
            text = protocol.dumps({**json.loads(text), "token": None})
        self.texts.append(text)
        if self.adviser is not None:
            await self.adviser.tell(text)

    async def decide(self, obs: Observation, seq: int) -> Action:
        played = self.script.decide(self.seat, obs)
        if self.adviser is not None:
            hand = self.script.hand_now()
            self.advice.append((hand, obs, played, await self.adviser.decide(obs, seq)))
        return played

    async def close(self) -> None:
        return None


class ReplayRoom(Room):
    """A room whose session is the record's: its walls, its seats, its decisions."""

    replay: Replay
    script: Script

    def new_match(self) -> Match:
        replay = self.replay
        seed = replay.header.get("seed") or 0
        session = RecordedSession(replay.config, seed, 0 if _unlimited(replay) else None)
        session.setups = [hand.setup for hand in replay.hands]
        humans = tuple(s for s, p in enumerate(self.seats) if p.kind == HUMAN)
        bot_seats = [s for s in range(4) if s not in humans]
        return Match(
            session,
            [self.seats[s].level for s in bot_seats],
            humans,
            [p.name for p in self.seats],
            players={s: _ScriptedBot(self.script, s) for s in bot_seats},
        )


def _unlimited(replay: Replay) -> bool:
    """Did the session go on past its rounds (a session of a number of hands, as the arena
    plays them)? Its deal had passed on as often as its rounds allow before its last hand."""
    before_last = [hand.game.result for hand in replay.hands[:-1]]
    passes = sum(1 for result in before_last if result is not None and not result.dealer_keeps)
    return passes >= 4 * replay.config.rounds


@dataclass
class Replayed:
    """What the seat's connection was handed, and the adviser's choices beside the record's
    (``(hand, observation, played, advised)`` for each decision of the seat)."""

    texts: list[str]
    advice: list[tuple[int, Observation, Action, Action]]
    complete: bool  # False: the record stops in the middle of a hand


async def replay_seat(
    path: Path, seat: int, adviser: SeatPlayer | None = None, replay: Replay | None = None
) -> Replayed:
    """Play the record at ``path`` through a room; ``seat``'s connection is the one kept
    (raises RecordError or OSError for a record that cannot be read)."""
    replay = replay if replay is not None else replay_file(path)
    infos = replay.header.get("seats") or [{} for _ in range(4)]
    kinds = [
        HUMAN if s == seat or info.get("kind") == HUMAN else BOT for s, info in enumerate(infos)
    ]
    code = ""
    host_seat = None
    try:
        held = tokens.load(path)
        code, host_seat = held.room, held.host_seat
    except (OSError, ValueError):
        pass
    options = RoomOptions(pace="instant", claim_pause=(0.0, 0.0), result_pause=0.0, record=False)
    room = ReplayRoom.new(
        code,
        [k if k == HUMAN else str(infos[s].get("level") or "normal") for s, k in enumerate(kinds)],
        options,
    )
    room.replay = replay
    script = room.script = Script.of(replay, path)
    room.tokens.host_seat = host_seat
    names = [str(info.get("name") or f"P{s + 1}") for s, info in enumerate(infos)]
    for s, place in enumerate(room.seats):
        place.name = names[s]

    def hand_now() -> int:
        match = room.match
        return 1 if match is None else match.hands_played + (0 if match.hand_over else 1)

    script.hand_now = hand_now
    finished = bool(replay.hands) and replay.hands[-1].result is not None
    last_hand = f"hand {len(replay.hands)}:"

    def note(text: str) -> None:
        if finished and text.startswith(last_hand):
            room.stop()  # the record ends with this hand's result: no next deal

    seats = {s: _ScriptedSeat(script, s, adviser if s == seat else None) for s in range(4)}
    runner = asyncio.ensure_future(room.run())
    players = [
        asyncio.ensure_future(
            play_seat(LocalClient(room, names[s]), seats[s], note if s == seat else lambda _: None)
        )
        for s in range(4)
        if kinds[s] == HUMAN
    ]
    complete = True
    try:
        await asyncio.gather(runner, *players)
    except RecordEnds:
        complete = False
        room.stop()
        await asyncio.gather(runner, *players, return_exceptions=True)
    return Replayed(seats[seat].texts, seats[seat].advice, complete)


def seat_messages(path: Path, seat: int) -> list[str]:
    """The messages ``seat``'s connection is handed when the record is played in a room."""
    return asyncio.run(replay_seat(path, seat)).texts
