"""Each level meets each kind of decision in a hand-made position (built with build_wall) and
returns a legal action: the expected one wherever the choice is clear."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from bot_helpers import LEVELS, WINNERS, upto
from helpers import act, new_game, pass_claims, pass_window

from ningde_tui.bots.base import make_bot
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import Action, ActionType, Game, Phase
from ningde_tui.rules.tiles import tile_str

SEEDS = (0, 1, 2)


def describe(action: Action) -> str:
    """``chi 3m5m``, ``discard 9p``, ``win``: the action without its seat."""
    return str(action).split(" ", 2)[2]


# ------------------------------------------------------------------------------ positions
# Each builder returns (game, seat to decide). The gold is 9s throughout (build_wall default).


def discard_position() -> tuple[Game, int]:
    # dealer, 17 tiles: 4 melds, 45p, the pair 11s and a lone 9p: 9p out makes it ready
    return new_game({0: "123m456m789m123p45p11s9p"}), 0


def chi_position() -> tuple[Game, int]:
    # the 下家 can 吃 the dealer's 4m two ways (23m or 35m); 35m leaves the wider wait 1m/4m
    g = new_game({0: "4m", 1: "123p456p789p55s2335m8s"})
    act(g, 0, "discard", "4m")
    upto(g, 1)
    return g, 1


def pong_position() -> tuple[Game, int]:
    # 碰 7s then discard 8m: one step from ready to ready (rules.md §5)
    g = new_game({0: "7s", 2: "123p456p789p77s55s24m8m"})
    act(g, 0, "discard", "7s")
    upto(g, 2)
    return g, 2


def kong_position() -> tuple[Game, int]:
    # 明杠 on a discard from a concealed triplet, the rest already ready
    g = new_game({0: "7s", 2: "123p456p789p777s55s24m"})
    act(g, 0, "discard", "7s")
    pass_window(g)  # seat 2 is ready: it could 抢金 (rules.md §8); it declines here
    upto(g, 2)
    return g, 2


def ankong_position() -> tuple[Game, int]:
    return new_game({0: "7777s123p456p789p55s24m"}), 0


def addkong_game(config: RuleConfig | None = None, seat1: str = "") -> Game:
    """Seat 2 pongs the dealer's 7s, goes ready, and draws the fourth 7s three turns later."""
    hands = {0: "7s", 2: "123p456p789p77s55s24m8m"}
    if seat1:
        hands[1] = seat1
    g = new_game(hands, draws="1m1m1m7s", config=config)
    act(g, 0, "discard", "7s")
    pass_window(g)
    upto(g, 2)
    act(g, 2, "pong")
    act(g, 2, "discard", "8m")
    pass_claims(g)
    for seat in (3, 0, 1):
        assert g.turn == seat and g.phase == Phase.TURN
        act(g, seat, "discard", "1m")
        pass_claims(g)
    assert g.turn == 2 and g.phase == Phase.TURN
    return g


def addkong_position() -> tuple[Game, int]:
    return addkong_game(), 2


def win_discard_position() -> tuple[Game, int]:
    g = new_game({0: "4m", 1: "123p456p789p678s11s23m"})
    act(g, 0, "discard", "4m")
    pass_window(g)
    upto(g, 1)
    return g, 1


def win_self_position() -> tuple[Game, int]:
    g = new_game({0: "5p", 1: "123p456p789p678s11s23m"}, draws="4m")
    act(g, 0, "discard", "5p")
    pass_claims(g)
    return g, 1


def heaven_position() -> tuple[Game, int]:
    # 天胡: the dealer's 17 tiles are complete before the first discard (rules.md §8.1)
    return new_game({0: "123m456m789m123p456p77s"}), 0


def rob_gold_position() -> tuple[Game, int]:
    # seat 1's 16 tiles plus the indicator (a gold) are a win: 抢金 (rules.md §8.2)
    g = new_game({1: "123p456p789p678s11s23m"})
    act(g, 0, "discard", tile_str(g.hands[0][0]))
    upto(g, 1)
    return g, 1


def dealer_rob_gold_position() -> tuple[Game, int]:
    # the dealer, with 16 tiles after its discard, may 抢金 too (rules.md §8.2, last level)
    g = new_game({0: "123p456p789p678s11s23m5m"})
    act(g, 0, "discard", "5m")
    upto(g, 0)
    return g, 0


MESSY_17 = "999s 1m4m7m 2p5p8p 1s4s7s 2m5m8m 3p6p"  # three golds, nothing else fits
NEAR_17 = "999s 123m456m789m 1p4p7p 2s5s"  # three golds, a step or two from 金雀


def three_gold_dealer_position() -> tuple[Game, int]:
    # 起手三金倒: the dealer holds the three golds at the start (rules.md §7, §8.1)
    return new_game({0: MESSY_17}), 0


def three_gold_draw_position(hand: str = "99s 1m4m7m 2p5p8p 1s4s7s 2m5m8m 3p") -> tuple[Game, int]:
    # a non-dealer draws its third gold (rules.md §7)
    g = new_game({0: "3p", 1: hand}, draws="9s")
    act(g, 0, "discard", "3p")
    pass_claims(g)
    assert g.turn == 1 and g.hands[1].count(g.gold) == 3
    return g, 1


def three_gold_window_position() -> tuple[Game, int]:
    # a non-dealer dealt three golds declares 三金倒 in the 抢金 window (rules.md §8.2)
    g = new_game({1: "999s 1m4m7m 2p5p8p 1s4s7s 2m5m8m 3p"})
    act(g, 0, "discard", tile_str(g.hands[0][0]))
    upto(g, 1)
    return g, 1


def after_decline_position() -> tuple[Game, int]:
    # the dealer has declined 三金倒 (不倒): this turn it may only discard (rules.md §7)
    g = new_game({0: MESSY_17})
    act(g, 0, ActionType.DECLINE_THREE_GOLD)
    return g, 0


def pass_position() -> tuple[Game, int]:
    # seat 2 is ready on 1m/4m with 77s as its pair: 碰 7s would only narrow the wait
    g = new_game({0: "7s", 2: "123p456p789p234s77s23m"})
    act(g, 0, "discard", "7s")
    pass_window(g)
    upto(g, 2)
    return g, 2


def robkong_position() -> tuple[Game, int]:
    # rob_kong on (rules.md §5 [choice]): seat 1 waits on 7s and seat 2 adds its fourth 7s
    g = addkong_game(RuleConfig(rob_kong=True), seat1="123m456m789m11s68s555p")
    act(g, 2, ActionType.ADDKONG, "7s")
    upto(g, 1)
    return g, 1


# name -> (builder, the decision that must be on offer, {level: what it should choose})
# A wanted choice is an action described without its seat ("chi 3m5m") or an action type.
# What every level guarantees: a legal action everywhere, and the clear wins below taken
# (WINNERS: every bot but random). Anything else a level is asked for is its own judgement,
# pinned here by name: a new level is held to the guarantees until its own choices are added.
HEURISTIC_WIN = dict.fromkeys(WINNERS, ActionType.WIN)
CALLERS = ("easy", "normal", "hard", "greedy")  # these take a call that makes the hand ready
POSITIONS: dict[str, tuple[Callable[[], tuple[Game, int]], str, dict[str, str]]] = {
    "discard": (
        discard_position,
        ActionType.DISCARD,
        {"normal": "discard 9p", "hard": "discard 9p", "greedy": "discard 9p"},
    ),
    "chi": (
        chi_position,
        ActionType.CHI,
        {
            "easy": ActionType.CHI,
            "normal": "chi 3m5m",
            "hard": "chi 3m5m",
            "greedy": ActionType.CHI,
        },
    ),
    "pong": (pong_position, ActionType.PONG, dict.fromkeys(CALLERS, "pong 7s")),
    "kong": (kong_position, ActionType.KONG, dict.fromkeys(CALLERS, "kong 7s")),
    "ankong": (ankong_position, ActionType.ANKONG, dict.fromkeys(CALLERS, "ankong 7s")),
    # greedy never adds to a pong: it discards the fourth 7s instead (legal, just weaker)
    "addkong": (
        addkong_position,
        ActionType.ADDKONG,
        dict.fromkeys(("easy", "normal", "hard"), "addkong 7s"),
    ),
    "win_on_discard": (win_discard_position, ActionType.WIN, HEURISTIC_WIN),
    "win_by_self_draw": (win_self_position, ActionType.WIN, HEURISTIC_WIN),
    "heaven": (heaven_position, ActionType.WIN, HEURISTIC_WIN),
    "rob_gold": (
        rob_gold_position,
        ActionType.ROB_GOLD,
        dict.fromkeys(WINNERS, ActionType.ROB_GOLD),
    ),
    "dealer_rob_gold": (
        dealer_rob_gold_position,
        ActionType.ROB_GOLD,
        dict.fromkeys(WINNERS, ActionType.ROB_GOLD),
    ),
    "three_gold_dealer": (
        three_gold_dealer_position,
        ActionType.THREE_GOLD,
        dict.fromkeys(WINNERS, ActionType.THREE_GOLD),
    ),
    "three_gold_on_draw": (
        three_gold_draw_position,
        ActionType.THREE_GOLD,
        dict.fromkeys(WINNERS, ActionType.THREE_GOLD),
    ),
    "three_gold_window": (
        three_gold_window_position,
        ActionType.THREE_GOLD,
        dict.fromkeys(WINNERS, ActionType.THREE_GOLD),
    ),
    "after_declining_three_gold": (
        after_decline_position,
        ActionType.DISCARD,
        dict.fromkeys(LEVELS, ActionType.DISCARD),
    ),
    "pass": (
        pass_position,
        ActionType.PASS,
        {"normal": ActionType.PASS, "hard": ActionType.PASS, "greedy": ActionType.PASS},
    ),
    "rob_kong": (robkong_position, ActionType.WIN, HEURISTIC_WIN),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_level_handles_every_decision(name, level):
    build, offered, wanted = POSITIONS[name]
    game, seat = build()
    obs = game.observation(seat)
    assert offered in {a.type for a in obs.legal}, f"{name}: no {offered} in {obs.legal}"
    want = wanted.get(level)
    right = 0
    for seed in SEEDS:
        action = make_bot(level, seed).choose(obs)
        assert action in obs.legal, f"{level} chose {action} in {name}"
        right += want is None or want in (describe(action), action.type)
    # normal keeps the wrong tile or lets a good call go some of the time, by design (levels.py)
    need = len(SEEDS) // 2 + 1 if level == "normal" else len(SEEDS)
    assert right >= need, f"{level} chose {want} with {right} of {len(SEEDS)} seeds in {name}"
    # and the game accepts it
    game.apply(action)


def test_the_positions_name_only_registered_levels():
    """A level named above that the registry no longer has would silently go unchecked."""
    named = {level for _, _, wanted in POSITIONS.values() for level in wanted}
    assert named <= set(LEVELS)


def test_the_positions_are_what_they_claim():
    """Guards for the positions above: the phase, and the choices on offer."""
    g, s = chi_position()
    chis = [describe(a) for a in g.observation(s).legal if a.type == ActionType.CHI]
    assert g.phase == Phase.CLAIM and sorted(chis) == ["chi 2m3m", "chi 3m5m"]
    g, s = kong_position()
    assert {a.type for a in g.legal_actions(s)} == {
        ActionType.KONG,
        ActionType.PONG,
        ActionType.PASS,
    }
    assert rob_gold_position()[0].phase == Phase.WINDOW
    assert dealer_rob_gold_position()[0].phase == Phase.WINDOW
    assert three_gold_window_position()[0].phase == Phase.WINDOW
    assert robkong_position()[0].phase == Phase.ROBKONG
    g, s = after_decline_position()
    assert {a.type for a in g.legal_actions(s)} == {ActionType.DISCARD}
    g, s = pass_position()
    assert {a.type for a in g.legal_actions(s)} == {ActionType.PONG, ActionType.PASS}


def test_easy_mostly_makes_the_clear_discard():
    """Easy keeps the wrong tile now and then (by design), but mostly finds the ready hand."""
    game, seat = discard_position()
    obs = game.observation(seat)
    picks = [describe(make_bot("easy", seed).choose(obs)) for seed in range(40)]
    assert picks.count("discard 9p") >= 28, picks


@pytest.mark.parametrize(
    "build",
    [three_gold_dealer_position, lambda: three_gold_draw_position()],
    ids=["dealer", "draw"],
)
def test_hard_takes_three_gold_when_the_hand_is_far_from_jinque(build):
    game, seat = build()
    assert make_bot("hard", 0).choose(game.observation(seat)).type == ActionType.THREE_GOLD


@pytest.mark.parametrize(
    "build",
    [
        lambda: (new_game({0: NEAR_17}), 0),
        lambda: three_gold_draw_position("99s 123m456m789m 1p4p7p 2s5s"),
    ],
    ids=["dealer", "draw"],
)
def test_hard_declines_three_gold_to_play_for_jinque_and_the_others_take_it(build):
    """rules.md §7: a player may decline 三金倒 and play on. Early in the hand, a step from
    金雀 (which pays b×3+15 against 三金倒's (b+1)×2), hard plays on; the others take it."""
    game, seat = build()
    obs = game.observation(seat)
    assert {ActionType.THREE_GOLD, ActionType.DECLINE_THREE_GOLD} <= {a.type for a in obs.legal}
    hard = make_bot("hard", 0).choose(obs)
    assert hard.type in (
        ActionType.DISCARD,
        ActionType.DECLINE_THREE_GOLD,
    )  # a discard declines it (rules.md §7)
    for level in ("easy", "normal", "greedy"):
        assert make_bot(level, 0).choose(obs).type == ActionType.THREE_GOLD
    game.apply(hard)
    assert game.declined[seat]
