"""One test (or a few) per rule of the seed page and per [choice], citing rules.md §."""

from __future__ import annotations

import copy

import pytest
from helpers import act, new_game, pass_claims, pass_window, types

from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import Action, ActionType, Game, IllegalAction, Phase
from ningde_tui.rules.melds import Meld, MeldKind
from ningde_tui.rules.refusal import RefusalCode
from ningde_tui.rules.scenario import build_wall
from ningde_tui.rules.scoring import Fan, Formula, WinInput, evaluate_win, is_single_wait
from ningde_tui.rules.session import HandSetup, Session
from ningde_tui.rules.tiles import (
    TOTAL_TILES,
    WHITE,
    TileError,
    format_tiles,
    full_set,
    parse_tile,
    parse_tiles,
)
from ningde_tui.rules.wall import break_point, shuffled_wall

t = parse_tile


# --------------------------------------------------------------------------- §1 tiles
def test_s1_there_are_112_tiles_four_of_each_of_28_kinds():
    tiles = full_set()
    assert len(tiles) == TOTAL_TILES == 112
    assert all(tiles.count(k) == 4 for k in range(28))
    assert tiles.count(WHITE) == 4


def test_s1_notation_any_order_and_white_as_w():
    tiles = parse_tiles("123m456p789s11sww")
    assert len(tiles) == 13 and tiles.count(WHITE) == 2
    assert format_tiles(tiles) == "123m456p11789sww"
    assert sorted(parse_tiles("w5m")) == sorted(parse_tiles("5mw"))


@pytest.mark.parametrize("bad", ["0m", "12", "m", "5x", "5w", "1 2 z"])
def test_s1_bad_notation_is_refused_with_a_reason(bad):
    with pytest.raises(TileError):
        parse_tiles(bad)


# --------------------------------------------------------------------------- §3 deal
def test_s3_dealer_gets_17_and_others_16_in_blocks_of_four():
    g = new_game({}, dealer=2)
    assert [len(h) for h in g.hands] == [16, 16, 17, 16]
    wall = g.wall.tiles
    # rules.md §3 convention: blocks of 4 from the dealer, rotating; tile 64 to the dealer
    assert sorted(g.hands[2]) == sorted(
        wall[0:4] + wall[16:20] + wall[32:36] + wall[48:52] + [wall[64]]
    )
    assert sorted(g.hands[3]) == sorted(wall[4:8] + wall[20:24] + wall[36:40] + wall[52:56])


def test_s3_chosen_hands_are_dealt_exactly():
    g = new_game({0: "123m456m789m123p45p77s", 1: "111p"})
    chosen = parse_tiles("123m456m789m123p45p77s")
    assert all(g.hands[0].count(x) >= chosen.count(x) for x in chosen)
    assert len(g.hands[0]) == 17 and g.hands[1].count(t("1p")) == 3


def test_s3_dice_choose_the_wall_to_break():
    # dealer counts as 1: dice 2+3 from dealer 1 → seat 1+5-1 = seat 1 (mod 4), 5 stacks in
    assert break_point(1, (2, 3)) == (1, 5)
    assert break_point(0, (1, 1)) == (1, 2)
    assert break_point(3, (6, 6)) == (2, 12)


def test_s3_first_draw_after_the_deal_is_tile_65():
    g = new_game({0: "1m"}, draws="7p")
    act(g, 0, "discard", "1m")
    pass_claims(g)
    assert g.phase == Phase.TURN and g.turn == 1 and g.drawn[1] == t("7p") == g.wall.tiles[65]


# --------------------------------------------------------------------------- §4 开金
def test_s4_gold_is_flipped_from_the_tail_and_set_aside():
    g = new_game({}, gold="3p")
    assert g.gold == t("3p") == g.wall.tiles[-1]
    assert g.wall.set_aside == [t("3p")]
    # 112 − 65 dealt − 1 indicator
    assert g.wall.left == 46


def test_s4_a_flipped_white_is_set_aside_and_the_next_tile_flipped():
    g = new_game({}, gold="3p", flipped_whites=2)
    assert g.gold == t("3p")
    assert g.wall.set_aside == [WHITE, WHITE, t("3p")]
    assert g.wall.left == 44


def test_s4_choice_indicator_in_play_is_the_next_tail_draw():
    g = new_game({0: "1111p"}, gold="3p", config=RuleConfig(indicator_in_play=True))
    assert g.wall.left == 47
    act(g, 0, "ankong", "1p")
    assert g.drawn[0] == t("3p") == g.gold  # the indicator drawn as an ordinary gold
    assert g.wall.indicator_taken


def test_s4_a_gold_can_never_be_discarded():
    g = new_game({0: "9s123m"})
    before = copy.deepcopy(g.hands)
    with pytest.raises(IllegalAction, match="gold"):
        act(g, 0, "discard", "9s")
    assert g.hands == before and g.phase == Phase.TURN and g.turn == 0
    assert all(a.tile != t("9s") for a in g.legal_actions(0))


def test_s4_white_plays_as_the_golds_face_in_chi_and_golds_are_never_used():
    # gold 5m: 白板 is a 5m for calls; the gold 5m itself never is
    g = new_game({0: "4m1p", 1: "3m5mw6m"}, gold="5m")
    act(g, 0, "discard", "4m")
    pass_window(g)
    chis = [a for a in g.legal_actions(1) if a.type == "chi"]
    assert {(t("3m"), WHITE), (t("6m"), WHITE)} <= {a.tiles for a in chis}
    assert all(t("5m") not in a.uses() for a in g.legal_actions(1))


def test_s4_two_whites_pong_a_white():
    g = new_game({0: "w1p", 2: "ww"}, gold="5m")
    act(g, 0, "discard", "w")
    pass_window(g)
    assert "pong" in types(g, 2)
    act(g, 2, "pong")
    pass_claims(g)
    assert g.melds[2][0].kind == MeldKind.PONG and g.melds[2][0].tiles == (WHITE,) * 3


# ---------------------------------------------------------------- §5 calls and their order
CALLS = {
    0: "4m111p222p333p444p5678s",
    1: "35m112233s56778899p",
    2: "44m",
    3: "35m",
}


def test_s5_chi_only_by_the_next_player_pong_by_anyone():
    g = new_game(CALLS)
    act(g, 0, "discard", "4m")
    pass_window(g)
    assert g.phase == Phase.CLAIM
    assert g.to_act() == [1, 2]
    assert "chi" in types(g, 1)
    assert "pong" in types(g, 2) and "chi" not in types(g, 2)
    assert not g.legal_actions(3)  # 3m5m, but not the 下家


def test_s5_pong_beats_chi():
    g = new_game(CALLS)
    act(g, 0, "discard", "4m")
    pass_window(g)
    act(g, 1, "chi", tiles="35m")
    act(g, 2, "pong")
    assert g.phase == Phase.TURN and g.turn == 2
    assert g.melds[2] == [Meld(MeldKind.PONG, (t("4m"),) * 3, claimed=t("4m"), source=0)]
    assert not g.melds[1]


def test_s5_after_chi_or_pong_discard_at_once_no_kong_no_win():
    hands = dict(CALLS)
    hands[2] = "44m7777m"
    g = new_game(hands)
    act(g, 0, "discard", "4m")
    pass_window(g)
    act(g, 1, "pass")
    act(g, 2, "pong")
    assert types(g, 2) == {"discard"}  # holds 7777m, but no kong until the next draw
    with pytest.raises(IllegalAction, match="discard"):
        act(g, 2, "ankong", "7m")


def test_s5_several_chi_combinations_are_offered():
    g = new_game({0: "4m1p", 1: "2356m"})
    act(g, 0, "discard", "4m")
    pass_window(g)
    combos = sorted(a.tiles for a in g.legal_actions(1) if a.type == "chi")
    assert combos == [(t("2m"), t("3m")), (t("3m"), t("5m")), (t("5m"), t("6m"))]


def test_s5_win_beats_pong():
    hands = dict(CALLS)
    hands[3] = "123456789p123s56m77s"
    g = new_game(hands)
    act(g, 0, "discard", "4m")
    pass_window(g)
    assert "win" in types(g, 3)
    act(g, 1, "pass")
    act(g, 2, "pong")
    act(g, 3, "win")
    r = g.result
    assert g.phase == Phase.OVER and r.winner == 3 and r.by == "discard" and r.pattern == "pinghu"
    # 平胡: b + 1; the dealer pays 庄1 more (rules.md §11)
    assert r.deltas == [-2, -1, -1, 4]


def test_s5_exposed_kong_draws_from_the_tail():
    g = new_game({0: "4m1p", 2: "444m"}, tail="7s")
    act(g, 0, "discard", "4m")
    pass_window(g)
    assert "kong" in types(g, 2)
    tail_before = g.wall.tail
    act(g, 2, "kong")
    assert g.melds[2][0].kind == MeldKind.KONG and len(g.melds[2][0].tiles) == 4
    assert g.drawn[2] == t("7s") and g.wall.tail == tail_before - 1
    assert g.turn == 2 and g.turn_drew  # may kong again or win on the replacement


def test_s5_concealed_kong_on_your_turn():
    g = new_game({0: "1111p"}, tail="7s")
    assert "ankong" in types(g, 0)
    act(g, 0, "ankong", "1p")
    assert g.melds[0][0].kind == "ankong" and g.drawn[0] == t("7s")


def test_s5_added_kong_on_an_exposed_pong():
    g = new_game({0: "4m1p", 2: "44m"}, draws="1s2s3s4m")
    act(g, 0, "discard", "4m")
    pass_window(g)
    act(g, 1, "pass")
    act(g, 2, "pong")
    act(g, 2, "discard", g_tile(g, 2))
    for seat in (3, 0, 1):
        pass_claims(g)
        assert g.turn == seat
        act(g, seat, "discard", g_tile(g, seat, drawn=True))
    pass_claims(g)
    assert g.turn == 2 and g.drawn[2] == t("4m")
    assert "addkong" in types(g, 2)
    act(g, 2, "addkong", "4m")
    assert g.melds[2][0].kind == MeldKind.KONG and g.melds[2][0].added
    assert g.reserve == 18


def g_tile(game: Game, seat: int, drawn: bool = False) -> str:
    from ningde_tui.rules.tiles import tile_str

    if drawn and game.drawn[seat] is not None and game.drawn[seat] != game.gold:
        return tile_str(game.drawn[seat])
    return tile_str(next(x for x in game.hands[seat] if x != game.gold))


def test_s5_a_call_that_would_leave_only_golds_is_not_offered():
    g = new_game({0: "4m1p"})
    # seat 2 keeps 4m 4m and two golds, four melds down: a pong would leave only golds
    g.hands[2] = [t("4m"), t("4m"), t("9s"), t("9s")]
    g.melds[2] = [Meld(MeldKind.PONG, (t(x),) * 3) for x in ("1s", "2s", "3s", "5s")]
    act(g, 0, "discard", "4m")
    pass_window(g)
    assert "pong" not in types(g, 2)


def test_s5_no_kong_when_the_wall_cannot_pay_for_it():
    g = new_game({0: "1111p"})
    g.wall.head = g.wall.tail - g.reserve - 4  # 4 drawable: a concealed kong needs 5
    assert "ankong" not in types(g, 0)
    g.wall.head -= 1
    assert "ankong" in types(g, 0)


def test_s5_choice_rob_kong():
    for rob in (False, True):
        g = new_game({0: "4m1p", 1: "123456789p123s56m77s"}, gold="9m")
        g.melds[0] = [Meld(MeldKind.PONG, (t("4m"),) * 3)]
        g.hands[0] = parse_tiles("4m1p2p3p5s6s7s8s1s2s3s55m")[:14]
        g.drawn[0] = t("4m")
        g.config = RuleConfig(rob_kong=rob)
        act(g, 0, "addkong", "4m")
        if rob:
            assert g.phase == "robkong" and "win" in types(g, 1)
            act(g, 1, "win")
            assert (
                g.result.winner == 1 and g.result.discarder == 0 and "rob_kong" in g.result.events
            )
        else:
            assert g.phase == Phase.TURN and g.melds[0][0].kind == MeldKind.KONG


# --------------------------------------------------------------------------- §6 wall end
def test_s6_reserve_grows_with_kongs():
    g = new_game({0: "1111p4m", 2: "444m"})
    assert g.reserve == 16
    act(g, 0, "ankong", "1p")
    assert g.reserve == 20  # concealed kong: +4
    act(g, 0, "discard", "4m")
    pass_window(g)
    act(g, 2, "kong")
    assert g.reserve == 22  # exposed kong: +2
    assert g.drawable == g.wall.left - 22


def _near_the_end(hands, draws, drawable=4, **kw):
    g = new_game(hands, draws=draws, **kw)
    g.wall.tail = 65 + g.reserve + drawable  # the wall beyond is the reserve
    return g


def test_s6_last_round_no_discards_and_automatic_self_drawn_win():
    hands = {0: "1s", 2: "123456789p123s56m77s"}
    g = _near_the_end(hands, draws="1m4m2m3m")
    act(g, 0, "discard", "1s")
    pass_claims(g)
    r = g.result
    assert g.phase == Phase.OVER and g.last_round
    assert r.winner == 2 and r.by == "self" and r.pattern == "zimo" and r.win_tile == t("4m")
    assert "last_round" in r.events
    assert r.deltas == [-4, -2, 8, -2]  # 自摸 (0+1)×2, the dealer (0+1+1)×2
    assert len(g.hands[1]) == 17 and len(g.hands[3]) == 16  # seat 1 drew, kept; seat 3 never drew


def test_s6_last_round_with_no_winner_is_a_draw_that_pays_nothing():
    s = Session(seed=1)
    s.dealer = 0
    wall_game = _near_the_end({0: "1s"}, draws="1m2m3m4m")
    s.game = wall_game
    act(wall_game, 0, "discard", "1s")
    pass_claims(wall_game)
    assert wall_game.result.pattern == "draw" and wall_game.result.deltas == [0, 0, 0, 0]
    assert sum(len(h) for h in wall_game.hands) == 16 * 4 + 4
    s.finish_hand()
    assert (s.dealer, s.streak) == (0, 2)  # 流局: the dealer deals again


def test_s6_last_round_starts_earlier_after_kongs():
    g = new_game({0: "1111p4m"})
    act(g, 0, "ankong", "1p")
    g.wall.head = g.wall.tail - g.reserve - 4
    act(g, 0, "discard", "4m")
    pass_claims(g)
    assert g.last_round and g.phase == Phase.OVER


# --------------------------------------------------------------------------- §7 三金倒, 臭庄
def test_s7_three_golds_at_the_start_score_as_rob_gold():
    g = new_game({0: "9s9s9s1m"})
    assert {"three_gold", "decline_three_gold"} <= types(g, 0)
    act(g, 0, "three_gold")
    r = g.result
    assert r.winner == 0 and r.pattern == "qiangjin" and "three_gold" in r.events
    # dealer wins: (金3 + 庄1 + 抢金1 + 胡1) × 2 = 12 from each
    assert r.deltas == [36, -12, -12, -12]


def test_s7_three_golds_drawn_later_score_as_self_draw():
    g = new_game({0: "1s", 1: SCATTERED_1}, draws="9s")
    act(g, 0, "discard", "1s")
    pass_claims(g)
    assert g.turn == 1 and {"three_gold", "decline_three_gold"} <= types(g, 1)
    act(g, 1, "three_gold")
    r = g.result
    assert r.pattern == "sanjindao" and r.by == "self"
    assert r.deltas == [-10, 26, -8, -8]  # (3+1)×2, the dealer (3+1+1)×2


def test_s7_declining_three_golds_is_remembered_and_offered_again_later():
    g = new_game({0: "1s", 1: SCATTERED_1}, draws="9s5p")
    act(g, 0, "discard", "1s")
    pass_claims(g)
    act(g, 1, "decline_three_gold")
    assert g.declined[1] and "three_gold" not in types(g, 1)
    assert "decline_three_gold" not in types(g, 1)
    act(g, 1, "discard", "1m")
    # a discard win must now pay at least what 三金倒 would (rules.md §7)
    w = WinInput(tuple(parse_tiles("9s9s9s123456789m12p3p")), (), t("9s"), t("3p"), "discard",
                 declined_three_gold=True)  # fmt: skip
    score = evaluate_win(w)
    assert score.pattern != "pinghu" or not score.legal


def test_s7_discarding_with_three_golds_declines():
    g = new_game({0: "9s9s9s1m"})
    act(g, 0, "discard", "1m")
    assert g.declined[0]
    assert "declined_three_gold" in g.rule_events


SCATTERED_1 = "9s9s1m4m7m2p5p8p3s6s1p4p7p2s5s8s"  # two golds and nothing close to complete

CHOUZHUANG = {
    0: "1p2m5m8m3s6s9m2p5p8p1s4s7s3m6m7p4p",
    1: "1p2m5m8m3s6s9m2p5p8p1s4s7s3m6m7p",
    2: "1p2m5m8m3s6s9m2p5p8p1s4s7s3m6m4m",
    3: "1p1m4m7m2s5s8s3p6p9p2s5s8s3m6m4m",
}


def _go_around(hands, first="1p", config: RuleConfig | None = None):
    g = new_game(hands, draws="7m8m7p", config=config)
    act(g, 0, "discard", first)
    for seat in (1, 2, 3):
        pass_claims(g)
        act(g, seat, "discard", first)
    return g


# the dealer (seat 0, 下家 of seat 3) could 吃 the fourth 1p with 2p3p
CHOUZHUANG_CHI = {**CHOUZHUANG, 0: "1p2m5m8m3s6s9m2p5p3p1s4s7s3m6m7p4p"}


def test_s7_chouzhuang_ends_the_hand_at_once_like_a_draw():
    """rules.md §7, seed 4-2 "第一张牌如果四家打一样的，认定为臭庄…庄家继续做庄，算第二庄":
    the hand is dead at once, nobody pays, and the dealer deals the next hand with the streak
    one higher (``chouzhuang_ends_hand`` on, the default)."""
    session = Session(seed=1)
    session.restore(dealer=0, streak=1, scores=[5, -5, 0, 0], passes=0)
    wall = build_wall(0, CHOUZHUANG, "7m8m7p", "9s")
    g = session.start_hand(HandSetup(0, 1, (2, 3), wall))
    act(g, 0, "discard", "1p")
    for seat in (1, 2, 3):
        pass_claims(g)
        act(g, seat, "discard", "1p")
    assert g.phase == Phase.OVER and g.to_act() == []
    r = g.result
    assert (r.winner, r.pattern, r.deltas, r.events) == (None, "draw", [0, 0, 0, 0], ["chouzhuang"])
    assert [e.kind for e in g.log][-2:] == ["chouzhuang", "liuju"]
    session.finish_hand()
    assert (session.dealer, session.streak, session.scores) == (0, 2, [5, -5, 0, 0])
    assert session.passes == 0


def test_s7_chouzhuang_leaves_no_claim_on_the_fourth_discard():
    """rules.md §7: "no claims on that fourth discard" — the dealer could 吃 it, but the hand
    is already over."""
    g = _go_around(CHOUZHUANG_CHI)
    assert g.phase == Phase.OVER and g.legal_actions(0) == []
    on = _go_around(CHOUZHUANG_CHI, config=RuleConfig(chouzhuang_ends_hand=False))
    assert on.phase == Phase.CLAIM and "chi" in types(on, 0)


def test_s7_choice_chouzhuang_ends_hand_off_plays_on_with_the_streak_raised_at_once():
    """rules.md §7 [choice] ``chouzhuang_ends_hand=false``: the earlier reading — announced,
    the streak one higher at once, and the hand goes on."""
    g = _go_around(CHOUZHUANG, config=RuleConfig(chouzhuang_ends_hand=False))
    assert "chouzhuang" in g.rule_events
    assert g.streak == 2 and g.phase == Phase.TURN and g.result is None


def test_s7_no_chouzhuang_when_the_first_discards_differ():
    hands = dict(CHOUZHUANG)
    hands[3] = "2p1m4m7m2s5s8s3p6p9p2s5s8s3m6m4m"
    g = new_game(hands, draws="7m8m7p")
    act(g, 0, "discard", "1p")
    for seat, tile in ((1, "1p"), (2, "1p"), (3, "2p")):
        pass_claims(g)
        act(g, seat, "discard", tile)
    assert "chouzhuang" not in g.rule_events and g.streak == 1


# --------------------------------------------------------------------------- §8 抢金 window
READY_1 = "123m456m789m123p45p77s"  # 16 tiles, waits 3p/6p
READY_3 = "123s456s789s123m45m77p"


def test_s8_dealers_heaven_win():
    g = new_game({0: "123m456m789m123p456p77s"})
    assert "win" in types(g, 0)
    act(g, 0, "win")
    r = g.result
    assert r.by == "heaven" and r.pattern == "qiangjin"
    assert r.deltas == [18, -6, -6, -6]  # (庄1 + 抢金1 + 胡1) × 2


def test_s8_a_ready_non_dealer_robs_the_gold():
    g = new_game({0: "1s", 1: READY_1})
    act(g, 0, "discard", "1s")
    assert g.phase == Phase.WINDOW and "rob_gold" in types(g, 1)
    act(g, 1, "rob_gold")
    r = g.result
    assert r.winner == 1 and r.by == "rob" and r.pattern == "qiangjin"
    assert g.robbed[1] and g.hands[1].count(g.gold) == 1
    # 金1 (the robbed indicator counts): (1 + 1 + 1) × 2 = 6; the dealer (1 + 1 + 1 + 1) × 2 = 8
    assert r.deltas == [-8, 20, -6, -6]


def test_s8_three_golds_of_a_non_dealer_beat_anothers_rob():
    g = new_game({0: "1s", 1: READY_1, 2: "9s9s9s"})
    act(g, 0, "discard", "1s")
    assert g.to_act() == [2, 1]  # level 1 (三金倒) before level 2 (抢金)
    act(g, 1, "rob_gold")
    act(g, 2, "three_gold")
    r = g.result
    assert r.winner == 2 and r.pattern == "qiangjin"
    assert r.deltas == [-12, -10, 32, -10]  # (3 + 2) × 2, the dealer (3 + 1 + 2) × 2


def test_s8_the_nearer_seat_robs_first():
    g = new_game({0: "1s", 1: READY_1, 3: READY_3})
    act(g, 0, "discard", "1s")
    assert g.to_act() == [1, 3]
    act(g, 3, "rob_gold")
    act(g, 1, "rob_gold")
    assert g.result.winner == 1


def test_s8_a_non_dealer_robs_before_the_dealer():
    g = new_game({0: "111p222p333p444p68s99m1s", 3: READY_3})
    act(g, 0, "discard", "1s")
    assert g.to_act() == [3, 0]
    act(g, 0, "rob_gold")
    act(g, 3, "rob_gold")
    assert g.result.winner == 3


def test_s8_the_dealer_may_rob_with_16_tiles():
    g = new_game({0: "111p222p333p444p68s99m1s"})
    act(g, 0, "discard", "1s")
    assert g.to_act() == [0]
    act(g, 0, "rob_gold")
    assert g.result.winner == 0 and g.result.pattern == "qiangjin"


def test_s8_when_all_decline_claims_on_the_dealers_discard_follow():
    g = new_game({0: "6p1s", 1: READY_1})
    act(g, 0, "discard", "6p")
    act(g, 1, "pass")
    assert g.phase == Phase.CLAIM and "win" in types(g, 1)


# --------------------------------------------------------------------------- §9 wins
def test_s9_discard_win_restricted_when_waiting_for_jinque():
    # 2 golds + 123m456m789m123p45p: 3p/6p make 金雀; so 4p (平胡) may not be won on a discard
    g = new_game({0: "4p1s", 1: "123m456m789m123p45p9s9s"})
    act(g, 0, "discard", "4p")
    pass_window(g)
    assert "win" not in types(g, 1)
    assert g.observation(1).win_blocked.code == RefusalCode.RESTRICTION
    assert "restricted" in g.rule_events


def test_s9_self_draw_may_win_any_way():
    g = new_game({0: "1s", 1: "123m456m789m123p45p9s9s"}, draws="4p")
    act(g, 0, "discard", "1s")
    pass_claims(g)
    assert "win" in types(g, 1)
    act(g, 1, "win")
    assert g.result.pattern == "zimo"


XIANJIN_2 = "123m456m789m123p456p9s"  # five melds and one gold: 闲金


LOCK_HANDS = {0: "1s", 1: "123s456s789s111m56m88p", 2: XIANJIN_2, 3: "4m"}


def _lock_scenario(config: RuleConfig | None = None, seat_2: str = XIANJIN_2) -> Game:
    """Seat 2 is dealt 闲金 (or ``seat_2``); the lock starts once it has discarded (rules.md
    §9). Then seat 3 discards 4m, which seat 1 (56m) and seat 2 (any tile pairs its gold)
    could win on."""
    g = new_game({**LOCK_HANDS, 2: seat_2}, draws="2p3p5p", config=config)
    act(g, 0, "discard", "1s")
    pass_claims(g)
    assert g.locked_by(1) is None  # dealt into 闲金, but seat 2 has not discarded yet
    for seat, tile in ((1, "2p"), (2, "3p")):
        act(g, seat, "discard", tile)
        pass_claims(g)
    act(g, 3, "discard", "4m")
    return g


def test_s9_lock_others_may_not_win_on_discards_while_a_player_waits_in_xianjin():
    g = _lock_scenario()
    assert g.single_wait(2) == "xianjin" and g.locked_by(1) == 2
    assert "win" not in types(g, 1)
    assert g.observation(1).win_blocked.code == RefusalCode.LOCK
    assert "win" in types(g, 2)  # the 闲金 player may win on the discard
    assert 1 not in g.to_act()  # nothing to offer seat 1: it is told why instead
    act(g, 2, "win")
    pass_claims(g)
    r = g.result
    assert r.winner == 2 and r.pattern == "pinghu" and r.discarder == 3 and "lock" in r.events
    assert r.deltas == [-3, -2, 7, -2]  # 金1: 1 + 1; the dealer 1 + 1 + 1


def test_s9_choice_single_wait_lock_off():
    g = _lock_scenario(RuleConfig(single_wait_lock=False))
    assert "win" in types(g, 1)


def _dandiao_drawing_a_gold(config: RuleConfig | None = None) -> Game:
    """Seat 1 waits in 单钓 on 5p (five pongs) and draws the gold 9s."""
    g = new_game({0: "1s", 1: "5p"}, draws="9s", config=config)
    g.hands[1] = [t("5p")]
    g.melds[1] = [Meld(MeldKind.PONG, (t(x),) * 3) for x in ("1m", "2m", "3m", "4m", "5m")]
    act(g, 0, "discard", "1s")
    pass_claims(g)
    assert g.single_wait(1) is None  # seat 1 drew: it holds 5p and the gold
    act(g, 1, "win")
    return g


def test_s9_a_gold_drawn_in_dandiao_is_a_floor_of_jinque():
    """rules.md §9, seed 6 "单钓或闲金时，抽来金的话，算金雀": 金雀 joins the patterns the hand
    fits and the best-paying one counts. Here 单钓 (J1: dealer (1+1)×3+30 = 36, others 33)
    pays more than 金雀 (dealer (1+1)×3+15 = 21, others 18: 57)."""
    r = _dandiao_drawing_a_gold().result
    assert r.pattern == "dandiao" and r.deltas == [-36, 102, -33, -33]
    assert r.score.candidates["jinque"] == 57


def test_s9_reading_gold_draw_floor_off_scores_exactly_jinque():
    """``gold_draw_floor=false``: the version-1 reading (金雀 and nothing else)."""
    r = _dandiao_drawing_a_gold(RuleConfig(gold_draw_floor=False)).result
    assert r.pattern == "jinque" and r.deltas == [-21, 57, -18, -18]


TWO_GOLDS_WAITING = "123m456m789m123p67p9s9s"  # a gold pair and 67p: 听金雀, not 闲金


def test_s9_xianjin_holds_exactly_one_gold():
    """rules.md §9, seed 6 "手中牌123,123,123,111,123和一金": one gold and complete melds."""
    gold = t("9s")
    assert is_single_wait(parse_tiles("123m456m789m123p9s"), (), gold) == "xianjin"
    assert is_single_wait(parse_tiles("123m456m789m67p9s9s"), (), gold) is None
    assert is_single_wait(parse_tiles("123m456m789m9s9s9s5p"), (), gold) is None  # 3 golds
    legacy = RuleConfig(xianjin_one_gold=False)
    assert is_single_wait(parse_tiles("123m456m789m67p9s9s"), (), gold, legacy) == "xianjin"


def test_s9_a_two_gold_jinque_wait_does_not_lock_the_table():
    """rules.md §9: a gold pair waiting on a meld is 听金雀 — its own discard wins are
    restricted, but the others may still win on discards (no lock)."""
    g = _lock_scenario(seat_2=TWO_GOLDS_WAITING)
    assert g.single_wait(2) is None and g.locked_by(1) is None
    assert "win" in types(g, 1) and g.observation(1).win_blocked is None


def test_s9_reading_xianjin_one_gold_off_locks_on_a_two_gold_wait():
    """``xianjin_one_gold=false`` (the version-1 reading): the same table is locked."""
    g = _lock_scenario(RuleConfig(xianjin_one_gold=False), TWO_GOLDS_WAITING)
    assert g.single_wait(2) == "xianjin" and g.locked_by(1) == 2
    assert "win" not in types(g, 1)


FOUR_MELDS_AND_ANKONG = (
    Meld(MeldKind.CHI, tuple(parse_tiles("123s"))),
    Meld(MeldKind.PONG, tuple(parse_tiles("444p"))),
    Meld(MeldKind.PONG, tuple(parse_tiles("777s"))),
    Meld(MeldKind.CHI, tuple(parse_tiles("678p"))),
    Meld(MeldKind.ANKONG, tuple(parse_tiles("9999p"))),
)


def test_s9_dandiao_counts_a_concealed_kong():
    """rules.md §9, seed 6 "必须是吃碰杠": an 暗杠 is a declared 杠, so four melds and an 暗杠
    with one tile left is 单钓 — and wins as 单钓: K=2, dealer (2+1)×3+30 = 39, others 36."""
    gold = t("3m")
    assert is_single_wait((t("1m"),), FOUR_MELDS_AND_ANKONG, gold) == "dandiao"
    w = WinInput(tuple(parse_tiles("11m")), FOUR_MELDS_AND_ANKONG, gold, t("1m"), "discard")
    score = evaluate_win(w)
    assert (score.pattern, score.total) == ("dandiao", 111)
    legacy = RuleConfig(dandiao_counts_ankong=False)
    assert is_single_wait((t("1m"),), FOUR_MELDS_AND_ANKONG, gold, legacy) is None
    assert (evaluate_win(w, legacy).pattern, evaluate_win(w, legacy).total) == ("pinghu", 10)


# --------------------------------------------------------------------------- §10 one winner
PURE_3 = "111p234p567p789p55p99p"  # waits 5p/9p: 清一色


def test_s10_higher_tier_beats_the_nearer_seat():
    hands = {0: "5p1s", 1: "46p123m456m123s456s77s", 3: PURE_3}
    g = new_game(hands, gold="9m")
    act(g, 0, "discard", "5p")
    pass_window(g)
    assert "win" in types(g, 1) and "win" in types(g, 3)
    act(g, 1, "win")
    act(g, 3, "win")
    r = g.result
    assert r.winner == 3 and r.pattern == "qingyise"
    assert r.deltas == [-33, -30, -30, 93]  # 0 × 3 + 30; the dealer 庄1 × 3 + 30


def test_s10_same_tier_goes_to_the_nearest_seat_after_the_discarder():
    hands = {0: "5p1s", 1: "46p123m456m123s456s77s", 3: "46p123s456s789s111m22m"}
    g = new_game(hands, gold="9m")
    act(g, 0, "discard", "5p")
    pass_window(g)
    act(g, 3, "win")
    act(g, 1, "win")
    assert g.result.winner == 1


# --------------------------------------------------------------------------- §11 scoring
def test_s11_worked_example():
    w = WinInput(
        concealed=tuple(parse_tiles("123m456m789m12p3p9s9s")),
        melds=(Meld(MeldKind.KONG, (t("5s"),) * 4),),
        gold=t("9s"),
        win_tile=t("3p"),
        by="self",
        dealer=False,
        streak=2,
    )
    score = evaluate_win(w)
    assert score.pattern == "jinque" and (score.jin, score.gang, score.zhuang) == (2, 1, 2)
    assert score.pay_dealer.amount == 30 and score.pay_other.amount == 24 and score.total == 78
    # (金2 + 杠1 + 庄2) × 3 + 15 = 30, as the views write it (tests/ui/test_words.py)
    assert score.pay_dealer.terms() == [(Fan.JIN, 2), (Fan.GANG, 1), (Fan.ZHUANG, 2)]
    assert score.pay_dealer.shape == Formula(inside=0, times=3, after=15)


def test_s11_choice_discarder_pays_all():
    hands = dict(CALLS)
    hands[3] = "123456789p123s56m77s"
    g = new_game(hands, config=RuleConfig(discarder_pays_all=True))
    act(g, 0, "discard", "4m")
    pass_window(g)
    act(g, 1, "pass")
    act(g, 2, "pass")
    act(g, 3, "win")
    assert g.result.deltas == [-4, 0, 0, 4]


def test_s11_scores_are_zero_sum_over_random_hands():
    import random

    from ningde_tui.bots.base import GreedyBot
    from ningde_tui.sim.simulate import play_hand

    rng = random.Random(5)
    for i in range(40):
        g = Game(shuffled_wall(rng), dealer=i % 4, streak=1 + i % 3)
        play_hand(g, [GreedyBot(i * 4 + s) for s in range(4)])
        assert sum(g.result.deltas) == 0


# --------------------------------------------------------------------------- §2 session
def _finish_with(session: Session, winner: int | None) -> None:
    from ningde_tui.rules.game import HandResult

    game = session.start_hand()
    game.result = HandResult(winner, None, "draw", None, [0, 0, 0, 0], game.dealer, game.streak)
    session.finish_hand()


def test_s2_dealer_keeps_the_deal_on_a_win_or_draw_and_passes_it_otherwise():
    s = Session(seed=3)
    d = s.dealer
    _finish_with(s, d)
    assert (s.dealer, s.streak, s.passes) == (d, 2, 0)
    _finish_with(s, None)
    assert (s.dealer, s.streak) == (d, 3)
    _finish_with(s, (d + 1) % 4)
    assert (s.dealer, s.streak, s.passes) == ((d + 1) % 4, 1, 1)


def test_s2_a_session_of_n_rounds_ends_after_4n_passes():
    s = Session(RuleConfig(rounds=2), seed=3)
    hands = 0
    while not s.over:
        _finish_with(s, (s.dealer + 1) % 4)
        hands += 1
    assert hands == 8


def test_s2_same_seed_same_first_dealer_and_walls():
    a, b = Session(seed=11), Session(seed=11)
    assert a.dealer == b.dealer
    assert a.next_setup() == b.next_setup()


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    g = new_game({0: "1m9s"})
    before = g.observation(0)
    missing = next(x for x in range(27) if x not in g.hands[0])
    cases = [
        (Action(1, "discard", t("1m")), "nothing to decide"),
        (Action(0, "discard", missing), "no "),
        (Action(0, "discard", t("9s")), "gold"),
        (Action(0, "chi", t("1m"), (0, 1)), "not allowed"),
    ]
    for bad, why in cases:
        with pytest.raises(IllegalAction, match=why):
            g.apply(bad)
    assert g.observation(0) == before


def test_s4_choice_white_indicator_reflip_off_makes_white_the_gold():
    g = new_game({}, gold="3p", flipped_whites=1, config=RuleConfig(white_indicator_reflip=False))
    assert g.gold == WHITE and g.wall.set_aside == [WHITE]


def test_s7_choice_chouzhuang_streak_off_only_announces():
    """With the hand played on (``chouzhuang_ends_hand=false``), ``chouzhuang_streak=false``
    only announces 臭庄."""
    config = RuleConfig(chouzhuang_streak=False, chouzhuang_ends_hand=False)
    g = _go_around(CHOUZHUANG, config=config)
    assert "chouzhuang" in g.rule_events and g.streak == 1 and g.result is None


# --------------------------------------------------------------------------- §9 金顺 choice
def _jinshun_hand(config: RuleConfig | None = None):
    # three golds + 123m 456m 789m, a triplet 111p and the pair 55s
    w = WinInput(tuple(parse_tiles("123m456m789m111p55s9s9s9s")), (), t("9s"), t("5s"), "self")
    return evaluate_win(w, config)


def test_s9_jinshun_three_golds_as_one_meld_others_any_melds():
    score = _jinshun_hand()
    assert score.pattern == "jinshun"
    assert score.pay_other.amount == 3 * 3 + 30 and score.pay_dealer.amount == 4 * 3 + 30


def test_s9_choice_jin_shun_sequences_only():
    score = _jinshun_hand(RuleConfig(jin_shun_sequences_only=True))
    assert "jinshun" not in score.candidates  # the triplet 111p is not a sequence
    assert score.pattern == "jinque"
    seq = WinInput(tuple(parse_tiles("123m456m789m123p55s9s9s9s")), (), t("9s"), t("5s"), "self")
    assert evaluate_win(seq, RuleConfig(jin_shun_sequences_only=True)).pattern == "jinshun"


# --------------------------------------------------------------- claims held open (not a rule)
@pytest.mark.parametrize("seed", range(12))
def test_claims_held_open_give_the_same_game(seed: int) -> None:
    """rules.md §5: a game that holds every discard's claims open until ``close_window`` (an
    online room, a hot-seat table) is the same game for the same decisions: the same claims
    taken, the same draws, the same result and history. Each held window opens on the discard
    whether or not anyone may claim it, and asks nothing of a seat that cannot."""
    import random

    from ningde_tui.bots.base import make_bot

    bots = [make_bot("normal", seed * 10 + s) for s in range(4)]
    wall = shuffled_wall(random.Random(seed))
    plain, held = Game(wall), Game(wall)
    held.hold_windows = True
    windows = 0
    while plain.result is None:
        while held.held:
            held.close_window()
        assert plain.to_act() == held.to_act()
        seat = plain.to_act()[0]
        action = bots[seat].choose(plain.observation(seat))
        plain.apply(action)
        held.apply(action)
        if action.type == ActionType.DISCARD and held.result is None:
            windows += 1
            assert held.phase == Phase.CLAIM or held.window is not None
            assert all(held.observation(s).legal == () for s in range(4) if s not in held.to_act())
    while held.held:
        held.close_window()
    assert windows > 0
    assert held.result == plain.result
    assert held.history(None) == plain.history(None)
    assert [held.history(s) for s in range(4)] == [plain.history(s) for s in range(4)]
    assert held.ponds == plain.ponds and held.melds == plain.melds
