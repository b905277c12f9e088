"""The tutorial (教学): short lessons played at the real table, each a hand-made deal with one
goal (``ui/model/lessons.py`` holds them as data).

A lesson is a ``Lesson``: a wall built from chosen hands (``rules.scenario.build_wall``), the
moves played before it opens, the bots' moves while it is played (``script``), and the
player's decisions it asks for (``steps``), each with the sentences that explain why another
decision is wrong. ``LessonTable`` is the table a lesson is played at: a ``TableSource`` like
a ``Match`` (it wraps one), plus ``judge``, which vets the player's decision before it reaches
the engine: the right one goes on, a wrong one is refused with the lesson's sentence (and the
engine's own refusal where the engine refuses it). The bots play the script and otherwise
always the same plain moves (pass every claim, discard the tile just drawn), so a lesson plays
the same way every time.

Nothing here decides a rule: every move goes through ``Game.apply``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from ...i18n.words import STRINGS, switch_sentence, tr
from ...rules.config import RuleConfig
from ...rules.game import (
    CHOICE_PHASES,
    Action,
    ActionType,
    Event,
    Game,
    HandResult,
    IllegalAction,
    Observation,
    Phase,
)
from ...rules.refusal import Refusal
from ...rules.scenario import build_wall
from ...rules.session import HandSetup, Session
from ...rules.tiles import parse_tile
from ...table.match import HUMAN, TAKE_BACK_HERE, Match
from ...table.view import Sight, Standings, TableView

LESSON_BOTS = ("easy", "easy", "easy")  # the seats' levels (their moves are the lesson's)
DICE = (3, 4)
PREMOVE_LIMIT = 400  # decisions played to reach one move before the lesson opens


@dataclass(frozen=True)
class Want:
    """A kind of decision: ``kind`` on ``tile`` (any tile when None)."""

    kind: ActionType
    tile: str | None = None

    def matches(self, action: Action) -> bool:
        if action.type != self.kind:
            return False
        return self.tile is None or action.tile == parse_tile(self.tile)


@dataclass(frozen=True)
class Wrong:
    """A wrong decision the lesson expects, and the key (under ``lesson.<id>.``) of the
    sentence that says why it is wrong."""

    want: Want
    why: str


@dataclass(frozen=True)
class Step:
    """One decision the lesson asks of the player: the goal shown on the table (a key under
    ``lesson.<id>.``), the decisions that are right, the wrong ones it explains, and the
    sentence for any other (``otherwise``)."""

    goal: str
    right: tuple[Want, ...]
    wrong: tuple[Wrong, ...] = ()
    otherwise: str = ""


@dataclass(frozen=True)
class Lesson:
    """One lesson: its deal, the moves before it opens, the bots' moves, the player's steps.

    ``hands``, ``draws``, ``tail`` and ``indicator`` are as ``build_wall`` takes them (you sit
    in seat 0). ``follows``: the room's rule switches the lesson is played by, named by the
    start of their names (``"chouzhuang_"``: every switch of 臭庄); every other switch is at
    its default, so the lesson shows the rule as written. ``concerns``: the switches its rule
    depends on (by the start of their names too), told when the room plays them otherwise. ``plays_out``: after
    the last step the hand is played on to its end; ``shows_result``: the real result screen
    comes before the lesson's summary."""

    id: str
    hands: dict[int, str]
    dealer: int
    indicator: str
    steps: tuple[Step, ...]
    moves: tuple[Action, ...] = ()
    script: tuple[Action, ...] = ()
    draws: str = ""
    tail: str = ""
    streak: int = 1
    follows: str = ""
    concerns: str = ""
    plays_out: bool = False
    shows_result: bool = False
    pass_window: bool = False  # the 抢金 window left open by ``moves`` is passed by all

    def key(self, name: str) -> str:
        """The i18n key of one of the lesson's sentences."""
        return f"lesson.{self.id}.{name}"

    @property
    def followed(self) -> list[str]:
        """The switches the lesson takes from the room."""
        return _switches(self.follows)

    @property
    def concerned(self) -> list[str]:
        return _switches(self.concerns)

    def rules(self, room: RuleConfig) -> RuleConfig:
        """The rules the lesson is played by: the defaults, and the room's ``follows``."""
        return replace(
            RuleConfig(), rounds=1, **{name: getattr(room, name) for name in self.followed}
        )


def _switches(start: str) -> list[str]:
    """The rule switches whose names begin with ``start`` (none for "")."""
    return [name for name in RuleConfig.switches() if start and name.startswith(start)]


@dataclass(frozen=True)
class Verdict:
    """The lesson's word on a decision: right, or why not — its own sentence (an i18n key)
    and, where the engine refuses the decision, the engine's refusal."""

    right: bool
    why: str = ""
    refusal: Refusal | None = None


def discard(seat: int, tile: str) -> Action:
    return Action(seat, ActionType.DISCARD, parse_tile(tile))


def call(seat: int, kind: ActionType, tile: str, uses: str = "") -> Action:
    """吃 (``uses``: the two hand tiles), 碰, 杠 on a discard, or 暗杠 of ``tile``."""
    return Action(seat, kind, parse_tile(tile), tuple(sorted(parse_tile(t) for t in uses.split())))


def plain_move(obs: Observation, scripted: Action | None) -> Action:
    """A lesson seat's move: the scripted one when it is this seat's and legal now; else
    pass a claim (or play on past 三金倒), or discard the tile just drawn (the last tile that
    is not a gold after a call)."""
    legal = obs.legal
    if scripted is not None and scripted.seat == obs.seat and scripted in legal:
        return scripted
    if obs.phase in CHOICE_PHASES:
        return next(a for a in legal if a.type in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD))
    if obs.drawn is not None and obs.drawn != obs.gold:
        return Action(obs.seat, ActionType.DISCARD, obs.drawn)
    tile = next(t for t in reversed(sorted(obs.hand)) if t != obs.gold)
    return Action(obs.seat, ActionType.DISCARD, tile)


def play_to(game: Game, move: Action) -> None:
    """Play plain moves for whoever decides until ``move`` is legal, then play it."""
    for _ in range(PREMOVE_LIMIT):
        waiting = game.to_act()
        if not waiting:
            break
        if move.seat in waiting and move in game.legal_actions(move.seat):
            game.apply(move)
            return
        game.apply(plain_move(game.observation(waiting[0]), None))
    raise ValueError(f"the lesson's move {move} never became legal")


def lesson_match(lesson: Lesson, config: RuleConfig) -> Match:
    """The lesson's table: its wall dealt, the moves before it opens played."""
    session = Session(config, seed=0, rounds=1)
    session.restore(dealer=lesson.dealer, streak=lesson.streak, scores=[0] * 4, passes=0)
    wall = build_wall(
        lesson.dealer, lesson.hands, draws=lesson.draws, gold=lesson.indicator, tail=lesson.tail
    )
    game = session.start_hand(HandSetup(lesson.dealer, lesson.streak, DICE, wall))
    for move in lesson.moves:
        play_to(game, move)
    while lesson.pass_window and game.phase == Phase.WINDOW:
        game.pass_undecided()
    return Match(session, list(LESSON_BOTS), (HUMAN,))


@dataclass
class LessonTable:
    """A lesson in play: the table (a ``TableSource``) and where the lesson has got to."""

    lesson: Lesson
    room: RuleConfig = field(default_factory=RuleConfig)
    step: int = 0  # the step the player is at (== len(steps): the lesson's goal is reached)
    played: int = 0  # the script's moves played so far
    match: Match = field(init=False)

    def __post_init__(self) -> None:
        self.config = self.lesson.rules(self.room)
        self.match = lesson_match(self.lesson, self.config)

    # ------------------------------------------------------------ the lesson
    @property
    def current(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step] if self.step < len(steps) else None

    @property
    def finished(self) -> bool:
        """Every step has been taken."""
        return self.current is None

    @property
    def done(self) -> bool:
        """The lesson is over: every step taken and the last one played out (a claim the
        others are still deciding on is resolved first), or the hand ended; a lesson that
        ``plays_out`` is over with the hand."""
        if self.hand_over:
            return True
        if not self.finished or self.lesson.plays_out:
            return False
        return self.match.game.phase not in CHOICE_PHASES

    def goal(self, lang: str) -> str:
        """The goal of the step the player is at; it may name the tiles left to draw and the
        reserve as the table has them now (``{drawable}``, ``{reserve}``)."""
        step = self.current
        if step is None:
            return ""
        obs = self.match.observation(HUMAN)
        return tr(lang, self.lesson.key(step.goal), drawable=obs.drawable, reserve=obs.reserve)

    def judge(self, action: Action) -> Verdict:
        """The lesson's word on the player's ``action`` before it is played: right, or the
        sentence that explains why not (and the engine's refusal if the engine refuses it)."""
        step = self.current
        if step is None or action.seat != HUMAN:
            return Verdict(True)
        legal = action in self.match.game.legal_actions(action.seat)
        if legal and self.judged_right(step, action):
            return Verdict(True)
        refusal = None if legal else self.engine_refusal(action)
        why = next((w.why for w in step.wrong if w.want.matches(action)), step.otherwise)
        return Verdict(False, self.lesson.key(why) if why else "", refusal)

    @staticmethod
    def judged_right(step: Step, action: Action) -> bool:
        """``action`` is one of the step's right decisions and none of its wrong ones."""
        if any(w.want.matches(action) for w in step.wrong):
            return False
        return any(w.matches(action) for w in step.right)

    def engine_refusal(self, action: Action) -> Refusal | None:
        """Why the engine refuses ``action`` (it changes nothing when it does)."""
        try:
            self.match.game.apply(action)
        except IllegalAction as refused:
            return refused.refusal
        raise AssertionError(f"{action} was legal")  # judge asks only of illegal actions

    def next_scripted(self) -> Action | None:
        script = self.lesson.script
        return script[self.played] if self.played < len(script) else None

    # ------------------------------------------------------------ TableSource
    @property
    def humans(self) -> tuple[int, ...]:
        return self.match.humans

    @humans.setter
    def humans(self, seats: tuple[int, ...]) -> None:
        self.match.humans = seats

    @property
    def names(self) -> list[str] | None:
        return self.match.names

    @names.setter
    def names(self, names: list[str] | None) -> None:
        self.match.names = names

    @property
    def version(self) -> int:
        return self.match.version

    @version.setter
    def version(self, version: int) -> None:
        self.match.version = version

    def level(self, seat: int) -> str:
        return self.match.level(seat)

    def is_human(self, seat: int) -> bool:
        return self.match.is_human(seat)

    def view(self, bottom: int, sight: Sight) -> TableView:
        """The table as the player sees it; the bots' levels are not named (a lesson's seats
        play its script)."""
        return replace(self.match.view(bottom, sight), levels=("", "", "", ""))

    def observation(self, seat: int = HUMAN) -> Observation:
        return self.match.observation(seat)

    def next_human(self) -> int | None:
        return self.match.next_human()

    def next_bot(self) -> tuple[int, Observation, int] | None:
        """The bot to move next; none once the lesson is over (the summary comes at once)."""
        return None if self.done else self.match.next_bot()

    def bot_action(self, seat: int, obs: Observation) -> Action:
        return plain_move(obs, self.next_scripted())

    def take_back(self, seat: int, enabled: bool) -> int:
        """A lesson is played as its script goes: no 悔牌."""
        raise IllegalAction(TAKE_BACK_HERE)

    def apply(self, action: Action) -> list[Event]:
        """The engine's ``apply``; a move of the script or a step of the lesson moves it on."""
        events = self.match.apply(action)
        if action == self.next_scripted():
            self.played += 1
        step = self.current
        if step is not None and action.seat == HUMAN and self.judged_right(step, action):
            self.step += 1
        return events

    def hold_claims(self) -> None:
        """A lesson has one player: no calls to take (hot-seat's)."""

    def open_call(self) -> tuple[object, Event | None] | None:
        return None

    def let_go(self, take_wins: bool = False) -> list[Event]:
        return []

    def finish_hand(self) -> HandResult:
        return self.match.finish_hand()

    def standings(self, final: bool | None = None) -> Standings:
        return self.match.standings(bool(final))

    def next_hand(self) -> object:
        return self.match.next_hand()

    def review_from(self) -> tuple[Path, int] | None:
        return None

    def close(self) -> None:
        self.match.close()

    @property
    def hand_over(self) -> bool:
        return self.match.hand_over

    @property
    def session_over(self) -> bool:
        return True  # a lesson is one hand

    @property
    def hands_played(self) -> int:
        return self.match.hands_played


def room_notes(lesson: Lesson, room: RuleConfig, lang: str) -> list[str]:
    """What the lesson says of the room's rules: the reading in force of each switch it is
    played by (``follows``, from the help's sentence for the switch), and each switch its
    rule depends on that the room plays otherwise than the lesson (``concerns``)."""
    out = []
    readings = [
        switch_sentence(name, getattr(room, name), lang)
        # as the help page writes them: what happens to the hand, then to the streak
        for name in sorted(lesson.followed, key=lambda n: n.endswith("_streak"))
        # a dead hand raises the streak as a 流局 does: the streak switch is not read then
        if not (name == "chouzhuang_streak" and room.chouzhuang_ends_hand)
    ]
    if readings:
        # a lesson may say what the reading is about (its own ``reading``), else the plain frame
        own = lesson.key("reading")
        frame = own if own in STRINGS[lang] else "lesson.reading"
        out.append(tr(lang, frame, rule="".join(readings).strip()))
    default = RuleConfig()
    for name in lesson.concerned:
        value = getattr(room, name)
        if value != getattr(default, name):
            shown = tr(lang, "settings.on" if value else "settings.off")
            rule = tr(lang, "lesson.rule_is", rule=tr(lang, f"rule.{name}"), value=shown)
            out.append(tr(lang, "lesson.differs", rule=rule))
    return out


def play_through(lesson: Lesson, room: RuleConfig | None = None) -> LessonTable:
    """Play a lesson headless with its right decisions (the first legal one of each step):
    what the tests check each lesson with, under every rule switch."""
    table = LessonTable(lesson, room or RuleConfig())
    for _ in range(PREMOVE_LIMIT):
        if table.done:
            return table
        bot = table.next_bot()
        if bot is not None and table.next_human() is None:
            seat, obs, _ = bot
            table.apply(table.bot_action(seat, obs))
            continue
        step = table.current
        if step is None:
            return table  # waiting for the player, after the lesson's goal
        obs = table.observation()
        right = [a for a in obs.legal if table.judge(a).right]
        if not right:
            raise ValueError(f"lesson {lesson.id}: step {step.goal} is offered none of its moves")
        table.apply(right[0])
    raise ValueError(f"lesson {lesson.id} does not end")
