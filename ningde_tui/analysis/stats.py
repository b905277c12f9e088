"""`ningde stats`: each player's record over every saved game (interfaces.md §5).

    ningde stats [--dir DIR] [--player NAME] [--against LEVEL] [--json] [--no-cache]

Every record under the folder (the data folder's records by default, searched recursively, at
most ``MAX_FOLDER_DEPTH`` folders down) is replayed through the engine once
(``record.replay_file`` checks every line) and boiled down to a ``GameSummary``: the seats and,
per finished hand, who won, how, with which pattern, who dealt in and the deltas. Summaries
are cached by file (path, size, modification time) in the cache folder, so later runs read only
what changed. The cache is a file like any other the player can edit: it is read capped
(``records.files.load_json``), and an entry that is not exactly what this module writes is
rebuilt from its record. A broken record is skipped with a warning on stderr naming it; the
others still count.

Per player *name* (a bot's name is its seat name in the record header; a name on several seats
of one game is one player there, see ``tally``): games, hands, wins and how (discard,
self-draw, 抢金, 天胡), self-draws, deal-ins (a discard another player won on), points (the sum
of the player's hand deltas), the patterns won, and the points after each game and after each
hand in time order (for the 战绩 screen's chart).
"""

from __future__ import annotations

import json
import os
import stat as stat_mode
import tempfile
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import platformdirs

from ..records.checks import seat_name
from ..records.files import load_json
from ..records.record import RecordError, replay_file
from ..records.storage import ENV_DATA_DIR, data_dir, seats_from_header
from ..rules.scoring import WinBy

PROG = "ningde stats"
CACHE_VERSION = 1
EXIT_OK, EXIT_BAD = 0, 2
CACHE_LIMIT = 64 * 1024 * 1024  # bytes; about 200,000 games' summaries
STALE_TMP_S = 60  # a cache being written is rewritten within this; an older one was killed
TMP_PREFIX, TMP_SUFFIX = ".stats-", ".tmp"
MAX_FOLDER_DEPTH = 64  # folders below the one searched; deeper ones are not searched
SEAT_KEYS = frozenset({"name", "kind", "level"})
HAND_KEYS = frozenset({"winner", "by", "pattern", "discarder", "deltas"})
SUMMARY_KEYS = frozenset({"path", "mtime_ns", "size", "seats", "hands"})
TAKEN_BACK_KEY = "taken_back"  # a summary's discards taken back (悔牌); absent: none
ERROR_KEYS = frozenset({"mtime_ns", "size", "error"})
# How a record can be unreadable: the engine's refusal, the file system, bad text or numbers,
# nesting too deep for the JSON reader.
BROKEN = (RecordError, OSError, ValueError, RecursionError)


@dataclass(frozen=True)
class HandOutcome:
    """One finished hand, as the statistics need it."""

    winner: int | None
    by: str | None
    pattern: str
    discarder: int | None
    deltas: tuple[int, ...]


@dataclass
class GameSummary:
    """One record, boiled down: the seats and the finished hands."""

    path: str
    mtime_ns: int
    size: int
    seats: list[dict[str, str]]
    hands: list[HandOutcome] = field(default_factory=list)
    taken_back: int = 0  # discards taken back (悔牌): the game is counted apart

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> GameSummary:
        """The summary ``to_json`` wrote; ``ValueError`` for anything else. Every key and type
        is checked here, as a wrong one would only fail later, in every tally of it."""
        if not (_keys_are(data, SUMMARY_KEYS) or _keys_are(data, SUMMARY_KEYS | {TAKEN_BACK_KEY})):
            raise ValueError("not a game summary")
        path, mtime_ns, size, seats, hands = (
            data[k] for k in ("path", "mtime_ns", "size", "seats", "hands")
        )
        taken_back = data.get(TAKEN_BACK_KEY, 0)
        if not (
            isinstance(path, str) and _is_int(mtime_ns) and _is_int(size) and _is_int(taken_back)
        ):
            raise ValueError("a game summary's path, time or size is of the wrong type")
        if not (isinstance(seats, list) and len(seats) == 4 and all(map(_is_seat, seats))):
            raise ValueError("a game summary's seats are not four seats")
        if not isinstance(hands, list):
            raise ValueError("a game summary's hands are not a list")
        hands_read = [_hand(h) for h in hands]
        return cls(path, mtime_ns, size, [dict(s) for s in seats], hands_read, taken_back)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat_number(value: Any) -> bool:
    return value is None or (_is_int(value) and 0 <= value < 4)


def _keys_are(value: Any, keys: frozenset[str]) -> bool:
    return isinstance(value, dict) and value.keys() == keys


def _is_seat(value: Any) -> bool:
    return (
        _keys_are(value, SEAT_KEYS)
        and all(isinstance(v, str) for v in value.values())
        and value["kind"] in ("human", "bot")
    )


def _hand(value: Any) -> HandOutcome:
    """One hand as ``asdict`` wrote it, or ``ValueError``."""
    if not _keys_are(value, HAND_KEYS):
        raise ValueError("not a hand outcome")
    deltas = value["deltas"]
    if not (
        _is_seat_number(value["winner"])
        and _is_seat_number(value["discarder"])
        and (value["by"] is None or isinstance(value["by"], str))
        and isinstance(value["pattern"], str)
        and isinstance(deltas, list)
        and len(deltas) == 4
        and all(map(_is_int, deltas))
    ):
        raise ValueError("a hand outcome holds a value of the wrong type")
    return HandOutcome(
        value["winner"], value["by"], value["pattern"], value["discarder"], tuple(deltas)
    )


def summarize_game(path: Path) -> GameSummary:
    """Replay one record and keep what the statistics need (raises one of ``BROKEN``)."""
    stat = path.stat()
    replay = replay_file(path)
    seats = [seat.to_record() for seat in seats_from_header(replay.header)]
    hands = []
    for hand in replay.hands:
        result = hand.game.result
        if hand.result is None or result is None:
            continue  # an unfinished last hand counts once it is played
        hands.append(
            HandOutcome(
                result.winner, result.by, result.pattern, result.discarder, tuple(result.deltas)
            )
        )
    return GameSummary(str(path), stat.st_mtime_ns, stat.st_size, seats, hands, replay.taken_back)


# ----------------------------------------------------------------------------- the cache
def cache_path() -> Path:
    """The summaries cache: in the data folder when ``NINGDE_DATA_DIR`` points elsewhere (tests),
    else in the user's cache folder."""
    if os.environ.get(ENV_DATA_DIR):
        return data_dir() / "cache" / "stats.json"
    return Path(platformdirs.user_cache_dir("ningde-tui")) / "stats.json"


def _load_cache(path: Path) -> dict[str, Any]:
    """The cached entries by file, unchecked (``_cached`` checks the one it uses); nothing if
    there is no cache or it cannot be trusted (not a regular file, too large, not JSON)."""
    try:
        data = load_json(path, CACHE_LIMIT)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
        return {}
    games = data.get("games")
    return games if isinstance(games, dict) else {}


def _cached(entry: Any, stat: os.stat_result) -> GameSummary | str | None:
    """What the cache knows of a file of this size and time: its summary, or why it is
    broken; None when the entry is missing, out of date or not one this module writes."""
    if _keys_are(entry, ERROR_KEYS):
        if not (_is_int(entry["mtime_ns"]) and _is_int(entry["size"])):
            return None
        known: GameSummary | str | None = entry["error"]
        if not isinstance(known, str):
            return None
    else:
        try:
            known = GameSummary.from_json(entry)
        except ValueError:
            return None
    if (entry["mtime_ns"], entry["size"]) != (stat.st_mtime_ns, stat.st_size):
        return None
    return known


def _remove_stale_temporaries(folder: Path) -> None:
    """Remove caches left half-written by a run killed while saving (by SIGKILL, say, which
    leaves no chance to clean up): every temporary not written to for ``STALE_TMP_S``."""
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if not (entry.name.startswith(TMP_PREFIX) and entry.name.endswith(TMP_SUFFIX)):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat_mode.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TMP_S:
                os.unlink(entry.path)
        except OSError:
            continue  # gone already, or not ours to remove


def _save_cache(path: Path, games: dict[str, Any]) -> None:
    """Write the cache whole or not at all; a cache that cannot be written is only slower."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_temporaries(path.parent)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=TMP_PREFIX, suffix=TMP_SUFFIX)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"version": CACHE_VERSION, "games": games}, f, ensure_ascii=False)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass


@dataclass
class Collection:
    games: list[GameSummary]
    broken: list[tuple[Path, str]]


def record_files(folder: Path) -> list[Path]:
    """Every regular ``.jsonl`` file under the folder, in name order.

    The folders are walked with a stack, not recursion, so no depth overflows it; folders more
    than ``MAX_FOLDER_DEPTH`` down are not searched, nor those that cannot be read. A linked
    folder is followed once: one already seen (a link to a folder above it, say) is not
    walked again."""
    found: list[Path] = []
    seen: set[tuple[int, int]] = set()
    stack = [(folder, 0)]
    while stack:
        here, depth = stack.pop()
        try:
            info = here.stat()
            if not stat_mode.S_ISDIR(info.st_mode) or (info.st_dev, info.st_ino) in seen:
                continue
            seen.add((info.st_dev, info.st_ino))
            with os.scandir(here) as listing:
                entries = list(listing)
        except OSError:
            continue  # unreadable, gone, or a path too long for the system
        for entry in entries:
            try:
                is_folder = entry.is_dir()
                record = not is_folder and entry.name.endswith(".jsonl") and entry.is_file()
            except OSError:
                continue
            if is_folder and depth < MAX_FOLDER_DEPTH:
                stack.append((here / entry.name, depth + 1))
            elif record:
                found.append(here / entry.name)
    return sorted(found)


def collect(folder: Path, use_cache: bool = True) -> Collection:
    """Summaries of every record under ``folder`` (oldest first), and the broken ones."""
    cache_file = cache_path()
    cached = _load_cache(cache_file) if use_cache else {}
    # keep what the cache knows of other folders; this folder's entries are rebuilt below
    inside = os.path.join(os.path.abspath(folder), "")
    fresh = {k: v for k, v in cached.items() if not k.startswith(inside)}
    games: list[GameSummary] = []
    broken: list[tuple[Path, str]] = []
    changed = False
    for path in record_files(folder):
        key = os.path.abspath(path)
        try:
            stat = path.stat()
        except OSError as exc:
            broken.append((path, exc.strerror or str(exc)))
            continue
        known = _cached(cached.get(key), stat)
        if known is not None:
            fresh[key] = cached[key]
        else:
            changed = True
            try:
                known = summarize_game(path)
                entry = known.to_json()
            except BROKEN as exc:
                known = _reason(exc)
                entry = {"mtime_ns": stat.st_mtime_ns, "size": stat.st_size, "error": known}
            if _encodable(key):  # a name that is not UTF-8 is summarized every time
                fresh[key] = entry
        if isinstance(known, str):
            broken.append((path, known))
        else:
            games.append(known)
    if use_cache and (changed or fresh.keys() != cached.keys()):
        _save_cache(cache_file, fresh)
    games.sort(key=lambda g: (g.mtime_ns, g.path))
    return Collection(games, broken)


def _encodable(text: str) -> bool:
    """Whether the text can be written as UTF-8 (a file name that is not UTF-8 holds lone
    surrogates once decoded, and the cache could not be written with it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"cannot read it: {exc.strerror or exc}"
    if isinstance(exc, RecursionError):
        return "nested too deeply to read"
    text = str(exc)
    return text if len(text) <= 200 else text[:200] + "…"


# ----------------------------------------------------------------------------- tallies
def percent(part: int, whole: int) -> str | None:
    """``part`` of ``whole`` as the statistics give a rate (one decimal: 42.9%); None of
    nothing (no hands)."""
    return f"{100 * part / whole:.1f}%" if whole else None


@dataclass
class PlayerRow:
    """One player's line of the statistics: what ``ningde stats`` prints (text and JSON,
    interfaces.md §5) and 战绩 shows, rates rounded alike (``percent``). ``tally`` fills it in
    game by game."""

    name: str
    kind: str = "bot"  # "human" once the name has sat as a human
    levels: tuple[str, ...] = ()  # the bot levels the name played at, sorted
    games: int = 0
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    points: int = 0
    by: dict[str, int] = field(default_factory=dict)  # wins by how they were won, by key
    patterns: dict[str, int] = field(default_factory=dict)  # wins by pattern, most first
    timeline: list[int] = field(default_factory=list)  # points after each game
    hand_points: list[int] = field(default_factory=list)  # points after each hand dealt

    @property
    def win_rate(self) -> str | None:
        return percent(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> str | None:
        return percent(self.deal_ins, self.hands)

    def to_json(self) -> dict[str, Any]:
        """The player object of interfaces.md §5 (its keys, and the 战绩 chart's)."""
        return {**asdict(self), "levels": list(self.levels)}


@dataclass(frozen=True)
class StatsSummary:
    """The summary of interfaces.md §5: the games and hands counted, and a row a player."""

    games: int
    hands: int
    players: list[PlayerRow]
    # the games with a discard taken back (悔牌), counted apart in the same shape
    taken_back: StatsSummary | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "games": self.games,
            "hands": self.hands,
            "players": [p.to_json() for p in self.players],
        }
        if self.games_apart:  # (only where there are such games)
            assert self.taken_back is not None
            out["taken_back"] = self.taken_back.to_json()
        return out

    @property
    def games_apart(self) -> int:
        """Games left out for a discard taken back (悔牌)."""
        return self.taken_back.games if self.taken_back is not None else 0


def _plays_against(game: GameSummary, seat: int, level: str) -> bool:
    """Whether every bot at the table but this seat plays at ``level`` (at least one does)."""
    bots = [s for i, s in enumerate(game.seats) if i != seat and s["kind"] == "bot"]
    return bool(bots) and all(s["level"] == level for s in bots)


def _add_game(p: PlayerRow, game: GameSummary, own: list[int]) -> None:
    """One game of one player, who sat at the seats ``own``."""
    p.games += 1
    for seat in own:
        info = game.seats[seat]
        if info["kind"] == "human":
            p.kind = "human"
        if info["level"]:
            p.levels = tuple(sorted({*p.levels, info["level"]}))
    for hand in game.hands:
        for seat in own:
            p.hands += 1
            p.points += hand.deltas[seat]
            if hand.winner == seat:
                p.wins += 1
                by = hand.by or "?"
                p.by[by] = p.by.get(by, 0) + 1
                p.self_draws += by == WinBy.SELF
                p.patterns[hand.pattern] = p.patterns.get(hand.pattern, 0) + 1
            elif hand.discarder == seat and hand.winner is not None:
                p.deal_ins += 1
        p.hand_points.append(p.points)
    p.timeline.append(p.points)


def tally(
    games: Iterable[GameSummary], player: str | None = None, against: str | None = None
) -> StatsSummary:
    """The summary of interfaces.md §5 (``games``/``hands`` count the games and hands
    that passed the filters; a game counts once one of its hands has ended).

    Players are their names (§5), and one name can sit on several seats of a game: the bots
    are named by their level, so a game of three ``normal`` bots has three seats named
    ``normal``. Such a player played that game once (``games`` and ``timeline`` take it
    once), at each of its seats: ``hands``, wins, deal-ins and points count every seat's
    hands, so the rates stay per hand at a seat, as ``simulate`` gives them. ``hand_points``
    has one point per hand dealt, the seats' deltas of that hand together, to keep the
    chart in time order. A game in which a discard was taken back (悔牌) is counted apart,
    in ``taken_back``."""
    games = list(games)
    apart = [game for game in games if game.taken_back]
    kept = tally_games([game for game in games if not game.taken_back], player, against)
    return replace(kept, taken_back=tally_games(apart, player, against))


def tally_games(
    games: Iterable[GameSummary], player: str | None = None, against: str | None = None
) -> StatsSummary:
    """``tally`` of these games, all of them together."""
    stats: dict[str, PlayerRow] = {}
    counted_games = 0
    counted_hands = 0
    for game in games:
        if not game.hands:
            continue  # a game left before its first hand ended: nothing to count
        # a summary cached before the names were one reads as a record read now does
        names = [seat_name(s["name"], s["kind"] == "human", i) for i, s in enumerate(game.seats)]
        seats = [
            i
            for i in range(len(game.seats))
            if (player is None or names[i] == player)
            and (against is None or _plays_against(game, i, against))
        ]
        if not seats:
            continue
        counted_games += 1
        counted_hands += len(game.hands)
        by_name: dict[str, list[int]] = {}
        for seat in seats:
            by_name.setdefault(names[seat], []).append(seat)
        for name, own in by_name.items():
            _add_game(stats.setdefault(name, PlayerRow(name)), game, own)
    players = sorted(stats.values(), key=lambda p: (-p.hands, p.name))
    for p in players:
        p.by = dict(sorted(p.by.items()))
        p.patterns = dict(sorted(p.patterns.items(), key=lambda kv: (-kv[1], kv[0])))
    return StatsSummary(counted_games, counted_hands, players)
