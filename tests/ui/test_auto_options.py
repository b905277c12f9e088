"""The auto options at the table (自动胡, 不吃, 自动过, 摸切) on their keys and from Settings,
shown beside your name while on, and the cue when a decision is yours (a bell, a flash of
the hand) — each pressed as a player would."""

from __future__ import annotations

from pilot_helpers import SIZE, settle, table, table_app, widget_text
from scenarios import (
    chi_choice_match,
    discard,
    gold_turn_match,
    scenario_match,
    win_on_discard_match,
)

from ningde_tui.rules.game import Action, ActionType, Phase
from ningde_tui.rules.melds import MeldKind
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.settings.store import Settings
from ningde_tui.table.auto import AutoPlay
from ningde_tui.table.match import HUMAN
from ningde_tui.ui.screens import seat_input
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.widgets.hand import HandView

AUTO_WAIT = 0.6  # seconds: an automatic decision comes a moment after its offer


def chi_only_match():
    """上家 discards 2万: you may only 吃 it (3万4万) or pass."""
    return scenario_match(
        {0: "34456m111p258p2579s", 3: "2m"},
        dealer=3,
        indicator="9s",
        moves=[discard(3, "2m")],
        tail="4m9s9s",
    )


def my_line(pilot) -> str:
    return widget_text(pilot.app.screen.query_one("#my-line"))


async def test_auto_win_takes_the_win_offered() -> None:
    match = win_on_discard_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await pilot.pause(AUTO_WAIT)
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultScreen)
        assert match.session.results[-1].winner == HUMAN


async def test_auto_pass_passes_a_call_and_is_shown_beside_your_name() -> None:
    match = chi_choice_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("z")
        await pilot.pause()
        assert "自动过" in my_line(pilot)
        await pilot.pause(AUTO_WAIT)
        await settle(pilot)
        assert Action(HUMAN, ActionType.PASS) in match.game.decisions
        assert match.game.melds[HUMAN] == []
        await pilot.press("z")  # off again
        await pilot.pause()
        assert "自动过" not in my_line(pilot)


async def test_no_chi_passes_a_chi_only_offer_but_not_a_pong() -> None:
    match = chi_only_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert match.game.phase == Phase.CLAIM
        await pilot.press("x")
        await pilot.pause(AUTO_WAIT)
        await settle(pilot)
        assert Action(HUMAN, ActionType.PASS) in match.game.decisions
    match = chi_choice_match()  # 碰 is offered too: 不吃 leaves the choice to you
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("x")
        await pilot.pause(AUTO_WAIT)
        await settle(pilot)
        assert match.game.phase == Phase.CLAIM and HUMAN in match.game.to_act()
        await pilot.press("p")
        await settle(pilot)
        assert match.game.melds[HUMAN][0].kind == MeldKind.PONG


async def test_draw_discard_throws_the_tile_just_drawn_on_enter() -> None:
    match = chi_only_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")  # pass the 吃: 上家's turn goes round to yours
        await settle(pilot)
        for _ in range(100):
            if match.game.phase == Phase.TURN and match.game.turn == HUMAN:
                break
            await pilot.press("s")
            await settle(pilot)
        drawn = match.game.drawn[HUMAN]
        assert drawn is not None and drawn != match.game.gold
        await pilot.press("d", "left", "left")
        await pilot.pause()
        hand = pilot.app.screen.query_one(HandView)
        assert hand.state.tiles[hand.cursor] != drawn or hand.state.tiles.count(drawn) > 1
        await pilot.press("enter")
        await settle(pilot)
        mine = [d for d in match.game.decisions if d.seat == HUMAN]
        assert mine[-1] == Action(HUMAN, ActionType.DISCARD, drawn)


async def test_the_settings_start_the_table_with_auto_pass() -> None:
    match = chi_choice_match()
    async with table_app(match, settings=Settings(auto_pass=True)).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "自动过" in my_line(pilot)
        await pilot.pause(AUTO_WAIT)
        await settle(pilot)
        assert Action(HUMAN, ActionType.PASS) in match.game.decisions


async def test_the_cue_rings_and_flashes_when_a_decision_is_yours(monkeypatch) -> None:
    monkeypatch.setattr(
        seat_input, "FLASH_SECONDS", 3.0
    )  # long enough to be seen on a busy machine
    app = table_app(gold_turn_match(), settings=Settings(bell=True, flash=True))
    rings: list[int] = []
    app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert rings == [1]
        assert table(pilot).query_one("#me").has_class("-flash")
        await pilot.pause(3.5)
        assert not table(pilot).query_one("#me").has_class("-flash")


async def test_no_cue_unless_the_settings_ask_for_it() -> None:
    app = table_app(gold_turn_match())
    rings: list[int] = []
    app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert rings == [] and not table(pilot).query_one("#me").has_class("-flash")


def test_no_chi_is_for_one_hand_and_the_options_choose_only_legal_actions() -> None:
    auto = AutoPlay(no_chi=True, auto_win=True)
    assert auto.toggled("no_chi").on() == ("auto_win",)
    obs = chi_only_match().game.observation(HUMAN)
    assert auto.decide(obs) == (Action(HUMAN, ActionType.PASS), "no_chi")
    assert AutoPlay().decide(obs) is None
    win = win_on_discard_match().game.observation(HUMAN)
    decided = auto.decide(win)
    assert decided is not None and decided[0] in win.legal and decided[1] == "auto_win"
    turn = gold_turn_match().game.observation(HUMAN)
    assert AutoPlay(auto_pass=True, no_chi=True).decide(turn) is None
    assert AutoPlay(draw_discard=True).discard_on_enter(turn) in (turn.drawn, None)
    assert parse_tile("5s") == turn.gold
