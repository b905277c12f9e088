"""Watching a game record on the table: step forward and back one decision at a time, jump to
any hand or step, autoplay at a chosen speed, every hand face up or as one seat saw it.

Review (``r``): for the seat at the bottom, each of its decisions beside what the hard bot
would have done from that seat's view (``review.review_replay``): the suggested tiles are lit in
the hand, a line says played vs suggested and what it cost (shanten, effective tiles), and
``n``/``p`` jump to the next/previous disagreement.

Each state is rebuilt by re-applying the record's decisions through the engine
(``ReplayModel.game_at``); nothing is decided here.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Button, Input, Label, Static

from ...analysis.review import Decision, Review, review_replay
from ...i18n.words import pattern_name, people_names, placed_name, tile_name, tr
from ...rules.game import Action, ActionType, Observation, Phase
from ...table.seating import Seating
from ...table.view import Sight, Standings, TableView
from ..model.replay import ReplayModel
from ..palette import BAD, DIM, GOLD, GOOD, LINE, MUTED, SOFT, TEXT
from ..tilefaces import tile_text
from ..widgets.keybar import KeyBar
from .base import PlayerModal
from .board import COMMON_BINDINGS, BoardScreen

SPEEDS = (0.25, 0.5, 1.0, 2.0)  # seconds per step
BAR_WIDTH = 12  # the line also holds the hand, the step, autoplay and whose view


def progress_bar(done: int, total: int, width: int = BAR_WIDTH) -> Text:
    """``━━━━━━╸─────``: how far into the hand (no animation)."""
    filled = round(width * done / total) if total else width
    out = Text()
    out.append("━" * filled, style=f"bold {GOOD}")
    out.append("─" * (width - filled), style=LINE)
    return out


class ReplayScreen(BoardScreen):
    CSS_PATH = ["table.tcss", "replay.tcss"]
    BINDINGS = [
        Binding("right,l", "step(1)", "key.step_next", key_display="→"),
        Binding("left", "step(-1)", "key.step_back", key_display="←"),
        Binding("space", "autoplay", "key.autoplay", key_display="␣"),
        Binding("plus,equals_sign", "speed(-1)", "key.faster", key_display="+"),
        Binding("minus", "speed(1)", "key.slower", key_display="-", show=False),
        Binding("left_square_bracket", "hand(-1)", "key.prev_hand", key_display="["),
        Binding("right_square_bracket", "hand(1)", "key.next_hand", key_display="]", show=False),
        Binding("home", "edge(0)", show=False),
        Binding("end", "edge(1)", show=False),
        Binding("g", "jump", "key.jump"),
        Binding("v", "toggle_hands", "key.hands"),
        Binding("s,tab", "next_seat", "key.seat", key_display="s"),
        Binding("r", "toggle_review", "key.review"),
        Binding("n", "disagreement(1)", "key.next_diff"),
        Binding("p", "disagreement(-1)", "key.prev_diff", show=False),
        Binding("escape,q", "leave", "key.back", key_display="Esc"),
        *COMMON_BINDINGS,
    ]

    def __init__(
        self,
        model: ReplayModel,
        *,
        seat: int = 0,
        open_hands: bool = True,
        speed: float = 1.0,
        exit_on_leave: bool = False,
        hand: int = 0,
        review: bool = False,
        you: int | None = None,
    ) -> None:
        super().__init__()
        self.model = model
        self.you = you  # the seat of the player who opened it from their table, if any
        self.hand = 0
        self.step = 0
        self.speed = speed
        self.exit_on_leave = exit_on_leave
        self.timer: Timer | None = None
        self.interactive = False
        self.set_reactive(BoardScreen.hints_on, False)
        self._names = self._record_names()
        self._set_view(seat, open_hands)
        self.hand = min(max(hand, 0), len(model.hands) - 1)
        self.reviewing = review
        self._reviews: dict[int, Review] = {}

    def _record_names(self) -> tuple[str, ...]:
        """Seats by their players' names, as 战绩 and the table name them (玩家1, 电脑·普通);
        the player who opened it from their table as 你 too (你·玩家1), as the table did."""
        names = people_names([(s.name, s.kind, s.level) for s in self.model.seats], self.lang)
        if self.you is None:
            return names
        you = placed_name(tr(self.lang, "seat.0"), names[self.you], self.lang)
        return tuple(you if seat == self.you else name for seat, name in enumerate(names))

    def _set_view(self, seat: int, open_hands: bool) -> None:
        self.open_hands = open_hands
        self.private_seat = None if open_hands else seat
        self.seating = Seating(self.lang, seat, self._names, relative=False)

    def compose_controls(self) -> ComposeResult:
        """The bar over the hand: ◀ ▶ step buttons for the mouse, where the replay is."""
        with Horizontal(id="replay-controls"):
            for label, name in (("◀", "replay-back"), ("▶", "replay-next")):
                button = Button(label, id=name, compact=True)
                # Textual ignores a click during a button's pressed look (0.2 s): a player
                # stepping by quick clicks would lose every other step
                button.active_effect_duration = 0
                yield button
            yield Static(id="replay-bar")
        yield Static(id="replay-review")

    @on(Button.Pressed, "#replay-back")
    def _back_pressed(self) -> None:
        self.action_step(-1)

    @on(Button.Pressed, "#replay-next")
    def _next_pressed(self) -> None:
        self.action_step(1)

    def compose_beside_hand(self) -> ComposeResult:
        yield Static(id="replay-info")

    def on_mount(self) -> None:
        super().on_mount()
        self.show_step()

    def on_unmount(self) -> None:
        self.stop_autoplay()

    # ------------------------------------------------------------ drawing
    def table_view(self) -> TableView:
        return self.model.view_at(self.hand, self.step, self.seating.bottom, self.sight)

    @property
    def hand_over(self) -> bool:
        """The step shown is the end of its hand, with a result."""
        view = self.view
        return view is not None and view.obs.phase == Phase.OVER and view.result is not None

    def show_step(self) -> None:
        self.refresh_table()
        self._refresh_bar()
        judged = self.judged()
        if judged is not None and self.shows_hand(judged.seat):
            self.hand_view.highlight = judged.suggested.uses() or None

    # ------------------------------------------------------------ review
    def review(self) -> Review:
        """The review of the bottom seat (worked out once per seat, from its own view)."""
        seat = self.seating.bottom
        if seat not in self._reviews:
            self._reviews[seat] = review_replay(self.model.replay, seat)
        return self._reviews[seat]

    def _view_step(self, hand: int, decision: int) -> int:
        """The viewer's step at which the hand's ``decision`` is the next to be made."""
        marks = self.model.hands[hand].marks
        return max(s for s, mark in enumerate(marks) if mark <= decision)

    def judged(self) -> Decision | None:
        """The reviewed seat's decision to be made at this step, if review is on."""
        if not self.reviewing:
            return None
        h = self.model.hands[self.hand]
        if self.step >= h.steps:
            return None
        first, last = h.marks[self.step], h.marks[self.step + 1]
        for d in self.review().of_hand(h.number):
            if first <= d.step < last:
                return d
        return None

    def review_text(self) -> Text:
        """One line: the hand's agreement, and at the reviewed seat's decision what it
        played, what the hard bot suggests and what the difference costs."""
        lang, out = self.lang, Text()
        rv = self.review()
        mine = rv.of_hand(self.model.hands[self.hand].number)
        agree = sum(d.agree for d in mine)
        out.append(
            tr(lang, "review.title", name=self.seating.name(rv.seat), agree=agree, n=len(mine)),
            style="bold",
        )
        d = self.judged()
        if d is None:
            return out
        out.append("  ·  ")
        played, suggested = self.action_words(d.played), self.action_words(d.suggested)
        if d.agree:
            out.append(tr(lang, "review.agree", played=played), style=GOOD)
            return out
        out.append(
            tr(
                lang,
                "review.differ",
                name=self.seating.name(d.seat),
                played=played,
                suggested=suggested,
            ),
            style=f"bold {GOLD}",
        )
        outlook = d.outlook()
        if outlook is not None:
            out.append("  ·  ")
            out.append(tr(lang, "review.cost", **outlook))
        return out

    def action_words(self, action: Action) -> str:
        """``打 五万`` / ``Discard 5m``: a decision in the player's words."""
        words = tr(self.lang, f"choice.{action.type}")
        tiles = action.tiles or ((action.tile,) if action.tile is not None else ())
        names = "".join(tile_name(t, self.lang, self.ascii_tiles) for t in tiles)
        return f"{words} {names}" if names else words

    def action_toggle_review(self) -> None:
        self.reviewing = not self.reviewing
        self.show_step()

    def action_disagreement(self, direction: int) -> None:
        """Go to the next (1) or previous (-1) decision where the review disagrees."""
        if not self.reviewing:
            self.reviewing = True
        here = (self.hand, self.step)
        spots = sorted(
            {
                (d.hand - 1, self._view_step(d.hand - 1, d.step))
                for d in self.review().decisions
                if not d.agree
            }
        )
        ahead = [p for p in spots if (p > here if direction > 0 else p < here)]
        if ahead:
            self.go(*(ahead[0] if direction > 0 else ahead[-1]))
        else:
            self.notify(tr(self.lang, "review.no_more"))
            self.show_step()

    def _refresh_bar(self) -> None:
        """Which hand, and how far into it: steps of this hand, in words and as a bar."""
        lang, model = self.lang, self.model
        h = model.hands[self.hand]
        bar = Text()
        bar.append(
            tr(
                lang,
                "replay.where",
                hand=h.number,
                hands=len(model.hands),
                step=self.step,
                steps=h.steps,
            ),
            style=f"bold {TEXT}",
        )
        bar.append("  ")
        bar.append_text(progress_bar(self.step, h.steps))
        bar.append(f" {round(100 * self.step / max(h.steps, 1))}%  ", style=MUTED)
        auto = "replay.auto_on" if self.timer is not None else "replay.auto_off"
        bar.append(tr(lang, auto, s=f"{self.speed:g}"), style=GOLD if self.timer else MUTED)
        bar.append(" · ", style=DIM)
        if self.open_hands:
            bar.append(tr(lang, "replay.all_hands"), style=SOFT)
        else:
            bar.append(
                tr(lang, "replay.one_seat", name=self.seating.name(self.seating.bottom)),
                style=SOFT,
            )
        self.query_one("#replay-bar", Static).update(bar)

    def _refresh_choices(self, obs: Observation) -> None:
        """Beside the hand: what the last step was, and the hand's result at its end."""
        lang, name = self.lang, self.seating.name
        out = Text()
        decisions = self.model.decisions_of(self.hand, self.step)
        if not decisions:
            out.append(tr(lang, "replay.deal"), style=f"bold {GOOD}")
        elif all(a.type == ActionType.PASS for a in decisions):
            names = "、".join(name(a.seat) for a in decisions)
            out.append(tr(lang, "replay.passed", names=names), style=SOFT)
        else:
            for a in decisions:
                out.append(
                    tr(lang, "replay.did", name=name(a.seat), what=tr(lang, f"choice.{a.type}"))
                )
                if a.tile is not None:
                    out.append(" ")
                    out.append_text(tile_text(a.tile, obs.gold, self.ascii_tiles))
                out.append("\n")
            out.rstrip()
        result = self.model.hands[self.hand].result
        if self.hand_over and result is not None:
            out.append("\n\n")
            out.append_text(self.result_text(result))
        self.query_one("#replay-info", Static).update(out)
        review = self.query_one("#replay-review", Static)
        review.display = self.reviewing
        if self.reviewing:
            review.update(self.review_text())

    def result_text(self, result: dict) -> Text:
        lang, name = self.lang, self.seating.name
        out = Text()
        if result["winner"] is None:
            out.append(tr(lang, "result.draw"), style=f"bold {GOLD}")
        else:
            pattern = result["pattern"]
            out.append(
                tr(
                    lang,
                    "result.win",
                    name=name(result["winner"]),
                    pattern=pattern_name(pattern, lang),
                ),
                style=f"bold {GOLD}",
            )
        out.append("\n")
        for seat, delta in enumerate(result["deltas"]):
            if seat:
                out.append("  ")
            colour = GOOD if delta > 0 else BAD if delta < 0 else SOFT
            out.append(f"{name(seat)} ", style=SOFT)
            out.append(f"{delta:+d}", style=f"bold {colour}")
        return out

    # ------------------------------------------------------------ moving
    def go(self, hand: int, step: int) -> None:
        """Show ``step`` of ``hand`` (both clamped to the record)."""
        hand = min(max(hand, 0), len(self.model.hands) - 1)
        step = min(max(step, 0), self.model.hands[hand].steps)
        if (hand, step) == (self.hand, self.step) and self.is_mounted:
            return
        self.hand, self.step = hand, step
        self.show_step()

    def at_end(self) -> bool:
        return (
            self.hand == len(self.model.hands) - 1
            and self.step == self.model.hands[self.hand].steps
        )

    def action_step(self, delta: int) -> None:
        """One step on (1) or back (-1). Stepping onto a hand's end, or on from it, opens the
        hand's result; closing it goes on to the next hand's deal."""
        h = self.model.hands
        if delta > 0 and self.step >= h[self.hand].steps:
            if self.hand_over:
                self.show_result()
            elif self.hand + 1 < len(h):
                self.go(self.hand + 1, 0)
            return
        if delta < 0 and self.step == 0:
            if self.hand > 0:
                self.go(self.hand - 1, h[self.hand - 1].steps)
            return
        self.go(self.hand, self.step + delta)
        if delta > 0 and self.hand_over:
            self.show_result()

    @property
    def last_hand(self) -> bool:
        return self.hand == len(self.model.hands) - 1

    def show_result(self) -> None:
        """The end of a hand: the result screen of the table, with every payer's formula;
        after the record's last hand, the final standings (autoplay waits while it is open)."""
        from .result import ResultScreen

        bottom = self.seating.bottom
        view = self.model.view_at(self.hand, self.step, bottom, Sight.everyone(bottom))
        result = view.result
        if result is None:
            return
        h = self.model.hands
        before = [hand.scores_before for hand in h[: self.hand + 1]]
        recorded = h[self.hand].result
        after = tuple(recorded["scores"]) if recorded else before[-1]
        final = self.last_hand
        standings = Standings(h[self.hand].number, (*before, after), after, final)
        playing = self.timer is not None
        self.stop_autoplay()
        self.show_over(
            ResultScreen(
                standings,
                view,
                result,
                seating=self.seating,
                closing=("replay.result_back", "replay.result_back_button") if final else None,
                final_title=None if self.model.session_over else "replay.record_end",
            ),
            callback=lambda _: self._after_result(playing),
        )

    def _after_result(self, playing: bool) -> None:
        """The result closed: on to the next hand's deal, autoplay going on if it was."""
        if self.last_hand:
            self._refresh_bar()
            return
        self.go(self.hand + 1, 0)
        if playing:
            self.timer = self.set_interval(self.speed, self.autoplay_tick)
        self._refresh_bar()

    def action_hand(self, delta: int) -> None:
        self.go(self.hand + delta, 0)

    def action_edge(self, end: int) -> None:
        self.go(self.hand, self.model.hands[self.hand].steps if end else 0)

    def action_jump(self) -> None:
        self.stop_autoplay()
        self.app.push_screen(JumpScreen(self.model), callback=self._jumped)

    def _jumped(self, target: tuple[int, int] | None) -> None:
        if target is not None:
            self.go(*target)

    # ------------------------------------------------------------ autoplay
    def action_autoplay(self) -> None:
        if self.timer is not None:
            self.stop_autoplay()
        else:
            if self.at_end():
                self.go(0, 0)
            self.timer = self.set_interval(self.speed, self.autoplay_tick)
        self._refresh_bar()

    def autoplay_tick(self) -> None:
        if self.at_end():
            self.stop_autoplay()
            self._refresh_bar()
            return
        self.action_step(1)

    def stop_autoplay(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def action_speed(self, direction: int) -> None:
        """Faster (-1) or slower (+1) through SPEEDS."""
        i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - self.speed))
        self.speed = SPEEDS[min(max(i + direction, 0), len(SPEEDS) - 1)]
        if self.timer is not None:
            self.timer.stop()
            self.timer = self.set_interval(self.speed, self.autoplay_tick)
        self._refresh_bar()

    # ------------------------------------------------------------ views
    def action_toggle_hands(self) -> None:
        self._set_view(self.seating.bottom, not self.open_hands)
        self.show_step()

    def action_next_seat(self) -> None:
        self._set_view((self.seating.bottom + 1) % 4, self.open_hands)
        self.show_step()

    def action_leave(self) -> None:
        self.stop_autoplay()
        if self.exit_on_leave:
            self.app.exit()
        else:
            self.dismiss()


class JumpScreen(PlayerModal[tuple[int, int] | None]):
    """Type ``3`` (hand 3) or ``3 25`` / ``3.25`` (hand 3, step 25)."""

    CSS_PATH = "replay.tcss"
    BINDINGS = [Binding("escape", "cancel", "key.close", key_display="Esc")]

    def __init__(self, model: ReplayModel) -> None:
        super().__init__()
        self.model = model

    def compose(self) -> ComposeResult:
        with Vertical(id="jump-box"):
            yield Label(tr(self.lang, "replay.jump", hands=len(self.model.hands)))
            yield Input(placeholder="3 25", id="jump-input")
            yield Static("", id="jump-error")
        yield KeyBar()  # its own keys, not those of the screen beneath

    @on(Input.Submitted)
    def _submit(self, event: Input.Submitted) -> None:
        parts = event.value.replace(".", " ").replace(":", " ").split()
        if not 1 <= len(parts) <= 2 or not all(p.isdigit() for p in parts):
            self.query_one("#jump-error", Static).update(tr(self.lang, "replay.jump_bad"))
            return
        hand = int(parts[0]) - 1
        step = int(parts[1]) if len(parts) == 2 else 0
        self.dismiss((hand, step))

    def action_cancel(self) -> None:
        self.dismiss(None)
