"""What `pipx install` / `uv tool install` puts on a player's computer: the wheel holds the game,
the stylesheets and help pages it reads, and nothing else — no tests, snapshots, benchmarks,
screenshots or records.

The wheel is built from a copy of the checkout with the setuptools of the test extras (no
build isolation, so no network), in a few seconds."""

from __future__ import annotations

import email
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# one worker builds the wheel once, for every test here (make test runs --dist loadgroup)
pytestmark = pytest.mark.xdist_group("wheel")

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ningde_tui"
NOT_COPIED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "__pycache__",
    "*.pyc",
    "build",
    "dist",
    "*.egg-info",
    ".*_cache",
    ".hypothesis",
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[zipfile.ZipFile]:
    pytest.importorskip("setuptools", minversion="77")  # the build-system's floor
    tmp = tmp_path_factory.mktemp("wheel")
    source, out = tmp / "source", tmp / "dist"
    shutil.copytree(ROOT, source, ignore=NOT_COPIED)
    build = "import sys; from setuptools import build_meta; build_meta.build_wheel(sys.argv[1])"
    done = subprocess.run(
        [sys.executable, "-c", build, str(out)],
        cwd=source,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    [path] = out.glob("*.whl")
    with zipfile.ZipFile(path) as built:
        yield built


def package_files(wheel: zipfile.ZipFile) -> set[str]:
    return {n for n in wheel.namelist() if not n.split("/")[0].endswith(".dist-info")}


def test_the_wheel_holds_the_package_and_its_data_only(wheel: zipfile.ZipFile) -> None:
    files = package_files(wheel)
    assert files and all(n.startswith("ningde_tui/") for n in files), sorted(files)[:20]
    data = {n for n in files if not n.endswith(".py")}
    expected = {"ningde_tui/py.typed"}
    expected |= {f"ningde_tui/{p.relative_to(PACKAGE)}" for p in PACKAGE.rglob("*.tcss")}
    expected |= {f"ningde_tui/{p.relative_to(PACKAGE)}" for p in PACKAGE.glob("ui/help_*.md")}
    # every stylesheet and help page the app opens, and nothing more: (extra, missing)
    assert (sorted(data - expected), sorted(expected - data)) == ([], [])


def test_no_test_fixture_snapshot_or_record_is_in_the_wheel(wheel: zipfile.ZipFile) -> None:
    for name in wheel.namelist():
        parts = name.split("/")
        assert not {"tests", "benchmarks", "screenshots", "__snapshots__", "docs"} & set(parts)
        assert not name.endswith((".svg", ".jsonl", ".cast", ".html", ".pyc")), name


def test_every_module_of_the_game_is_in_the_wheel(wheel: zipfile.ZipFile) -> None:
    modules = {f"ningde_tui/{p.relative_to(PACKAGE)}" for p in PACKAGE.rglob("*.py")}
    assert modules <= package_files(wheel)


def test_no_tool_in_the_wheel(wheel: zipfile.ZipFile) -> None:
    """The README's screenshot tool (tools/screenshots.py) and the tables it and the tests set
    up from hand-made walls (tests/scenarios.py) are not the game."""
    assert not {n for n in package_files(wheel) if n.endswith(("/screenshots.py", "/scenarios.py"))}


def test_the_metadata_says_where_it_is_tested(wheel: zipfile.ZipFile) -> None:
    [meta] = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    message = email.message_from_bytes(wheel.read(meta))
    assert message["Requires-Python"] == ">=3.11"
    classifiers = message.get_all("Classifier") or []
    assert "Operating System :: POSIX :: Linux" in classifiers
    assert "Operating System :: OS Independent" not in classifiers  # records lock with flock
    assert [c for c in classifiers if c.startswith("Programming Language :: Python :: 3.")] == [
        "Programming Language :: Python :: 3.11"
    ]
    urls = message.get_all("Project-URL") or []
    assert urls and all(", https://github.com/ningde-tui/ningde-tui" in u for u in urls), urls
    scripts = wheel.read(meta.replace("METADATA", "entry_points.txt")).decode()
    assert "ningde = ningde_tui.cli:main" in scripts
