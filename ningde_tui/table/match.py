"""A session at the table: the engine's Session, who sits where, and whose move it is.

Pure Python (no Textual): the screen asks it what to draw and hands it every decision, the
humans' and the bots', which it passes to the engine's ``apply``. It never decides a rule. With
a recorder, every hand, decision and result is written to the game's record as it happens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..bots.base import BOTS, Player, make_bot
from ..records.checks import default_name
from ..records.storage import BOT_KIND, HUMAN_KIND, GameRecorder, Resumed, SeatInfo
from ..rules.config import RuleConfig
from ..rules.game import (
    WINS,
    Action,
    ActionType,
    Event,
    EventKind,
    Game,
    HandResult,
    IllegalAction,
    Observation,
    Phase,
    take_back,
    taken_back_at,
)
from ..rules.refusal import Refusal, RefusalCode
from ..rules.session import Session
from .presets import BOT_LEVELS as BOT_LEVELS
from .presets import DEFAULT_BOT as DEFAULT_BOT
from .presets import PACES as PACES
from .view import Scoreboard, Sight, Standings, TableView, table_view

HUMAN = 0  # the human's seat when one person plays against three bots
TAKE_BACK_HERE = Refusal(RefusalCode.TAKE_BACK_HERE, "悔牌 is only for one player against bots")


def bot_seed(seed: int, seat: int) -> int:
    return seed * 7919 + 104729 * (seat + 1)


@dataclass
class Match:
    """Humans and bots playing a Session, hand after hand.

    ``bots`` holds the levels of the seats that are not ``humans``, in seat order; ``names``
    one name per seat (shown in hot-seat games and written in the record)."""

    session: Session
    bots: list[str]
    humans: tuple[int, ...] = (HUMAN,)
    names: list[str] | None = None
    players: dict[int, Player] = field(default_factory=dict)
    history: list[list[int]] = field(default_factory=list)  # scores after each hand
    version: int = 0  # bumped by every applied action: stale bot choices are dropped
    recorder: GameRecorder | None = None
    # an online room's: claims held open until ``close_window`` (``Game.hold_windows``)
    hold_windows: bool = False
    game: Game = field(init=False)

    def __post_init__(self) -> None:
        bot_seats = self.bot_seats
        if len(bot_seats) != len(self.bots):
            raise ValueError(f"{len(bot_seats)} bot seats but {len(self.bots)} bot levels")
        if not self.players:
            seed = self.session.seed
            self.players = {
                s: make_bot(lvl, bot_seed(seed, s))
                for s, lvl in zip(bot_seats, self.bots, strict=True)
            }
        if not self.history:
            self.history = [list(self.session.scores)]
        if self.session.game is not None:
            self.game = self.session.game
        else:
            self.game = self.session.start_hand()
            if self.recorder is not None:
                self.recorder.hand(self.game)
        self.game.hold_windows = self.hold_windows

    @classmethod
    def new(
        cls,
        seed: int,
        bots: Sequence[str],
        rounds: int = 1,
        config: RuleConfig | None = None,
        *,
        humans: Sequence[int] = (HUMAN,),
        names: Sequence[str] | None = None,
        recorder_path: Path | None = None,
        rounds_limit: bool = True,
    ) -> Match:
        """A new session; with ``recorder_path`` its record is written there as it goes.
        ``rounds_limit`` off: hands go on until stopped (the demo)."""
        config = config or RuleConfig(rounds=rounds)
        if config.rounds != rounds:
            config = RuleConfig(**{**config.to_dict(), "rounds": rounds})
        session = Session(config, seed, rounds=None if rounds_limit else 0)
        humans = tuple(sorted(humans))
        names_list = list(names) if names is not None else None
        recorder = None
        if recorder_path is not None:
            seats = _seat_infos(humans, list(bots), names_list)
            recorder = GameRecorder.create(
                recorder_path, config, [s.to_record() for s in seats], seed
            )
        return cls(session, list(bots), humans, names_list, recorder=recorder)

    @classmethod
    def resumed(cls, state: Resumed, record: bool = True) -> Match:
        """Go on with a game rebuilt from its record, writing on to the same file (unless
        ``record`` is off: the file cannot be written)."""
        seats = state.seats
        humans = tuple(i for i, s in enumerate(seats) if s.human)
        bots = [s.level if s.level in BOTS else DEFAULT_BOT for s in seats if not s.human]
        recorder = GameRecorder.append(state.path) if record else None
        session = state.session
        if recorder is not None and state.result_missing and session.results:
            recorder.result(len(session.results), session.results[-1], session.scores)
        return cls(
            session,
            bots,
            humans,
            [s.name for s in seats],
            history=state.history,
            recorder=recorder,
        )

    # ------------------------------------------------------------------ seats
    @property
    def bot_seats(self) -> list[int]:
        return [s for s in range(4) if s not in self.humans]

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    def level(self, seat: int) -> str:
        """A bot's level ("" for a human)."""
        if seat in self.humans:
            return ""
        return self.bots[self.bot_seats.index(seat)]

    def seat_infos(self) -> list[SeatInfo]:
        return _seat_infos(self.humans, self.bots, self.names)

    # ------------------------------------------------------------------ play
    @property
    def hand_over(self) -> bool:
        return self.game.phase == Phase.OVER

    def observation(self, seat: int = HUMAN) -> Observation:
        return self.game.observation(seat)

    def next_bot(self) -> tuple[int, Observation, int] | None:
        """The first bot that must decide now, what it sees, and the state version."""
        for seat in self.game.to_act():
            if seat not in self.humans:
                return seat, self.game.observation(seat), self.version
        return None

    def bot_action(self, seat: int, obs: Observation) -> Action:
        """What the bot in ``seat`` plays from its Observation (called off the UI thread)."""
        return self.players[seat].choose(obs)

    def next_human(self) -> int | None:
        """The first human who must decide now (several are asked in the engine's order)."""
        return next((s for s in self.game.to_act() if s in self.humans), None)

    def apply(self, action: Action) -> list[Event]:
        """The engine's ``apply``: raises ``IllegalAction`` and changes nothing if refused."""
        events = self.game.apply(action)
        self.version += 1
        if self.recorder is not None:
            self.recorder.act(action)
        return events

    def take_back(self, seat: int, enabled: bool) -> int:
        """悔牌: ``seat``'s last discard back in its hand, while nobody has acted on it — at a
        table of one player and bots (never online or hot-seat: another person has seen the
        tile go, and the room's record is theirs too), with the setting ``enabled``. The record
        keeps the discard, and a line saying it was taken back. The tile taken back; raises
        ``IllegalAction`` (nothing changed) where it may not be."""
        if self.humans != (seat,) or self.hold_windows:
            raise IllegalAction(TAKE_BACK_HERE)
        if not enabled:
            raise IllegalAction(
                Refusal(RefusalCode.TAKE_BACK_OFF, "悔牌 is off (a setting)", {"seat": seat})
            )
        at = taken_back_at(self.game.decisions)
        discard = None if at is None else self.game.decisions[at]
        self.game = self.session.game = take_back(self.game, seat)
        self.version += 1
        assert discard is not None and discard.tile is not None  # (take_back checked it)
        if self.recorder is not None:
            self.recorder.taken_back(discard)
        return discard.tile

    def close_window(self) -> list[Event]:
        """The engine's ``close_window``: the held window's claims taken (nothing to record)."""
        events = self.game.close_window()
        self.version += 1
        return events

    def hold_claims(self) -> None:
        """From now on every discard's claims (and an added kong's 抢杠) stay open until
        closed, even when nobody may claim (``Game.hold_windows``): an online room, and a
        hot-seat table that takes calls after every discard."""
        self.hold_windows = self.game.hold_windows = True

    def open_call(self) -> tuple[object, Event | None] | None:
        """The window open now, once only people are left to decide it (or nobody): the
        window, and the public event it opened on (the discard, or the added kong)."""
        game = self.game
        if game.window is None or self.next_bot() is not None:
            return None
        opened = (EventKind.DISCARD, EventKind.ROBKONG_WINDOW, EventKind.ADDKONG)
        event = next((e for e in reversed(game.history(None)) if e.kind in opened), None)
        return game.window, event

    def let_go(self, take_wins: bool = False) -> list[Event]:
        """Everyone still to decide the open window lets the tile go (takes a win offered,
        with ``take_wins``), and a window held open closes."""
        events: list[Event] = []
        window = self.game.window
        while window is not None and self.game.window is window and self.game.to_act():
            seat = self.game.to_act()[0]
            legal = self.game.legal_actions(seat)
            wins = [a for a in legal if a.type in WINS] if take_wins else []
            declines = (ActionType.PASS, ActionType.DECLINE_THREE_GOLD)
            events += self.apply(wins[0] if wins else next(a for a in legal if a.type in declines))
        if self.game.held:
            events += self.close_window()
        return events

    def finish_hand(self) -> HandResult:
        result = self.session.finish_hand()
        self.history.append(list(self.session.scores))
        if self.recorder is not None:
            self.recorder.result(len(self.session.results), result, self.session.scores)
        return result

    def next_hand(self) -> Game:
        self.game = self.session.start_hand()
        self.game.hold_windows = self.hold_windows
        self.version += 1
        if self.recorder is not None:
            self.recorder.hand(self.game)
        return self.game

    # ------------------------------------------------------------------ views
    def view(self, bottom: int, sight: Sight) -> TableView:
        """The hand as ``sight`` may know it, from ``bottom``'s chair."""
        session = self.session
        scores, booked, passes = list(session.scores), len(session.results), session.passes
        if session.game is None and session.results:
            # the hand on the table is booked and the next not dealt (its result is up): the
            # table still shows this hand as it was played, whatever redraws it (a resize)
            last = session.results[-1]
            scores = [score - delta for score, delta in zip(scores, last.deltas, strict=True)]
            booked, passes = booked - 1, passes - (not last.dealer_keeps)
        board = Scoreboard(
            tuple(scores),
            tuple(self.level(s) for s in range(4)),
            booked + 1,
            self._round_of(passes),
            session.rounds or 0,
        )
        return table_view(self.game, bottom, sight, board)

    def standings(self, final: bool | None = None) -> Standings:
        """The session after the hand just finished (``final``: it ends here)."""
        return Standings(
            len(self.session.results),
            tuple(tuple(h) for h in self.history),
            tuple(self.session.scores),
            self.session_over if final is None else final,
        )

    @property
    def hands_played(self) -> int:
        return len(self.session.results)

    def review_from(self) -> tuple[Path, int] | None:
        """Where 复盘 reads a finished hand from: this game's record (whole so far) and the
        first player's seat; None for a game without a player or not being saved."""
        recorder = self.recorder
        if not self.humans or recorder is None or recorder.failed is not None:
            return None
        return recorder.path, self.humans[0]

    def close(self) -> None:
        if self.recorder is not None:
            self.recorder.close()
            self.recorder = None

    @property
    def session_over(self) -> bool:
        return self.session.over

    @property
    def round_number(self) -> int:
        """The 圈 being played, 1-based (a 圈 ends when the deal has passed four times)."""
        return self._round_of(self.session.passes)

    def _round_of(self, passes: int) -> int:
        rounds = self.session.rounds or 0
        if not rounds:
            return passes // 4 + 1
        return min(passes // 4 + 1, rounds)


def _seat_infos(
    humans: Sequence[int], bots: Sequence[str], names: Sequence[str] | None
) -> list[SeatInfo]:
    out = []
    levels = iter(bots)
    for seat in range(4):
        if seat in humans:
            name = names[seat] if names and names[seat] else default_name(seat)
            out.append(SeatInfo(name, HUMAN_KIND))
        else:
            level = next(levels)
            name = names[seat] if names else level
            out.append(SeatInfo(name, BOT_KIND, level))
    return out
