"""One online room (interfaces.md §6): the authoritative table every client plays through.

A ``Room`` owns a ``Match`` (the session, the bots, the record written decision by decision),
the four seats and their tokens, and the connections. It knows no transport: a connection is a
``Peer`` it can send frames (a message's JSON text) to and close (``net.server`` puts
WebSockets behind it, tests may put anything). A message goes to every connection that gets it
as one text: a state is written straight as text (``wire.observation_json``), a message to
several connections is encoded once. Everything runs on one asyncio loop; nothing here blocks.

What each client gets, and when:

- a seat gets a ``state`` whenever its own view changed: its Observation and the events of its
  history it has not had yet (``Game.observation(seat).history``: already as it may know it);
  a watcher gets ``rules.game.watcher_view`` and the public history;
- ``seq`` counts the applied decisions of the room; an ``act`` answers the last state its
  connection got, and only while that state is still the seat's view: an older one, a second
  act on one state, an act from a watcher or an illegal one is ``refused``, nothing changes;
- after every discard (and every 加杠, which may be robbed) nothing of it is published for
  ``claim_pause`` seconds, and then the discard comes together with what follows it (the next
  draw, a claim) — the same message at the same moment whether or not anyone could claim.
  Only a seat that may claim gets the discard alone, with its choices; the others wait with
  the watchers until the choices are in (bots choose at once, people are waited for, up to
  ``turn_seconds`` when set);
- a seat whose player drops is kept for them: after ``grace`` seconds a stand-in bot plays it,
  and it is handed back (with its whole history) when the token returns;
- with ``turn_seconds`` a decision not made in time is played the safe way (``safe_action``)
  and the seat is told (a ``seats`` message with ``"timed_out"``: to everyone on a turn, to
  the seat alone in a claim, where telling the table would tell it that the seat could claim).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..bots.base import Player, make_bot
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
from .protocol import BOT, HUMAN, Act, Hello, ProtocolError, SeatStatus
from .tokens import SeatTokens

MAX_WATCHERS = 16
RESULT_PAUSE = 5.0  # seconds between a hand's result and the next deal, at the normal pace
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
    state_seq: int = -1  # seq of the last state it got
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
    timer: asyncio.TimerHandle | None = None


@dataclass
class RoomOptions:
    rounds: int = 1
    pace: str = "normal"
    grace: float = 30.0
    turn_seconds: float | None = None
    claim_pause: float | None = None  # None: the pace's
    result_pause: float | None = None  # None: RESULT_PAUSE at the pace
    config: RuleConfig | None = None
    record: bool = True

    @property
    def pace_s(self) -> float:
        return PACES[self.pace]

    @property
    def pause_s(self) -> float:
        return self.pace_s if self.claim_pause is None else self.claim_pause

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
    seq: int = 0
    watchers: list[Conn] = field(default_factory=list)
    standins: dict[int, Player] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.tokens = SeatTokens(self.code)
        self._started = asyncio.Event()
        self._waiter: asyncio.Future[bool] | None = None  # the room waiting for people
        self._stop = asyncio.Event()
        self.done = asyncio.Event()
        self._held = False  # the last discard's consequences not yet public
        self._hold_until = 0.0
        self._told: set[int] = set()  # seats sent the held view (they choose on the discard)
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
    ) -> Room:
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
    ) -> Room:
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
        room.seq = _record_lines(state.path)
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
                level = STANDIN if place.standin else ""
                out.append(SeatStatus(place.name, HUMAN, level, place.conn is not None))
        return out

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
        text = protocol.state_text(
            self.seq,
            obs_json,
            events,
            left,
            scores=match.session.scores,
            hand=hand,
            round=match.round_number,
            rounds=match.session.rounds or 0,
        )
        conn.sent, conn.last_obs, conn.state_seq = len(obs.history), obs_json, self.seq
        conn.deadline_at = deadline_at
        self._send_text(conn, text)

    def _is_current(self, conn: Conn) -> bool:
        """Is the last state ``conn`` got still its seat's view?"""
        assert self.match is not None
        if conn.version == self.match.version:
            return conn.last_obs is not None
        return wire.observation_json(self._view_of(conn)) == conn.last_obs

    def _publish(self) -> None:
        """Each client whose view changed gets a state (``_publish_to``)."""
        for conn in self._conns():
            self._publish_to(conn)

    def _publish_to(self, conn: Conn) -> None:
        """A state to ``conn`` if its view changed; while a discard's consequences are held,
        only to the seats choosing on it (who then keep getting theirs)."""
        if self.match is None:
            return
        if self._held:
            seat = conn.seat
            if seat is None or self._now() < self._hold_until:
                return
            if seat not in self._told and seat not in self.match.game.to_act():
                return
            self._told.add(seat)
        self._arm_deadline()
        self._state_to(conn)

    def _release(self) -> None:
        self._held = False
        self._told = set()
        self._publish()

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
        free = [
            s for s, p in enumerate(self.seats) if p.kind == HUMAN and self.tokens.tokens[s] is None
        ]
        if self.started or not free:
            raise ProtocolError("full", "no seat is free in this room (watch it with --watch)")
        seat = free[0]
        self.tokens.issue(seat)
        place = self.seats[seat]
        place.name = hello.name or f"P{seat + 1}"
        conn = Conn(peer, seat)
        place.conn = conn
        self._line(f"seat {seat + 1}: {place.name} joined")
        self._welcome(conn)
        self._seats_changed()
        self._start_when_seated()
        return conn

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
        self._told.discard(conn.seat)
        if self.match is not None and not self.match.session_over and not self._stop.is_set():
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
        if seat not in self.standins:
            self.standins[seat] = make_bot(STANDIN, bot_seed(self.seed, seat) + 1)
        self._line(f"seat {seat + 1}: a bot plays for {place.name} until they are back")
        self._seats_changed()
        self._rouse()

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
    def act(self, conn: Conn, message: Act) -> bool:
        """A client's decision: applied (True), or refused (nothing changes)."""
        seat = conn.seat
        match = self.match
        if seat is None or match is None or self.seats[seat].conn is not conn:
            self._refuse(conn, message.seq, _stale(seat or 0, "there is nothing to decide"))
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
        self.seq += 1
        opens = action.type in OPENS_WINDOW or self.match.game.phase in CHOICE_PHASES
        if opens and not self._held:
            self._held = True
            self._hold_until = self._now() + self.options.pause_s
            self._told = set()
        self._rouse()
        choosing = self.match.game.phase in CHOICE_PHASES
        if self._held and not choosing and self._now() >= self._hold_until:
            self._release()  # the pause is over and nobody chooses: all at once, now
        else:
            self._publish()

    def _bot_plays(self, seat: int) -> bool:
        assert self.match is not None
        return not self.match.is_human(seat) or self.seats[seat].standin

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
            seconds = self.options.turn_seconds
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
        if self._stop.is_set():
            return
        loop = asyncio.get_running_loop()
        waiter = self._waiter = loop.create_future()
        at = self._deadline_at
        timer = (
            None
            if at is None
            else loop.call_later(max(0.0, at - self._now()), self._deadline_passed, waiter)
        )
        try:
            late = await waiter
        finally:
            self._waiter = None
            if timer is not None:
                timer.cancel()
        if late and not self._stop.is_set():
            self._time_out()

    async def _step(self) -> None:
        """One decision's worth of play."""
        assert self.match is not None
        game = self.match.game
        now = self._now()
        if self._held and now < self._hold_until:
            if not self._bots_choose():
                await self._sleep(self._hold_until - now)
            return
        if game.phase in CHOICE_PHASES:
            if not self._bots_choose():
                self._arm_deadline()
                self._publish()
                await self._wait_for_people()
            return
        if self._held:
            self._release()
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
    def _begin(self) -> None:
        """The first deal (or, continued, the hand where the record stopped)."""
        if self.match is None:
            humans = [s for s, p in enumerate(self.seats) if p.kind == HUMAN]
            bots = [p.level for p in self.seats if p.kind == BOT]
            path = new_record_path("room", self.seed) if self.options.record else None
            self.match = Match.new(
                self.seed,
                bots,
                self.options.rounds,
                self._config(),
                humans=humans,
                names=[p.name or f"P{s + 1}" for s, p in enumerate(self.seats)],
                recorder_path=path,
            )
        if self.record_path is not None:
            tokens.save(self.record_path, self.tokens)
        for seat, place in enumerate(self.seats):
            if place.kind == HUMAN and place.conn is None:
                self._start_grace(seat)
        if self.match.game.phase in CHOICE_PHASES:
            self._held, self._hold_until, self._told = True, self._now(), set()

    async def _play_hand(self) -> None:
        assert self.match is not None
        self._publish()
        while not self.match.hand_over and not self._stopping:
            await self._step()
        if self._held:
            await self._sleep(self._hold_until - self._now())
            self._release()
        self._publish()

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
                if self.match.session_over:
                    self._broadcast(protocol.over(self.match.session.scores))
                    self._line("the session is over")
                    break
                await self._sleep(self.options.result_s)
                if not self._stopping:
                    self.match.next_hand()
                    self.seq += 1
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
        over = self.match is not None and self.match.session_over
        for place in self.seats:
            if place.timer is not None:
                place.timer.cancel()
                place.timer = None
        for conn in self._conns():
            conn.peer.close(1000 if over else 1001, "the session is over" if over else "")
        if self.match is not None:
            self.match.close()
        self.done.set()


def _record_lines(path: Path) -> int:
    """A continued room counts on from its record's length, so no seq is ever used twice."""
    try:
        with open(path, "rb") as record:
            return sum(1 for _ in record)
    except OSError:
        return 0
