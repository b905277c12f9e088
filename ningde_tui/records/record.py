"""Game records (interfaces.md §2): one JSON object per line; writing, reading and replaying.

A record is a game's walls plus its decisions. Replaying re-applies the decisions through the
engine, which checks every one; claim decisions that were not written are passes, resolved by
priority once the next non-claim line (or the next hand) arrives.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..rules.config import RuleConfig
from ..rules.game import (
    CHOICE_PHASES,
    Action,
    ActionType,
    Game,
    HandResult,
    IllegalAction,
    Phase,
    action_from_record,
    take_back,
    taken_back_at,
)
from ..rules.refusal import Refusal
from ..rules.session import HandSetup, Session
from ..rules.tiles import TOTAL_TILES, TileError, full_set, parse_tile, tile_str

# the start's checks and the record errors live in checks.py (no engine there); also here
from .checks import MAX_NAME_CHARS as MAX_NAME_CHARS
from .checks import MAX_SEED_DIGITS as MAX_SEED_DIGITS
from .checks import TAKEN_BACK
from .checks import RecordError as RecordError
from .checks import RecordInUse as RecordInUse
from .checks import check_name as check_name
from .checks import check_seed as check_seed
from .files import open_regular
from .jsonline import (
    MAX_LINE_BYTES,
    LineError,
    RawLine,
    append_data,
    encode_line,
    parse_object,
    raw_lines,
    text_raw_lines,
)

FORMAT = "ningde-record"
VERSION = 2  # 2: the record-version-2 rule readings (rules.md §7, §9); see RuleConfig.from_record
READABLE_VERSIONS = (1, 2)


def seat_info(name: str, kind: str = "bot", level: str = "") -> dict[str, str]:
    return {"name": name, "kind": kind, "level": level}


def result_dict(hand_number: int, result: HandResult, scores: list[int]) -> dict[str, Any]:
    """A hand's outcome as ``replay --check --json`` prints it and result lines hold it."""
    return {
        "hand": hand_number,
        "winner": result.winner,
        "pattern": result.pattern,
        "by": result.by,
        "discarder": result.discarder,  # who dealt in (a discard win), else null
        "deltas": list(result.deltas),
        "scores": list(scores),
        "dealer": result.dealer,
        "streak": result.streak,
        "events": list(result.events),
    }


def hand_line(game: Game) -> dict[str, Any]:
    """A hand's line: its dealer, dice and whole wall, as dealt."""
    return {
        "t": "hand",
        "dealer": game.dealer,
        "streak": game.streak,
        "dice": list(game.dice),
        "wall": [tile_str(t) for t in game.wall.tiles],
    }


def result_line(hand_number: int, result: HandResult, scores: list[int]) -> dict[str, Any]:
    return {"t": "result", **result_dict(hand_number, result, scores)}


class RecordWriter:
    """Writes a record line by line, flushing each, so a crash loses nothing. To a file, each
    line is appended whole or not at all (``jsonline.append_data``): a failed write (a full
    disk) raises OSError and leaves the record as it was, every line complete; the next write
    first cuts off anything past the last whole line it wrote, so a line never follows a torn
    one."""

    _fd: int | None = None
    _end: int | None = None  # the file's length after the last whole line written

    def __init__(
        self,
        out: IO[str] | str | Path,
        config: RuleConfig,
        seats: list[dict[str, str]],
        seed: int | None,
        exclusive: bool = False,
    ) -> None:
        """``exclusive``: ``out`` is a new file's path (FileExistsError if it exists)."""
        self._file: IO[str] | None = None
        if isinstance(out, (str, Path)):
            Path(out).parent.mkdir(parents=True, exist_ok=True)
            self._fd = _open_append(out, exclusive)
        else:
            self._file = out
        try:
            self._write(
                {
                    "t": "game",
                    "format": FORMAT,
                    "version": VERSION,
                    "rules": config.to_dict(),
                    "seats": seats,
                    "seed": seed,
                }
            )
        except OSError:
            self.close()
            if isinstance(out, (str, Path)) and _is_empty(out):
                os.unlink(out)  # no empty record left to be listed as broken
            raise

    @classmethod
    def resume(cls, path: str | Path) -> RecordWriter:
        """Go on writing a record that already has its game line (continuing a game)."""
        writer = cls.__new__(cls)
        writer._file = None
        writer._fd = _open_append(path)
        try:
            _mend_last_line(path, writer._fd)
            writer._end = os.lseek(writer._fd, 0, os.SEEK_END)
        except OSError:
            writer.close()
            raise
        return writer

    def write_line(self, data: bytes) -> None:
        """Append one line, encoded (``jsonline.encode_line``): whole, or not at all and
        OSError raised."""
        if self._fd is not None:
            self._end = append_data(self._fd, data, self._end)
            return
        assert self._file is not None
        self._file.write(data.decode())
        self._file.flush()

    def _write(self, obj: dict[str, Any]) -> None:
        self.write_line(encode_line(obj))

    def hand(self, game: Game) -> None:
        self._write(hand_line(game))

    def act(self, action: Action) -> None:
        self._write(action.to_record())

    def result(self, hand_number: int, result: HandResult, scores: list[int]) -> None:
        self._write(result_line(hand_number, result, scores))

    def close(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)


def _is_empty(path: str | Path) -> bool:
    try:
        return os.path.getsize(path) == 0
    except OSError:
        return False


def _open_append(path: str | Path, exclusive: bool = False) -> int:
    """The record open for appending, and locked for this writer alone (``lock_record``);
    ``exclusive``: a new record, never one another game already writes to."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | (os.O_EXCL if exclusive else 0)
    fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        lock_record(fd, str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd


def lock_record(fd: int, path: str) -> None:
    """Take the one writer's lock on an open record, or raise ``RecordInUse``. The lock goes
    with the file's last descriptor — whichever way the program ends, a crash and kill -9
    included — so it is never left stale. (Where ``fcntl`` is missing, nothing is locked.)"""
    try:
        import fcntl
    except ImportError:
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise RecordInUse(errno.EBUSY, "the game is open in another window", path) from None


def record_in_use(path: str | Path) -> bool:
    """Is another writer holding the record's lock (a game open elsewhere)?"""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        with open_regular(path) as file:
            fcntl.flock(file.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False


def _mend_last_line(path: str | Path, fd: int) -> None:
    """Before writing on after a record's last line: end a whole last line that lacks its
    ``\\n``; cut off a torn one (a write cut short, which readers drop with a warning)."""
    with open_regular(path) as file:
        size = file.seek(0, os.SEEK_END)
        start = size
        while start > 0:  # back to the start of the last line
            step = min(start, 64 * 1024)
            file.seek(start - step)
            chunk = file.read(step)
            if start == size and chunk.endswith(b"\n"):
                return  # the last line is whole
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                start = start - step + newline + 1
                break
            start -= step
        file.seek(start)
        tail = file.read(min(size - start, MAX_LINE_BYTES + 1))
    if start == size:
        return
    try:
        parse_object(RawLine(0, tail, size - start, False))
    except LineError:
        os.ftruncate(fd, start)
    else:
        os.write(fd, b"\n")


# --------------------------------------------------------------------------- reading
def _objects(
    lines: Iterable[RawLine], warnings: list[str] | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each non-blank line as a JSON object (``jsonline.parse_object``: size and depth capped);
    a bad line raises RecordError, except a torn last line, which is dropped with a warning
    when ``warnings`` collects them."""
    for line in lines:
        if line.blank:
            continue
        try:
            obj = parse_object(line)
        except LineError as exc:
            if exc.torn and warnings is not None:
                warnings.append(
                    f"line {line.number}: the last line is cut short (a write that did not "
                    f"finish) and is left out ({exc.reason})"
                )
                continue
            raise RecordError(line.number, exc.reason) from None
        yield line.number, obj


def parse_lines(lines: Iterable[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Lines already split (``jsonline.split_lines``), read as a record file's lines are."""
    return _objects(text_raw_lines(lines))


def read_objects(path: str | Path, warnings: list[str] | None = None) -> dict[int, dict[str, Any]]:
    """A record file's objects by line number (a torn last line dropped, as ``replay_file``
    drops it). Raises RecordError or OSError."""
    with open_regular(path) as file:
        return dict(_objects(raw_lines(file), [] if warnings is None else warnings))


def _int(obj: dict[str, Any], key: str, lo: int, hi: int, line: int) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise RecordError(line, f"'{key}' must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def parse_hand_line(obj: dict[str, Any], line: int) -> HandSetup:
    dealer = _int(obj, "dealer", 0, 3, line)
    streak = _int(obj, "streak", 1, 10**6, line)
    dice = obj.get("dice")
    if (
        not isinstance(dice, list)
        or len(dice) != 2
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
    ):
        raise RecordError(line, f"'dice' must be two numbers from 1 to 6, not {dice!r}")
    raw = obj.get("wall")
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise RecordError(line, "'wall' must be a list of 112 tile strings")
    if len(raw) != TOTAL_TILES:  # before parsing: a huge wall is refused at once
        raise RecordError(line, f"the wall must be the 112 tiles (it has {len(raw)} tiles)")
    try:
        wall = [parse_tile(t) for t in raw]
    except TileError as exc:
        raise RecordError(line, f"bad tile in the wall: {exc}") from None
    if len(wall) != TOTAL_TILES or sorted(wall) != full_set():
        raise RecordError(
            line,
            f"the wall must be the 112 tiles, four of each kind (it has {len(wall)} tiles"
            + _wall_problem(wall)
            + ")",
        )
    return HandSetup(dealer, streak, (dice[0], dice[1]), wall)


def _wall_problem(wall: list[int]) -> str:
    from collections import Counter

    counts = Counter(wall)
    wrong = [f"{tile_str(t)}×{n}" for t, n in sorted(counts.items()) if n != 4]
    missing = [tile_str(t) for t in range(28) if t not in counts]
    parts = []
    if wrong:
        parts.append("wrong counts: " + " ".join(wrong[:6]))
    if missing:
        parts.append("missing: " + " ".join(missing[:6]))
    return "; " + "; ".join(parts) if parts else ""


@dataclass
class ReplayedHand:
    number: int
    setup: HandSetup
    game: Game
    lines: list[int] = field(default_factory=list)  # record line of each decision applied
    result: dict[str, Any] | None = None
    taken_back: int = 0  # discards taken back (悔牌)


@dataclass
class Replay:
    header: dict[str, Any]
    config: RuleConfig
    session: Session
    hands: list[ReplayedHand]
    warnings: list[str] = field(default_factory=list)  # e.g. a torn last line left out

    @property
    def finished(self) -> bool:
        return bool(self.hands) and self.hands[-1].game.phase == Phase.OVER

    @property
    def taken_back(self) -> int:
        """Discards taken back (悔牌) over the whole game."""
        return sum(hand.taken_back for hand in self.hands)


class _Replayer:
    def __init__(self) -> None:
        self.header: dict[str, Any] | None = None
        self.session: Session | None = None
        self.hands: list[ReplayedHand] = []

    @property
    def game(self) -> Game | None:
        return self.hands[-1].game if self.hands else None

    def feed(self, line: int, obj: dict[str, Any]) -> None:
        kind = obj.get("t")
        if self.header is None:
            if kind != "game":
                raise RecordError(line, 'the first line must be the game line ({"t": "game", ...})')
            self._header(line, obj)
            return
        if kind == "hand":
            self._close_hand(line)
            self._hand(line, obj)
        elif kind == "act":
            self._act(line, obj)
        elif kind == "result":
            self._result(line, obj)
        elif kind == "game":
            raise RecordError(line, "a second game line: one record holds one game")
        else:
            raise RecordError(line, f"unknown line type 't': {kind!r}")

    def _header(self, line: int, obj: dict[str, Any]) -> None:
        if obj.get("format") != FORMAT:
            raise RecordError(line, f"'format' must be {FORMAT!r}")
        version = obj.get("version")
        if type(version) is not int or version not in READABLE_VERSIONS:
            raise RecordError(line, f"unsupported record version {version!r}")
        rules = obj.get("rules", {})
        if not isinstance(rules, dict):
            raise RecordError(line, "'rules' must be an object")
        try:
            config = RuleConfig.from_record(rules, version)
        except ValueError as exc:
            raise RecordError(line, str(exc)) from None
        seats = obj.get("seats", [])
        if not isinstance(seats, list) or len(seats) not in (0, 4):
            raise RecordError(line, "'seats' must list the four seats")
        seed = obj.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError(line, "'seed' must be a whole number or null")
        self.header = obj
        self.session = Session(config, seed or 0, rounds=0)

    def _hand(self, line: int, obj: dict[str, Any]) -> None:
        setup = parse_hand_line(obj, line)
        session = self.session
        assert session is not None
        if not self.hands:
            session.dealer, session.streak = setup.dealer, setup.streak
        try:
            game = session.start_hand(setup)
        except ValueError as exc:
            raise RecordError(line, str(exc)) from None
        self.hands.append(ReplayedHand(len(self.hands) + 1, setup, game))

    def _act(self, line: int, obj: dict[str, Any]) -> None:
        game = self.game
        if game is None:
            raise RecordError(line, "an action before any hand line")
        if game.phase == Phase.OVER:
            raise RecordError(line, "the hand is already over: no more actions until the next hand")
        if TAKEN_BACK in obj:
            self._take_back(line, obj)
            return
        try:
            apply_written(game, obj, line)
        except TileError as exc:
            raise RecordError(line, f"bad tile: {exc}") from None
        except ValueError as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(line, f"illegal action: {exc}") from None
        self.hands[-1].lines.append(line)

    def _take_back(self, line: int, obj: dict[str, Any]) -> None:
        """悔牌: the line repeats the hand's last decision, a discard, which was taken back:
        the hand goes on as it stood before it."""
        hand = self.hands[-1]
        if obj[TAKEN_BACK] is not True:
            raise RecordError(line, f"'{TAKEN_BACK}' must be true")
        try:
            action = action_from_record(obj, None)
        except ValueError as exc:
            raise RecordError(line, f"bad take back: {exc}") from None
        decisions = hand.game.decisions
        at = taken_back_at(decisions)
        if at is None or decisions[at] != action:
            raise RecordError(
                line, "a take back must repeat the last discard, with only passes after it"
            )
        try:
            again = take_back(hand.game, action.seat)
        except ValueError as exc:
            raise RecordError(line, f"illegal take back: {exc}") from None
        assert self.session is not None
        # the lines of the discard and of the passes written after it (a pass not written
        # is made only before a line that is no pass, so none lies after the discard)
        del hand.lines[len(hand.lines) - (len(decisions) - at) :]
        hand.game = self.session.game = again
        hand.taken_back += 1

    def _settle(self) -> None:
        game = self.game
        while game is not None and game.phase in CHOICE_PHASES:
            game.pass_undecided()

    def _result(self, line: int, obj: dict[str, Any]) -> None:
        self._settle()
        game = self.game
        if game is None or game.phase != Phase.OVER:
            raise RecordError(line, "a result line, but the hand is not over")
        hand = self.hands[-1]
        computed = self._book(hand)
        for key, value in obj.items():
            if key == "t":
                continue
            if key not in computed:
                raise RecordError(line, f"unknown result field {key!r}")
            if computed[key] != value:
                raise RecordError(
                    line,
                    f"the result disagrees with the engine: {key} is {computed[key]!r}, "
                    f"the record says {value!r}",
                )

    def _book(self, hand: ReplayedHand) -> dict[str, Any]:
        if hand.result is None:
            session = self.session
            assert session is not None and hand.game.result is not None
            result = session.finish_hand()
            hand.result = result_dict(hand.number, result, session.scores)
        return hand.result

    def _close_hand(self, line: int) -> None:
        if not self.hands:
            return
        self._settle()
        game = self.hands[-1].game
        if game.phase != Phase.OVER:
            seats = ", ".join(str(s) for s in game.to_act())
            raise RecordError(
                line,
                f"a new hand starts, but hand {len(self.hands)} is unfinished (seat {seats} to act)",
            )
        self._book(self.hands[-1])

    def finish(self, last_line: int) -> Replay:
        if self.header is None:
            raise RecordError(max(last_line, 1), "the record is empty")
        if self.hands:
            self._settle()
            if self.hands[-1].game.phase == Phase.OVER:
                self._book(self.hands[-1])
        assert self.session is not None
        return Replay(self.header, self.session.config, self.session, self.hands)


def apply_written(game: Game, obj: dict[str, Any], line: int) -> Action:
    """Apply one ``act`` line to the game. In a window or claim, a line that is not one of
    its decisions means the undecided seats passed (interfaces.md §2): they pass, and the line
    is read again in the state that follows. Raises ValueError (``IllegalAction``,
    ``TileError``, ``RecordError``) for a line that does not fit."""
    action = action_from_record(obj, _claimed(game))
    refused: Refusal | None = None  # why this seat's 胡 was refused in a window it let pass
    while game.phase in CHOICE_PHASES and action not in game.legal_actions(action.seat):
        window = game.window
        refused = window.blocked(action.seat) if window is not None else None
        game.pass_undecided()
        if game.phase == Phase.OVER:
            raise RecordError(line, "the hand is already over: no more actions")
        action = action_from_record(obj, _claimed(game))
    try:
        game.apply(action)
    except IllegalAction as exc:
        if action.type == ActionType.WIN and refused is not None:
            raise IllegalAction(Refusal.win_refused(refused)) from None
        raise exc from None
    return action


def _claimed(game: Game) -> int | None:
    if game.phase == Phase.CLAIM and game.last_discard is not None:
        return game.last_discard[1]
    return None


def _replay(objects: Iterable[tuple[int, dict[str, Any]]]) -> Replay:
    replayer = _Replayer()
    last = 0
    for number, obj in objects:
        replayer.feed(number, obj)
        last = number
    return replayer.finish(last)


def replay_lines(lines: Iterable[str]) -> Replay:
    """Replay a whole record given as lines (``jsonline.split_lines``); raises RecordError
    naming the first bad line."""
    return _replay(parse_lines(lines))


def replay_file(path: str | Path) -> Replay:
    """Replay a record file, streamed line by line; a torn last line is left out with a
    warning (``Replay.warnings``). Raises RecordError naming the first bad line, or OSError."""
    warnings: list[str] = []
    with open_regular(path) as file:
        replay = _replay(_objects(raw_lines(file), warnings))
    replay.warnings = warnings
    return replay
