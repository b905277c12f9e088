"""What sits in the player's folders is hostile, and two programs may run at once: settings of
the wrong kinds, nesting 100,000 deep, FIFOs and links to devices where files belong, a record
that a second window tries to play too, a seed or a name no record could hold. Each input here
once crashed or hung a command, or lost a game; each now gets a message, and nothing waits.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import datetime
from pathlib import Path

import pytest

from ningde_tui.records.files import FileTooLarge, NotRegularFile, load_json, read_capped
from ningde_tui.records.record import (
    MAX_NAME_CHARS,
    MAX_SEED_DIGITS,
    RecordInUse,
    record_in_use,
    replay_file,
)
from ningde_tui.records.storage import (
    ENV_DATA_DIR,
    GameRecorder,
    latest_unfinished,
    list_records,
    new_record_path,
    resume,
)
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import ActionType
from ningde_tui.settings.store import Settings, load_settings, settings_path
from ningde_tui.table.match import Match
from ningde_tui.ui.model.launch import LaunchOptions

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs, devices and flock are POSIX")


@pytest.fixture(autouse=True)
def folders(tmp_path, config_dir):
    """The test's data and config folders (tests/conftest.py), the config one made."""
    config_dir.mkdir()
    return tmp_path


def run(args: list[str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """A ``ningde`` command in its own process, so that a hang fails the test, not the run."""
    return subprocess.run(
        [sys.executable, "-m", "ningde_tui", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=os.environ.copy(),
        cwd=ROOT,
    )


def run_python(code: str, timeout: float = 60) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=os.environ.copy(),
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def played_match(path: Path, seed: int = 5, names: list[str] | None = None) -> Match:
    """A game with you in seat 1, recorded at ``path``, your first decision made."""
    match = Match.new(seed, ["greedy"] * 3, humans=(0,), names=names, recorder_path=path)
    game = match.game
    while match.next_bot() is not None:
        seat, obs, _ = match.next_bot()
        match.apply(match.players[seat].choose(obs))
    actions = game.legal_actions(0)
    match.apply(next((a for a in actions if a.type == ActionType.DISCARD), actions[0]))
    return match


# ----------------------------------------------------------------------------- settings
@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('{"pace": []}', "pace"),  # was: TypeError (unhashable) in every table command
        ('{"lang": {"zh": 1}}', "lang"),
        ('{"tiles": 5, "hints": "yes"}', "tiles"),
        ('{"rules": []}', "rules"),
        ('{"rules": {"chouzhuang_ends_hand": "no"}}', "rules.chouzhuang_ends_hand"),
        ("[" * 30_000 + "]" * 30_000, "nested"),  # was: RecursionError
        ('{"a": ' * 50 + "1" + "}" * 50, "nested"),
        ("not json", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ("[" * 100_000 + "]" * 100_000, "larger than"),
    ],
    ids=lambda v: v[:20] if isinstance(v, str) and len(v) > 20 else None,
)
def test_bad_settings_give_the_defaults_and_say_what(content, problem) -> None:
    settings_path().write_text(content, encoding="utf-8")
    settings = load_settings()
    assert settings == Settings()
    assert any(problem in p for p in settings.problems), settings.problems


def test_one_bad_rule_keeps_the_others() -> None:
    rules = {"chouzhuang_ends_hand": False, "xianjin_one_gold": "x"}
    settings_path().write_text(json.dumps({"pace": "fast", "rules": rules}), encoding="utf-8")
    settings = load_settings()
    assert settings.pace == "fast" and settings.rules.chouzhuang_ends_hand is False
    assert settings.rules.xianjin_one_gold == RuleConfig().xianjin_one_gold
    assert settings.problems == ("rules.xianjin_one_gold",)


def test_a_settings_file_with_a_byte_order_mark_is_read() -> None:
    settings_path().write_bytes(b"\xef\xbb\xbf" + json.dumps({"pace": "fast"}).encode())
    settings = load_settings()
    assert settings.pace == "fast" and not settings.problems


def test_a_missing_settings_file_is_no_problem() -> None:
    assert load_settings() == Settings() and not load_settings().problems


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_settings_that_are_no_file_are_never_waited_on(kind) -> None:
    """A FIFO (open would wait for a writer), a link to /dev/zero (never ends), a folder:
    every table command reads the settings first, and once hung or crashed on these."""
    path = settings_path()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    out = run_python(
        """
        from ningde_tui.settings.store import load_settings
        s = load_settings()
        print(s.pace, s.problems)
        """,
        timeout=30,
    )
    assert out.startswith("normal (") and "not a file" in out


def test_read_capped_refuses_more_than_its_bound(tmp_path) -> None:
    big = tmp_path / "big"
    big.write_bytes(b"x" * 1001)
    assert read_capped(big, 1001) == b"x" * 1001
    with pytest.raises(FileTooLarge):
        read_capped(big, 1000)
    with pytest.raises(NotRegularFile):
        load_json(tmp_path, 1000)


# ----------------------------------------------------------------------------- records folder
@posix_only
@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_no_file_in_the_records_folder_hangs_a_command(folders, kind) -> None:
    """A FIFO or a link to a device named *.jsonl: listed as broken (the start screen and the
    recent games list once hung on it), and replay --check / review say why, exit 2."""
    records = folders / "data" / "records"
    records.mkdir(parents=True)
    odd = records / "odd.jsonl"
    if kind == "fifo":
        os.mkfifo(odd)
    else:
        odd.symlink_to("/dev/zero")
    out = run_python(
        """
        from ningde_tui.records.storage import list_records
        [s] = list_records()
        print(s.path.name, s.error)
        """,
        timeout=30,
    )
    assert out.startswith("odd.jsonl ") and "not a file" in out
    for command in (["replay", "--check", str(odd)], ["review", str(odd)]):
        done = run(command, timeout=30)
        assert done.returncode == 2, done.stderr
        assert "not a file" in done.stderr and "Traceback" not in done.stderr


# ----------------------------------------------------------------------------- one writer
@posix_only
def test_a_record_being_played_is_locked_against_a_second_writer(folders) -> None:
    path = new_record_path("play", 5)
    match = played_match(path)
    try:
        assert record_in_use(path)
        [summary] = list_records()
        assert summary.in_use and not summary.resumable
        assert latest_unfinished() is None  # not offered to continue
        with pytest.raises(RecordInUse):
            resume(path)
        with pytest.raises(RecordInUse):
            GameRecorder.append(path)
    finally:
        match.close()
    assert not record_in_use(path)
    [summary] = list_records()
    assert summary.resumable and latest_unfinished() is not None
    state = resume(path)
    Match.resumed(state).close()


@posix_only
def test_a_killed_player_leaves_no_stale_lock(folders) -> None:
    """The lock goes with the process, kill -9 included: the game can be continued at once."""
    path = new_record_path("play", 5)
    code = f"""
        import sys, time
        sys.path.insert(0, {str(ROOT / "tests")!r})
        from test_files_and_locks import played_match
        from pathlib import Path
        played_match(Path({str(path)!r}))
        print("ready", flush=True)
        time.sleep(60)
    """
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        assert record_in_use(path)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert not record_in_use(path)
    Match.resumed(resume(path)).close()


def test_two_games_in_the_same_second_with_the_same_seed_get_two_files(folders) -> None:
    """Both ask for the name before either has written (two windows started together)."""
    now = datetime(2026, 1, 2, 3, 4, 5)
    first, second = new_record_path("play", 9, now), new_record_path("play", 9, now)
    assert first == second
    seats = [{"name": "1", "kind": "human", "level": ""}] + [
        {"name": "greedy", "kind": "bot", "level": "greedy"}
    ] * 3
    a = GameRecorder.create(first, RuleConfig(), seats, 9)
    b = GameRecorder.create(second, RuleConfig(), seats, 9)
    try:
        assert a.path != b.path and a.path.exists() and b.path.exists()
        assert b.path.name == first.stem + "-2.jsonl"
    finally:
        a.close()
        b.close()
    assert all(replay_file(p).header["seed"] == 9 for p in (a.path, b.path))


# ----------------------------------------------------------------------------- bounds at entry
@pytest.mark.parametrize("seed", [10**MAX_SEED_DIGITS - 1, -(10**MAX_SEED_DIGITS - 1), 0])
def test_the_longest_seed_and_name_round_trip(folders, seed) -> None:
    name = "长" * MAX_NAME_CHARS
    path = folders / "game.jsonl"
    LaunchOptions(seed=seed, names=(name,))  # accepted at entry
    match = played_match(path, seed=seed, names=[name, "greedy", "greedy", "greedy"])
    match.close()
    replay = replay_file(path)  # read back
    assert replay.header["seed"] == seed and replay.header["seats"][0]["name"] == name
    Match.resumed(resume(path)).close()


@pytest.mark.parametrize(
    "options",
    [
        {"seed": 10**MAX_SEED_DIGITS},
        {"seed": -(10**MAX_SEED_DIGITS)},
        {"names": ("x" * (MAX_NAME_CHARS + 1),)},
        {"names": ("a\nb",)},
    ],
)
def test_what_no_record_could_hold_is_refused_at_entry(options) -> None:
    with pytest.raises(ValueError):
        LaunchOptions(**options)


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--seed", "1" * (MAX_SEED_DIGITS + 1)],
        ["demo", "--seed", "-" + "9" * (MAX_SEED_DIGITS + 1)],
        ["simulate", "--hands", "1", "--seed", "1" * (MAX_SEED_DIGITS + 1)],
        ["hotseat", "--humans", "2", "--names", "甲," + "乙" * (MAX_NAME_CHARS + 1)],
    ],
)
def test_the_command_line_refuses_them_with_exit_2(args) -> None:
    done = run(args, timeout=60)
    assert done.returncode == 2
    assert "at most" in done.stderr and "Traceback" not in done.stderr
    assert not (Path(os.environ[ENV_DATA_DIR]) / "records").exists()


def test_a_record_with_a_31_digit_seed_is_what_the_reader_refuses(tmp_path) -> None:
    """Why the bound: the reader's limit (jsonline.MAX_INT_DIGITS) is the writer's."""
    path = tmp_path / "long.jsonl"
    header = {"t": "game", "format": "ningde-record", "version": 2, "rules": {}, "seats": []}
    path.write_text(json.dumps({**header, "seed": 10**MAX_SEED_DIGITS}) + "\n")
    start = time.monotonic()
    with pytest.raises(ValueError, match="digits"):
        replay_file(path)
    assert time.monotonic() - start < 5
