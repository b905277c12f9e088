"""``ui/textual_compat.py``: Textual's and textual-serve's private parts are used with the pinned
versions only; with any other (here: ``NINGDE_TEXTUAL_PUBLIC=1``, as the check of the versions
reads it) the game takes the public path and plays the same: the same screens move after move,
the same selects on the start and settings screens, and ``ningde serve`` still runs its games
and ends them."""

from __future__ import annotations

import asyncio
import importlib.metadata
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from compat_helpers import everything
from textual.app import App, ComposeResult
from textual.widgets import Static

from ningde_tui.ui import textual_compat
from ningde_tui.ui.textual_compat import (
    PINS,
    PUBLIC_ENV,
    being_removed,
    installed_version,
    pinned,
    watcher_count,
)
from ningde_tui.ui.widgets.keybar import KeyBar

ROOT = Path(__file__).resolve().parents[2]
HELPERS = Path(__file__).with_name("compat_helpers.py")


def test_the_pins_are_pyprojects() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for name, version in PINS.items():
        assert re.search(rf'"{re.escape(name)}=={re.escape(version)}"', pyproject), name


@pytest.mark.parametrize(
    ("name", "package"), [("textual", "textual"), ("textual-serve", "textual_serve")]
)
def test_the_installed_versions_are_read_as_importlib_metadata_reads_them(name, package) -> None:
    assert installed_version(name, package) == importlib.metadata.version(name)


def test_this_environment_has_the_pinned_versions() -> None:
    """(The tests run on the pinned path: the other is tried in a process of its own.)"""
    assert textual_compat.TEXTUAL_PINNED and textual_compat.SERVE_PINNED


def test_another_version_or_the_environment_takes_the_public_path(monkeypatch) -> None:
    assert pinned("textual", "textual")
    monkeypatch.setattr(textual_compat, "installed_version", lambda *_: "8.2.9")
    assert not pinned("textual", "textual")
    monkeypatch.setattr(textual_compat, "installed_version", lambda *_: None)  # not told
    assert not pinned("textual-serve", "textual_serve")
    monkeypatch.undo()
    monkeypatch.setenv(PUBLIC_ENV, "1")
    assert not pinned("textual", "textual")


def test_a_version_is_not_guessed(tmp_path: Path) -> None:
    """Two wheels' folders beside the package, or none: not told (so not pinned)."""
    assert installed_version("textual", "no_such_package_here") is None
    package = tmp_path / "site" / "fake"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    sys.path.insert(0, str(tmp_path / "site"))
    try:
        assert installed_version("fake", "fake") is None
        for version in ("1.0", "2.0"):
            info = tmp_path / "site" / f"fake-{version}.dist-info"
            info.mkdir()
            (info / "METADATA").write_text(f"Name: fake\nVersion: {version}\n\nAbout.", "utf-8")
            if version == "1.0":
                assert installed_version("fake", "fake") == "1.0"
        assert installed_version("fake", "fake") is None
    finally:
        sys.path.remove(str(tmp_path / "site"))


async def test_the_public_path_plays_and_draws_as_the_private_one(data_dir, config_dir) -> None:
    """The same table after every few moves (bots stepped, the mouse over the hand; your own
    discards against bots), the same start and settings screens as their selects are chosen
    by keys, the same settings saved and the same game started: on the pinned path here, on
    the public one in a process with ``NINGDE_TEXTUAL_PUBLIC=1``."""
    private = await everything()
    env = {**os.environ, PUBLIC_ENV: "1", "PYTHONPATH": os.pathsep.join(sys.path)}
    for folder in (data_dir, config_dir):  # (the same start: no settings, no records)
        for path in sorted(folder.rglob("*"), reverse=True):
            path.unlink() if path.is_file() else path.rmdir()
    out = subprocess.run(
        [sys.executable, str(HELPERS)], capture_output=True, text=True, env=env, timeout=300
    )
    assert out.returncode == 0, out.stderr[-3000:]
    public = json.loads(out.stdout)
    assert private["pinned"] and private["lazy"] and private["you"]["held"]
    assert not public["pinned"] and not public["lazy"]  # Textual's Select itself
    assert not public["you"]["held"]  # no frame hook: no collection held
    assert public["forms"] == private["forms"]
    assert public["you"]["shots"] == private["you"]["shots"]
    assert public["bots"] == private["bots"]
    assert len(set(private["bots"])) == len(private["bots"])  # (the table did move)


class One(Static, can_focus=True):
    BINDINGS = [("f2", "bell", "one")]


class Two(Static, can_focus=True):
    BINDINGS = [("f3", "bell", "two")]


class Keys(App[None]):
    """Two fields, each with a key of its own: the key bar shows one or the other."""

    def compose(self) -> ComposeResult:
        yield One("one", id="one")
        yield Two("two", id="two")
        yield KeyBar()


@pytest.mark.parametrize("pinned", [True, False])
async def test_the_key_bar_keeps_no_watcher_of_a_key_it_no_longer_shows(monkeypatch, pinned):
    """Textual's Footer binds every key it draws to its ``compact`` flag and never lets go of
    the key; the key bar drops those of the keys gone (on the public path they stay)."""
    monkeypatch.setattr(textual_compat, "TEXTUAL_PINNED", pinned)
    app = Keys()
    async with app.run_test(size=(60, 8)) as pilot:
        for _ in range(6):
            for field in ("#one", "#two"):
                app.query_one(field).focus()
                await pilot.pause()
        count = watcher_count(app.query_one(KeyBar), "compact")
    assert count <= 2 if pinned else count >= 12, count


@pytest.mark.parametrize("pinned", [True, False])
async def test_a_widget_being_removed_is_told(monkeypatch, pinned) -> None:
    monkeypatch.setattr(textual_compat, "TEXTUAL_PINNED", pinned)
    app = Keys()
    async with app.run_test(size=(60, 8)) as pilot:
        field = app.query_one("#one", One)
        assert not being_removed(field)
        field.display = False  # (hidden is not going)
        assert not being_removed(field)
        field.display = True
        removed = field.remove()
        assert being_removed(field)
        await removed
        await pilot.pause()


# --------------------------------------------------------------------------- ningde serve


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> list[int]:
    """The live processes below ``pid`` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            state, ppid = stat.read_text().rsplit(")", 1)[1].split()[:2]
        except (OSError, ValueError):
            continue
        if int(ppid) == pid and state != "Z":
            found.append(int(stat.parent.name))
    return found + [grandchild for child in found for grandchild in children(child)]


async def a_game_in_a_tab(base: str, server: subprocess.Popen[bytes]) -> list[int]:
    """A tab's game: up (its first screen), answering a ping; the processes under the server
    while it ran."""
    import aiohttp

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
        async with http.ws_connect(base + "/ws?width=100&height=30") as ws:
            message = await ws.receive(timeout=30)
            assert message.type == aiohttp.WSMsgType.BINARY, message  # the game's screen
            await ws.send_str(json.dumps(["resize", {"width": 90, "height": 30}]))
            await ws.send_str(json.dumps(["ping", "there?"]))
            while True:
                message = await ws.receive(timeout=20)
                if message.type == aiohttp.WSMsgType.TEXT:
                    assert json.loads(message.data) == ["pong", "there?"]
                    break
            return children(server.pid)


@pytest.mark.serial  # a server on a port of its own, processes counted in /proc
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="counts processes in /proc")
def test_ningde_serve_runs_and_ends_its_games_on_the_public_path() -> None:
    pytest.importorskip("textual_serve")
    port = free_port()
    cmd = [sys.executable, "-m", "ningde_tui", "serve", "--host", "127.0.0.1", "--port", str(port)]
    env = {**os.environ, PUBLIC_ENV: "1"}
    server = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        running = asyncio.run(a_game_in_a_tab(f"http://127.0.0.1:{port}", server))
        # the shell textual-serve runs became the game (exec): one process, a Python
        assert len(running) == 1
        assert os.path.realpath(f"/proc/{running[0]}/exe") == os.path.realpath(sys.executable)
        deadline = time.monotonic() + 20
        while children(server.pid):  # the tab closed: its game ends
            assert time.monotonic() < deadline, "the game still ran 20 s after its tab closed"
            time.sleep(0.1)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_the_public_command_line_becomes_the_game_with_its_environment(monkeypatch) -> None:
    """textual-serve runs its command in a shell: the shell is replaced by the game (the process
    it holds is the game's), whose environment has the launch's settings."""
    monkeypatch.setattr(textual_compat, "SERVE_PINNED", False)
    script = "import os, sys; print(os.getpid(), os.environ['SEAT_FOLDER'], sys.argv[1])"
    argv = (sys.executable, "-c", script, "one arg")
    line = textual_compat.game_command(argv, {"SEAT_FOLDER": "a folder; with $hell"})
    process = subprocess.Popen(line, shell=True, stdout=subprocess.PIPE, text=True)
    out, _ = process.communicate(timeout=30)
    assert out.split(maxsplit=1) == [str(process.pid), "a folder; with $hell one arg\n"]
    monkeypatch.setattr(textual_compat, "SERVE_PINNED", True)
    assert textual_compat.game_command(argv, {"SEAT_FOLDER": "x"}).startswith(sys.executable)
