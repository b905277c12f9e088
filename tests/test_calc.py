"""`ningde calc` (interfaces.md §1): patterns of rules.md §9 priced by rules.md §11.

Every expected number is worked out by hand from rules.md §11 in the test's docstring:
b = J + K, plus Z only in a payment where the dealer is the winner or the payer;
平胡 b+1; 自摸 / later 三金倒 (b+1)×2; 抢金 (b+2)×2; 金顺/清一色/单钓 3b+30; 金雀 3b+15.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ningde_tui.cli.calc import main

ROOT = Path(__file__).resolve().parents[1]

# A plain 17-tile hand with no gold (gold 3s): 123m 456m 789m 234p 567p + 99s pair.
PLAIN = "123456789m234567p99s"
# The worked example of rules.md §11: gold 3s, kong 7777p, 2 golds as the pair.
EXAMPLE = ["--hand", "123456789m111p3s3s", "--melds", "kong 7777p", "--gold", "3s"]
EXAMPLE += ["--win", "1p", "--by", "self", "--streak", "2"]


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def as_argv(fields: dict[str, Any]) -> list[str]:
    """The flags for a dict of JSON fields (booleans become bare flags)."""
    argv: list[str] = []
    for key, value in fields.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            argv.append(flag)
        elif key == "melds":
            argv += [flag, ", ".join(value)]
        elif value is not False and value is not None:
            argv += [flag, str(value)]
    return argv


def score(capsys: pytest.CaptureFixture[str], expect_code: int = 0, **fields: Any) -> dict:
    """Score by flags with --json, and check --batch gives the same object."""
    code, out, err = run(capsys, [*as_argv(fields), "--json"])
    assert (code, err) == (expect_code, "")
    result = json.loads(out)
    assert batch_lines(capsys, [json.dumps(fields)]) == [result]
    return result


def batch_lines(capsys: pytest.CaptureFixture[str], lines: list[str]) -> list[dict]:
    stdin = sys.stdin
    sys.stdin = io.StringIO("\n".join(lines) + "\n")
    try:
        code, out, err = run(capsys, ["--batch", "-"])
    finally:
        sys.stdin = stdin
    assert (code, err) == (0, "")
    return [json.loads(line) for line in out.splitlines()]


def legal(pattern: str, zjk: tuple[int, int, int], dealer: int | None, other: int, total: int):
    z, j, k = zjk
    return {
        "legal": True,
        "pattern": pattern,
        "fan": {"zhuang": z, "jin": j, "gang": k},
        "pay": {"dealer": dealer, "other": other},
        "total": total,
    }


# ---------------------------------------------------------------------------------------------
# rules.md §11 worked example


def test_s11_worked_example_jinque_self_draw_json(capsys):
    """§11: non-dealer 金雀 by self-draw, J=2, one exposed kong K=1, Z=2.
    dealer (2+1+2)×3+15 = 30; others (2+1)×3+15 = 24; total 30+24+24 = 78."""
    code, out, err = run(capsys, [*EXAMPLE, "--json"])
    assert (code, err) == (0, "")
    assert out == (
        '{"legal": true, "pattern": "jinque", "fan": {"zhuang": 2, "jin": 2, "gang": 1}, '
        '"pay": {"dealer": 30, "other": 24}, "total": 78}\n'
    )


def test_s11_worked_example_readable_breakdown(capsys):
    """§11: the readable form shows each formula as computed; 自摸 (alternative) would be
    dealer (2+1+2+1)×2 = 12, others (2+1+1)×2 = 8 → 28."""
    code, out, err = run(capsys, EXAMPLE)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("金雀 Gold Pair")
    assert "庄番 2 · 金番 2 · 杠番 1" in lines[0]
    assert "庄家 dealer pays" in out and "(金2 + 杠1 + 庄2) × 3 + 15 = 30" in out
    assert "闲家 each other pays" in out and "(金2 + 杠1) × 3 + 15 = 24" in out
    assert "合计 total +78" in out
    assert "also: 自摸 28" in out


def test_s11_dealer_winner_three_equal_payments(capsys):
    """§11: the dealer wins the same hand: Z counts in all three payments,
    (2+1+2)×3+15 = 30 each, total 90; pay.dealer is null."""
    result = score(
        capsys,
        hand="123456789m111p3s3s",
        melds=["kong 7777p"],
        gold="3s",
        win="1p",
        by="self",
        dealer=True,
        streak=2,
    )
    assert result == legal("jinque", (2, 2, 1), None, 30, 90)


def test_s11_dealer_winner_readable(capsys):
    code, out, _ = run(capsys, [*EXAMPLE, "--dealer"])
    assert code == 0
    assert "三家各付 each of three pays  (金2 + 杠1 + 庄2) × 3 + 15 = 30" in out
    assert "合计 total +90" in out
    assert "庄家 dealer pays" not in out


@pytest.mark.parametrize(("streak", "dealer_pays"), [(1, 2), (3, 4), (7, 8)])
def test_s11_streak_counts_only_where_dealer_involved(capsys, streak, dealer_pays):
    """§11: non-dealer 平胡 with J=K=0: the dealer pays Z+0+1, each other player 0+1 = 1."""
    result = score(capsys, hand=PLAIN, gold="3s", win="9s", by="discard", streak=streak)
    assert result == legal("pinghu", (streak, 0, 0), dealer_pays, 1, dealer_pays + 2)


# ---------------------------------------------------------------------------------------------
# rules.md §9 patterns


def test_s9_pinghu_on_discard(capsys):
    """§9 平胡, §11 b+1: J=0, Z=1 → dealer 2, others 1, total 4."""
    result = score(capsys, hand=PLAIN, gold="3s", win="9s", by="discard")
    assert result == legal("pinghu", (1, 0, 0), 2, 1, 4)


def test_s9_pinghu_with_a_gold_as_a_wildcard(capsys):
    """§4 a gold stands for any tile (here 9m), J=1: dealer 1+1+1 = 3, others 2, total 7."""
    result = score(capsys, hand="12345678m3s234567p99s", gold="3s", win="9s", by="discard")
    assert result == legal("pinghu", (1, 1, 0), 3, 2, 7)


def test_s9_zimo_self_draw(capsys):
    """§9 自摸, §11 (b+1)×2: dealer (1+1)×2 = 4, others 2, total 8."""
    result = score(capsys, hand=PLAIN, gold="3s", win="9s", by="self")
    assert result == legal("zimo", (1, 0, 0), 4, 2, 8)


def test_s8_qiangjin_by_rob_with_robbed_indicator(capsys):
    """§8 抢金: 16 tiles + the robbed indicator (a gold, J=1) pairing 9s.
    (b+2)×2: dealer (1+1+2)×2 = 8, others (1+2)×2 = 6, total 20."""
    result = score(capsys, hand="123456789m234567p9s3s", gold="3s", win="3s", by="rob", robbed=True)
    assert result == legal("qiangjin", (1, 1, 0), 8, 6, 20)


def test_s8_qiangjin_by_heaven_dealer(capsys):
    """§8 天胡 scores as 抢金: dealer winner, J=0, each pays (0+1+2)×2 = 6, total 18."""
    result = score(capsys, hand=PLAIN, gold="3s", by="heaven", dealer=True)
    assert result == legal("qiangjin", (1, 0, 0), None, 6, 18)


# 3 golds and 14 unrelated tiles: no shape, only 三金倒 can win.
THREE_GOLDS_17 = "3s3s3s147m258m147p259p19s"
THREE_GOLDS_16 = "3s3s3s147m258m147p25p19s"


def test_s7_sanjindao_later_pays_as_zimo(capsys):
    """§7 三金倒 later, 自摸 formula, J=3: dealer (3+1+1)×2 = 10, others (3+1)×2 = 8, total 26."""
    result = score(capsys, hand=THREE_GOLDS_17, gold="3s", win="3s", by="self")
    assert result == legal("sanjindao", (1, 3, 0), 10, 8, 26)


def test_s7_sanjindao_at_start_non_dealer_reports_qiangjin(capsys):
    """§7/§8 起手三金倒 by a non-dealer in the 抢金 window: 16 tiles (3k+1), 抢金 formula:
    dealer (3+1+2)×2 = 12, others (3+2)×2 = 10, total 32."""
    result = score(capsys, hand=THREE_GOLDS_16, gold="3s", win="3s", by="self", start=True)
    assert result == legal("qiangjin", (1, 3, 0), 12, 10, 32)


def test_s7_sanjindao_dealer_start_17_tiles(capsys):
    """§8.1 the dealer's 起手三金倒 with 17 tiles: 抢金 formula, each (3+2+2)×2 = 14, total 42."""
    result = score(capsys, hand=THREE_GOLDS_17, gold="3s", by="heaven", dealer=True, streak=2)
    assert result == legal("qiangjin", (2, 3, 0), None, 14, 42)


def test_s7_sanjindao_never_on_a_discard(capsys):
    """§7 三金倒 is self-draw only: on a discard the shapeless hand is not a win (exit 1)."""
    result = score(capsys, 1, hand=THREE_GOLDS_17, gold="3s", win="9s", by="discard")
    assert result["legal"] is False and "三金倒" in result["reason"]


def test_s9_jinque_on_discard(capsys):
    """§9 金雀: 123m 456m 789m 234p 567p (7p on the discard) + the 2 golds as the pair. J=2:
    dealer (2+1)×3+15 = 24, others 2×3+15 = 21, total 66 (平胡 would be 4+3+3 = 10)."""
    result = score(capsys, hand="123456789m234567p3s3s", gold="3s", win="7p", by="discard")
    assert result == legal("jinque", (1, 2, 0), 24, 21, 66)


def test_s9_jinshun(capsys):
    """§9 金顺: three golds are one meld, the rest 4 melds + 99p with no gold. J=3:
    dealer (3+1)×3+30 = 42, others 3×3+30 = 39, total 120 (above 金雀's 27+24+24)."""
    result = score(capsys, hand="123456789m234p99p3s3s3s", gold="3s", win="9p", by="discard")
    assert result == legal("jinshun", (1, 3, 0), 42, 39, 120)


def test_s9_qingyise_with_white_as_gold_suit(capsys):
    """§4/§9 清一色: gold 5m, so the ww pair is 5m5m and the hand is all 万.
    J=0: dealer (0+1)×3+30 = 33, others 30, total 93."""
    result = score(capsys, hand="111234234678999mww", gold="5m", win="9m", by="discard")
    assert result == legal("qingyise", (1, 0, 0), 33, 30, 93)


def test_s9_white_takes_the_gold_suit_so_not_pure_with_other_gold(capsys):
    """§4: the same tiles with gold 5p: ww is 5p5p, not one suit → only 平胡 (2+1+1 = 4)."""
    result = score(capsys, hand="111234234678999mww", gold="5p", win="9m", by="discard")
    assert result == legal("pinghu", (1, 0, 0), 2, 1, 4)


def test_s4_white_stands_for_gold_face_in_a_sequence(capsys):
    """§4 替金: with gold 5m, 6m 7m w is 5m-6m-7m; the hand is pure 万 → 清一色 93."""
    result = score(capsys, hand="111223344m67mw888m99m", gold="5m", win="9m", by="discard")
    assert result == legal("qingyise", (1, 0, 0), 33, 30, 93)


def test_s4_white_is_not_wild(capsys):
    """§4: with gold 5p the white is 5p, so 67m w is no sequence: not a win (exit 1)."""
    result = score(capsys, 1, hand="111223344m67mw888m99m", gold="5p", win="9m", by="discard")
    assert result == {"legal": False, "reason": result["reason"]}
    assert result["reason"]


DANDIAO_MELDS = ["chi 123m", "pong 444p", "kong 7777s", "chi 678p", "pong 999m"]


def test_s9_dandiao_five_melds(capsys):
    """§9 单钓: five melds, the single tile 5s pairs on a discard. K=1:
    dealer (1+1)×3+30 = 36, others 1×3+30 = 33, total 102."""
    result = score(capsys, hand="55s", melds=DANDIAO_MELDS, gold="3s", win="5s", by="discard")
    assert result == legal("dandiao", (1, 0, 1), 36, 33, 102)


def test_s9_dandiao_drawing_a_gold_is_a_floor_of_jinque(capsys):
    """§9 "a win by drawing a gold scores at least 金雀" (seed 6 单钓或闲金时，抽来金的话，算金雀):
    金雀 (J1 K1: 24 + 21 + 21 = 66) joins the patterns, and 单钓 pays more:
    dealer (1+1+1)×3+30 = 39, others (1+1)×3+30 = 36, total 111."""
    result = score(capsys, hand="5s3s", melds=DANDIAO_MELDS, gold="3s", win="3s", by="self")
    assert result == legal("dandiao", (1, 1, 1), 39, 36, 111)


def test_s9_xianjin_drawing_a_gold_scores_jinque(capsys):
    """§9 闲金 (complete melds + one gold) drawing the second gold: 金雀, J=2:
    dealer (2+1)×3+15 = 24, others 21, total 66."""
    result = score(capsys, hand="123456789m234567p3s3s", gold="3s", win="3s", by="self")
    assert result == legal("jinque", (1, 2, 0), 24, 21, 66)


def test_s9_xianjin_drawing_a_gold_into_a_pure_suit_scores_qingyise(capsys):
    """§9: the gold drawn in 闲金 is a floor, not a cap: 123m456m789m123m456m + gold drawing
    the second gold is 清一色 J=2: dealer (2+1)×3+30 = 39, others 36, total 111 (金雀: 66)."""
    result = score(capsys, hand="123456789m123456m3s3s", gold="3s", win="3s", by="self")
    assert result == legal("qingyise", (1, 2, 0), 39, 36, 111)


def test_s9_dandiao_counts_a_concealed_kong(capsys):
    """§9 单钓's five declared melds may include an 暗杠 (seed "必须是吃碰杠"): 11m + four melds
    + ankong 9999p on a discard, K=2: dealer (2+1)×3+30 = 39, others 36, total 111 (not 平胡 10)."""
    melds = ["chi 123s", "pong 444p", "pong 777s", "chi 678p", "ankong 9999p"]
    result = score(capsys, hand="11m", melds=melds, gold="3m", win="1m", by="discard")
    assert result == legal("dandiao", (1, 0, 2), 39, 36, 111)


def test_s8_four_golds_with_the_robbed_indicator_or_the_indicator_in_play(capsys):
    """interfaces.md §1: the game holds 3 golds, 4 only when this hand robbed the indicator
    or the room plays it (indicator_in_play); 123m 456m 789m 234p, 5p + a gold, three golds."""
    four = dict(hand="123456789m2345p3s3s3s3s", gold="3s", win="3s")
    assert score(capsys, **four, by="rob", robbed=True)["fan"]["jin"] == 4
    assert score(capsys, **four, by="self", indicator_in_play=True)["fan"]["jin"] == 4


def test_s9_highest_total_wins_and_others_are_listed(capsys):
    """§9/§11: 金雀 self-drawn also fits 自摸; the readable form lists it with its total:
    自摸 J=2: dealer (2+1+1)×2 = 8, others (2+1)×2 = 6 → 20."""
    code, out, _ = run(
        capsys, ["--hand", "123456789m234567p3s3s", "--gold", "3s", "--win", "7p", "--by", "self"]
    )
    assert code == 0
    assert out.splitlines()[0].startswith("金雀 Gold Pair")
    assert "also: 自摸 20" in out


# ---------------------------------------------------------------------------------------------
# rules.md §7: declined 三金倒

# 3 golds each used alone: 1m·3m, 4p·6p, 7s·9s, + 123m 456m + 99m. Only 平胡/自摸 fit.
THREE_LONE_GOLDS = "13m46p79s3s3s3s123456m99m"


def test_s7_three_lone_golds_pinghu_without_decline(capsys):
    """Baseline: J=3, 平胡 dealer 3+1+1 = 5, others 4, total 13."""
    result = score(capsys, hand=THREE_LONE_GOLDS, gold="3s", win="9m", by="discard")
    assert result == legal("pinghu", (1, 3, 0), 5, 4, 13)


def test_s7_declined_three_gold_refuses_pinghu(capsys):
    """§7: after declining, a win must pay at least 三金倒 (自摸 formula: 10+8+8 = 26);
    平胡 pays 13 → not legal, exit 1 (also in the readable form)."""
    fields = dict(hand=THREE_LONE_GOLDS, gold="3s", win="9m", by="discard")
    result = score(capsys, 1, **fields, declined_three_gold=True)
    assert result["legal"] is False and "26" in result["reason"]
    code, out, err = run(capsys, [*as_argv(fields), "--declined-three-gold"])
    assert (code, err) == (1, "")
    assert out.startswith("不是和牌 not a legal win: ")


def test_s7_declined_three_gold_allows_jinque(capsys):
    """§7: 金雀 with J=3 pays dealer (3+1)×3+15 = 27, others 24, total 75 ≥ 26: legal.
    (The hand before, 12m456789m57p123s + 3 golds, cannot reach 金顺 or 清一色, so the §9
    restriction asks no more than 金雀.)"""
    result = score(
        capsys,
        hand="123456789m57p123s9s9s9s",
        gold="9s",
        win="3m",
        by="discard",
        declined_three_gold=True,
    )
    assert result == legal("jinque", (1, 3, 0), 27, 24, 75)


def test_s7_declined_three_gold_may_still_declare_it_later(capsys):
    """§7 "they may still declare 三金倒 after a later draw": it pays exactly the bar, 26."""
    result = score(
        capsys, hand=THREE_GOLDS_17, gold="3s", win="3s", by="self", declined_three_gold=True
    )
    assert result == legal("sanjindao", (1, 3, 0), 10, 8, 26)


# ---------------------------------------------------------------------------------------------
# The discard-win restriction (rules.md §9) applies in the calculator as in the game


def test_s9_discard_win_below_a_possible_jinque_is_refused(capsys):
    """§9: before the discard the hand (123m456m789m234p55p + 2 golds) wins 金雀 on 5p, a tile
    that can be discarded; so on the discard 4p it may not win as 平胡 (4p5p+gold, 5p+gold)."""
    result = score(capsys, 1, hand="123456789m234p455p3s3s", gold="3s", win="4p", by="discard")
    assert result["legal"] is False
    assert "金雀" in result["reason"]


# ---------------------------------------------------------------------------------------------
# Input forms


@pytest.mark.parametrize(
    "melds",
    [
        ["--melds", "chi 123m, pong 444p, kong 7777s, chi 678p, pong 999m"],
        ["--melds", "chi 123m pong 444p kong 7777s chi 678p pong 999m"],
        ["--melds", "chi 123m,pong 444p", "--melds", "kong 7777s chi 678p ,pong 999m"],
    ],
)
def test_melds_flag_separated_by_commas_or_spaces(capsys, melds):
    code, out, _ = run(
        capsys,
        ["--hand", "55s", "--gold", "3s", "--win", "5s", "--by", "discard", *melds, "--json"],
    )
    assert code == 0
    assert json.loads(out)["total"] == 102


def test_melds_json_single_string_form(capsys):
    line = {
        "hand": "55s",
        "melds": " ".join(DANDIAO_MELDS),
        "gold": "3s",
        "win": "5s",
        "by": "discard",
    }
    assert batch_lines(capsys, [json.dumps(line)])[0]["pattern"] == "dandiao"


def test_ankong_counts_two_gang_fan(capsys):
    """§11 K: concealed kong 2, exposed 1. Non-dealer 自摸 with ankong 9999p + kong 7777s, K=3:
    dealer (0+3+1+1)×2 = 10, others (3+1)×2 = 8, total 26."""
    result = score(
        capsys,
        hand="123456789m99s",
        melds=["ankong 9999p", "kong 7777s"],
        gold="3s",
        win="9s",
        by="self",
    )
    assert result == legal("zimo", (1, 0, 3), 10, 8, 26)


def test_chi_with_white_as_gold_face(capsys):
    """§4: gold 5m, `chi 46mw` is 4m-5m-6m (a legal meld); the rest is 12 + 2 concealed tiles."""
    result = score(
        capsys, hand="123789m234567p99s", melds=["chi 46mw"], gold="5m", win="9s", by="discard"
    )
    assert result == legal("pinghu", (1, 0, 0), 2, 1, 4)


def test_help_exits_zero(capsys):
    code, out, _ = run(capsys, ["--help"])
    assert code == 0 and "--batch" in out


# ---------------------------------------------------------------------------------------------
# Malformed input: one line on stderr, exit 2 (interfaces.md §1)

BASE = {"hand": PLAIN, "gold": "3s", "win": "9s", "by": "discard"}


def flags(**change: Any) -> list[str]:
    fields = {**BASE, **change}
    return as_argv({k: v for k, v in fields.items() if v is not None})


# id -> (argv, a word the one-line message must contain)
MALFORMED_FLAGS: dict[str, tuple[list[str], str]] = {
    "bad tile": (flags(hand="123456789m234567p99x"), "'x'"),
    "rank zero": (flags(hand="023456789m234567p99s"), "rank 0"),
    "unknown by": (flags(by="tsumo"), "tsumo"),
    "too few tiles": (flags(hand="123456789m234567p9s"), "16 tiles"),
    "too many tiles": (flags(hand="123456789m234567p999s"), "18 tiles"),
    "16 tiles by self without start": (
        flags(hand=THREE_GOLDS_16, win="3s", by="self"),
        "16 tiles",
    ),
    "16 tiles at start with 2 golds": (
        flags(hand="3s3s147m258m147p259p19s", win="3s", by="self", start=True),
        "16 tiles",
    ),
    "16 tiles at start, 3rd gold robbed": (
        flags(hand=THREE_GOLDS_16, win="3s", by="self", start=True, robbed=True),
        "16 tiles",
    ),
    "16 tiles at start on a discard": (
        flags(hand=THREE_GOLDS_16, win="3s", start=True),
        "16 tiles",
    ),
    "5 copies in hand": (flags(hand="11111m456789m234p99s"), "copies of 1m"),
    "5 copies hand + meld": (
        flags(hand="11m456789m234p999s", melds=["pong 111m"]),
        "copies of 1m",
    ),
    "5 golds by face": (flags(hand="3s3s3s3s3s456789m234p99s"), "copies of 3s"),
    "5 whites": (flags(hand="wwwww456789m234p99s"), "copies of w"),
    "win not in hand": (flags(win="1s"), "not in hand"),
    "win missing": (flags(win=None), "win"),
    "win two tiles": (flags(win="99s"), "one tile"),
    "streak zero": (flags(streak=0), "streak"),
    "streak negative": (flags(streak=-1), "streak"),
    "streak not int": (flags(streak="two"), "streak"),
    "chi not consecutive": (flags(hand="123456789m234p99s", melds=["chi 124m"]), "not a chi"),
    "chi two suits": (flags(hand="123456789m234p99s", melds=["chi 12m3p"]), "not a chi"),
    "chi white wrong face": (
        flags(hand="123456789m234p99s", melds=["chi 47mw"], gold="5m"),
        "not a chi",
    ),
    "pong not identical": (flags(hand="123456789m234p99s", melds=["pong 556p"]), "not a pong"),
    "pong holding the gold": (
        flags(hand="123456789m234p99s", melds=["pong 66mw"], gold="6m"),
        "gold",
    ),
    "pong of white and another face": (
        flags(hand="123456789m234p99s", melds=["pong 77mw"], gold="6m"),
        "not a pong",
    ),
    "kong not identical": (flags(hand="123456789m99s", melds=["kong 7776s"]), "not a kong"),
    "ankong three tiles": (flags(hand="123456789m234p99s", melds=["ankong 999p"]), "4 tiles"),
    "unknown meld kind": (flags(hand="123456789m234p99s", melds=["peng 555p"]), "peng"),
    "meld without tiles": (flags(hand="123456789m234p99s", melds=["pong"]), "no tiles"),
    "meld bad tile": (flags(hand="123456789m234p99s", melds=["pong 555x"]), "'x'"),
    "pong of golds": (flags(hand="123456789m234p99s", melds=["pong 333s"]), "gold"),
    "chi with a gold": (flags(hand="123456789m234p99s", melds=["chi 234s"]), "gold"),
    "six melds": (flags(hand="5s", melds=[*DANDIAO_MELDS, "chi 123p"]), "6 melds"),
    "robbed without gold": (flags(robbed=True), "robbed"),
    "gold won on a discard": (flags(hand="123456789m234567p9s3s", win="3s"), "never discarded"),
    "four golds, indicator set aside": (
        flags(hand="123456789m2345p3s3s3s3s", win="3s", by="self"),
        "only 3",
    ),
    "five golds with the robbed indicator": (
        flags(hand="123456789m234p3s3s3s3s3s", win="3s", by="rob", robbed=True),
        "copies of 3s",
    ),
    "heaven not dealer": (flags(by="heaven", win=None), "dealer"),
    "gold white": (flags(gold="w"), "白板"),
    "gold two tiles": (flags(gold="33s"), "one tile"),
    "gold bad": (flags(gold="3x"), "'x'"),
    "missing hand": (flags(hand=None), "--hand"),
    "missing gold": (flags(gold=None), "--gold"),
    "unknown flag": ([*flags(), "--fast"], "--fast"),
    "batch with other flags": (["--batch", "-", "--hand", PLAIN], "--hand"),
}


@pytest.mark.parametrize(("argv", "needle"), MALFORMED_FLAGS.values(), ids=MALFORMED_FLAGS.keys())
def test_malformed_flags_exit_2_with_one_line(capsys, argv, needle):
    """interfaces.md §1: malformed input → one clear line on stderr, exit 2, no traceback."""
    code, out, err = run(capsys, argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("ningde calc: ")
    assert needle in err
    assert "Traceback" not in err


MALFORMED_JSON = {
    "not json": "{hand: 1}",
    "not an object": json.dumps([BASE]),
    "a string": json.dumps("hand"),
    "unknown field": json.dumps({**BASE, "colour": "red"}),
    "hand not a string": json.dumps({**BASE, "hand": 123}),
    "missing hand": json.dumps({k: v for k, v in BASE.items() if k != "hand"}),
    "missing by": json.dumps({k: v for k, v in BASE.items() if k != "by"}),
    "dealer not bool": json.dumps({**BASE, "dealer": "yes"}),
    "robbed as 1": json.dumps({**BASE, "robbed": 1}),
    "streak bool": json.dumps({**BASE, "streak": True}),
    "streak string": json.dumps({**BASE, "streak": "2"}),
    "streak float": json.dumps({**BASE, "streak": 2.0}),
    "streak zero": json.dumps({**BASE, "streak": 0}),
    "melds number": json.dumps({**BASE, "melds": 5}),
    "melds list of numbers": json.dumps({**BASE, "melds": [1]}),
    "win number": json.dumps({**BASE, "win": 9}),
    "bad tile": json.dumps({**BASE, "hand": "123456789m234567p99q"}),
    "wrong count": json.dumps({**BASE, "hand": "123456789m234567p9s"}),
    "unknown by": json.dumps({**BASE, "by": "ron"}),
    "heaven not dealer": json.dumps({**BASE, "by": "heaven"}),
    "gold won on a discard": json.dumps({**BASE, "hand": "123456789m234567p9s3s", "win": "3s"}),
    "four golds": json.dumps({**BASE, "hand": "123456789m2345p3s3s3s3s", "win": "3s"}),
    "indicator_in_play not bool": json.dumps({**BASE, "indicator_in_play": "yes"}),
}


@pytest.mark.parametrize("line", MALFORMED_JSON.values(), ids=MALFORMED_JSON.keys())
def test_malformed_batch_line_is_an_error_object(capsys, line):
    [result] = batch_lines(capsys, [line])
    assert list(result) == ["error"]
    assert result["error"].startswith("line 1: ")


# ---------------------------------------------------------------------------------------------
# --batch


def test_batch_good_illegal_malformed_and_blank_lines(capsys, tmp_path):
    good = json.dumps(
        {
            "hand": "123456789m111p3s3s",
            "melds": ["kong 7777p"],
            "gold": "3s",
            "win": "1p",
            "by": "self",
            "streak": 2,
        }
    )
    illegal = json.dumps(
        {"hand": "123456789m234567p19s", "gold": "3s", "win": "9s", "by": "discard"}
    )
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join([good, "", illegal, "not json", "   ", good]) + "\n")
    code, out, err = run(capsys, ["--batch", str(path)])
    assert (code, err) == (0, "")
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == 4
    assert results[0] == legal("jinque", (2, 2, 1), 30, 24, 78)
    assert results[1]["legal"] is False and results[1]["reason"]
    assert results[2]["error"].startswith("line 4: ")
    assert results[3] == results[0]


def test_batch_accepts_json_flag(capsys, tmp_path):
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(BASE) + "\n")
    code, out, _ = run(capsys, ["--batch", str(path), "--json"])
    assert code == 0 and json.loads(out)["pattern"] == "pinghu"


def test_batch_unreadable_file_exits_2(capsys, tmp_path):
    code, out, err = run(capsys, ["--batch", str(tmp_path / "missing.jsonl")])
    assert (code, out) == (2, "")
    assert err.startswith("ningde calc: cannot read") and len(err.splitlines()) == 1


def test_batch_empty_input_prints_nothing(capsys):
    assert batch_lines(capsys, [""]) == []


# ---------------------------------------------------------------------------------------------
# Through a real process: exit statuses

CALC = [
    sys.executable,
    "-c",
    "import sys; from ningde_tui.cli.calc import main; sys.exit(main(sys.argv[1:]))",
]


def proc(argv: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CALC, *argv], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_process_legal_win_exit_0():
    p = proc([*EXAMPLE, "--json"])
    assert (p.returncode, p.stderr) == (0, "")
    assert json.loads(p.stdout)["total"] == 78


def test_process_not_a_win_exit_1():
    p = proc(["--hand", "123456789m234567p19s", "--gold", "3s", "--win", "9s", "--by", "discard"])
    assert p.returncode == 1
    assert p.stdout.startswith("不是和牌 not a legal win")


@pytest.mark.parametrize(
    "argv",
    [flags(hand="12x"), flags(streak="x"), flags(melds=["pong 556p"]), ["--bogus"], []],
)
def test_process_malformed_exit_2_no_traceback(argv):
    p = proc(argv)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def test_process_batch_from_stdin():
    lines = [json.dumps(BASE), "[]", json.dumps({**BASE, "win": "1m", "by": "self"})]
    p = proc(["--batch", "-"], stdin="\n".join(lines))
    assert (p.returncode, p.stderr) == (0, "")
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert out[0]["total"] == 4
    assert "error" in out[1]
    assert out[2]["pattern"] == "zimo"
