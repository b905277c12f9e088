"""Watching a record: forward, back, jump and autoplay show the states the record itself
produces when replayed through the engine; a broken record opens an error screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_records import HOSTILE_LINES
from pilot_helpers import SIZE, bot_game, settle, widget_text
from textual.pilot import Pilot

from ningde_tui.i18n.words import payment_text
from ningde_tui.records.record import replay_file
from ningde_tui.rules.game import ActionType, Game
from ningde_tui.table.match import Match
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.model.replay import step_marks
from ningde_tui.ui.screens.record_error import RecordErrorScreen
from ningde_tui.ui.screens.replay import JumpScreen, ReplayScreen
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.widgets.hand import HandView
from ningde_tui.ui.widgets.pond import PondView
from ningde_tui.ui.widgets.seat import SeatView

RECORDS = Path(__file__).parent.parent / "records"


@pytest.fixture
def record(tmp_path) -> Path:
    return bot_game(tmp_path / "bots.jsonl")


def replay_screen(pilot: Pilot[None]) -> ReplayScreen:
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen), screen
    return screen


def expected(record: Path, hand: int, decisions: int) -> Game:
    """The state after the first ``decisions`` decisions of a hand, from the record alone."""
    replayed = replay_file(record).hands[hand]
    s = replayed.setup
    game = Game(s.wall, s.dealer, s.streak, s.dice, replay_file(record).config)
    for action in replayed.game.decisions[:decisions]:
        game.apply(action)
    return game


def shown_game(screen: ReplayScreen) -> Game:
    """The engine's state at the step the screen shows (the screen itself holds only a view)."""
    return screen.model.game_at(screen.hand, screen.step)


def assert_shows(screen: ReplayScreen, game: Game) -> None:
    """The table draws exactly this state: every pond, every hand (all face up)."""
    assert shown_game(screen).decisions == game.decisions
    for position in range(4):
        seat = screen.seating.seat_at(position)
        assert screen.query_one(f"#pond-{position}", PondView).state.tiles == tuple(
            game.ponds[seat]
        )
    bottom = screen.seating.bottom
    assert sorted(screen.query_one(HandView).state.tiles) == sorted(game.hands[bottom])
    for view in screen.query(SeatView):
        assert sorted(view.state.tiles or ()) == sorted(game.hands[view.state.seat])


async def test_forward_back_and_the_end_of_a_hand(record) -> None:
    app = NingdeApp(LaunchOptions(replay=record, replay_seat=1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = replay_screen(pilot)
        assert screen.seating.bottom == 1
        assert_shows(screen, expected(record, 0, 0))
        decisions = replay_file(record).hands[0].game.decisions
        marks = step_marks(decisions)
        for _ in range(5):
            await pilot.press("right")
        await pilot.pause()
        assert screen.step == 5
        assert_shows(screen, expected(record, 0, marks[5]))
        await pilot.press("left", "left")
        await pilot.pause()
        assert_shows(screen, expected(record, 0, marks[3]))
        await pilot.press("end")
        await pilot.pause()
        final = replay_file(record).hands[0]
        assert_shows(screen, final.game)  # the hand's last state, as the record ends it
        info = widget_text(screen.query_one("#replay-info"))
        assert f"{final.result['deltas'][0]:+d}" in info
        await pilot.press("right")  # on from the end: the hand's result, then the next deal
        await pilot.pause()
        assert isinstance(pilot.app.screen, ResultScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert (screen.hand, screen.step) == (1, 0)
        assert_shows(screen, expected(record, 1, 0))
        await pilot.press("left")
        await pilot.pause()
        assert (screen.hand, screen.step) == (0, marks.index(len(decisions)))


async def test_a_run_of_passes_is_one_step(record) -> None:
    decisions = replay_file(record).hands[0].game.decisions
    marks = step_marks(decisions)
    assert marks[-1] == len(decisions)
    for a, b in zip(marks, marks[1:], strict=False):
        chunk = decisions[a:b]
        assert len(chunk) == 1 or all(x.type == ActionType.PASS for x in chunk)


async def test_jump_to_a_hand_and_step(record) -> None:
    app = NingdeApp(LaunchOptions(replay=record))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = replay_screen(pilot)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(pilot.app.screen, JumpScreen)
        await pilot.press("2", "space", "4", "enter")
        await pilot.pause()
        assert (screen.hand, screen.step) == (1, 4)
        marks = step_marks(replay_file(record).hands[1].game.decisions)
        assert_shows(screen, expected(record, 1, marks[4]))
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert (screen.hand, screen.step) == (0, 0)


async def test_autoplay_runs_to_the_end_and_stops(record) -> None:
    app = NingdeApp(LaunchOptions(replay=record, replay_speed=0.25))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = replay_screen(pilot)
        await pilot.press("right_square_bracket")  # the second (last) hand's deal
        await pilot.pause()
        assert (screen.hand, screen.step) == (1, 0)
        await pilot.press("space")  # 0.25 s a step: running, then paused again
        assert screen.timer is not None and screen.step < 3
        await pilot.press("space")
        assert screen.timer is None
        paused_at = screen.step
        await pilot.pause(0.3)
        assert screen.step == paused_at
        screen.speed = 0.01  # fast ticks for the test
        await pilot.press("space")
        for _ in range(200):
            if screen.timer is None:
                break
            await pilot.pause(0.02)
        assert screen.timer is None and screen.at_end()
        assert_shows(screen, replay_file(record).hands[1].game)
        # the end of the hand shows the result screen of the table; Enter goes back
        assert isinstance(pilot.app.screen, ResultScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("plus")
        assert screen.speed == 0.25


async def test_one_seat_view_hides_the_other_hands(record) -> None:
    app = NingdeApp(LaunchOptions(replay=record, replay_seat=2, replay_open=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = replay_screen(pilot)
        assert all(view.state.tiles is None for view in screen.query(SeatView))
        assert sorted(screen.query_one(HandView).state.tiles) == sorted(shown_game(screen).hands[2])
        await pilot.press("v")
        await pilot.pause()
        assert all(view.state.tiles is not None for view in screen.query(SeatView))
        await pilot.press("s")
        await pilot.pause()
        assert screen.seating.bottom == 3


@pytest.mark.parametrize(
    ("edit", "line", "reason"),
    [
        (lambda lines: lines[:3] + ["{not json"] + lines[4:], 4, "not valid JSON"),
        (
            lambda lines: lines[:2] + [json.dumps({"t": "act", "seat": 3, "a": "win"})] + lines[2:],
            3,
            "illegal action",
        ),
        *[
            ((lambda lines, bad=HOSTILE_LINES[case][0]: [lines[0], bad, *lines[2:]]), 2, reason)
            for case, reason in [
                ("superscript digit in the wall", "bad tile"),
                ("an integer of 4,400 digits", "4400 digits"),
                ("brackets nested 30,000 deep", "nested"),
            ]
        ],
    ],
)
async def test_a_broken_record_names_the_line(record, edit, line, reason) -> None:
    lines = record.read_text(encoding="utf-8").splitlines()
    record.write_text("\n".join(edit(lines)) + "\n", encoding="utf-8")
    app = NingdeApp(LaunchOptions(replay=record))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, RecordErrorScreen)
        text = widget_text(screen.query_one("#error-text"))
        assert f"第 {line} 行" in text and reason in text and record.name in text
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 2  # left quietly with the status of --check, no traceback


async def test_hand_written_scenario_records_play_back() -> None:
    app = NingdeApp(LaunchOptions(replay=RECORDS / "rob_gold.jsonl"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = replay_screen(pilot)
        await pilot.press("end")
        await pilot.pause()
        assert shown_game(screen).result is not None
        assert "抢金" in widget_text(screen.query_one("#replay-info"))


async def test_mouse_steps_and_the_result_screen_at_a_hands_end(record) -> None:
    app = NingdeApp(LaunchOptions(replay=record))
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = replay_screen(pilot)
        await pilot.click("#replay-next")
        await pilot.click("#replay-next")  # as quick as a player clicks
        await pilot.pause()
        assert (screen.hand, screen.step) == (0, 2)
        await pilot.click("#replay-back")
        await pilot.pause()
        assert (screen.hand, screen.step) == (0, 1)
        steps = screen.model.hands[0].steps
        screen.go(0, steps - 1)
        await pilot.click("#replay-next")
        await settle(pilot)
        result = pilot.app.screen
        assert isinstance(result, ResultScreen)
        assert result.result == shown_game(screen).result
        text = "\n".join(
            widget_text(w) for w in result.query("Static") if w.display and w.size.height
        )
        # seats by their record names, as on the replay's table, never P1
        assert screen.seating.name(0) in text and "P1" not in text
        await pilot.press("enter")  # closing it goes on to the next hand
        await pilot.pause()
        assert pilot.app.screen is screen and (screen.hand, screen.step) == (1, 0)


async def test_a_player_recorded_without_a_name_is_not_called_p1(tmp_path) -> None:
    path = tmp_path / "play.jsonl"
    match = Match.new(5, ["greedy"] * 3, recorder_path=path)  # you in seat 1, unnamed
    while match.next_human() is None and not match.hand_over:
        seat, obs, _ = match.next_bot()
        match.apply(match.players[seat].choose(obs))
    match.close()
    async with NingdeApp(LaunchOptions(replay=path)).run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = replay_screen(pilot)
        assert screen.seating.name(0) == "玩家1"
        assert all("P1" not in screen.seating.name(s) for s in range(4))


def result_words(screen: ResultScreen) -> str:
    return "\n".join(widget_text(w) for w in screen.query("Static") if w.display and w.size.height)


async def test_each_hands_end_shows_the_tables_result_and_the_last_the_final_standings(
    tmp_path,
) -> None:
    """Pressing → through a record of three hands: at each hand's end the result screen of
    the table, each payer's formula as the engine scores the recorded hand; closing it deals
    the next hand; after the last, the final standings (the record's scores)."""
    record = bot_game(tmp_path / "three.jsonl", hands=3)
    replayed = replay_file(record).hands
    app = NingdeApp(LaunchOptions(replay=record))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = replay_screen(pilot)
        for number, hand in enumerate(replayed):
            presses = 0
            while not isinstance(pilot.app.screen, ResultScreen):
                await pilot.press("right")
                presses += 1
                assert presses <= screen.model.hands[number].steps
            await pilot.pause()
            result = pilot.app.screen
            assert (screen.hand, screen.step) == (number, screen.model.hands[number].steps)
            engine = hand.game.result
            assert engine is not None and engine.score is not None
            assert list(result.result.deltas) == hand.result["deltas"]
            pay = widget_text(result.query_one("#result-pay"))
            for seat in range(4):
                if seat == engine.winner:
                    continue
                payment = engine.score.pay_other
                if seat == engine.dealer and engine.score.pay_dealer:
                    payment = engine.score.pay_dealer
                assert payment is not None and payment_text(payment, "zh") in pay
            words = result_words(result)
            last = number == len(replayed) - 1
            assert ("最终排名" in words) == last and result.final == last
            assert result.standings_now.scores == tuple(hand.result["scores"])
            subtitle = result.query_one("#result-box").border_subtitle
            keys = " ".join(widget_text(k) for k in result.query("FooterKey"))
            assert "复盘" not in keys and "下一步" not in keys  # its own keys, not the replay's
            assert subtitle == ("Enter 回到回放" if last else "Enter 下一局")
            await pilot.press("enter")
            await pilot.pause()
            assert pilot.app.screen is screen
            if not last:
                assert (screen.hand, screen.step) == (number + 1, 0)
        assert screen.at_end()


async def test_the_progress_line_counts_the_steps_of_this_hand(record) -> None:
    app = NingdeApp(LaunchOptions(replay=record))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = replay_screen(pilot)
        steps = screen.model.hands[1].steps
        await pilot.press("right_square_bracket")
        for _ in range(4):
            await pilot.press("right")
        await pilot.pause()
        line = widget_text(screen.query_one("#replay-bar"))
        assert f"第 2/2 局 · 本局第 4/{steps} 步" in line
        assert f" {round(100 * 4 / steps)}%" in line
        await pilot.press("end")
        await pilot.pause()
        assert f"本局第 {steps}/{steps} 步" in widget_text(screen.query_one("#replay-bar"))
        assert " 100%" in widget_text(screen.query_one("#replay-bar"))
