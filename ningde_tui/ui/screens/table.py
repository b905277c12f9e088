"""The table: three bots and you, the square wall, ponds, your hand and your choices.

All decisions (yours from keys, clicks and choice buttons; the bots' from a worker thread) go
through ``Match.apply`` → ``Game.apply``; what is drawn comes from your Observation and the
engine's public state. A refused action shows the engine's reason and changes nothing.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from ...rules.game import (
    CHOICE_PHASES,
    CLAIM,
    DECLINE_THREE_GOLD,
    DISCARD,
    OVER,
    PASS,
    TURN,
    WINDOW,
    Action,
    Event,
    IllegalAction,
    Observation,
)
from ..announce import Line, describe
from ..hints import claim_hints, discard_hints, hand_hint
from ..i18n import reason_text, refusal_text, seat_name, tr
from ..localize import localize_bindings
from ..match import HUMAN, PACES, Match
from ..tilefaces import tile_text
from ..widgets.choices import CHOICE_KEYS, ChoiceButton, ChoicesPanel, ChoicesState, choice_actions
from ..widgets.hand import TILE_KEYS, HandState, HandTile, HandView, display_order
from ..widgets.hints import HintsView, hints_text
from ..widgets.log import TableLog
from ..widgets.pond import PondState, PondView
from ..widgets.scoreboard import ScoreBoard, ScoreState
from ..widgets.seat import MySeatLine, SeatState, SeatView
from ..widgets.wall import WallState, WallView

if TYPE_CHECKING:
    from ..app import NingdeApp

MIN_WIDTH, MIN_HEIGHT = 110, 34
LINE_STYLE = {
    "action": "#e8e2d0",
    "draw": "#8fa8a2",
    "notice": "bold #e0b23a",
    "error": "bold #ff7b72",
}


def _tile_bindings() -> list[Binding]:
    out = [Binding(TILE_KEYS[0], "discard_at(0)", "key.tiles", key_display="1…u")]
    out += [Binding(k, f"discard_at({i})", show=False) for i, k in enumerate(TILE_KEYS) if i]
    return out


def _choice_bindings() -> list[Binding]:
    keys = sorted(set(CHOICE_KEYS.values()))
    out = [Binding(k, f"choose('{k}')", show=False) for k in keys]
    out.append(Binding("escape", "choose('s')", show=False))
    return out


class TableScreen(Screen[None]):
    CSS_PATH = "table.tcss"
    BINDINGS = [
        Binding("left", "cursor(-1)", "key.left", key_display="←", show=False),
        Binding("right", "cursor(1)", "key.right", key_display="→", show=False),
        Binding("enter", "discard_cursor", "key.discard", key_display="←→ ⏎"),
        *_tile_bindings(),
        *_choice_bindings(),
        Binding("up", "focus_choice(-1)", show=False),
        Binding("down", "focus_choice(1)", show=False),
        Binding("h", "toggle_hints", "key.hints"),
        Binding("question_mark,f1", "help", "key.help", key_display="?"),
    ]

    hints_on: reactive[bool] = reactive(True)

    def __init__(self, match: Match, lang: str, ascii_tiles: bool, pace: str) -> None:
        super().__init__()
        localize_bindings(self, lang)
        self.match = match
        self.lang = lang
        self.ascii_tiles = ascii_tiles
        self.pace = pace
        self.announcement = Line("", "action")
        self.notice = Line("", "notice")

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Vertical(id="table-area"):
            with Horizontal(id="main"):
                with Vertical(id="table"):
                    yield SeatView(2, id="seat-2", classes="seat top")
                    with Horizontal(id="middle"):
                        with Vertical(id="col-3", classes="side-col"):
                            yield SeatView(3, id="seat-3", classes="seat")
                            yield PondView(3, id="pond-3", classes="pond")
                        with Vertical(id="centre"):
                            yield PondView(2, id="pond-2", classes="pond")
                            yield WallView(id="wall")
                            yield PondView(0, id="pond-0", classes="pond")
                        with Vertical(id="col-1", classes="side-col"):
                            yield SeatView(1, id="seat-1", classes="seat")
                            yield PondView(1, id="pond-1", classes="pond")
                with Vertical(id="side"):
                    yield ScoreBoard(id="scores")
                    yield HintsView(id="hints")
                    yield TableLog(id="log")
            yield Static(id="announce")
            with Horizontal(id="bottom"):
                with Vertical(id="me"):
                    yield MySeatLine(id="my-line")
                    yield HandView(id="hand")
                yield ChoicesPanel(id="choices")
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#hints").border_title = tr(self.lang, "hints.title")
        self.query_one("#log").border_title = tr(self.lang, "table.log")
        self._check_size(self.app.size.width, self.app.size.height)
        self.start_hand()

    def start_hand(self) -> None:
        """Show a freshly dealt hand and let the bots play up to your first decision."""
        self.query_one(TableLog).clear_lines()
        self.notice = Line("", "notice")
        self.announcement = Line("", "action")
        self.take_events(self.match.game.log)
        self.refresh_table()
        self.continue_play()

    # ------------------------------------------------------------ drawing
    @property
    def hand_view(self) -> HandView:
        return self.query_one(HandView)

    def refresh_table(self) -> None:
        """Redraw everything from your Observation (and the wall's public state)."""
        obs = self.match.observation()
        self._refresh_seats(obs)
        self._refresh_wall(obs)
        self._refresh_hand(obs)
        self._refresh_choices(obs)
        self._refresh_hints(obs)
        self._refresh_announce()
        self.query_one(TableLog).refresh()

    def _seat_state(self, obs: Observation, seat: int) -> SeatState:
        return SeatState(
            seat,
            level=self.match.bots[seat - 1] if seat != HUMAN else "",
            score=self.match.session.scores[seat],
            dealer=obs.dealer == seat,
            streak=obs.streak,
            hand_size=obs.hand_sizes[seat],
            melds=obs.melds[seat],
            gold=obs.gold,
            active=seat in obs.to_act,
            lang=self.lang,
            ascii_tiles=self.ascii_tiles,
        )

    def _refresh_seats(self, obs: Observation) -> None:
        """The bots' panels, your name line, the four ponds and the score board."""
        for seat in (1, 2, 3):
            self.query_one(f"#seat-{seat}", SeatView).update_state(self._seat_state(obs, seat))
        self.query_one(MySeatLine).update_state(self._seat_state(obs, HUMAN))
        for seat in range(4):
            latest = obs.last_discard is not None and obs.last_discard[0] == seat
            self.query_one(f"#pond-{seat}", PondView).update_state(
                PondState(obs.ponds[seat], latest, obs.gold, self.ascii_tiles)
            )
        session = self.match.session
        self.query_one(ScoreBoard).update_state(
            ScoreState(
                tuple(session.scores),
                obs.dealer,
                obs.streak,
                obs.to_act,
                len(session.results) + 1,
                self.match.round_number,
                session.rounds or 1,
                self.lang,
            )
        )

    def _refresh_wall(self, obs: Observation) -> None:
        lang, session = self.lang, self.match.session
        wall = self.match.game.wall  # where the tiles are is public; what they are is not used
        hand_text = " · ".join(
            (
                tr(lang, "table.hand_no", n=len(session.results) + 1),
                tr(lang, "table.round_of", n=self.match.round_number, total=session.rounds or 1),
            )
        )
        self.query_one(WallView).update(
            WallState(
                head=wall.head,
                tail=wall.tail,
                reserve=obs.reserve,
                dealer=obs.dealer,
                streak=obs.streak,
                dice=obs.dice,
                gold=obs.gold,
                drawable=obs.drawable,
                turn=obs.to_act[0] if len(obs.to_act) == 1 else None,
                turn_text=self._turn_text(obs),
                hand_text=hand_text,
                last_round=obs.last_round,
                lang=lang,
                ascii_tiles=self.ascii_tiles,
            )
        )

    def _turn_text(self, obs: Observation) -> str:
        lang = self.lang
        if obs.phase == OVER:
            return tr(lang, "table.over")
        if obs.phase == TURN:
            return tr(lang, "table.turn", name=seat_name(obs.to_act[0], lang))
        if obs.to_act:  # a window or claim shows a seat only its own decision
            return tr(lang, "table.waiting", names=seat_name(obs.to_act[0], lang))
        return tr(lang, "table.others_deciding")

    def _refresh_hand(self, obs: Observation) -> None:
        tiles = tuple(display_order(obs.hand, obs.drawn, obs.gold))
        state = HandState(tiles, obs.drawn is not None, obs.gold, self.ascii_tiles)
        hand = self.hand_view
        cursor = hand.cursor
        if state != hand.state and state.has_drawn:
            cursor = len(tiles) - 1
        cursor = min(cursor, max(len(tiles) - 1, 0))
        mine = obs.phase == TURN and HUMAN in obs.to_act
        hand.set_class(mine, "-active")
        hand.active = mine
        hand.show(state, cursor)

    def _refresh_choices(self, obs: Observation) -> None:
        lang, asc = self.lang, self.ascii_tiles
        mine = HUMAN in obs.to_act
        actions = choice_actions(obs.legal) if mine else ()
        title = Text()
        if mine and obs.phase == CLAIM and obs.last_discard is not None:
            seat, tile = obs.last_discard
            title.append(tr(lang, "choice.title", name=seat_name(seat, lang), tile=""))
            title.append_text(tile_text(tile, obs.gold, asc))
        elif mine and obs.phase == WINDOW:
            title.append(tr(lang, "choice.window"), style="bold #e0b23a")
        elif mine and obs.phase == TURN:
            key = "table.you_choose" if actions else "table.you_discard"
            title.append(tr(lang, key), style="bold #7ee2a8")
        state = ChoicesState(
            title,
            actions,
            reason_text(lang, obs.win_blocked) if mine and obs.win_blocked else None,
            autofocus=obs.phase in CHOICE_PHASES,
            gold=obs.gold,
            ascii_tiles=asc,
            lang=lang,
        )
        panel = self.query_one(ChoicesPanel)
        if state == panel.state:
            return
        self.hand_view.highlight = None
        panel.state = state

    def _refresh_hints(self, obs: Observation) -> None:
        view = self.query_one(HintsView)
        view.display = self.hints_on
        if not self.hints_on:
            return
        limit = max(view.content_region.height - 2, 4)
        if obs.phase == TURN and HUMAN in obs.to_act:
            text = hints_text(
                discard_hints(obs), None, obs.gold, self.ascii_tiles, self.lang, limit
            )
        elif obs.phase == OVER:
            text = Text()
        else:
            text = hints_text(
                [], hand_hint(obs), obs.gold, self.ascii_tiles, self.lang, limit, claim_hints(obs)
            )
        view.update(text)

    def _refresh_announce(self) -> None:
        text = Text(self.announcement.text, style=LINE_STYLE[self.announcement.kind])
        if self.notice.text:
            if text.plain:
                text.append("   ·   ", style="#5f7470")
            text.append("⚑ " + self.notice.text, style=LINE_STYLE["notice"])
        self.query_one("#announce", Static).update(text)

    def announce(self, line: Line) -> None:
        self.announcement = line
        self._refresh_announce()

    def take_events(self, new: list[Event]) -> None:
        log = self.query_one(TableLog)
        for event in new:
            line = describe(event, self.lang, self.ascii_tiles)
            if line is None:
                continue
            log.add(Text(line.text, style=LINE_STYLE[line.kind]))
            if line.kind == "notice":
                self.notice = line
            else:
                self.announcement = line

    # ------------------------------------------------------------ playing
    def act(self, action: Action) -> None:
        """Your decision, through the engine; a refusal shows the engine's reason."""
        try:
            events = self.match.apply(action)
        except IllegalAction as refused:
            why = refusal_text(self.lang, refused.code, str(refused))
            self.announce(Line(tr(self.lang, "table.refused", why=why), "error"))
            return
        self.take_events(events)
        self.refresh_table()
        self.continue_play()

    def continue_play(self) -> None:
        if self.match.hand_over:
            self.show_result()
        elif self.match.next_bot() is not None:
            self.run_bots()

    @work(thread=True, exclusive=True, group="bots")
    def run_bots(self) -> None:
        """Bots decide off the UI thread; each decision is applied on the UI thread."""
        worker = get_current_worker()
        delay = PACES[self.pace]
        while not worker.is_cancelled:
            step = self.app.call_from_thread(self.match.next_bot)
            if step is None:
                break
            seat, obs, version = step
            action = self.match.players[seat].choose(obs)
            if delay and action.type not in (PASS, DECLINE_THREE_GOLD):
                time.sleep(delay)
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self._apply_bot, action, version)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._bots_done)

    def _apply_bot(self, action: Action, version: int) -> None:
        if version != self.match.version:
            return  # the table moved on while the bot was thinking
        self.take_events(self.match.apply(action))
        self.refresh_table()

    def _bots_done(self) -> None:
        if self.match.hand_over:
            self.show_result()

    def show_result(self) -> None:
        from .result import ResultScreen

        game = self.match.game
        result = self.match.finish_hand()
        self.app.push_screen(
            ResultScreen(self.match, game, result, self.lang, self.ascii_tiles),
            callback=self._after_result,
        )

    def _after_result(self, _: None = None) -> None:
        if self.match.session_over:
            cast("NingdeApp", self.app).action_new_game()
            return
        self.match.next_hand()
        self.start_hand()

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
        tile = self.hand_view.tile_at(index)
        if tile is None:
            return
        self.hand_view.cursor = index
        self.act(Action(HUMAN, DISCARD, tile))

    def action_discard_cursor(self) -> None:
        self.action_discard_at(self.hand_view.cursor)

    def action_cursor(self, step: int) -> None:
        hand = self.hand_view
        count = len(hand.state.tiles)
        if count:
            hand.cursor = (hand.cursor + step) % count
        if isinstance(self.focused, ChoiceButton):
            self.set_focus(None)

    def action_choose(self, key: str) -> None:
        """A choice key: take the choice, or with several combinations move between them."""
        buttons = [
            b for b in self.query_one(ChoicesPanel).buttons() if CHOICE_KEYS[b.action.type] == key
        ]
        if not buttons:
            kinds = [t for t, k in CHOICE_KEYS.items() if k == key]
            self.act(Action(HUMAN, kinds[0]))
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

    def action_toggle_hints(self) -> None:
        self.hints_on = not self.hints_on

    def watch_hints_on(self) -> None:
        if self.is_mounted:
            self._refresh_hints(self.match.observation())

    def action_help(self) -> None:
        cast("NingdeApp", self.app).action_help()

    # ------------------------------------------------------------ size
    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        if small:
            message = tr(
                self.lang, "table.too_small", w=MIN_WIDTH, h=MIN_HEIGHT, cw=width, ch=height
            )
            self.query_one("#too-small", Static).update(message)
