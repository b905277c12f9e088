"""The start screen's selects make their pop-up list when first opened, and look and behave as
Textual's own Select throughout: the same screen after each key and click, the same values and
the same Changed messages."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Button, Select

from ningde_tui.ui.textual_compat import LazySelect, SelectOverlay

OPTIONS = [("one", 1), ("two", 2), ("three", 3), ("four", 4)]


class Form(App[None]):
    CSS = "Select { width: 20; } Button { width: 10; }"

    def __init__(self, kind: type[Select[Any]]) -> None:
        super().__init__()
        self.kind = kind
        self.changes: list[object] = []

    def compose(self) -> ComposeResult:
        yield self.kind(OPTIONS, value=2, allow_blank=False, id="pick", compact=True)
        yield Button("ok", id="ok")

    def on_select_changed(self, event: Select.Changed) -> None:
        self.changes.append(event.value)


async def steps(pilot: Pilot[None]) -> list[tuple[str, object]]:
    """What the form shows and holds after each of a player's steps."""
    app = pilot.app
    assert isinstance(app, Form)
    pick = app.query_one("#pick", Select)
    seen = []

    async def after(*keys: str) -> None:
        await pilot.press(*keys)
        await pilot.pause()
        seen.append((app.export_screenshot(title="form"), pick.value))

    await after()
    await after("down")  # opens the list
    await after("down", "enter")  # three
    await after("enter", "up", "up", "escape")  # opened, moved, closed: still three
    await pilot.click("#pick")  # opens by a click
    await after()
    await pilot.click(SelectOverlay, offset=(2, 0))  # the first option
    await after()
    await after("tab")  # on to the button
    await after("shift+tab", "space", "f", "enter")  # typed to search: four
    seen.append(("changes", list(app.changes)))
    return seen


async def test_a_lazy_select_looks_and_behaves_as_textuals_own() -> None:
    runs = []
    for kind in (Select, LazySelect):
        app = Form(kind)
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.pause()
            runs.append(await steps(pilot))
    textuals, lazy = runs
    assert [value for _, value in lazy] == [value for _, value in textuals]
    assert lazy == textuals
    assert textuals[-2][1] == 4 and textuals[-1] == ("changes", [2, 3, 1, 4])


async def test_its_list_is_made_when_it_first_opens() -> None:
    app = Form(LazySelect)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        pick = app.query_one("#pick", Select)
        assert not pick.query(SelectOverlay)
        pick.value = 3  # set before the list is made: shown, and told
        await pilot.pause()
        assert app.changes == [2, 3]
        await pilot.click("#pick")
        await pilot.pause()
        assert pick.expanded and len(pick.query(SelectOverlay)) == 1
        assert pick.query_one(SelectOverlay).highlighted == 2
