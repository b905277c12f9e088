"""Screens that say what the game does: a result over the table keeps the table on that hand
whatever redraws it, the last result's key bar says what its button does, ``demo --hands N``
leaves its last result up to be read, the tutorial's footer names the lesson under the
cursor, and the auto options set at a table are still on when its game is continued."""

from __future__ import annotations

from pilot_helpers import SIZE, discard_last, settle, table, table_app, the_table, widget_text
from scenarios import win_on_discard_match
from textual.widgets import Button
from tutorial_helpers import learn_app

from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens import table as table_module
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.screens.start import StartScreen
from ningde_tui.ui.screens.table import TableScreen
from ningde_tui.ui.screens.tutorial import TutorialScreen
from ningde_tui.ui.widgets.keybar import KeyBar


def key_bar(pilot) -> str:
    """The key bar of the screen on top, as drawn."""
    keys = pilot.app.screen.query_one(KeyBar).query("FooterKey")
    return "  ".join(widget_text(k).strip() for k in keys)


async def wait_for(pilot, check, seconds: float = 30.0) -> bool:
    """Poll ``check`` until it holds (a generous deadline for a loaded machine)."""
    for _ in range(int(seconds / 0.05)):
        if check():
            return True
        await pilot.pause(0.05)
    return check()


async def test_resizing_during_a_result_keeps_the_table_on_that_hand() -> None:
    match = win_on_discard_match()
    async with table_app(match).run_test(size=SIZE) as pilot:
        await settle(pilot)
        under = table(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ResultScreen)
        assert "第 1 局" in str(pilot.app.screen.query_one("#result-box").border_title)

        def board() -> tuple[str, str, list[str]]:
            scores = under.query_one("#scores")
            seats = [widget_text(under.query_one(f"#seat-{p}")) for p in (1, 2, 3)]
            return str(scores.border_subtitle), widget_text(scores), seats

        before = board()
        assert "第 1 局" in before[0]
        for size in ((160, 50), (110, 34), (200, 60), SIZE):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert isinstance(pilot.app.screen, ResultScreen)
            if size == SIZE:
                assert board() == before  # the hand's number and its scores as they were
            assert "第 1 局" in board()[0]
        await pilot.press("enter")
        await settle(pilot)
        assert "第 2 局" in str(table(pilot).query_one("#scores").border_subtitle)


async def test_the_last_results_key_bar_says_what_its_button_does() -> None:
    async with table_app(win_on_discard_match()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert "⏎ 下一局" in key_bar(pilot)  # a hand that is not the last: the next one
        await pilot.press("enter")
    async with table_app(win_on_discard_match(passes=3)).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, ResultScreen)
        button = str(screen.query_one("#result-next", Button).label)
        bar = key_bar(pilot)
        assert button == "回到开始" and f"⏎ {button}" in bar and "下一局" not in bar
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)


def one_hand_demo() -> NingdeApp:
    return NingdeApp(
        LaunchOptions(
            seed=4,
            pace="instant",
            seats=("greedy",) * 4,
            demo=True,
            demo_hands=1,
            start_screen=False,
        )
    )


async def test_demo_of_one_hand_leaves_its_result_up_until_a_key() -> None:
    app = one_hand_demo()
    async with app.run_test(size=SIZE) as pilot:
        assert await wait_for(pilot, lambda: isinstance(pilot.app.screen, ResultScreen))
        screen = pilot.app.screen
        assert str(screen.query_one("#result-next", Button).label) == "退出"
        assert await wait_for(pilot, lambda: "⏎ 退出" in key_bar(pilot))
        await pilot.pause(1.0)  # far longer than a demo's result at this pace (none)
        assert app.is_running and pilot.app.screen is screen
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: not app.is_running)


async def test_demo_of_one_hand_ends_by_itself_after_a_long_while(monkeypatch) -> None:
    monkeypatch.setattr(table_module, "LAST_RESULT_SECONDS", 0.5)
    app = one_hand_demo()
    async with app.run_test(size=SIZE) as pilot:
        assert await wait_for(pilot, lambda: isinstance(pilot.app.screen, ResultScreen))
        assert await wait_for(pilot, lambda: not app.is_running)


async def test_the_tutorial_footer_names_the_lesson_under_the_cursor() -> None:
    async with learn_app().run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, TutorialScreen)

        def status() -> str:
            return widget_text(screen.query_one("#tutorial-status"))

        assert "下一课：第 1 课" in status()
        await pilot.press("down", "down", "down")
        await pilot.pause()
        assert "第 4 课" in status() and "第 1 课" not in status()
        await pilot.press("end")
        await pilot.pause()
        last = len(screen.ids)
        assert f"第 {last} 课" in status() and "Enter" in status()


async def test_the_auto_options_set_at_a_table_survive_continuing_its_game(data_dir) -> None:
    app = table_app(seed=5, bots=("greedy",) * 3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("a", "z")  # 自动胡 and 自动过 on, by their keys
        await discard_last(pilot)
        assert table(pilot).auto.auto_win and table(pilot).auto.auto_pass
    # 继续上一局 from the start screen of a new run
    app = NingdeApp(LaunchOptions(pace="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        assert await wait_for(pilot, lambda: pilot.app.screen.can_continue)
        await settle(pilot)
        await pilot.click("#continue")
        await settle(pilot)
        continued = the_table(pilot)
        assert isinstance(continued, TableScreen)
        assert continued.auto.auto_win and continued.auto.auto_pass
        assert "自动胡" in widget_text(continued.query_one("#my-line"))
    # a new game starts from the settings again
    async with table_app(seed=6, bots=("greedy",) * 3).run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not table(pilot).auto.auto_win
