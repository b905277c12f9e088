"""The table's parts without a running app: strings, the wall drawing, hints, screenshots, CLI."""

from __future__ import annotations

import argparse
import re

import pytest
from pilot_helpers import SIZE, settle
from scenarios import chi_choice_match, gold_turn_match, win_on_discard_match

from ningde_tui.bots.base import make_bot
from ningde_tui.bots.evaluate import unseen_tiles as unseen
from ningde_tui.cli import hotseat, options, play
from ningde_tui.i18n.words import EN, ZH
from ningde_tui.rules.game import Action, ActionType
from ningde_tui.rules.session import Session
from ningde_tui.rules.tiles import TOTAL_TILES, parse_tile, parse_tiles
from ningde_tui.rules.wall import stack_location
from ningde_tui.sim.simulate import play_hand
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.announce import describe
from ningde_tui.ui.model.hints import discard_hints, hand_hint
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.start import StartScreen
from ningde_tui.ui.screens.table import TableScreen
from ningde_tui.ui.widgets.wall import HEIGHT, WIDTH, WallState, WallView, cell_of, label_cell
from screenshots import fix_svg


def test_both_languages_have_every_string() -> None:
    assert set(ZH) == set(EN)
    for key in ZH:
        assert set(re.findall(r"{(\w+)", ZH[key])) == set(re.findall(r"{(\w+)", EN[key])), key


def test_every_stack_has_its_own_cell_on_the_square() -> None:
    cells = {cell_of(seat, k) for seat in range(4) for k in range(14)}
    assert len(cells) == 56
    for row, col in cells:
        assert 0 <= row < HEIGHT and 0 <= col < WIDTH - 1
        assert row in (0, HEIGHT - 1) or col in (0, WIDTH - 2)


def test_draw_order_runs_clockwise_round_the_square() -> None:
    """Consecutive stacks in draw order are neighbours on the screen (rules.md §3, §6): one
    step along a side, or round a corner."""
    prev = None
    for index in range(0, TOTAL_TILES, 2):
        seat, k, _ = stack_location(index, 1, (3, 4))
        row, col = cell_of(seat, k)
        if prev is not None:
            assert abs(row - prev[0]) + abs(col - prev[1]) / 2 <= 2, index
        prev = (row, col)


def _wall_text(state: WallState) -> list[str]:
    view = WallView()
    view.state = state
    return ["".join(ch for ch, _ in row) for row in view.grid()]


def test_wall_marks_head_tail_and_reserve_next_to_their_stacks() -> None:
    game = gold_turn_match().game
    state = WallState(
        head=game.wall.head, tail=game.wall.tail, reserve=game.reserve, dealer=game.dealer,
        dice=game.dice, gold=game.gold, drawable=game.drawable,
    )  # fmt: skip
    grid = WallView()
    grid.state = state
    cells = grid.grid()
    for mark, index in (("头", state.head), ("尾", state.tail - 1), ("留", state.tail - 16)):
        seat, k, _ = stack_location(index, game.dealer, game.dice)
        row, col = label_cell(seat, k)
        assert cells[row][col][0] == mark
    text = "\n".join(_wall_text(state))
    assert "金" in text and "白=五条" in text and "可摸 30" in text and "留 16" in text


def test_wall_stack_counts() -> None:
    """A stack with both tiles drawn is empty; the half-drawn head stack shows one tile."""
    game = gold_turn_match().game
    state = WallState(head=65, tail=111, reserve=16, dealer=game.dealer, dice=game.dice)
    cells = WallView()
    cells.state = state
    grid = cells.grid()
    seat, k, _ = stack_location(64, game.dealer, game.dice)  # 64 dealt, 65 still there
    row, col = cell_of(seat, k)
    assert grid[row][col][0] == "▄"
    seat, k, _ = stack_location(0, game.dealer, game.dice)
    row, col = cell_of(seat, k)
    assert grid[row][col][0] == "·"
    seat, k, _ = stack_location(80, game.dealer, game.dice)
    row, col = cell_of(seat, k)
    assert grid[row][col][0] == "█"


def test_hints_rank_discards_and_count_unseen_waits() -> None:
    match = win_on_discard_match()
    obs = match.observation()
    now = hand_hint(obs)
    nine_pin = parse_tile("9p")
    assert now.shanten == 0
    assert dict(now.waits)[nine_pin] == unseen(obs)[nine_pin]
    assert unseen(obs)[nine_pin] == 2  # one in your hand, one discarded
    turn = gold_turn_match().observation()
    hints = discard_hints(turn)
    legal = {a.tile for a in turn.legal if a.type == ActionType.DISCARD}
    assert {h.discard for h in hints} == legal
    assert [h.shanten for h in hints] == sorted(h.shanten for h in hints)


def test_fix_svg_gives_wide_characters_two_cells() -> None:
    svg = (
        "<style>.m { font-family: Fira Code, monospace; }</style>"
        '<text class="r1" x="10" y="20" textLength="45" clip-path="url(#l)">五万&#160;5m</text>'
    )
    out = fix_svg(svg)
    runs = re.findall(r'x="([0-9.]+)"[^>]*textLength="([0-9.]+)"[^>]*>([^<]*)<', out)
    assert [(float(x), float(w), t) for x, w, t in runs] == [
        (10, 18, "五"),
        (28, 18, "万"),
        (55, 18, "5m"),  # the space before it is a cell, not text a viewer may drop
    ]
    assert out.count('lengthAdjust="spacingAndGlyphs"') == 1  # the narrow run fits its cells
    assert 'font-family: "Sarasa Mono SC"' in out  # a CJK monospaced font first


def test_fix_svg_keeps_the_space_that_starts_or_ends_a_run() -> None:
    """A run Rich starts with a space (a badge after a name, the palette's key) keeps that
    space as an empty cell: "You dealer", never "Youdealer" stretched over it."""
    svg = (
        '<text class="r1" x="0" y="20" textLength="30" clip-path="url(#l)">You</text>'
        '<text class="r2" x="30" y="20" textLength="80" clip-path="url(#l)">&#160;dealer&#160;</text>'
        '<text class="r3" x="110" y="20" textLength="20" clip-path="url(#l)">&#160;&#160;</text>'
    )
    runs = re.findall(r'x="([0-9.]+)"[^>]*textLength="([0-9.]+)"[^>]*>([^<]*)<', fix_svg(svg))
    assert [(float(x), float(w), t) for x, w, t in runs] == [(0, 30, "You"), (40, 60, "dealer")]


def test_play_arguments() -> None:
    assert options.parse_bots("easy,normal,hard") == ["easy", "normal", "hard"]
    with pytest.raises(argparse.ArgumentTypeError):
        options.parse_bots("greedy,greedy")
    with pytest.raises(SystemExit):
        play.main(["--pace", "warp"])


async def test_start_screen_starts_a_game_with_the_seed() -> None:
    app = NingdeApp(LaunchOptions(seed=42, pace="instant", bots=("greedy", "random", "greedy")))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.table.session.seed == 42
        assert screen.table.bots == ["greedy", "random", "greedy"]


async def test_command_palette_entries() -> None:
    app = NingdeApp(LaunchOptions(pace="instant", match=chi_choice_match()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"新游戏", "规则与按键", "开关提示"} <= set(titles)
        hints = app.screen.query_one("#hints")
        app.action_toggle_hints()
        await pilot.pause()
        assert not hints.display


def test_actions_from_the_table_are_engine_actions() -> None:
    """The scenario's hand is what the engine dealt (the UI never builds a hand itself)."""
    match = chi_choice_match()
    assert sorted(match.observation().hand) == sorted(match.game.hands[0])
    assert (
        Action(0, "chi", parse_tile("4m"), tuple(parse_tiles("35m"))) in match.observation().legal
    )


def test_every_event_of_real_hands_reads_in_both_languages() -> None:
    """Bots play hands; every event the engine emits is told (or deliberately left out)."""
    session = Session(seed=3, rounds=0)
    players = [make_bot("greedy", seat) for seat in range(4)]
    kinds: set[str] = set()
    for _ in range(12):
        game = session.start_hand()
        play_hand(game, players)
        session.finish_hand()
        for event in game.log:
            kinds.add(event.kind)
            for lang in ("zh", "en"):
                line = describe(event, lang, ascii_tiles=lang == "en")
                if event.kind == "draw" and event.seat != 0:
                    assert line is None
                elif event.kind != "draw":
                    assert line is not None and line.text and "{" not in line.text
    assert {"deal", "gold", "discard", "win"} <= kinds


def test_hotseat_and_demo_arguments() -> None:
    from ningde_tui.cli import demo

    with pytest.raises(SystemExit):
        hotseat.main(["--humans", "5"])
    with pytest.raises(SystemExit):
        hotseat.main(["--humans", "2", "--names", "A"])
    with pytest.raises(SystemExit):
        hotseat.main(["--humans", "3", "--seats", "1,2"])
    with pytest.raises(SystemExit):
        demo.main(["--hands", "0"])
    with pytest.raises(SystemExit):
        demo.main(["--bots", "normal,hard"])
    assert options.parse_seats("1,3") == [0, 2]
    with pytest.raises(argparse.ArgumentTypeError):
        options.parse_seats("1,1")


def test_replay_text_walk_is_kept(capsys, tmp_path) -> None:
    from pathlib import Path

    from ningde_tui.cli.replay import main as replay_main

    record = Path(__file__).parent.parent / "records" / "rob_gold.jsonl"
    assert replay_main(["--text", str(record)]) == 0
    out = capsys.readouterr().out
    assert "第1局" in out and "rob_gold" not in out  # in words, not the record's ids


def test_seat_names_follow_the_viewer() -> None:
    from ningde_tui.table.seating import Seating

    seating = Seating("zh", bottom=2, names=("甲", None, "乙", None))
    assert [seating.name(s) for s in range(4)] == ["对家·甲", "上家", "你·乙", "下家"]
    watching = Seating("en", bottom=0, names=("A", "B", "C", "D"), relative=False)
    assert watching.name(3) == "D" and watching.position(3) == 3


def test_wall_turns_with_the_viewer() -> None:
    """Seen from seat 2, seat 2's wall is at the bottom and the head label sits by its stack."""
    game = gold_turn_match().game
    for bottom in range(4):
        state = WallState(
            head=game.wall.head, tail=game.wall.tail, reserve=game.reserve, dealer=game.dealer,
            dice=game.dice, gold=game.gold, drawable=game.drawable, bottom=bottom,
        )  # fmt: skip
        view = WallView()
        view.state = state
        cells = view.grid()
        seat, k, _ = stack_location(state.head, game.dealer, game.dice)
        row, col = label_cell((seat - bottom) % 4, k)
        assert cells[row][col][0] == "头"


def test_the_centre_names_the_dealer_by_place_where_the_name_would_break() -> None:
    """A bot's whole name (上家·电脑·贪心 4号) does not fit the tray's line: 庄 上家 on one
    line, not broken at a dot onto two; a name that fits is said whole."""
    game = gold_turn_match().game
    names = ("你", "下家·电脑·贪心 2号", "对家·电脑·贪心 3号", "上家·电脑·贪心 4号")
    for dealer, said in ((3, "庄  上家"), (0, "庄  你")):
        state = WallState(
            dealer=dealer, dice=game.dice, gold=game.gold, drawable=game.drawable,
            names=names, places=("你", "下家", "对家", "上家"),
        )  # fmt: skip
        text = [line.strip() for line in _wall_text(state)]
        assert said in [" ".join(line.split("│")[1:2]).strip() for line in text]
        assert not any(line.endswith("·") for line in text)
