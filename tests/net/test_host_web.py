"""``ningde host --web``: the room's tables in a browser, a page per seat. The end-to-end tests
run a real ``ningde host --web`` on 127.0.0.1 (free ports) and talk to it as a browser does,
with aiohttp: the pages over HTTP (cookies kept, as a browser keeps them) and textual-serve's
websocket (``/ws/seat/N?width=…&height=…``, screen bytes back), while reading the host's own
lines to see the room take the seat."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from net_helpers import Player, running_room

pytest.importorskip("textual_serve")
import aiohttp  # noqa: E402  (textual-serve's own dependency)

ROOT = Path(__file__).resolve().parents[2]
TWO_PLAYERS = ("--seats", "human,human,easy,easy")
SLOW = 90  # seconds: a table's process starts Textual, on a loaded two-core machine too


@dataclass
class Host:
    """A running ``ningde host --web``: its process, its web address and every line it said."""

    process: asyncio.subprocess.Process
    web: str = ""
    lines: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    async def read(self) -> None:
        assert self.process.stdout is not None
        while line := await self.process.stdout.readline():
            self.lines.append(line.decode().rstrip("\n"))

    async def said(self, pattern: str, seconds: float = SLOW) -> str:
        """The first line matching ``pattern`` (a regular expression), waiting for it."""
        deadline = time.monotonic() + seconds
        while True:
            for line in self.lines:
                if re.search(pattern, line):
                    return line
            assert self.process.returncode is None, f"the host ended: {self.lines}"
            assert time.monotonic() < deadline, f"no {pattern!r} in {self.lines}"
            await asyncio.sleep(0.1)

    @property
    def socket_base(self) -> str:
        return "ws" + self.web.removeprefix("http").rstrip("/")


@contextlib.asynccontextmanager
async def hosting(data_dir: Path, *options: str) -> AsyncIterator[Host]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NINGDE_DATA_DIR": str(data_dir)}
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "ningde_tui", "host", "--web", "--port", "0", "--web-port", "0"),
        *("--pace", "instant", *options),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    host = Host(process)
    host.reader = asyncio.ensure_future(host.read())
    try:
        host.web = (await host.said(r"^web: http://", 60)).split()[1]
        yield host
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 30)
            except TimeoutError:
                process.kill()
                await process.wait()
        await host.reader


def browser() -> aiohttp.ClientSession:
    """One browser: it keeps the cookies the pages set (those of 127.0.0.1 too)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def first_screen(ws: aiohttp.ClientWebSocketResponse) -> None:
    """The table's process is up: its first screen bytes came."""
    message = await ws.receive(timeout=SLOW)
    assert message.type == aiohttp.WSMsgType.BINARY, message


async def refused_with(http: aiohttp.ClientSession, url: str, **options: object) -> int:
    """The HTTP status a websocket was refused with before the upgrade."""
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        async with http.ws_connect(url, **options):  # type: ignore[arg-type]
            pass
    return refused.value.status


def tables_of(pid: int) -> list[int]:
    """The ``ningde join`` processes a host runs (its children, alive), from /proc."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            state, ppid = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:2]
            command = (entry / "cmdline").read_bytes().split(b"\0")
            if int(ppid) == pid and state != "Z" and b"join" in command:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def environment(pid: int) -> dict[str, str]:
    pairs = Path(f"/proc/{pid}/environ").read_bytes().decode().split("\0")
    return dict(p.split("=", 1) for p in pairs if "=" in p)


def every_command_line() -> bytes:
    out = b""
    for entry in Path("/proc").glob("[0-9]*/cmdline"):
        with contextlib.suppress(OSError):
            out += entry.read_bytes() + b"\n"
    return out


async def until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        await asyncio.sleep(0.1)


# --------------------------------------------------------------------------- end to end
@pytest.mark.serial  # a host, its web server and table processes
async def test_a_browser_takes_a_seat_gets_it_back_and_nobody_else_does(data_dir: Path) -> None:
    async with hosting(data_dir, *TWO_PLAYERS) as host:
        assert await host.said(r"^seat 1: free, for a player \(in a browser: http://.*/seat/1\)")
        async with browser() as friend, browser() as stranger:
            async with friend.get(host.web) as response:
                index = await response.text()
                assert response.status == 200
            assert 'action="/seat/1"' in index and 'action="/seat/2"' in index
            assert index.count("bot · easy") == 2 and 'href="/watch"' in index
            assert "ningde_browser" in {c.key for c in friend.cookie_jar}

            async with friend.get(host.web + "seat/1", params={"name": "甲"}) as response:
                page = await response.text()
                assert response.status == 200
            assert f'data-session-websocket-url="{host.socket_base}/ws/seat/1"' in page
            seat = host.socket_base + "/ws/seat/1?width=100&height=30"
            async with friend.ws_connect(seat) as table:
                await first_screen(table)
                await host.said(r"^seat 1: 甲 joined$")
                # the same seat again: a second tab of the same browser, another browser
                async with friend.get(host.web + "seat/1") as response:
                    assert response.status == 409
                    assert "open in another tab" in await response.text()
                assert await refused_with(friend, seat) == 409
                async with stranger.get(host.web + "seat/1") as response:
                    assert response.status == 409
                    assert "this seat is taken" in await response.text()
                async with stranger.get(host.web) as response:
                    assert "甲 · 在座 · seated" in await response.text()
                assert await refused_with(stranger, seat) == 409
                (table_pid,) = tables_of(host.process.pid)
                async with stranger.ws_connect(host.socket_base + "/ws/watch") as watching:
                    await first_screen(watching)  # the stranger may watch
                folder = await _tokens_stay_private(table_pid, data_dir, page)
            await host.said(r"^seat 1: 甲 left$")
            # The tab closed and opened again, in the same browser: the seat comes back
            async with friend.get(host.web) as response:
                assert 'href="/seat/1"' in await response.text()  # back to your seat
            async with friend.ws_connect(seat) as table:
                await first_screen(table)
                await host.said(r"^seat 1: 甲 is back$")
                assert await refused_with(stranger, seat) == 409  # still not the stranger's
                # The host stops while the table plays: the table ends with it
                (table_pid,) = tables_of(host.process.pid)
                host.process.send_signal(signal.SIGTERM)
                assert await asyncio.wait_for(host.process.wait(), 60) == 0
    await until(lambda: not alive(table_pid), 20, "the table ends with the host")
    assert not folder.exists()  # the seats' folders, tokens and all, went with it


@pytest.mark.serial  # a host killed and started again, its web server and table processes
async def test_after_a_killed_host_continues_the_same_browser_gets_its_seat_back(
    data_dir: Path,
) -> None:
    """The binding of a seat to the browser that took it outlives the host: it is kept (as a
    digest of the browser's key, never the key) in the room file, so after a kill -9 and
    ``ningde host --continue`` that browser's page opens the seat and a stranger's does not."""
    page_params = {"name": "甲"}
    async with browser() as friend, browser() as stranger:
        async with hosting(data_dir, "--seats", "human,easy,easy,easy") as host:
            await friend.get(host.web)  # the browser's cookie
            async with friend.get(host.web + "seat/1", params=page_params) as response:
                assert response.status == 200
            seat = host.socket_base + "/ws/seat/1?width=100&height=30"
            async with friend.ws_connect(seat) as table:
                await first_screen(table)
                await host.said(r"^seat 1: 甲 joined$")
                dealt = lambda: any(data_dir.rglob("*.room.json"))  # noqa: E731
                await until(dealt, 30, "the room deals and writes its file")
                tables = tables_of(host.process.pid)
                host.process.kill()
                await host.process.wait()
                gone = lambda: not any(alive(pid) for pid in tables)  # noqa: E731
                await until(gone, 10, "a killed host's tables end with it")
        (room_file,) = data_dir.rglob("*.room.json")
        key = next(c.value for c in friend.cookie_jar if c.key == "ningde_browser")
        assert key not in room_file.read_text()  # only its digest
        async with hosting(data_dir, "--continue") as host:
            async with stranger.get(host.web + "seat/1") as response:
                assert response.status == 409
            async with friend.get(host.web + "seat/1", params=page_params) as response:
                assert response.status == 200
            seat = host.socket_base + "/ws/seat/1?width=100&height=30"
            assert await refused_with(stranger, seat) in (403, 409)
            async with friend.ws_connect(seat) as table:
                await first_screen(table)
                await host.said(r"^seat 1: 甲 is back$")


@pytest.mark.serial  # a host killed with its table process, and continued
async def test_a_killed_host_takes_its_tables_and_their_folders_with_it(data_dir: Path) -> None:
    """A table process left behind by a killed host came back after ``--continue`` holding
    its seat as connected, so no bot stepped in and the room waited forever. Each table is
    tethered to its host now: it ends within moments of a kill -9 and removes the seats'
    folders (tokens and all) that the killed host could not."""
    async with browser() as friend:
        async with hosting(data_dir, "--seats", "human,easy,easy,easy", "--grace", "1") as host:
            await friend.get(host.web)
            async with friend.get(host.web + "seat/1", params={"name": "甲"}) as response:
                assert response.status == 200
            async with friend.ws_connect(host.socket_base + "/ws/seat/1") as table:
                await first_screen(table)
                await host.said(r"^seat 1: 甲 joined$")
                dealt = lambda: any(data_dir.rglob("*.room.json"))  # noqa: E731
                await until(dealt, 30, "the room deals and writes its file")
                (table_pid,) = tables_of(host.process.pid)
                folder = Path(environment(table_pid)["NINGDE_DATA_DIR"]).parent
                assert folder.name.startswith("ningde-web-") and folder.is_dir()
                host.process.kill()
                await host.process.wait()
                # (within moments; a full parallel run on a busy machine may take seconds)
                await until(lambda: not alive(table_pid), 15, "the table ends with its host")
                await until(lambda: not folder.exists(), 15, "the seats' folders go with it")
        async with hosting(data_dir, "--continue") as host:
            # nobody holds the seat now: after the grace the room had (1 s), a bot plays it
            await host.said(r"^seat 1: a bot plays for 甲", 30)
            assert tables_of(host.process.pid) == []


async def _tokens_stay_private(table: int, data_dir: Path, page: str) -> Path:
    """The seat's token is in the table's own folder (0700, the file 0600), not on a command
    line, not in the page, and not in the host user's data folder."""
    folder = Path(environment(table)["NINGDE_DATA_DIR"])
    assert folder.resolve() != data_dir.resolve()
    assert stat.S_IMODE(folder.parent.stat().st_mode) == 0o700
    (token_file,) = (folder / "rooms").glob("*.token")
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    token = token_file.read_text().strip()
    assert len(token) >= 22
    assert token.encode() not in every_command_line()
    assert token not in page
    assert not (data_dir / "rooms").exists()
    return folder


@pytest.mark.serial  # a host, its web server and table processes
async def test_the_session_cap_holds_and_foreign_pages_are_refused(data_dir: Path) -> None:
    async with hosting(data_dir, *TWO_PLAYERS, "--max-sessions", "1") as host:
        async with browser() as friend, browser() as other:
            seat_two = host.socket_base + "/ws/seat/2?width=80&height=24"
            async with other.get(host.web + "seat/2") as response:
                assert response.status == 200
            foreign = {"Origin": "http://evil.example"}
            assert await refused_with(other, seat_two, headers=foreign) == 403
            await friend.get(host.web + "seat/1", params={"name": "-_-"})  # not an option
            async with friend.ws_connect(host.socket_base + "/ws/seat/1") as table:
                await first_screen(table)
                await host.said(r"^seat 1: -_- joined$")
                for page in ("seat/2", "watch"):
                    async with other.get(host.web + page) as response:
                        assert response.status == 503
                        assert "对局已满" in await response.text()
                async with other.ws_connect(seat_two) as refused:
                    message = await refused.receive(timeout=SLOW)
                    assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                    assert refused.close_code == aiohttp.WSCloseCode.TRY_AGAIN_LATER
                assert len(tables_of(host.process.pid)) == 1
            assert not any(line.startswith("seat 2: P2") for line in host.lines)  # never taken


@pytest.mark.serial  # a port held
def test_a_web_port_in_use_exits_2(data_dir: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NINGDE_DATA_DIR": str(data_dir)}
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = subprocess.run(
            [sys.executable, "-m", "ningde_tui", "host", "--web", "--port", "0"]
            + ["--web-port", port, "--seats", "human,easy,easy,easy"],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
    assert done.returncode == 2
    assert "ningde host: cannot listen on 127.0.0.1" in done.stderr and port in done.stderr


# --------------------------------------------------------------------------- the parts
@pytest.mark.parametrize(
    "argv",
    [
        ["--web-port", "8000"],  # without --web
        ["--max-sessions", "3"],
        ["--web", "--web-port", "70000"],
        ["--web", "--max-sessions", "0"],
        ["--web", "--tls-cert", "c.pem", "--tls-key", "k.pem"],
    ],
)
def test_bad_web_options_exit_2(argv: list[str], capsys) -> None:
    from ningde_tui.cli import host

    with pytest.raises(SystemExit) as exit_info:
        host.main(argv)
    assert exit_info.value.code == 2
    assert "--" in capsys.readouterr().err


def test_the_tables_reach_a_wildcard_room_over_loopback() -> None:
    from ningde_tui.net.hosting import local_url

    assert local_url("ws://0.0.0.0:7340/ROOM") == "ws://127.0.0.1:7340/ROOM"
    assert local_url("ws://[::]:7340/ROOM") == "ws://[::1]:7340/ROOM"
    assert local_url("ws://127.0.0.1:7340/ROOM") == "ws://127.0.0.1:7340/ROOM"
    assert local_url("ws://mahjong.lan:7340/ROOM") == "ws://mahjong.lan:7340/ROOM"


def test_the_default_cap_is_the_free_seats_and_two_watchers() -> None:
    from ningde_tui.cli.web import default_sessions
    from ningde_tui.net.room import Room

    room = Room.new("ROOM", ["human", "human", "human", "easy"])
    assert default_sessions(room) == 5
    room.reserve(0, "you")  # the host's own table
    assert default_sessions(room) == 4


async def test_off_loopback_the_web_pages_warn(monkeypatch, capsys) -> None:
    from ningde_tui.cli import host
    from ningde_tui.cli.web import RoomWebServer
    from ningde_tui.net.room import Room
    from ningde_tui.net.server import RoomServer

    async def listen(self: RoomWebServer) -> None:  # nothing is bound beyond loopback here
        self.port = 7341

    monkeypatch.setattr(RoomWebServer, "start", listen)
    server = RoomServer("0.0.0.0", 7340)
    room = server.add(Room.new("ROOM", ["human", "human", "easy", "easy"]))
    pages = await host._start_web(server, room, host.WebOptions(0, None))
    err = capsys.readouterr().err
    assert "ningde host: warning: listening on 0.0.0.0:7341" in err
    assert "take a free seat in a browser" in err and "4 games" in err
    assert pages.room_url == "ws://127.0.0.1:7340/ROOM"


async def test_a_seat_reserved_for_someone_else_is_not_the_hosts() -> None:
    lines: list[str] = []
    async with running_room(["human", "human", "easy", "easy"], on_line=lines.append) as (
        server,
        room,
    ):
        token = room.reserve(1, "甲", own=False)
        assert room.tokens.host_seat is None
        friend = await Player(server.url(room), "甲", token=token).connect()
        await asyncio.wait_for(friend.run(lambda m: m["t"] == "welcome"), 10)
        await friend.close()
        assert friend.seat == 1
        assert "seat 2: 甲 joined" in lines


@contextlib.contextmanager
def host_in_a_terminal(
    data_dir: Path, *args: str
) -> Iterator[tuple[subprocess.Popen[bytes], bytearray]]:
    """``ningde host ARGS`` in a pseudo-terminal (its own table needs one), and what it draws
    there, read as it comes (a full pty would stop the host); killed at the end if it runs."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NINGDE_DATA_DIR": str(data_dir)}
    env["TERM"] = "xterm-256color"
    process = subprocess.Popen(
        [sys.executable, "-m", "ningde_tui", "host", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    drawn = bytearray()
    reader = threading.Thread(target=_drain, args=(master, drawn), daemon=True)
    reader.start()
    try:
        yield process, drawn
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
        reader.join(5)


@pytest.mark.serial  # a host in a pseudo-terminal, its web server and a table process
async def test_a_host_with_its_own_table_stopped_by_sigterm_removes_the_seats_folders(
    data_dir: Path,
) -> None:
    """With the host's own table open in its terminal the room's loop runs in a thread, which
    cannot take signals: SIGTERM killed the host at once and left the seats' folders (tokens
    and all) behind. Now the room ends first, as a headless host's does, then the signal ends
    the process. A browser took seat 2 and closed its tab: no table process is left to clean
    up after the host, only the host itself."""
    args = ("--web", "--port", "0", "--web-port", "0", "--seats", "you,human,easy,easy")
    with host_in_a_terminal(data_dir, "--pace", "instant", *args) as (process, drawn):
        await until(lambda: re.search(rb"web: (http://\S+)", drawn) is not None, SLOW, "web")
        found = re.search(rb"web: (http://\S+)", drawn)
        assert found is not None
        web = found.group(1).decode()
        socket_base = "ws" + web.removeprefix("http").rstrip("/")
        async with browser() as friend:
            await friend.get(web)
            async with friend.get(web + "seat/2", params={"name": "乙"}) as response:
                assert response.status == 200
            async with friend.ws_connect(socket_base + "/ws/seat/2") as table:
                await first_screen(table)
                (table_pid,) = tables_of(process.pid)
                folder = Path(environment(table_pid)["NINGDE_DATA_DIR"]).parent
            await until(lambda: not alive(table_pid), 20, "the closed tab's table ends")
        assert any(folder.rglob("*.token"))  # the seat's token stays while the host runs
        process.send_signal(signal.SIGTERM)
        status = await asyncio.to_thread(process.wait, 30)
        assert status == -signal.SIGTERM  # ended by the signal, as before
        assert not folder.exists()


@pytest.mark.serial  # a host with its own table in a pseudo-terminal
@pytest.mark.parametrize(("given", "shown"), [(("--name", "老王"), "老王"), ((), "P1")])
async def test_the_hosts_own_table_sits_under_a_name(
    data_dir: Path, given: tuple[str, ...], shown: str
) -> None:
    """The host's own table takes its seat under ``--name`` (else P1, as every seat without a
    name, which the tables show as 玩家1): the others see the host there, not a free seat."""
    args = ("--port", "0", "--seats", "you,human,easy,easy", "--pace", "instant", *given)
    with host_in_a_terminal(data_dir, *args) as (_, drawn):
        address = re.compile(rb"join: ningde join (ws://\S+)")
        await until(lambda: address.search(drawn) is not None, SLOW, "the room's address")
        found = address.search(drawn)
        assert found is not None
        watcher = await Player(found.group(1).decode(), watch=True, plays=False).connect()
        running = asyncio.create_task(watcher.run())

        def host_seated() -> bool:
            seats = [m["seats"][0] for m in watcher.messages() if m["t"] in ("welcome", "seats")]
            return bool(seats) and seats[-1]["connected"] and seats[-1]["name"] == shown

        await until(host_seated, SLOW, "the host's table in its seat")
        await watcher.close()
        await running


def _drain(master: int, into: bytearray) -> None:
    """Read the terminal's screen until it closes (a full pty would stop the host)."""
    while True:
        try:
            data = os.read(master, 1 << 16)
        except OSError:
            return
        if not data:
            return
        into.extend(data)
