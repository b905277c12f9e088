"""A seeded fuzzer over the two hostile-input doors: game records mutated at random
(bytes and JSON values) through ``replay --check`` and the recent-games scan, and calculator
lines through ``calc --batch`` and the flags. Whatever the mutation, the answer is a result,
exit 2 with ``line N: reason``, or ``{"error"}`` — never an exception, and every batch line gets
exactly one answer. A few seconds in all; the seeds make any failure reproducible."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest

from ningde_tui.cli.calc import main as calc_main
from ningde_tui.cli.replay import main as replay_main
from ningde_tui.records.record import RecordError
from ningde_tui.records.storage import resume, summarize
from ningde_tui.table.match import Match

RECORDS = Path(__file__).parent / "records"


def played_game() -> bytes:
    """A game as the app records it (with a seed, so it can be continued): a human and three
    bots, 150 random legal decisions over some hands."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        match = Match.new(39, ["greedy"] * 3, recorder_path=path)
        rng = random.Random(1)
        for _ in range(150):
            if match.hand_over:
                match.finish_hand()
                match.next_hand()
            seat = match.game.to_act()[0]
            match.apply(rng.choice(match.game.legal_actions(seat)))
        match.close()
        return path.read_bytes()


SOURCES = [p.read_bytes() for p in sorted(RECORDS.glob("*.jsonl"))] + [played_game()] * 4

TOKENS = [
    "²", "５", "٣", "9" * 4400, "[" * 40, "]", "{", "}", '"', "\\", "\\ud800", "\u2028", "\x85",
    "\r", "\n", "NaN", "-Infinity", "1e999", "-0", "true", "null", "0m", "10m", "w", "99999999999",
]  # fmt: skip
VALUES: list[Any] = [
    None, True, -1, 0, 4, 7, 10**30, 2.5, "", "²m", "1m" * 200, ["1m"] * 113, [[[[[]]]]], {},
    {"a": 1}, "pong", "win", "\ud800", "\u2028", [3, 4], [0, 7], "discard",
]  # fmt: skip


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(6)
    at = rng.randrange(len(data) + 1)
    if kind == 0:  # insert a hostile token
        return data[:at] + rng.choice(TOKENS).encode("utf-8", errors="surrogatepass") + data[at:]
    if kind == 1:  # one random byte
        return data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
    if kind == 2:  # cut a span out
        return data[:at] + data[at + rng.randrange(1, 40) :]
    if kind == 3:  # torn: the file stops mid-line
        return data[:at]
    lines = data.split(b"\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if kind == 4:  # a line twice
        lines.insert(j, lines[i])
    else:  # two lines swapped
        lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def mutate_value(obj: Any, rng: random.Random) -> Any:
    """One value somewhere in a parsed line replaced, added or dropped."""
    if isinstance(obj, dict) and obj:
        key = rng.choice(list(obj))
        roll = rng.random()
        if roll < 0.15:
            obj.pop(key)
        elif roll < 0.3:
            obj[rng.choice(["x", "tile", "tiles", "a", "seat", "t", "rules", "seed"])] = rng.choice(
                VALUES
            )
        elif isinstance(obj[key], (dict, list)) and obj[key] and roll < 0.6:
            mutate_value(obj[key], rng)
        else:
            obj[key] = rng.choice(VALUES)
    elif isinstance(obj, list) and obj:
        i = rng.randrange(len(obj))
        obj[i] = rng.choice(VALUES) if rng.random() < 0.7 else mutate_value(obj[i], rng)
    return obj


def mutate_record(data: bytes, rng: random.Random) -> bytes:
    if rng.random() < 0.5:
        for _ in range(rng.randrange(1, 4)):
            data = mutate_bytes(data, rng)
        return data
    lines = data.decode("utf-8").split("\n")
    i = rng.randrange(len(lines) - 1)
    lines[i] = json.dumps(mutate_value(json.loads(lines[i]), rng), ensure_ascii=False)
    return "\n".join(lines).encode("utf-8", errors="surrogatepass")


@pytest.mark.parametrize("seed", range(4))
def test_mutated_records_are_replayed_or_refused(tmp_path, capsys, seed):
    rng = random.Random(f"records-{seed}")
    path = tmp_path / "fuzz.jsonl"
    refused = 0
    for case in range(250):
        data = mutate_record(rng.choice(SOURCES), rng)
        path.write_bytes(data)
        status = replay_main(["--check", "--json", str(path)])
        out = capsys.readouterr()
        where = f"seed {seed} case {case}: {data[:300]!r}"
        assert "Traceback" not in out.err, where
        if status == 2:
            refused += 1
            [message] = [m for m in out.err.splitlines() if m.strip()]
            assert ": line " in message, where
            assert len(message) < 1000, where
        else:
            assert status == 0, where
            for row in out.out.splitlines():
                json.loads(row)
        summary = summarize(path)  # the recent-games scan never raises
        assert (summary.error is not None) == (status == 2), where
        if status == 0:
            try:
                resume(path)  # continuing: the game, or RecordError
            except RecordError:
                pass
    assert refused > 60  # the fuzzer does reach the refusals


GOOD_LINES = [
    {"hand": "123456789m234567p99s", "gold": "3s", "win": "9s", "by": "discard"},
    {"hand": "123456789m111p3s3s", "melds": ["kong 7777p"], "gold": "3s", "win": "1p",
     "by": "self", "streak": 2, "dealer": True},
    {"hand": "5s", "melds": "chi 123m, pong 555p, kong 7777s, ankong 9999p, chi 234p",
     "gold": "3s", "win": "5s", "by": "self"},
]  # fmt: skip


def test_mutated_calculator_lines_each_get_one_answer(tmp_path, capsys):
    rng = random.Random("calc")
    lines = []
    for _ in range(1500):
        text = json.dumps(GOOD_LINES[rng.randrange(len(GOOD_LINES))])
        if rng.random() < 0.5:
            lines.append(mutate_bytes(text.encode(), rng).replace(b"\n", b" "))
        else:
            obj = mutate_value(json.loads(text), rng)
            lines.append(json.dumps(obj, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    status = calc_main(["--batch", str(path)])
    out = capsys.readouterr()
    assert (status, out.err) == (0, "")
    answers = [json.loads(row) for row in out.out.splitlines()]
    expected = [n for n, line in enumerate(lines, start=1) if line.strip()]
    assert len(answers) == len(expected)
    for number, answer in zip(expected, answers, strict=True):
        if "error" in answer:
            assert answer["error"].startswith(f"line {number}: "), answer
            assert "internal error" not in answer["error"], (number, lines[number - 1])
        else:
            assert isinstance(answer["legal"], bool), answer


def test_mutated_calculator_flags_exit_0_1_or_2(capsys):
    rng = random.Random("flags")
    for case in range(600):
        fields = dict(GOOD_LINES[rng.randrange(len(GOOD_LINES))])
        key = rng.choice(["hand", "gold", "win", "by", "melds", "streak"])
        value = fields.get(key, "1")
        value = ", ".join(value) if isinstance(value, list) else str(value)
        for _ in range(rng.randrange(1, 3)):
            raw = mutate_bytes(value.encode("utf-8", "surrogateescape"), rng)
            value = raw.decode("utf-8", errors="surrogateescape")  # as argv decodes bytes
        fields[key] = value
        argv = []
        for name, v in fields.items():
            if v is True:
                argv.append("--" + name)
            else:
                argv += ["--" + name, ", ".join(v) if isinstance(v, list) else str(v)]
        status = calc_main(argv)
        out = capsys.readouterr()
        assert status in (0, 1, 2), (case, argv)
        if status == 2:
            assert out.out == "" and len(out.err.splitlines()) == 1, (case, argv, out.err)
