"""``ningde serve``: the app in a browser via textual-serve; its page is served over HTTP. The
end-to-end tests run a real server on 127.0.0.1 and talk to it with aiohttp's websocket client,
as textual.js does: ``["stdin", keys]``, ``["resize", {"width", "height"}]``, ``["ping", x]``."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextmanager
def serving(*options: str) -> Iterator[tuple[subprocess.Popen, str]]:
    """A ``ningde serve`` on 127.0.0.1 and its base URL (it may not be answering yet)."""
    port = free_port()
    cmd = [sys.executable, "-m", "ningde_tui", "serve", "--host", "127.0.0.1"]
    proc = subprocess.Popen(
        [*cmd, "--port", str(port), *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield proc, f"http://127.0.0.1:{port}"
    finally:
        stop(proc)


async def until_up(http, base: str) -> None:
    import aiohttp

    deadline = time.monotonic() + 20
    while True:
        try:
            async with http.get(base + "/") as response:
                assert response.status == 200
                return
        except aiohttp.ClientConnectionError:
            assert time.monotonic() < deadline, "the server did not answer within 20 s"
            await asyncio.sleep(0.1)


async def eventually(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        await asyncio.sleep(0.1)


def games(server: subprocess.Popen) -> list[int]:
    """The games running under the server: its live Python processes below it, from /proc
    (zombies have ended; a shell between server and game, as textual-serve starts, is not one)."""
    python = os.path.realpath(sys.executable)

    def is_python(pid: int) -> bool:
        with suppress(OSError):
            return os.path.realpath(f"/proc/{pid}/exe") == python
        return False

    def children(pid: int) -> list[int]:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                state, ppid = stat.read_text().rsplit(")", 1)[1].split()[:2]
            except (OSError, ValueError):
                continue  # gone meanwhile
            if int(ppid) == pid and state != "Z":
                found.append(int(stat.parent.name))
        return found + [grandchild for child in found for grandchild in children(child)]

    return [pid for pid in children(server.pid) if is_python(pid)]


async def first_screen(ws) -> None:
    """Wait for the game's first output (its process is up)."""
    import aiohttp

    message = await ws.receive(timeout=30)
    assert message.type == aiohttp.WSMsgType.BINARY, message


async def close_code(ws, seconds: float = 20) -> int | None:
    """Read (and drop) the game's screen until the server closes the socket; its close code."""
    import aiohttp

    deadline = time.monotonic() + seconds
    while True:
        message = await ws.receive(timeout=max(0.1, deadline - time.monotonic()))
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            return ws.close_code
        assert time.monotonic() < deadline, f"the socket was still open after {seconds} s"


async def pong(ws, token: str = "still there?") -> None:
    """The server answers a ping (skipping screen output meanwhile)."""
    import aiohttp

    await ws.send_str(json.dumps(["ping", token]))
    while True:
        message = await ws.receive(timeout=20)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.TEXT and json.loads(message.data) == ["pong", token]:
            return


def keys(count: int) -> str:
    """One ``stdin`` message of ``count`` keys, as a paste would be."""
    return json.dumps(["stdin", "a" * count])


@pytest.mark.serial  # a server on a port of its own
def test_serve_answers_with_the_app_page(tmp_path) -> None:
    port = free_port()
    cmd = [sys.executable, "-m", "ningde_tui", "serve", "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        page = ""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    page = response.read().decode("utf-8")
                break
            except OSError:
                time.sleep(0.1)
        assert page, "the server did not answer within 20 s"
        assert "<html" in page.lower() and "textual.js" in page
        assert "宁德麻将" in page  # the page title
        assert f"127.0.0.1:{port}" in page  # the websocket the browser connects back to
        # The page points back where the browser found it, whatever --host says: its websocket
        # then comes from the origin it goes to, the only one let in.
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/", headers={"Host": f"localhost:{port}"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            page = response.read().decode("utf-8")
        assert f'data-session-websocket-url="ws://localhost:{port}/ws"' in page
        assert f"http://localhost:{port}/static/js/textual.js" in page
    finally:
        stop(proc)


# --------------------------------------------------------------------------- exposure, limits
def test_loopback_hosts() -> None:
    from ningde_tui.cli.serve import is_loopback

    assert all(map(is_loopback, ["localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"]))
    assert not any(map(is_loopback, ["0.0.0.0", "::", "", "192.168.1.5", "example.org"]))


@pytest.mark.parametrize(("host", "warned"), [("0.0.0.0", True), ("127.0.0.1", False)])
def test_a_host_beyond_loopback_is_warned_about(monkeypatch, capsys, host, warned) -> None:
    from textual_serve.server import Server

    from ningde_tui.cli.serve import main

    served = []
    monkeypatch.setattr(Server, "serve", lambda self: served.append(self))
    assert main(["--host", host, "--max-sessions", "3"]) == 0
    err = capsys.readouterr().err
    assert served and served[0].max_sessions == 3
    if warned:
        assert "warning" in err and "0.0.0.0" in err
        assert "watch every saved game" in err and "continue" in err and "3 games" in err
    else:
        assert err == ""


def test_max_sessions_must_be_positive(capsys) -> None:
    from ningde_tui.cli.serve import main

    with pytest.raises(SystemExit) as exit_info:
        main(["--max-sessions", "0"])
    assert exit_info.value.code == 2


@pytest.mark.serial  # a server on a port of its own
def test_a_full_server_says_so_plainly(tmp_path) -> None:
    """20 tabs were 20 game processes (811 MB); with --max-sessions 1 the second tab gets a
    page saying the server is full, and once the first game ends a new one can start."""

    import aiohttp

    async def scenario(base: str) -> None:
        async with aiohttp.ClientSession() as http:
            await until_up(http, base)
            async with http.ws_connect(base + "/ws?width=80&height=24") as first:
                await first_screen(first)
                async with http.get(base + "/") as response:
                    page = await response.text()
                    assert response.status == 503
                    assert "对局已满" in page and "at most 1 games" in page
                async with http.ws_connect(base + "/ws") as second:
                    message = await second.receive(timeout=10)
                    assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            deadline = time.monotonic() + 20
            while True:  # the first tab closed: its game ends and the server has room again
                async with http.get(base + "/") as response:
                    if response.status == 200:
                        break
                assert time.monotonic() < deadline
                await asyncio.sleep(0.1)

    with serving("--max-sessions", "1") as (_, base):
        asyncio.run(scenario(base))


# --------------------------------------------------------------------------- hostile clients
def test_origins_of_the_page_itself() -> None:
    from ningde_tui.cli.serve import origin_allowed

    host = "127.0.0.1:8000"
    assert origin_allowed(None, host)  # not a browser
    assert origin_allowed("http://127.0.0.1:8000", host)
    assert origin_allowed("https://127.0.0.1:8000", host)  # behind a TLS proxy
    assert origin_allowed("HTTP://LOCALHOST:8000", "localhost:8000")
    assert origin_allowed("http://example.org", "example.org:80")  # the default port
    assert origin_allowed("https://mahjong.example.org", host, "https://mahjong.example.org/")
    for foreign in [
        "http://evil.example",
        "http://127.0.0.1:8001",  # another server on this computer is another site
        "http://localhost:8000",  # another name (the page's own address is its Host)
        "https://mahjong.example.org",  # without --public-url
        "null",  # a sandboxed page or a local file
        "",
        "ws://127.0.0.1:8000",
        "http://127.0.0.1:notaport",
    ]:
        assert not origin_allowed(foreign, host), foreign


@pytest.mark.serial  # a server on a port of its own
def test_only_the_pages_own_origin_may_open_a_game() -> None:
    """Any web page could open a websocket to the game, play and read the screen (browsers let
    websockets cross origins): a foreign Origin is now refused before the upgrade."""
    import aiohttp

    public = "https://mahjong.example.org"

    async def scenario(base: str) -> None:
        async with aiohttp.ClientSession() as http:
            await until_up(http, base)
            for foreign in ["http://evil.example", "null", base.replace("127.0.0.1", "localhost")]:
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(base + "/ws", origin=foreign)
                assert refused.value.status == 403, foreign
            for own in [base, public, None]:  # the page's Host, --public-url, no browser
                async with http.ws_connect(base + "/ws", origin=own) as ws:
                    await first_screen(ws)

    with serving("--public-url", public) as (_, base):
        asyncio.run(scenario(base))


def test_hosts_a_loopback_server_answers() -> None:
    from ningde_tui.cli.serve import host_allowed

    for own in ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST"]:
        assert host_allowed(own, "localhost")
    for foreign in ["evil.example:8000", "192.168.1.5:8000", "", "::"]:
        assert not host_allowed(foreign, "127.0.0.1")
    assert host_allowed("mahjong.example.org", "0.0.0.0")  # shared on purpose: any name
    assert host_allowed("mahjong.example.org", "127.0.0.1", "https://mahjong.example.org")


@pytest.mark.serial  # a server on a port of its own
def test_a_rebound_name_gets_neither_the_page_nor_a_game() -> None:
    """DNS rebinding: a hostile page points its own name at 127.0.0.1, so its requests carry
    its name as Host and its Origin matches that Host. A loopback server answers only the
    names of this computer."""
    import aiohttp

    async def scenario(base: str) -> None:
        port = base.rsplit(":", 1)[1]
        rebound = f"evil.example:{port}"
        async with aiohttp.ClientSession() as http:
            await until_up(http, base)
            async with http.get(base + "/", headers={"Host": rebound}) as response:
                assert response.status == 421
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(
                    base + "/ws", origin=f"http://{rebound}", headers={"Host": rebound}
                )
            assert refused.value.status == 403
            async with http.ws_connect(base + "/ws", origin=base) as ws:
                await first_screen(ws)

    with serving() as (_, base):
        asyncio.run(scenario(base))


@pytest.mark.serial  # a server on a port of its own
def test_a_message_too_big_closes_its_connection_only() -> None:
    """One 4 MB message of keys kept a game at 100% CPU and 812 MB for minutes: a message over
    64 KiB now closes that socket (1009), its game ends, and the other tab plays on."""
    import aiohttp

    async def scenario(server: subprocess.Popen, base: str) -> None:
        async with aiohttp.ClientSession() as http:
            await until_up(http, base)
            async with http.ws_connect(base + "/ws", origin=base) as other:
                await first_screen(other)
                async with http.ws_connect(base + "/ws", origin=base) as big:
                    await first_screen(big)
                    assert len(games(server)) == 2
                    await big.send_str(keys(100 * 1024))
                    assert await close_code(big) == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
                await eventually(lambda: len(games(server)) == 1, 15, "its game ended")
                await pong(other)

    with serving() as (server, base):
        asyncio.run(scenario(server, base))


def test_terminal_sizes_are_clamped() -> None:
    from ningde_tui.cli.serve import MAX_HEIGHT, MAX_WIDTH, clamp_size

    assert (MAX_WIDTH, MAX_HEIGHT) == (500, 200)
    assert clamp_size(20000, 20000) == (500, 200)
    assert clamp_size("120", "40") == (120, 40)  # from the query string
    assert clamp_size(0, -5) == (1, 1)
    assert clamp_size(132.7, 43.0) == (132, 43)
    for nonsense in [None, "wide", "1e9", [80], {}, float("inf"), float("nan"), "9" * 5000]:
        assert clamp_size(nonsense, nonsense) == (80, 24), nonsense


@pytest.mark.serial  # a server on a port of its own
def test_a_huge_terminal_is_clamped_end_to_end() -> None:
    """A 20000×20000 resize took a game to 2.3 GB: both the size asked for when the socket
    opens and a later resize are now held to 500×200 (what the game is told, and what it draws:
    the rows and columns its screen updates move the cursor to), and the game stays small."""
    import aiohttp

    async def drawn(ws, rows: int) -> tuple[int, int]:
        """Read the screen until the game has drawn it down to row ``rows`` and then been quiet
        for a second (so that what comes after a resize is drawn at the new size); the
        furthest row and column its updates moved the cursor to. Sooner if that goes beyond
        200 rows or 500 columns."""
        output = b""
        extent = (0, 0)
        deadline = time.monotonic() + 30
        while extent[0] <= 200 and extent[1] <= 500:
            assert time.monotonic() < deadline, f"not drawn and quiet within 30 s: {extent}"
            try:
                message = await ws.receive(timeout=1)
            except TimeoutError:
                if extent[0] >= rows:
                    break
                continue
            assert message.type == aiohttp.WSMsgType.BINARY, message
            output += message.data
            cells = [tuple(map(int, m)) for m in re.findall(rb"\x1b\[(\d+);(\d+)H", output)]
            extent = max((r for r, _ in cells), default=0), max((c for _, c in cells), default=0)
        return extent

    async def resize(ws, width: int, height: int) -> None:
        await ws.send_str(json.dumps(["resize", {"width": width, "height": height}]))

    async def scenario(server: subprocess.Popen, base: str) -> None:
        async with aiohttp.ClientSession() as http:
            await until_up(http, base)
            async with http.ws_connect(base + "/ws?width=20000&height=20000", origin=base) as ws:
                rows, columns = await drawn(ws, 200)
                assert rows == 200 and columns <= 500
                [game] = games(server)
                environ = Path(f"/proc/{game}/environ").read_bytes().split(b"\0")
                assert b"COLUMNS=500" in environ and b"ROWS=200" in environ
                await resize(ws, 120, 40)
                rows, columns = await drawn(ws, 40)
                assert rows == 40 and columns <= 120
                await resize(ws, 20000, 20000)
                rows, columns = await drawn(ws, 200)
                assert rows == 200 and columns <= 500
                status = Path(f"/proc/{game}/status").read_text()
                rss_kib = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
                assert rss_kib < 400 * 1024, f"{rss_kib} KiB"
                await pong(ws)

    with serving() as (server, base):
        asyncio.run(scenario(server, base))


@pytest.mark.serial  # a server on a port of its own
def test_a_game_ends_when_its_tab_closes() -> None:
    """A game with keys still to work through (here 480 KiB, each message within the limit)
    went on for minutes after its tab had closed, and the server, blocked feeding it, did not
    even see the tab go: the tab's going is now seen at once and the game asked to quit, then
    killed after 3 s."""
    import aiohttp

    async def scenario(server: subprocess.Popen, base: str) -> None:
        async with aiohttp.ClientSession() as http:
            await until_up(http, base)
            async with http.ws_connect(base + "/ws", origin=base) as ws:
                await first_screen(ws)
                assert len(games(server)) == 1
                for _ in range(8):
                    await ws.send_str(keys(60 * 1024))
            await eventually(lambda: not games(server), 12, "the game ended")  # 3 s, loaded: 12
            assert server.poll() is None
            async with http.ws_connect(base + "/ws", origin=base) as ws:  # and it serves on
                await first_screen(ws)

    with serving() as (server, base):
        asyncio.run(scenario(server, base))


@pytest.mark.serial  # a server on a port of its own
def test_input_the_game_cannot_keep_up_with_closes_the_connection() -> None:
    """Messages of keys faster than the game reads them (over 1 MiB waiting) are a flood: the
    server closes that socket (1008) rather than buffer without end, and the game ends."""
    import aiohttp

    async def scenario(server: subprocess.Popen, base: str) -> None:
        async with aiohttp.ClientSession() as http:
            await until_up(http, base)
            async with http.ws_connect(base + "/ws", origin=base) as ws:
                await first_screen(ws)
                for _ in range(24):
                    await ws.send_str(keys(60 * 1024))
                assert await close_code(ws) == aiohttp.WSCloseCode.POLICY_VIOLATION
            await eventually(lambda: not games(server), 15, "the game ended")

    with serving() as (server, base):
        asyncio.run(scenario(server, base))


@pytest.mark.serial  # a server on a port of its own
def test_stopping_the_server_ends_its_games() -> None:
    """SIGTERM (or Ctrl+C) took the server 23 s with a tab open, and a busy game outlived it:
    the server now ends its games and exits within a few seconds."""
    import aiohttp

    async def scenario(server: subprocess.Popen, base: str) -> None:
        async with aiohttp.ClientSession() as http:
            await until_up(http, base)
            async with http.ws_connect(base + "/ws", origin=base) as ws:
                await first_screen(ws)
                [game] = games(server)
                await ws.send_str(keys(60 * 1024))  # busy: quitting alone will not end it
                server.terminate()
                await eventually(lambda: server.poll() is not None, 12, "the server exited")
                await eventually(lambda: not Path(f"/proc/{game}").exists(), 5, "the game ended")

    with serving() as (server, base):
        asyncio.run(scenario(server, base))
