"""``ningde server``'s process (interfaces.md §7): one asyncio loop, one websockets server.

On one port:

- ``ws(s)://HOST:PORT/ROOM``: the rooms, §6 rooms served by ``net.server.RoomServer`` (which
  this server is), so ``ningde join URL``, ``--bot``, ``--bot-cmd`` and every guarantee of §6
  hold in them unchanged. One addition: in a room of this server, a hello that would seat a
  player under a name a lobby player holds must carry that player's ``key`` (an added field of
  the hello), or the room refuses it (``name_taken``): a name's rating is its holder's;
- ``ws(s)://HOST:PORT/lobby``: the lobby (``server.lobby``): rooms made and listed, quick seats,
  the leaderboard and the games;
- read-only HTTP GETs answered by websockets' ``process_request`` hook: ``/api/rooms``,
  ``/api/leaderboard``, ``/api/players/NAME``, ``/healthz`` and ``/r/CODE-N`` (a finished hand
  as a record: ``server.replays``).

A room lives until its session is over (it leaves the list; its record stays for replay, its
game is booked: ratings and the games list, ``store.book``) or until nobody has been connected
to it for ``IDLE_SECONDS`` before it starts. A restart resumes every room still open from its
record and room file (the same tokens reclaim the same seats); a room that had not started
comes back with the same code, seats and tokens.

Nothing a client sends is trusted: every lobby message is bounded and parsed before it is read,
every HTTP path checked before it names anything; an address making rooms too fast or guessing
room codes is refused for a while (``rate_limited``). A write that fails is logged and answered
(``unavailable``, or HTTP 503); no client and no failed write stops the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
import socket
import ssl
import time
import zlib
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..net import protocol, tokens
from ..net.protocol import Hello, ProtocolError
from ..net.room import Conn, Room, RoomOptions
from ..net.server import HELLO_SECONDS, Flood, RoomServer, WebPeer
from ..records.checks import RecordError
from ..records.record import check_seed
from ..records.storage import resume
from ..table.match import Match
from . import api, collect, lobby
from .limits import RateLimit
from .lobby import (
    CODE_LENGTH,
    CODE_LETTERS,
    AskGames,
    AskLeaderboard,
    AskRooms,
    Create,
    Quick,
    RoomEntry,
)
from .replays import NotEnded, served_hand
from .rooms import (
    ServerRoom,
    finished_game,
    options_to_dict,
    record_path,
    room_options,
    settings_of,
)
from .shared import SharedList, listening_socket
from .store import (
    BROKEN,
    EXPIRED,
    OPEN,
    OVER,
    NameTaken,
    RoomRow,
    SqliteStore,
    Store,
    StoreError,
)

DEFAULT_PORT = 7350
LOBBY_PATH = "/lobby"
IDLE_SECONDS = 600.0  # a room nobody has been connected to this long before it starts goes
PUSH_SECONDS = 1.0  # the lobby pushes the public rooms at most this often
LOBBY_RATE, LOBBY_BURST = 5.0, 20  # lobby messages a second (on average), at once
MAX_LOBBIES = 10_000  # lobby connections at once
HELLO_TRIES = 5  # hellos a lobby client may send while the store cannot answer
LOBBIES_AN_ADDRESS = 20  # lobby connections at once from one address
HTTP_RATE = 300  # HTTP requests one address may make a minute
SERVED_KEPT = 128  # served hands kept, ready to serve again
ROOM_RATE = 10  # rooms one address may make a minute
CODE_RATE = 20  # unknown room codes one address may try a minute
RATE_BLOCK = 60.0  # seconds an address past a limit is refused
BOOK_RETRIES = (0.0, 1.0, 5.0, 30.0, 120.0, 600.0)  # seconds before each try to book a game
MAX_READS = 4  # records read at once for /r/
GAMES_LISTED = 50
CODE_SET = frozenset(CODE_LETTERS)
QUICK_SEATS = ("human", "normal", "normal", "normal")
SEAT_HOLD = 30.0  # seconds a seat is kept for the player who made the room or was sent to it
log = logging.getLogger("ningde.server")


@dataclass
class ServerSettings:
    """How a community server runs; ``room_options`` overrides the rooms' options and
    ``on_room`` sees each room before it runs (tests, benchmarks)."""

    data: Path
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    public_url: str | None = None  # ws(s)://… where clients reach this server
    name: str = "ningde"
    max_rooms: int = 1000
    tls: ssl.SSLContext | None = None
    origins: tuple[str, ...] = ()
    idle_seconds: float = IDLE_SECONDS
    room_options: dict[str, Any] = field(default_factory=dict)
    on_room: Callable[[ServerRoom], None] | None = None
    own_collections: bool = False  # the process's full collections on the server's schedule
    # more than one process (interfaces.md §7 "Beyond one process"): the list and the rooms'
    # directory are shared through the store (``server.shared``)
    shared: bool = False
    sockets: tuple[socket.socket, ...] = ()  # listen on these (its own first), not host:port
    front: str | None = None  # the lobby's base URL when it is not this process's own
    siblings: tuple[str, ...] = ()  # one machine's workers: their owners (``max_rooms`` is theirs)
    adopt: bool = False  # the workers share out rooms of owners that are none of them (``_ours``)


@dataclass(eq=False)
class LobbyConn:
    """A lobby client that said hello."""

    peer: WebPeer
    address: str
    name: str = ""


def _key_of(hello_text: str | bytes) -> str | None:
    """The lobby key an (already parsed) §6 hello carries, if any."""
    try:
        key = json.loads(hello_text).get("key")
    except (ValueError, AttributeError, RecursionError):
        return None
    return key if isinstance(key, str) and 0 < len(key) <= lobby.MAX_KEY else None


def as_http(base: str) -> str:
    """A ws(s):// base URL as the http(s):// one of the same place."""
    return base.replace("wss://", "https://", 1).replace("ws://", "http://", 1)


class CommunityServer(RoomServer):
    """Rooms, a lobby and a read-only HTTP API on one port, with a store behind them."""

    def __init__(self, settings: ServerSettings, store: Store | None = None) -> None:
        super().__init__(settings.host, settings.port, origins=settings.origins, tls=settings.tls)
        self.settings = settings
        self.store: Store = store or SqliteStore(settings.data)
        self.lobbies: set[LobbyConn] = set()
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.room_limit = RateLimit(ROOM_RATE, 60.0, RATE_BLOCK)
        self.code_limit = RateLimit(CODE_RATE, 60.0, RATE_BLOCK)
        self.resumed = 0  # rooms resumed at the start
        self._changed = asyncio.Event()  # the public list may have changed
        self._listing: str | None = None  # the last rooms message, while nothing changed
        self._closing = False
        self._making = 0  # rooms being made (counted against max_rooms)
        self._background: set[asyncio.Task[Any]] = set()
        self._reads = asyncio.Semaphore(MAX_READS)
        self.http_limit = RateLimit(HTTP_RATE, 60.0, RATE_BLOCK)
        self._served: OrderedDict[tuple[str, int, bool], str] = OrderedDict()
        self._lobbies_at: Counter[str] = Counter()
        self._routes: dict[str, Callable[[str], Awaitable[Response]]] = {
            "/api/rooms": self._api_rooms,
            "/api/leaderboard": self._api_leaderboard,
            "/healthz": self._healthz,
            "/": self._index,
        }
        self.shared: SharedList | None = None  # the community's list, when it is shared

    # ------------------------------------------------------------------ running
    async def start(self, *given: socket.socket) -> None:
        """Open the store, resume the open rooms, listen (on ``given`` sockets, else on the
        settings'). Raises StoreError or OSError."""
        await self.store.open()
        sockets = given or self.settings.sockets
        try:
            if self.settings.shared and not sockets:  # its port names it before it resumes
                sockets = (listening_socket(self.host, self.port),)
            if sockets:
                self.port = sockets[0].getsockname()[1]
            if self.settings.shared:
                self.shared = SharedList(self.store, self.owner)
            await self._resume_all()
            await super().start(*sockets)
        except BaseException:
            await self.close()
            raise
        self._spawn(self._janitor())
        self._spawn(self._push_rooms())
        if self.shared is not None:
            self._spawn(self.shared.publish(self._own_listing))
            self._spawn(self.shared.read(self._merged_changed))
        if self.settings.own_collections:
            collect.take_over()
            self._spawn(collect.full_passes())

    def _spawn(self, work: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    async def close(self) -> None:
        """Stop every room (their records keep every decision), the lobby and the store."""
        self._closing = True
        for task in list(self._background):
            task.cancel()
        for room in list(self.rooms.values()):
            room.stop()
        if self.tasks:
            await asyncio.wait(list(self.tasks.values()), timeout=10)
        for conn in list(self.lobbies):
            conn.peer.close(1001, "the server stops")
        await super().close()
        if self.shared is not None:
            await self.shared.withdraw()
        with contextlib.suppress(StoreError):
            await self.store.close()
        if self.settings.own_collections:
            collect.give_back()

    def room_url(self, code: str) -> str:
        if self.settings.public_url:
            return f"{self.settings.public_url}/{code}"
        return self.url(code)

    def http_url(self) -> str:
        """Where the HTTP answers are: the public URL's, else this socket's, as http(s)."""
        return as_http(self.owner)

    @property
    def owner(self) -> str:
        """This process's base URL: what names it in the community's directory."""
        return self.settings.public_url or self.url("").rstrip("/")

    def lobby_url(self) -> str:
        return f"{self.settings.front or self.owner}{LOBBY_PATH}"

    # ------------------------------------------------------------------ rooms
    def _run(self, room: ServerRoom) -> None:
        if self.settings.on_room is not None:
            self.settings.on_room(room)
        self.add(room)
        self.tasks[room.code] = asyncio.ensure_future(self._play(room))
        self._list_changed()

    def _hooks(self, code: str) -> dict[str, Any]:
        return {"on_line": lambda text: self._room_line(code, text)}

    def _room_line(self, code: str, text: str) -> None:
        """A room's seat filled or emptied (or its hand ended): the list may change, and a
        room waiting for its players keeps their tokens for a restart."""
        log.debug("room %s: %s", code, text)
        room = self.rooms.get(code)
        if not isinstance(room, ServerRoom):
            return
        if not room.started:
            room.keep_tokens()
        if room.public:
            self._list_changed()

    def _list_changed(self) -> None:
        """This process's rooms changed: the lobby's list, and what it publishes."""
        self._merged_changed()
        if self.shared is not None:
            self.shared.changed.set()

    def _merged_changed(self) -> None:
        self._listing = None
        self._changed.set()

    async def _play(self, room: ServerRoom) -> None:
        try:
            await room.run()
        except Exception:  # a room's fault must not stop the server
            log.exception("room %s stopped on an error", room.code)
        if self._closing:
            return
        await asyncio.sleep(0.5)  # the last messages (result, over) go out first
        self.rooms.pop(room.code, None)
        self.tasks.pop(room.code, None)
        self._list_changed()
        if room.over:
            assert room.match is not None
            game = finished_game(room.code, room.match.seat_infos(), room.match.session)
            await self._book(game)
        elif room.expired:
            log.info("room %s: nobody came for %gs, it is gone", room.code, self._idle)
            room.forget_tokens()
            with contextlib.suppress(StoreError):
                await self.store.set_room(room.code, EXPIRED)

    @property
    def _idle(self) -> float:
        return self.settings.idle_seconds

    async def _book(self, game: Any) -> None:
        """Book a finished game, trying again a few times if the store fails (then a restart
        books it from its record)."""
        for delay in BOOK_RETRIES:
            await asyncio.sleep(delay)
            try:
                booked = await self.store.book(game)
            except StoreError:
                continue
            log.info("room %s is over%s", game.room, "" if booked else " (booked before)")
            return
        log.error("room %s: its game could not be booked; a restart books it", game.room)

    async def _janitor(self) -> None:
        """Rooms nobody has been connected to for ``idle_seconds`` before they start go."""
        period = min(15.0, self._idle / 4)
        while True:
            await asyncio.sleep(period)
            now = time.monotonic()
            for room in list(self.rooms.values()):
                if not isinstance(room, ServerRoom) or room.started:
                    continue
                if room.connected:
                    room.last_seen = now
                elif now - room.last_seen >= self._idle:
                    room.expired = True
                    room.stop()

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    def _options(self, create: Create) -> RoomOptions:
        options = RoomOptions(
            rounds=create.rounds,
            pace=create.pace,
            turn_seconds=create.turn_seconds,
            config=create.rules,
        )
        for name, value in self.settings.room_options.items():
            setattr(options, name, value)
        return options

    async def make_room(self, create: Create) -> ServerRoom:
        """A new room as ``create`` asks (its limits checked by the caller). StoreError if the
        store cannot keep it (no room is made)."""
        options = self._options(create)
        self._making += 1
        try:
            for _ in range(5):
                code = self._new_code()
                if await self.store.room(code) is None:
                    break
            record = record_path(self.settings.data, code)
            row = RoomRow(
                code,
                create.public,
                create.seats,
                options_to_dict(options),
                str(record),
                time.time(),
                owner=self.owner if self.shared is not None else "",
            )
            await self.store.add_room(row)
        finally:
            self._making -= 1
        seed = check_seed(secrets.randbits(62))
        room = ServerRoom.new(
            code, list(create.seats), options, seed, **self._hooks(code), public=create.public
        )
        assert isinstance(room, ServerRoom)
        room.record_file = record
        room.tokens.settings = settings_of(options, self.host, self.port)
        self._run(room)
        log.info("room %s made (%s)", code, ",".join(create.seats))
        return room

    # ------------------------------------------------------------------ resuming
    async def _resume_all(self) -> None:
        mine = None if self.shared is None or self.settings.adopt else self.owner
        for row in await self.store.open_rooms(mine):
            if not self._ours(row):
                continue
            try:
                if row.owner != self.owner and self.shared is not None:
                    await self.store.set_room(row.code, OPEN, owner=self.owner)
                await self._resume(row)
            except Exception as exc:  # noqa: BLE001 - one room's record must not stop the start
                log.error("room %s cannot be resumed: %s", row.code, exc)
                with contextlib.suppress(StoreError):
                    await self.store.set_room(row.code, BROKEN)

    async def _resume(self, row: RoomRow) -> None:
        record = Path(row.record)
        hooks = {**self._hooks(row.code), "public": row.public}
        if not record.exists():  # it had not started: the same room, its seats' tokens kept
            held = self._waiting_tokens(record, row.code)
            options = room_options(record, held, row.options)
            seed = check_seed(secrets.randbits(62))
            room = ServerRoom.new(row.code, list(row.seats), options, seed, **hooks)
            held.settings = held.settings or settings_of(options, self.host, self.port)
            room.tokens = held
        else:
            state = await asyncio.to_thread(resume, record)
            held = tokens.load(record)
            session = state.session
            if session.over and session.game is None:  # it ended before it was booked
                await asyncio.to_thread(lambda: Match.resumed(state).close())
                await self._book(finished_game(row.code, state.seats, session))
                return
            options = room_options(record, held, row.options)
            room = ServerRoom.resumed(state, held, options, **hooks)
        assert isinstance(room, ServerRoom)
        room.record_file = record
        self.resumed += 1
        self._run(room)
        log.info("room %s resumed", row.code)

    def _ours(self, row: RoomRow) -> bool:
        """Is this process to resume ``row``: one process alone resumes every open room; a
        machine's workers each their own, and those of an owner that is none of them (made
        before by a server of another shape) shared out by their code."""
        siblings = self.settings.siblings
        if self.shared is None or row.owner == self.owner:
            return True
        if not self.settings.adopt or row.owner in siblings or self.owner not in siblings:
            return False
        return zlib.crc32(row.code.encode()) % len(siblings) == siblings.index(self.owner)

    @staticmethod
    def _waiting_tokens(record: Path, code: str) -> tokens.SeatTokens:
        """The tokens a room that had not started kept beside its record-to-be (none: a
        room nobody had taken a seat in)."""
        if not tokens.room_file(record).exists():
            return tokens.SeatTokens(code)
        try:
            held = tokens.load(record)
        except (OSError, ValueError) as exc:
            log.error("room %s: its seats' tokens are lost: %s", code, exc)
            return tokens.SeatTokens(code)
        return held if held.room == code else tokens.SeatTokens(code)

    # ------------------------------------------------------------------ the rooms' socket
    def _address(self, connection: ServerConnection, request: Request | None) -> str:
        """The client's address; behind a proxy on this machine (a loopback peer that sends
        X-Forwarded-For), the address the proxy saw."""
        peer = connection.remote_address
        host = str(peer[0]) if peer else "?"
        try:
            loopback = ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = False
        forwarded = request.headers.get("X-Forwarded-For") if request is not None else None
        if loopback and forwarded:
            return forwarded.split(",")[-1].strip()[:64] or host
        return host

    async def _check_path(  # type: ignore[override]
        self, connection: ServerConnection, request: Request
    ) -> Response | None:
        path, _, query = request.path.partition("?")
        if path == LOBBY_PATH:
            return None
        address = self._address(connection, request)
        if not self._is_room(path) and not self.http_limit.hit(address):
            return api.error_response(
                HTTPStatus.TOO_MANY_REQUESTS, lobby.RATE_LIMITED, "too many requests: wait a minute"
            )
        route = self._routes.get(path)
        if route is not None:
            return await route(query)
        if path.startswith("/api/players/"):
            return await self._api_player(path[len("/api/players/") :])
        if self.code_limit.blocked(address):
            return self._rate_limited()
        if path.startswith("/r/"):
            return await self._replay(path[len("/r/") :], address)
        if self._code(path) in self.rooms:
            return None
        elsewhere = await self._owner_of(self._code(path)) if "/" not in path[1:] else None
        if elsewhere is not None:
            return api.redirect(f"{elsewhere}{path}")
        return await self._unknown_code(address)

    async def _owner_of(self, code: str) -> str | None:
        """The base URL of the process of the community that owns room ``code``, if another
        does (None: nobody, or this process alone)."""
        if self.shared is None or len(code) != CODE_LENGTH or not set(code) <= CODE_SET:
            return None
        try:
            row = await self.store.room(code)
        except StoreError:
            return None
        if row is None or row.status == EXPIRED or row.owner in ("", self.owner):
            return None
        return row.owner

    def _is_room(self, path: str) -> bool:
        """A room's path (``/CODE``): a socket, not an HTTP answer."""
        return "/" not in path[1:] and self._code(path) in self.rooms

    async def _unknown_code(self, address: str) -> Response:
        if not self.code_limit.hit(address) or not await self._within("codes", address, CODE_RATE):
            return self._rate_limited()
        return api.error_response(HTTPStatus.NOT_FOUND, "no_room", "no such room")

    @staticmethod
    def _rate_limited() -> Response:
        return api.error_response(
            HTTPStatus.TOO_MANY_REQUESTS, lobby.RATE_LIMITED, "too many unknown room codes"
        )

    async def _handle(self, ws: ServerConnection) -> None:
        path = ws.request.path.partition("?")[0] if ws.request is not None else ""
        if path == LOBBY_PATH:
            await self._lobby(ws)
        else:
            await super()._handle(ws)

    async def _hello(  # type: ignore[override]
        self, ws: ServerConnection, room: Room, peer: WebPeer
    ) -> Conn:
        """§6's hello, and a player's name checked against the lobby's: a held name needs
        its key."""
        try:
            first = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
        except TimeoutError:
            raise ProtocolError("no_hello", "say hello first") from None
        message = protocol.parse_client(first)
        if not isinstance(message, Hello):
            raise ProtocolError("hello_first", "the first message is a hello")
        seats_name = not message.watch and (message.token is None or not room.started)
        if seats_name and message.name and not await self._may_use(message.name, _key_of(first)):
            raise ProtocolError(lobby.NAME_TAKEN, f"{message.name} is held by a lobby player")
        held = self.shared is not None and not message.watch and message.token is None
        if held and isinstance(room, ServerRoom) and not room.started:
            room.take_holds(await self._holds_of(room.code))  # 快速开始's, on any process
        conn = room.join(peer, message)
        if held and conn.seat is not None and message.name:
            self._spawn(self._came(room.code, message.name))
        return conn

    async def _holds_of(self, code: str) -> dict[str, float]:
        try:
            return await self.store.seat_holds(code)
        except StoreError:
            return {}  # this process's own holds still hold

    async def _came(self, code: str, name: str) -> None:
        with contextlib.suppress(StoreError):
            await self.store.release_seat(code, name)

    async def _held_for(self, code: str, name: str, seats: int) -> bool:
        """Is one of room ``code``'s ``seats`` open seats held for ``name`` across the
        community (or, the community's store unreachable or not shared, as far as this
        process knows)?"""
        if self.shared is None:
            return True
        try:
            return await self.store.hold_seat(code, name, seats, SEAT_HOLD)
        except StoreError:
            return True

    async def _may_use(self, name: str, key: str | None) -> bool:
        try:
            return await self.store.holds(name, key)
        except StoreError:
            return True  # the game goes on; the name is checked again once the store is back

    # ------------------------------------------------------------------ the lobby
    async def _lobby(self, ws: ServerConnection) -> None:
        peer = WebPeer(ws)
        conn = LobbyConn(peer, self._address(ws, ws.request))
        self._lobbies_at[conn.address] += 1
        try:
            if len(self.lobbies) >= MAX_LOBBIES:
                raise ProtocolError(lobby.FULL, "the lobby is full: try again later")
            if self._lobbies_at[conn.address] > LOBBIES_AN_ADDRESS:
                raise ProtocolError(lobby.RATE_LIMITED, "too many lobby connections from here")
            await self._lobby_hello(ws, conn)
            self.lobbies.add(conn)
            flood = Flood(LOBBY_RATE, LOBBY_BURST)
            async for text in ws:
                if not flood.ok():
                    raise ProtocolError("flood", f"at most {LOBBY_RATE:g} messages a second")
                await self._lobby_message(conn, lobby.parse_client(text))
        except ProtocolError as bad:
            peer.fail(bad.code, str(bad))
        except ConnectionClosed:
            pass
        finally:
            self.lobbies.discard(conn)
            self._lobbies_at[conn.address] -= 1
            if self._lobbies_at[conn.address] <= 0:
                del self._lobbies_at[conn.address]
            await peer.finish()

    async def _lobby_hello(self, ws: ServerConnection, conn: LobbyConn) -> None:
        """Until a hello is welcomed: a hello the store cannot answer is refused
        (``unavailable``) and may come again, ``HELLO_TRIES`` times."""
        for _ in range(HELLO_TRIES):
            try:
                text = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
            except TimeoutError:
                raise ProtocolError("no_hello", "say hello first") from None
            message = lobby.parse_client(text)
            if not isinstance(message, lobby.Hello):
                raise ProtocolError(lobby.HELLO_FIRST, "the first message is a hello")
            try:
                key, rating = await self.store.hello(message.name, message.key)
            except NameTaken:
                raise ProtocolError(
                    lobby.NAME_TAKEN, f"{message.name} is held by another key"
                ) from None
            except StoreError:
                self._send(
                    conn, lobby.refused(lobby.UNAVAILABLE, "the server cannot say hello now")
                )
                continue
            conn.name = message.name
            self._send(conn, lobby.welcome(message.name, key, rating, self.settings.name))
            conn.peer.send(self._rooms_text())
            return
        raise ProtocolError(lobby.UNAVAILABLE, "the server cannot say hello now: try later")

    @staticmethod
    def _send(conn: LobbyConn, message: dict[str, Any]) -> None:
        conn.peer.send(lobby.dumps(message))

    async def _lobby_message(self, conn: LobbyConn, message: lobby.ClientMessage) -> None:
        try:
            match message:
                case lobby.Hello():
                    raise ProtocolError(lobby.HELLO_AGAIN, "hello comes once, first")
                case AskRooms():
                    conn.peer.send(self._rooms_text())
                case Create():
                    await self._create(conn, message)
                case Quick():
                    await self._quick(conn)
                case AskLeaderboard(limit=limit):
                    self._send(conn, lobby.leaderboard(await self.store.leaderboard(limit)))
                case AskGames(name=name):
                    self._send(conn, lobby.games(await self.store.games(name, GAMES_LISTED)))
        except StoreError:
            self._send(conn, lobby.refused(lobby.UNAVAILABLE, "the server cannot answer that now"))

    def _rooms_here(self) -> int:
        """The rooms ``max_rooms`` counts: this process's, and a machine's workers' all
        together (each other worker's as it last published them)."""
        others = 0
        if self.shared is not None:
            counts = self.shared.counts
            others = sum(counts.get(o, 0) for o in self.settings.siblings if o != self.owner)
        return len(self.rooms) + others

    async def _within(self, kind: str, address: str, limit: int) -> bool:
        """Is ``address`` within the community's ``limit`` of ``kind`` a minute, counted across
        all its processes in the store (one process alone: its own count is the whole)."""
        if self.shared is None:
            return True
        try:
            return await self.store.tally(f"{kind}:{address}", 60.0) <= limit
        except StoreError:
            return True  # each process's own limit still holds

    async def _may_make(self, conn: LobbyConn) -> dict[str, Any] | None:
        """None if ``conn`` may make a room now, else the refusal."""
        if self._rooms_here() + self._making >= self.settings.max_rooms:
            return lobby.refused(lobby.FULL, "the server holds all the rooms it can: try later")
        if not self.room_limit.hit(conn.address) or not await self._within(
            "rooms", conn.address, ROOM_RATE
        ):
            return lobby.refused(lobby.RATE_LIMITED, f"at most {ROOM_RATE} new rooms a minute")
        return None

    async def _create(self, conn: LobbyConn, create: Create) -> None:
        refusal = await self._may_make(conn)
        if refusal is not None:
            self._send(conn, refusal)
            return
        room = await self.make_room(create)
        room.hold_seat(conn.name, SEAT_HOLD)  # the maker's, whoever 快速开始 sends here
        await self._held_for(room.code, conn.name, room.open_seats)
        self._send(conn, lobby.created(room.code, self.room_url(room.code)))

    async def _quick(self, conn: LobbyConn) -> None:
        """A free seat in a public room about to start (the fullest first), else a new public
        room of one person and three ``normal`` bots."""
        waiting = [
            r
            for r in self.rooms.values()
            if isinstance(r, ServerRoom) and r.public and not r.expired and r.free_for(conn.name)
        ]
        for room in sorted(waiting, key=lambda r: (r.free_seats, r.created_at)):
            if not await self._held_for(room.code, conn.name, room.open_seats):
                continue  # other processes have promised its seats
            if room.hold_seat(conn.name, SEAT_HOLD):
                self._send(conn, lobby.created(room.code, self.room_url(room.code)))
                self._list_changed()
                return
            await self._came(room.code, conn.name)  # taken meanwhile: the promise is void
        # another process's room: held through the store, its owner keeps it when they come
        for item in self.shared.waiting() if self.shared is not None else []:
            entry = item["entry"]
            if entry["code"] in self.rooms:
                continue  # this process's own, tried above
            if await self._held_for(entry["code"], conn.name, item.get("open", item["free"])):
                self._send(conn, lobby.created(entry["code"], entry["url"]))
                return
        await self._create(conn, Create(QUICK_SEATS))

    # ------------------------------------------------------------------ the public list
    def _listed(self) -> list[ServerRoom]:
        """The public rooms, those with a free seat first (fullest first), then the others,
        newest first."""
        rooms = [
            r
            for r in self.rooms.values()
            if isinstance(r, ServerRoom) and r.public and not r.over and not r.expired
        ]
        rooms.sort(key=lambda r: (r.free_seats == 0, r.free_seats, -r.created_at))
        return rooms

    def _entry(self, room: ServerRoom) -> RoomEntry:
        return RoomEntry(
            room.code,
            self.room_url(room.code),
            tuple(room.statuses()),
            room.options.rounds,
            room.rules,
            room.options.turn_seconds,
            room.started,
            len(room.watchers),
            room.options.pace,
        )

    def _rooms_text(self) -> str:
        """The ``rooms`` message: as many of the listed rooms as fit in one frame, made once
        per change (each room written once, until the frame is full)."""
        if self._listing is None:
            head, room_texts = '{"t":"rooms","rooms":[', []
            size = len(head) + 2
            for entry in self._listed_entries():
                text = lobby.dumps(entry)
                size += len(text.encode()) + 1
                if size > protocol.MAX_MESSAGE:
                    break
                room_texts.append(text)
            self._listing = head + ",".join(room_texts) + "]}"
        return self._listing

    def _listed_entries(self) -> list[dict[str, Any]]:
        """The public rooms as the lobby lists them: this process's, or the community's when
        it is shared."""
        if self.shared is not None:
            return [e["entry"] for e in self.shared.merged]
        return [self._entry(r).to_dict() for r in self._listed()[: lobby.MAX_ROOMS_LISTED]]

    def _own_listing(self) -> tuple[int, list[dict[str, Any]]]:
        """What this process publishes to the shared list: its count of rooms and its best
        public rooms with their order's keys, as many as one ``rooms`` frame holds (no lobby
        shows more of any owner's: the list's traffic through the store stays one frame an
        owner)."""
        entries, size = [], 0
        for room in self._listed()[: lobby.MAX_ROOMS_LISTED]:
            entry = self._entry(room).to_dict()
            size += len(lobby.dumps(entry).encode()) + 1
            if size > protocol.MAX_MESSAGE:
                break
            entries.append(
                {
                    "entry": entry,
                    "free": room.free_seats,
                    "open": room.open_seats,
                    "created": room.created_at,
                }
            )
        return len(self.rooms), entries

    async def _push_rooms(self) -> None:
        """Each lobby client gets the public rooms when they change, at most once a second."""
        last = None
        while True:
            await self._changed.wait()
            self._changed.clear()
            if not self.lobbies:
                continue  # nobody to tell: made when someone asks
            text = self._rooms_text()
            if text != last:
                for conn in list(self.lobbies):
                    conn.peer.send(text)
                last = text
            await asyncio.sleep(PUSH_SECONDS)

    # ------------------------------------------------------------------ HTTP
    async def _index(self, query: str) -> Response:
        return api.json_response({"name": self.settings.name, "lobby": self.lobby_url()})

    async def _api_rooms(self, query: str) -> Response:
        return api.json_response({"rooms": self._listed_entries()})

    async def _api_leaderboard(self, query: str) -> Response:
        limit = api.query_number(query, "limit", lobby.LEADERBOARD_LIMIT, 1, lobby.MAX_LEADERBOARD)
        if limit is None:
            return api.error_response(HTTPStatus.BAD_REQUEST, "bad_limit", "limit is 1-200")
        try:
            players = await self.store.leaderboard(limit)
        except StoreError:
            return self._unavailable()
        return api.json_response({"players": [p.to_dict() for p in players]})

    async def _api_player(self, text: str) -> Response:
        name = api.path_name(text)
        try:
            name = lobby.check_name_or_bot(name)
        except ValueError:
            return api.error_response(HTTPStatus.NOT_FOUND, "no_player", "no such player")
        try:
            standing = await self.store.standing(name)
            games = await self.store.games(name, 10) if standing is not None else []
        except StoreError:
            return self._unavailable()
        if standing is None:
            return api.error_response(HTTPStatus.NOT_FOUND, "no_player", "no such player")
        return api.json_response({**standing.to_dict(), "recent": [g.to_dict() for g in games]})

    async def _healthz(self, query: str) -> Response:
        try:
            players = await self.store.players()
        except StoreError:
            return api.json_response(
                {"ok": False, "rooms": len(self.rooms), "players": None},
                HTTPStatus.SERVICE_UNAVAILABLE,
            )
        rooms = len(self.rooms) if self.shared is None else self.shared.rooms
        return api.json_response({"ok": True, "rooms": rooms, "players": players})

    @staticmethod
    def _unavailable() -> Response:
        return api.error_response(
            HTTPStatus.SERVICE_UNAVAILABLE, lobby.UNAVAILABLE, "the server cannot answer now"
        )

    async def _replay(self, text: str, address: str) -> Response:
        """``/r/CODE-N``: hand N of room CODE as a record, once it has ended."""
        parsed = lobby.parse_replay_code(text)
        if parsed is None:
            return api.error_response(HTTPStatus.NOT_FOUND, "no_replay", "not a replay code")
        code, hand = parsed
        try:
            where = await self._record_of(code)
        except StoreError:
            return self._unavailable()
        if where is None:
            return await self._unknown_code(address)
        if isinstance(where, str):
            return api.redirect(f"{as_http(where)}/r/{text}")
        record, over = where
        kept = self._served.get((code, hand, over))
        if kept is not None:
            return api.lines_response(kept)
        try:
            async with self._reads:
                served = await asyncio.to_thread(served_hand, record, hand, over)
        except (NotEnded, FileNotFoundError):
            return api.error_response(HTTPStatus.NOT_FOUND, "not_ended", "that hand has not ended")
        except (RecordError, OSError) as exc:
            log.error("room %s: hand %d cannot be served: %s", code, hand, exc)
            return api.error_response(
                HTTPStatus.INTERNAL_SERVER_ERROR, "broken", "that hand's record cannot be read"
            )
        self._served[(code, hand, over)] = served  # an ended hand never changes
        while len(self._served) > SERVED_KEPT:
            self._served.popitem(last=False)
        return api.lines_response(served)

    async def _record_of(self, code: str) -> tuple[Path, bool] | str | None:
        """Room ``code``'s record and whether its session is over (None: no such room; the
        owner's base URL: another process of the community keeps it)."""
        room = self.rooms.get(code)
        if isinstance(room, ServerRoom) and room.record_file is not None:
            return room.record_file, room.over
        row = await self.store.room(code)
        if row is None or row.status == EXPIRED:
            return None
        if self.shared is not None and row.owner not in ("", self.owner):
            return row.owner
        live = self.rooms.get(code)
        return Path(row.record), row.status == OVER and live is None
