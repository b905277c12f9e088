"""Textual's and textual-serve's private parts are used in one module only,
``ningde_tui/ui/textual_compat.py``, which says what each is for, what measures it and what
its public path is (the one taken with any other version than the pinned one).

Read from the sources with ``ast``: no other module of the game, the tools, the tests or the
benchmarks imports a private module of either (``textual._compositor``,
``textual.widgets._select``) or a private name from them, nor uses a name that
``textual_compat.PRIVATE_NAMES`` lists — as an attribute (``widget._styles_cache``), as a method
of a class (an override, such as ``_set_dirty``) or, in the game, as a string
(``getattr(node, "__watchers")``). The tests and benchmarks that measure Textual's insides reach
them through ``textual_compat`` too. A few of the names are common ones (``COMMON``): a module
far from Textual (the engine, the online rooms) may give its own things those names, so they
count only in the UI, the commands and the modules that import Textual, textual-serve or the UI.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ningde_tui.ui import textual_compat
from ningde_tui.ui.textual_compat import PRIVATE_NAMES

ROOT = Path(__file__).resolve().parents[1]
COMPAT = Path(textual_compat.__file__).resolve()
FOREIGN = ("textual", "textual_serve")  # the packages whose private names are counted
NEAR = (*FOREIGN, "ningde_tui.ui", "ningde_tui.cli")  # modules that hand out Textual's objects
COMMON = frozenset(
    {"_display", "_task", "_process", "_stdin", "_value", "_options", "_render", "_bindings"}
    | {"_driver", "_exception"}
)


def python_files() -> list[Path]:
    found = [
        path
        for folder in ("ningde_tui", "tools", "tests", "benchmarks")
        for path in sorted((ROOT / folder).rglob("*.py"))
    ]
    return [path for path in found if path.resolve() not in (COMPAT, Path(__file__).resolve())]


def is_foreign(module: str) -> bool:
    return module.split(".")[0] in FOREIGN


def is_private_module(module: str) -> bool:
    parts = module.split(".")
    return is_foreign(module) and any(part.startswith("_") for part in parts[1:])


def imported_modules(tree: ast.AST) -> list[tuple[int, str, list[str]]]:
    """(line, module, names taken from it) of every import in the tree."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append((node.lineno, node.module, [alias.name for alias in node.names]))
    return out


def private_uses(source: str, game: bool, near: bool = False) -> list[str]:
    """Where the source uses a private part of Textual or textual-serve ("line: what");
    ``game``: a module of the game (whose strings count too); ``near``: a module of the UI or
    the commands (the ``COMMON`` names count, as in any module importing what is ``NEAR``)."""
    tree = ast.parse(source)
    imports = imported_modules(tree)
    found = []
    for line, module, taken in imports:
        private = any(name.startswith("_") for name in taken)
        if is_private_module(module) or (is_foreign(module) and private):
            found.append(f"{line}: imports {module} {taken or ''}".rstrip())
    near = near or any(module.startswith(NEAR) for _, module, _ in imports)
    names = PRIVATE_NAMES if near else PRIVATE_NAMES - COMMON
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in names:
            found.append(f"{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                is_def = isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                if is_def and item.name in names:
                    found.append(f"{item.lineno}: {node.name}.{item.name} overridden")
        elif game and isinstance(node, ast.Constant) and node.value in names:
            found.append(f"{node.lineno}: the string {node.value!r}")
    return found


def test_textuals_private_parts_are_used_in_textual_compat_only() -> None:
    found = {}
    for path in python_files():
        game = path.is_relative_to(ROOT / "ningde_tui")
        near = any(path.is_relative_to(ROOT / "ningde_tui" / part) for part in ("ui", "cli"))
        if uses := private_uses(path.read_text(encoding="utf-8"), game, near):
            found[str(path.relative_to(ROOT))] = uses
    assert not found, (
        "private parts of Textual or textual-serve used outside ningde_tui/ui/textual_compat.py "
        "(add a helper there, with its public path, and call that):\n"
        + "\n".join(f"  {path}: {', '.join(uses)}" for path, uses in found.items())
    )


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ("from textual.widgets._select import SelectOverlay", True),
        ("import textual._compositor", True),
        ("from textual.widget import _private", True),
        ("from textual.widget import Widget\nw._styles_cache.clear()", True),
        (
            "from textual.widget import Widget\nclass W(Widget):\n    def _set_dirty(self): ...",
            True,
        ),
        ("from textual_serve.server import Server\nserver._process_messages(ws, game)", True),
        ("import textual\ngetattr(node, '__watchers')", True),
        (
            "from .serve import CappedServer\nclass S(CappedServer):\n    def _make_app(self): ...",
            True,
        ),
        ("from ningde_tui.ui.app import NingdeApp\napp._display = shown", True),
        ("from textual.widget import Widget\nw.refresh()", False),
        ("import asyncio\nself._task = None", False),  # far from Textual: its own _task
    ],
)
def test_the_check_catches_what_it_should(source: str, caught: bool) -> None:
    uses = private_uses(source, game=True)
    assert bool(uses) == caught, uses
