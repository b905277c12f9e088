"""The table in play: humans and bots, the square wall, ponds, the viewer's hand and choices.

All decisions (the humans' from keys, clicks and choice buttons; the bots' from a worker
thread) go through ``Match.apply`` → ``Game.apply``; a refused action shows the engine's reason
and changes nothing. What is drawn comes from the Observation of the human whose decision it
is. In a hot-seat game, before a different human's decision a cover screen hides the table
("请 X 接手"): nobody sees another human's hand, choices or hints. Several humans who may claim
one discard are asked one after another, in the engine's priority order, each behind the cover.
A demo (no humans) shows every hand and plays on by itself.
"""

from __future__ import annotations

import time
from concurrent.futures import CancelledError
from pathlib import Path

from textual import on, work
from textual.binding import Binding
from textual.message import Message
from textual.worker import get_current_worker

from ...rules.game import Action, ActionType, IllegalAction
from ..model.announce import Line
from ..model.i18n import level_name, refusal_text, tr
from ..model.match import PACES, Match
from ..model.seating import Seating
from ..widgets.choices import CHOICE_KEYS, ChoiceButton, ChoicesPanel
from ..widgets.hand import TILE_KEYS, HandTile
from .board import COMMON_BINDINGS, BoardInfo, BoardScreen
from .cover import CoverScreen

RESULT_PAUSE = 4.0  # seconds a demo shows a hand's result (times the pace)


def _tile_bindings() -> list[Binding]:
    out = [Binding(TILE_KEYS[0], "discard_at(0)", "key.tiles", key_display="1…u")]
    out += [Binding(k, f"discard_at({i})", show=False) for i, k in enumerate(TILE_KEYS) if i]
    return out


def _choice_bindings() -> list[Binding]:
    keys = sorted(set(CHOICE_KEYS.values()))
    out = [Binding(k, f"choose('{k}')", show=False) for k in keys]
    out.append(Binding("escape", "choose('s')", show=False))
    return out


class TableScreen(BoardScreen):
    CSS_PATH = "table.tcss"
    BINDINGS = [
        Binding("left", "cursor(-1)", "key.left", key_display="←", show=False),
        Binding("right", "cursor(1)", "key.right", key_display="→", show=False),
        Binding("enter", "discard_cursor", "key.discard", key_display="←→ ⏎"),
        *_tile_bindings(),
        *_choice_bindings(),
        Binding("up", "focus_choice(-1)", show=False),
        Binding("down", "focus_choice(1)", show=False),
        Binding("escape", "stop_demo", "key.stop_demo", key_display="Esc"),
        Binding("f", "cycle_pace", "key.pace"),
        *COMMON_BINDINGS,
    ]
    PLAY_ACTIONS = ("discard_at", "discard_cursor", "cursor", "choose", "focus_choice")
    DISCARD_ACTIONS = ("discard_at", "discard_cursor")

    class Done(Message):
        """The session is over (or the demo stopped): back to the start screen."""

    def __init__(
        self,
        match: Match,
        pace: str,
        *,
        hints: bool = True,
        demo_hands: int | None = None,
        exit_after_demo: bool = False,
    ) -> None:
        super().__init__()
        self.set_reactive(BoardScreen.hints_on, hints)
        self.match = match
        self.pace = pace
        self.hotseat = len(match.humans) > 1
        self.demo = not match.humans
        self.demo_hands = demo_hands
        self.exit_after_demo = exit_after_demo
        self.covered_for: int | None = None  # the human the cover screen is waiting for
        self.cover: CoverScreen | None = None  # the hot-seat cover, while it is up
        self.cover_hold = PACES[pace]  # a cover names the next player no sooner than this
        bottom = match.humans[0] if match.humans else 0
        self.seating = Seating(self.lang, bottom, self._table_names(), relative=not self.demo)
        self.open_hands = self.demo
        self.interactive = not self.demo
        # one human sees their table from the start; hot-seat starts covered
        self.private_seat = bottom if len(match.humans) == 1 else None

    def _table_names(self) -> tuple[str | None, ...] | None:
        """Names at the table: humans by name in hot-seat; every seat by name in a demo."""
        m, lang = self.match, self.lang
        if self.demo:
            return tuple(
                tr(lang, "seat.bot", n=s + 1, level=level_name(m.level(s), lang)) for s in range(4)
            )
        if not self.hotseat or m.names is None:
            return None
        return tuple(m.names[s] if m.is_human(s) else None for s in range(4))

    def result_seating(self) -> Seating:
        """Everyone looks at a result: in hot-seat every seat by name, not 你/下家."""
        m, lang = self.match, self.lang
        if not self.hotseat:
            return self.seating
        names = tuple(
            (m.names[s] if m.names else tr(lang, "seat.player", n=s + 1))
            if m.is_human(s)
            else tr(lang, "seat.bot", n=s + 1, level=level_name(m.level(s), lang))
            for s in range(4)
        )
        return Seating(lang, self.seating.bottom, names, relative=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.start_hand()

    def board_info(self) -> BoardInfo:
        m = self.match
        session = m.session
        return BoardInfo(
            m.game,
            tuple(session.scores),
            len(session.results) + 1,
            m.round_number,
            session.rounds or 0,
            tuple(m.level(s) for s in range(4)),
        )

    def start_hand(self) -> None:
        """Show a freshly dealt hand and let the bots play up to a human's decision."""
        self.retell(self.match.game.log)
        self.refresh_table()
        self.continue_play()

    # ------------------------------------------------------------ hot-seat
    def set_viewer(self, seat: int | None) -> None:
        """Draw the table for ``seat`` (None: nobody's private part) and retell the hand's
        log as that seat may read it."""
        self.private_seat = seat
        if seat is not None:
            self.seating = Seating(self.lang, seat, self.seating.names, self.seating.relative)
        self.retell(self.match.game.log)
        self.refresh_table()

    def check_cover(self) -> None:
        """Before a different human decides, hide the table behind the cover screen; a cover
        put up before anyone knew who decides next names them once it has been up for
        ``cover_hold`` and the bots are done."""
        if not self.hotseat:
            return
        human = self.match.next_human()
        cover = self.cover
        if cover is not None:
            if cover.player is None and human is not None and cover.held(self.cover_hold):
                self.covered_for = human
                cover.name_player(self.result_seating().name(human))
            return
        if human is None or human == self.private_seat:
            return
        self.put_cover(human)

    def put_cover(self, human: int | None) -> None:
        """Hide the table for ``human`` (None: whoever decides next, named later)."""
        self.covered_for = human
        self.set_viewer(None)
        name = None if human is None else self.result_seating().name(human)
        self.cover = CoverScreen(name)
        self.app.push_screen(self.cover, callback=self._reveal_for_next)
        if human is None:
            self.set_timer(self.cover_hold, self.check_cover)

    def after_human(self, seat: int) -> None:
        """In hot-seat, unless the same player goes on at once (their own call, kong, ...),
        the cover comes up the moment a player has decided — whether or not anyone may claim,
        and before the bots play, so neither its timing nor the bots show anything."""
        if self.hotseat and not self.match.hand_over and self.match.next_human() != seat:
            self.put_cover(None)

    @property
    def watched(self) -> bool:
        """Someone sees the table (not a hot-seat table under its cover): bots play at pace."""
        return not self.hotseat or self.private_seat is not None

    def _reveal_for_next(self, _: None = None) -> None:
        seat, self.covered_for, self.cover = self.covered_for, None, None
        self.set_viewer(seat)
        self.check_cover()

    # ------------------------------------------------------------ playing
    def act(self, action: Action) -> None:
        """A human's decision, through the engine; a refusal shows the engine's reason."""
        try:
            events = self.match.apply(action)
        except IllegalAction as refused:
            why = refusal_text(self.lang, refused.refusal)
            self.announce(Line(tr(self.lang, "table.refused", why=why), "error"))
            return
        self.take_events(events)
        self.refresh_table()
        self.after_human(action.seat)
        self.continue_play()

    def continue_play(self) -> None:
        if self.match.hand_over:
            self.show_result()
            return
        self.check_cover()
        if self.match.next_bot() is not None:
            self.run_bots()

    @work(thread=True, exclusive=True, group="bots")
    def run_bots(self) -> None:
        """Bots decide off the UI thread; each decision is applied on the UI thread."""
        worker = get_current_worker()
        try:
            while not worker.is_cancelled:
                delay = PACES[self.pace]  # the pace may change (key f) while the bots play
                step = self.app.call_from_thread(self.match.next_bot)
                if step is None:
                    break
                seat, obs, version = step
                action = self.match.players[seat].choose(obs)
                if (
                    delay
                    and action.type not in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD)
                    and self.watched
                ):
                    time.sleep(delay)
                if worker.is_cancelled:
                    return
                self.app.call_from_thread(self._apply_bot, action, version)
            if not worker.is_cancelled:
                self.app.call_from_thread(self._bots_done)
        except (RuntimeError, CancelledError):
            # the app closed while a bot was thinking (Ctrl+Q in the middle of a demo): its
            # loop is gone or stopping, and nothing is left to apply the move to
            if self.app.is_running and not worker.is_cancelled:
                raise

    def _apply_bot(self, action: Action, version: int) -> None:
        if version != self.match.version or not self.on_table:
            return  # the table moved on while the bot was thinking
        self.take_events(self.match.apply(action))
        self.refresh_table()
        self.check_cover()

    def _bots_done(self) -> None:
        if self.match.hand_over and self.on_table:
            self.show_result()

    @property
    def on_table(self) -> bool:
        return self in self.app.screen_stack

    def show_result(self) -> None:
        from .result import ResultScreen, Standings

        game = self.match.game
        result = self.match.finish_hand()
        final = self.match.session_over or (
            self.demo_hands is not None and len(self.match.session.results) >= self.demo_hands
        )
        pause = RESULT_PAUSE * PACES[self.pace] / PACES["normal"] if self.demo else None
        self.app.push_screen(
            ResultScreen(
                Standings.of_match(self.match, final),
                game,
                result,
                seating=self.result_seating(),
                auto_close=pause,
                review_from=self.review_from(),
            ),
            callback=self._after_result,
        )

    def review_from(self) -> tuple[Path, int] | None:
        """Where 复盘 reads a finished hand from: this game's record (whole so far) and the
        first player's seat; None for the demo or a game that is not being saved."""
        match, recorder = self.match, self.match.recorder
        if self.demo or not match.humans or recorder is None or recorder.failed is not None:
            return None
        return recorder.path, match.humans[0]

    def _after_result(self, _: None = None) -> None:
        demo_done = (
            self.demo_hands is not None and len(self.match.session.results) >= self.demo_hands
        )
        if self.match.session_over or demo_done:
            self.match.close()
            if demo_done and self.exit_after_demo:
                self.app.exit()
            else:
                self.post_message(self.Done())
            return
        self.match.next_hand()
        if self.hotseat:
            self.private_seat = None
        self.start_hand()

    def on_unmount(self) -> None:
        self.match.close()

    # ------------------------------------------------------------ input
    @on(HandTile.Clicked)
    def _tile_clicked(self, message: HandTile.Clicked) -> None:
        self.action_discard_at(message.index)

    @on(ChoiceButton.Pressed)
    def _choice_pressed(self, message: ChoiceButton.Pressed) -> None:
        self.act(message.action)

    @on(ChoiceButton.Highlight)
    def _choice_highlight(self, message: ChoiceButton.Highlight) -> None:
        """Hover or focus shows a choice's tiles; leaving falls back to the focused choice."""
        uses = message.uses
        if uses is None and isinstance(self.focused, ChoiceButton):
            uses = self.focused.uses
        self.hand_view.highlight = uses

    def action_discard_at(self, index: int) -> None:
        seat = self.private_seat
        tile = self.hand_view.tile_at(index)
        if tile is None or seat is None or not self.interactive:
            return
        self.hand_view.cursor = index
        self.act(Action(seat, ActionType.DISCARD, tile))

    def action_discard_cursor(self) -> None:
        self.action_discard_at(self.hand_view.cursor)

    def action_cursor(self, step: int) -> None:
        hand = self.hand_view
        count = len(hand.state.tiles)
        if count:
            hand.cursor = (hand.cursor + step) % count
        if isinstance(self.focused, ChoiceButton):
            self.set_focus(None)

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
        self.match.close()
        if self.exit_after_demo:
            self.app.exit()
        else:
            self.post_message(self.Done())

    def action_choose(self, key: str) -> None:
        """A choice key: take the choice, or with several combinations move between them."""
        seat = self.private_seat
        if seat is None or not self.interactive:
            return
        buttons = [
            b for b in self.query_one(ChoicesPanel).buttons() if CHOICE_KEYS[b.action.type] == key
        ]
        if not buttons:
            kinds = [t for t, k in CHOICE_KEYS.items() if k == key]
            self.act(Action(seat, kinds[0]))
            return
        if len(buttons) == 1:
            self.act(buttons[0].action)
            return
        focused = self.focused
        index = buttons.index(focused) + 1 if focused in buttons else 0
        buttons[index % len(buttons)].focus()

    def action_focus_choice(self, step: int) -> None:
        buttons = self.query_one(ChoicesPanel).buttons()
        if not buttons:
            return
        focused = self.focused
        if focused in buttons:
            index = (buttons.index(focused) + step) % len(buttons)
        else:
            index = 0 if step > 0 else len(buttons) - 1
        buttons[index].focus()
