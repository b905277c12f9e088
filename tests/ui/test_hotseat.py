"""Hot-seat: a cover screen between different players' decisions; nobody sees another player's
hand, choices or hints. After every discard the cover takes calls for a moment, whether or not
anyone may claim: the player who presses their seat's number decides it, nobody calling lets it
go, and the cover never names a player for a claim they did not call (rules of the table, not
of the game: the engine's claims and priorities are unchanged)."""

from __future__ import annotations

from pilot_helpers import (
    SIZE,
    assert_covered,
    assert_sees_only,
    settle,
    table_app,
    the_table,
    widget_text,
)
from scenarios import three_claims_match
from textual.pilot import Pilot

from ningde_tui.cli.hotseat import hotseat_plan
from ningde_tui.rules.game import Action, ActionType, Phase
from ningde_tui.rules.melds import MeldKind
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.hotseat import call_seconds
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


def assert_takes_calls(pilot: Pilot[None], tile: str, players: list[str]) -> None:
    """The cover shows the tile to everyone and each player's seat key, naming nobody."""
    assert_covered(pilot, tile)
    text = widget_text(pilot.app.screen.query_one("#cover-text"))
    assert "接手" not in text
    for key in players:
        assert key in text


async def test_the_player_who_calls_a_discard_decides_it_and_the_others_let_it_go() -> None:
    """A may 吃 the bot's 4万, B may 胡 it and C may 碰 it; the cover asks none of them by name:
    C calls (key 3), is named, and pongs; A and B, who did not call, let it go."""
    match = three_claims_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert_takes_calls(pilot, "打出 四万", ["1 A", "2 B", "3 C"])
        await pilot.press("3")
        await settle(pilot)
        await take_over(pilot, "C", 2, [ActionType.PONG, ActionType.PASS])
        await pilot.press("p")
        await settle(pilot)
        game = match.game
        assert game.melds[2][0].kind == MeldKind.PONG
        assert game.decisions[-3:] == [
            Action(2, ActionType.PONG, game.melds[2][0].claimed),
            Action(0, ActionType.PASS),
            Action(1, ActionType.PASS),
        ]
        # C discards next: the same player, so no cover in between
        assert game.phase == Phase.TURN and game.to_act() == [2]
        assert isinstance(pilot.app.screen, TableScreen)
        assert_sees_only(pilot, 2)


async def test_nobody_calling_in_time_lets_the_discard_go() -> None:
    match = three_claims_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert_takes_calls(pilot, "打出 四万", ["1 A"])
        await pilot.pause(call_seconds(0.0) + 0.3)
        await settle(pilot)
        game = match.game
        assert [a.type for a in game.decisions[-3:]] == [ActionType.PASS] * 3
        assert game.phase == Phase.TURN and game.to_act() == [0]  # A, the 下家, draws
        assert_covered(pilot, "A")


async def test_a_player_who_calls_with_nothing_to_claim_hands_back() -> None:
    """B calls although only A could pong: B sees their own hand and no choice, hands back
    with 过, and A, who did not call, lets the tile go: the table learned only that B called."""
    from scenarios import discard, scenario_match

    match = scenario_match(
        {0: "44m555p666p777s888m1s7p", 1: "123m567m456p789p123s1s", 3: "4m"},
        dealer=3,
        indicator="9s",
        moves=[discard(3, "4m")],
        humans=(0, 1),
        names=("A", "B", "greedy", "greedy"),
        bots=("greedy", "greedy"),
    )
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert_takes_calls(pilot, "打出 四万", ["1 A", "2 B"])
        await pilot.press("2")
        await settle(pilot)
        await take_over(pilot, "B", 1, [])
        assert "按 s 交回" in widget_text(the_table(pilot).query_one("#announce"))
        await pilot.press("s")
        await settle(pilot)
        game = match.game
        assert [a.type for a in game.decisions[-1:]] == [ActionType.PASS]
        assert game.melds[0] == [] and game.phase == Phase.TURN and game.to_act() == [0]


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
        for _ in range(40):
            screen = pilot.app.screen
            table = the_table(pilot)
            game = table.table.game
            if isinstance(screen, CoverScreen) and screen.player is None:
                await pilot.pause(0.3)  # the cover takes calls on a discard: nobody calls
                continue
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
        await pilot.press("1")  # A calls the discard
        await pilot.press("enter")
        await settle(pilot)
        shown = the_table(pilot).query_one(HandView).state.tiles
        assert list(shown) == sort_hand(tuple(match.game.hands[0]), match.game.gold)


async def test_the_rob_the_gold_window_takes_calls_like_a_discard() -> None:
    """rules.md §8: after the bot dealer's first discard, A and B (both ready) may 抢金; the
    cover names neither: B calls and robs, and A, nearer the dealer but silent, lets it go."""
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
        assert_takes_calls(pilot, "打出", ["1 A", "2 B"])
        await pilot.press("2")
        await settle(pilot)
        await take_over(pilot, "B", 1, [ActionType.ROB_GOLD, ActionType.PASS])
        await pilot.press("g")
        await settle(pilot)
        result = match.session.results[-1]
        assert result.winner == 1 and result.pattern == "qiangjin" and result.by == "rob"
