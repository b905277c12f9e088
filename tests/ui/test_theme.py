"""One colour theme: colours are named in ui/palette.py (the Textual theme's variables for the
.tcss files), not written as literals anywhere else in the package (widgets, screens, the pages
``ningde serve`` writes)."""

from __future__ import annotations

import re
from pathlib import Path

import ningde_tui
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.palette import THEME

HEX = re.compile(r"#[0-9a-fA-F]{6}\b")
PACKAGE = Path(ningde_tui.__file__).parent


def test_no_colour_literal_outside_the_palette() -> None:
    stray = [
        f"{path.relative_to(PACKAGE)}:{n}"
        for path in sorted(PACKAGE.rglob("*"))
        if path.suffix in (".py", ".tcss") and path.name != "palette.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HEX.search(line)
    ]
    assert stray == []


async def test_the_app_wears_the_theme() -> None:
    app = NingdeApp(LaunchOptions(seed=1, pace="instant"))
    async with app.run_test(size=(110, 34)):
        assert app.theme == THEME.name
        assert app.get_css_variables()["gold"] == THEME.variables["gold"]
