"""The key bar at the foot of every screen: Textual's ``Footer`` that forgets its old keys.

Textual's Footer (8.2) recomposes its keys whenever the screen's bindings change, and binds each
new key to its ``compact`` flag with ``data_bind``. That leaves a watcher on the footer per key
ever drawn, holding the removed key widget alive until ``compact`` changes — which it never
does here. At the table the bindings change with every move, so an evening's play grew by
megabytes a hand. The watchers of keys that are gone are dropped after each recompose.
"""

from __future__ import annotations

from textual.widgets import Footer

_WATCHERS = "__watchers"  # where textual.reactive keeps an object's watchers


class KeyBar(Footer):
    async def recompose(self) -> None:
        await super().recompose()
        self.forget_removed_keys()

    def forget_removed_keys(self) -> None:
        watchers = getattr(self, _WATCHERS, {}).get("compact")
        if watchers:
            watchers[:] = [(node, callback) for node, callback in watchers if node.is_attached]
