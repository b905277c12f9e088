"""The table's picture, shared by play (TableScreen) and watching a record (ReplayScreen).

Everything is drawn from one ``TableView`` (``table/view.py``), from one seat's point of view,
``seating.bottom``: the wall turned so that seat sits at the bottom, the others named
下家/对家/上家 of it. The screen says whose private view it wants (``sight``: the player whose
decision it is, nobody under the hot-seat cover, every hand when a game is watched face up); the
view holds only what that sight may know, so nothing else can be drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ...i18n.words import refusal_text, tr
from ...rules.game import CHOICE_PHASES, Event, EventKind, Observation, Phase
from ...table.seating import Seating
from ...table.view import Sight, TableView
from .. import collect, textual_compat
from ..model.announce import Line, describe
from ..model.hints import claim_hints, discard_hints, hand_hint, ready_hint
from ..palette import BAD, DIM, GOLD, GOOD, MUTED, TEXT
from ..tilefaces import FLAT, STANDING, TALL, tile_text
from ..widgets.choices import ChoicesPanel, ChoicesState, choice_actions
from ..widgets.hand import HandState, HandView, display_order
from ..widgets.hints import HintsState, HintsView, ready_text
from ..widgets.keybar import KeyBar
from ..widgets.log import TableLog
from ..widgets.melds import MeldsState, MeldsView
from ..widgets.pond import PondView, discard_rows, pond_state
from ..widgets.scoreboard import ScoreBoard, ScoreState
from ..widgets.seat import MySeatLine, SeatState, SeatView
from ..widgets.steady import Column, Row, SteadyStatic
from ..widgets.wall import WallState, WallView, legend_aside
from .base import OpenScreen, PlayerScreen

Part = TypeVar("Part", bound=Widget)

MIN_WIDTH, MIN_HEIGHT = 110, 34
SCALES = ((190, 56), (150, 46), (0, 0))  # the terminal sizes from which scale 2, 1, 0 hold
# events that get a callout
CALLS = (
    EventKind.CHI, EventKind.PONG, EventKind.KONG, EventKind.ANKONG, EventKind.ADDKONG,
    EventKind.WIN,
)  # fmt: skip
SIDE_PANEL_WIDTH = 140  # narrower terminals fold the side panel away (key i opens it)
LINE_STYLE = {
    "action": TEXT,
    "draw": MUTED,
    "notice": f"bold {GOLD}",
    "error": f"bold {BAD}",
}


COMMON_BINDINGS = [
    Binding("i", "toggle_side", "key.side"),
    Binding("h", "toggle_hints", "key.hints"),
    Binding("question_mark,f1", "help", "key.help", key_display="?"),
]


class BoardScreen(PlayerScreen[None]):
    """Lays out and draws the table; subclasses say what game it is and who looks at it
    (and end their BINDINGS with ``COMMON_BINDINGS``, so the footer lists theirs first)."""

    # Nothing on the table is text to select, and its tiles are replaced as play goes on: a
    # press that starts a selection on a tile removed since the last frame crashed Textual
    # (the fast clicks of a player discarding).
    ALLOW_SELECT = False
    hints_on: reactive[bool] = reactive(True)

    def __init__(self) -> None:
        super().__init__()
        self.seating = Seating(self.lang)
        self.private_seat: int | None = 0  # whose private view is drawn (None: covered)
        self.open_hands = False  # every hand face up (watching a game)
        self.interactive = True  # the private seat decides here (choices, discards)
        self.announcement = Line("", "action")
        self.notice = Line("", "notice")
        self.scale = 0  # 0 compact, 1 standing tiles, 2 the biggest table
        self.side_choice: bool | None = None  # the side panel as the player set it
        self.table_ready = False  # refresh_table has drawn once
        # the last call (碰！吃！杠！胡！), shown at the caller's side until another acts
        self.callout: tuple[int, str] | None = None
        self.view: TableView | None = None  # the view last drawn
        self._told: tuple[tuple[int, Sight], int] | None = None  # (hand, sight), events told
        self._parts: dict[str, Widget] = {}  # the table's parts, found once (``part``)

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """The table as players sit round it: you at the bottom, 下家 on the right, 对家 at the
        top, 上家 on the left, each beside their side of the square wall and each pond inside
        the wall in front of its player, round the centre; the scores, hints and log in a
        side panel that folds away (key i)."""
        with Row(id="table-area"):
            with Column(id="table"):
                with Row(id="top"):
                    yield SeatView(id="seat-2", classes="seat")
                with Row(id="middle"):
                    with Column(id="col-3", classes="side-col"):
                        yield SeatView(id="seat-3", classes="seat side-seat")
                    with WallView(id="wall"):
                        for position in range(4):
                            yield PondView(position, id=f"pond-{position}", classes="pond")
                    with Column(id="col-1", classes="side-col"):
                        yield SeatView(id="seat-1", classes="seat side-seat")
                        yield Static(id="marks-legend")  # where the wall's centre has no room
                yield SteadyStatic(id="announce")
                yield from self.compose_controls()
                with Row(id="bottom"):
                    yield Column(id="bottom-left", classes="bottom-pad")
                    with Column(id="me"):
                        yield MySeatLine(id="my-line")
                        with Row(id="hand-row"):
                            yield HandView(id="hand")
                            yield MeldsView(id="melds-0")
                    with Column(id="bottom-right", classes="bottom-pad"):
                        yield from self.compose_beside_hand()
            with Column(id="side"):
                yield ScoreBoard(id="scores")
                yield HintsView(id="hints")
                yield TableLog(id="log")
        yield Static(id="too-small")
        yield KeyBar()

    def compose_controls(self) -> ComposeResult:
        """The row over your hand: the choices (the replay's controls instead)."""
        yield ChoicesPanel(id="choices")

    def compose_beside_hand(self) -> ComposeResult:
        """Right of your hand (a replay tells the step there)."""
        yield from ()

    def on_mount(self) -> None:
        self.query_one("#hints").border_title = tr(self.lang, "hints.title")
        self.query_one("#log").border_title = tr(self.lang, "table.log")
        self._check_size(self.app.size.width, self.app.size.height)

    # ------------------------------------------------------------ what to draw
    def table_view(self) -> TableView:
        """The table now, as ``sight`` may know it, from the bottom seat's chair."""
        raise NotImplementedError

    @property
    def sight(self) -> Sight:
        """Whose private view is drawn: ``private_seat``'s, or every hand (``open_hands``)."""
        return Sight(self.private_seat, self.open_hands)

    def shows_hand(self, seat: int) -> bool:
        """May this seat's concealed tiles be drawn?"""
        return self.sight.shows(seat)

    def decider(self, obs: Observation) -> int | None:
        """The seat whose choices the panel offers now (None: nobody's here)."""
        seat = self.private_seat
        if self.interactive and seat is not None and seat in obs.to_act:
            return seat
        return None

    def part(self, selector: str, kind: type[Part]) -> Part:
        """One of the table's parts: composed with the screen and never replaced, so found
        once (a redraw sets a dozen of them)."""
        found = self._parts.get(selector)
        if found is None:
            found = self._parts[selector] = self.query_one(selector, kind)
        return cast(Part, found)

    @property
    def hand_view(self) -> HandView:
        return self.part("#hand", HandView)

    def taken_down(self) -> bool:
        """The screen is being taken down: its parts are gone or going (a late bot move)."""
        seat = self._parts.get("#seat-1")
        if seat is None:
            return not self.query("#seat-1")
        return seat.parent is None or textual_compat.being_removed(seat)

    def refresh_table(self) -> None:
        """Redraw everything from the table's view, and tell the events it has not told."""
        if self.taken_down():
            return
        collect.moved()  # something changes on screen: not a moment for a full collection
        collect.hold()  # nor for any other until its frame is drawn
        self.table_ready = True
        view = self.view = self.table_view()
        obs = view.obs
        self._tell(view)
        self._refresh_seats(view)
        self._refresh_wall(view)
        self._refresh_hand(obs)
        self._refresh_choices(obs)
        self._refresh_hints(obs)
        self._refresh_announce()
        self.refresh_bindings()

    def _tell(self, view: TableView) -> None:
        """The log and announcement follow the view's history: what is new since the last
        drawing, or the hand's story from the start for another hand or viewer."""
        history = view.obs.history
        key = (view.hand_no, view.sight)
        told = self._told
        if told is None or told[0] != key or told[1] > len(history):
            self.retell(history)
        else:
            self.take_events(history[told[1] :])
        self._told = (key, len(history))

    def melds_state(self, view: TableView, seat: int) -> MeldsState:
        """A seat's melds as laid on the table: a 暗杠's faces only for its owner and in a
        face-up view (rules.md §5)."""
        faces = view.shows(seat)
        melds = view.melds(seat)
        obs = view.obs
        side = self.seating.position(seat) in (1, 3)
        size = (FLAT, STANDING, TALL)[self.scale]
        if side and self.has_class("-tight"):
            size, per_line = STANDING, 1  # a narrow column: standing tiles, a meld a line
        elif side:
            per_line = 2 if size == STANDING else 1
        else:
            per_line = 2 if self.scale == 0 and seat == self.seating.bottom else 4
        return MeldsState(
            melds,
            owner=seat,
            bottom=self.seating.bottom,
            faces=faces,
            gold=obs.gold,
            ascii_tiles=self.ascii_tiles,
            size=size,
            per_line=per_line,
            lit_last=bool(self.callout_for(seat)),
        )

    def _seat_state(self, view: TableView, seat: int) -> SeatState:
        obs = view.obs
        tiles: tuple[int, ...] | None = None
        drawn = False
        hand = view.hands[seat]
        if hand is not None and seat != self.seating.bottom:
            tiles = tuple(display_order(hand.tiles, hand.drawn, obs.gold))
            drawn = hand.drawn is not None
        side = self.seating.position(seat) in (1, 3)
        name, person = self.seating.parts(seat)
        return SeatState(
            seat,
            name=name,
            person=person,
            level="" if self.seating.says_level(seat) else view.levels[seat],
            score=view.scores[seat],
            dealer=obs.dealer == seat,
            streak=obs.streak,
            hand_size=obs.hand_sizes[seat],
            melds=view.melds(seat),
            gold=obs.gold,
            active=seat in view.waiting,
            lang=self.lang,
            ascii_tiles=self.ascii_tiles,
            tiles=tiles,
            drawn=drawn,
            melds_state=self.melds_state(view, seat),
            width=self.seat_width(side),
            narrow=side,
            one_row=self.scale == 0,
            tight=self.has_class("-tight"),
            left=self.seating.position(seat) == 3,
            callout=self.callout_for(seat),
        )

    def ready_line(self, obs: Observation) -> Text | None:
        """听 and its waits beside your name, when your hand is ready and the hints panel is
        not there to say so (hints off, or the side panel folded)."""
        if self.hints_on and not self.has_class("-side-folded"):
            return None
        if not self.shows_hand(self.seating.bottom) or obs.phase == Phase.OVER:
            return None
        hint = ready_hint(obs)
        return None if hint is None else ready_text(hint, obs.gold, self.ascii_tiles, self.lang)

    def auto_labels(self) -> tuple[str, ...]:
        """What your name line says is on beside it (a deciding seat's auto options)."""
        return ()

    def seat_width(self, side: bool) -> int:
        """The cells a seat's lines may take: its column beside the wall, or the wall's
        width above it."""
        wall = self.part("#wall", WallView).size.width
        if not wall and self.table_ready:  # not laid out yet: draw again once it is
            self.call_after_refresh(self._after_first_layout)
        if not side:
            return max(wall, 32)
        return max(self.part("#col-3", Widget).size.width - 1, 12)

    def _after_first_layout(self) -> None:
        if self.is_mounted and self.part("#wall", WallView).size.width:
            self.refresh_table()

    def _refresh_seats(self, view: TableView) -> None:
        """The other seats, the bottom seat's line and melds, the ponds and the score board."""
        seating, obs = self.seating, view.obs
        for position in (1, 2, 3):
            seat = seating.seat_at(position)
            self.part(f"#seat-{position}", SeatView).state = self._seat_state(view, seat)
        mine = replace(
            self._seat_state(view, seating.bottom),
            tags=self.auto_labels(),
            ready=self.ready_line(view.obs),
        )
        self.part("#my-line", MySeatLine).state = mine
        self.part("#melds-0", MeldsView).state = self.melds_state(view, seating.bottom)
        laid = discard_rows(obs.history)
        for position in range(4):
            seat = seating.seat_at(position)
            pond = obs.ponds[seat]
            # the discard on the table now (not once a win has taken it from the pond)
            latest = (
                obs.phase != Phase.OVER
                and obs.last_discard is not None
                and obs.last_discard[0] == seat
                and bool(pond)
                and pond[-1] == obs.last_discard[1]
            )
            self.part(f"#pond-{position}", PondView).state = pond_state(
                pond, laid[seat], latest, obs.gold, self.ascii_tiles, seating.bottom
            )
        self.part("#scores", ScoreBoard).state = ScoreState(
            view.scores,
            obs.dealer,
            obs.streak,
            view.waiting,
            view.hand_no,
            view.round_no,
            view.rounds,
            self.lang,
            names=tuple(seating.parts(s)[0] for s in range(4)),
            people=tuple(seating.parts(s)[1] for s in range(4)),
            bottom=seating.bottom,
        )

    def _refresh_wall(self, view: TableView) -> None:
        lang, obs, waiting = self.lang, view.obs, view.waiting
        parts = [tr(lang, "table.hand_no", n=view.hand_no)]
        if view.rounds:
            parts.append(tr(lang, "table.round_of", n=view.round_no, total=view.rounds))
        self.part("#wall", WallView).state = WallState(
            head=obs.wall_head,
            tail=obs.wall_tail,
            reserve=obs.reserve,
            dealer=obs.dealer,
            streak=obs.streak,
            dice=obs.dice,
            gold=obs.gold,
            drawable=obs.drawable,
            turn=waiting[0] if len(waiting) == 1 else None,
            turn_text=self._turn_text(obs, waiting),
            hand_text=" · ".join(parts),
            last_round=obs.last_round,
            lang=lang,
            ascii_tiles=self.ascii_tiles,
            bottom=self.seating.bottom,
            names=self.seating.names_tuple(),
            places=tuple(self.seating.parts(s)[0] for s in range(4)),
            discards=max(len(pieces) for pieces in discard_rows(obs.history)),
        )

    def _turn_text(self, obs: Observation, waiting: tuple[int, ...]) -> str:
        lang, name = self.lang, self.seating.name
        if obs.phase == Phase.OVER:
            return tr(lang, "table.over")
        if obs.phase == Phase.TURN:
            return tr(lang, "table.turn", name=name(waiting[0]))
        if waiting:
            return tr(lang, "table.waiting", names="、".join(name(s) for s in waiting))
        return tr(lang, "table.others_deciding")

    def _refresh_hand(self, obs: Observation) -> None:
        hand = self.hand_view
        if not self.shows_hand(self.seating.bottom):
            hand.active = False
            hand.state = HandState(gold=obs.gold, ascii_tiles=self.ascii_tiles, big=self.scale > 0)
            hand.cursor = 0
            return
        tiles = tuple(display_order(obs.hand, obs.drawn, obs.gold))
        state = HandState(
            tiles,
            obs.drawn is not None,
            obs.gold,
            self.ascii_tiles,
            keys=self.interactive,
            big=self.scale > 0,
        )
        cursor = hand.cursor
        if state != hand.state and state.has_drawn:
            cursor = len(tiles) - 1
        cursor = min(cursor, max(len(tiles) - 1, 0))
        if tiles and tiles[cursor] == obs.gold:
            # a gold can never be discarded (rules.md §4): rest on the nearest tile that can
            cursor = next((i for i, t in enumerate(tiles) if t != obs.gold), cursor)
        mine = obs.phase == Phase.TURN and self.decider(obs) is not None
        hand.active = mine
        hand.state = state
        hand.cursor = cursor

    def _refresh_choices(self, obs: Observation) -> None:
        lang, asc = self.lang, self.ascii_tiles
        mine = self.decider(obs) is not None
        actions = choice_actions(obs.legal) if mine else ()
        title = Text()
        if mine and obs.phase == Phase.CLAIM and obs.last_discard is not None:
            seat, tile = obs.last_discard
            # where the tile came from, by its place (上家): the bar has no room for the
            # player's name after it beside the choices
            place = self.seating.parts(seat)[0]
            title.append(tr(lang, "choice.title", name=place, tile=""))
            title.append_text(tile_text(tile, obs.gold, asc))
        elif mine and obs.phase == Phase.WINDOW:
            title.append(tr(lang, "choice.window"), style=f"bold {GOLD}")
        elif mine and obs.phase == Phase.TURN:
            key = "table.you_choose" if actions else "table.you_discard"
            title.append(tr(lang, key), style=f"bold {GOOD}")
        self.show_choices(
            ChoicesState(
                title,
                actions,
                refusal_text(lang, obs.win_blocked) if mine and obs.win_blocked else None,
                # (only with choices to focus: an empty panel stays as it is from move to move)
                autofocus=bool(actions) and obs.phase in CHOICE_PHASES,
                gold=obs.gold,
                ascii_tiles=asc,
                lang=lang,
            )
        )

    def show_choices(self, state: ChoicesState) -> None:
        panel = self.part("#choices", ChoicesPanel)
        if state == panel.state:
            return
        self.hand_view.highlight = None
        panel.state = state

    def _refresh_hints(self, obs: Observation) -> None:
        view = self.part("#hints", HintsView)
        view.display = self.hints_on
        if not self.hints_on:
            return
        gold, asc, lang = obs.gold, self.ascii_tiles, self.lang
        if not self.shows_hand(self.seating.bottom) or obs.phase == Phase.OVER:
            view.state = HintsState()
        elif obs.phase == Phase.TURN and self.seating.bottom in obs.to_act:
            view.state = HintsState(tuple(discard_hints(obs)), None, (), gold, asc, lang)
        else:
            claims = tuple(claim_hints(obs)) if self.decider(obs) is not None else ()
            view.state = HintsState((), hand_hint(obs), claims, gold, asc, lang)

    def _refresh_announce(self) -> None:
        text = Text(self.announcement.text, style=LINE_STYLE[self.announcement.kind])
        if self.notice.text:
            if text.plain:
                text.append("   ·   ", style=DIM)
            text.append("⚑ " + self.notice.text, style=LINE_STYLE["notice"])
        self.part("#announce", SteadyStatic).show(text, size=(1,))  # one line, as wide as the table

    def announce(self, line: Line) -> None:
        self.announcement = line
        self._refresh_announce()

    def log_seat(self) -> int | None:
        """Whose private events (draws, refused wins) the log tells."""
        if self.private_seat is not None:
            return self.private_seat
        return self.seating.bottom if self.open_hands else None

    def take_events(self, new: Sequence[Event]) -> None:
        log = self.part("#log", TableLog)
        viewer = self.log_seat()
        for event in new:
            self._note_call(event)
            line = describe(
                event,
                self.lang,
                self.ascii_tiles,
                viewer,
                self.seating.name,
                watching=not self.interactive,
            )
            if line is None:
                continue
            log.add(Text(line.text, style=LINE_STYLE[line.kind]))
            if line.kind == "notice":
                self.notice = line
            else:
                self.announcement = line

    def _note_call(self, event: Event) -> None:
        if event.kind in CALLS and event.seat is not None:
            self.callout = (event.seat, event.kind)
        elif (
            event.kind in (EventKind.DISCARD, EventKind.DRAW, EventKind.DEAL)
            and self.callout is not None
        ):
            if event.seat != self.callout[0]:
                self.callout = None

    def callout_for(self, seat: int) -> str:
        """``碰！`` while ``seat``'s call is the latest thing at the table, else ""."""
        if self.callout is None or self.callout[0] != seat:
            return ""
        return tr(self.lang, "table.callout", what=tr(self.lang, f"choice.{self.callout[1]}"))

    def retell(self, log: Sequence[Event]) -> None:
        """The hand's story from the start, as the current viewer may read it."""
        self.query_one(TableLog).clear_lines()
        self.notice = Line("", "notice")
        self.announcement = Line("", "action")
        self.callout = None
        self.take_events(log)

    # ------------------------------------------------------------ common keys
    def action_toggle_hints(self) -> None:
        self.hints_on = not self.hints_on

    def watch_hints_on(self) -> None:
        if self.is_mounted and self.view is not None:
            self._refresh_hints(self.view.obs)
            self._refresh_seats(self.view)

    def action_help(self) -> None:
        self.post_message(OpenScreen("help"))

    def on_wall_view_legend_aside(self, message: WallView.LegendAside) -> None:
        """What the wall's letters stand for, a line each, below the seat on the right while
        the wall's centre has no room for it (the English table at its smallest)."""
        shown = self.query_one("#marks-legend", Static)
        shown.update(legend_aside(self.lang))
        shown.display = message.aside

    # ------------------------------------------------------------ size
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the table is hidden (the terminal too small) no key of the table acts."""
        return not self.too_small

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    @property
    def too_small(self) -> bool:
        return self.has_class("-too-small")

    def _check_size(self, width: int, height: int) -> None:
        """Pick the table's scale for the terminal: compact tiles, standing tiles and bigger
        hand tiles from about 150×46, a bigger wall and ponds from about 190×56. The side
        panel is open from the middle size on, unless the player folded it."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small != self.too_small:
            self.set_class(small, "-too-small")
            if small:
                self.set_focus(None)
            self.refresh_bindings()
        if small:
            message = tr(
                self.lang, "table.too_small", w=MIN_WIDTH, h=MIN_HEIGHT, cw=width, ch=height
            )
            self.query_one("#too-small", Static).update(message)
        scale = next(i for i, (w, h) in enumerate(SCALES) if width >= w and height >= h)
        scale = len(SCALES) - 1 - scale
        for i in range(len(SCALES)):
            self.set_class(i == scale, f"-s{i}")
        side = self.side_open(width)
        self.set_class(not side, "-side-folded")
        # the panel opened on a narrow terminal: it and the side ponds make room for the seats
        self.set_class(side and width < SIDE_PANEL_WIDTH, "-tight")
        if scale != self.scale:
            self.scale = scale
            if self.is_mounted and self.table_ready:
                self.call_after_refresh(self.refresh_table)

    def side_open(self, width: int) -> bool:
        return self.side_choice if self.side_choice is not None else width >= SIDE_PANEL_WIDTH

    def action_toggle_side(self) -> None:
        """Fold or unfold the side panel (scores, hints, log)."""
        self.side_choice = self.has_class("-side-folded")
        self._check_size(*self.app.size)
        if self.table_ready:
            self.call_after_refresh(self.refresh_table)
