"""The "Where to add" recipes of docs/ARCHITECTURE.md that reach the UI: a rule switch is one
field of ``RuleConfig`` and its label, a bot level one registration in ``bots.registry``
(``bots.base`` gives it too), a screen opened from anywhere one entry in ``ui.app.PAGES``; every
place that offers them reads that table. Each test adds one the way the recipe says and looks
for it everywhere it must appear.
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
from ningde_tui.ui.screens.help import help_markdown
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
from ningde_tui.cli import options
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
    "play": options.parse_bots("dummy,hard,dummy"),
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


# ------------------------------------------------------------------------------ a rule switch
# Run in a fresh interpreter: the switch is a field of RuleConfig before anything reads the
# class (its source with one line more), with its label among the words, as the recipe says.
SWITCH_PROBE = """
import asyncio, importlib.util, json, sys
from pathlib import Path

import ningde_tui.rules  # the package alone: it loads its modules when first asked for

spec = importlib.util.find_spec("ningde_tui.rules.config")
source = Path(spec.origin).read_text(encoding="utf-8")
marker = "    # §2: a session lasts"
assert marker in source
field = "    # §11: a discard win pays double.\\n    example_switch: bool = False\\n"
module = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = module
exec(compile(source.replace(marker, field + marker, 1), spec.origin, "exec"), module.__dict__)

from ningde_tui.i18n.words import STRINGS
STRINGS["zh"]["rule.example_switch"] = "点炮翻倍"
STRINGS["en"]["rule.example_switch"] = "A discard win pays double"

from textual.widgets import Markdown, Switch
from ningde_tui.cli.simulate import main as simulate
from ningde_tui.rules.config import RuleConfig
from ningde_tui.settings.store import Settings, rules_summary
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.help import help_markdown


async def switched_in_the_settings() -> str:
    app = NingdeApp(LaunchOptions(seed=7, pace="instant"))
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")  # the help of the rules as they are
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.click("#settings")
        await pilot.pause()
        switch = app.screen.query_one("#rule-example_switch", Switch)
        switch.focus()
        await pilot.press("space")
        await pilot.click("#save")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        return app.screen.query_one(Markdown).source


flipped = RuleConfig(example_switch=True)
simulate(["--hands", "1", "--seed", "1", "--record", "records"])
header = json.loads(next(Path("records").glob("*.jsonl")).read_text().splitlines()[0])
print(json.dumps({
    "switches": RuleConfig.switches()[-1:],
    "sweep": "example_switch=true" in RuleConfig.each_switch_flipped(),
    "from_dict": RuleConfig.from_dict({"example_switch": True}) == flipped,
    "settings": Settings.from_dict({"rules": {"example_switch": True}}).rules == flipped,
    "summary": rules_summary(flipped, "en"),
    "header": header["rules"]["example_switch"],
    "help": {lang: help_markdown(lang) for lang in ("zh", "en")},
    "help_flipped": help_markdown("en", flipped),
    "help_shown": asyncio.run(switched_in_the_settings()),
}))
"""


def test_a_new_switch_is_offered_and_told_everywhere(tmp_path: Path) -> None:
    """A switch added as the recipe says (its field and its label): the rule sweeps, the
    settings (screen and file), the record header and the help take it; the help for the
    defaults is unchanged, and tells the switch by its label once the room turns it on."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        ENV_DATA_DIR: str(tmp_path / "data"),
        ENV_CONFIG_DIR: str(tmp_path / "config"),
    }
    out = subprocess.run(
        [sys.executable, "-c", SWITCH_PROBE],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=True,
    ).stdout
    seen = json.loads(out.splitlines()[-1])
    line = "- A discard win pays double: on"
    assert seen.pop("help") == {lang: help_markdown(lang) for lang in LANGS}
    assert line in seen.pop("help_flipped")
    assert "- 点炮翻倍：开" in seen.pop("help_shown")
    assert seen == {
        "switches": ["example_switch"],
        "sweep": True,
        "from_dict": True,
        "settings": True,
        "summary": "A discard win pays double on",
        "header": False,
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
