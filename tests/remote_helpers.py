"""A minimal room for the client's tests: a real ``Match`` behind the real ``websockets`` server
on 127.0.0.1, speaking ``ningde_tui/net/protocol.py`` as the design asks of the host (the
seat's observation, its history since the last state, the result with every hand), with the
seats not taken by the test played at once by bots inside it.

It is not the host: no timers, no grace, no flood control. It lets the client, its bots and
the remote table be tested end to end over the real transport before the real server exists.
``running_room`` is the real one: a ``Room`` behind the real ``RoomServer``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ningde_tui.net import protocol, wire
from ningde_tui.net.protocol import Act, Hello, SeatStatus
from ningde_tui.net.room import Room, RoomOptions
from ningde_tui.net.server import RoomServer
from ningde_tui.records.record import result_dict
from ningde_tui.rules.game import Game, IllegalAction, watcher_view
from ningde_tui.rules.refusal import Refusal, RefusalCode
from ningde_tui.table.match import Match
from ningde_tui.ui.screens.remote import RemoteTableScreen


def seat_state(
    match: Match, seat: int | None, since: int, seq: int, hand: int | None = None
) -> dict[str, Any]:
    """The ``state`` a room sends ``seat`` (None: a watcher): its observation and the events
    of its history from ``since`` on."""
    game = match.game
    if seat is None:
        obs = watcher_view(game.observation(0), game.history(None))
    else:
        obs = game.observation(seat)
    session = match.session
    text = protocol.state_text(
        seq,
        wire.observation_json(obs),
        game.history(seat)[since:],
        None,
        scores=session.scores,
        hand=hand if hand is not None else len(session.results) + 1,
        round=match.round_number,
        rounds=session.rounds or 0,
    )
    return json.loads(text)


def result_message(match: Match, game: Game) -> dict[str, Any]:
    """The ``result`` of the hand just finished (``match.finish_hand`` called)."""
    session = match.session
    outcome = session.results[-1]
    line = result_dict(len(session.results), outcome, list(session.scores))
    hands = [(list(game.hands[s]), list(game.melds[s])) for s in range(4)]
    return protocol.result(line, hands, outcome.win_tile, protocol.payments(outcome))


@dataclass
class Peer:
    seat: int | None
    hand: int = 0  # the hand its last state was of
    sent: int = 0  # how many of that hand's events it has been sent


@dataclass
class ScriptedRoom:
    """``humans``: the seats the test's clients take (in hello order); bots play the rest."""

    seed: int = 5
    humans: tuple[int, ...] = (0,)
    hands: int = 1  # hands before ``over``
    room: str = "TESTROOM"
    match: Match = field(init=False)
    seq: int = 1
    tokens: dict[int, str] = field(default_factory=dict)
    peers: dict[ServerConnection, Peer] = field(default_factory=dict)
    received: list[dict[str, Any]] = field(default_factory=list)  # every client message
    server: Server | None = None
    url: str = ""  # once serving
    over: bool = False

    def __post_init__(self) -> None:
        bots = ["greedy"] * (4 - len(self.humans))
        names = [f"P{s + 1}" if s in self.humans else "greedy" for s in range(4)]
        self.match = Match.new(self.seed, bots, humans=self.humans, names=names)
        self.lock = asyncio.Lock()

    async def __aenter__(self) -> ScriptedRoom:
        self.server = await serve(
            self.handle, "127.0.0.1", 0, max_size=protocol.MAX_MESSAGE, ping_interval=None
        )
        port = next(iter(self.server.sockets)).getsockname()[1]
        self.url = f"ws://127.0.0.1:{port}/{self.room}"
        async with self.lock:
            self.play_bots()
        return self

    async def __aexit__(self, *_: object) -> None:
        assert self.server is not None
        self.server.close()
        await self.server.wait_closed()

    # ------------------------------------------------------------ seats
    def statuses(self) -> list[SeatStatus]:
        held = {p.seat for p in self.peers.values()}
        return [
            SeatStatus(f"P{s + 1}", protocol.HUMAN, "", s in held)
            if s in self.humans
            else SeatStatus("greedy", protocol.BOT, "greedy", True)
            for s in range(4)
        ]

    def take_seat(self, hello: Hello) -> int | None:
        if hello.watch:
            return None
        for seat, token in self.tokens.items():
            if hello.token is not None and secrets.compare_digest(token, hello.token):
                return seat
        held = {p.seat for p in self.peers.values()}
        free = [s for s in self.humans if s not in self.tokens and s not in held]
        if not free:
            raise protocol.ProtocolError("full", "no free seat")
        self.tokens[free[0]] = secrets.token_urlsafe(protocol.TOKEN_BYTES)
        return free[0]

    async def drop(self, seat: int) -> None:
        """Cut ``seat``'s connection as a network would (no closing handshake)."""
        for ws, peer in list(self.peers.items()):
            if peer.seat == seat:
                ws.transport.abort()
        await asyncio.sleep(0)

    # ------------------------------------------------------------ the connection
    async def handle(self, ws: ServerConnection) -> None:
        try:
            hello = protocol.parse_client(await ws.recv())
            if not isinstance(hello, Hello):
                raise protocol.ProtocolError("no_hello", "say hello first")
            async with self.lock:
                seat = self.take_seat(hello)
                token = None if seat is None else self.tokens[seat]
                rules = self.match.game.config
                peer = Peer(seat)
                self.peers[ws] = peer
                await ws.send(
                    protocol.dumps(protocol.welcome(self.room, seat, token, rules, self.statuses()))
                )
                await self.send_state(ws, peer)
                await self.broadcast(protocol.seats(self.statuses()))
            async for text in ws:
                message = protocol.parse_client(text)
                self.received.append({"seat": seat, "text": text})
                if isinstance(message, Act):
                    async with self.lock:
                        await self.on_act(ws, peer, message)
        except protocol.ProtocolError as bad:
            await ws.send(protocol.dumps(protocol.error(bad.code, str(bad))))
        except ConnectionClosed:
            pass
        finally:
            self.peers.pop(ws, None)
            if not self.over:
                await self.broadcast(protocol.seats(self.statuses()))

    async def on_act(self, ws: ServerConnection, peer: Peer, act: Act) -> None:
        game = self.match.game
        seat = peer.seat
        if act.seq != self.seq or seat is None or seat not in game.to_act():
            refusal = Refusal(RefusalCode.NOT_YOUR_TURN, "not your turn")
            await ws.send(protocol.dumps(protocol.refused(act.seq, refusal)))
            return
        claimed = None if game.last_discard is None else game.last_discard[1]
        try:
            self.match.apply(wire.action_from(act.action, seat, claimed))
        except (IllegalAction, wire.WireError) as exc:
            refusal = (
                exc.refusal
                if isinstance(exc, IllegalAction)
                else Refusal(RefusalCode.UNKNOWN_ACTION, str(exc))
            )
            await ws.send(protocol.dumps(protocol.refused(act.seq, refusal)))
            return
        self.seq += 1
        await self.after_change()

    def play_bots(self) -> None:
        match = self.match
        while (step := match.next_bot()) is not None:
            seat, obs, _ = step
            match.apply(match.bot_action(seat, obs))
            self.seq += 1

    async def after_change(self) -> None:
        match = self.match
        self.play_bots()
        await self.send_states()
        while match.hand_over:
            game = match.game
            match.finish_hand()
            await self.broadcast(result_message(match, game))
            if match.hands_played >= self.hands or match.session_over:
                self.over = True
                await self.broadcast(protocol.over(match.session.scores))
                return
            match.next_hand()
            self.seq += 1
            self.play_bots()
            await self.send_states()

    async def send_state(self, ws: ServerConnection, peer: Peer) -> None:
        hand = len(self.match.session.results) + 1
        since = peer.sent if peer.hand == hand else 0
        text = protocol.dumps(seat_state(self.match, peer.seat, since, self.seq))
        peer.hand, peer.sent = hand, len(self.match.game.history(peer.seat))
        await ws.send(text)

    async def send_states(self) -> None:
        for ws, peer in list(self.peers.items()):
            try:
                await self.send_state(ws, peer)
            except ConnectionClosed:
                pass

    async def broadcast(self, message: dict[str, Any]) -> None:
        text = protocol.dumps(message)
        for ws in list(self.peers):
            try:
                await ws.send(text)
            except ConnectionClosed:
                pass


async def until(pilot: Pilot[None], ready: Callable[[], bool], seconds: float = 15.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if ready():
            return
        await pilot.pause(0.05)
    raise AssertionError("the table did not get there in time")


def seat_of(pilot: Pilot[None]) -> RemoteTableScreen:
    return next(s for s in pilot.app.screen_stack if isinstance(s, RemoteTableScreen))


INSTANT = {"pace": "instant", "claim_pause": (0.0, 0.0), "result_pause": 0.0, "result_seconds": 0.0}


@contextlib.asynccontextmanager
async def running_room(
    seat_kinds: list[str], seed: int = 7, **options: Any
) -> AsyncIterator[tuple[RoomServer, Room]]:
    """A server on 127.0.0.1 (a free port) with one room, its session running."""
    hooks = {k: options.pop(k) for k in ("tap", "on_line") if k in options}
    server = RoomServer("127.0.0.1", 0, origins=options.pop("origins", ()))
    room = server.add(
        Room.new("ROOM", seat_kinds, RoomOptions(**{**INSTANT, **options}), seed, **hooks)
    )
    await server.start()
    task = asyncio.ensure_future(room.run())
    try:
        yield server, room
    finally:
        room.stop()
        await asyncio.wait_for(task, 10)
        await server.close()
