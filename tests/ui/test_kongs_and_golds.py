"""Pilot tests: each kind of 杠, and 三金倒 / 不倒, played through the table's keys.
(rules.md §5 kongs, §7 三金倒 and declining it, §8 the start window.)"""

from __future__ import annotations

from pilot_helpers import SIZE, settle, table_app
from scenarios import discard, scenario_match

from ningde_tui.rules.game import Action, ActionType, Phase
from ningde_tui.rules.melds import MeldKind
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.table.match import HUMAN
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.widgets.choices import ChoicesPanel

t = parse_tile


def offered(pilot) -> list[str]:
    return [b.action.type for b in pilot.app.screen.query_one(ChoicesPanel).buttons()]


async def test_exposed_kong_on_a_discard_draws_from_the_tail() -> None:
    match = scenario_match(
        {0: "444m1p2p5p7p8p1s3s5s7s9m", 3: "4m"},
        dealer=3,
        indicator="9s",
        moves=[discard(3, "4m")],
        tail="6s",
    )
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert ActionType.KONG in offered(pilot)
        await pilot.press("k")
        await settle(pilot)
        game = match.game
        assert (
            game.melds[HUMAN][0].kind == MeldKind.KONG
            and Action(HUMAN, ActionType.KONG, t("4m")) in game.decisions
        )
        assert game.drawn[HUMAN] == t("6s")  # the replacement from the tail
        assert game.phase == Phase.TURN and game.to_act() == [HUMAN]


async def test_concealed_kong_on_your_turn() -> None:
    match = scenario_match({0: "1111p258m369s47p2s3s"}, dealer=0, indicator="9s", tail="6s")
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert ActionType.ANKONG in offered(pilot)
        await pilot.press("k")
        await settle(pilot)
        game = match.game
        assert game.melds[HUMAN][0].kind == MeldKind.ANKONG and game.reserve == 20
        assert game.drawn[HUMAN] == t("6s")


async def test_added_kong_after_drawing_the_fourth_tile() -> None:
    pong = Action(HUMAN, ActionType.PONG, t("4m"))
    match = scenario_match(
        {0: "44m1p2p5p7p8p1s3s5s7s9m2m6m8m", 3: "4m"},
        dealer=3,
        indicator="9s",
        moves=[discard(3, "4m")],
        draws="6p6p2s4m",
    )
    game = match.game
    game.apply(pong)
    for move in (discard(0, "9m"), discard(1, "6p"), discard(2, "6p"), discard(3, "2s")):
        while game.phase != Phase.TURN:
            game.pass_undecided()
        game.apply(move)
    while game.phase != Phase.TURN:
        game.pass_undecided()
    assert game.turn == HUMAN and game.drawn[HUMAN] == t("4m")
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert ActionType.ADDKONG in offered(pilot)
        await pilot.press("k")
        await settle(pilot)
        meld = match.game.melds[HUMAN][0]
        assert meld.kind == MeldKind.KONG and meld.added


async def test_three_golds_at_the_start_win_as_rob_the_gold() -> None:
    match = scenario_match({0: "9s9s9s1m4m7m2p5p8p3s6s1p4p7p2m5m"}, dealer=0, indicator="9s")
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert {ActionType.THREE_GOLD, ActionType.DECLINE_THREE_GOLD} <= set(offered(pilot))
        await pilot.press("j")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultScreen)
        result = match.session.results[-1]
        assert result.winner == HUMAN and result.pattern == "qiangjin"
        assert "three_gold" in result.events


async def test_declining_three_golds_then_discarding() -> None:
    match = scenario_match({0: "9s9s9s1m4m7m2p5p8p3s6s1p4p7p2m5m"}, dealer=0, indicator="9s")
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        game = match.game
        assert game.declined[HUMAN]
        assert ActionType.THREE_GOLD not in offered(
            pilot
        ) and ActionType.DECLINE_THREE_GOLD not in offered(pilot)
        await pilot.press("4")  # the golds sit first: the fourth tile is an ordinary one
        await settle(pilot)
        assert any(a.type == "discard" and a.seat == HUMAN for a in game.decisions)
