"""One online room (interfaces.md §6): the authoritative table every client plays through.

A ``Room`` owns a ``Match`` (the session, the bots, the record written decision by decision),
the four seats and their tokens, and the connections. It knows no transport: a connection is a
``Peer`` it can send frames (a message's JSON text) to and close (``net.server`` puts
WebSockets behind it, tests may put anything). A message goes to every connection that gets it
as one text: a state is written straight as text (``wire.observation_json``), a message to
several connections is encoded once. Everything runs on one asyncio loop; nothing here blocks.

What each client gets, and when (interfaces.md §6, §6.1):

- a seat gets a ``state`` whenever its own view changed: its Observation and the events of its
  history it has not had yet (``Game.observation(seat).history``: already as it may know it);
  a watcher gets ``rules.game.watcher_view`` and the public history. ``seq`` counts the states
  sent to each connection (1, 2, 3, …), so it tells nothing of what other seats were sent. An
  ``act`` answers the last state its connection got, and only while that state is still the
  seat's view: an older one, a second act on one state, an act from a watcher or an illegal
  one is ``refused``, nothing changes;
- every public step reaches every table at once: a discard (or a 加杠, which may be robbed) is
  in every pond as soon as the room takes it. The engine holds the claims open
  (``Game.hold_windows``), even when nobody may claim, so every seat sees the phase "claim"
  (with its own choices, or none); while a person sits at the table the window stays open for
  a pause drawn afresh each time (``claim_pause``) and until every seat that may claim has
  answered (a person within ``claim_seconds`` when a timer runs), then the claims are taken
  or the next seat draws. A quick pass looks like no claim at all; a long think shows, as at a
  real table;
- a seat whose player drops is kept for them: after ``grace`` seconds a stand-in bot plays it,
  and it is handed back (with its whole history) when the token returns; 托管 hands a seat to
  the same bot and back at the player's word (``auto``). Both show in ``seats`` as ``auto``;
- with ``turn_seconds`` a decision not made in time is played the safe way (``safe_action``)
  and the seat is told (a ``seats`` message with ``"timed_out"``: to everyone on a turn, to
  the seat alone in a claim, where telling the table would tell it that the seat could claim);
- after a hand's result the next is dealt once every connected person has said ``ready`` (or
  ``result_seconds`` after it); a room nobody sits at waits ``result_pause``;
- when the record cannot be written every table is told (``notice``), the game goes on, and
  the record catches up, whole, once it can be written again.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, Self

from ..bots.base import Player, make_bot
from ..records.checks import default_name
from ..records.record import result_dict
from ..records.storage import Resumed, new_record_path
from ..rules.config import RuleConfig
from ..rules.game import (
    CHOICE_PHASES,
    Action,
    ActionType,
    IllegalAction,
    Observation,
    Phase,
    watcher_view,
)
from ..rules.refusal import Refusal, RefusalCode
from ..table.match import DEFAULT_BOT, PACES, Match, bot_seed
from . import protocol, tokens, wire
from .protocol import BOT, HUMAN, Act, Auto, Hello, ProtocolError, Ready, SeatStatus, Start
from .tokens import SeatTokens

MAX_WATCHERS = 16
RESULT_PAUSE = 5.0  # seconds between a hand's result and the next deal, at the normal pace
RESULT_SECONDS = 30.0  # seconds the room waits for the people's ``ready`` after a result
CLAIM_PAUSE = (0.3, 0.9)  # seconds a claim window stays open while a person sits at the table
CLAIM_SECONDS = 12.0  # a person's time for a claim, when a turn has a timer
STANDIN = DEFAULT_BOT  # the level of the bot that plays for a player who dropped
OPENS_WINDOW = (ActionType.DISCARD, ActionType.ADDKONG)  # after these, claims may open


class Peer(Protocol):
    """A connection as the room sees it: messages (each one frame's JSON text) go out in
    order, and it can be closed."""

    def send(self, text: str) -> None: ...
    def close(self, code: int = 1000, reason: str = "") -> None: ...


@dataclass(eq=False)
class Conn:
    """A client in the room: a seat's player, or a watcher (``seat`` None), and what it has
    been sent of the current hand."""

    peer: Peer
    seat: int | None
    hand: int = 0  # the hand its events so far belong to
    sent: int = 0  # events of that hand's history it has had
    last_obs: str | None = None  # the JSON text of the Observation of its last state
    state_seq: int = 0  # seq of the last state it got: the states sent to it, counted
    version: int = -1  # the match's version its view was last compared at
    deadline_at: float | None = None  # the deadline it was told


@dataclass
class SeatPlace:
    """Who sits in a seat: a bot of ``level``, or a human held by a token."""

    kind: str  # protocol.HUMAN | protocol.BOT
    level: str = ""
    name: str = ""
    conn: Conn | None = None
    standin: bool = False  # a bot plays for its dropped player
    auto: bool = False  # 托管: a bot plays for its player, who asked for it
    timer: asyncio.TimerHandle | None = None

    @property
    def bot_plays(self) -> bool:
        """A person's seat a bot plays now (dropped past the grace, or 托管)."""
        return self.standin or self.auto


@dataclass
class RoomOptions:
    """How a room plays; kept beside its record, so ``--continue`` brings it all back."""

    rounds: int = 1
    pace: str = "normal"
    grace: float = 30.0
    turn_seconds: float | None = None
    claim_pause: tuple[float, float] | None = None  # None: CLAIM_PAUSE (people at the table)
    claim_seconds: float | None = None  # None: CLAIM_SECONDS when turn_seconds is set
    result_seconds: float = RESULT_SECONDS
    result_pause: float | None = None  # None: RESULT_PAUSE at the pace
    config: RuleConfig | None = None
    record: bool = True
    hands: int | None = None  # the session ends after this many hands (the arena's games)

    @property
    def pace_s(self) -> float:
        return PACES[self.pace]

    @property
    def pause_range(self) -> tuple[float, float]:
        return CLAIM_PAUSE if self.claim_pause is None else self.claim_pause

    @property
    def claim_s(self) -> float | None:
        if self.claim_seconds is not None:
            return self.claim_seconds
        return None if self.turn_seconds is None else CLAIM_SECONDS

    @property
    def result_s(self) -> float:
        if self.result_pause is not None:
            return self.result_pause
        return RESULT_PAUSE * self.pace_s / PACES["normal"]


def safe_action(obs: Observation) -> Action:
    """The move a timed-out seat plays: pass a claim or a window, decline 三金倒; on a turn,
    discard the tile just drawn, else the last tile in hand that may be discarded."""
    legal = obs.legal
    if obs.phase != Phase.TURN:
        for action in legal:
            if action.type in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD):
                return action
    discards = {a.tile: a for a in legal if a.type == ActionType.DISCARD}
    if obs.drawn in discards:
        return discards[obs.drawn]
    for tile in reversed(obs.hand):
        if tile in discards:
            return discards[tile]
    return legal[0]


def _stale(seat: int, why: str) -> Refusal:
    return Refusal(RefusalCode.NOT_YOUR_TURN, why, {"seat": seat})


@dataclass(eq=False)
class Room:
    """A room of four seats (``seats``: ``"human"`` or a bot level each) playing one session.

    ``on_line`` hears a sentence whenever a seat fills or empties (the headless host prints
    them); ``tap`` sees every message as it is handed to a connection, with that connection's
    seat (None: a watcher), while the game is as the message shows it."""

    code: str
    seats: list[SeatPlace]
    options: RoomOptions = field(default_factory=RoomOptions)
    seed: int = 0
    tokens: SeatTokens = field(init=False)
    match: Match | None = None
    on_line: Callable[[str], None] | None = None
    tap: Callable[[int | None, dict[str, Any]], None] | None = None
    watchers: list[Conn] = field(default_factory=list)
    standins: dict[int, Player] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.tokens = SeatTokens(self.code)
        self._started = asyncio.Event()
        self._waiter: asyncio.Future[bool] | None = None  # the room waiting for people
        self._stop = asyncio.Event()
        self.done = asyncio.Event()
        self._window: object = None  # the held window the pause below is for
        self._window_until = 0.0  # when its pause is over
        self._pauses = random.SystemRandom()  # claim pauses: nothing to learn from the seed
        self._ready: set[int] | None = None  # between hands: the seats that said ready
        self._deadline_key: tuple[object, ...] | None = None
        self._deadline_at: float | None = None
        self._last_result: dict[str, Any] | None = None
        self._reserved: set[int] = set()  # seats reserved whose table has not come yet
        # the watchers' view, one for all of them: (match version, game, view, its JSON text)
        self._watched: tuple[int, object, Observation, str] | None = None

    # ------------------------------------------------------------------ making one
    @classmethod
    def new(
        cls,
        code: str,
        seat_kinds: list[str],
        options: RoomOptions | None = None,
        seed: int = 0,
        **hooks: Any,
    ) -> Self:
        """``seat_kinds``: four entries, ``"human"`` or a bot level."""
        if len(seat_kinds) != 4:
            raise ValueError("a room has four seats")
        places = [
            SeatPlace(HUMAN) if kind == HUMAN else SeatPlace(BOT, kind, kind) for kind in seat_kinds
        ]
        return cls(code, places, options or RoomOptions(), seed, **hooks)

    @classmethod
    def resumed(
        cls, state: Resumed, held: SeatTokens, options: RoomOptions | None = None, **hooks: Any
    ) -> Self:
        """A room rebuilt from its record and its room file: the same code, the same tokens
        (every player's seat waits for them, a bot taking it after the grace)."""
        match = Match.resumed(state)
        places = [
            SeatPlace(HUMAN, "", info.name)
            if match.is_human(s)
            else SeatPlace(BOT, match.level(s), info.name)
            for s, info in enumerate(match.seat_infos())
        ]
        room = cls(held.room, places, options or RoomOptions(), state.session.seed, **hooks)
        room.tokens = held
        room.match = match
        room._started.set()
        return room

    @property
    def started(self) -> bool:
        return self._started.is_set()

    @property
    def record_path(self) -> Path | None:
        recorder = self.match.recorder if self.match is not None else None
        return None if recorder is None else recorder.path

    def statuses(self) -> list[SeatStatus]:
        out = []
        for place in self.seats:
            if place.kind == BOT:
                out.append(SeatStatus(place.name, BOT, place.level, True))
            else:
                auto = place.bot_plays
                level = STANDIN if auto else ""
                out.append(SeatStatus(place.name, HUMAN, level, place.conn is not None, auto))
        return out

    @property
    def people(self) -> bool:
        """Does a person sit at the table (a player's seat, whoever plays it now)?"""
        return any(place.kind == HUMAN for place in self.seats)

    def _line(self, text: str) -> None:
        if self.on_line is not None:
            self.on_line(text)

    def _now(self) -> float:
        return time.monotonic()

    # ------------------------------------------------------------------ sending
    def _send(self, conn: Conn, message: dict[str, Any]) -> None:
        self._send_text(conn, protocol.dumps(message), message)

    def _send_text(self, conn: Conn, text: str, message: dict[str, Any] | None = None) -> None:
        """``text``: the frame, ``message`` its dict if there is one (the tap's)."""
        if self.tap is not None:
            self.tap(conn.seat, json.loads(text) if message is None else message)
        conn.peer.send(text)

    def _conns(self) -> list[Conn]:
        return [p.conn for p in self.seats if p.conn is not None] + list(self.watchers)

    def _broadcast(self, message: dict[str, Any]) -> None:
        text = protocol.dumps(message)  # one text for every connection
        for conn in self._conns():
            self._send_text(conn, text, message)

    def _seats_changed(self) -> None:
        self._broadcast(protocol.seats(self.statuses()))

    def _welcome(self, conn: Conn) -> None:
        seat = conn.seat
        token = None if seat is None else self.tokens.tokens[seat]
        rules = self.match.session.config if self.match is not None else self._config()
        self._send(
            conn,
            protocol.welcome(
                self.code, seat, token, rules, self.statuses(), self.tokens.host_seat, self.started
            ),
        )

    def _config(self) -> RuleConfig:
        config = self.options.config or RuleConfig(rounds=self.options.rounds)
        if config.rounds != self.options.rounds:
            config = RuleConfig(**{**config.to_dict(), "rounds": self.options.rounds})
        return config

    def _view_of(self, conn: Conn) -> Observation:
        assert self.match is not None
        game = self.match.game
        if conn.seat is None:
            return watcher_view(game.observation(0), game.history(None))
        return game.observation(conn.seat)

    def _watcher_view(self) -> tuple[Observation, str]:
        """The watchers' view and its JSON text, made once each time the game moves on."""
        assert self.match is not None
        version, game = self.match.version, self.match.game
        watched = self._watched
        if watched is None or watched[0] != version or watched[1] is not game:
            obs = watcher_view(game.observation(0), game.history(None))
            watched = self._watched = (version, game, obs, wire.observation_json(obs))
        return watched[2], watched[3]

    def _state_to(self, conn: Conn) -> None:
        """A state to ``conn`` if its view changed since the last one it got."""
        match = self.match
        assert match is not None
        hand = match.hands_played + (0 if match.hand_over and match.session.game is None else 1)
        if conn.hand != hand:
            conn.hand, conn.sent, conn.last_obs, conn.version = hand, 0, None, -1
        if conn.version == match.version and self._deadline_at is None and conn.deadline_at is None:
            return  # nothing was applied since its last state, and no deadline to tell
        obs_json = None
        if conn.seat is None:
            obs, obs_json = self._watcher_view()
        else:
            obs = match.game.observation(conn.seat)
        deadline_at = self._deadline_at if conn.seat in obs.to_act and obs.legal else None
        if conn.version == match.version and deadline_at == conn.deadline_at:
            return  # nothing was applied since its last state
        conn.version = match.version
        events = obs.history[conn.sent :]
        if obs_json is None:
            obs_json = wire.observation_json(obs)
        if not events and obs_json == conn.last_obs and deadline_at == conn.deadline_at:
            return
        left = None if deadline_at is None else round(max(0.0, deadline_at - self._now()), 2)
        conn.state_seq += 1
        text = protocol.state_text(
            conn.state_seq,
            obs_json,
            events,
            left,
            scores=match.session.scores,
            hand=hand,
            round=match.round_number,
            rounds=match.session.rounds or 0,
        )
        conn.sent, conn.last_obs = len(obs.history), obs_json
        conn.deadline_at = deadline_at
        self._send_text(conn, text)

    def _is_current(self, conn: Conn) -> bool:
        """Is the last state ``conn`` got still its seat's view?"""
        assert self.match is not None
        if conn.version == self.match.version:
            return conn.last_obs is not None
        return wire.observation_json(self._view_of(conn)) == conn.last_obs

    def _publish(self) -> None:
        """Each client whose view changed gets a state, at once."""
        for conn in self._conns():
            self._publish_to(conn)

    def _publish_to(self, conn: Conn) -> None:
        if self.match is None:
            return
        self._arm_deadline()
        self._state_to(conn)

    # ------------------------------------------------------------------ joining, leaving
    def join(self, peer: Peer, hello: Hello) -> Conn:
        """A client said hello: a watcher, a seat reclaimed by its token, or the first free
        player's seat. Raises ProtocolError (the connection is then closed)."""
        if hello.watch:
            if len(self.watchers) >= MAX_WATCHERS:
                raise ProtocolError("full", f"this room has {MAX_WATCHERS} watchers already")
            conn = Conn(peer, None)
            self.watchers.append(conn)
            self._welcome(conn)
            self._publish_to(conn)
            return conn
        if hello.token is not None:
            seat = self.tokens.seat_of(hello.token)
            if seat is None:
                raise ProtocolError("bad_token", "that token holds no seat in this room")
            return self._reclaim(seat, peer, hello)
        free = self.free_for(hello.name)
        if self.started or not free:
            raise ProtocolError("full", "no seat is free in this room (watch it with --watch)")
        seat = free[0]
        self.tokens.issue(seat)
        place = self.seats[seat]
        place.name = hello.name or default_name(seat)
        conn = Conn(peer, seat)
        place.conn = conn
        self._line(f"seat {seat + 1}: {place.name} joined")
        self._welcome(conn)
        self._seats_changed()
        self._start_when_seated()
        return conn

    def free_for(self, name: str | None) -> list[int]:
        """The people's seats nobody holds yet that a hello under ``name`` may take."""
        return [
            s for s, p in enumerate(self.seats) if p.kind == HUMAN and self.tokens.tokens[s] is None
        ]

    def _start_when_seated(self) -> None:
        if all(p.kind == BOT or self.tokens.tokens[s] for s, p in enumerate(self.seats)):
            self.start()

    def _reclaim(self, seat: int, peer: Peer, hello: Hello) -> Conn:
        place = self.seats[seat]
        old = place.conn
        if old is not None:
            self._send(old, protocol.error("replaced", "this seat was taken up with its token"))
            old.peer.close(1008, "replaced")
        if not self.started and hello.name:
            place.name = hello.name
        if place.timer is not None:
            place.timer.cancel()
            place.timer = None
        was_standin, place.standin = place.standin, False
        conn = Conn(peer, seat)
        place.conn = conn
        came = "joined" if seat in self._reserved else "is back"  # a reserved seat's first time
        self._reserved.discard(seat)
        self._line(
            f"seat {seat + 1}: {place.name} {came}" + (" (the bot steps aside)" * was_standin)
        )
        self._welcome(conn)
        self._seats_changed()
        if self.match is not None and self.match.session.game is None and self._last_result:
            self._send(conn, self._last_result)  # between hands: the result it missed
        self._publish_to(conn)
        self._start_when_seated()
        self._rouse()
        return conn

    def leave(self, conn: Conn) -> None:
        """A connection ended (closed, dropped, or closed by the room)."""
        if conn.seat is None:
            if conn in self.watchers:
                self.watchers.remove(conn)
            return
        place = self.seats[conn.seat]
        if place.conn is not conn:
            return  # replaced by a newer connection with the token
        place.conn = None
        if self.match is not None and not self.session_over and not self._stop.is_set():
            self._start_grace(conn.seat)
        self._line(f"seat {conn.seat + 1}: {place.name} left")
        self._seats_changed()
        self._rouse()

    def _start_grace(self, seat: int) -> None:
        place = self.seats[seat]
        if place.timer is not None or place.standin:
            return
        loop = asyncio.get_running_loop()
        place.timer = loop.call_later(self.options.grace, self._grace_over, seat)

    def _grace_over(self, seat: int) -> None:
        place = self.seats[seat]
        place.timer = None
        if place.conn is not None:
            return
        place.standin = True
        self._line(f"seat {seat + 1}: a bot plays for {place.name} until they are back")
        self._bot_takes(seat)

    def _bot_takes(self, seat: int) -> None:
        """A person's seat is now played by the stand-in bot (dropped, or 托管)."""
        if seat not in self.standins:
            self.standins[seat] = make_bot(STANDIN, bot_seed(self.seed, seat) + 1)
        self._seats_changed()
        self._rouse()

    def set_auto(self, conn: Conn, on: bool) -> bool:
        """托管 (``{"t": "auto"}``): the seat's player hands it to a bot, or takes it back."""
        seat = conn.seat
        if seat is None or self.seats[seat].conn is not conn:
            why = "only a player's own seat can be handed to a bot"
            self._refuse(conn, conn.state_seq, Refusal(RefusalCode.NOT_ALLOWED, why))
            return False
        place = self.seats[seat]
        if place.auto == on:
            return True
        place.auto = on
        said = "hands the seat to a bot (托管)" if on else "takes the seat back"
        self._line(f"seat {seat + 1}: {place.name} {said}")
        self._bot_takes(seat)
        return True

    def ready(self, conn: Conn) -> bool:
        """``{"t": "ready"}``: this seat's player has seen the hand's result (a ready at any
        other time is harmless and changes nothing)."""
        seat = conn.seat
        if self._ready is not None and seat is not None and self.seats[seat].conn is conn:
            self._ready.add(seat)
            self._rouse()
        return True

    def reserve(self, seat: int, name: str, *, own: bool = True) -> str:
        """Hold a player's seat for a table the host opens, which will come with this token:
        the seat counts as taken. ``own``: the host's own table (the room file remembers it
        is the host's); else one the host opens for someone else (``ningde host --web``)."""
        place = self.seats[seat]
        if place.kind != HUMAN or self.tokens.tokens[seat] is not None or self.started:
            raise ValueError(f"seat {seat + 1} is not a free player's seat")
        place.name = name
        if own:
            self.tokens.host_seat = seat
        self._reserved.add(seat)
        return self.tokens.issue(seat)

    def start(self, fill_with_bots: bool = False) -> None:
        """Deal the first hand (``run`` waits for this): once every player's seat is taken,
        or at once with ``fill_with_bots`` (the seats nobody took get bots)."""
        if self.started:
            return
        if fill_with_bots:
            for seat, place in enumerate(self.seats):
                if place.kind == HUMAN and self.tokens.tokens[seat] is None:
                    self.seats[seat] = SeatPlace(BOT, STANDIN, STANDIN)
        self._started.set()

    # ------------------------------------------------------------------ decisions
    def take(self, conn: Conn, message: Act | Start | Ready | Auto) -> bool:
        """A client's message after its hello: done (True), or refused."""
        match message:
            case Act():
                return self.act(conn, message)
            case Start():
                return self.start_now(conn)
            case Ready():
                return self.ready(conn)
            case Auto(on=on):
                return self.set_auto(conn, on)

    def act(self, conn: Conn, message: Act) -> bool:
        """A client's decision: applied (True), or refused (nothing changes)."""
        seat = conn.seat
        match = self.match
        if seat is None or match is None or self.seats[seat].conn is not conn:
            self._refuse(conn, message.seq, _stale(seat or 0, "there is nothing to decide"))
            return False
        if self.seats[seat].auto:
            why = "a bot plays this seat (托管): take it back first"
            self._refuse(conn, message.seq, Refusal(RefusalCode.NOT_ALLOWED, why))
            return False
        if message.seq != conn.state_seq or not self._is_current(conn):
            why = f"that act answers a state that is gone (seq {message.seq})"
            self._refuse(conn, message.seq, _stale(seat, why))
            return False
        game = match.game
        claimed = None if game.last_discard is None else game.last_discard[1]
        try:
            action = wire.action_from(message.action, seat, claimed)
        except wire.WireError as bad:
            self._refuse(conn, message.seq, Refusal(RefusalCode.UNKNOWN_ACTION, str(bad)))
            return False
        try:
            self._apply(action)
        except IllegalAction as no:
            self._refuse(conn, message.seq, no.refusal)
            return False
        return True

    def start_now(self, conn: Conn) -> bool:
        """The host's own seat says deal now (``{"t": "start"}``): bots take the free seats.
        Anyone else is refused, and so is a room already dealt."""
        seat = conn.seat
        host = self.tokens.host_seat
        if seat is None or seat != host or self.seats[seat].conn is not conn or self.started:
            why = "the room has started" if self.started else "only the host's seat starts the room"
            self._refuse(conn, conn.state_seq, Refusal(RefusalCode.NOT_ALLOWED, why))
            return False
        self._line("the host starts the room: bots take the free seats")
        self.start(fill_with_bots=True)
        self._seats_changed()
        return True

    def _refuse(self, conn: Conn, seq: int, refusal: Refusal) -> None:
        self._send(conn, protocol.refused(seq, refusal))

    def _apply(self, action: Action) -> None:
        assert self.match is not None
        self.match.apply(action)  # raises IllegalAction, changing nothing
        self._moved()

    def _moved(self) -> None:
        """The game moved on: a newly held window gets its pause, and every table sees it."""
        assert self.match is not None
        window = self.match.game.window
        if window is not None and window is not self._window:
            self._window = window
            low, high = self.options.pause_range if self.people else (0.0, 0.0)
            self._window_until = self._now() + self._pauses.uniform(low, high)
        self._rouse()
        self._publish()

    def _bot_plays(self, seat: int) -> bool:
        assert self.match is not None
        return not self.match.is_human(seat) or self.seats[seat].bot_plays

    def _bot_choice(self, seat: int) -> Action:
        assert self.match is not None
        obs = self.match.game.observation(seat)
        if self.match.is_human(seat):
            return self.standins[seat].choose(obs)
        return self.match.bot_action(seat, obs)

    def _bots_choose(self) -> bool:
        """A bot that must choose in the open window or claim does, at once (True)."""
        assert self.match is not None
        game = self.match.game
        if game.phase not in CHOICE_PHASES:
            return False
        for seat in game.to_act():
            if self._bot_plays(seat):
                self._apply(self._bot_choice(seat))
                return True
        return False

    def _arm_deadline(self) -> None:
        """A new decision starts its timer (``turn_seconds``); one window shares one."""
        assert self.match is not None
        game = self.match.game
        key: tuple[object, ...] = (
            (self.match.hands_played, "window", id(game.window))
            if game.window is not None
            else (self.match.hands_played, "turn", len(game.decisions))
        )
        if key != self._deadline_key:
            self._deadline_key = key
            seconds = self.options.turn_seconds if game.window is None else self.options.claim_s
            self._deadline_at = None if seconds is None else self._now() + seconds

    def _time_out(self) -> None:
        """The deadline passed: every person still to decide plays the safe move."""
        assert self.match is not None
        game = self.match.game
        in_window = game.phase in CHOICE_PHASES
        for seat in list(game.to_act()):
            if self._bot_plays(seat) or seat not in self.match.game.to_act():
                continue
            notice = {**protocol.seats(self.statuses()), "timed_out": seat}
            place = self.seats[seat]
            if in_window:
                if place.conn is not None:
                    self._send(place.conn, notice)
            else:
                self._broadcast(notice)
            self._line(f"seat {seat + 1}: {place.name} ran out of time")
            self._apply(safe_action(self.match.game.observation(seat)))

    async def _sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        try:
            await asyncio.wait_for(self._stop.wait(), seconds)
        except TimeoutError:
            pass

    def _rouse(self) -> None:
        """Something happened: the room, if it waits for people, looks again (once, however
        many things happen before it runs)."""
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(False)

    @staticmethod
    def _deadline_passed(waiter: asyncio.Future[bool]) -> None:
        if not waiter.done():
            waiter.set_result(True)

    async def _wait_for_people(self) -> None:
        """Until something happens (a decision, a seat changes hands) or the deadline."""
        if await self._wait(self._deadline_at) and not self._stop.is_set():
            self._time_out()

    async def _wait(self, at: float | None) -> bool:
        """Until something happens (``_rouse``) or the time ``at`` (True: the time came)."""
        if self._stop.is_set():
            return False
        loop = asyncio.get_running_loop()
        waiter = self._waiter = loop.create_future()
        timer = (
            None
            if at is None
            else loop.call_later(max(0.0, at - self._now()), self._deadline_passed, waiter)
        )
        try:
            return await waiter
        finally:
            self._waiter = None
            if timer is not None:
                timer.cancel()

    async def _step(self) -> None:
        """One decision's worth of play."""
        assert self.match is not None
        game = self.match.game
        if game.phase in CHOICE_PHASES:
            if self._bots_choose():
                return
            if game.to_act():  # people to decide
                self._arm_deadline()
                self._publish()
                await self._wait_for_people()
                return
            wait = self._window_until - self._now()
            if wait > 0:  # every choice is in: open until its pause is over
                await self._sleep(wait)
                return
            self.match.close_window()
            self._moved()
            return
        seat = game.turn
        if self._bot_plays(seat):
            version = self.match.version
            await self._sleep(self.options.pace_s)
            if version == self.match.version and self._bot_plays(seat) and not self._stopping:
                self._apply(self._bot_choice(seat))
            return
        self._arm_deadline()
        self._publish()
        await self._wait_for_people()

    @property
    def _stopping(self) -> bool:
        return self._stop.is_set()

    # ------------------------------------------------------------------ the session
    def new_record_path(self) -> Path:
        """Where the room's record is written: the data folder's records (a community
        server keeps its rooms' records in its own folder)."""
        return new_record_path("room", self.seed)

    def new_match(self) -> Match:
        """The session the room plays, dealt from its seed (a replay's room deals a record's
        walls instead)."""
        humans = [s for s, p in enumerate(self.seats) if p.kind == HUMAN]
        bots = [p.level for p in self.seats if p.kind == BOT]
        path = self.new_record_path() if self.options.record else None
        return Match.new(
            self.seed,
            bots,
            self.options.rounds,
            self._config(),
            humans=humans,
            names=[p.name or default_name(s) for s, p in enumerate(self.seats)],
            recorder_path=path,
            rounds_limit=self.options.hands is None,  # a number of hands: whatever the rounds
        )

    @property
    def session_over(self) -> bool:
        """The session has ended: its rounds are played, or its ``hands``."""
        match = self.match
        if match is None:
            return False
        hands = self.options.hands
        return match.session_over or (hands is not None and match.hands_played >= hands)

    def _begin(self) -> None:
        """The first deal (or, continued, the hand where the record stopped)."""
        if self.match is None:
            self.match = self.new_match()
        if self.record_path is not None:
            tokens.save(self.record_path, self.tokens)
        for seat, place in enumerate(self.seats):
            if place.kind == HUMAN and place.conn is None:
                self._start_grace(seat)
        self.match.hold_claims()
        recorder = self.match.recorder
        if recorder is not None:
            recorder.on_failure = self._not_saved
            recorder.on_recovered = self._saved_again
        self._moved()

    def _not_saved(self, error: OSError) -> None:
        self._line(f"the record cannot be written: {error.strerror or error}")
        text = "本局暂时无法保存，牌局继续 · the game cannot be saved for now; play goes on"
        self._broadcast(protocol.notice(protocol.NOT_SAVED, text))

    def _saved_again(self) -> None:
        self._line("the record is written again, whole")
        text = "牌局记录已补存 · the record is saved again, nothing lost"
        self._broadcast(protocol.notice(protocol.SAVED_AGAIN, text))

    async def _play_hand(self) -> None:
        assert self.match is not None
        self._publish()
        while not self.match.hand_over and not self._stopping:
            await self._step()
        self._publish()

    async def _between_hands(self) -> None:
        """After a result: until every person at the table said ``ready`` (at most
        ``result_seconds``); a room nobody sits at pauses ``result_s``."""
        self._ready = set()
        try:
            if not self._readers():
                await self._sleep(self.options.result_s)
                return
            until = self._now() + self.options.result_seconds
            while self._readers() and not self._stopping and self._now() < until:
                await self._wait(until)
        finally:
            self._ready = None

    def _readers(self) -> list[int]:
        """The people still reading the result: connected, playing their own seat, not ready."""
        ready = self._ready or set()
        return [
            s
            for s, p in enumerate(self.seats)
            if p.kind == HUMAN and p.conn is not None and not p.bot_plays and s not in ready
        ]

    def _finish_hand(self) -> None:
        assert self.match is not None
        game = self.match.game
        result = self.match.finish_hand()
        session = self.match.session
        line = result_dict(self.match.hands_played, result, session.scores)
        hands = [(list(game.hands[s]), list(game.melds[s])) for s in range(4)]
        self._last_result = protocol.result(line, hands, result.win_tile, protocol.payments(result))
        self._broadcast(self._last_result)
        self._line(f"hand {line['hand']}: scores {' '.join(f'{n:+d}' for n in session.scores)}")

    async def run(self) -> None:
        """Play the session: wait for the players, then hand after hand until it ends (or
        ``stop``); every client is closed at the end."""
        try:
            await self._wait_start()
            if self._stopping:
                return
            self._begin()
            assert self.match is not None
            while not self._stopping:
                await self._play_hand()
                if self._stopping:
                    break
                self._finish_hand()
                if self.session_over:
                    self._broadcast(protocol.over(self.match.session.scores))
                    self._line("the session is over")
                    break
                await self._between_hands()
                if not self._stopping:
                    self.match.next_hand()
                    self._moved()
        finally:
            self._close()

    async def _wait_start(self) -> None:
        self._start_when_seated()  # a room of bots starts at once
        starter = asyncio.ensure_future(self._started.wait())
        stopper = asyncio.ensure_future(self._stop.wait())
        try:
            await asyncio.wait({starter, stopper}, return_when="FIRST_COMPLETED")
        finally:
            starter.cancel()
            stopper.cancel()

    def stop(self) -> None:
        """End the room now (the record keeps every decision: it can be continued)."""
        self._stop.set()
        self._rouse()

    def _close(self) -> None:
        over = self.session_over
        for place in self.seats:
            if place.timer is not None:
                place.timer.cancel()
                place.timer = None
        for conn in self._conns():
            conn.peer.close(1000 if over else 1001, "the session is over" if over else "")
        if self.match is not None:
            self.match.close()
        self.done.set()
