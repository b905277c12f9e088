"""A community server on 127.0.0.1 (in this process, or a real ``ningde server`` process) and
real clients for it: a lobby client over a real WebSocket, plain HTTP GETs (``http.client``),
and the rooms' protocol-playing ``Player`` from ``tests/net/net_helpers.py``."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from net_helpers import INSTANT, Player
from websockets.asyncio.client import ClientConnection, connect

from ningde_tui.server import lobby
from ningde_tui.server.community import CommunityServer, ServerSettings
from ningde_tui.server.rooms import ServerRoom

ROOT = Path(__file__).resolve().parents[2]
SHORT = {**INSTANT, "grace": 30.0}  # the rooms' options for a quick session


@contextlib.asynccontextmanager
async def running_server(data: Path, **settings: Any) -> AsyncIterator[CommunityServer]:
    """A community server on 127.0.0.1 (a free port), its rooms as quick as they go."""
    settings.setdefault("room_options", dict(SHORT))
    server = CommunityServer(ServerSettings(data, "127.0.0.1", 0, **settings))
    await server.start()
    try:
        yield server
    finally:
        await server.close()


class LobbyClient:
    """One lobby connection: says hello, keeps every message it gets."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ws: ClientConnection | None = None
        self.got: list[dict[str, Any]] = []
        self.welcome: lobby.Welcome | None = None

    async def connect(self, name: str | None = None, key: str | None = None) -> LobbyClient:
        self.ws = await connect(self.url, max_size=None)
        if name is not None:
            await self.send(lobby.hello(name, key))
            welcome = lobby.parse_server(json.dumps(await self.expect("welcome", "error")))
            if isinstance(welcome, lobby.Welcome):
                self.welcome = welcome
        return self

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        assert self.ws is not None
        await self.ws.send(message if isinstance(message, str | bytes) else lobby.dumps(message))

    async def receive(self, timeout: float = 10) -> dict[str, Any]:
        assert self.ws is not None
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        lobby.parse_server(text)  # everything the lobby says reads back
        message = json.loads(text)
        self.got.append(message)
        return message

    async def expect(self, *kinds: str, timeout: float = 10) -> dict[str, Any]:
        """The next message of one of ``kinds`` (others, e.g. pushed rooms, are kept)."""
        while True:
            message = await self.receive(timeout)
            if message["t"] in kinds:
                return message

    async def ask(self, message: dict[str, Any], *kinds: str) -> dict[str, Any]:
        """Send a request; its answer (or a refusal or error)."""
        await self.send(message)
        answer = {"create": "created", "quick": "created"}.get(message["t"], message["t"])
        return await self.expect(*kinds or (answer,), "refused", "error")

    async def closed(self, timeout: float = 10) -> tuple[int | None, list[dict[str, Any]]]:
        """Read until the server closes the connection: its close code and what came."""
        assert self.ws is not None
        came = []
        with contextlib.suppress(Exception):
            async with asyncio.timeout(timeout):
                async for text in self.ws:
                    came.append(json.loads(text))
        return self.ws.close_code, came

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def lobby_url(server: CommunityServer) -> str:
    return server.room_url("lobby")


def http_base(server: CommunityServer) -> tuple[str, int]:
    return server.host, server.port


def get(host: str, port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    """A real HTTP GET: the status and the body as text."""
    conn = http.client.HTTPConnection(host, port, timeout=10)
    try:
        conn.putrequest("GET", path, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            conn.putheader(name, value)
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace")
    finally:
        conn.close()


async def aget(server: CommunityServer, path: str, **headers: str) -> tuple[int, str]:
    return await asyncio.to_thread(get, server.host, server.port, path, headers)


async def aget_json(server: CommunityServer, path: str) -> tuple[int, Any]:
    status, body = await aget(server, path)
    return status, json.loads(body)


async def wait_for(check: Callable[[], bool], timeout: float = 20, step: float = 0.05) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(step)


def key_hello(name: str, key: str | None, token: str | None = None) -> dict[str, Any]:
    """A §6 hello with the lobby key beside the name (added to §6 by a server's rooms)."""
    from ningde_tui.net import protocol

    return {**protocol.hello(name, token), "key": key}


class KeyedPlayer(Player):
    """A room's ``Player`` whose hello carries its lobby key."""

    def __init__(self, url: str, name: str, key: str | None, **kwargs: Any) -> None:
        super().__init__(url, name, **kwargs)
        self.key = key

    async def connect(self, **kwargs: Any) -> KeyedPlayer:
        self.ws = await connect(self.url, max_size=None, **kwargs)
        await self.send(key_hello(self.name, self.key, self.token))
        return self


async def play_to_the_end(players: list[Player], timeout: float = 180) -> None:
    """Each player plays until the session's ``over`` (kept even when it came after the
    player's own last message failed: a ready sent as the room closed)."""

    async def one(player: Player) -> None:
        await player.run(lambda m: m["t"] == "over")
        assert player.ws is not None
        with contextlib.suppress(Exception):
            while not player.messages("over"):
                text = await player.ws.recv()
                player.log.append((0.0, json.loads(text)))

    await asyncio.wait_for(asyncio.gather(*(one(p) for p in players)), timeout)


def rooms_of(server: CommunityServer) -> list[ServerRoom]:
    return [r for r in server.rooms.values() if isinstance(r, ServerRoom)]


async def start_server_process(
    data: Path, port: int = 0, *args: str
) -> tuple[asyncio.subprocess.Process, str]:
    """A real ``ningde server`` process on 127.0.0.1; returns it with its lobby's URL once it
    has printed it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    log = open(data.parent / f"{data.name}.log", "ab")  # noqa: SIM115 - the process keeps it
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "ningde_tui", "server", "--port", str(port), "--data", str(data)),
        *args,
        stdout=subprocess.PIPE,
        stderr=log,
        env=env,
    )
    log.close()
    assert process.stdout is not None
    while True:
        line = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
        assert line, "the server ended before it printed its lobby"
        if " lobby " in line:
            return process, line.split()[-1]


REDIS_SERVER = shutil.which("redis-server")
NO_REDIS = (
    "needs redis-server (Debian's redis-server package), which is not installed on this "
    "machine: .ci/run installs it"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def free_ports(count: int) -> int:
    """A port P such that P…P+count-1 are all free now (a server and its workers)."""
    while True:
        first = free_port()
        probes = []
        try:
            for port in range(first, first + count):
                probe = socket.socket()
                probes.append(probe)
                probe.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
        finally:
            for probe in probes:
                probe.close()


class RedisProcess:
    """A real ``redis-server`` on a free loopback port, its data in a folder of its own
    (appended to a file at every write, so a restart keeps everything)."""

    def __init__(self, folder: Path) -> None:
        assert REDIS_SERVER is not None
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.started = False  # it has answered once (a restart keeps its port)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, tries: int = 3) -> None:
        """Start it (again: on the same port, with the same data); on another free port if
        its own was taken before it listened (another test's probe picked it too), unless it
        is a restart."""
        self.folder.mkdir(parents=True, exist_ok=True)
        argv = [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        argv += ["--dir", str(self.folder), "--appendonly", "yes", "--appendfsync", "always"]
        log = open(self.folder / "redis.log", "ab")  # noqa: SIM115 - the process keeps it
        self.process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 30
        while not self.answers():
            if self.process.poll() is not None and tries > 1 and not self.started:
                self.port = free_port()
                return self.start(tries - 1)
            assert self.process.poll() is None, (self.folder / "redis.log").read_text()
            assert time.monotonic() < deadline, "redis-server did not answer in 30 s"
            time.sleep(0.05)
        self.started = True

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self, kill: bool = False) -> None:
        if self.process is not None and self.process.poll() is None:
            (self.process.kill if kill else self.process.terminate)()
            self.process.wait(30)
        self.process = None


async def start_servers(
    tmp: Path, count: int, *args: str, names: tuple[str, ...] = ("a", "b", "c")
) -> list[tuple[asyncio.subprocess.Process, str]]:
    """``count`` real ``ningde server`` processes, each with its own data folder and port
    (a port another program takes between its choice and the server's start is given up for
    another)."""
    started = []
    for name in names[:count]:
        for tries_left in range(4, -1, -1):
            port = free_port()
            url = f"ws://127.0.0.1:{port}"
            try:
                started.append(
                    await start_server_process(tmp / name, port, *args, "--public-url", url)
                )
                break
            except AssertionError:
                log = (tmp / f"{name}.log").read_text(errors="replace")
                if not tries_left or "Address already in use" not in log:
                    raise
    return started


async def stop_processes(processes: list[asyncio.subprocess.Process]) -> None:
    for process in processes:
        if process.returncode is None:
            process.kill()
            await process.wait()
