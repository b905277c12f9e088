"""``LazySelect``: Textual's ``Select`` whose pop-up list is made the first time it opens."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.widget import AwaitMount
from textual.widgets import Select
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay, SelectType


class LazySelect(Select[SelectType]):
    """Textual's ``Select`` (its look, its keys and clicks, its messages) whose pop-up list of
    options, an ``OptionList`` and most of what a select costs to compose and style, is made
    the first time the select opens rather than with its screen: a form of several selects
    comes up sooner."""

    _list: SelectOverlay | None = None  # the pop-up list, once made
    _list_mounted: AwaitMount | None = None
    _list_up = False  # the list is mounted

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)

    async def _make_list(self) -> None:
        """The pop-up list, made and mounted (once: a second caller waits for the first)."""
        if self._list_mounted is None:
            self._list = SelectOverlay(type_to_search=self._type_to_search)
            self._list.compact = self.compact  # (Select binds it to its own; set once here)
            self._list_mounted = self.mount(self._list)
            super()._setup_options_renderables()
        await self._list_mounted
        self._list_up = True

    async def _first_open(self, then: Callable[[], None]) -> None:
        await self._make_list()
        then()

    def _setup_options_renderables(self) -> None:
        if self._list is not None:
            super()._setup_options_renderables()

    def _watch_value(self, value: SelectType | NoSelection) -> None:
        if self._list is not None:
            super()._watch_value(value)
            return
        # Select's own, but for the list's highlight (set as the list opens)
        self._value = value
        current = self.query_children(SelectCurrent)
        if not current:
            return
        if value == self.NULL:
            current.first().update(self.NULL)
        else:
            for prompt, option in self._options:
                if option == value:
                    current.first().update(prompt)
                    break
        self.post_message(self.Changed(self, value))

    def _watch_expanded(self, expanded: bool) -> None:
        if self._list_up:
            super()._watch_expanded(expanded)
        elif expanded:
            self.call_next(self._first_open, self._expand)

    def _expand(self) -> None:
        super()._watch_expanded(self.expanded)

    def action_show_overlay(self) -> None:
        if self._list_up:
            super().action_show_overlay()
        else:
            self.call_next(self._first_open, super().action_show_overlay)
