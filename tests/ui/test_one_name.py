"""One name per person: a person who gave no name is written ``P1`` … ``P4`` whichever way
the game was played (against bots, hot-seat, in a room) and in whichever language, records
written before that (玩家1 / Player 1) read as the same person, and every view (战绩, ``ningde
stats``, the replay, the table's result, the recent games) says the name the same way."""

from __future__ import annotations

import json

from pilot_helpers import SIZE, open_from_start, settle, table_app, the_table, widget_text
from textual.pilot import Pilot
from textual.widgets import DataTable

from ningde_tui.bots.base import make_bot
from ningde_tui.cli.hotseat import hotseat_plan
from ningde_tui.cli.replay import main as replay_main
from ningde_tui.cli.stats import main as stats_main
from ningde_tui.i18n.words import people_names, person_name, placed_name, tr
from ningde_tui.records.storage import seats_from_header
from ningde_tui.table.match import Match
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.replay import ReplayScreen
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.screens.stats import StatsScreen
from ningde_tui.ui.widgets.scoreboard import ScoreBoard


def finish_hand(match: Match) -> None:
    """Play the app's hand to its end headless, the people's seats by a bot of their own,
    and book it (the record gets every decision and the result, as the table would)."""
    play_out(match)
    match.finish_hand()


def play_out(match: Match) -> None:
    """Play the app's hand to its end headless, the people's seats by a bot of their own."""
    stand_ins = {seat: make_bot("greedy", seat) for seat in match.humans}
    while not match.hand_over:
        if match.game.held and not match.game.to_act():
            match.close_window()
            continue
        bot = match.next_bot()
        if bot is not None:
            seat, obs, _ = bot
            match.apply(match.bot_action(seat, obs))
            continue
        seat = match.next_human()
        assert seat is not None
        match.apply(stand_ins[seat].choose(match.observation(seat)))


async def play_one_hand(options: LaunchOptions) -> None:
    app = NingdeApp(options)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        finish_hand(the_table(pilot).table)  # type: ignore[arg-type]
        app.exit()


async def open_stats(lang: str) -> list[str]:
    """战绩's names, top to bottom."""
    app = NingdeApp(LaunchOptions(seed=7, pace="instant", lang=lang))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_from_start(pilot, "#stats")
        assert isinstance(screen, StatsScreen)
        table = screen.query_one(DataTable)
        return [str(table.get_row_at(i)[0]) for i in range(table.row_count)]


async def test_a_bot_game_and_a_hot_seat_game_name_the_first_player_once(data_dir, capsys) -> None:
    # a game against bots in Chinese, a hot-seat game of two in English: neither given names
    await play_one_hand(
        LaunchOptions(seed=3, pace="instant", start_screen=False, bots=["normal"] * 3)
    )
    await play_one_hand(
        LaunchOptions(
            seed=4,
            pace="instant",
            start_screen=False,
            lang="en",
            seats=hotseat_plan(2, None, ["normal"]),
        )
    )
    records = sorted((data_dir / "records").glob("*.jsonl"))
    assert len(records) == 2
    for record in records:
        header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
        humans = [s["name"] for s in header["seats"] if s["kind"] == "human"]
        assert humans in (["P1"], ["P1", "P2"])
    names = await open_stats("zh")
    assert names.count("玩家1") == 1 and names.count("玩家2") == 1
    assert names.count("电脑·普通") == 1 and len(names) == 3
    assert stats_main(["--dir", str(data_dir / "records"), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    first = next(p for p in shown["players"] if p["name"] == "P1")
    assert first["games"] == 2 and first["kind"] == "human"
    assert sorted(p["name"] for p in shown["players"]) == ["P1", "P2", "normal"]
    assert await open_stats("en") == [
        n.replace("玩家", "Player ").replace("电脑·普通", "normal bot") for n in names
    ]


async def test_a_record_that_named_its_players_in_words_reads_as_the_same_people(
    data_dir, capsys
) -> None:
    """Records of hot-seat games written as 玩家1 / Player 2 count with ``P1`` / ``P2``, and
    still replay."""
    await play_one_hand(
        LaunchOptions(seed=3, pace="instant", start_screen=False, bots=["normal"] * 3)
    )
    await play_one_hand(
        LaunchOptions(
            seed=4, pace="instant", start_screen=False, seats=hotseat_plan(2, None, ["normal"])
        )
    )
    older = sorted((data_dir / "records").glob("*hotseat*.jsonl"))[0]
    lines = older.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seats"][0]["name"], header["seats"][1]["name"] = "玩家1", "Player 2"
    older.write_text("\n".join([json.dumps(header, ensure_ascii=False), *lines[1:]]) + "\n")
    assert replay_main(["--check", str(older)]) == 0
    assert [s.name for s in seats_from_header(header)][:2] == ["P1", "P2"]
    capsys.readouterr()
    names = await open_stats("zh")
    assert names.count("玩家1") == 1 and names.count("玩家2") == 1
    # a name of that form on another seat, or a bot's, is a name like any other
    header["seats"][1]["name"] = "玩家1"
    assert seats_from_header(header)[1].name == "玩家1"


def test_every_view_says_a_player_alike() -> None:
    seats = [("P1", "human", ""), ("normal", "bot", "normal"), ("P3", "human", "")]
    seats.append(("normal", "bot", "normal"))
    assert people_names(seats, "zh") == ("玩家1", "电脑·普通 2号", "玩家3", "电脑·普通 4号")
    assert people_names(seats, "en") == ("Player 1", "normal bot #2", "Player 3", "normal bot #4")
    assert person_name("小林", "human", [], "zh") == "小林"
    assert person_name("P1", "bot", ["hard"], "zh") == "P1（电脑·困难）"


def flat(text: str) -> str:
    """A widget's text with its lines and spaces gone (a name under its place reads on)."""
    return "".join(text.split())


def seat_panel(pilot: Pilot[None], seat: int) -> str:
    table = the_table(pilot)
    position = table.seating.position(seat)
    return flat(widget_text(table.query_one(f"#seat-{position}" if position else "#my-line")))


Names = list[str]


async def names_at_the_table_and_in_review(pilot: Pilot[None]) -> tuple[Names, Names, Names]:
    """The four seats' names at the table (each seat's panel and the score board checked to
    say them), in the hand's result (its standings checked to say them) and in 复盘, opened
    from the result."""
    await settle(pilot)
    table = the_table(pilot)
    seating = table.seating
    people = list(table._people())
    for seat in range(4):
        place, person = seating.parts(seat)
        assert place == tr(table.lang, f"seat.{seating.position(seat)}")
        panel = seat_panel(pilot, seat)
        assert flat(place) in panel and flat(person) in panel
        assert flat(person) in flat(widget_text(table.query_one(ScoreBoard)))
    play_out(table.table)  # type: ignore[arg-type]
    table.show_result()
    await settle(pilot)
    result = pilot.app.screen
    assert isinstance(result, ResultScreen)
    shown = flat(widget_text(result.query_one("#result-standings")))
    results = [result.seating.name(s) for s in range(4)]
    assert all(flat(name) in shown for name in results)
    await pilot.click("#result-review")
    await settle(pilot)
    replay = pilot.app.screen
    assert isinstance(replay, ReplayScreen)
    review = [replay.seating.name(s) for s in range(4)]
    assert review[1:] == people[1:]
    return [seating.name(s) for s in range(4)], results, review


async def test_the_table_against_bots_names_each_bot_as_its_review_does(data_dir) -> None:
    """You are 你 at the table; each bot is its place followed by the name 复盘 gives it,
    in either language; 复盘 opened from your hand's result calls you 你 too."""
    for lang in ("zh", "en"):
        app = table_app(lang=lang, bots=["normal"] * 3)
        async with app.run_test(size=SIZE) as pilot:
            table, results, review = await names_at_the_table_and_in_review(pilot)
            app.exit()
        assert results == table
        bots = people_names([("normal", "bot", "normal")] * 4, lang)[1:]
        places = [tr(lang, f"seat.{p}") for p in (1, 2, 3)]
        assert table == [tr(lang, "seat.0")] + [
            placed_name(place, bot, lang) for place, bot in zip(places, bots, strict=True)
        ]
        assert review[0] == placed_name(table[0], person_name("P1", "human", [], lang), lang)
        assert review[1:] == list(bots)
    assert table[1] == "Right · normal bot #2" and review[0] == "You · Player 1"


async def test_the_hot_seat_table_names_each_seat_as_its_review_does(data_dir) -> None:
    """Two players and two bots: every seat its place followed by the name the result and
    复盘 give it."""
    for lang in ("zh", "en"):
        app = table_app(lang=lang, seats=hotseat_plan(2, None, ["normal", "hard"]))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("enter")  # the cover lifts for the first player
            table, results, review = await names_at_the_table_and_in_review(pilot)
            app.exit()
        assert results == review  # everyone looks at the result: no 你 in it
        names = people_names(
            [("P1", "human", ""), ("P2", "human", ""), ("normal", "bot", "normal")]
            + [("hard", "bot", "hard")],
            lang,
        )
        assert review == list(names)
        places = [tr(lang, f"seat.{p}") for p in range(4)]
        assert table == [placed_name(p, n, lang) for p, n in zip(places, names, strict=True)]
    assert table[2] == "Across · normal bot" and review[3] == "hard bot"
