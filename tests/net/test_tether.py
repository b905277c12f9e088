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
import threading
def keep_writing():  # a table saving its token late, again and again, folders and all
    token = Path(os.environ["{ENV_HOST_FOLDER}"]) / "seat1" / "rooms" / "x.token"
    while True:
        token.parent.mkdir(parents=True, exist_ok=True)
        token.write_text("secret")
if sys.argv[1] == "writing":
    threading.Thread(target=keep_writing, daemon=True).start()
tether.tether(int(os.environ["{ENV_HOST_PID}"]), Path(os.environ["{ENV_HOST_FOLDER}"]))
print("tethered", flush=True)
time.sleep(60)
"""

# the stand-in host: starts the child with its own process id, says the child's, waits
HOST = f"""
import os, subprocess, sys, threading, time
env = dict(os.environ, {ENV_HOST_PID}=str(os.getpid()), {ENV_HOST_FOLDER}=sys.argv[1])
child = subprocess.Popen([sys.executable, "-c", sys.argv[2], sys.argv[3]], env=env)
print(child.pid, flush=True)
if sys.argv[3] == "lingering":  # the main thread ends, another lives on a while
    threading.Thread(target=time.sleep, args=(float(sys.argv[4]),)).start()
    sys.stdin.readline()  # until the child is tethered
    import ctypes
    ctypes.CDLL(None).pthread_exit(None)
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
    tmp_path: Path, how: str, host_lives: float = 60, files: int = 1
) -> tuple[subprocess.Popen, int, Path]:
    folder = tmp_path / "ningde-web-test"
    (folder / "seat1").mkdir(parents=True)
    for n in range(files):
        (folder / "seat1" / f"token{n}").write_text("secret")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen(
        [sys.executable, "-c", HOST, str(folder), CHILD, how, str(host_lives)],
        stdin=subprocess.PIPE,
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
@pytest.mark.parametrize("how", ["death-signal", "watchdog-only", "writing"])
def test_a_tethered_table_ends_with_its_killed_host_and_takes_the_tokens(
    tmp_path: Path, how: str
) -> None:
    host, child, folder = tethered(tmp_path, how)
    wait_tethered(child)
    host.kill()  # kill -9: the host can clean nothing up
    host.wait()
    assert gone_within(child, 3.0 if how == "watchdog-only" else 1.0)
    time.sleep(0.2)  # (nothing of it is left to write again)
    assert not folder.exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc, the death signal")
@pytest.mark.parametrize("lingers", [30.0, 0.05])
def test_a_table_whose_host_is_dying_thread_by_thread_ends_and_takes_the_tokens(
    tmp_path: Path, lingers: float
) -> None:
    """A host killed while one of its threads is still in the kernel: its main thread has
    ended (the kernel has sent the death signal), yet the table's parent is still the host's
    process (another of its threads). That is a dead host too. When that thread ends in turn
    the kernel sends the death signal again, while the folder (a big one here) is being
    removed: the remover must not die of it."""
    host, child, folder = tethered(tmp_path, "lingering", host_lives=lingers, files=4000)
    wait_tethered(child)
    assert host.stdin is not None
    host.stdin.write("go\n")
    host.stdin.flush()
    try:
        assert gone_within(child, 5.0)
        assert not folder.exists()
    finally:
        host.kill()
        host.wait()


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


def test_the_next_host_removes_the_folders_of_hosts_gone_and_no_other(tmp_path: Path) -> None:
    """A host killed with no table left to clean up after it leaves its seats' folder (tokens
    and all); the next host removes it, and only such folders: not a live host's (its lock is
    held), not one without a lock, not a link."""
    import fcntl

    from ningde_tui.cli.tether import FOLDER_PREFIX, HOST_LOCK, sweep

    def folder(name: str, lock: bool = True) -> Path:
        made = tmp_path / f"{FOLDER_PREFIX}{name}"
        (made / "seat1" / "rooms").mkdir(parents=True)
        (made / "seat1" / "rooms" / "x.token").write_text("secret")
        if lock:
            (made / HOST_LOCK).write_text("")
        return made

    gone, live, unlocked = folder("gone"), folder("live"), folder("nolock", lock=False)
    elsewhere = folder("elsewhere")
    link = tmp_path / f"{FOLDER_PREFIX}link"
    link.symlink_to(elsewhere)
    held = os.open(live / HOST_LOCK, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # as its host does while it lives
        (elsewhere / HOST_LOCK).unlink()
        assert sweep(tmp_path) == [gone]
    finally:
        os.close(held)
    assert not gone.exists()
    assert live.exists() and unlocked.exists() and link.exists() and elsewhere.exists()
    assert sweep(tmp_path) == [live]  # its host gone too now


def test_a_host_holds_its_folders_lock_until_it_ends(tmp_path: Path) -> None:
    from ningde_tui.cli.tether import new_folder, sweep

    folder, lock = new_folder()
    try:
        assert lock is not None and folder.is_dir()
        assert folder not in sweep(folder.parent)  # alive: left alone
        assert folder.exists()
    finally:
        if lock is not None:
            os.close(lock)
    assert folder in sweep(folder.parent)
    assert not folder.exists()
