"""A browser seat's table process ends with its host (``cli.tether``), on real processes: a
stand-in host starts a tethered child and is killed with SIGKILL; the child must be gone within
moments and the host's folder of tokens with it, by the kernel's death signal (Linux), by the
watchdog alone, or at once when the host was gone before the tether was even set."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ningde_tui.cli.tether import ENV_HOST_FOLDER, ENV_HOST_PID

pytestmark = pytest.mark.serial  # processes killed, against deadlines

ROOT = Path(__file__).resolve().parents[2]

# the tethered child: the tether, then a long wait standing in for the table
CHILD = f"""
import sys, time
from pathlib import Path
from ningde_tui.cli import tether
if sys.argv[1] == "watchdog-only":
    tether._death_signal = lambda signum: None
import os
tether.tether(int(os.environ["{ENV_HOST_PID}"]), Path(os.environ["{ENV_HOST_FOLDER}"]))
print("tethered", flush=True)
time.sleep(60)
"""

# the stand-in host: starts the child with its own process id, says the child's, waits
HOST = f"""
import os, subprocess, sys, time
env = dict(os.environ, {ENV_HOST_PID}=str(os.getpid()), {ENV_HOST_FOLDER}=sys.argv[1])
child = subprocess.Popen([sys.executable, "-c", sys.argv[2], sys.argv[3]], env=env)
print(child.pid, flush=True)
time.sleep(float(sys.argv[4]))
"""


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while alive(pid):
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            return False
        time.sleep(0.02)
    return True


def tethered(
    tmp_path: Path, how: str, host_lives: float = 60
) -> tuple[subprocess.Popen, int, Path]:
    folder = tmp_path / "ningde-web-test"
    (folder / "seat1").mkdir(parents=True)
    (folder / "seat1" / "token").write_text("secret")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen(
        [sys.executable, "-c", HOST, str(folder), CHILD, how, str(host_lives)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert host.stdout is not None
    child = int(host.stdout.readline())
    return host, child, folder


def wait_tethered(child: int) -> None:
    """Until the child has set its tether up (its watchdog thread is running)."""
    deadline = time.monotonic() + 30
    while len(list(Path(f"/proc/{child}/task").glob("*"))) < 2:
        assert time.monotonic() < deadline and alive(child)
        time.sleep(0.02)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's death signal")
@pytest.mark.parametrize("how", ["death-signal", "watchdog-only"])
def test_a_tethered_table_ends_with_its_killed_host_and_takes_the_tokens(
    tmp_path: Path, how: str
) -> None:
    host, child, folder = tethered(tmp_path, how)
    wait_tethered(child)
    host.kill()  # kill -9: the host can clean nothing up
    host.wait()
    assert gone_within(child, 1.0 if how == "death-signal" else 3.0)
    assert not folder.exists()


def test_a_table_whose_host_died_before_its_tether_was_set_ends_at_once(tmp_path: Path) -> None:
    host, child, folder = tethered(tmp_path, "death-signal", host_lives=0)
    host.wait()  # gone before the child has even loaded Python, most likely
    assert gone_within(child, 5.0)
    assert not folder.exists()


def test_a_table_whose_host_lives_is_left_alone(tmp_path: Path) -> None:
    host, child, folder = tethered(tmp_path, "death-signal")
    wait_tethered(child)
    time.sleep(0.6)  # the watchdog has looked twice: its host is there
    assert alive(child) and folder.exists()
    os.kill(child, signal.SIGTERM)  # a plain SIGTERM ends it as it would have without a tether
    assert gone_within(child, 3.0)
    assert folder.exists()  # the host's folder is the host's while it lives
    host.kill()
    host.wait()
