"""The table driven like a player would: keys, clicks, hovering choices (Pilot, instant bots)."""

from __future__ import annotations

from pilot_helpers import SIZE, hand_marks, settle, table, table_app, widget_text
from scenarios import (
    blocked_win_match,
    chi_choice_match,
    gold_turn_match,
    rob_gold_match,
    scenario_match,
    win_on_discard_match,
)
from textual.widgets import Static

from ningde_tui.i18n.words import payment_text
from ningde_tui.rules.game import Action, ActionType, Phase
from ningde_tui.rules.melds import MeldKind
from ningde_tui.rules.tiles import parse_tile, parse_tiles
from ningde_tui.table.match import HUMAN
from ningde_tui.ui.screens.help import HelpScreen
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.screens.start import StartScreen
from ningde_tui.ui.widgets.choices import ChoiceButton, ChoicesPanel
from ningde_tui.ui.widgets.hand import TILE_KEYS, HandView
from ningde_tui.ui.widgets.hints import HintsView


def announce_text(pilot) -> str:
    return widget_text(pilot.app.screen.query_one("#announce"))


def choice_buttons(pilot) -> list[ChoiceButton]:
    return pilot.app.screen.query_one(ChoicesPanel).buttons()


def button_for(pilot, action: Action) -> ChoiceButton:
    return next(b for b in choice_buttons(pilot) if b.action == action)


async def test_discard_by_key() -> None:
    match = gold_turn_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        tiles = pilot.app.screen.query_one(HandView).state.tiles
        await pilot.press(TILE_KEYS[3])
        await settle(pilot)
        assert match.game.decisions[0] == Action(HUMAN, ActionType.DISCARD, tiles[3])
        assert match.game.ponds[HUMAN][:1] == [tiles[3]]


async def test_discard_by_arrows_and_enter() -> None:
    match = gold_turn_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = pilot.app.screen.query_one(HandView)
        assert hand.cursor == 16  # the dealer's 17th tile, set apart
        await pilot.press("left", "left")
        await pilot.pause()
        assert hand.cursor == 14
        chosen = hand.state.tiles[14]
        await pilot.press("enter")
        await settle(pilot)
        assert match.game.decisions[0] == Action(HUMAN, ActionType.DISCARD, chosen)


async def test_discard_by_click() -> None:
    match = gold_turn_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        tile = pilot.app.screen.query_one(HandView).tile_widgets()[5]
        clicked = tile.tile  # the tile's place shows another tile once it is gone
        await pilot.click(tile)
        await settle(pilot)
        assert match.game.decisions[0] == Action(HUMAN, ActionType.DISCARD, clicked)


async def test_gold_cannot_be_discarded() -> None:
    match = gold_turn_match()
    gold = match.game.gold
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        tiles = pilot.app.screen.query_one(HandView).state.tiles
        assert tiles[0] == gold and pilot.app.screen.query_one(HandView).tile_widgets()[
            0
        ].has_class("-gold")
        hand_before = list(match.game.hands[HUMAN])
        await pilot.press("1")
        await settle(pilot)
        assert "金不能打出" in announce_text(pilot)  # the engine refusal, in the player's language
        assert match.game.decisions == []
        assert match.game.hands[HUMAN] == hand_before
        assert match.game.phase == Phase.TURN and match.game.to_act() == [HUMAN]


async def test_the_cursor_never_rests_on_a_gold() -> None:
    """Your 17th tile is a gold (rules.md §4: it can never be discarded): the cursor does not
    start on it, so Enter discards a tile that can go."""
    match = scenario_match({0: "19m258p369s1478m2p3p6p7s5s"}, dealer=0, indicator="5s")
    gold = match.game.gold
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = pilot.app.screen.query_one(HandView)
        assert match.game.drawn[HUMAN] == gold and hand.state.tiles[-1] == gold
        assert hand.state.tiles[hand.cursor] != gold
        await pilot.press("enter")
        await settle(pilot)
        assert (
            match.game.decisions[0].type == ActionType.DISCARD
            and match.game.decisions[0].tile != gold
        )


def enter_says(pilot) -> str:
    """What the key bar says Enter does now."""
    return pilot.app.active_bindings["enter"].binding.description


async def test_chi_combinations_highlight_on_hover() -> None:
    """An offer selects its first choice at once (here 碰, which beats 吃): its tiles lit, the
    rest grey, and the key bar says Enter takes it."""
    match = chi_choice_match()
    three, five, six = parse_tiles("356m")
    four = parse_tile("4m")
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        buttons = choice_buttons(pilot)
        chis = [b for b in buttons if b.action.type == ActionType.CHI]
        assert [b.action.tiles for b in chis] == [(three, five), (five, six)]
        assert buttons[0].action.type == ActionType.PONG
        assert pilot.app.screen.focused is buttons[0]
        marks = hand_marks(pilot)
        assert sorted(t for t, m in marks if m == "-hl") == [four, four]
        assert all(m == "-dim" for t, m in marks if t != four)
        assert enter_says(pilot) == "碰"

        await pilot.hover(f"#{chis[1].id}")
        await pilot.pause()
        marks = hand_marks(pilot)
        assert sorted(t for t, m in marks if m == "-hl") == [five, six]
        assert all(m == "-dim" for t, m in marks if t not in (five, six))

        await pilot.hover("#log")
        await pilot.pause()
        # back to what the selected choice shows
        assert sorted(t for t, m in hand_marks(pilot) if m == "-hl") == [four, four]


async def test_arrows_move_between_the_choices_of_an_offer_and_enter_takes_one() -> None:
    match = chi_choice_match()
    three, five, six = parse_tiles("356m")
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        buttons = choice_buttons(pilot)
        assert buttons[-1].action.type == ActionType.PASS
        await pilot.press("left")  # from the first choice back round to 过
        await pilot.pause()
        assert pilot.app.screen.focused is buttons[-1]
        assert all(m == "" for _, m in hand_marks(pilot)) and enter_says(pilot) == "过"
        await pilot.press("right", "right", "right")  # round to the second 吃
        await pilot.pause()
        assert pilot.app.screen.focused is buttons[2]
        assert sorted(t for t, m in hand_marks(pilot) if m == "-hl") == [five, six]
        assert enter_says(pilot) == "吃"
        await pilot.press("up")
        await pilot.pause()
        assert pilot.app.screen.focused is buttons[1]
        await pilot.press("down", "enter")
        await settle(pilot)
        meld = match.game.melds[HUMAN][0]
        assert meld.kind == MeldKind.CHI and meld.tiles == tuple(parse_tiles("456m"))


async def test_pass_is_its_own_key_even_with_a_call_selected() -> None:
    match = chi_choice_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert enter_says(pilot) == "碰"
        await pilot.press("s")
        await settle(pilot)
        assert match.game.decisions[-1].type == ActionType.PASS
        assert match.game.melds[HUMAN] == []


async def test_chi_by_keyboard_focus() -> None:
    match = chi_choice_match()
    three, five, six = parse_tiles("356m")
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")  # two combinations: the key moves onto the first
        await pilot.pause()
        assert sorted(t for t, m in hand_marks(pilot) if m == "-hl") == [three, five]
        await pilot.press("c")
        await pilot.pause()
        assert sorted(t for t, m in hand_marks(pilot) if m == "-hl") == [five, six]
        await pilot.press("enter")
        await settle(pilot)
        meld = match.game.melds[HUMAN][0]
        assert meld.kind == MeldKind.CHI and meld.tiles == tuple(parse_tiles("456m"))
        assert match.game.phase == Phase.TURN and match.game.turn == HUMAN
        assert all(m == "" for _, m in hand_marks(pilot))


async def test_pong() -> None:
    match = chi_choice_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        meld = match.game.melds[HUMAN][0]
        assert meld.kind == MeldKind.PONG and meld.tiles == (parse_tile("4m"),) * 3
        assert match.game.to_act() == [HUMAN]
        assert match.observation().drawn is None  # after 碰: discard at once, no draw


async def test_pass() -> None:
    match = win_on_discard_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert Action(HUMAN, ActionType.PASS) in match.game.decisions
        assert match.game.result is None or match.game.result.winner != HUMAN


async def test_win_shows_result_with_formula() -> None:
    match = win_on_discard_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert [b.action.type for b in choice_buttons(pilot)] == [ActionType.WIN, ActionType.PASS]
        await pilot.press("m")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, ResultScreen)
        result = match.session.results[-1]
        assert result.winner == HUMAN and result.pattern == "pinghu"
        pay = widget_text(screen.query_one("#result-pay"))
        assert result.score is not None and result.score.pay_dealer is not None
        assert payment_text(result.score.pay_dealer, "zh") in pay  # 金0 + 杠0 + 庄1 + 胡1 = 2
        assert "庄1" in pay
        head = widget_text(screen.query_one("#result-head"))
        assert "平胡" in head and "Plain win" not in head  # the pattern once, in Chinese
        game = match.game
        await pilot.press("enter")
        await settle(pilot)
        assert table(pilot).table.game is not game  # the next hand is dealt
        assert len(match.session.results) == 1


async def test_rob_the_gold_in_the_window() -> None:
    match = rob_gold_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = pilot.app.screen.query_one(ChoicesPanel)
        assert "抢金窗口" in widget_text(panel.query_one(".choices-title"))
        assert [b.action.type for b in panel.buttons()] == ["rob_gold", ActionType.PASS]
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultScreen)
        result = match.session.results[-1]
        assert result.winner == HUMAN and result.pattern == "qiangjin"
        assert "抢金1 + 胡1" in widget_text(pilot.app.screen.query_one("#result-pay"))


async def test_last_hand_shows_final_standings_then_the_start_screen() -> None:
    match = win_on_discard_match(passes=3)
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert match.session_over
        assert "终局" in widget_text(pilot.app.screen.query_one("#result-standings"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)


async def test_blocked_win_says_why() -> None:
    match = blocked_win_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = pilot.app.screen.query_one(ChoicesPanel)
        assert [b.action.type for b in panel.buttons()] == [ActionType.CHI, ActionType.PASS]
        blocked = widget_text(panel.query_one(".choices-blocked"))
        assert "不能胡" in blocked and "限制" in blocked and "金雀" in blocked


async def test_whole_hand_by_keys() -> None:
    """A hand from the deal to its result, the human seat pressing keys like a player."""
    app = table_app(seed=11, bots=("greedy", "greedy", "greedy"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        presses = 0
        while not isinstance(pilot.app.screen, ResultScreen):
            assert presses < 200
            match = table(pilot).table
            obs = match.observation()
            assert HUMAN in obs.to_act
            if obs.phase == Phase.TURN:
                tiles = pilot.app.screen.query_one(HandView).state.tiles
                index = next(i for i in reversed(range(len(tiles))) if tiles[i] != obs.gold)
                await pilot.press(TILE_KEYS[index])
            else:
                await pilot.press("s" if any(a.type == ActionType.PASS for a in obs.legal) else "n")
            presses += 1
            await settle(pilot)
        assert presses > 3
        screen = pilot.app.screen
        assert screen.result is match.session.results[-1]
        assert screen.standings_now.history[-1] == tuple(match.session.scores)


async def test_resize_below_minimum_and_back() -> None:
    async with table_app(gold_turn_match()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(pilot)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        message = screen.query_one("#too-small", Static)
        assert message.display and not screen.query_one("#table-area").display
        text = widget_text(message)
        assert "110×34" in text and "100×30" in text
        await pilot.resize_terminal(110, 34)
        await pilot.pause()
        assert not message.display and screen.query_one("#table-area").display


async def test_hints_toggle_and_content() -> None:
    async with table_app(gold_turn_match()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        hints = pilot.app.screen.query_one(HintsView)
        assert hints.display and "向听" in widget_text(hints)
        await pilot.press("h")
        await pilot.pause()
        assert not hints.display
        await pilot.press("h")
        await pilot.pause()
        assert hints.display


async def test_help_opens_and_closes() -> None:
    async with table_app(gold_turn_match()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        table(pilot)


async def test_english_and_ascii() -> None:
    app = table_app(gold_turn_match(), lang="en", ascii_tiles=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        tile = pilot.app.screen.query_one(HandView).tile_widgets()[0]
        assert "│5 │\n│s │" in str(tile.render()) and "G*" in str(tile.render())  # 5 over s
        await pilot.press("1")
        await pilot.pause()
        assert announce_text(pilot).startswith("Not allowed: a gold")
