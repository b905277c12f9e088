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
    try:
        drawn = b""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and "请出牌".encode() not in drawn:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    drawn += os.read(master, 1 << 16)
                except OSError:
                    break
        assert "请出牌".encode() in drawn or "你".encode() in drawn, drawn[-500:]
        os.close(master)
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode is not None
