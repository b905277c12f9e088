"""The commands' text speaks one language (``--lang``, else the settings', else Chinese) and
numbers seats 1-4 as the screens do; ``ningde review --seat N`` and every JSON keep
interfaces.md §2 and §5 as they are, with the record's seats 0-3."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ningde_tui.cli.replay import main as replay_main
from ningde_tui.cli.review import main as review_main
from ningde_tui.cli.simulate import main as simulate_main
from ningde_tui.cli.stats import main as stats_main
from ningde_tui.settings.store import Settings, save_settings

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def english_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.fixture
def record(tmp_path, capsys) -> Path:
    """A simulated game of two hands whose first seat is written as a player's (P1)."""
    folder = tmp_path / "records"
    simulate_main(["--hands", "2", "--seed", "3", "--bots", "normal,normal,normal,normal",
                   "--record", str(folder)])  # fmt: skip
    capsys.readouterr()
    path = next(folder.glob("*.jsonl"))
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seats"][0] = {"name": "P1", "kind": "human", "level": ""}
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return path


def run(main, capsys, *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_stats_in_chinese_names_the_player_and_the_bots_in_chinese(record, capsys):
    status, out = run(stats_main, capsys, "--dir", str(record.parent))
    assert status == 0 and out.startswith("1 局 · 2 手")
    assert "玩家1" in out and "P1" not in out
    assert "normal-1（电脑·普通）" in out  # a simulated bot has a name of its own, and its level
    assert english_words(out.replace("normal", "")) == []
    status, out = run(stats_main, capsys, "--dir", str(record.parent), "--lang", "en")
    assert out.startswith("1 games · 2 hands") and "Player 1" in out
    assert "normal-1 (normal bot)" in out and not CJK.search(out)


def test_stats_player_filter_takes_the_name_the_lists_show(record, capsys):
    _, shown = run(stats_main, capsys, "--dir", str(record.parent), "--player", "玩家1", "--json")
    _, written = run(stats_main, capsys, "--dir", str(record.parent), "--player", "P1", "--json")
    assert json.loads(shown) == json.loads(written)
    assert [p["name"] for p in json.loads(shown)["players"]] == ["P1"]  # the JSON: as recorded


def test_stats_follows_the_settings_language(record, capsys):
    save_settings(Settings(lang="en"))
    _, out = run(stats_main, capsys, "--dir", str(record.parent))
    assert out.startswith("1 games") and not CJK.search(out)


def test_review_numbers_seats_1_to_4_and_speaks_one_language(record, capsys):
    status, out = run(review_main, capsys, str(record))  # the first human seat: 1号位
    assert status == 0 and out.startswith("复盘 1号位（玩家1）")
    assert english_words(out) == [], out  # tiles as 五万 (the settings' style)
    status, out = run(review_main, capsys, str(record), "--seat", "1", "--lang", "en")
    assert out.startswith("Review of seat 2 (normal-1 (normal bot))") and not CJK.search(out)
    assert "decisions" in out


def test_review_json_keeps_the_records_seat_numbers(record, capsys):
    status, out = run(review_main, capsys, str(record), "--seat", "3", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and rows[-1]["summary"] is True and rows[-1]["seat"] == 3
    assert all(r["seat"] == 3 for r in rows[:-1]) and rows[:-1]


@pytest.mark.parametrize("seat", ["-1", "4", "x"])
def test_review_refuses_a_seat_outside_0_to_3(record, capsys, seat):
    with pytest.raises(SystemExit) as stop:
        review_main([str(record), "--seat", seat])
    assert stop.value.code == 2
    assert "--seat" in capsys.readouterr().err


def test_replay_text_and_check_number_seats_1_to_4(record, capsys):
    status, out = run(replay_main, capsys, "--text", str(record))
    seats, deal = out.splitlines()[:2]
    # who sits where, each player named as every view names them, then the hands
    assert status == 0 and seats.startswith("座位：1号位（玩家1） · 2号位（") and "P1" not in out
    assert deal.startswith("— 第1局：庄家 ")
    steps = out.split("\n", 1)[1]  # (simulate names its bots normal-1 …: names, not words)
    assert english_words(steps) == [], english_words(steps)
    assert re.search(r"[1-4]号位 打 ", out) and "0号位" not in out
    status, out = run(replay_main, capsys, "--check", str(record), "--lang", "en")
    assert re.match(r"hand 1: dealer seat [1-4] ", out) and not CJK.search(out)
    status, out = run(replay_main, capsys, "--check", "--json", str(record))
    winners = [json.loads(line)["winner"] for line in out.splitlines()]
    assert all(w is None or 0 <= w <= 3 for w in winners)  # interfaces.md §2: the record's seats
