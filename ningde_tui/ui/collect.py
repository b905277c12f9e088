"""Python's full garbage collections, moved to the moments a player is not watching.

A full pass of the cyclic collector looks at every object the app holds (Textual's widgets,
styles, cached strips: some hundreds of thousands) and takes tens of milliseconds, two frames
or three. Left to Python's own schedule it falls every few moves, in the middle of a move's
redraw. While an app runs, the young generations are collected as usual (they are small and
quick) and the full pass is the app's to run: when a hand's result comes up, unless one was
made less than ``GAP`` seconds before (``at_a_pause``: bots playing at pace instant finish a
hand every few tenths of a second), and otherwise once nothing has been pressed or clicked for
``QUIET`` seconds, nor anything moved at the table (``moved``: bots playing while a player
watches), and ``EVERY`` seconds have gone by since the last pass (``when_quiet``), or at the
latest after ``LATEST`` seconds whatever goes on. The collector's thresholds are given back when the last
running app stops.

Nor are the young generations collected while a move is being drawn: the table's redraw and
its frame make some tens of thousands of objects, enough for a few young collections of a
millisecond or two each in the middle of the frame. ``hold`` stops them as the table starts to
redraw and ``drawn`` lets them go on once its frame is on the screen (at the latest at the
next quiet check, a second on), where they catch up at once; only in an app that is told when a
frame has gone (``take_over(frames_told=...)``: ``ui/textual_compat.py``'s ``FRAMES_TOLD``).

All of it was measured on CPython 3.11's collector (``MEASURED_ON``; the figures in
``docs/research/table-redraw.md`` are 3.11's, the Python CI tests), and it acts there only
(``acts``): on any other Python the collector is left to its own schedule, nothing is held and
nothing frozen (3.12 was not measured; 3.14's incremental collector ignores the third threshold
that ``take_over`` moves).
"""

from __future__ import annotations

import gc
import importlib
import sys
from time import monotonic

GAP = 1.0  # seconds at least between two full passes made at a hand's result
EVERY = 20.0  # seconds between two full passes made at a quiet moment
QUIET = 1.0  # seconds without a key, a click or a move at the table that make a moment quiet
LATEST = 120.0  # seconds after which a full pass is made at once
NEVER = 1 << 30  # a third threshold that Python's own schedule never reaches

_running = 0  # apps running that took the full passes over
_saved: tuple[int, int, int] | None = None  # the thresholds before the first of them
_last_pass = monotonic()
_last_move = 0.0  # when the table last changed
_held = False  # the young collections are held while a move is drawn
_frames_told = True  # the running app lets them go as its frame goes (``drawn``)
MEASURED_ON = ((3, 11),)  # the CPython versions whose collector this was measured on


def acts() -> bool:
    """Whether this Python's collector is one of those measured (else nothing here acts)."""
    return sys.implementation.name == "cpython" and sys.version_info[:2] in MEASURED_ON


def take_over(frames_told: bool = True) -> None:
    """An app starts: Python stops making full passes of its own. ``frames_told``: the app
    calls ``drawn`` as each frame goes to the terminal (else no collection is held)."""
    global _running, _saved, _frames_told
    if not acts():
        return
    if _running == 0:
        _saved = gc.get_threshold()
        young, middle = _saved[0], _saved[1]
        gc.set_threshold(young, middle, NEVER)
        _frames_told = frames_told
    _running += 1


def give_back() -> None:
    """An app stops: with no other running, Python's own schedule comes back."""
    global _running
    drawn()
    if _running == 0:
        return
    _running -= 1
    if _running == 0 and _saved is not None:
        gc.set_threshold(*_saved)


def moved() -> None:
    """Something changed at the table (a move drawn)."""
    global _last_move
    _last_move = monotonic()


def hold() -> None:
    """A move is being drawn: no collection until its frame is on the screen (``drawn``)."""
    global _held
    if _running and _frames_told and not _held and gc.isenabled():
        gc.disable()
        _held = True


def drawn() -> None:
    """The move's frame is on the screen: the collections held back go on."""
    global _held
    if _held:
        _held = False
        gc.enable()


def full_pass() -> None:
    """A full collection now (at a moment no one watches the screen change)."""
    global _last_pass
    gc.collect()
    _last_pass = monotonic()


def at_a_pause() -> None:
    """A moment no one watches a move (a hand's result coming up): a full pass, unless one
    was made less than ``GAP`` seconds ago."""
    if acts() and monotonic() - _last_pass >= GAP:
        full_pass()


def when_quiet(last_input: float) -> bool:
    """A full pass if one is due: ``EVERY`` seconds since the last and quiet since
    ``last_input`` (a ``monotonic()`` time) and the table's last move, or ``LATEST`` seconds
    since the last. Whether one was made."""
    drawn()  # (in case a frame that was to let them go never came)
    if not acts():
        return False
    now = monotonic()
    since = now - _last_pass
    quiet = now - max(last_input, _last_move) >= QUIET
    if since >= LATEST or (since >= EVERY and quiet):
        full_pass()
        return True
    return False


def import_frozen(module: str) -> None:
    """Import ``module`` (the app's, and Textual with it) with the collector off, and freeze
    all that is alive then (``gc.freeze``): the classes, functions and tables of the modules,
    alive as long as the process, are never looked at by a collection again — neither by the
    young ones while the app starts nor by every full pass later. Only the first import does
    it, before any app exists: what is frozen is what the imports made (so at most that much
    is kept should some of it become garbage), and all that is made after is collected as
    ever."""
    if module in sys.modules:
        return
    if not acts():
        importlib.import_module(module)
        return
    enabled = gc.isenabled()
    gc.disable()
    try:
        importlib.import_module(module)
        gc.freeze()
    finally:
        if enabled:
            gc.enable()
