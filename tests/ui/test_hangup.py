"""Closing the terminal window ends the game's process: nothing keeps spinning on a CPU core.

The game runs in a real pseudo-terminal (not Textual's headless test driver), draws its table,
and then the terminal is hung up by closing the pty's other end, as a closed window or a
dropped ssh link does.
"""

from __future__ import annotations

import os
import select
import struct
import subprocess
import sys
import time

import pytest

pty = pytest.importorskip("pty")
termios = pytest.importorskip("termios")
fcntl = pytest.importorskip("fcntl")

pytestmark = pytest.mark.serial  # the game in a pseudo-terminal, against deadlines


def test_the_game_quits_when_its_terminal_is_hung_up(tmp_path):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 140, 0, 0))
    env = dict(os.environ, NINGDE_DATA_DIR=str(tmp_path), TERM="xterm-256color")
    args = [sys.executable, "-m", "ningde_tui", "play", "--no-start", "--seed", "3"]
    # a new session with no controlling terminal: the hang-up sends no SIGHUP, the game has to
    # notice it by itself
    proc = subprocess.Popen(
        args, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    hung_up = False
    try:
        # seed 3: the table is up and asks the player about the next seat's discard
        drawn = read_until(master, proc, "打出".encode(), 30)
        assert "打出".encode() in drawn, drawn[-2000:]
        os.close(master)
        hung_up = True
        status = proc.wait(timeout=20)  # it ends by itself, or this raises
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if not hung_up:
            os.close(master)
    assert status == 0
    assert b"Traceback" not in drawn, drawn[-2000:]


def read_until(master: int, proc: subprocess.Popen, want: bytes, seconds: float) -> bytes:
    """What the game drew, read until ``want`` shows, the game ends or time is up."""
    drawn = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and want not in drawn:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                drawn += os.read(master, 1 << 16)
            except OSError:
                break
        elif proc.poll() is not None:
            break
    return drawn


@pytest.mark.parametrize("delay", [0.0, 0.15, 0.4, 0.8, 1.3, 2.0])
def test_ctrl_q_in_the_middle_of_a_demo_quits_cleanly(tmp_path, delay):
    """Ctrl+Q while the bots play at full speed: the app exits at once with status 0 and no
    traceback (a bot's move arriving as the app closed once printed one)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 140, 0, 0))
    env = dict(os.environ, NINGDE_DATA_DIR=str(tmp_path), TERM="xterm-256color")
    args = [sys.executable, "-m", "ningde_tui", "demo", "--speed", "instant", "--seed", "4"]
    proc = subprocess.Popen(
        args, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    try:
        drawn = read_until(master, proc, "金".encode(), 30)  # the table is up, the bots play
        time.sleep(delay)
        os.write(master, b"\x11")  # Ctrl+Q
        drawn += read_until(master, proc, b"\0never", 15)
        proc.wait(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    assert proc.returncode == 0, drawn[-2000:]
    assert b"Traceback" not in drawn and b"Error" not in drawn, drawn[-2000:]


def test_a_table_command_that_crashed_exits_with_status_1(tmp_path):
    """A crash inside the app (here: the table cannot draw) ends ``ningde play`` with status 1
    after Textual's report, not 0 as if all went well."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 140, 0, 0))
    env = dict(os.environ, NINGDE_DATA_DIR=str(tmp_path), TERM="xterm-256color")
    code = (
        "import sys\n"
        "from ningde_tui.ui.screens.table import TableScreen\n"
        "def broken(self): raise RuntimeError('the table cannot draw')\n"
        "TableScreen.refresh_table = broken\n"
        "from ningde_tui.cli import main\n"
        "sys.exit(main(['play', '--no-start', '--seed', '3']))\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=slave, stdout=slave, stderr=slave, env=env
    )
    os.close(slave)
    try:
        drawn = read_until(master, proc, b"\0never", 30)
        proc.wait(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    assert b"the table cannot draw" in drawn
    assert proc.returncode == 1


@pytest.mark.parametrize("command", [["play"], ["demo"], ["hotseat"]])
def test_without_a_terminal_a_table_command_says_so(tmp_path, command):
    """stdin a pipe (a service, a script): exit 2 with a sentence, instead of Textual's input
    thread spinning on a CPU core."""
    env = dict(os.environ, NINGDE_DATA_DIR=str(tmp_path))
    env.pop("TEXTUAL_DRIVER", None)
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "ningde_tui", *command],
        stdin=subprocess.PIPE,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2
    assert "needs a terminal" in done.stderr and "Traceback" not in done.stderr
    assert time.monotonic() - start < 30
