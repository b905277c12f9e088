"""``ningde serve``: the app in a browser via textual-serve; its page is served over HTTP."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

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


def test_a_full_server_says_so_plainly(tmp_path) -> None:
    """20 tabs were 20 game processes (811 MB); with --max-sessions 1 the second tab gets a
    page saying the server is full, and once the first game ends a new one can start."""
    import asyncio

    import aiohttp

    port = free_port()
    cmd = [sys.executable, "-m", "ningde_tui", "serve", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--max-sessions", "1"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            deadline = time.monotonic() + 20
            while True:
                try:
                    async with http.get(base + "/") as response:
                        assert response.status == 200
                        break
                except aiohttp.ClientConnectionError:
                    assert time.monotonic() < deadline, "the server did not answer within 20 s"
                    await asyncio.sleep(0.1)
            async with http.ws_connect(base + "/ws?width=80&height=24") as first:
                await first.receive(timeout=20)  # the game process is up and drawing
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

    try:
        asyncio.run(scenario())
    finally:
        stop(proc)
