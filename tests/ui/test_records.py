"""Every game is recorded decision by decision; "continue" rebuilds an interrupted game from its
record exactly where it stopped and writes on to the same file; the recent games list; the
demo is recorded like any other game."""

from __future__ import annotations

import json

from pilot_helpers import SIZE, discard_last, only_record, settle, table_app
from textual.widgets import Button, DataTable

from ningde_tui.records.record import replay_file
from ningde_tui.records.storage import list_records, resume
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import Action, ActionType, Phase
from ningde_tui.rules.session import Session
from ningde_tui.table.match import HUMAN
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.recent import RecentScreen
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.screens.start import StartScreen
from ningde_tui.ui.screens.table import TableScreen
from ningde_tui.ui.widgets.seat import SeatView

# With seed 39, greedy bots and the last tile discarded each turn, your third decision is a
# 吃 on 上家's discard: the game is interrupted while that claim is open.
SEED = 39


def state(game) -> dict:
    return {
        "phase": game.phase,
        "to_act": game.to_act(),
        "hands": [sorted(h) for h in game.hands],
        "ponds": [list(p) for p in game.ponds],
        "melds": [list(m) for m in game.melds],
        "wall": (game.wall.head, game.wall.tail),
        "decisions": list(game.decisions),
        "legal": game.legal_actions(HUMAN),
    }


async def test_interrupted_game_continues_where_it_stopped(data_dir) -> None:
    app = table_app(seed=SEED, bots=("greedy",) * 3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await discard_last(pilot)
        await discard_last(pilot)
        match = pilot.app.screen.table
        assert match.game.phase == Phase.CLAIM and match.next_human() == HUMAN
        before = state(match.game)
        # every decision is already on disk, one line each
        lines = [json.loads(x) for x in only_record(data_dir).read_text().splitlines()]
        assert [x["t"] for x in lines[:2]] == ["game", "hand"]
        assert len([x for x in lines if x["t"] == "act"]) == len(match.game.decisions)
    # the terminal is closed mid-hand; a new app continues the most recent unfinished game
    app = NingdeApp(LaunchOptions(pace="instant", resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen)
        match = screen.table
        assert state(match.game) == before  # the 吃 is still open, nothing passed for you
        assert match.session.seed == SEED and match.bots == ["greedy"] * 3
        assert [b.action.type for b in screen.query_one("#choices").buttons()] == ["chi", "pass"]
        await pilot.press("s")
        await settle(pilot)
        presses = 0
        while not isinstance(pilot.app.screen, ResultScreen):
            assert presses < 200
            obs = pilot.app.screen.table.observation()
            if obs.phase == Phase.TURN:
                await discard_last(pilot)
            else:
                await pilot.press("s" if any(a.type == "pass" for a in obs.legal) else "n")
                await settle(pilot)
            presses += 1
        await pilot.press("enter")
        await settle(pilot)
        second = pilot.app.screen.table.game
    # one file holds the whole game; hand 2's wall is the seed's second wall
    replay = replay_file(only_record(data_dir))
    assert len(replay.hands) == 2 and replay.hands[0].result is not None
    session = Session(RuleConfig(), SEED)
    session.next_setup()
    assert replay.hands[1].setup.wall == session.next_setup().wall == list(second.wall.tiles)


async def test_continue_button_on_the_start_screen(data_dir) -> None:
    app = table_app(seed=SEED, bots=("greedy",) * 3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await discard_last(pilot)
        before = state(pilot.app.screen.table.game)
    app = NingdeApp(LaunchOptions(pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        button = pilot.app.screen.query_one("#continue", Button)
        assert not button.disabled
        await pilot.click("#continue")
        await settle(pilot)
        assert state(pilot.app.screen.table.game) == before


async def test_a_second_start_before_the_first_is_acted_on_starts_nothing(data_dir) -> None:
    """The start screen asks the app for a game by a message; two asks in a row (a double
    click) start one game, with one record."""
    app = NingdeApp(LaunchOptions(pace="instant", bots=("greedy",) * 3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        start = pilot.app.screen
        assert isinstance(start, StartScreen)
        for _ in range(2):
            start.post_message(StartScreen.NewGame(5, ["human", *["greedy"] * 3], 1, None))
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)
        assert sum(isinstance(s, TableScreen) for s in pilot.app.screen_stack) == 1
    only_record(data_dir)


def test_resume_rebuilds_the_session_from_the_seed(data_dir, tmp_path) -> None:
    """A record whose hand is not the seed's deal is refused, naming the hand line."""
    app_record = tmp_path / "game.jsonl"
    from ningde_tui.table.match import Match

    match = Match.new(5, ["greedy"] * 3, recorder_path=app_record)
    match.apply(
        Action(
            match.game.turn, ActionType.DISCARD, match.game.legal_actions(match.game.turn)[0].tile
        )
    )
    match.close()
    resumed = resume(app_record)
    assert state(resumed.session.game) == state(match.game)
    lines = app_record.read_text().splitlines()
    other = Session(RuleConfig(), 6).next_setup()
    hand = json.loads(lines[1])
    from ningde_tui.rules.tiles import tile_str

    hand["wall"] = [tile_str(t) for t in other.wall]
    hand["dealer"], hand["dice"] = match.game.dealer, list(other.dice)
    lines[1] = json.dumps(hand)
    app_record.write_text("\n".join(lines[:2]) + "\n")
    try:
        resume(app_record)
    except ValueError as exc:
        assert "line 2" in str(exc) and "seed 5" in str(exc)
    else:
        raise AssertionError("a wall that is not the seed's was accepted")


async def test_demo_plays_hands_face_up_and_is_recorded(data_dir) -> None:
    app = NingdeApp(
        LaunchOptions(seed=4, pace="instant", seats=["greedy"] * 4, demo=True, demo_hands=2)
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = next(s for s in pilot.app.screen_stack if isinstance(s, TableScreen))
        assert all(view.state.tiles is not None for view in table.query(SeatView))
        for _ in range(60):  # two hands, then the demo ends by itself
            if only_record(data_dir).read_text().count('"t": "result"') == 2:
                break
            await pilot.pause(0.05)
    replay = replay_file(only_record(data_dir))
    assert len(replay.hands) == 2 and all(h.result is not None for h in replay.hands)
    header = replay.header
    assert [s["kind"] for s in header["seats"]] == ["bot"] * 4 and header["seed"] == 4


async def test_recent_games_lists_every_record(data_dir) -> None:
    app = table_app(seed=SEED, bots=("greedy",) * 3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await discard_last(pilot)
    summaries = list_records()
    assert len(summaries) == 1
    s = summaries[0]
    assert s.resumable and not s.finished and s.hands == 1 and s.humans == 1
    app = NingdeApp(LaunchOptions(pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.click("#recent")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, RecentScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 1
        row = [str(c) for c in table.get_row_at(0)]
        assert "人机" in row and "未完成" in row and "1" in row
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)
