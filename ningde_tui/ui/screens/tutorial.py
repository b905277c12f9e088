"""The tutorial (教学): the list of lessons, a lesson at the real table, and its summary.

``TutorialScreen`` lists the lessons of ``ui/model/lessons.py`` with the ones done ticked (kept
in the settings folder) and offers the next. A lesson is played on ``LessonScreen``: the table
screen itself, played against a ``LessonTable`` (``ui/model/tutorial.py``), with a bar over the
table for the lesson's goal and its word on each decision. Every decision of the player is
vetted by the lesson first (``LessonTable.judge``): the right one goes to the engine as at any
table; a wrong one is refused there with the lesson's sentence, and the engine's own refusal
where the engine refuses it. When the lesson's goal is reached, ``LessonDone`` sums it up —
what it taught and, for a won hand, each payer's formula as the engine computed it — and
offers the next lesson (after the last one, a real game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...i18n.words import pattern_name, payment_text, refusal_text, tr
from ...rules.config import RuleConfig
from ...rules.game import Action, HandResult, RuleEvent
from ...settings.store import LessonProgress, load_progress, progress_path, save_progress
from ...table.auto import AutoPlay
from ...table.seating import Seating
from ...table.view import Sight, TableView
from ..model.announce import Line
from ..model.lessons import LESSONS
from ..model.tutorial import LessonTable, Verdict, room_notes
from ..palette import BAD, GOLD, GOOD, MUTED, SOFT, TEXT
from ..widgets.keybar import KeyBar
from ..widgets.prose import Prose, ProseState, Span, prose
from .base import PlayerModal, PlayerScreen
from .result import ResultScreen
from .table import TableScreen

TICK, TODO = "✓", "·"
# terminals shorter than this keep the table its rows: the bar leaves the lesson's intro to the
# list (which shows it beside the lesson) and puts the goal beside the lesson's title
SHORT_BAR_BELOW = 46
NEXT, LIST, PLAY = "next", "list", "play"  # what the player chose at a lesson's end


def lesson_title(number: int, lang: str) -> str:
    return tr(lang, LESSONS[number].key("title"))


class LessonScreen(TableScreen):
    """One lesson at the table; dismissed with the player's choice at its end (``NEXT``,
    ``LIST``, ``PLAY``), or None when left before."""

    CSS_PATH = ["table.tcss", "tutorial.tcss"]  # type: ignore[assignment]  # the table's, and the bar
    BINDINGS = [Binding("b", "leave", "key.leave_lesson")]

    def __init__(
        self,
        table: LessonTable,
        number: int,
        pace: str,
        *,
        hints: bool = True,
        on_done: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(table, pace, hints=hints)
        self.lesson_table = table
        self.lesson = table.lesson
        self.number = number  # 0-based, in LESSONS
        self.on_done = on_done  # told the lesson's id once its goal is reached
        # a lesson plays without the auto options: every decision is the player's
        self.auto = self.settings_auto = AutoPlay()
        self.word: Line | None = None  # the lesson's word on the last decision
        self.refused_over: Line | None = None  # the table's announcement a refusal covers
        self.ended = False

    def _table_names(self) -> None:
        """A lesson's seats by their places alone: they play its script, not a player's."""
        return None

    def compose(self) -> ComposeResult:
        yield Prose(id="lesson-bar")
        yield from super().compose()

    # ------------------------------------------------------------ the bar
    def bar_state(self) -> ProseState:
        """The lesson and what it teaches, the room's reading where it matters, the goal of
        the step the player is at, and the lesson's word on the last decision."""
        lang, lesson = self.lang, self.lesson
        head = tr(
            lang,
            "lesson.bar",
            n=self.number + 1,
            total=len(LESSONS),
            title=tr(lang, lesson.key("title")),
        )
        goal = self.lesson_table.goal(lang)
        goal_span: Span = (tr(lang, "lesson.goal", goal=goal) if goal else "", f"bold {TEXT}")
        short = self.app.size.height < SHORT_BAR_BELOW
        first: tuple[Span, ...] = ((head + "  ", f"bold {GOLD}"),)
        first += (goal_span,) if short else ((tr(lang, lesson.key("intro")), SOFT),)
        paragraphs: list[tuple[Span, ...]] = [first]
        for note in room_notes(lesson, self.lesson_table.room, lang):
            paragraphs.append(((note, f"bold {MUTED}"),))
        if goal and not short:
            paragraphs.append((goal_span,))
        if self.word is not None:
            style = f"bold {GOOD}" if self.word.kind == "action" else f"bold {BAD}"
            paragraphs.append(((self.word.text, style),))
        return ProseState(tuple(paragraphs))

    def refresh_bar(self) -> None:
        bars = self.query("#lesson-bar")
        if bars:
            bars.first(Prose).state = self.bar_state()

    def refresh_table(self) -> None:
        super().refresh_table()
        self.refresh_bar()

    @on(events.Resize)
    def _resized(self) -> None:
        self.refresh_bar()  # the bar is shorter on a short terminal

    def refuse(self, verdict: Verdict) -> None:
        """Say why the decision is wrong, on the bar and in the announcement: the lesson's
        sentence, after the engine's refusal where the engine refuses it."""
        lang = self.lang
        why = tr(lang, verdict.why) if verdict.why else ""
        if verdict.refusal is not None:
            engine = refusal_text(lang, verdict.refusal)
            text = tr(lang, "lesson.wrong_engine", engine=engine, why=why).rstrip()
        else:
            goal = tr(lang, "lesson.goal", goal=self.lesson_table.goal(lang))
            text = tr(lang, "lesson.wrong", why=why or goal)
        if self.refused_over is None:
            self.refused_over = self.announcement
        self.word = Line(text, "error")
        self.announce(self.word)
        self.refresh_bar()
        self.app.bell()

    def start_hand(self) -> None:
        """The lesson opens after the moves that set it up: what they announced (a 抢金
        window passed before it opened) is in the log, not on the notice line."""
        super().start_hand()
        self.notice = Line("", "notice")
        self._refresh_announce()

    # ------------------------------------------------------------ playing
    def act(self, action: Action) -> None:
        """The player's decision, vetted by the lesson before it reaches the engine."""
        if self.ended:
            return
        verdict = self.lesson_table.judge(action)
        if not verdict.right:
            self.refuse(verdict)
            return
        step = self.lesson_table.step
        self.word = None
        if self.refused_over is not None:  # the refusal is answered: the table's line again
            self.announce(self.refused_over)
            self.refused_over = None
        super().act(action)
        if self.lesson_table.step > step and not self.ended:
            self.word = Line(tr(self.lang, "lesson.right"), "action")
            self.refresh_bar()

    def continue_play(self) -> None:
        table = self.lesson_table
        if table.done and not table.hand_over:
            self.end_lesson(None, None)
            return
        super().continue_play()

    def _bots_done(self) -> None:
        table = self.lesson_table
        if self.on_table and table.done and not table.hand_over:
            self.end_lesson(None, None)
            return
        super()._bots_done()

    def show_result(self) -> None:
        """The hand is over: the lesson's summary (after the real result screen, for the
        lesson that teaches reading it)."""
        if self.ended:
            return
        bottom = self.seating.bottom
        view = self.table.view(bottom, Sight.everyone(bottom))
        result = self.table.finish_hand()
        if not self.lesson.shows_result:
            self.end_lesson(result, view)
            return
        self.ended = True
        self.show_over(
            LessonResult(
                self.table.standings(False),
                view,
                result,
                seating=self.result_seating(),
                closing=("lesson.result_next", "lesson.result_button"),
            ),
            callback=lambda _: self._summary(result, view),
        )

    def end_lesson(self, result: HandResult | None, view: TableView | None) -> None:
        if self.ended:
            return
        self.ended = True
        self._summary(result, view)

    def _summary(self, result: HandResult | None, view: TableView | None) -> None:
        if self.on_done is not None:
            self.on_done(self.lesson.id)
        self.refresh_bar()
        self.show_over(
            LessonDone(self.number, self.lesson_table.room, result, view, self.seating),
            callback=self._after_summary,
        )

    def _after_summary(self, choice: str | None) -> None:
        self.dismiss(choice or LIST)

    def action_leave(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A lesson's decisions are all the player's: no auto options; nothing plays once
        its goal is reached."""
        if action == "toggle_auto":
            return False
        if action == "leave":
            return True
        if self.ended and action in self.PLAY_ACTIONS:
            return False
        return super().check_action(action, parameters)


class LessonResult(ResultScreen):
    """The real result screen, closed to the lesson's summary (its Enter says so)."""

    BINDINGS = [Binding("enter,space", "dismiss", "lesson.result_button", key_display="⏎")]


class LessonDone(PlayerModal[str]):
    """A lesson's summary, on one screen: what it taught, the room's reading where the lesson
    follows the room's rules, and for a won hand each payer's formula as the engine computed
    it. Dismissed with ``NEXT``, ``LIST`` or, after the last lesson, ``PLAY``."""

    CSS_PATH = "tutorial.tcss"
    BINDINGS = [
        Binding("enter", "first", "lesson.next_button", key_display="⏎"),
        Binding("escape", "choose('list')", "lesson.list_button", key_display="Esc"),
    ]

    def __init__(
        self,
        number: int,
        room: RuleConfig,
        result: HandResult | None,
        view: TableView | None,
        seating: Seating,
    ) -> None:
        super().__init__()
        self.number = number
        self.lesson = LESSONS[number]
        self.room = room
        self.result = result
        self.view = view
        self.seating = seating
        self.last = number == len(LESSONS) - 1

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="lesson-done") as box:
            box.border_title = tr(
                lang, "lesson.done_title", n=self.number + 1, title=lesson_title(self.number, lang)
            )
            yield Static(tr(lang, "lesson.learned"), classes="done-head")
            yield prose(tr(lang, self.lesson.key("summary")), TEXT, id="done-summary")
            notes = room_notes(self.lesson, self.room, lang)
            if notes:
                yield prose("\n".join(notes), MUTED, id="done-notes")
            pays = self.payments()
            if pays is not None:
                yield Static(tr(lang, "lesson.pays"), classes="done-head")
                yield Static(pays, id="done-pays")
            if self.last:
                yield prose(tr(lang, "lesson.last"), GOOD, id="done-last")
            else:  # what comes next: on a short terminal its bar will not have room for this
                upcoming = LESSONS[self.number + 1]
                head = tr(
                    lang,
                    "lesson.next_up",
                    n=self.number + 2,
                    title=lesson_title(self.number + 1, lang),
                )
                yield prose(f"{head}\n{tr(lang, upcoming.key('intro'))}", MUTED, id="done-upcoming")
            with Horizontal(id="done-buttons"):
                if self.last:
                    yield Button(tr(lang, "lesson.play_button"), id="done-play", variant="success")
                else:
                    yield Button(tr(lang, "lesson.next_button"), id="done-next", variant="success")
                yield Button(tr(lang, "lesson.list_button"), id="done-list")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#done-buttons Button", Button).focus()

    def payments(self) -> Text | None:
        """The hand's outcome in the result screen's words: who won with what, and each
        payer's formula; a dead or drawn hand says so; None when the lesson ended before."""
        r, lang = self.result, self.lang
        if r is None:
            return None
        out = Text()
        if r.winner is None or r.score is None:
            dead = r.events[-1:] == [RuleEvent.CHOUZHUANG]  # 臭庄 ended the hand
            out.append(tr(lang, "result.chouzhuang" if dead else "result.draw"), style=GOLD)
            return out
        name = self.seating.name(r.winner)
        out.append(
            tr(lang, "result.win", name=name, pattern=pattern_name(r.pattern, lang)),
            style=f"bold {GOLD}",
        )
        # 最后一出, 不倒…: what happened on the way, as the result screen says it (but the
        # pattern's own name again: 抢金 is the win and the event)
        named = pattern_name(r.pattern, lang)
        names = [n for n in (tr(lang, f"rule_event.{e}") for e in r.events) if n != named]
        if names:
            out.append("   " + tr(lang, "result.events", events="、".join(names)), style=MUTED)
        for seat in range(4):
            if seat == r.winner:
                continue
            pay = (
                r.score.pay_dealer if seat == r.dealer and r.score.pay_dealer else r.score.pay_other
            )
            if pay is None:
                continue
            dealer = tr(lang, "result.dealer") if seat == r.dealer else ""
            who = tr(lang, "result.pays", name=self.seating.name(seat), dealer=dealer)
            out.append(f"\n  {who}  ", style=SOFT)
            out.append(payment_text(pay, lang), style=f"bold {TEXT}")
        return out

    def action_first(self) -> None:
        self.dismiss(PLAY if self.last else NEXT)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    @on(Button.Pressed, "#done-next")
    def _next(self) -> None:
        self.dismiss(NEXT)

    @on(Button.Pressed, "#done-play")
    def _play(self) -> None:
        self.dismiss(PLAY)

    @on(Button.Pressed, "#done-list")
    def _list(self) -> None:
        self.dismiss(LIST)


class TutorialScreen(PlayerScreen[None]):
    """The lessons, the ones done ticked; Enter (or a click) starts the one selected, which
    is the next one not done when the list opens."""

    CSS_PATH = "tutorial.tcss"
    BINDINGS = [
        Binding("escape", "back", "key.back", key_display="Esc"),
        Binding("enter", "start_lesson", "key.start_lesson", key_display="⏎", show=True),
    ]

    class PlayGame(Message):
        """After the last lesson: a real game, as the start screen would deal it."""

    def __init__(self) -> None:
        super().__init__()
        progress = load_progress()
        self.progress: LessonProgress = progress
        self.done = set(progress.done)
        settings = getattr(self.app, "settings", None)
        self.rules = getattr(settings, "rules", None) or RuleConfig()

    def compose(self) -> ComposeResult:
        lang = self.lang
        with VerticalScroll(id="tutorial-box") as box:
            box.border_title = tr(lang, "tutorial.title")
            yield prose(tr(lang, "tutorial.intro"), SOFT, id="tutorial-intro")
            yield OptionList(*self.options(), id="lessons")
            yield Prose(id="lesson-about")
            yield Static("", id="tutorial-status")
        yield KeyBar()

    def on_mount(self) -> None:
        problem = self.progress.problem
        if problem is not None:
            text = tr(self.lang, "tutorial.bad_file", why=problem, where=str(progress_path()))
            self.notify(text, severity="warning", timeout=10, markup=False)
        lessons = self.query_one("#lessons", OptionList)
        lessons.highlighted = self.next_lesson() or 0
        lessons.focus()
        self.show_status()

    def options(self) -> list[Option]:
        lang = self.lang
        out = []
        digits = len(str(len(LESSONS)))  # the titles start in one column
        for i, lesson in enumerate(LESSONS):
            done = lesson.id in self.done
            row = Text()
            row.append(f"{TICK if done else TODO} ", style=f"bold {GOOD if done else MUTED}")
            gap = " " * (digits - len(str(i + 1)))
            title = lesson_title(i, lang)
            row.append(tr(lang, "tutorial.row", n=i + 1, gap=gap, title=title), style="bold")
            out.append(Option(row, id=lesson.id))
        return out

    def next_lesson(self) -> int | None:
        """The first lesson not done yet (None: all are)."""
        return next((i for i, le in enumerate(LESSONS) if le.id not in self.done), None)

    def show_status(self) -> None:
        """How far the player is, and what Enter starts: the lesson under the cursor."""
        lang = self.lang
        text = tr(
            lang, "tutorial.progress", done=len(self.done & set(self.ids)), total=len(LESSONS)
        )
        if self.next_lesson() is None:
            text += "   " + tr(lang, "tutorial.all_done")
        chosen = self.query_one("#lessons", OptionList).highlighted
        if chosen is not None:
            key = "tutorial.next" if chosen == self.next_lesson() else "tutorial.chosen"
            text += "   " + tr(lang, key, n=chosen + 1, title=lesson_title(chosen, lang))
        self.query_one("#tutorial-status", Static).update(text)

    @property
    def ids(self) -> list[str]:
        return [lesson.id for lesson in LESSONS]

    def refresh_list(self, highlight: int) -> None:
        lessons = self.query_one("#lessons", OptionList)
        lessons.clear_options()
        lessons.add_options(self.options())
        lessons.highlighted = highlight
        self.show_status()

    @on(OptionList.OptionHighlighted, "#lessons")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """What the lesson under the cursor teaches."""
        lesson = LESSONS[event.option_index]
        about = self.query_one("#lesson-about", Prose)
        about.state = ProseState((((tr(self.lang, lesson.key("intro")), SOFT),),))
        self.show_status()

    @on(OptionList.OptionSelected, "#lessons")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.start_lesson(event.option_index)

    def action_start_lesson(self) -> None:
        lessons = self.query_one("#lessons", OptionList)
        self.start_lesson(lessons.highlighted or 0)

    def start_lesson(self, number: int) -> None:
        if not self.is_current:
            return  # a second Enter that came in before the lesson opened
        pace = cast(str, getattr(self.app, "pace", "normal"))
        settings = getattr(self.app, "settings", None)
        hints = bool(getattr(settings, "hints", True))
        table = LessonTable(LESSONS[number], self.rules)
        screen = LessonScreen(table, number, pace, hints=hints, on_done=self.lesson_done)
        self.app.push_screen(screen, callback=lambda choice: self._after_lesson(number, choice))

    def lesson_done(self, lesson_id: str) -> None:
        """Tick the lesson and keep it; a file that cannot be written is said, once a run."""
        if lesson_id in self.done:
            return
        self.done.add(lesson_id)
        try:
            save_progress(frozenset(self.done))
        except OSError as exc:
            why = exc.strerror or str(exc)
            self.notify(tr(self.lang, "tutorial.cannot_save", why=why), severity="error")

    def _after_lesson(self, number: int, choice: str | None) -> None:
        following = min(number + 1, len(LESSONS) - 1)
        self.refresh_list(following if choice is not None else number)
        if choice == NEXT and number + 1 < len(LESSONS):
            self.start_lesson(number + 1)
        elif choice == PLAY:
            self.post_message(self.PlayGame())

    def action_back(self) -> None:
        self.dismiss()
