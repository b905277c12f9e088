"""``ningde replay --check [--json]`` on good and malformed records (interfaces.md §2).

Every malformed record must give exit status 2 and one clear message on stderr naming the line
and the reason — no traceback, nothing on stdout (nothing is half-printed either).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ningde_tui.cli.replay import main as replay_main

RECORDS = Path(__file__).parent / "records"
ROOT = Path(__file__).resolve().parent.parent
RESULT_KEYS = ["hand", "winner", "pattern", "by", "deltas", "scores", "dealer", "streak", "events"]
# added since (interfaces.md: fields may be added): who dealt in, for `ningde stats`
ADDED_KEYS = ["discarder"]

Lines = list[dict[str, Any]]


def load(name: str) -> Lines:
    return [json.loads(line) for line in (RECORDS / name).read_text(encoding="utf-8").splitlines()]


def write(tmp_path: Path, objs: list[Any], name: str = "bad.jsonl") -> Path:
    path = tmp_path / name
    lines = [o if isinstance(o, str) else json.dumps(o, ensure_ascii=False) for o in objs]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def act(seat: int, a: str, **extra: Any) -> dict[str, Any]:
    return {"t": "act", "seat": seat, "a": a, **extra}


def run_check(path: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> tuple[int, str, str]:
    status = replay_main(["--check", *flags, str(path)])
    out = capsys.readouterr()
    return status, out.out, out.err


def assert_refused(status: int, out: str, err: str, line: int | None, *reason: str) -> None:
    assert status == 2
    assert out == ""
    assert "Traceback" not in err
    messages = [m for m in err.splitlines() if m.strip()]
    assert len(messages) == 1, err
    if line is not None:
        assert f"line {line}:" in messages[0], messages[0]
    for word in reason:
        assert word in messages[0], messages[0]


# --------------------------------------------------------------------------- mutations
# chouzhuang.jsonl: line 1 game, 2 hand (dealer 0, no gold in any hand, the dealer has no 7m),
# 3 "0 discard 1m", 4 "1 discard 1m", ...; heaven.jsonl: 3 "0 win" (the dealer holds a 9s gold).
def _replace(index: int, new: Any) -> Callable[[Lines], list[Any]]:
    def mutate(objs: Lines) -> list[Any]:
        out: list[Any] = list(objs)
        out[index] = new
        return out

    return mutate


def _game(**changes: Any) -> Callable[[Lines], list[Any]]:
    def mutate(objs: Lines) -> list[Any]:
        return [{**objs[0], **changes}, *objs[1:]]

    return mutate


def _wall(change: Callable[[list[str]], list[str]]) -> Callable[[Lines], list[Any]]:
    def mutate(objs: Lines) -> list[Any]:
        hand = dict(objs[1])
        hand["wall"] = change(list(hand["wall"]))
        return [objs[0], hand, *objs[2:]]

    return mutate


def _hand(**changes: Any) -> Callable[[Lines], list[Any]]:
    def mutate(objs: Lines) -> list[Any]:
        return [objs[0], {**objs[1], **changes}, *objs[2:]]

    return mutate


def _append(obj: dict[str, Any]) -> Callable[[Lines], list[Any]]:
    return lambda objs: [*objs, obj]


def _five_5m(wall: list[str]) -> list[str]:
    i = next(i for i, t in enumerate(wall) if t != "5m")
    wall[i] = "5m"
    return wall


def _bad_tile(wall: list[str]) -> list[str]:
    wall[7] = "0m"
    return wall


CZ, HV, CL = "chouzhuang.jsonl", "heaven.jsonl", "claims_omitted.jsonl"
CASES: list[tuple[str, str, Callable[[Lines], list[Any]], int, tuple[str, ...]]] = [
    ("not JSON", CZ, _replace(2, '{"t": "act", "seat": 0,'), 3, ("JSON",)),
    ("not an object", CZ, _replace(2, "[1, 2, 3]"), 3, ("object",)),
    ("no game line", CZ, lambda o: o[1:], 1, ("game line",)),
    ("wrong format", CZ, _game(format="mahjong-log"), 1, ("format",)),
    ("wrong version", CZ, _game(version=3), 1, ("version",)),
    ("unknown rule", CZ, _game(rules={"no_such_rule": True}), 1, ("no_such_rule",)),
    ("bad rule value", CZ, _game(rules={"rob_kong": "yes"}), 1, ("rob_kong",)),
    ("bad dice", CZ, _hand(dice=[0, 7]), 2, ("dice",)),
    ("wall of 111", CZ, _wall(lambda w: w[:-1]), 2, ("112", "111")),
    ("wall of 113", CZ, _wall(lambda w: [*w, "1m"]), 2, ("112", "113")),
    ("five 5m", CZ, _wall(_five_5m), 2, ("5m×5",)),
    ("bad tile in the wall", CZ, _wall(_bad_tile), 2, ("bad tile", "0m")),
    ("bad tile in an act", CZ, _replace(2, act(0, "discard", tile="10m")), 3, ("bad tile",)),
    ("discard a gold", HV, _replace(2, act(0, "discard", tile="9s")), 3, ("illegal", "gold")),
    ("tile not in hand", CZ, _replace(2, act(0, "discard", tile="7m")), 3, ("illegal", "7m")),
    ("out of turn", CZ, _replace(3, act(2, "discard", tile="1m")), 4, ("illegal", "seat 2")),
    ("seat 4", CZ, _replace(2, act(4, "discard", tile="1m")), 3, ("seat",)),
    ("unknown action", CZ, _replace(2, act(0, "riichi")), 3, ("riichi",)),
    ("chi without tiles", CL, _replace(4, act(1, "chi")), 5, ("chi", "tiles")),
    ("after the hand", HV, _append(act(1, "discard", tile="1m")), 4, ("over",)),
    ("unknown line type", CZ, _replace(2, {"t": "comment"}), 3, ("comment",)),
    ("second game line", CZ, lambda o: [o[0], *o], 2, ("game",)),
    ("act before a hand", CZ, lambda o: [o[0], *o[2:]], 2, ("hand",)),
    ("result too early", CZ, lambda o: [*o[:3], {"t": "result"}], 4, ("not over",)),
    ("unknown result field", HV, _append({"t": "result", "colour": "red"}), 4, ("colour",)),
    ("result of hand 2", HV, _append({"t": "result", "hand": 2}), 4, ("hand", "2")),
]


@pytest.mark.parametrize(
    ("base", "mutate", "line", "reason"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_malformed_record_is_refused(tmp_path, capsys, base, mutate, line, reason):
    """interfaces.md §2: exit status 2, one message naming the line and the reason."""
    path = write(tmp_path, mutate(load(base)))
    assert_refused(*run_check(path, capsys), line, *reason)
    assert_refused(*run_check(path, capsys, "--json"), line, *reason)


def test_chi_by_a_seat_that_is_not_the_next_one(tmp_path, capsys):
    """rules.md §5: only the 下家 of the discarder may chi. In claims_omitted.jsonl seat 3
    throws 7p (line 6); seat 2 holds 5p6p but is not seat 3's 下家: its chi is refused. The
    dealer (seat 0, the 下家) may chi the same 7p with 8p9p."""
    objs = load("claims_omitted.jsonl")
    assert objs[5] == act(3, "discard", tile="7p") and objs[6] == act(0, "win")
    objs[6] = act(2, "chi", tiles=["5p", "6p"])
    assert_refused(*run_check(write(tmp_path, objs), capsys), 7, "illegal", "seat 2")
    objs[6] = act(0, "chi", tiles=["8p", "9p"])
    objs.append(act(0, "discard", tile="5p"))
    status, out, err = run_check(
        write(tmp_path, objs, "ok.jsonl"), capsys, "--json", "--lang", "en"
    )
    assert (status, out) == (0, "")
    assert "unfinished" in err and "seat 2 is to act" in err  # seats 1-4: the record's seat 1


def test_result_line_that_disagrees(capsys):
    """interfaces.md §2: the record's result line says deltas [-6, 20, -8, -6]."""
    status, out, err = run_check(RECORDS / "result_bad.jsonl", capsys, "--json")
    assert_refused(status, out, err, 5, "deltas", "[-8, 20, -6, -6]")


def test_error_in_a_later_hand_prints_nothing(tmp_path, capsys):
    """interfaces.md §2 ('nothing is half-applied'): hand 1 of a two-hand record is fine, hand
    2's line is not; no result of hand 1 is printed before the failure."""
    objs = load("last_round_draw.jsonl")
    second = next(i for i, o in enumerate(objs) if o["t"] == "hand" and i > 1)
    objs[second + 1] = act(0, "discard", tile="9s")  # the dealer holds a gold (the 9s)
    assert_refused(*run_check(write(tmp_path, objs), capsys, "--json"), second + 2, "gold")


def test_next_hand_must_follow_from_the_last(tmp_path, capsys):
    """rules.md §2: after a 流局 the dealer deals again with streak 2; a hand line that says
    streak 1 does not follow from the record."""
    objs = load("last_round_draw.jsonl")
    second = next(i for i, o in enumerate(objs) if o["t"] == "hand" and i > 1)
    objs[second] = {**objs[second], "streak": 1}
    assert_refused(*run_check(write(tmp_path, objs), capsys), second + 1, "streak")


def test_missing_file(tmp_path, capsys):
    assert_refused(*run_check(tmp_path / "nope.jsonl", capsys), None, "nope.jsonl")


def test_empty_file(tmp_path, capsys):
    path = tmp_path / "empty.jsonl"
    path.write_text("", encoding="utf-8")
    assert_refused(*run_check(path, capsys), 1, "empty")


def test_not_utf8(tmp_path, capsys):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes((RECORDS / "heaven.jsonl").read_bytes() + b'{"t": "act", "x": "\xe9"}\n')
    assert_refused(*run_check(path, capsys), None, "UTF-8")


# --------------------------------------------------------------------------- output format
def test_json_output_has_exactly_the_interface_keys(capsys):
    """interfaces.md §2: one JSON object per hand with exactly hand, winner, pattern, by,
    deltas, scores, dealer, streak, events — and the fields added since (discarder)."""
    status, out, err = run_check(RECORDS / "last_round_draw.jsonl", capsys, "--json")
    assert (status, err) == (0, "")
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 2
    for number, row in enumerate(rows, start=1):
        assert sorted(row) == sorted(RESULT_KEYS + ADDED_KEYS)
        assert row["hand"] == number
        assert isinstance(row["deltas"], list) and len(row["deltas"]) == 4
        assert isinstance(row["scores"], list) and len(row["scores"]) == 4
        assert isinstance(row["events"], list)
    assert rows[0]["winner"] is None and rows[0]["pattern"] == "draw" and rows[0]["by"] is None
    assert rows[1]["scores"] == [30, -10, -10, -10]


def test_plain_check_output(capsys):
    """Without --json, each hand in the player's language (the settings', else Chinese), the
    seats numbered 1-4 as the screens number them: the record's winner 1 is 2号位."""
    status, out, err = run_check(RECORDS / "rob_gold.jsonl", capsys)
    assert (status, err) == (0, "")
    assert out.startswith("第1局：庄家 1号位") and "2号位 胡 抢金" in out and "+20" in out
    assert not [w for w in re.findall(r"[A-Za-z]+", out)]  # no English beside the Chinese
    status, out, err = run_check(RECORDS / "rob_gold.jsonl", capsys, "--lang", "en")
    assert out.startswith("hand 1: dealer seat 1") and "seat 2 wins Rob the Gold" in out
    assert not [c for c in out if "\u4e00" <= c <= "\u9fff"]


# --------------------------------------------------------------------------- subprocess
def _ningde(*args: str) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("ningde")
    cmd = [str(exe), *args] if exe.exists() else [sys.executable, "-m", "ningde_tui", *args]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_subprocess_bad_record(tmp_path):
    """The installed ``ningde`` command: exit 2, one message, no traceback, empty stdout."""
    objs = load("chouzhuang.jsonl")
    objs[2] = act(0, "discard", tile="7m")
    proc = _ningde("replay", "--check", str(write(tmp_path, objs)))
    assert_refused(proc.returncode, proc.stdout, proc.stderr, 3, "7m")


def test_subprocess_module_good_record():
    """``python -m ningde_tui replay --check --json``: the results, exit 0."""
    cmd = [sys.executable, "-m", "ningde_tui", "replay", "--check", "--json"]
    proc = subprocess.run(
        [*cmd, str(RECORDS / "heaven.jsonl")], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    row = json.loads(proc.stdout)
    assert sorted(row) == sorted(RESULT_KEYS + ADDED_KEYS)
    assert (row["winner"], row["by"], row["deltas"]) == (0, "heaven", [24, -8, -8, -8])


def test_subprocess_missing_file(tmp_path):
    proc = _ningde("replay", "--check", str(tmp_path / "missing.jsonl"))
    assert_refused(proc.returncode, proc.stdout, proc.stderr, None, "missing.jsonl")
