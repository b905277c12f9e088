"""Focus you can see, moved by the arrows: the start screen's and Settings' buttons show which
one has the focus (apart from a disabled one), ←/→/↑/↓ move between them while the arrows keep
working inside a choice or a typed field; Settings says each switch's value in words; a result
dialog has a footer of its own keys and leaves the table's side panel whole."""

from __future__ import annotations

from pilot_helpers import SIZE, settle, table_app, widget_text
from scenarios import win_on_discard_match
from textual.color import Color
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, Select, Switch

from ningde_tui.settings.store import TABLE_SWITCHES, room_rule_names
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.palette import GOLD
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.screens.settings import SettingsScreen
from ningde_tui.ui.screens.start import StartScreen
from ningde_tui.ui.widgets.keybar import KeyBar


def focused_id(pilot: Pilot[None]) -> str | None:
    focused = pilot.app.screen.focused
    return None if focused is None else focused.id


async def press(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


def start_app() -> NingdeApp:
    return NingdeApp(LaunchOptions(seed=7, pace="instant"))


def looks(widget: Widget) -> tuple[Color, Color]:
    styles = widget.styles
    return styles.background, styles.color


async def test_start_screen_arrows_move_between_the_buttons(data_dir, config_dir) -> None:
    async with start_app().run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        assert focused_id(pilot) == "new"
        await press(pilot, "right")  # 继续上一局 is disabled (no game to continue): passed by
        assert focused_id(pilot) == "recent"
        await press(pilot, "right")
        assert focused_id(pilot) == "stats"
        await press(pilot, "right")  # the row ends here
        assert focused_id(pilot) == "stats"
        await press(pilot, "down")
        assert focused_id(pilot) == "quit"
        await press(pilot, "left", "left")
        assert focused_id(pilot) == "settings"
        await press(pilot, "down")
        assert focused_id(pilot) in ("host", "join")
        await press(pilot, "up", "up")
        assert focused_id(pilot) in ("new", "continue", "recent", "stats")
        await press(pilot, "left", "left", "left")
        assert focused_id(pilot) == "new"


async def test_the_focused_button_looks_apart_from_the_others_and_a_disabled_one(
    data_dir, config_dir
) -> None:
    async with start_app().run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        new, cont, recent = (
            screen.query_one(f"#{b}", Button) for b in ("new", "continue", "recent")
        )
        assert cont.disabled and new.has_focus
        assert new.styles.background == Color.parse(GOLD)
        assert looks(new) != looks(cont) and looks(new) != looks(recent)
        assert cont.styles.background.a == 0  # disabled: quiet text, no background
        await press(pilot, "right")
        assert recent.has_focus and recent.styles.background == Color.parse(GOLD)
        assert new.styles.background != Color.parse(GOLD)


async def test_start_screen_arrows_still_work_in_the_fields(data_dir, config_dir) -> None:
    """Up from the buttons to the seed; in it ←/→ move the cursor (a digit typed lands
    between); a seat's choice opens and moves with ↓."""
    async with start_app().run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        await press(pilot, "up")
        seed = screen.query_one("#seed", Input)
        assert seed.has_focus
        await press(pilot, "backspace", "1", "2", "left", "3")
        assert seed.value == "132"
        await press(pilot, "right", "4")
        assert seed.value == "1324"
        await press(pilot, "down")
        assert isinstance(screen.focused, Button)
        seat = screen.query_one("#seat-1", Select)
        seat.focus()
        await pilot.pause()
        before = seat.value
        await press(pilot, "down")  # opens the list
        assert seat.expanded
        await press(pilot, "down", "enter")
        assert not seat.expanded and seat.value != before
        assert seat.has_focus
        # a name is typed with the arrows moving inside it
        name = screen.query_one("#name-0", Input)
        name.focus()
        await pilot.pause()
        await press(pilot, "a", "c", "left", "b")
        assert name.value == "abc"


async def open_settings(pilot: Pilot[None]) -> SettingsScreen:
    await settle(pilot)
    await pilot.click("#settings")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


async def test_settings_switches_say_on_or_off_beside_their_default(data_dir, config_dir) -> None:
    async with start_app().run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        assert isinstance(screen.focused, Select)  # the first choice, not the box
        for name in TABLE_SWITCHES:
            switch = screen.query_one(f"#set-{name}", Switch)
            words = widget_text(screen.query_one(f"#set-{name}-now")).strip()
            assert words == ("开" if switch.value else "关")
        for name in room_rule_names():
            switch = screen.query_one(f"#rule-{name}", Switch)
            words = widget_text(screen.query_one(f"#rule-{name}-now")).strip()
            assert words == ("开" if switch.value else "关")
        hints = screen.query_one("#set-hints", Switch)
        hints.focus()
        await pilot.pause()
        assert hints.value and widget_text(screen.query_one("#set-hints-now")).strip() == "开"
        await press(pilot, "space")
        assert not hints.value
        assert widget_text(screen.query_one("#set-hints-now")).strip() == "关"
        await press(pilot, "enter")
        assert widget_text(screen.query_one("#set-hints-now")).strip() == "开"
        await pilot.click("#defaults")
        await pilot.pause()
        rob = screen.query_one("#rule-rob_kong", Switch)
        assert widget_text(screen.query_one("#rule-rob_kong-now")).strip() == (
            "开" if rob.value else "关"
        )


async def test_settings_arrows_move_between_switches_and_buttons(data_dir, config_dir) -> None:
    async with start_app().run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        pace = screen.query_one("#set-pace", Select)
        assert pace.has_focus
        await press(pilot, "down")  # in a choice the arrows are its own: the list opens
        assert pace.expanded
        await press(pilot, "down", "enter")
        assert pace.value != "instant" and pace.has_focus
        screen.query_one("#set-hints", Switch).focus()
        await pilot.pause()
        await press(pilot, "down")
        assert focused_id(pilot) == "set-bell"
        await press(pilot, "up")
        assert focused_id(pilot) == "set-hints"
        switches = [f"set-{n}" for n in TABLE_SWITCHES] + [f"rule-{n}" for n in room_rule_names()]
        for expected in switches[1:]:
            await press(pilot, "down")
            assert focused_id(pilot) == expected
        await press(pilot, "down")  # on to the button nearest below
        assert isinstance(screen.focused, Button)
        screen.query_one("#save", Button).focus()
        await press(pilot, "right")
        assert focused_id(pilot) == "defaults"
        await press(pilot, "right")
        assert focused_id(pilot) == "cancel"
        await press(pilot, "left")
        assert focused_id(pilot) == "defaults"
        assert screen.query_one("#defaults").styles.background == Color.parse(GOLD)
        await press(pilot, "up")
        assert focused_id(pilot) == switches[-1]


async def test_a_result_has_its_own_footer_and_leaves_the_side_panel_whole() -> None:
    for size, panel_open in ((SIZE, True), ((110, 34), False)):
        async with table_app(win_on_discard_match()).run_test(size=size) as pilot:
            await settle(pilot)
            table = pilot.app.screen
            await press(pilot, "m")
            await settle(pilot)
            result = pilot.app.screen
            assert isinstance(result, ResultScreen)
            bar = result.query_one(KeyBar)
            width, height = size
            assert (bar.region.y, bar.region.width) == (height - 1, width)
            words = " ".join(widget_text(key) for key in bar.query("FooterKey"))
            assert "下一局" in words
            for table_key in ("提示", "面板", "速度", "自动"):  # the table's keys
                assert table_key not in words
            side = table.query_one("#side")
            box = result.query_one("#result-box").region
            if panel_open:
                assert side.region.width and box.right <= side.region.x
            else:
                assert not side.display or not side.region.width
                assert box.width > 100
            await press(pilot, "enter")


def footer_words(screen: Widget) -> str:
    bar = screen.query_one(KeyBar)
    return " ".join(widget_text(key) for key in bar.query("FooterKey"))


async def test_every_dialog_over_the_table_shows_only_its_own_keys() -> None:
    """帮助 (?) and 剩牌 (l) over the table: the key bar at the foot is the dialog's, with 关闭,
    not the table's keys, which do nothing while the dialog is open."""
    async with table_app(win_on_discard_match()).run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        for key in ("question_mark", "l"):
            await press(pilot, key)
            await settle(pilot)
            dialog = pilot.app.screen
            assert dialog is not table
            words = footer_words(dialog)
            assert "关闭" in words
            for table_key in ("提示", "面板", "速度", "自动"):
                assert table_key not in words
            bar = dialog.query_one(KeyBar)
            assert bar.region.y == SIZE[1] - 1
            await press(pilot, "escape")
            await settle(pilot)
            assert pilot.app.screen is table


async def test_the_room_dialogs_show_only_their_own_keys(data_dir, config_dir) -> None:
    """开房间 and 加入房间 over the start screen name their own keys (返回), not the start
    screen's."""
    async with start_app().run_test(size=SIZE) as pilot:
        await settle(pilot)
        start = pilot.app.screen
        start_words = footer_words(start)
        start.query_one("#seat-1", Select).value = "human"  # a room is for friends
        await pilot.pause()
        for button in ("#host", "#join"):
            await pilot.click(button)
            await settle(pilot)
            dialog = pilot.app.screen
            assert dialog is not start
            words = footer_words(dialog)
            assert "返回" in words
            assert words != start_words
            await press(pilot, "escape")
            await settle(pilot)
            assert pilot.app.screen is start
