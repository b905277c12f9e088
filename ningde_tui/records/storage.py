"""Game records in the user's data folder: where they live, writing them decision by decision,
listing them, and continuing an unfinished one exactly where it stopped.

The folder is ``platformdirs.user_data_dir("ningde-tui")/records``; the environment variable
``NINGDE_DATA_DIR`` replaces the data folder (tests point it at a temporary one).

Continuing a record re-applies it through the engine: ``record.replay_file`` checks every line;
the last hand is rebuilt from its written decisions only (a claim left open stays open), and the
session is re-created from the record's seed, its walls drawn in order (``Session.next_setup``)
and checked against the record's, so the next hands' walls follow from the seed as if the game
had never stopped.

The engine and the record module are loaded when a record is first written, read or listed,
not with this module: the app's first screen comes up without them.
"""

from __future__ import annotations

import errno
import os
import secrets
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from .checks import TAKEN_BACK, RecordError, RecordInUse, default_name, seat_name

if TYPE_CHECKING:
    from ..rules.config import RuleConfig
    from ..rules.game import Action, Game, HandResult
    from ..rules.session import Session
    from .record import RecordWriter

ENV_DATA_DIR = "NINGDE_DATA_DIR"
PROBE_BYTES = 4096  # what ``check_writable`` writes: a new record's first lines, about
HUMAN_KIND, BOT_KIND = "human", "bot"


def data_dir() -> Path:
    override = os.environ.get(ENV_DATA_DIR)
    return Path(override) if override else Path(platformdirs.user_data_dir("ningde-tui"))


def records_dir() -> Path:
    return data_dir() / "records"


def new_record_path(mode: str, seed: int | None, now: datetime | None = None) -> Path:
    """A fresh file name: ``20250102-153012-hotseat-seed42.jsonl`` (``-2`` … if taken)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{stamp}-{mode}" + ("" if seed is None else f"-seed{seed}")
    path = records_dir() / f"{base}.jsonl"
    return _next_free(path) if path.exists() else path


def _next_free(path: Path) -> Path:
    """``name-2.jsonl``, ``name-3.jsonl`` …: the first beside ``name.jsonl`` that is free."""
    n = 2
    while (candidate := path.with_name(f"{path.stem}-{n}{path.suffix}")).exists():
        n += 1
    return candidate


MAX_BACKLOG = 16 * 1024 * 1024  # bytes of lines a recorder keeps while it cannot write them


class GameRecorder:
    """A record being written: the game line once, then hands, decisions and results, each
    line flushed at once (``RecordWriter``), so a crash or a closed terminal loses nothing.

    A write that fails (a full disk, the folder gone) never stops the game. The record keeps
    every line written before it, whole (the failed line is not left half-written); the lines
    that could not be written wait in memory, in order (``pending``), and every later line
    first tries them again (so does ``retry``), so the record catches up, whole and in order,
    as soon as it can be written again. ``failed`` holds the error while lines wait;
    ``on_failure`` (set by the screen or the room) is told once each time writing stops, and
    ``on_recovered`` once the waiting lines are all written. Lines beyond ``MAX_BACKLOG`` bytes
    are not kept: the record then stops where it was written up to (``lost``), whole, and can
    be continued from there."""

    def __init__(self, path: Path, writer: RecordWriter) -> None:
        self.path = path
        self._writer = writer
        self.failed: OSError | None = None
        self.lost = False  # the backlog outgrew MAX_BACKLOG: nothing more is written
        self.on_failure: Callable[[OSError], None] | None = None
        self.on_recovered: Callable[[], None] | None = None  # the record is whole again
        self._backlog: deque[bytes] = deque()
        self._backlog_bytes = 0

    @property
    def pending(self) -> int:
        """Lines waiting to be written."""
        return len(self._backlog)

    def _put(self, obj: dict[str, Any]) -> None:
        from .jsonline import encode_line

        if self.lost:
            return
        data = encode_line(obj)  # now: the game moves on
        if self._backlog_bytes + len(data) > MAX_BACKLOG:
            self.lost = True
            self._backlog.clear()
            self._backlog_bytes = 0
            return
        self._backlog.append(data)
        self._backlog_bytes += len(data)
        self.retry()

    def retry(self) -> bool:
        """Write every line waiting, in order, each whole; stop at the first that fails. True
        when none is left waiting."""
        while self._backlog:
            try:
                self._writer.write_line(self._backlog[0])
            except OSError as exc:
                self._stopped(exc)
                return False
            self._backlog_bytes -= len(self._backlog.popleft())
        if self.failed is not None:
            self.failed = None
            if self.on_recovered is not None:
                self.on_recovered()
        return True

    def _stopped(self, exc: OSError) -> None:
        told = self.failed is not None
        self.failed = exc
        if not told and self.on_failure is not None:
            self.on_failure(exc)

    @classmethod
    def create(
        cls, path: Path, config: RuleConfig, seats: list[dict[str, str]], seed: int | None
    ) -> GameRecorder:
        """A new record at ``path``, or, if another game took that name meanwhile (two
        started in the same second with the same seed), at the next free one."""
        from .record import RecordWriter

        first = path
        while True:
            try:
                return cls(path, RecordWriter(path, config, seats, seed, exclusive=True))
            except FileExistsError:
                path = _next_free(first)

    @classmethod
    def append(cls, path: Path) -> GameRecorder:
        """Go on writing a record that already has its game line."""
        from .record import RecordWriter

        return cls(path, RecordWriter.resume(path))

    def hand(self, game: Game) -> None:
        from .record import hand_line

        self._put(hand_line(game))

    def act(self, action: Action) -> None:
        self._put(action.to_record())

    def taken_back(self, discard: Action) -> None:
        """悔牌: the discard written last was taken back (the line again, marked so)."""
        self._put({**discard.to_record(), TAKEN_BACK: True})

    def result(self, hand_number: int, result: HandResult, scores: list[int]) -> None:
        from .record import result_line

        self._put(result_line(hand_number, result, scores))

    def close(self) -> None:
        """A last try at the lines waiting, then the file is closed (lines still waiting are
        lost: the record stays whole up to them, and can be continued from there)."""
        if self._backlog and not self.lost:
            self.retry()
        try:
            self._writer.close()
        except OSError:
            pass  # nothing is buffered: every line was written, or failed, on its own


def check_writable(folder: Path | None = None) -> None:
    """Make the records folder if need be and write a small file in it, then remove it:
    OSError (saying why, with the folder's name) if records cannot be saved there."""
    folder = folder or records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / f".probe-{os.getpid()}-{secrets.token_hex(4)}"
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        data = b"\n" * PROBE_BYTES
        done = 0
        while done < len(data):
            written = os.write(fd, data[done:])
            if written <= 0:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(folder))
            done += written
        os.fsync(fd)
    finally:
        os.close(fd)
        probe.unlink(missing_ok=True)


# ----------------------------------------------------------------------------- seats
@dataclass(frozen=True)
class SeatInfo:
    name: str
    kind: str  # human | bot
    level: str = ""

    @property
    def human(self) -> bool:
        return self.kind == HUMAN_KIND

    def to_record(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "level": self.level}


def seats_from_header(header: dict[str, Any]) -> list[SeatInfo]:
    """The record's seats, each person by one name (``checks.seat_name``: an unnamed person
    as ``P1`` whichever version and language wrote the record)."""
    raw = header.get("seats") or []
    out = []
    for i, s in enumerate(raw if len(raw) == 4 else [{}] * 4):
        s = s if isinstance(s, dict) else {}
        human = s.get("kind") == HUMAN_KIND
        level = str(s.get("level") or "")
        name = str(s.get("name") or (default_name(i) if human else level or f"{i + 1}"))
        kind = HUMAN_KIND if human else BOT_KIND
        out.append(SeatInfo(seat_name(name, human, i), kind, level))
    return out


# ----------------------------------------------------------------------------- continuing
@dataclass
class Resumed:
    """A game rebuilt from its record, ready to go on: the session (results booked, the walls'
    random stream where the record left it) and its current hand (``session.game``; None when
    the last hand was over and booked)."""

    path: Path
    session: Session
    seats: list[SeatInfo]
    history: list[list[int]]
    result_missing: bool = False  # the last hand ended but its result line was not written
    warnings: list[str] = field(default_factory=list)  # e.g. a torn last line left out


def _apply_written(game: Game, objs: Iterable[tuple[int, dict[str, Any]]]) -> None:
    """Re-apply a hand's written decisions; a decision not written in a window or claim passed
    (interfaces.md §2), but a window or claim open at the end stays open."""
    from .record import apply_written

    for line, obj in objs:
        try:
            apply_written(game, obj, line)
        except RecordError:
            raise
        except ValueError as exc:
            raise RecordError(line, f"illegal action: {exc}") from None


def resume(path: str | Path) -> Resumed:
    """Rebuild a game from its record to go on playing it. Raises RecordError."""
    from ..rules.game import CHOICE_PHASES, Phase
    from ..rules.session import Session
    from .record import read_objects, record_in_use, replay_file

    path = Path(path)
    if record_in_use(path):
        raise RecordInUse(errno.EBUSY, "the game is open in another window", str(path))
    replay = replay_file(path)
    header = replay.header
    seed = header.get("seed")
    if seed is None:
        raise RecordError(1, "the record has no seed, so its next walls are unknown")
    objects = read_objects(path)
    session = Session(replay.config, seed)
    history = [list(session.scores)]
    hand_lines = sorted(n for n, obj in objects.items() if obj.get("t") == "hand")
    for i, hand in enumerate(replay.hands):
        setup = session.next_setup()
        if (setup.dealer, setup.streak, setup.dice, setup.wall) != (
            hand.setup.dealer,
            hand.setup.streak,
            hand.setup.dice,
            hand.setup.wall,
        ):
            raise RecordError(
                hand_lines[i], f"hand {hand.number} is not the one the seed {seed} deals"
            )
        game = session.start_hand(setup)
        _apply_written(game, ((n, objects[n]) for n in hand.lines))
        last = i == len(replay.hands) - 1
        if not last:
            while game.phase in CHOICE_PHASES:
                game.pass_undecided()
        if game.phase == Phase.OVER:
            session.finish_hand()
            history.append(list(session.scores))
    last_obj = objects[max(objects)] if objects else {}
    missing = bool(replay.hands) and session.game is None and last_obj.get("t") != "result"
    return Resumed(
        path, session, seats_from_header(header), history, missing, list(replay.warnings)
    )


# ----------------------------------------------------------------------------- listing
@dataclass
class RecordSummary:
    path: Path
    modified: datetime
    seats: list[SeatInfo] = field(default_factory=list)
    hands: int = 0  # hands started
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    finished: bool = False
    # every 圈 of the session played (a bot-only game is ``finished`` at any hand's end, but
    # an online room of bots goes on, when continued, until this)
    session_over: bool = False
    error: str | None = None
    in_use: bool = False  # another window (or this one) is writing it: a game being played

    @property
    def humans(self) -> int:
        return sum(s.human for s in self.seats)

    @property
    def resumable(self) -> bool:
        """A game someone plays that has not ended (a bot-only game is only watched), and
        that no other program plays now."""
        return self.error is None and self.humans > 0 and not self.finished and not self.in_use


def summarize(path: Path) -> RecordSummary:
    from .record import replay_file

    modified = datetime.fromtimestamp(path.stat().st_mtime)
    try:
        replay = replay_file(path)
    except (RecordError, OSError) as exc:
        return RecordSummary(path, modified, error=str(exc))
    except Exception as exc:  # noqa: BLE001 - one bad file must never stop the list (or the app)
        return RecordSummary(path, modified, error=f"cannot be read ({type(exc).__name__})")
    summary = RecordSummary(path, modified, seats_from_header(replay.header))
    summary.hands = len(replay.hands)
    booked = [h.result for h in replay.hands if h.result is not None]
    if booked:
        summary.scores = list(booked[-1]["scores"])
    # the replay's own session counts passes from the first hand on, as the game did
    summary.session_over = replay.finished and replay.session.passes >= 4 * replay.config.rounds
    summary.finished = replay.finished if summary.humans == 0 else summary.session_over
    return summary


_CACHE: dict[Path, tuple[float, int, RecordSummary]] = {}


def list_records(folder: Path | None = None) -> list[RecordSummary]:
    """Every record in the folder, most recently written first."""
    folder = folder or records_dir()
    if not folder.is_dir():
        return []
    from .record import record_in_use

    out = []
    for path in folder.glob("*.jsonl"):
        try:
            stat = path.stat()
        except OSError:  # gone since the folder was listed, or a dangling link
            continue
        cached = _CACHE.get(path)
        if cached is None or cached[:2] != (stat.st_mtime, stat.st_size):
            cached = (stat.st_mtime, stat.st_size, summarize(path))
            _CACHE[path] = cached
        out.append(replace(cached[2], in_use=record_in_use(path)))
    out.sort(key=lambda s: (s.modified, s.path.name), reverse=True)
    return out


def latest_unfinished(folder: Path | None = None) -> RecordSummary | None:
    return next((s for s in list_records(folder) if s.resumable), None)
