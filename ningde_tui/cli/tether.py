"""A browser seat's table that ends with its host: ``python -m ningde_tui.cli.tether join URL …``.

``ningde host --web`` starts a table process (``ningde join``) for each browser tab through
textual-serve. A host that stops ends them, but one that is killed (kill -9, a crash, the
machine's out-of-memory killer) cannot: they would live on, reconnect once the room is
continued and hold their seats as connected, so no bot would ever step in. So each table runs
tethered to its host, whose process id is in ``ENV_HOST_PID``:

- on Linux the kernel sends it SIGTERM the moment the host dies (``prctl(PR_SET_PDEATHSIG)``,
  set here before anything else, then checked against a host that died before it was set),
  and the table quits at once (Textual's own SIGTERM handler, once the table is up; ours
  before);
- everywhere, a watchdog thread looks every ``WATCH_SECONDS`` whether its parent is still the
  host (an orphan is handed to another parent), and if not ends the process there and then,
  however the table is doing.

Whichever way it ends after its host, it removes the host's folder of the seats' tokens
(``ENV_HOST_FOLDER``), which a killed host leaves behind. Without ``ENV_HOST_PID`` it is plain
``ningde``.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import sys
import threading
from pathlib import Path
from types import FrameType

ENV_HOST_PID = "NINGDE_HOST_PID"
ENV_HOST_FOLDER = "NINGDE_HOST_FOLDER"
FOLDER_PREFIX = "ningde-web-"  # the host's temporary folder (``tempfile.mkdtemp``)
WATCH_SECONDS = 0.25
PR_SET_PDEATHSIG = 1  # linux/prctl.h
EXIT_ORPHANED = 3

_ending = threading.RLock()  # one ending (a signal may come while the watchdog ends)


def main(argv: list[str] | None = None) -> int:
    host = os.environ.pop(ENV_HOST_PID, "")
    folder = os.environ.pop(ENV_HOST_FOLDER, "")
    if host.isdigit():
        tether(int(host), Path(folder) if folder else None)
    from . import main as ningde

    return ningde(list(sys.argv[1:] if argv is None else argv))


def tether(host: int, folder: Path | None) -> None:
    """End this process (and remove ``folder``) when the process ``host`` ends."""

    def on_term(signum: int, frame: FrameType | None) -> None:
        if os.getppid() != host:
            host_gone(folder)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a plain SIGTERM: as without us
        os.kill(os.getpid(), signal.SIGTERM)

    atexit.register(_after, host, folder)  # the table quit on its own (the SIGTERM)
    signal.signal(signal.SIGTERM, on_term)
    _death_signal(signal.SIGTERM)
    if os.getppid() != host:  # the host died before the kernel was asked to tell
        host_gone(folder)
    threading.Thread(target=_watch, args=(host, folder), name="tether", daemon=True).start()


def _after(host: int, folder: Path | None) -> None:
    if os.getppid() != host:
        _remove(folder)


def _death_signal(signum: int) -> None:
    """Ask the kernel for ``signum`` when the parent dies (Linux; elsewhere nothing)."""
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
        if os.getppid() != host:
            host_gone(folder)


def host_gone(folder: Path | None) -> None:
    """The host is gone: remove its seats' folder (tokens and all) and exit now, without the
    table's own shutdown (nothing is left for it to say to)."""
    with _ending:
        _remove(folder)
        os._exit(EXIT_ORPHANED)


def _remove(folder: Path | None) -> None:
    if folder is not None and folder.name.startswith(FOLDER_PREFIX) and folder.is_dir():
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
