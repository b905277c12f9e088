"""复盘 on screen: the replay viewer's review keys and the result screen's 复盘."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilot_helpers import SIZE, bot_game, settle, table_app, widget_text
from scenarios import win_on_discard_match

from ningde_tui.analysis.review import review_replay
from ningde_tui.records.record import replay_file, seat_info
from ningde_tui.records.storage import GameRecorder
from ningde_tui.table.match import Match
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.replay import ReplayScreen
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.widgets.hand import HandView

SEAT = 1  # a random player: it disagrees with the hard bot often


def mixed_game(path: Path, hands: int = 2) -> Path:
    """``hands`` hands of a hard bot (seat 0), a random player (seat 1) and two normal bots."""
    return bot_game(path, 5, hands, ("hard", "random", "normal", "normal"))


@pytest.fixture
def record(tmp_path) -> Path:
    return mixed_game(tmp_path / "mixed.jsonl")


def lit(screen) -> list[int]:
    return [w.tile for w in screen.query_one(HandView).tile_widgets() if w.has_class("-hl")]


async def test_review_keys_in_the_replay_viewer(record) -> None:
    review = review_replay(replay_file(record), SEAT)
    first = next(d for d in review.decisions if not d.agree)
    app = NingdeApp(LaunchOptions(replay=record, replay_seat=SEAT))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen) and not screen.reviewing
        await pilot.press("r")
        await pilot.pause()
        assert "复盘" in widget_text(screen.query_one("#replay-review"))
        # n: to the first decision where the review disagrees
        await pilot.press("n")
        await pilot.pause()
        assert screen.hand == first.hand - 1
        judged = screen.judged()
        assert judged == first
        info = " ".join(widget_text(screen.query_one("#replay-review")).split())
        assert screen.action_words(first.played) in info
        assert screen.action_words(first.suggested) in info
        if first.suggested.uses():  # the suggested tiles are lit in the hand, the rest greyed
            assert lit(screen) == list(first.suggested.uses())
        # n again: a later disagreement; p comes back
        await pilot.press("n")
        await pilot.pause()
        second = screen.judged()
        assert second is not None and not second.agree
        assert (second.hand, second.step) > (first.hand, first.step)
        await pilot.press("p")
        await pilot.pause()
        assert screen.judged() == first
        # r again: the review is gone
        await pilot.press("r")
        await pilot.pause()
        assert screen.judged() is None
        assert not screen.query_one("#replay-review").display


def recorded(match: Match, path: Path) -> Match:
    """The scenario's match, recorded from its deal on (as a game played here is)."""
    seats = [seat_info("你", "human")] + [seat_info(f"bot{s}", "bot", "greedy") for s in (1, 2, 3)]
    recorder = GameRecorder.create(path, match.session.config, seats, None)
    recorder.hand(match.game)
    for action in match.game.decisions:
        recorder.act(action)
    match.recorder = recorder
    return match


async def test_result_screen_offers_a_review_of_the_hand(tmp_path) -> None:
    """After a hand you played, 复盘 opens it in the viewer, as you saw it, reviewed."""
    match = recorded(win_on_discard_match(), tmp_path / "played.jsonl")
    app = table_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("m")  # 胡
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultScreen)
        await pilot.click("#result-review")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.reviewing and not screen.open_hands and screen.seating.bottom == 0
        assert screen.hand == len(match.session.results) - 1
        assert "复盘" in widget_text(screen.query_one("#replay-review"))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ResultScreen)


def test_review_in_the_replay_viewer_snapshot(snap_compare, tmp_path) -> None:
    record = mixed_game(tmp_path / "mixed.jsonl", hands=1)

    async def first_difference(pilot) -> None:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()

    app = NingdeApp(LaunchOptions(replay=record, replay_seat=SEAT))
    assert snap_compare(app, terminal_size=SIZE, run_before=first_difference)
