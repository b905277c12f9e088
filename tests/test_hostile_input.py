"""Hostile records and calculator lines: each input here once
crashed a command with a traceback, or took seconds and echoed megabytes. Every one is now
refused as interfaces.md §1-§2 say: ``replay --check`` exit 2 with the line and the reason, one
``{"error"}`` per ``calc --batch`` line (the later lines still answered), flags exit 2 — never a
traceback, and a broken record in the data folder is listed as broken without stopping the app.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hostile_records import HEAVEN, HOSTILE_LINES, write_record

from ningde_tui.cli.calc import main as calc_main
from ningde_tui.cli.replay import main as replay_main
from ningde_tui.records.jsonline import raw_lines, split_lines
from ningde_tui.records.record import replay_file
from ningde_tui.records.storage import ENV_DATA_DIR, latest_unfinished, list_records, resume
from ningde_tui.rules.game import ActionType
from ningde_tui.table.match import Match

ROOT = Path(__file__).resolve().parent.parent
# A plain 17-tile 平胡 on a discard (gold 3s): a legal line to check the run goes on.
GOOD_CALC = {"hand": "123456789m234567p99s", "gold": "3s", "win": "9s", "by": "discard"}


def assert_refused(status: int, out: str, err: str, line: int, *reason: str) -> None:
    assert status == 2, err
    assert out == ""
    assert "Traceback" not in err
    [message] = [m for m in err.splitlines() if m.strip()]
    assert f"line {line}:" in message, message
    for word in reason:
        assert word in message, message
    assert len(message) < 600, len(message)  # values are shortened, not echoed whole


@pytest.mark.parametrize(("line", "reason"), HOSTILE_LINES.values(), ids=list(HOSTILE_LINES.keys()))
def test_hostile_record_line_is_refused(tmp_path, capsys, line, reason):
    path = write_record(tmp_path, [HEAVEN[0], line, *HEAVEN[2:]])
    for flags in ([], ["--json"]):
        status = replay_main(["--check", *flags, str(path)])
        out = capsys.readouterr()
        assert_refused(status, out.out, out.err, 2, *reason)


def test_non_ascii_digit_in_an_action_is_a_bad_tile(tmp_path, capsys):
    act = json.dumps({"t": "act", "seat": 0, "a": "discard", "tile": "²m"}, ensure_ascii=False)
    path = write_record(tmp_path, [*HEAVEN[:2], act])
    status = replay_main(["--check", str(path)])
    out = capsys.readouterr()
    assert_refused(status, out.out, out.err, 3, "bad tile", "²")


@pytest.mark.serial  # times the refusal
def test_huge_lines_are_refused_at_once_and_not_echoed(tmp_path, capsys):
    """A 50 MB tile string took 19 s and 1 GB and came back whole on stderr (52 MB); an 8.7 M
    tile wall took 14 s. Both are refused by their length, before any parsing."""
    tiles = '{"t": "hand", "wall": ["' + "1m" * 25_000_000 + '"]}'
    wall = '{"t": "hand", "wall": [' + ", ".join(['"1m"'] * 8_700_000) + "]}"
    for line in (tiles, wall):
        path = write_record(tmp_path, [HEAVEN[0], line])
        started = time.monotonic()
        status = replay_main(["--check", str(path)])
        elapsed = time.monotonic() - started
        out = capsys.readouterr()
        assert_refused(status, out.out, out.err, 2, "bytes long")
        assert elapsed < 5.0, elapsed  # refused unread (reading it took 19 s)
        path.unlink()  # pytest keeps the last runs' folders: not 50 MB of them


def test_every_hostile_record_through_the_real_command(tmp_path):
    """The installed command: exit 2 and one message per file, never a traceback (exit 1)."""
    paths = [
        write_record(tmp_path, [HEAVEN[0], line, *HEAVEN[2:]], f"bad{i}.jsonl")
        for i, (line, _) in enumerate(HOSTILE_LINES.values())
    ]
    script = (
        "import sys\nfrom ningde_tui.cli.replay import main\n"
        "for p in sys.argv[1:]:\n"
        "    print(main(['--check', p]), file=sys.stderr)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script, *map(str, paths)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.splitlines()[1::2] == ["2"] * len(paths)


# --------------------------------------------------------------------------- line ends
def test_names_with_unicode_line_breaks_continue(tmp_path):
    """A player named with U+2028 or U+0085 passed ``replay --check`` but could not be
    continued: ``str.splitlines`` split the game line where the byte reader did not."""
    path = tmp_path / "names.jsonl"
    names = ["甲\u2028乙", "丙\x85丁", "戊\u2029", "己\x1c\x1d\x1e"]
    match = Match.new(4, [], humans=(0, 1, 2, 3), names=names, recorder_path=path)
    for _ in range(6):
        seat = match.game.to_act()[0]
        legal = match.game.legal_actions(seat)
        match.apply(next((a for a in legal if a.type != ActionType.PASS), legal[0]))
    match.close()
    text = path.read_text(encoding="utf-8")
    assert "\\u2028" in text and "\u2028" not in text  # written escaped now
    # as the writer wrote them before: the characters themselves
    path.write_text(text.replace("\\u2028", "\u2028").replace("\\u0085", "\x85"), "utf-8")
    assert "\u2028" in path.read_text(encoding="utf-8")
    assert replay_file(path).header["seats"][0]["name"] == names[0]
    state = resume(path)
    assert [s.name for s in state.seats] == names
    assert state.session.game.decisions == match.game.decisions


# --------------------------------------------------------------------------- data folder
@pytest.fixture
def broken_folder(tmp_path, monkeypatch) -> Path:
    """A data folder holding one broken record of each kind the fuzzing run found."""
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_DATA_DIR, str(folder))
    records = folder / "records"
    records.mkdir(parents=True)
    for i, (line, _) in enumerate(HOSTILE_LINES.values()):
        write_record(records, [HEAVEN[0], line, *HEAVEN[2:]], f"2025010{i}-bad.jsonl")
    (records / "folder.jsonl").mkdir()
    return records


def test_broken_records_are_listed_as_broken(broken_folder):
    summaries = list_records()
    assert len(summaries) == len(HOSTILE_LINES) + 1
    assert all(s.error for s in summaries)
    assert all(s.error.startswith("line 2:") for s in summaries if s.path.is_file())
    assert latest_unfinished() is None


def test_continue_with_a_broken_record_in_the_folder(broken_folder):
    """``ningde play --continue`` crashed (exit 0) on one such file; now the start screen."""
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from ningde_tui.records.storage import latest_unfinished; print(latest_unfinished())",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert (proc.returncode, proc.stdout.strip()) == (0, "None"), proc.stderr


# --------------------------------------------------------------------------- calc
CALC_HOSTILE = {
    "superscript digit": (
        json.dumps({**GOOD_CALC, "hand": "123456789m234567p9²s"}, ensure_ascii=False),
        "²",
    ),
    "4,400-digit streak": (
        json.dumps(GOOD_CALC)[:-1] + ', "streak": ' + "9" * 4400 + "}",
        "4400 digits",
    ),
    "nested 100,000 deep": ("[" * 100000 + "]" * 100000, "bytes long"),
    "nested 30,000 deep": ("[" * 30000 + "]" * 30000, "nested"),
    "lone surrogate in melds": (
        json.dumps({**GOOD_CALC, "melds": "chi \ud800"}),
        "surrogate",
    ),
    "Infinity": (json.dumps(GOOD_CALC)[:-1] + ', "streak": Infinity}', "Infinity"),
}


def calc_process(argv: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    code = "import sys; from ningde_tui.cli.calc import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *argv], input=stdin, capture_output=True, cwd=ROOT, timeout=60
    )


def test_calc_batch_answers_every_line_from_a_file_and_stdin(tmp_path):
    good = json.dumps(GOOD_CALC).encode()
    lines = [good]
    for line, _ in CALC_HOSTILE.values():
        lines += [line.encode("utf-8", errors="surrogatepass"), good]
    lines += [b'{"hand": "\xff\xfe"}', good]  # invalid UTF-8 stopped --batch FILE
    data = b"\n".join(lines) + b"\n"
    path = tmp_path / "hands.jsonl"
    path.write_bytes(data)
    for proc in (calc_process(["--batch", str(path)]), calc_process(["--batch", "-"], data)):
        assert (proc.returncode, proc.stderr) == (0, b""), proc.stderr
        answers = [json.loads(line) for line in proc.stdout.decode().splitlines()]
        assert len(answers) == len(lines)
        assert all(a["pattern"] == "pinghu" for a in answers[::2])
        errors = [a["error"] for a in answers[1::2]]
        needles = [needle for _, needle in CALC_HOSTILE.values()] + ["UTF-8"]
        for number, (error, needle) in enumerate(zip(errors, needles, strict=True), start=1):
            assert error.startswith(f"line {2 * number}: ") and needle in error, error
            assert len(error) < 400


@pytest.mark.parametrize(
    "argv",
    [
        ["--hand", "123456789m234567p9²s"],
        ["--hand", "123456789m234567p99s", "--streak", "9" * 5000],
        ["--hand", "123456789m234567p99s", "--melds", "chi ２３４m"],
        ["--hand", "x" * 100_000],
    ],
    ids=["superscript", "huge streak", "full-width meld", "long hand"],
)
def test_calc_flags_exit_2_not_a_traceback(capsys, argv):
    status = calc_main([*argv, "--gold", "3s", "--win", "9s", "--by", "discard"])
    out = capsys.readouterr()
    assert (status, out.out) == (2, "")
    [message] = out.err.splitlines()
    assert message.startswith("ningde calc: ") and len(message) < 400


def test_one_line_splitter_for_text_and_files():
    """``split_lines`` (text) and ``raw_lines`` (files, stdin) split at ``\\n`` alone."""
    text = '{"n": "a\u2028b"}\r\n{"n": "c\x85d\u2029e\x1cf\x0bg\x0ch"}\n\n{"n": 3}'
    from_file = [line.data.decode() for line in raw_lines(io.BytesIO(text.encode()))]
    assert split_lines(text) == from_file == text.replace("\r\n", "\n").split("\n")
    assert len(text.splitlines()) > len(from_file)  # what continuing used to do
