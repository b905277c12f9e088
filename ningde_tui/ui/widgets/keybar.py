"""The key bar at the foot of every screen: Textual's ``Footer``, redrawn only when its keys
change, and forgetting the keys it no longer shows.

Textual's Footer (8.2) recomposes its keys whenever the screen's bindings are refreshed — at
the table, after every move, although the keys seldom change — and binds each new key to its
``compact`` flag with ``data_bind``. The recompose cost a layout of the screen per move, and
the bindings left a watcher on the footer per key ever drawn, holding the removed key widget
alive until ``compact`` changes — which it never does here (an evening's play grew by
megabytes a hand). So the bar compares what it would show with what it shows, and drops the
watchers of keys that are gone after each recompose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer

from .. import textual_compat

if TYPE_CHECKING:
    from textual.screen import Screen

Shown = tuple[tuple[object, ...], ...]


class KeyBar(Footer):
    _shown: Shown | None = None

    def shown_keys(self, screen: Screen[object]) -> Shown:
        """What the bar would show for ``screen`` now: each shown key with its label, action,
        whether it is enabled and its tooltip, in order."""
        app = screen.app
        return tuple(
            (
                binding.key,
                app.get_key_display(binding),
                binding.description,
                binding.action,
                binding.group,
                enabled,
                tooltip,
            )
            for _, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        )

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = self.shown_keys(screen)
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        await super().recompose()
        self.forget_removed_keys()

    def forget_removed_keys(self) -> None:
        textual_compat.forget_watchers(self, "compact")
