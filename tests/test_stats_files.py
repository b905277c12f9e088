"""``ningde stats`` and the files around it (interfaces.md §5): the summaries cache as hostile
input (wrong types in an entry, a FIFO, a file too large), half-written caches left by killed
runs, and record folders nested too deep for recursion or linked in a loop."""

from __future__ import annotations

import copy
import functools
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ningde_tui.analysis import stats
from ningde_tui.cli.stats import main as stats_main
from ningde_tui.cli.stats import render_text
from ningde_tui.records.storage import ENV_DATA_DIR

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    """One simulated session of 16 hands."""
    from ningde_tui.cli.simulate import main as simulate_main

    folder = tmp_path_factory.mktemp("one")
    assert simulate_main(["--hands", "16", "--seed", "3", "--record", str(folder)]) == 0
    [path] = folder.glob("*.jsonl")
    return path


@pytest.fixture
def games(record, tmp_path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy2(record, folder / record.name)
    return folder


def stats_json(capsys, *argv: str) -> dict:
    assert stats_main([*argv, "--json"]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return json.loads(out.out)


def cache_file(data_dir: Path) -> Path:
    return data_dir / "cache" / "stats.json"


# ----------------------------------------------------------------------------- entries
def _set(entry: dict, where: tuple, value: Any) -> dict:
    """A copy of the entry with the value at ``where`` (keys and indexes) replaced."""
    out = copy.deepcopy(entry)
    inner = out
    for step in where[:-1]:
        inner = inner[step]
    inner[where[-1]] = value
    return out


# (where in the entry, the wrong value): each one kept the same size and time, so the entry
# is used, and each crashed the tally, the text or the 战绩 screen, or counted nonsense
BAD_VALUES = [
    (("hands",), "x"),
    (("hands",), {"a": 1}),
    (("hands", 0), ["x"]),
    (("hands", 0), "abcd"),
    (("hands", 0, "deltas"), "abcd"),
    (("hands", 0, "deltas"), [1, 2, 3]),
    (("hands", 0, "deltas"), [1.5, 0, 0, -1.5]),
    (("hands", 0, "deltas"), [True, 0, 0, 0]),
    (("hands", 0, "deltas", 0), {"x": 1}),
    (("hands", 0, "winner"), 7),
    (("hands", 0, "winner"), "0"),
    (("hands", 0, "discarder"), [0]),
    (("hands", 0, "by"), 3),
    (("hands", 0, "pattern"), ["pinghu"]),
    (("hands", 0, "pattern"), None),
    (("seats",), 5),
    (("seats",), [1, 2, 3, 4]),
    (("seats",), {"name": "x"}),
    (("seats", 0), ["normal-0", "bot", "normal"]),
    (("seats", 0, "name"), 12),
    (("seats", 0, "level"), ["normal"]),
    (("seats", 0, "kind"), None),
    (("path",), 3),
    (("path",), None),
    (("hands", 0, "extra"), 1),
]


def _entries(data_dir: Path) -> dict:
    return json.loads(cache_file(data_dir).read_text())["games"]


def _write_entries(data_dir: Path, entries: dict) -> None:
    cache_file(data_dir).write_text(json.dumps({"version": 1, "games": entries}))


@pytest.mark.parametrize(("where", "value"), BAD_VALUES)
def test_a_cache_entry_of_the_wrong_types_is_rebuilt(games, capsys, data_dir, where, value):
    want = stats_json(capsys, "--dir", str(games))
    [(key, good)] = _entries(data_dir).items()
    _write_entries(data_dir, {key: _set(good, where, value)})
    assert stats_json(capsys, "--dir", str(games)) == want
    assert _entries(data_dir) == {key: good}  # rebuilt from the record


@pytest.mark.parametrize(
    "bad",
    [None, "x", 5, [1, 2], {}, {"mtime_ns": 0}, {"error": "gone"}],
    ids=["null", "text", "number", "list", "empty", "time-only", "error-only"],
)
def test_a_cache_entry_that_is_no_entry_is_rebuilt(games, capsys, data_dir, bad):
    want = stats_json(capsys, "--dir", str(games))
    [(key, good)] = _entries(data_dir).items()
    _write_entries(data_dir, {key: bad})
    assert stats_json(capsys, "--dir", str(games)) == want
    assert _entries(data_dir) == {key: good}


def test_an_error_entry_of_the_wrong_type_is_rebuilt(games, capsys, data_dir):
    """A record once broken, its reason now a list: read again (and now it counts)."""
    want = stats_json(capsys, "--dir", str(games))
    [(key, good)] = _entries(data_dir).items()
    error = {"mtime_ns": good["mtime_ns"], "size": good["size"], "error": ["no"]}
    _write_entries(data_dir, {key: error})
    assert stats_json(capsys, "--dir", str(games)) == want


def test_an_error_entry_still_names_its_record_as_broken(games, capsys, data_dir):
    stats_json(capsys, "--dir", str(games))
    [(key, good)] = _entries(data_dir).items()
    error = {"mtime_ns": good["mtime_ns"], "size": good["size"], "error": "cut short"}
    _write_entries(data_dir, {key: error})
    assert stats_main(["--dir", str(games), "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["games"] == 0
    assert "cut short" in out.err


@functools.cache
def _summary(record: Path) -> dict:
    return stats.summarize_game(record).to_json()


# JSON values of any shape, to put anywhere in an entry
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), value=JSON)
def test_any_wrong_value_anywhere_in_an_entry_is_refused_or_tallies(record, data, value):
    """Whatever replaces a part of a good entry, ``_cached`` refuses it (None) or what it
    returns goes through ``tally`` and the text table without error."""
    good = _summary(record)
    where: tuple = ()
    inner: Any = good
    while isinstance(inner, (dict, list)) and inner and data.draw(st.booleans()):
        step = data.draw(
            st.sampled_from(sorted(inner) if isinstance(inner, dict) else range(len(inner)))
        )
        where, inner = (*where, step), inner[step]
    entry = _set(good, where, value) if where else value
    same = SimpleNamespace(st_mtime_ns=good["mtime_ns"], st_size=good["size"])
    known = stats._cached(entry, same)  # type: ignore[arg-type]
    if isinstance(known, stats.GameSummary):
        summary = stats.tally([known])
        render_text(summary)
        for p in summary.players:
            assert all(isinstance(v, int) for v in (p.hands, p.points, p.wins))


# ----------------------------------------------------------------------------- the file
def test_a_fifo_for_a_cache_is_not_waited_on(games, capsys, data_dir):
    """Reading a named pipe waits for a writer for ever: the cache is read only if it is a
    regular file (in a process of its own, so a wait fails the test instead of hanging it)."""
    want = stats_json(capsys, "--dir", str(games), "--no-cache")
    cache = cache_file(data_dir)
    cache.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(cache)
    run = subprocess.run(
        [sys.executable, "-m", "ningde_tui", "stats", "--dir", str(games), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, ENV_DATA_DIR: str(data_dir)},
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == want
    assert cache.is_file()  # the pipe was replaced by a real cache


def test_a_cache_over_the_size_limit_is_not_read(games, capsys, data_dir, monkeypatch):
    stats_json(capsys, "--dir", str(games))
    [(key, good)] = _entries(data_dir).items()
    lying = _set(good, ("hands", 0, "deltas"), [1000, -1000, 0, 0])  # well formed, wrong
    _write_entries(data_dir, {key: lying})
    monkeypatch.setattr(stats, "CACHE_LIMIT", 100)
    assert stats._load_cache(cache_file(data_dir)) == {}
    monkeypatch.undo()
    assert stats._load_cache(cache_file(data_dir)) == {key: lying}


# ----------------------------------------------------------------------------- temporaries
# A run killed by SIGKILL while it writes the cache: json.dump writes a part, then the
# process kills itself, so no clean-up of its own runs.
KILLED_SAVE = """
import json, os, signal, sys
from ningde_tui.analysis import stats
def dump(obj, f, **kw):
    f.write('{"version": 1, "games": {')
    f.flush()
    os.kill(os.getpid(), signal.SIGKILL)
stats.json.dump = dump
stats.collect(stats.Path(sys.argv[1]))
"""


def temporaries(data_dir: Path) -> list[str]:
    return sorted(p.name for p in (data_dir / "cache").glob(".stats-*.tmp"))


def test_caches_half_written_by_killed_runs_are_removed(games, capsys, data_dir):
    env = {**os.environ, ENV_DATA_DIR: str(data_dir)}
    for _ in range(2):
        run = subprocess.run(
            [sys.executable, "-c", KILLED_SAVE, str(games)], cwd=ROOT, env=env, timeout=60
        )
        assert run.returncode == -9
    left = temporaries(data_dir)
    assert len(left) == 2 and not cache_file(data_dir).exists()
    # both were killed a while ago; a third is being written by a run alive now
    old = time.time() - 2 * stats.STALE_TMP_S
    for name in left:
        os.utime(data_dir / "cache" / name, (old, old))
    alive = data_dir / "cache" / ".stats-alive.tmp"
    alive.write_text("{")
    other = data_dir / "cache" / "notes.tmp"
    other.write_text("mine")
    os.utime(other, (old, old))
    stats_json(capsys, "--dir", str(games))
    assert temporaries(data_dir) == [alive.name]
    assert other.exists() and cache_file(data_dir).is_file()
    assert stats._load_cache(cache_file(data_dir))


# ----------------------------------------------------------------------------- folders
DEPTH = 2000


def _deep_tree(root: Path, depth: int) -> list[int]:
    """``root/d/d/…/d``, ``depth`` folders down (deeper than a path can be written, so it is
    made folder by folder from open descriptors); the descriptors, outermost first."""
    fds = [os.open(root, os.O_RDONLY | os.O_DIRECTORY)]
    for _ in range(depth):
        os.mkdir("d", dir_fd=fds[-1])
        fds.append(os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fds[-1]))
    return fds


def _remove_deep_tree(fds: list[int]) -> None:
    """Empty each folder and remove it, innermost first (rmtree recurses per level)."""
    for inner in range(len(fds) - 1, 0, -1):
        for name in os.listdir(fds[inner]):
            os.unlink(name, dir_fd=fds[inner])
        os.close(fds[inner])
        os.rmdir("d", dir_fd=fds[inner - 1])
    os.close(fds[0])


@pytest.mark.skipif(os.mkdir not in os.supports_dir_fd, reason="needs mkdir(dir_fd=…)")
def test_a_folder_tree_too_deep_for_recursion(record, tmp_path, capsys):
    """2,000 folders deep: records near the top count, the bottom is not searched."""
    root = tmp_path / "deep"
    root.mkdir()
    fds = _deep_tree(root, DEPTH)
    try:
        data = record.read_bytes()
        for level in (1, 3, DEPTH):
            fd = os.open("game.jsonl", os.O_WRONLY | os.O_CREAT, dir_fd=fds[level])
            os.write(fd, data)
            os.close(fd)
        found = stats.record_files(root)
        assert found == sorted([root / "d" / "game.jsonl", root / "d" / "d" / "d" / "game.jsonl"])
        got = stats_json(capsys, "--dir", str(root))
        assert got["games"] == 2 and got["hands"] == 32
    finally:
        _remove_deep_tree(fds)


def test_linked_folders_are_walked_once_and_only_files_listed(record, tmp_path):
    root = tmp_path / "linked"
    (root / "a" / "b").mkdir(parents=True)
    shutil.copy2(record, root / "a" / "b" / "game.jsonl")
    (root / "a" / "b" / "up").symlink_to(root / "a")  # a loop
    (root / "a" / "self").symlink_to(".")  # another
    (root / "elsewhere").symlink_to(root / "a" / "b")  # the same folder twice
    os.mkfifo(root / "pipe.jsonl")
    (root / "folder.jsonl").mkdir()
    (root / "gone.jsonl").symlink_to(root / "missing")
    (root / "link.jsonl").symlink_to(root / "a" / "b" / "game.jsonl")  # a link to a file
    found = stats.record_files(root)
    names = [p.name for p in found]
    assert sorted(names) == ["game.jsonl", "link.jsonl"]


def test_record_files_of_a_file_or_nothing_is_empty(record, tmp_path):
    assert stats.record_files(record) == []
    assert stats.record_files(tmp_path / "missing") == []


def test_a_record_whose_name_is_not_utf8(record, tmp_path, capsys, data_dir):
    """Its name cannot be written in the cache: it counts, summarized each time, and the
    cache keeps the others."""
    folder = tmp_path / "names"
    folder.mkdir()
    try:
        odd = folder / os.fsdecode(b"game-\xff.jsonl")
        shutil.copy2(record, odd)
    except (OSError, UnicodeError):
        pytest.skip("the file system refuses a name that is not UTF-8")
    shutil.copy2(record, folder / "plain.jsonl")
    first = stats_json(capsys, "--dir", str(folder))
    assert first["games"] == 2
    assert [Path(k).name for k in _entries(data_dir)] == ["plain.jsonl"]
    assert stats_json(capsys, "--dir", str(folder)) == first
