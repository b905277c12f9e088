"""Hot-seat: a cover screen between different players' decisions; nobody sees another player's
hand, choices or hints; several players who may claim one discard are asked one by one, in the
engine's priority order, each behind the cover."""

from __future__ import annotations

from pilot_helpers import (
    SIZE,
    assert_covered,
    assert_sees_only,
    settle,
    table_app,
    the_table,
)
from scenarios import three_claims_match
from textual.pilot import Pilot

from ningde_tui.cli.hotseat import hotseat_plan
from ningde_tui.rules.game import Action, ActionType, Phase
from ningde_tui.rules.melds import MeldKind
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.cover import CoverScreen
from ningde_tui.ui.screens.table import TableScreen
from ningde_tui.ui.widgets.choices import ChoicesPanel
from ningde_tui.ui.widgets.hand import HandView, sort_hand


def offered(pilot: Pilot[None]) -> list[Action]:
    return [b.action for b in the_table(pilot).query_one(ChoicesPanel).buttons()]


async def take_over(pilot: Pilot[None], name: str, seat: int, choices: list[str]) -> None:
    """The cover asks for ``name``; Enter shows that seat alone, offered exactly ``choices``."""
    assert_covered(pilot, name)
    await pilot.press("enter")
    await settle(pilot)
    assert_sees_only(pilot, seat)
    assert [a.type for a in offered(pilot)] == choices


async def test_three_players_claim_one_discard_privately_in_turn() -> None:
    match = three_claims_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        # A (下家 of the discarder) is asked first: only A's own choice, 吃
        await take_over(pilot, "A", 0, [ActionType.CHI, ActionType.PASS])
        await pilot.press("s")
        await settle(pilot)
        # then B, who may win on it; A's choice is not shown anywhere
        await take_over(pilot, "B", 1, [ActionType.WIN, ActionType.PASS])
        await pilot.press("s")
        await settle(pilot)
        # then C, who may pong it
        await take_over(pilot, "C", 2, [ActionType.PONG, ActionType.PASS])
        await pilot.press("p")
        await settle(pilot)
        game = match.game
        assert game.melds[2][0].kind == MeldKind.PONG
        # C discards next: the same player, so no cover in between
        assert game.phase == Phase.TURN and game.to_act() == [2]
        assert isinstance(pilot.app.screen, TableScreen)
        assert_sees_only(pilot, 2)
        assert match.game.decisions[-3:] == [
            Action(0, ActionType.PASS),
            Action(1, ActionType.PASS),
            Action(2, ActionType.PONG, match.game.melds[2][0].claimed),
        ]


async def test_two_players_take_turns_behind_the_cover(data_dir) -> None:
    app = NingdeApp(
        LaunchOptions(
            seed=3,
            pace="instant",
            seats=hotseat_plan(2, None, ["greedy"]),
            names=["甲", "乙"],
            start_screen=False,
        )
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        covers = []
        for _ in range(12):
            screen = pilot.app.screen
            table = the_table(pilot)
            game = table.table.game
            if isinstance(screen, CoverScreen):
                waiting = table.table.next_human()
                name = "甲" if waiting == 0 else "乙"
                assert_covered(pilot, name)
                covers.append(waiting)
                await pilot.press("enter")
                await settle(pilot)
                assert_sees_only(pilot, waiting)
                continue
            seat = table.private_seat
            assert seat is not None and seat in game.to_act()
            assert_sees_only(pilot, seat)
            obs = game.observation(seat)
            if obs.phase == Phase.TURN:
                tiles = table.query_one(HandView).state.tiles
                index = next(i for i in reversed(range(len(tiles))) if tiles[i] != obs.gold)
                await pilot.press("1234567890qwertyu"[index])
            else:
                await pilot.press("s")
            await settle(pilot)
        assert set(covers) == {0, 1}  # both players were covered for at least once
        # the whole game is recorded, the players' names and seats with it
        record = next((data_dir / "records").glob("*-hotseat-seed3.jsonl"))
        head = record.read_text(encoding="utf-8").splitlines()[0]
        assert '"name": "甲", "kind": "human"' in head and '"name": "乙", "kind": "human"' in head


def test_hotseat_seats() -> None:
    assert hotseat_plan(2, None, ["easy", "hard"]) == ["human", "human", "easy", "hard"]
    assert hotseat_plan(2, [0, 2], ["hard"]) == ["human", "hard", "human", "hard"]
    assert hotseat_plan(4, None, None) == ["human"] * 4


async def test_table_sorts_hand_like_the_engine_sees_it() -> None:
    """The revealed hand is exactly the engine's hand of that seat (sorted for display)."""
    match = three_claims_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        shown = the_table(pilot).query_one(HandView).state.tiles
        assert list(shown) == sort_hand(tuple(match.game.hands[0]), match.game.gold)


async def test_the_rob_the_gold_window_asks_each_player_privately() -> None:
    """rules.md §8: after the bot dealer's first discard, A and B (both ready) may 抢金; each is
    asked behind the cover in priority order (A is nearer the dealer) and sees only their own
    choice."""
    from scenarios import discard, scenario_match

    match = scenario_match(
        {0: "123m456m789m123p45p77s", 1: "123s456s789s123m45m77p", 3: "1s"},
        dealer=3,
        indicator="9s",
        moves=[discard(3, "1s")],
        pass_window=False,
        humans=(0, 1),
        names=("A", "B", "greedy", "greedy"),
        bots=("greedy", "greedy"),
    )
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await take_over(pilot, "A", 0, [ActionType.ROB_GOLD, ActionType.PASS])
        await pilot.press("s")
        await settle(pilot)
        await take_over(pilot, "B", 1, [ActionType.ROB_GOLD, ActionType.PASS])
        await pilot.press("g")
        await settle(pilot)
        result = match.session.results[-1]
        assert result.winner == 1 and result.pattern == "qiangjin" and result.by == "rob"
