"""The import contract of the layers (docs: the shape of the code):

- ``rules`` is the engine: it imports the standard library and itself, nothing else;
- ``bots`` see the engine only: the standard library, ``rules`` and themselves (no UI);
- ``records`` (format, storage, the hostile-input reader) sit on ``rules``; ``sim`` and
  ``analysis`` on ``rules``, ``bots`` and ``records``; none of them knows the UI; ``net``
  (the rooms, and the arena that plays them headless) may use ``sim``;
- ``ui/model`` (match, hints, announcements, translations, settings) is Textual-free;
- the package root holds no loose modules; the command modules of the headless tools (calc,
  replay --check, simulate, stats, review) never load the UI (Textual) at import time;
- test modules do not import one another (shared helpers live in ``*helpers.py``);
- UI screens and widgets never import the app: they post messages to it;
- no function is longer than 60 lines (but those on ``LONG_FUNCTIONS``, to be split).

Read from the source with ``ast``, so a lazy import inside a function counts too where it
matters (rules and bots), and nothing has to be imported to check it.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "ningde_tui"
STDLIB = set(sys.stdlib_module_names)


def imports(path: Path, top_level_only: bool = False) -> list[str]:
    """Absolute names of the modules a file imports (relative ones resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    package = parts[:-1]
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    out = []
    for node in nodes:
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            out.append(name)
    return [n for n in out if n != "__future__"]


def sources(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def outside(names: list[str], allowed: tuple[str, ...]) -> list[str]:
    return [
        n
        for n in names
        if n.split(".")[0] not in STDLIB
        and not any(n == a or n.startswith(a + ".") for a in allowed)
    ]


# The layers, lowest first: a package may import only itself and the packages named for it.
LAYERS = {
    "rules": ("ningde_tui.rules",),
    "bots": ("ningde_tui.rules", "ningde_tui.bots"),
    "records": ("ningde_tui.rules", "ningde_tui.records", "platformdirs"),
    "sim": ("ningde_tui.rules", "ningde_tui.bots", "ningde_tui.records", "ningde_tui.sim"),
    "analysis": (
        *("ningde_tui.rules", "ningde_tui.bots", "ningde_tui.records", "ningde_tui.analysis"),
        "platformdirs",
    ),
    # the translations and the player's settings sit on the engine (and the records' files)
    "i18n": ("ningde_tui.rules", "ningde_tui.i18n"),
    # a session as its seats play it: the match, the view a seat is drawn from, the seating
    "table": (
        *("ningde_tui.rules", "ningde_tui.bots", "ningde_tui.records", "ningde_tui.i18n"),
        "ningde_tui.table",
    ),
    "settings": (
        *("ningde_tui.rules", "ningde_tui.records", "ningde_tui.i18n", "ningde_tui.table"),
        *("ningde_tui.settings", "platformdirs"),
    ),
    # online rooms: the server and its clients, below the UI (the table they open is the UI's);
    # the arena plays its rooms headless the way ``sim`` plays its hands
    "net": (
        *("ningde_tui.rules", "ningde_tui.bots", "ningde_tui.records", "ningde_tui.table"),
        *("ningde_tui.sim", "ningde_tui.net", "websockets", "platformdirs"),
    ),
    # a server for a community: many rooms, a lobby, players and ratings (on net, below the UI)
    "server": (
        *("ningde_tui.rules", "ningde_tui.bots", "ningde_tui.records", "ningde_tui.table"),
        *("ningde_tui.net", "ningde_tui.server", "websockets", "platformdirs", "openskill"),
        "redis",
    ),
}


@pytest.mark.parametrize(
    ("layer", "path"),
    [(layer, p) for layer in LAYERS for p in sources(layer)],
    ids=lambda x: x if isinstance(x, str) else x.name,
)
def test_each_layer_imports_only_what_is_below_it(layer: str, path: Path) -> None:
    assert outside(imports(path), LAYERS[layer]) == []


def test_the_import_contracts_hold(capsys: pytest.CaptureFixture[str]) -> None:
    """pyproject.toml's import-linter contracts: the layers (nothing below the UI imports it,
    the online rooms included) and no Textual or Rich below the UI."""
    from importlinter.cli import lint_imports

    status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True)
    assert status == 0, capsys.readouterr().out[-4000:]


def test_the_package_root_holds_only_packages() -> None:
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]


@pytest.mark.parametrize("path", sources("ui/model"), ids=lambda p: p.name)
def test_the_ui_model_is_textual_free(path: Path) -> None:
    names = imports(path)
    assert [n for n in names if n.startswith(("textual", "rich"))] == []
    assert [n for n in names if n.startswith("ningde_tui.ui.") and ".model" not in n] == []


HEADLESS = ["calc", "replay", "simulate", "stats", "review"]
MODEL = "ningde_tui.ui.model"  # Textual-free (tested above): the tools share its words


@pytest.mark.parametrize("name", HEADLESS)
def test_headless_commands_do_not_load_the_ui(name: str) -> None:
    path = PACKAGE / "cli" / f"{name}.py"
    assert path.exists(), f"{name} moved: name it here again"
    top = imports(path, top_level_only=True)
    ui = [n for n in top if n.startswith("ningde_tui.ui") and not n.startswith(MODEL)]
    assert [n for n in top if n.startswith(("textual", "rich"))] + ui == []


def test_the_cli_package_loads_no_command_until_it_runs() -> None:
    top = imports(PACKAGE / "cli" / "__init__.py", top_level_only=True)
    assert [n for n in top if n.startswith("ningde_tui")] == []


def test_test_modules_do_not_import_each_other() -> None:
    offenders = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [
            n.module if isinstance(n, ast.ImportFrom) else a.name
            for n in ast.walk(tree)
            if isinstance(n, ast.ImportFrom | ast.Import)
            for a in (n.names if isinstance(n, ast.Import) else [None])
        ]
        bad = [n for n in names if n and n.split(".")[-1].startswith("test_")]
        if bad:
            offenders[path.name] = bad
    assert offenders == {}


MAX_LINES = 60
# functions still longer than MAX_LINES ("path:name" under ningde_tui/), each to be split
LONG_FUNCTIONS: set[str] = set()


def long_functions() -> dict[str, int]:
    """``path:name`` → lines (end_lineno − lineno + 1) of every function over MAX_LINES."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_LINES:
                    out[f"{path.relative_to(PACKAGE).as_posix()}:{node.name}"] = lines
    return out


def test_no_function_is_longer_than_sixty_lines() -> None:
    too_long = {name: n for name, n in long_functions().items() if name not in LONG_FUNCTIONS}
    assert too_long == {}


def test_the_long_functions_allowed_are_still_long() -> None:
    """A function split since: take it off LONG_FUNCTIONS."""
    assert sorted(LONG_FUNCTIONS - set(long_functions())) == []


@pytest.mark.parametrize(
    "path", sources("ui/screens") + sources("ui/widgets"), ids=lambda p: p.name
)
def test_screens_and_widgets_do_not_reach_for_the_app(path: Path) -> None:
    """They post messages to the app (or run its actions); they never import it."""
    assert [n for n in imports(path) if n == "ningde_tui.ui.app"] == []


ENGINE_NAMES = {"Game", "Match", "Session"}  # what a table holds; a view must not reach it
ENGINE_ATTRIBUTES = {"game", "match", "session"}


@pytest.mark.parametrize(
    "path", sources("ui/screens") + sources("ui/widgets"), ids=lambda p: p.name
)
def test_screens_and_widgets_draw_from_views_not_from_the_engine(path: Path) -> None:
    """The table is drawn from a TableView (table/view.py): screens and widgets neither
    import nor touch a Game, a Match or a Session, so the same screens can draw a remote seat."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [a.name for a in node.names if a.name in ENGINE_NAMES]
        elif isinstance(node, ast.Name) and node.id in ENGINE_NAMES:
            found.append(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in ENGINE_ATTRIBUTES:
            found.append(f".{node.attr}")
    assert found == []
