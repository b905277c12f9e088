"""Footer texts in the player's language.

Textual reads a binding's description from the class-level BINDINGS; ours hold i18n keys
(``key.discard``) and each screen swaps in the translation when it is created.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from textual.dom import DOMNode

from ..i18n.words import STRINGS
from .textual_compat import own_bindings


def localize_bindings(node: DOMNode, lang: str, relabel: Mapping[str, str] | None = None) -> None:
    """Translate the node's footer texts (again: a changed language starts from the keys);
    ``relabel`` gives an action the words of another key (a result's Enter says what its
    button says)."""
    bindings = own_bindings(node)  # (made again from the class's: the keys, not texts)
    table = STRINGS[lang]
    relabel = relabel or {}
    for key, items in bindings.items():
        bindings[key] = [
            replace(b, description=table.get(relabel.get(b.action, b.description), b.description))
            for b in items
        ]
