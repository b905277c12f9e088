"""The table in play: humans and bots, the square wall, ponds, the viewer's hand and choices.

The screen plays against a ``TableSource`` (``table/view.py``; a local ``Match``), never the
engine: all decisions (the humans' from keys, clicks and choice buttons; the bots' from a worker
thread, or at pace instant on the UI thread a slice at a time) go through ``TableSource.apply``; a refused action shows the engine's reason and
changes nothing. What is drawn is the source's ``TableView`` for the human whose decision it
is. In a hot-seat game the cover (``ui/model/hotseat.py`` decides when) hides the table
("请 X 接手"): nobody sees another human's hand, choices or hints. After every discard the
cover takes calls for a moment, whether or not anyone may claim: a player who wants the tile
presses their seat's number and the cover lifts for them; nobody calling lets it go. So the
cover never names a player because they could claim. A demo (no humans) shows every hand and
plays on by itself.
"""

from __future__ import annotations

import time
from concurrent.futures import CancelledError
from pathlib import Path

from textual import work
from textual.binding import Binding
from textual.message import Message
from textual.timer import Timer
from textual.worker import get_current_worker

from ...i18n.words import people_names, refusal_text, tile_name, tr
from ...records.checks import default_name
from ...records.storage import BOT_KIND, HUMAN_KIND
from ...rules.game import Action, ActionType, Event, EventKind, IllegalAction
from ...table.match import PACES
from ...table.seating import Seating
from ...table.view import Sight, TableSource, TableView
from ..model.announce import Line
from ..model.hotseat import Cover, HotSeat
from .board import COMMON_BINDINGS, BoardScreen
from .cover import CoverScreen
from .seat_input import SeatInput, auto_bindings, choice_bindings, move_bindings, tile_bindings

FRAME = 1 / 60  # seconds: bots moving at once wait this long between slices
BOT_SLICE = 0.015  # seconds the bots may think on the UI thread at pace instant between frames
RESULT_PAUSE = 4.0  # seconds a demo shows a hand's result (times the pace)
LAST_RESULT_SECONDS = 60.0  # seconds ``demo --hands N`` shows its last result before it exits


class TableScreen(SeatInput):
    CSS_PATH = "table.tcss"
    BINDINGS = [
        *move_bindings(),
        *tile_bindings(),
        *choice_bindings(),
        *auto_bindings(),
        Binding("escape", "stop_demo", "key.stop_demo", key_display="Esc"),
        Binding("f", "cycle_pace", "key.pace"),
        *COMMON_BINDINGS,
    ]

    class Done(Message):
        """The session is over (or the demo stopped): back to the start screen."""

    def __init__(
        self,
        table: TableSource,
        pace: str,
        *,
        hints: bool = True,
        demo_hands: int | None = None,
        exit_after_demo: bool = False,
    ) -> None:
        super().__init__()
        self.set_reactive(BoardScreen.hints_on, hints)
        self.table = table
        self.pace = pace
        self.hotseat = len(table.humans) > 1
        self.demo = not table.humans
        self.demo_hands = demo_hands
        self.exit_after_demo = exit_after_demo
        # who sees the hot-seat table; a cover names the next player no sooner than the pace
        self.seats = HotSeat(PACES[pace])
        self.cover: CoverScreen | None = None  # the hot-seat cover, while it is up
        self._next_slice: Timer | None = None  # the bots' next slice at pace instant
        bottom = table.humans[0] if table.humans else 0
        self.seating = Seating(self.lang, bottom, self._table_names(), relative=not self.demo)
        self.open_hands = self.demo
        self.interactive = not self.demo
        # one human sees their table from the start; hot-seat starts covered
        self.private_seat = bottom if len(table.humans) == 1 else None
        if self.hotseat:
            table.hold_claims()  # every discard waits for the players' calls
        self.restore_auto()

    def _table_names(self) -> tuple[str | None, ...] | None:
        """Names at the table, every seat by its player's name (after its place where the
        table is seen from a chair), but the one player against bots: 你 alone."""
        people = self._people()
        if self.hotseat or self.demo:
            return people
        return tuple(None if self.table.is_human(s) else people[s] for s in range(4))

    def _people(self) -> tuple[str, ...]:
        """Every seat by its player's name, as the record, 战绩 and the replay name them."""
        m = self.table
        return people_names(
            [
                (
                    m.names[s] if m.names else default_name(s) if m.is_human(s) else m.level(s),
                    HUMAN_KIND if m.is_human(s) else BOT_KIND,
                    m.level(s),
                )
                for s in range(4)
            ],
            self.lang,
        )

    def result_seating(self) -> Seating:
        """Everyone looks at a result: in hot-seat every seat by name, not 你/下家."""
        if not self.hotseat:
            return self.seating
        return Seating(self.lang, self.seating.bottom, self._people(), relative=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.start_hand()

    def table_view(self) -> TableView:
        return self.table.view(self.seating.bottom, self.sight)

    def start_hand(self) -> None:
        """Show a freshly dealt hand and let the bots play up to a human's decision."""
        self.refresh_table()
        self.continue_play()

    # ------------------------------------------------------------ hot-seat
    def set_viewer(self, seat: int | None) -> None:
        """Draw the table for ``seat`` (None: nobody's private part); the log retells the
        hand as that seat may read it."""
        self.private_seat = seat
        if seat is not None:
            self.seating = Seating(self.lang, seat, self.seating.names, self.seating.relative)
        self.refresh_table()

    def check_cover(self) -> None:
        """Ask the hot-seat rule (``HotSeat``) what the cover does now, and do it: take calls
        on a discard, let it go when nobody called, or name the next player."""
        if not self.hotseat:
            return
        now = time.monotonic()
        call = self.table.open_call()
        if call is None:
            self._do(self.seats.check(self.table.next_human(), now))
            return
        window, opened = call
        if self.seats.take_calls(window, now) == Cover.CALL:
            self._take_calls(opened)
            self.set_timer(self.seats.call_until - now + 0.02, self.check_cover)
        elif self.seats.calls_over(now):
            self.let_go()

    def _take_calls(self, opened: Event | None) -> None:
        """The cover shows the tile to everyone and takes the players' calls."""
        self.set_viewer(None)
        names = self.result_seating()
        seats = {s: names.name(s) for s in self.table.humans}
        tile = ""
        if opened is not None and opened.tile is not None and opened.seat is not None:
            key = "cover.call_tile" if opened.kind == EventKind.DISCARD else "cover.call_kong"
            shown = tile_name(opened.tile, self.lang, self.ascii_tiles)
            tile = tr(self.lang, key, who=names.name(opened.seat), tile=shown)
            seats.pop(opened.seat, None)  # not on your own discard
        if self.cover is None:
            self.cover = CoverScreen(None)
            self.show_over(self.cover, callback=self._reveal_for_next)
        self.cover.take_calls(tile, seats, self._called)

    def _called(self, seat: int) -> None:
        """A player called the tile on the cover: it names them, and lifts for them."""
        if self.seats.call(seat, time.monotonic()) == Cover.NAME and self.cover is not None:
            self.cover.name_player(self.result_seating().name(seat))

    def close_call(self) -> None:
        """The calls are over (nobody called, or the caller has decided): everyone still to
        decide lets the tile go (a win is taken with 自动胡 on)."""
        self.table.let_go(take_wins=self.auto.auto_win)
        self.seats.window_closed()

    def let_go(self) -> None:
        """Nobody called in time: the tile goes by, and play goes on."""
        self.close_call()
        self.refresh_table()
        self.continue_play()

    def after_human(self, seat: int) -> None:
        """In hot-seat, the cover comes up the moment a player has decided unless they go on
        at once (``HotSeat.after_decision``)."""
        if self.hotseat:
            t = self.table
            self._do(self.seats.after_decision(seat, t.next_human(), t.hand_over, time.monotonic()))

    def _do(self, step: Cover) -> None:
        human = self.seats.covered_for
        if step == Cover.PUT_UP:
            self.set_viewer(None)  # at once, though the cover waits for what a player opened
            name = None if human is None else self.result_seating().name(human)
            self.cover = CoverScreen(name)
            self.show_over(self.cover, callback=self._reveal_for_next)
            if human is None:
                self.set_timer(max(self.seats.hold, FRAME), self.check_cover)
        elif step == Cover.NAME and self.cover is not None and human is not None:
            self.cover.name_player(self.result_seating().name(human))

    @property
    def watched(self) -> bool:
        """Someone sees the table (not a hot-seat table under its cover): bots play at pace."""
        return not self.hotseat or self.private_seat is not None

    def _reveal_for_next(self, _: None = None) -> None:
        self.cover = None
        caller = self.seats.caller
        self.set_viewer(self.seats.lift())
        if caller is not None and self.view is not None and not self.view.obs.legal:
            self.announce(Line(tr(self.lang, "table.nothing_to_call"), "notice"))
        self.check_cover()

    # ------------------------------------------------------------ playing
    def act(self, action: Action) -> None:
        """A human's decision, through the engine; a refusal shows the engine's reason. In
        hot-seat, the player who called a discard decides it for everyone still to decide:
        the others let it go (a caller with nothing to claim hands back with 过)."""
        caller = self.hotseat and self.seats.caller == action.seat
        if caller and action.type == ActionType.PASS and not self.view_legal(action):
            self.close_call()
            self.after_human(action.seat)
            self.continue_play()
            return
        try:
            self.table.apply(action)
        except IllegalAction as refused:
            why = refusal_text(self.lang, refused.refusal)
            self.announce(Line(tr(self.lang, "table.refused", why=why), "error"))
            return
        if caller:
            self.close_call()
        if not self.bots_move_at_once():
            self.refresh_table()  # (bots moving at once draw the table when they are done)
        self.after_human(action.seat)
        self.continue_play()

    def take_back(self, seat: int) -> int:
        """悔牌 through the table (one player against bots, the setting on); the bots still
        thinking about the tile have their move dropped, and the table is drawn as before it."""
        tile = self.table.take_back(seat, self.take_back_on)
        self.refresh_table()
        return tile

    def view_legal(self, action: Action) -> bool:
        """Is ``action`` among the legal actions of the view on the table?"""
        view = self.view
        return view is not None and action in view.obs.legal

    def continue_play(self) -> None:
        if self.table.hand_over:
            self.show_result()
            return
        self.check_cover()
        if self.bots_move_at_once():
            self.play_instantly()
        elif self.table.next_bot() is not None:
            self.run_bots()

    def bots_move_at_once(self) -> bool:
        """A bot is to move and the pace is instant: the bots move here and now."""
        return PACES[self.pace] == 0 and self.table.next_bot() is not None

    def play_instantly(self) -> None:
        """Pace instant: the bots move here, on the UI thread, for up to ``BOT_SLICE`` (a
        bot decides in about a millisecond), then the table is drawn and the next slice
        waits for the frame. Nothing waits on a thread; a human's next decision is on the
        screen in the frame after the bots' moves before it."""
        if self._next_slice is not None:  # (called at once by a human's decision meanwhile)
            self._next_slice.stop()
            self._next_slice = None
        if not self.on_table:
            return
        if PACES[self.pace]:  # the pace was changed meanwhile: the bots wait at it again
            self.run_bots()
            return
        self.workers.cancel_group(self, "bots")  # bots still at the pace before: they stop
        table = self.table
        end = time.perf_counter() + BOT_SLICE
        moved = False
        while (step := table.next_bot()) is not None:
            seat, obs, _ = step
            table.apply(table.bot_action(seat, obs))
            moved = True
            self.check_cover()
            if table.hand_over or time.perf_counter() > end:
                break
        if moved:
            self.refresh_table()
            if table.hand_over:  # (the move that ended it shows the result, once)
                self.show_result()
                return
        if not table.hand_over and table.next_bot() is not None:
            self._next_slice = self.set_timer(FRAME, self.play_instantly)

    @work(thread=True, exclusive=True, group="bots")
    def run_bots(self) -> None:
        """Bots decide off the UI thread; each decision is applied on the UI thread."""
        worker = get_current_worker()
        app = self.app  # once: the thread may outlive the app's context as the app closes
        try:
            while not worker.is_cancelled:
                delay = PACES[self.pace]  # the pace may change (key f) while the bots play
                step = app.call_from_thread(self.table.next_bot)
                if step is None:
                    break
                seat, obs, version = step
                action = self.table.bot_action(seat, obs)
                if (
                    delay
                    and action.type not in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD)
                    and self.watched
                ):
                    time.sleep(delay)
                if worker.is_cancelled:
                    return
                app.call_from_thread(self._apply_bot, action, version)
            if not worker.is_cancelled:
                app.call_from_thread(self._bots_done)
        except (RuntimeError, CancelledError):
            # the app closed while a bot was thinking (Ctrl+Q in the middle of a demo): its
            # loop is gone or stopping, and nothing is left to apply the move to
            if app.is_running and not worker.is_cancelled:
                raise

    def _apply_bot(self, action: Action, version: int) -> None:
        if version != self.table.version or not self.on_table:
            return  # the table moved on while the bot was thinking
        self.table.apply(action)
        if self.bots_move_at_once():  # the pace was made instant: the rest move here
            self.check_cover()
            self.play_instantly()
        else:
            self.refresh_table()
            self.check_cover()

    def _bots_done(self) -> None:
        if self.table.hand_over and self.on_table:
            self.show_result()

    @property
    def on_table(self) -> bool:
        return self in self.app.screen_stack

    def show_result(self) -> None:
        from .result import ResultScreen

        table = self.table
        view = table.view(self.seating.bottom, Sight.everyone(self.seating.bottom))
        result = table.finish_hand()
        final = table.session_over or self.demo_done
        pause = RESULT_PAUSE * PACES[self.pace] / PACES["normal"] if self.demo else None
        quits = self.demo_done and self.exit_after_demo
        if quits:  # the demo's last result: read until a key, or a long while
            pause = LAST_RESULT_SECONDS
        self.show_over(
            ResultScreen(
                table.standings(final),
                view,
                result,
                seating=self.result_seating(),
                auto_close=pause,
                review_from=self.review_from(),
                closing=("result.quit", "result.quit_button") if quits else None,
            ),
            callback=self._after_result,
        )

    def auto_record(self) -> Path | None:
        """A game keeps the auto options set at its table with its record."""
        found = self.review_from()
        return None if found is None else found[0]

    def review_from(self) -> tuple[Path, int] | None:
        """Where 复盘 reads a finished hand from (None for the demo or a game not saved)."""
        return None if self.demo else self.table.review_from()

    @property
    def demo_done(self) -> bool:
        """A demo asked for so many hands has played them."""
        return self.demo_hands is not None and self.table.hands_played >= self.demo_hands

    def _after_result(self, _: None = None) -> None:
        demo_done = self.demo_done
        if self.table.session_over or demo_done:
            self.table.close()
            if demo_done and self.exit_after_demo:
                self.app.exit()
            else:
                self.post_message(self.Done())
            return
        self.table.next_hand()
        if self.hotseat:
            self.seats.new_hand()
            self.private_seat = None
        self.start_hand()

    def on_unmount(self) -> None:
        self.table.close()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A demo has no player's keys (and they leave its footer); Esc stops it. The keys
        that discard are listed only when it is your discard, and no key plays while the
        table is hidden (a terminal too small)."""
        if not super().check_action(action, parameters):
            return False
        if action in self.PLAY_ACTIONS:
            if action in self.DISCARD_ACTIONS and not self.hand_view.active:
                return False
            return not self.demo
        if action == "stop_demo":
            return self.demo
        return True

    def action_cycle_pace(self) -> None:
        """The bots' pace, one step on (instant → fast → normal → relaxed → instant)."""
        paces = list(PACES)
        self.pace = paces[(paces.index(self.pace) + 1) % len(paces)]
        pace = tr(self.lang, f"pace.{self.pace}")
        self.notify(tr(self.lang, "pace.now", pace=pace), timeout=2)

    def action_stop_demo(self) -> None:
        self.table.close()
        if self.exit_after_demo:
            self.app.exit()
        else:
            self.post_message(self.Done())
