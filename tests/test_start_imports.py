"""The first screen comes up without the engine: ``ningde`` parses its arguments, builds the app
and shows the start screen without loading the rules engine (rules.game), the record module,
the bots or the match; they are loaded for the table (off the UI thread once the start screen
has been up a moment, or when a game starts). The small modules the start reads instead (the
bots' registry, presets, record checks, the lazy ``rules`` package) agree with what they stand
for."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import ningde_tui.rules as rules
from ningde_tui.bots import base, registry
from ningde_tui.records import checks, record
from ningde_tui.table import match, presets
from ningde_tui.ui.screens import start

ROOT = Path(__file__).resolve().parents[1]
# what only the table (or a record being read) needs
ENGINE = (
    "ningde_tui.rules.game",
    "ningde_tui.rules.session",
    "ningde_tui.rules.scoring",
    "ningde_tui.records.record",
    "ningde_tui.bots.base",
    "ningde_tui.table.match",
)

START = """
import json, sys, time
from ningde_tui.cli import build_app
from ningde_tui.ui.screens.start import StartScreen
app = build_app(["play", "--pace", "instant"])
seen = []
def loaded():
    return [m for m in sys.modules if m.startswith("ningde_tui")]
read_records = StartScreen._read_records
def first_frame(screen):
    # the screen's own moment after its first frame, before it starts its threads (an
    # app's call_after_refresh may come after them, the engine half loaded by then)
    if not seen:
        seen.append(type(app.screen).__name__)
        seen.append(loaded())
        app.set_interval(0.05, later)
    read_records(screen)
StartScreen._read_records = first_frame
def later():
    if "ningde_tui.ui.screens.table" in sys.modules or time.monotonic() > end:
        app.workers.cancel_all()
        app.exit()
end = time.monotonic() + 20
app.run(headless=True, size=(160, 50))
seen.append(loaded())
print(json.dumps(seen))
"""


def test_the_start_screen_comes_up_without_the_engine_and_then_loads_the_table() -> None:
    out = subprocess.run(
        [sys.executable, "-c", START],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    ).stdout
    screen, at_first_frame, after_a_while = json.loads(out.splitlines()[-1])
    assert screen == "StartScreen"
    assert [m for m in ENGINE if m in at_first_frame] == []
    preloaded = [
        importlib.util.resolve_name(m, "ningde_tui.ui.screens") for m in start.TABLE_MODULES
    ]
    assert [m for m in [*ENGINE, *preloaded] if m not in after_a_while] == []


def test_the_registry_makes_the_bots_it_names() -> None:
    assert list(registry.BOTS) == [*registry.LEVELS, *registry.PLAIN_BOTS]
    assert presets.BOT_LEVELS == match.BOT_LEVELS == tuple(registry.BOTS)
    assert base.BOTS is registry.BOTS and base.register_level is registry.register_level
    for name in registry.known_bots():
        bot = base.make_bot(name, 1)
        assert bot.name == name and callable(bot.choose)


def test_the_rules_package_gives_every_public_name() -> None:
    assert sorted(rules._HOMES) == sorted(rules.__all__)
    for name in rules.__all__:
        home = __import__(f"ningde_tui.rules.{rules._HOMES[name]}", fromlist=[name])
        assert getattr(rules, name) is getattr(home, name)
    assert set(rules.__all__) <= set(dir(rules))


def test_the_record_module_still_gives_the_checks_and_errors() -> None:
    for name in ("MAX_NAME_CHARS", "MAX_SEED_DIGITS", "check_name", "check_seed"):
        assert getattr(record, name) is getattr(checks, name)
    assert record.RecordError is checks.RecordError
    assert record.RecordInUse is checks.RecordInUse
