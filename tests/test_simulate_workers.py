"""``ningde simulate --workers N`` leaves no worker behind when it is killed, even by SIGKILL
(which runs no clean-up in the parent)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROC = Path("/proc")

pytestmark = [
    pytest.mark.skipif(not (PROC / "self" / "stat").is_file(), reason="reads processes from /proc"),
    pytest.mark.serial,  # kills processes and waits for them against deadlines
]


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (state first), or None."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``."""
    out = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields is not None and fields[1] == str(pid) and fields[0] != "Z":
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    """Running, not a zombie waiting for whoever adopted it to reap it."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def wait_for(check, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


def test_workers_end_when_simulate_is_killed_by_sigkill():
    """A ``simulate --workers 2`` far from done is killed by SIGKILL as soon as its two
    workers exist: both are gone within a few seconds."""
    argv = [sys.executable, "-m", "ningde_tui", "simulate", "--hands", "1000000"]
    parent = subprocess.Popen(
        [*argv, "--workers", "2", "--json"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    try:
        assert wait_for(lambda: len(children(parent.pid)) >= 2, 60), "no workers started"
        workers = children(parent.pid)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        assert wait_for(lambda: not any(alive(w) for w in workers), 5), [
            w for w in workers if alive(w)
        ]
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait(10)
        for w in workers:  # whatever the test did not see end, it ends itself
            if alive(w):
                os.kill(w, signal.SIGKILL)


# A child that watches its parent as a worker does, with the prctl way made unavailable
# (``sys.platform`` is not Linux), then prints its pid and waits.
WATCHER = """
import os, sys, time
sys.platform = "darwin"
from ningde_tui.sim.simulate import end_with_parent
end_with_parent(os.getppid())
print(os.getpid(), flush=True)
time.sleep(60)
"""
# Its parent: starts it (holding none of the test's pipes, which would keep ``run`` waiting),
# passes its pid on, and dies by SIGKILL.
PARENT = """
import os, signal, subprocess, sys
pipes = dict(stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
child = subprocess.Popen([sys.executable, "-c", sys.argv[1]], **pipes)
print(child.stdout.readline().strip(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_without_prctl_the_watching_thread_ends_an_orphaned_worker():
    """The portable way alone: the thread sees the parent gone and leaves."""
    run = subprocess.run(
        [sys.executable, "-c", PARENT, WATCHER], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == -signal.SIGKILL
    child = int(run.stdout.split()[0])
    try:
        assert wait_for(lambda: not alive(child), 5)
    finally:
        if alive(child):
            os.kill(child, signal.SIGKILL)
