"""Hand-written scenario records (tests/records/*.jsonl) replayed through the engine.

Each record is a chosen wall (built with ``ningde_tui.rules.scenario.build_wall`` and written out
tile by tile) plus the decisions as ``act`` lines (interfaces.md §2). The tests check

- that the wall deals exactly the hands the scenario is about (all of them written out below:
  with golds wild, a stray filler tile could silently change a scenario),
- the engine's options at the decisive moments (who may 抢金 / 胡 / 碰, who is locked out),
- the outcome of ``replay_lines`` and of ``ningde replay --check --json``: winner, pattern,
  ``by``, deltas worked out by hand from rules.md §11 (in the comments), events.

The gold is 9s in every record (indicator 9s, so the three other 9s are golds); no 白板 is
flipped. Payments: b = J + K (+ Z where the dealer pays or wins); 平胡 b+1; 自摸 (b+1)×2;
抢金 (b+2)×2; 金雀 3b+15; 清一色/金顺/单钓 3b+30 (rules.md §11).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ningde_tui.cli.replay import main as replay_main
from ningde_tui.records.record import RecordError, replay_file, replay_lines
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import CHOICE_PHASES, ActionType, Game, Phase, action_from_record
from ningde_tui.rules.melds import MeldKind
from ningde_tui.rules.scoring import WinInput, evaluate_win
from ningde_tui.rules.tiles import parse_tile, parse_tiles

RECORDS = Path(__file__).parent / "records"
ALL_RECORDS = sorted(p.name for p in RECORDS.glob("*.jsonl"))
GOOD_RECORDS = [name for name in ALL_RECORDS if name != "result_bad.jsonl"]


# --------------------------------------------------------------------------- helpers
def record_lines(name: str) -> list[str]:
    return (RECORDS / name).read_text(encoding="utf-8").splitlines()


def objects(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in record_lines(name)]


def results(name: str) -> list[dict[str, Any]]:
    """Each hand's result as ``replay_lines`` computes it."""
    replay = replay_lines(record_lines(name))
    assert replay.finished
    return [hand.result for hand in replay.hands]


def check_json(path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """``ningde replay --check --json PATH``: exit 0, nothing on stderr, one object per hand."""
    status = replay_main(["--check", "--json", str(path)])
    out = capsys.readouterr()
    assert (status, out.err) == (0, "")
    return [json.loads(line) for line in out.out.splitlines()]


def expect(
    winner: int | None,
    pattern: str,
    by: str | None,
    deltas: list[int],
    events: list[str],
    streak: int = 1,
    dealer: int = 0,
    hand: int = 1,
    scores: list[int] | None = None,
    discarder: int | None = None,
) -> dict[str, Any]:
    return {
        "hand": hand,
        "winner": winner,
        "pattern": pattern,
        "by": by,
        "discarder": discarder,
        "deltas": deltas,
        "scores": deltas if scores is None else scores,
        "dealer": dealer,
        "streak": streak,
        "events": events,
    }


def _claimed(game: Game) -> int | None:
    if game.phase == Phase.CLAIM and game.last_discard is not None:
        return game.last_discard[1]
    return None


class Stepper:
    """One hand of a record, applied act line by act line to a fresh engine Game (the way the
    replayer does it), so the state between two lines can be looked at."""

    def __init__(self, name: str, hand: int = 0) -> None:
        objs = objects(name)
        starts = [i for i, o in enumerate(objs) if o["t"] == "hand"]
        start = starts[hand]
        end = starts[hand + 1] if hand + 1 < len(starts) else len(objs)
        line = objs[start]
        self.game = Game(
            [parse_tile(t) for t in line["wall"]],
            line["dealer"],
            line["streak"],
            (line["dice"][0], line["dice"][1]),
            RuleConfig.from_record(objs[0]["rules"], objs[0]["version"]),
        )
        self.acts = [o for o in objs[start + 1 : end] if o["t"] == "act"]
        self.done = 0

    def step(self, n: int = 1) -> Game:
        game = self.game
        for obj in self.acts[self.done : self.done + n]:
            action = action_from_record(obj, _claimed(game))
            while game.phase in CHOICE_PHASES and action not in game.legal_actions(action.seat):
                game.pass_undecided()
                action = action_from_record(obj, _claimed(game))
            game.apply(action)
            self.done += 1
        return game

    def finish(self) -> Game:
        self.step(len(self.acts) - self.done)
        while self.game.phase in CHOICE_PHASES:
            self.game.pass_undecided()
        return self.game

    def legal(self, seat: int) -> set[str]:
        return {a.type for a in self.game.legal_actions(seat)}


def assert_dealt(game: Game, hands: dict[int, str]) -> None:
    """The wall deals exactly these hands (the dealer's 17 tiles included)."""
    for seat, text in hands.items():
        assert sorted(game.hands[seat]) == sorted(parse_tiles(text)), f"seat {seat}"
    assert game.gold == parse_tile("9s")


def tiles(text: str) -> list[int]:
    return parse_tiles(text)


# The hands, as dealt (seat 0 is the dealer in every record: 17 tiles).
R1 = "123m456m789m123p45p11s"  # waits 3p/6p: with the indicator as a gold, a 抢金 hand
D0 = "147m258m369m147p258p36p"  # no shape at all
DUMMY2 = "2s3s5s6s8s 4s7s 1p4p7p 2p5p8p 6m 9m 4m"
DUMMY3 = "1s4s7s 2s5s8s 3p6p9p 3p6p9p 7m 8m 5m 6m"
THREE_GOLDS = "9s9s9s 1p4p7p 2p5p8p 3s6s1s 4m7m2m5m"  # 3 golds, no shape even with a 4th
HEAVEN = {
    0: "123m456m789m123p456p7p9s",  # complete: the 9s (a gold) pairs the 7p
    1: "147m 258m 369m 147s 258s 3s",
    2: "1p4p7p 2p5p8p 3p6p9p 1s4s7s 2s5s8s 6s",
    3: "147m258m369m 369p 36s 2s4s",
}


# --------------------------------------------------------------------------- all records
@pytest.mark.parametrize("name", GOOD_RECORDS)
def test_check_json_prints_what_replay_lines_computes(name, capsys):
    """interfaces.md §2: ``--check --json`` prints one line per hand, the engine's results."""
    assert check_json(RECORDS / name, capsys) == results(name)


@pytest.mark.parametrize("name", GOOD_RECORDS)
def test_records_are_one_game_of_whole_walls(name):
    """interfaces.md §2: a game line, then hand lines of 112 tiles (rules.md §1, §3)."""
    objs = objects(name)
    assert objs[0]["t"] == "game" and objs[0]["format"] == "ningde-record"
    assert objs[0]["version"] == 1
    walls = [o["wall"] for o in objs if o["t"] == "hand"]
    assert walls and all(len(w) == 112 for w in walls)
    assert replay_file(RECORDS / name).finished


# --------------------------------------------------------------------------- 抢金 window
def test_rob_gold_after_the_dealers_first_discard(capsys):
    """rules.md §8.2-8.3, §11: after the dealer's first discard a non-dealer whose 16 tiles plus
    the indicator make a win robs the gold (qiangjin, by rob)."""
    hands = {0: D0, 1: R1, 2: DUMMY2, 3: DUMMY3}
    st = Stepper("rob_gold.jsonl")
    assert_dealt(st.game, hands)
    assert ActionType.WIN not in st.legal(0)  # no 天胡
    st.step()  # 0 discards 1m
    assert st.game.phase == Phase.WINDOW and st.game.to_act() == [1]
    assert st.legal(1) == {ActionType.ROB_GOLD, ActionType.PASS}
    assert st.legal(0) == st.legal(2) == st.legal(3) == set()
    game = st.finish()
    assert game.robbed[1] and game.wall.indicator_taken
    assert sorted(game.hands[1]) == sorted(tiles(R1 + "9s"))  # the indicator joined the hand
    # J = 1 (the robbed indicator), K = 0. Dealer: (1 + 0 + Z1 + 2) × 2 = 8;
    # others: (1 + 0 + 2) × 2 = 6 each. Seat 1 gets 8 + 6 + 6 = 20.
    want = expect(1, "qiangjin", "rob", [-8, 20, -6, -6], ["rob_gold"])
    assert results("rob_gold.jsonl") == [want]
    assert check_json(RECORDS / "rob_gold.jsonl", capsys) == [want]


def test_heaven_win_of_the_dealer():
    """rules.md §8.1, §11: the dealer's 17 dealt tiles win before any discard: 天胡, scored
    with the 抢金 formula (interfaces.md §1: reported as qiangjin, by heaven)."""
    st = Stepper("heaven.jsonl")
    assert_dealt(st.game, HEAVEN)
    assert ActionType.WIN in st.legal(0)
    st.finish()
    # J = 1 (one 9s), K = 0, Z = 1, all three pay with Z: (1 + 0 + 1 + 2) × 2 = 8 each.
    assert results("heaven.jsonl") == [
        expect(0, "qiangjin", "heaven", [24, -8, -8, -8], ["heaven"])
    ]


def test_three_gold_of_a_non_dealer_beats_anothers_rob():
    """rules.md §8.2, §7, §11: in the window a non-dealer's 三金倒 comes before 抢金, even a
    nearer seat's. Written here in the other order (interfaces.md §2: any order)."""
    hands = {0: D0, 1: R1, 2: THREE_GOLDS, 3: "3p6p9p9p 2s4s5s7s8s 3s6s 6m8m 9m 6p 7s"}
    st = Stepper("window_three_gold_beats_rob.jsonl")
    assert_dealt(st.game, hands)
    st.step()
    assert st.game.phase == Phase.WINDOW and st.game.to_act() == [2, 1]
    assert st.legal(2) == {ActionType.THREE_GOLD, ActionType.DECLINE_THREE_GOLD}
    assert st.legal(1) == {ActionType.ROB_GOLD, ActionType.PASS}
    st.finish()
    # 三金倒 in the window pays as 抢金; J = 3: others (3 + 2) × 2 = 10, dealer
    # (3 + 1 + 2) × 2 = 12. Seat 2 gets 12 + 10 + 10 = 32. No hand shape needed.
    want = expect(2, "qiangjin", "self", [-12, -10, 32, -10], ["three_gold"])
    assert results("window_three_gold_beats_rob.jsonl") == [want]


def test_nearer_rob_beats_a_farther_one():
    """rules.md §8.2: within a level the nearest seat after the dealer goes first — even when
    the farther seat's 抢金 would pay more (seat 3: J = 2, 26 points; seat 1: 20)."""
    hands = {
        0: D0,
        1: R1,
        2: "1p4p7p 2p5p8p 3s6s1s 4m7m2m5m 6s 8s 8p",
        3: "234s567s345p678p99m1m9s",
    }
    st = Stepper("window_nearer_rob.jsonl")
    assert_dealt(st.game, hands)
    st.step()
    assert st.game.to_act() == [1, 3]
    assert st.legal(1) == st.legal(3) == {ActionType.ROB_GOLD, ActionType.PASS}
    gold = st.game.gold
    rob3 = WinInput(tuple(tiles(hands[3] + "9s")), (), gold, gold, "rob", robbed=True, start=True)
    # seat 3's 抢金, J = 2: dealer (2 + 1 + 2) × 2 = 10, others (2 + 2) × 2 = 8.
    assert evaluate_win(rob3).total == 26
    st.finish()
    # Seat 1 as in test_rob_gold_after_the_dealers_first_discard: 8 + 6 + 6.
    want = expect(1, "qiangjin", "rob", [-8, 20, -6, -6], ["rob_gold"])
    assert results("window_nearer_rob.jsonl") == [want]


def test_a_non_dealers_rob_beats_the_dealers():
    """rules.md §8.2: the dealer's own 抢金 (16 tiles after the discard + indicator) comes
    after every non-dealer's."""
    hands = {
        0: R1 + "9p",
        1: "1p4p7p 2p5p8p 3s6s1s 4m7m 5m 6s 8s 8p 9p",
        2: "234s567s345p678p99m1m2m",
        3: "3p6p9p 2s4s5s7s8s 3s6s 6m8m 9m 6p 7s 1s",
    }
    st = Stepper("window_rob_beats_dealer.jsonl")
    assert_dealt(st.game, hands)
    st.step()  # 0 discards 9p and waits like R1
    assert st.game.to_act() == [2, 0]
    assert st.legal(0) == st.legal(2) == {ActionType.ROB_GOLD, ActionType.PASS}
    st.finish()
    # Seat 2, J = 1: dealer (1 + 1 + 2) × 2 = 8, others (1 + 2) × 2 = 6.
    want = expect(2, "qiangjin", "rob", [-8, -6, 20, -6], ["rob_gold"])
    assert results("window_rob_beats_dealer.jsonl") == [want]


WINDOW_DECLINE = {0: D0, 1: R1, 2: THREE_GOLDS, 3: "3p6p9p9p 2s4s5s7s8s 3s6s 6m8m 9m 6p 7s"}


def test_everyone_declines_then_claims_on_the_dealers_discard():
    """rules.md §8.4, §7, §5: if all decline (seat 2 its 三金倒, seat 1 its 抢金), play goes
    on with claims on the dealer's discard: seat 1 wins it as 平胡."""
    st = Stepper("window_all_decline.jsonl")
    assert_dealt(st.game, WINDOW_DECLINE)
    st.step()  # 0 discards 3p
    assert st.legal(2) == {ActionType.THREE_GOLD, ActionType.DECLINE_THREE_GOLD}
    assert st.legal(1) == {ActionType.ROB_GOLD, ActionType.PASS}
    st.step(2)  # both decline
    assert st.game.phase == Phase.CLAIM and st.game.last_discard == (0, parse_tile("3p"))
    assert ActionType.WIN in st.legal(1) and ActionType.CHI in st.legal(1)
    assert st.game.declined[2]
    st.finish()
    # 平胡, J = K = 0: dealer 0 + 1 + 1 = 2, others 0 + 1 = 1.
    want = expect(1, "pinghu", "discard", [-2, 4, -1, -1], ["declined_three_gold"], discarder=0)
    assert results("window_all_decline.jsonl") == [want]


def test_window_decisions_may_be_omitted_before_a_claim():
    """interfaces.md §2: 'A seat whose decision is not written passed. The same holds for the
    抢金 window and for declining 三金倒.' Without the two window lines (seat 2's decline,
    seat 1's pass) the next line, seat 1's 胡 on the dealer's 3p, still applies to that
    discard: the window closes, the claims open, the win is a 平胡 — the same game."""
    objs = objects("window_all_decline.jsonl")
    kept = [o for o in objs if o.get("a") not in ("pass", "decline_three_gold")]
    assert len(kept) == len(objs) - 2
    replay = replay_lines(json.dumps(o) for o in kept)
    assert [h.result for h in replay.hands] == results("window_all_decline.jsonl")
    assert replay.hands[0].game.declined[2]


# --------------------------------------------------------------------------- 臭庄
CHOUZHUANG = {
    0: "1m 8s 258m 69m 4m 147p 258p 36p 9p",
    1: "1m 7m 1s4s7s 2s5s 9m 3p 6p 8p 2p 7p 4p 3s 6s",
    2: "1m 4m 5m 6m 8m 9m 1s 2s 3s 4s 5s 6s 7s 9p 9p 5p",
    3: "1m 123p 456p 789p 234s 55s 6s",  # draws 7s, throws 1m: waits 5s/8s
}


def test_chouzhuang_raises_the_streak_at_once(capsys):
    """rules.md §7 (臭庄), §11: the four first discards are all 1m, with no call: announced
    (event chouzhuang), the streak rises by one at once, and a win in this hand already pays
    with Z = 2."""
    st = Stepper("chouzhuang.jsonl")
    assert_dealt(st.game, CHOUZHUANG)
    st.step(3)
    assert st.game.streak == 1 and "chouzhuang" not in st.game.rule_events
    st.step()  # seat 3's 1m: the fourth identical first discard
    assert st.game.streak == 2
    assert st.game.rule_events == ["chouzhuang"]
    assert [e.kind for e in st.game.log].count("chouzhuang") == 1
    st.finish()
    # Seat 3 wins the dealer's 8s, 平胡, J = K = 0: dealer pays 0 + Z2 + 1 = 3, others 1.
    want = expect(3, "pinghu", "discard", [-3, -1, -1, 5], ["chouzhuang"], streak=2, discarder=0)
    assert results("chouzhuang.jsonl") == [want]
    assert check_json(RECORDS / "chouzhuang.jsonl", capsys) == [want]


def test_a_version_1_record_keeps_the_readings_it_was_played_with():
    """interfaces.md §2: chouzhuang.jsonl was written (version 1) when 臭庄 did not
    end the hand, so it replays as played (above). The same lines as a version-2 record mean
    today's rules: the hand is dead at the fourth 1m, and the next action is refused."""
    assert objects("chouzhuang.jsonl")[0]["version"] == 1
    assert RuleConfig.from_record({}, 1).chouzhuang_ends_hand is False
    assert RuleConfig.from_record({}, 2) == RuleConfig()
    lines = [json.dumps(o) for o in objects("chouzhuang.jsonl")]
    lines[0] = json.dumps({**objects("chouzhuang.jsonl")[0], "version": 2})
    with pytest.raises(RecordError) as err:
        replay_lines(lines)
    assert err.value.line == 7 and "over" in err.value.reason


def test_no_chouzhuang_when_a_call_intervenes():
    """rules.md §7: seat 1 chis the dealer's 1m and throws its own 1m; seats 2 and 3 throw 1m:
    four first discards of one kind, but a call came in between, so no 臭庄."""
    hands = {
        0: "1m 8s 58m 69m 4m 147p 258p 36p 9p 1s",
        1: "1m 2m 3m 1s4s7s 2s5s 9m 3p 6p 8p 2p 7p 4p 6s",
        2: CHOUZHUANG[2],
        3: CHOUZHUANG[3],
    }
    st = Stepper("chouzhuang_call.jsonl")
    assert_dealt(st.game, hands)
    game = st.finish()
    assert [p[0] for p in game.ponds[1:]] == tiles("1m1m1m")
    assert game.melds[1][0].claimed == parse_tile("1m")
    # Z stays 1: dealer pays 0 + 1 + 1 = 2, others 1.
    want = expect(3, "pinghu", "discard", [-2, -1, -1, 4], [], discarder=0)
    assert results("chouzhuang_call.jsonl") == [want]


# --------------------------------------------------------------------------- the wall's end
def _head_draws_before_last_round(game: Game) -> int:
    count = 0
    for event in game.log:
        if event.kind == "last_round":
            return count
        if event.kind == "draw" and "from" not in event.info:
            count += 1
    raise AssertionError("no last round")


def _after_last_round(game: Game) -> list[str]:
    kinds = [e.kind for e in game.log]
    return kinds[kinds.index("last_round") + 1 :]


def test_kongs_move_the_reserve_and_the_last_round_wins_by_itself(capsys):
    """rules.md §6, §11: a 暗杠 adds 4 to the reserve, a 明杠 2, so the last round starts
    earlier; in it nobody discards, and a drawn winning tile wins by itself as 自摸."""
    hands = {
        0: "2222p 123m456m789m 55s 6s 1p",
        1: "3s 1m 4m 7m 1p 4p 7p 9p 2s 5s 8s 1s 3p 6p 9m 2m",
        2: "1m 4m 7m 3p 6p 9p 1s 4s 7s 2s 5s 8s 8m 8p 5p 5m",
        3: "3s3s3s 2m 5m 8m 3m 6m 1p 4p 7p 9p 4s 7s 8p 9m",
    }
    st = Stepper("last_round_kongs.jsonl")
    assert_dealt(st.game, hands)
    assert (st.game.reserve, st.game.drawable) == (16, 30)  # 46 tiles left after the deal
    st.step()  # 0 暗杠 2p
    assert st.game.reserve == 20 and st.game.drawable == 45 - 20
    st.step(3)  # 0 discards, 1 discards 3s, 3 claims a 明杠 on it
    assert (
        st.game.reserve == 20 and st.game.window.choices[3].type == ActionType.KONG
    )  # not yet resolved
    st.step()  # seat 3 throws its replacement tile: the kong was resolved first
    assert st.game.reserve == 22 and st.game.melds[3][0].kind == MeldKind.KONG
    # 46 - 1 (暗杠 replacement) - 1 (seat 1's draw) - 1 (明杠 replacement) - 1 (the dealer's
    # draw now) = 42 tiles left, 42 - 22 = 20 drawable.
    assert st.game.turn == 0 and (st.game.wall.left, st.game.drawable) == (42, 20)
    st.step()  # the dealer keeps 7s and throws 1p: 123m456m789m 55s 67s waits 5s/8s
    assert sorted(st.game.hands[0]) == sorted(tiles("123m456m789m55s67s"))
    game = st.finish()
    # Without kongs the last round would come after 30 - 4 = 26 head draws; with the two kongs
    # (2 tail draws, reserve 22) drawable is 21 after them, so after 21 - 4 = 17 more (18 in
    # all, the first one made before the 明杠).
    assert _head_draws_before_last_round(game) == 18
    last = next(e for e in game.log if e.kind == "last_round")
    assert last.info["drawable"] == 4
    # The last round: seats 1, 2, 3 draw and cannot win; the dealer draws 8s and wins at once.
    assert _after_last_round(game) == ["draw", "draw", "draw", "draw", "win"]
    assert game.result.win_tile == parse_tile("8s")
    # 自摸, J = 0, K = 2 (暗杠), Z = 1, the dealer wins: (0 + 2 + 1 + 1) × 2 = 8 from each.
    want = expect(0, "zimo", "self", [24, -8, -8, -8], ["last_round"])
    assert results("last_round_kongs.jsonl") == [want]
    assert check_json(RECORDS / "last_round_kongs.jsonl", capsys) == [want]


def test_last_round_without_a_win_is_a_draw_and_the_dealer_deals_again(capsys):
    """rules.md §6, §2, §11: a pong and its 加杠 (reserve 18); nobody wins the last round:
    流局, no score, the dealer deals again with streak 2 — the next hand's 天胡 pays Z = 2."""
    hands = {
        0: "5m 1m 4m 7m 1p 4p 7p 9p 2s 5s 8s 1s 3p 6p 9m 2m 8p",
        1: "3s 1m 4m 7m 2p 5p 8p 9p 3s 6s 2m 6m 3p 6p 7s 4m",
        2: "5m5m5m 2m 8m 3m 6m 1p 4p 7p 9p 4s 7s 8p 9m 1s",
        3: "1m 4m 7m 2p 5p 8p 1s 4s 7s 2s 5s 8s 3m 6m 9m 3p",
    }
    st = Stepper("last_round_draw.jsonl")
    assert_dealt(st.game, hands)
    st.step(3)  # 0 discards 5m, 2 pongs it (resolved at the next line) and throws 1s
    assert st.game.melds[2][0].kind == MeldKind.PONG and st.game.reserve == 16
    st.step(3)
    assert st.game.turn == 2 and ActionType.ADDKONG in st.legal(2)
    st.step()  # 2 加杠 5m
    assert st.game.melds[2][0].is_kong and st.game.reserve == 18
    game = st.finish()
    assert game.phase == Phase.OVER and game.result.winner is None
    # One tail draw, reserve 18: 46 - 1 - 18 = 27 drawable, so 23 head draws before the last
    # round (26 without the kong).
    assert _head_draws_before_last_round(game) == 23
    assert _after_last_round(game) == ["draw", "draw", "draw", "draw", "liuju"]
    hand2 = Stepper("last_round_draw.jsonl", hand=1)
    assert (hand2.game.dealer, hand2.game.streak) == (0, 2)
    assert_dealt(hand2.game, HEAVEN)
    # Hand 2: 天胡, J = 1, Z = 2: (1 + 0 + 2 + 2) × 2 = 10 from each.
    want = [
        expect(None, "draw", None, [0, 0, 0, 0], ["last_round"]),
        expect(0, "qiangjin", "heaven", [30, -10, -10, -10], ["heaven"], streak=2, hand=2),
    ]
    assert results("last_round_draw.jsonl") == want
    assert check_json(RECORDS / "last_round_draw.jsonl", capsys) == want


def test_nobody_acts_after_the_last_round():
    """rules.md §6: there are no discards in the last round; the hand ends by itself, so an
    act line after it is refused, naming its line."""
    lines = record_lines("last_round_kongs.jsonl")
    extra = json.dumps({"t": "act", "seat": 1, "a": "discard", "tile": "1m"})
    with pytest.raises(RecordError) as err:
        replay_lines([*lines, extra])
    assert err.value.line == len(lines) + 1
    assert "over" in err.value.reason


# --------------------------------------------------------------------------- the lock
XIANJIN = {
    0: "6m 1m4m 7p 2s5s 3m 2p5p 3s6s 4p 1s 7m 4s 6p 2m",
    1: "234s 567s 888s 111p 99p 7m8m",  # waits 6m/9m
    2: "1m 4m 7m 3p 6p 9p 1s 4s 7s 2s 5s 8s 8m 8p 5p 5m",
    3: "123m 456m 789m 234p 56p 9s 1s",  # draws 7p, throws 1s: 5 melds + 1 gold = 闲金
}


def _at_the_dealers_6m(name: str) -> Stepper:
    st = Stepper(name)
    assert_dealt(st.game, XIANJIN)
    st.step(6)  # 0 1m, window passes, 1 3p, 2 2m, 3 1s
    assert sorted(st.game.hands[3]) == sorted(tiles("123m456m789m234p567p9s"))
    assert st.game.single_wait(3) == "xianjin"
    st.step()  # 0 discards 6m
    assert st.game.phase == Phase.CLAIM and st.game.last_discard == (0, parse_tile("6m"))
    return st


def test_xianjin_locks_the_others_out_of_discard_wins():
    """rules.md §9 (lock, single_wait_lock=true): seat 3 is in 闲金 after its discard; seat 1
    waits on the dealer's 6m but may not win it (event lock); seat 3 itself may."""
    st = _at_the_dealers_6m("lock_xianjin.jsonl")
    assert ActionType.WIN not in st.legal(1)
    blocked = st.game.observation(1).win_blocked
    assert blocked is not None and blocked.code == "lock" and blocked.params["wait"] == "xianjin"
    assert ActionType.WIN in st.legal(3)
    st.finish()
    # Seat 3 平胡 with one gold: J = 1. Dealer 1 + 1 + 1 = 3, others 1 + 1 = 2.
    want = expect(3, "pinghu", "discard", [-3, -2, -2, 7], ["lock"], discarder=0)
    assert results("lock_xianjin.jsonl") == [want]


def test_a_locked_seat_cannot_be_written_as_winning():
    """rules.md §9: the same record with seat 1 winning the 6m is refused at that line."""
    objs = objects("lock_xianjin.jsonl")
    assert objs[-1] == {"t": "act", "seat": 3, "a": "win"}
    objs[-1] = {"t": "act", "seat": 1, "a": "win"}
    with pytest.raises(RecordError) as err:
        replay_lines(json.dumps(o) for o in objs)
    assert err.value.line == len(objs)
    assert "lock" in err.value.reason


def test_without_the_lock_the_nearer_seat_wins_the_same_discard():
    """rules.md §9 with ``single_wait_lock: false`` in the game line, §10: both seat 1 and
    seat 3 may win the 6m, both 平胡; seat 1 is nearer to the discarder."""
    assert objects("lock_xianjin_off.jsonl")[0]["rules"] == {"single_wait_lock": False}
    st = _at_the_dealers_6m("lock_xianjin_off.jsonl")
    assert ActionType.WIN in st.legal(1) and ActionType.WIN in st.legal(3)
    assert st.game.observation(1).win_blocked is None
    st.finish()
    # Seat 1 平胡, J = 0: dealer 2, others 1.
    assert results("lock_xianjin_off.jsonl") == [
        expect(1, "pinghu", "discard", [-2, 4, -1, -1], [], discarder=0)
    ]


DANDIAO = {
    0: "1m 4m 6m 7p 2s 5s 9m 4p 9p 1s 3s 6s 2m 5m 6p 3p 4s",
    1: XIANJIN[1],
    2: "1m 4m 7m 2p 6p 9p 1s 4s 7s 3s 6s 8p 8m 5m 5p 3m",
    3: "11m 44m 77p 22s 55s 3m 3p 6p 5p 2p 8p",  # pongs 1m 4m 7p 2s 5s: 单钓 on 8p
}


def _at_the_dealers_6m_dandiao(name: str) -> Stepper:
    st = Stepper(name)
    assert_dealt(st.game, DANDIAO)
    st.step(16)  # five pongs by seat 3, each followed by its discard
    assert [m.kind for m in st.game.melds[3]] == [MeldKind.PONG] * 5
    assert st.game.hands[3] == tiles("8p") and st.game.single_wait(3) == "dandiao"
    st.step()  # 0 discards 6m
    assert st.game.last_discard == (0, parse_tile("6m"))
    return st


def test_dandiao_locks_the_others_but_wins_itself():
    """rules.md §9 (lock, 单钓), §11: seat 3 has five melds exposed and one tile; seat 1 cannot
    win the dealer's 6m (event lock); seat 3 wins seat 1's 8p: 单钓."""
    st = _at_the_dealers_6m_dandiao("lock_dandiao.jsonl")
    assert ActionType.WIN not in st.legal(1)
    assert st.game.observation(1).win_blocked.params["wait"] == "dandiao"
    st.step()  # nobody took the 6m; seat 1 draws 8p and throws it
    assert st.game.last_discard == (1, parse_tile("8p")) and ActionType.WIN in st.legal(3)
    st.finish()
    # 单钓, J = K = 0: dealer (0 + 1) × 3 + 30 = 33, others 0 × 3 + 30 = 30.
    want = expect(3, "dandiao", "discard", [-33, -30, -30, 93], ["lock"], discarder=1)
    assert results("lock_dandiao.jsonl") == [want]


def test_without_the_lock_dandiao_does_not_stop_a_discard_win():
    """rules.md §9 with ``single_wait_lock: false``: seat 1 wins the same 6m (平胡)."""
    st = _at_the_dealers_6m_dandiao("lock_dandiao_off.jsonl")
    assert ActionType.WIN in st.legal(1)
    st.finish()
    assert results("lock_dandiao_off.jsonl") == [
        expect(1, "pinghu", "discard", [-2, 4, -1, -1], [], discarder=0)
    ]


# --------------------------------------------------------------------------- one winner
def _two_winners(name: str, hands: dict[int, str], window_lines: int, seats: tuple[int, int]):
    st = Stepper(name)
    assert_dealt(st.game, hands)
    st.step(1 + window_lines)
    for seat in seats:
        assert ActionType.WIN in st.legal(seat), seat
    return st


def test_qingyise_beats_a_nearer_pinghu():
    """rules.md §10, §11: seats 1 (平胡) and 2 (清一色) may both win the dealer's 3p; the
    higher tier wins although seat 1 is nearer (both written, nearer first)."""
    hands = {
        0: "3p 147m258m369m 1s4s7s 2s5s8s 3s",
        1: R1,
        2: "12p 99p 456p 567p 678p 789p",
        3: "3m6m9m 4s7s 6s 9m 8m 2m 5m 4m 7m 3s 6s 8s 1m",
    }
    st = _two_winners("tier_qingyise.jsonl", hands, 2, (1, 2))
    st.finish()
    # 清一色, J = K = 0: dealer (0 + 1) × 3 + 30 = 33, others 30.
    want = expect(2, "qingyise", "discard", [-33, -30, 93, -30], [], discarder=0)
    assert results("tier_qingyise.jsonl") == [want]


def test_jinque_beats_a_nearer_pinghu():
    """rules.md §10, §11: seat 3's two golds pair (金雀) beats seat 1's 平胡 on the 6p.
    A hand waiting for 金雀 with two golds is also 闲金 (§9) and, once seat 3 has discarded,
    locks the others out; this record turns the lock off (``single_wait_lock: false``) so
    that only the tiers decide."""
    hands = {
        0: "6p 147m258m369m 1s4s7s 2s5s8s 3s",
        1: R1,
        2: "3m6m9m 4s7s 6s 9m 8m 2m 5m 4m 7m 3s 8s 1m 9p",
        3: "9s9s 234s 567s 678m 222p 45p",
    }
    assert objects("tier_jinque.jsonl")[0]["rules"] == {"single_wait_lock": False}
    st = _two_winners("tier_jinque.jsonl", hands, 2, (1, 3))
    assert st.game.single_wait(3) == "xianjin"
    st.finish()
    # 金雀, J = 2: dealer (2 + 1) × 3 + 15 = 24, others 2 × 3 + 15 = 21.
    want = expect(3, "jinque", "discard", [-24, -21, -21, 66], [], discarder=0)
    assert results("tier_jinque.jsonl") == [want]


def test_same_tier_the_nearest_seat_after_the_discarder_wins():
    """rules.md §10: seat 2 discards 3p; seats 3 and 1 can both win it with 平胡; seat 3 comes
    first after seat 2 in turn order (seat 1 is written first and has the lower number)."""
    hands = {
        0: "9m 147m258m369m 1s4s7s 2s5s8s 3s",
        1: R1,
        2: "3m6m9m 4s7s 6s 8m 2m 5m 4m 7m 3s 8s 1m 9p 6p",
        3: "345s 678s 456m 789p 12p 99p",
    }
    st = Stepper("tier_same.jsonl")
    assert_dealt(st.game, hands)
    st.step(5)  # 0 9m, window passes, 1 draws 7p and throws it, 2 draws 3p and throws it
    assert st.game.last_discard == (2, parse_tile("3p"))
    assert ActionType.WIN in st.legal(1) and ActionType.WIN in st.legal(3)
    st.finish()
    # 平胡, J = K = 0: dealer 2, others 1.
    want = expect(3, "pinghu", "discard", [-2, -1, -1, 4], [], discarder=2)
    assert results("tier_same.jsonl") == [want]


# --------------------------------------------------------------------------- claim lines
CLAIMS = {
    0: "5m 123s 456s 678s 234m 89p 55p",  # throws 5m, waits 7p
    1: "4m 6m 1m 7m 1p 4p 2s 5s 8s 3p 6p 9m 2p 3s 6s 9p",
    2: "7p 7p 1m 4m 8m 2p 5p 3p 6p 1s 4s 7s 2s 5s 8s 9m",
    3: "5m 5m 7p 3m 6m 9m 1p 4p 6p 9p 1s 4s 7s 8s 6s 8m",
}


def test_claims_omitted_or_in_any_order_replay_the_same():
    """interfaces.md §2, rules.md §5: on the 5m seat 1 may chi and seat 3 pong; on the 7p the
    dealer may win and seat 2 pong. One record writes only the winning claims (the others
    passed); the other writes every claim, lowest priority first. Same game, same result."""
    st = Stepper("claims_omitted.jsonl")
    assert_dealt(st.game, CLAIMS)
    st.step(2)  # 0 discards 5m, passes its own 抢金
    assert st.game.phase == Phase.CLAIM
    assert st.legal(1) == {ActionType.CHI, ActionType.PASS} and st.legal(3) == {
        ActionType.PONG,
        ActionType.PASS,
    }
    st.step(2)  # 3 pongs, throws 7p
    assert st.legal(0) >= {ActionType.WIN, ActionType.PASS} and st.legal(2) == {
        ActionType.PONG,
        ActionType.PASS,
    }
    omitted = st.finish()
    written = Stepper("claims_any_order.jsonl").finish()
    assert len(objects("claims_any_order.jsonl")) == len(objects("claims_omitted.jsonl")) + 2
    assert omitted.melds == written.melds and omitted.hands == written.hands
    # The dealer wins 平胡: each pays 0 + Z1 + 1 = 2.
    want = [expect(0, "pinghu", "discard", [6, -2, -2, -2], [], discarder=3)]
    assert results("claims_omitted.jsonl") == results("claims_any_order.jsonl") == want


# --------------------------------------------------------------------------- result lines
def test_a_record_with_its_result_line_replays(capsys):
    """interfaces.md §2: a result line that matches the engine's is accepted."""
    assert objects("rob_gold.jsonl")[-1]["t"] == "result"
    assert check_json(RECORDS / "rob_gold.jsonl", capsys)[0]["winner"] == 1


def test_a_result_line_that_disagrees_fails(capsys):
    """interfaces.md §2: a result line that disagrees → exit status 2 and a message naming
    the line and the field; nothing on stdout."""
    path = RECORDS / "result_bad.jsonl"
    assert replay_main(["--check", "--json", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert "line 5" in out.err and "deltas" in out.err and "Traceback" not in out.err
    with pytest.raises(RecordError) as err:
        replay_file(path)
    assert err.value.line == 5


def test_a_version_1_game_saved_unfinished_still_continues(tmp_path):
    """v1_unfinished_seed41.jsonl was written by the engine before the version-2
    readings (version 1, simulated bots, stopped in hand 4). It continues with the rules it
    was played with, and what is written on stays a record that replays."""
    from ningde_tui.bots.base import make_bot
    from ningde_tui.records.storage import GameRecorder, resume

    path = tmp_path / "old.jsonl"
    path.write_bytes((RECORDS / "saved" / "v1_unfinished_seed41.jsonl").read_bytes())
    resumed = resume(path)
    session = resumed.session
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["version"] == 1
    assert session.config == RuleConfig.from_record(header["rules"], 1)
    assert session.config.chouzhuang_ends_hand is False and session.config.xianjin_one_gold is False
    assert len(session.results) == 3 and session.game is not None
    assert len(session.game.decisions) == 10
    recorder = GameRecorder.append(path)
    game = session.game
    while game.result is None:
        seat = game.to_act()[0]
        action = make_bot("normal", seat).choose(game.observation(seat))
        game.apply(action)
        recorder.act(action)
    recorder.close()
    replay = replay_file(path)
    assert replay.config == session.config and len(replay.hands) == 4 and replay.finished
    assert replay.hands[-1].game.result.deltas == game.result.deltas
