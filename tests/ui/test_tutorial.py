"""The tutorial (教学) as a newcomer plays it: every lesson is chosen from the list, played to
its goal by the right keys, and refuses a wrong decision with its explanation (the engine's
own refusal beside it where the engine refuses); the summary follows, the lesson is ticked and
kept, and the last one offers a real game. Each lesson is the real table: what the engine
does there (a kong's reserve, 碰 over 吃, the lock, the last round) is checked on it."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from pilot_helpers import settle, widget_text
from textual.widgets import Button, OptionList
from tutorial_helpers import LEARN_SIZE, bar_text, learn_app, open_lesson, play, prose_text

from ningde_tui.cli import build_app
from ningde_tui.i18n.words import refusal_text, tr
from ningde_tui.rules.game import RuleEvent
from ningde_tui.rules.melds import MeldKind
from ningde_tui.rules.refusal import Refusal, RefusalCode
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.settings.store import load_progress, progress_path
from ningde_tui.ui.model.lessons import LESSONS
from ningde_tui.ui.screens.result import ResultScreen
from ningde_tui.ui.screens.start import StartScreen
from ningde_tui.ui.screens.table import TableScreen
from ningde_tui.ui.screens.tutorial import LessonDone, LessonScreen, TutorialScreen
from ningde_tui.ui.widgets.keybar import KeyBar


@dataclass(frozen=True)
class Course:
    """How a lesson is played: the wrong moves tried first (and the lesson's sentence, a key
    under ``lesson.<id>.``, that must answer the last of them; ``engine``: the engine's refusal
    shown beside it), then the right moves to its goal."""

    lesson: str
    before: tuple[str, ...]  # right moves played before the wrong one is tried
    wrong: str
    why: str
    right: tuple[str, ...]
    engine: RefusalCode | None = None


COURSES = (
    Course("tiles", (), "-w", "white", ("-9p", "m")),
    Course("gold", (), "-9s", "gold", ("-1p", "m"), RefusalCode.GOLD_DISCARD),
    Course("calls", (), "s", "chi_pass", ("c", "-2p", "p")),
    Course("kong", (), "p", "pong", ("k", "-2p")),
    Course("after_call", ("p",), "k", "no_kong", ("-8m", "k"), RefusalCode.DISCARD_AFTER_CALL),
    Course("rob", (), "s", "pass", ("g",)),
    Course("three_gold", (), "j", "take_now", ("n", "-1p", "-9p", "m")),
    Course("jinque", (), "m", "restricted", ("s", "m"), RefusalCode.RESTRICTION),
    Course("qingyise", (), "-1m", "other1", ("-7s", "m")),
    Course("dandiao", ("p",), "-5m", "dead_tile", ("-9s", "m")),
    Course("lock", (), "m", "locked", ("s", "m"), RefusalCode.LOCK),
    Course("wall_end", (), "-7s", "keep_wait", ("-3s",)),
    Course("chouzhuang", (), "-9m", "other1", ("-9p",)),
    Course("result", (), "-1m", "not_yet", ("m",)),
)


def number_of(lesson_id: str) -> int:
    return [lesson.id for lesson in LESSONS].index(lesson_id)


def test_every_lesson_has_its_course_here() -> None:
    assert [c.lesson for c in COURSES] == [lesson.id for lesson in LESSONS]


def engine_words(code: RefusalCode, screen: LessonScreen) -> str:
    """The engine's refusal as the table translates it."""
    if code in (RefusalCode.LOCK, RefusalCode.RESTRICTION):
        blocked = screen.lesson_table.observation().win_blocked
        assert blocked is not None and blocked.code == code
        return refusal_text("zh", blocked)
    return refusal_text("zh", Refusal(code, ""))


@pytest.mark.parametrize("course", COURSES, ids=lambda c: c.lesson)
async def test_each_lesson_refuses_a_wrong_move_and_is_played_to_its_goal(course: Course) -> None:
    number = number_of(course.lesson)
    lesson = LESSONS[number]
    async with learn_app().run_test(size=LEARN_SIZE) as pilot:
        screen = await open_lesson(pilot, number)
        assert tr("zh", lesson.key("intro")) in bar_text(pilot)
        await play(pilot, *course.before)
        step = screen.lesson_table.step
        assert screen.lesson_table.goal("zh") in bar_text(pilot)
        version = screen.lesson_table.version
        await play(pilot, course.wrong)
        shown = bar_text(pilot)
        assert tr("zh", lesson.key(course.why)) in shown  # the lesson says why
        if course.engine is not None:
            assert engine_words(course.engine, screen) in shown  # and so does the engine
        # refused by the lesson: nothing was played, the player is at the same step
        assert screen.lesson_table.version == version and screen.lesson_table.step == step
        assert pilot.app.screen is screen
        await play(pilot, *course.right)
        if lesson.shows_result:
            assert isinstance(pilot.app.screen, ResultScreen)
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(pilot.app.screen, LessonDone)
        assert prose_text(pilot, "#done-summary") == tr("zh", lesson.key("summary"))
        assert lesson.id in load_progress().done


async def test_a_right_move_after_a_refusal_clears_it_from_the_table() -> None:
    """The refusal is on the lesson's bar and the table's announcement line; once the player
    makes the right move, the announcement is the table's own again."""
    async with learn_app().run_test(size=LEARN_SIZE) as pilot:
        screen = await open_lesson(pilot, number_of("tiles"))
        before = screen.announcement
        await play(pilot, "-w")
        assert screen.announcement.kind == "error"
        await play(pilot, "-9p")
        assert screen.announcement.kind != "error" and screen.announcement != before
        assert "不对" not in bar_text(pilot) and tr("zh", "lesson.right") in bar_text(pilot)


async def test_the_real_table_under_the_lessons(config_dir) -> None:
    """What the engine does at the lessons' tables: 杠 draws from the tail and the reserve
    grows by 2 (rules.md §5, §6); 碰 beats 上家's 吃 (§5)."""
    async with learn_app().run_test(size=LEARN_SIZE) as pilot:
        screen = await open_lesson(pilot, number_of("kong"))
        obs = screen.lesson_table.observation()
        assert obs.reserve == 16
        await play(pilot, "k")
        obs = screen.lesson_table.observation()
        assert obs.reserve == 18 and obs.drawn == parse_tile("5m")  # the tail's tile
        await pilot.press("b")  # leave the lesson
        await settle(pilot)
        assert isinstance(pilot.app.screen, TutorialScreen)
        assert "kong" not in load_progress().done  # left before its goal: not ticked
        screen = await open_lesson(pilot, number_of("calls"))
        await play(pilot, "c", "-2p", "p")
        mine = screen.lesson_table.view(0, screen.sight).melds(0)
        left = screen.lesson_table.view(0, screen.sight).melds(3)
        assert [m.kind for m in mine] == [MeldKind.CHI, MeldKind.PONG]
        assert mine[1].claimed == parse_tile("7p") and left == ()


async def test_after_a_pong_no_kong_and_a_concealed_kong_keeps_four_more_back() -> None:
    """rules.md §5: right after 碰 only a discard; §6: a 暗杠 keeps four more tiles back."""
    async with learn_app().run_test(size=LEARN_SIZE) as pilot:
        screen = await open_lesson(pilot, number_of("after_call"))
        await play(pilot, "p", "k")
        assert refusal_text("zh", Refusal(RefusalCode.DISCARD_AFTER_CALL, "")) in bar_text(pilot)
        await play(pilot, "-8m", "k")
        obs = screen.lesson_table.observation()
        assert [m.kind for m in obs.melds[0]] == [MeldKind.PONG, MeldKind.ANKONG]
        assert obs.reserve == 20


async def test_the_lock_and_the_restriction_are_said_beside_the_choices() -> None:
    """rules.md §9: the panel says why 胡 is not offered (the lesson asks the player to read
    it), for the 金雀 restriction and the 闲金 lock."""
    async with learn_app().run_test(size=LEARN_SIZE) as pilot:
        for lesson, code in (("jinque", RefusalCode.RESTRICTION), ("lock", RefusalCode.LOCK)):
            screen = await open_lesson(pilot, number_of(lesson))
            blocked = screen.lesson_table.observation().win_blocked
            assert blocked is not None and blocked.code == code
            panel = screen.query_one("#choices")
            assert refusal_text("zh", blocked) in "".join(
                str(w.render()) for w in panel.query(".choices-blocked")
            )
            await pilot.press("b")
            await settle(pilot)


async def test_the_end_of_the_wall_wins_by_itself_in_the_last_round() -> None:
    """rules.md §6: with four or fewer drawable tiles each player draws one more, and a tile
    that completes a hand wins as 自摸 without a key."""
    async with learn_app().run_test(size=LEARN_SIZE) as pilot:
        screen = await open_lesson(pilot, number_of("wall_end"))
        obs = screen.lesson_table.observation()
        assert obs.reserve == 16 and obs.drawable == 6
        assert "可摸的牌只剩 6 张，后面 16 张留着不摸" in bar_text(pilot)  # the table's numbers
        await play(pilot, "-3s")
        assert isinstance(pilot.app.screen, LessonDone)
        result = pilot.app.screen.result
        assert result is not None and result.winner == 0 and result.by == "self"
        assert RuleEvent.LAST_ROUND in result.events
        assert "(金0 + 杠0 + 庄1 + 胡1) × 2 = 4" in str(
            pilot.app.screen.query_one("#done-pays").render()
        )


@pytest.mark.parametrize("ends", [True, False])
async def test_the_foul_deal_lesson_says_and_plays_the_rooms_reading(ends: bool) -> None:
    """rules.md §7: 臭庄 ends the hand, or (the room's other reading) the hand plays on with
    the streak raised; the lesson's words come from the room's switches."""
    from ningde_tui.rules.config import RuleConfig
    from ningde_tui.settings.store import Settings

    rules = RuleConfig(chouzhuang_ends_hand=ends)
    app = learn_app()
    app.settings = Settings(rules=rules)
    async with app.run_test(size=LEARN_SIZE) as pilot:
        screen = await open_lesson(pilot, number_of("chouzhuang"))
        reading = tr(
            "zh", "help.chouzhuang_ends_hand.on" if ends else "help.chouzhuang_ends_hand.off"
        )
        assert reading in bar_text(pilot)
        if not ends:
            assert tr("zh", "help.chouzhuang_streak.on") in bar_text(pilot)
        await play(pilot, "-9p")
        done = pilot.app.screen
        assert isinstance(done, LessonDone)
        assert reading in prose_text(pilot, "#done-notes")
        assert screen.lesson_table.hand_over is ends
        if ends:
            assert tr("zh", "result.chouzhuang") in str(done.query_one("#done-pays").render())
        else:
            assert screen.lesson_table.observation().streak == 2


async def test_reading_a_result_shows_the_real_result_then_the_formulas() -> None:
    """rules.md §11: 庄 counts only in the dealer's payment; 暗杠 counts 2, a gold 1."""
    async with learn_app().run_test(size=LEARN_SIZE) as pilot:
        await open_lesson(pilot, number_of("result"))
        await play(pilot, "m")
        assert isinstance(pilot.app.screen, ResultScreen)
        keys = " ".join(
            widget_text(k) for k in pilot.app.screen.query_one(KeyBar).query("FooterKey")
        )
        assert "小结" in keys and "下一局" not in keys  # Enter goes on to the lesson's summary
        await pilot.press("enter")
        await settle(pilot)
        pays = str(pilot.app.screen.query_one("#done-pays").render())
        assert "上家（庄） 付  (金1 + 杠2 + 庄2 + 胡1) × 2 = 12" in pays
        assert "下家 付  (金1 + 杠2 + 胡1) × 2 = 8" in pays


async def test_the_list_ticks_the_lessons_done_and_offers_the_next(config_dir) -> None:
    async with learn_app().run_test(size=LEARN_SIZE) as pilot:
        await open_lesson(pilot, 0)
        await play(pilot, "-9p", "m")
        await pilot.press("escape")  # the summary's 课程列表
        await settle(pilot)
        tutorial = pilot.app.screen
        assert isinstance(tutorial, TutorialScreen)
        lessons = tutorial.query_one("#lessons", OptionList)
        rows = [str(lessons.get_option_at_index(i).prompt) for i in range(lessons.option_count)]
        assert rows[0].startswith("✓") and rows[1].startswith("·")
        assert lessons.highlighted == 1
        status = str(tutorial.query_one("#tutorial-status").render())
        assert "已学完 1/14 课" in status and "第 2 课" in status
        assert json.loads(progress_path().read_text("utf-8")) == {"done": ["tiles"]}
        # the next lesson, from the summary's first button
        await pilot.press("enter")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, LessonScreen) and screen.lesson.id == "gold"
        await play(pilot, "-1p", "m")
        await pilot.press("enter")  # 下一课
        await settle(pilot)
        assert isinstance(pilot.app.screen, LessonScreen) and pilot.app.screen.lesson.id == "calls"


async def test_a_short_terminal_meets_the_next_lessons_intro_in_the_summary() -> None:
    """A terminal too short for the lesson's intro in its bar (the goal stands beside the
    title there) reads it at the end of the lesson before, next to the 下一课 button."""
    async with learn_app("en").run_test(size=(110, 34)) as pilot:
        await open_lesson(pilot, 0)
        assert tr("en", LESSONS[0].key("intro")) not in bar_text(pilot)
        await play(pilot, "-9p", "m")
        done = pilot.app.screen
        assert isinstance(done, LessonDone)
        upcoming = prose_text(pilot, "#done-upcoming")
        assert tr("en", "lesson.next_up", n=2, title=tr("en", LESSONS[1].key("title"))) in upcoming
        assert tr("en", LESSONS[1].key("intro")) in upcoming
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, LessonScreen) and pilot.app.screen.lesson.id == "gold"


async def test_the_last_lesson_offers_a_real_game() -> None:
    async with learn_app().run_test(size=LEARN_SIZE) as pilot:
        await open_lesson(pilot, len(LESSONS) - 1)
        await play(pilot, "m", "enter")
        done = pilot.app.screen
        assert isinstance(done, LessonDone)
        assert str(done.query_one("#done-buttons Button", Button).label) == "开一局真正的牌"
        assert not done.query("#done-upcoming")  # no lesson comes after the last
        await pilot.press("enter")
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, TableScreen) and not isinstance(table, LessonScreen)
        assert table.table.humans == (0,) and not table.table.hand_over


async def test_the_start_screen_and_ningde_learn_open_the_tutorial() -> None:
    from ningde_tui.ui.app import NingdeApp
    from ningde_tui.ui.model.launch import LaunchOptions

    async with NingdeApp(LaunchOptions(pace="instant")).run_test(size=LEARN_SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        await pilot.click("#tutorial")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TutorialScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
    app = build_app(["learn", "--lang", "en"])
    async with app.run_test(size=LEARN_SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, TutorialScreen)
        status = str(pilot.app.screen.query_one("#tutorial-status").render())
        assert "0 of 14 lessons done" in status and "Next: lesson 1" in status


async def test_a_bad_progress_file_is_said_and_the_tutorial_goes_on(config_dir) -> None:
    config_dir.mkdir()
    progress_path().write_text("{not json", encoding="utf-8")
    async with learn_app().run_test(size=LEARN_SIZE) as pilot:
        await settle(pilot)
        notes = [n.message for n in pilot.app._notifications]
        assert any("学习进度文件读不了" in n for n in notes)
        await open_lesson(pilot, 0)
        await play(pilot, "-9p", "m")
        assert isinstance(pilot.app.screen, LessonDone)
    assert load_progress().done == {"tiles"}  # written afresh


async def test_a_progress_file_that_cannot_be_written_is_said(config_dir) -> None:
    config_dir.mkdir()
    progress_path().mkdir()  # a folder where the file should be: it cannot be replaced
    app = learn_app()
    notes: list[str] = []  # every notice, however soon it goes (a busy machine is slow)
    told = app.notify
    app.notify = lambda message, *a, **k: (notes.append(str(message)), told(message, *a, **k))[1]  # type: ignore[method-assign]
    async with app.run_test(size=LEARN_SIZE) as pilot:
        await open_lesson(pilot, 0)
        await play(pilot, "-9p", "m")
        assert isinstance(pilot.app.screen, LessonDone)
        assert any("学习进度无法保存" in n for n in notes)
        await pilot.press("escape")
        await settle(pilot)
        lessons = pilot.app.screen.query_one("#lessons", OptionList)
        assert str(lessons.get_option_at_index(0).prompt).startswith("✓")  # for this run


async def test_on_a_short_terminal_the_bar_leaves_the_intro_to_the_list() -> None:
    """At 110×34 the table keeps its rows: the bar is the lesson's title and goal (the list
    shows the intro beside the lesson before it opens)."""
    intro = tr("zh", LESSONS[0].key("intro"))
    async with learn_app().run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert intro in prose_text(pilot, "#lesson-about")
        screen = await open_lesson(pilot, 0)
        shown = bar_text(pilot)
        assert intro not in shown and screen.lesson_table.goal("zh") in shown
        assert screen.query_one("#lesson-bar").region.height <= 3
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert intro in bar_text(pilot)  # a taller terminal: the intro again
