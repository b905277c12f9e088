"""The "Where to add" recipes of docs/ARCHITECTURE.md that reach the UI: a bot level is one
registration in ``bots.registry`` (``bots.base`` gives it too), a screen opened from anywhere
one entry in ``ui.app.PAGES``; every place that offers them reads that registry. Each test adds one the way the recipe says
and looks for it everywhere it must appear.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from pilot_helpers import SIZE, settle
from textual.app import ComposeResult
from textual.widgets import Static

from ningde_tui.i18n.words import LANGS, STRINGS
from ningde_tui.records.storage import ENV_DATA_DIR
from ningde_tui.settings.store import ENV_CONFIG_DIR
from ningde_tui.ui.app import PAGES, NingdeApp, Page
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.base import OpenScreen, PlayerModal
from ningde_tui.ui.screens.start import StartScreen

ROOT = Path(__file__).resolve().parent.parent.parent

# ------------------------------------------------------------------------------ a bot level
# Run in a fresh interpreter: the level is registered before anything reads the registry, as
# bots.base._register_levels registers the real ones.
LEVEL_PROBE = """
import asyncio, json
from ningde_tui.bots import base
before = list(base.LEVELS)
base.register_level("dummy", base.GreedyBot)

from textual.widgets import Select
from ningde_tui.cli import play
from ningde_tui.cli.simulate import main as simulate
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.settings.store import ENV_CONFIG_DIR
from ningde_tui.table.match import BOT_LEVELS
from ningde_tui.ui.screens.stats import AGAINST


async def start_screen() -> str:
    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        seat = app.screen.query_one("#seat-1", Select)
        seat.value = "dummy"  # refused unless it is one of the choices
        return str(seat.value)


LaunchOptions(bots=("dummy",) * 3)
print(json.dumps({
    "levels_before": before,
    "plain": list(base.PLAIN_BOTS),
    "offered": list(BOT_LEVELS),
    "stats_filter": list(AGAINST[1:]),
    "play": play.parse_bots("dummy,hard,dummy"),
    "simulate": simulate(["--hands", "1", "--bots", "dummy,dummy,normal,random", "--json"]),
    "start_screen": asyncio.run(start_screen()),
}))
"""


def test_a_new_level_is_offered_everywhere(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        ENV_DATA_DIR: str(tmp_path / "data"),
        ENV_CONFIG_DIR: str(tmp_path / "config"),
    }
    out = subprocess.run(
        [sys.executable, "-c", LEVEL_PROBE],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=True,
    ).stdout
    seen = json.loads(out.splitlines()[-1])
    levels = [*seen.pop("levels_before"), "dummy"]
    assert seen.pop("plain") == ["greedy", "random"]
    assert seen == {
        # after the levels registered before it, before the plain players
        "offered": [*levels, "greedy", "random"],
        "stats_filter": levels,
        "play": ["dummy", "hard", "dummy"],
        "simulate": 0,
        "start_screen": "dummy",
    }


# ------------------------------------------------------------------------------ a screen
class DummyScreen(PlayerModal[None]):
    def compose(self) -> ComposeResult:
        yield Static("dummy")


async def test_a_new_page_opens_from_one_entry(monkeypatch) -> None:
    """One entry in PAGES (and its strings): the message opens it, once, and the command
    palette lists it."""
    for lang in LANGS:
        monkeypatch.setitem(STRINGS[lang], "cmd.dummy", "Dummy page")
        monkeypatch.setitem(STRINGS[lang], "cmd.dummy_help", "A page added by a test")
    monkeypatch.setitem(PAGES, "dummy", Page(DummyScreen, "cmd.dummy", "cmd.dummy_help"))
    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        app.screen.post_message(OpenScreen("dummy"))
        await settle(pilot)
        assert isinstance(app.screen, DummyScreen)
        depth = len(app.screen_stack)
        app.screen.post_message(OpenScreen("dummy"))
        await settle(pilot)
        assert len(app.screen_stack) == depth  # not over itself
        app.screen.dismiss()
        await settle(pilot)
        entry = {c.title: c for c in app.get_system_commands(app.screen)}["Dummy page"]
        assert entry.help == "A page added by a test"
        entry.callback()
        await settle(pilot)
        assert isinstance(app.screen, DummyScreen)


OPEN_ACTION = re.compile(r"app\.open\('(\w+)'\)")


def pages_asked_for() -> dict[str, str]:
    """Every page the code asks for by name, and where: ``OpenScreen("name")``, and a key
    bound to ``app.open('name')`` (``Binding(keys, "app.open('name')", ...)``)."""
    found = {}
    for path in sorted((ROOT / "ningde_tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if getattr(node.func, "id", None) == "OpenScreen":
                arg = node.args[0]
                found[where] = arg.value if isinstance(arg, ast.Constant) else ast.unparse(arg)
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    for name in OPEN_ACTION.findall(arg.value):
                        found[where] = name
    return found


def test_every_page_asked_for_is_one_of_the_pages() -> None:
    asked = pages_asked_for()
    assert {"help", "recent", "stats", "settings"} <= set(asked.values())
    assert {where: name for where, name in asked.items() if name not in PAGES} == {}


def test_every_page_has_its_palette_entry_in_both_languages() -> None:
    keys = {key for page in PAGES.values() for key in (page.label, page.about)}
    assert [(lang, k) for lang in LANGS for k in sorted(keys) if k not in STRINGS[lang]] == []
