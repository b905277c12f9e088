"""Full garbage collections at the moments a player is not watching (``ui/collect.py``): while
an app runs Python makes none of its own; the app makes them at a hand's result and at quiet
moments; the collector's thresholds come back when the app stops."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from dataclasses import dataclass, field

import pytest
from pilot_helpers import SIZE, settle, table, table_app
from scenarios import win_on_discard_match

from ningde_tui.ui import collect
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.textual_compat import frame_writer, set_frame_writer


@dataclass
class Passes:
    """The full passes made (at which time), counted instead of made, on a clock of the test's."""

    clock: float = 1000.0
    made: list[float] = field(default_factory=list)


@pytest.fixture
def passes(monkeypatch: pytest.MonkeyPatch) -> Passes:
    counted = Passes()
    monkeypatch.setattr(collect, "monotonic", lambda: counted.clock)
    monkeypatch.setattr(collect.gc, "collect", lambda *_: counted.made.append(counted.clock) or 0)
    monkeypatch.setattr(collect, "_last_pass", counted.clock - collect.GAP)
    monkeypatch.setattr(collect, "_last_move", 0.0)
    return counted


def test_a_running_app_takes_the_full_passes_over_and_gives_them_back() -> None:
    before = gc.get_threshold()
    collect.take_over()
    collect.take_over()  # a second app in the same process
    try:
        assert gc.get_threshold()[:2] == before[:2]  # the young generations as usual
        assert gc.get_threshold()[2] == collect.NEVER
        collect.give_back()
        assert gc.get_threshold()[2] == collect.NEVER  # the other app still runs
    finally:
        collect.give_back()
    assert gc.get_threshold() == before
    collect.give_back()  # one too many changes nothing
    assert gc.get_threshold() == before


def test_a_full_pass_waits_for_a_quiet_moment(passes: Passes) -> None:
    passes.clock += collect.EVERY - collect.GAP - 1
    assert not collect.when_quiet(last_input=0.0)  # quiet, but one was made a moment ago
    passes.clock += 1
    assert not collect.when_quiet(last_input=passes.clock - 0.2)  # due, but a key was just pressed
    collect.moved()  # a bot moves while the player watches
    assert not collect.when_quiet(last_input=passes.clock - collect.QUIET)
    passes.clock += collect.QUIET
    assert collect.when_quiet(last_input=passes.clock - collect.QUIET)
    assert passes.made == [passes.clock]
    passes.clock += collect.LATEST
    assert collect.when_quiet(last_input=passes.clock)  # overdue: made however busy the player is
    assert len(passes.made) == 2


async def test_the_app_collects_at_a_hands_result(passes: Passes) -> None:
    before = gc.get_threshold()
    async with table_app(win_on_discard_match()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert gc.get_threshold()[2] == collect.NEVER
        assert not passes.made  # none while the hand is played
        await pilot.press("m")  # 胡: the result comes up
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultScreen)
        assert len(passes.made) == 1  # made as the result came up
        collect.at_a_pause()
        assert len(passes.made) == 1  # not again so soon (bots at pace instant)
        passes.clock += collect.GAP
        collect.at_a_pause()
        assert len(passes.made) == 2
    assert gc.get_threshold() == before


async def test_no_collection_falls_inside_a_moves_frame() -> None:
    """The young generations are held while the table redraws a move and go on once its frame
    is handed to the terminal; a frame that never comes holds them no longer than the next
    quiet check."""
    app = table_app(win_on_discard_match())
    held_at_frames: list[bool] = []
    display = frame_writer(app)

    def frame(screen: object, renderable: object) -> None:
        held_at_frames.append(not gc.isenabled())
        display(screen, renderable)

    set_frame_writer(app, frame)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        held_at_frames.clear()
        table(pilot).query_one("#wall").refresh()  # (a frame to come, whatever the move changed)
        table(pilot).refresh_table()
        assert not gc.isenabled()  # held while the move is drawn
        await pilot.pause()
        assert held_at_frames[:1] == [True]  # still held as its frame was made
        assert gc.isenabled()  # and let go once it was on its way
        collect.hold()
        assert not gc.isenabled()
        collect.when_quiet(last_input=0.0)  # no frame came: the quiet check lets them go
        assert gc.isenabled()
    collect.hold()  # no app running: nothing is held
    assert gc.isenabled()


FROZEN = """
import gc, json, weakref
from ningde_tui.cli import build_app
build_app(["play"])
frozen = gc.get_freeze_count()
build_app(["play"])  # the modules are in: nothing more is frozen


class Node:
    pass


a, b = Node(), Node()
a.other, b.other = b, a  # a cycle made after the imports
gone = weakref.ref(a)
del a, b
gc.collect()
print(json.dumps([frozen, gc.get_freeze_count(), gc.isenabled(), gone() is None]))
"""


def test_the_apps_modules_are_frozen_once_and_what_comes_after_is_collected() -> None:
    out = subprocess.run(
        [sys.executable, "-c", FROZEN], capture_output=True, text=True, check=True, timeout=60
    )
    frozen, later, enabled, collected = json.loads(out.stdout)
    assert frozen > 10_000 and later == frozen  # Textual's and the app's modules, once
    assert enabled and collected


@pytest.mark.parametrize("version", [(3, 12, 0, "final", 0), (3, 14, 0, "final", 0)])
def test_only_the_collector_measured_is_taken_over(
    monkeypatch: pytest.MonkeyPatch, passes: Passes, version: tuple[object, ...]
) -> None:
    """Measured on CPython 3.11 only: on any other Python, Python's own schedule stays (3.14's
    incremental collector ignores the third threshold anyway) and nothing is held or frozen."""
    assert collect.acts()
    before = gc.get_threshold()
    monkeypatch.setattr(collect.sys, "version_info", version)
    assert not collect.acts()
    collect.take_over()
    try:
        assert gc.get_threshold() == before
        collect.hold()
        assert gc.isenabled()
        passes.clock += collect.LATEST
        assert not collect.when_quiet(last_input=0.0)
        collect.at_a_pause()
        assert passes.made == []
    finally:
        collect.give_back()
    assert gc.get_threshold() == before
    frozen = gc.get_freeze_count()
    collect.import_frozen("json.tool")  # (not imported yet: imported, nothing frozen)
    assert "json.tool" in sys.modules and gc.get_freeze_count() == frozen
