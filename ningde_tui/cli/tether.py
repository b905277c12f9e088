"""A browser seat's table that ends with its host: ``python -m ningde_tui.cli.tether join URL …``.

``ningde host --web`` starts a table process (``ningde join``) for each browser tab through
textual-serve. A host that stops ends them, but one that is killed (kill -9, a crash, the
machine's out-of-memory killer) cannot: they would live on, reconnect once the room is
continued and hold their seats as connected, so no bot would ever step in. So each table runs
tethered to its host, whose process id is in ``ENV_HOST_PID``:

- on Linux the kernel sends it ``DEATH_SIGNAL`` the moment the host dies
  (``prctl(PR_SET_PDEATHSIG)``, set here before anything else, then checked against a host that
  died before it was set);
- everywhere, a watchdog thread looks every ``WATCH_SECONDS`` whether the host still lives
  (``orphaned``: its parent is still the host and, where /proc tells, the host's main thread
  has not ended), and if not ends the process there and then, however the table is doing.

Whichever way it ends after its host, it removes the host's folder of the seats' tokens
(``ENV_HOST_FOLDER``), which a killed host leaves behind: after every thread of the table is
gone, so that none writes in it again. Without ``ENV_HOST_PID`` it is plain ``ningde``.

A host killed with no table left to do it leaves its folder: the next host removes it
(``sweep``). Each host holds a lock in its folder while it lives (``new_folder``; the kernel
lets go of it however the host ends), so a folder whose lock is free is a dead host's.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import sys
import tempfile
import threading
from pathlib import Path
from types import FrameType

HOST_LOCK = ".host.lock"  # held by the host (flock) while it lives
ENV_HOST_PID = "NINGDE_HOST_PID"
ENV_HOST_FOLDER = "NINGDE_HOST_FOLDER"
FOLDER_PREFIX = "ningde-web-"  # the host's temporary folder (``tempfile.mkdtemp``)
WATCH_SECONDS = 0.25
PR_SET_PDEATHSIG = 1  # linux/prctl.h
# the kernel's word that the host died: a signal nothing else here uses (the table's SIGTERM is
# Textual's, for a graceful quit, and back to the default once its loop has closed)
DEATH_SIGNAL = signal.SIGUSR2
EXIT_ORPHANED = 3
CLEANER = (
    f"import shutil, sys; shutil.rmtree(sys.argv[1], ignore_errors=True); sys.exit({EXIT_ORPHANED})"
)

_ending = threading.RLock()  # one ending at a time (a signal may come while one ends)


def main(argv: list[str] | None = None) -> int:
    host = os.environ.pop(ENV_HOST_PID, "")
    folder = os.environ.pop(ENV_HOST_FOLDER, "")
    if host.isdigit():
        tether(int(host), Path(folder) if folder else None)
    from . import main as ningde

    return ningde(list(sys.argv[1:] if argv is None else argv))


def tether(host: int, folder: Path | None) -> None:
    """End this process (and remove ``folder``) when the process ``host`` ends."""

    def on_death(signum: int, frame: FrameType | None) -> None:
        if orphaned(host):  # (not only a thread of the host that ended)
            host_gone(folder)

    atexit.register(_after, host, folder)  # the table quit on its own, after its host
    signal.signal(DEATH_SIGNAL, on_death)
    _death_signal(DEATH_SIGNAL)
    if orphaned(host):  # the host died before the kernel was asked to tell
        host_gone(folder)
    threading.Thread(target=_watch, args=(host, folder), name="tether", daemon=True).start()


def _after(host: int, folder: Path | None) -> None:
    if orphaned(host):
        _remove(folder)


def orphaned(host: int) -> bool:
    """Whether the host has died, or is dying: this process has another parent, or (where
    /proc tells) the host's main thread has ended. A host killed while one of its threads is
    still in the kernel is that for a while, and its children still have it as their parent
    (another of its threads), though the kernel has already sent them their death signal."""
    if os.getppid() != host:
        return True
    try:
        stat = Path(f"/proc/{host}/stat").read_text()
    except FileNotFoundError:
        return Path("/proc/self").exists()  # /proc, and no host in it
    except OSError:
        return False
    return stat.rsplit(")", 1)[-1].split()[:1] in (["Z"], ["X"], ["x"])


def _death_signal(signum: int) -> None:
    """Ask the kernel for ``signum`` when the parent dies (0: for none; Linux; elsewhere
    nothing)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the watchdog still looks


def _watch(host: int, folder: Path | None) -> None:
    stop = threading.Event()
    while not stop.wait(WATCH_SECONDS):
        if orphaned(host):
            host_gone(folder)


def host_gone(folder: Path | None) -> None:
    """The host is gone: exit now, without the table's own shutdown (nothing is left for it to
    say to), and remove the host's seats' folder (tokens and all). The process becomes the
    remover (``CLEANER``, by exec): every thread of the table ends at that instant, so none can
    write in the folder (a token saved late, mkdir and all) after it was removed."""
    with _ending:
        # a dying host's threads end one after another, each sending the death signal again:
        # the remover must not die of it (a thread's blocked signals stay blocked across exec)
        signal.pthread_sigmask(signal.SIG_BLOCK, {DEATH_SIGNAL})
        _death_signal(0)
        if _ours(folder):
            assert folder is not None
            cleaner = [sys.executable, "-I", "-S", "-c", CLEANER, str(folder)]
            try:
                os.execv(sys.executable, cleaner)
            except OSError:
                shutil.rmtree(folder, ignore_errors=True)
        os._exit(EXIT_ORPHANED)


def _remove(folder: Path | None) -> None:
    """Remove the seats' folder (at the table's own exit), one thread at a time."""
    with _ending:
        if _ours(folder):
            assert folder is not None
            shutil.rmtree(folder, ignore_errors=True)


def _ours(folder: Path | None) -> bool:
    return folder is not None and folder.name.startswith(FOLDER_PREFIX) and folder.is_dir()


def new_folder() -> tuple[Path, int | None]:
    """A new private folder (0700) for a host's seats, and the descriptor of the lock in it
    the host holds while it lives (None where there is no ``fcntl``)."""
    folder = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX))
    try:
        import fcntl
    except ImportError:
        return folder, None
    fresh = folder / f"{HOST_LOCK}.new"
    fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.rename(fresh, folder / HOST_LOCK)  # named only once held: a sweep never finds it free
    return folder, fd


def sweep(parent: Path) -> list[Path]:
    """Remove the seats' folders in ``parent`` of hosts that are gone: this user's, whose lock
    nobody holds (a folder without a lock is left alone). The folders removed."""
    try:
        import fcntl
    except ImportError:
        return []
    removed = []
    for folder in parent.glob(f"{FOLDER_PREFIX}*"):
        try:
            if folder.is_symlink() or folder.lstat().st_uid != os.getuid():
                continue
            fd = os.open(folder / HOST_LOCK, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            continue  # a live host's
        else:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
        finally:
            os.close(fd)
    return removed


if __name__ == "__main__":
    sys.exit(main())
