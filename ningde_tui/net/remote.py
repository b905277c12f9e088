"""A seat of an online room as the table draws it (interfaces.md §6): the room's messages folded
into a ``TableView``.

The server sends a seat only what it may know: its ``welcome`` (the seat, the rules, who sits
where), a ``state`` whenever its view changes (the Observation and the events since the last
state), ``seats`` when someone comes or goes, a hand's ``result``, ``over``. ``RemoteSeat``
keeps what the table needs between them: the hand's events so far (a state carries only the
new ones; the state after a ``welcome``, and the first of a new hand, carries them all), the
scores after every hand, the latest ``seats``. Nothing here decides a rule: the legal actions,
whose turn it is and every tile come from the server.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.config import RuleConfig
from ..rules.game import Event, HandResult, RuleEvent
from ..rules.scoring import WinBy, WinScore
from ..table.view import SeatHand, Sight, Standings, TableView
from . import protocol
from .protocol import Result, SeatStatus, ServerMessage, State, Welcome

NO_SEATS = tuple(SeatStatus("", protocol.HUMAN) for _ in range(4))


@dataclass
class RemoteSeat:
    """What one connection to a room knows (a player's seat, or a watcher's: ``seat`` None)."""

    welcome: Welcome | None = None
    state: State | None = None
    history: list[Event] = field(default_factory=list)  # the hand so far, as this seat knows it
    seats: tuple[SeatStatus, ...] = NO_SEATS
    scores_after: list[tuple[int, ...]] = field(default_factory=list)  # first: before hand 1
    result: Result | None = None  # the last hand's result, until the next hand's first state
    final: tuple[int, ...] | None = None  # the session's totals once it is over

    # ------------------------------------------------------------ reading the room
    def feed(self, message: ServerMessage) -> None:
        """Fold one message from the server in (``refused`` and ``error`` change nothing)."""
        if isinstance(message, Welcome):
            self.welcome = message
            self.seats = message.seats
            self.history = []  # the next state holds the hand's whole story again
            self.state = None
        elif isinstance(message, State):
            self._take_state(message)
        elif isinstance(message, protocol.Seats):
            self.seats = message.seats
        elif isinstance(message, Result):
            self.result = message
            self.scores_after.append(tuple(message.line.get("scores", ())))
        elif isinstance(message, protocol.Over):
            self.final = message.scores

    def _take_state(self, state: State) -> None:
        before = self.state
        if before is None or before.hand != state.hand:
            self.history = []
            if before is not None and before.hand != state.hand:
                self.result = None
        if not self.scores_after:
            self.scores_after.append(state.scores)
        self.history.extend(state.events)
        self.state = state

    @property
    def rules(self) -> RuleConfig | None:
        """The room's rules (for reading its states), once welcomed."""
        return None if self.welcome is None else self.welcome.rules

    @property
    def seat(self) -> int | None:
        return None if self.welcome is None else self.welcome.seat

    @property
    def seq(self) -> int | None:
        return None if self.state is None else self.state.seq

    @property
    def ready(self) -> bool:
        """Welcomed and told the hand: there is a table to draw."""
        return self.welcome is not None and self.state is not None

    @property
    def over(self) -> bool:
        return self.final is not None

    # ------------------------------------------------------------ what the table draws
    def levels(self) -> tuple[str, ...]:
        return tuple(s.level if s.kind == protocol.BOT else "" for s in self.seats)

    def connected(self) -> tuple[bool, ...]:
        """Per seat: a bot is always there; a human while their connection is."""
        return tuple(s.kind == protocol.BOT or s.connected for s in self.seats)

    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def view(self) -> TableView:
        """The hand as this seat may know it (a watcher: what is public)."""
        state = self.state
        if state is None:
            raise ValueError("no state from the room yet")
        seat = self.seat
        obs = state.obs._replace(history=tuple(self.history))
        hands: list[SeatHand | None] = [None] * 4
        if seat is not None:
            hands[seat] = SeatHand(obs.hand, obs.drawn, obs.melds[seat])
        return TableView(
            obs,
            Sight.of_player(seat),
            tuple(hands),
            obs.to_act,
            state.scores,
            self.levels(),
            state.hand,
            state.round,
            state.rounds,
            None,
            self.connected(),
        )

    # ------------------------------------------------------------ a hand's result
    def result_view(self, result: Result) -> TableView:
        """The finished hand with every hand face up, as the result message shows them."""
        view = self.view()
        hands = tuple(SeatHand(tiles, None, melds) for tiles, melds in result.hands)
        return TableView(
            view.obs,
            Sight.everyone(view.bottom),
            hands,
            (),
            view.scores,
            view.levels,
            view.hand_no,
            view.round_no,
            view.rounds,
            hand_result(result),
            view.connected,
        )

    def standings(self, result: Result) -> Standings:
        """The session after ``result``'s hand: the scores after every hand this seat saw."""
        history = tuple(self.scores_after) or (tuple(result.line.get("scores", ())),)
        return Standings(result.hand, history, history[-1], self.over)


def hand_result(result: Result) -> HandResult:
    """A ``HandResult`` from a result message: the line's fields, the tile won and the
    payments (the engine's formula as data); candidates and refusals do not travel."""
    line = result.line
    winner = line.get("winner")
    by = line.get("by")
    score = None
    if winner is not None and result.payments:
        score = _win_score(line, result.payments)
    return HandResult(
        winner,
        None if by is None else WinBy(by),
        str(line.get("pattern", "draw")),
        score,
        list(line.get("deltas", [0, 0, 0, 0])),
        int(line.get("dealer", 0)),
        int(line.get("streak", 1)),
        line.get("discarder"),
        result.win_tile,
        [RuleEvent(e) for e in line.get("events", ())],
    )


def _win_score(line: dict[str, object], payments: tuple[dict[str, object], ...]) -> WinScore:
    dealer = line.get("dealer")
    paid = {p.get("seat"): protocol.payment_from(p) for p in payments}
    pay_dealer = paid.get(dealer)
    pay_other = next((p for s, p in paid.items() if s != dealer), pay_dealer)
    total = sum(p.amount for p in paid.values())
    return WinScore(
        True,
        pattern=str(line.get("pattern", "")),
        pay_dealer=pay_dealer if line.get("winner") != dealer else None,
        pay_other=pay_other,
        total=total,
    )
