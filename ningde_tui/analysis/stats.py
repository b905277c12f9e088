"""`ningde stats`: each player's record over every saved game (interfaces.md §5).

    ningde stats [--dir DIR] [--player NAME] [--against LEVEL] [--json] [--no-cache]

Every record under the folder (the data folder's records by default, searched recursively) is
replayed through the engine once (``record.replay_file`` checks every line) and boiled down to a
``GameSummary``: the seats and, per finished hand, who won, how, with which pattern, who dealt
in and the deltas. Summaries are cached by file (path, size, modification time) in the cache
folder, so later runs read only what changed. A broken record is skipped with a warning on
stderr naming it; the others still count.

Per player *name* (a bot's name is its seat name in the record header): games, hands, wins and
how (discard, self-draw, 抢金, 天胡), self-draws, deal-ins (a discard another player won on),
points (the sum of the player's hand deltas), the patterns won, and the points after each game
and after each hand in time order (for the 战绩 screen's chart).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from ..records.record import RecordError, replay_file
from ..records.storage import ENV_DATA_DIR, data_dir, seats_from_header

PROG = "ningde stats"
CACHE_VERSION = 1
EXIT_OK, EXIT_BAD = 0, 2
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

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSummary:
        hands = [
            HandOutcome(h["winner"], h["by"], h["pattern"], h["discarder"], tuple(h["deltas"]))
            for h in data["hands"]
        ]
        return cls(data["path"], data["mtime_ns"], data["size"], list(data["seats"]), hands)


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
    return GameSummary(str(path), stat.st_mtime_ns, stat.st_size, seats, hands)


# ----------------------------------------------------------------------------- the cache
def cache_path() -> Path:
    """The summaries cache: in the data folder when ``NINGDE_DATA_DIR`` points elsewhere (tests),
    else in the user's cache folder."""
    if os.environ.get(ENV_DATA_DIR):
        return data_dir() / "cache" / "stats.json"
    return Path(platformdirs.user_cache_dir("ningde-tui")) / "stats.json"


def _load_cache(path: Path) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}  # no cache yet, or one that cannot be trusted: rebuild it
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
        return {}
    games = data.get("games")
    return games if isinstance(games, dict) else {}


def _save_cache(path: Path, games: dict[str, dict[str, Any]]) -> None:
    """Write the cache whole or not at all; a cache that cannot be written is only slower."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".stats-", suffix=".tmp")
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
    """Every ``.jsonl`` file under the folder, searched recursively, in name order."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*.jsonl") if p.is_file())


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
        entry = cached.get(key)
        entry = entry if isinstance(entry, dict) else None
        summary = None
        computed = False
        if entry is not None and (entry.get("mtime_ns"), entry.get("size")) == (
            stat.st_mtime_ns,
            stat.st_size,
        ):
            if "error" in entry:
                broken.append((path, str(entry["error"])))
                fresh[key] = entry
                continue
            try:
                summary = GameSummary.from_json(entry)
            except (KeyError, TypeError, ValueError, AttributeError):
                summary = None
        if summary is None:
            changed = computed = True
            try:
                summary = summarize_game(path)
            except BROKEN as exc:
                reason = _reason(exc)
                broken.append((path, reason))
                fresh[key] = {"mtime_ns": stat.st_mtime_ns, "size": stat.st_size, "error": reason}
                continue
        fresh[key] = summary.to_json() if computed or entry is None else entry
        games.append(summary)
    if use_cache and (changed or fresh.keys() != cached.keys()):
        _save_cache(cache_file, fresh)
    games.sort(key=lambda g: (g.mtime_ns, g.path))
    return Collection(games, broken)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"cannot read it: {exc.strerror or exc}"
    if isinstance(exc, RecursionError):
        return "nested too deeply to read"
    text = str(exc)
    return text if len(text) <= 200 else text[:200] + "…"


# ----------------------------------------------------------------------------- tallies
@dataclass
class PlayerStats:
    name: str
    kinds: set[str] = field(default_factory=set)
    levels: set[str] = field(default_factory=set)
    games: int = 0
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    points: int = 0
    by: dict[str, int] = field(default_factory=dict)
    patterns: dict[str, int] = field(default_factory=dict)
    timeline: list[int] = field(default_factory=list)  # points after each game
    hand_points: list[int] = field(default_factory=list)  # points after each hand

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": "human" if "human" in self.kinds else "bot",
            "levels": sorted(lv for lv in self.levels if lv),
            "games": self.games,
            "hands": self.hands,
            "wins": self.wins,
            "self_draws": self.self_draws,
            "deal_ins": self.deal_ins,
            "points": self.points,
            "by": dict(sorted(self.by.items())),
            "patterns": dict(sorted(self.patterns.items(), key=lambda kv: (-kv[1], kv[0]))),
            "timeline": list(self.timeline),
            "hand_points": list(self.hand_points),
        }


def _plays_against(game: GameSummary, seat: int, level: str) -> bool:
    """Whether every bot at the table but this seat plays at ``level`` (at least one does)."""
    bots = [s for i, s in enumerate(game.seats) if i != seat and s["kind"] == "bot"]
    return bool(bots) and all(s["level"] == level for s in bots)


def tally(
    games: Iterable[GameSummary], player: str | None = None, against: str | None = None
) -> dict[str, Any]:
    """The summary object of interfaces.md §5 (``games``/``hands`` count the games and hands
    that passed the filters; a game counts once one of its hands has ended)."""
    stats: dict[str, PlayerStats] = {}
    counted_games = 0
    counted_hands = 0
    for game in games:
        if not game.hands:
            continue  # a game left before its first hand ended: nothing to count
        seats = [
            i
            for i, s in enumerate(game.seats)
            if (player is None or s["name"] == player)
            and (against is None or _plays_against(game, i, against))
        ]
        if not seats:
            continue
        counted_games += 1
        counted_hands += len(game.hands)
        for seat in seats:
            info = game.seats[seat]
            p = stats.setdefault(info["name"], PlayerStats(info["name"]))
            p.kinds.add(info["kind"])
            p.levels.add(info["level"])
            p.games += 1
            for hand in game.hands:
                p.hands += 1
                p.points += hand.deltas[seat]
                p.hand_points.append(p.points)
                if hand.winner == seat:
                    p.wins += 1
                    by = hand.by or "?"
                    p.by[by] = p.by.get(by, 0) + 1
                    p.self_draws += by == "self"
                    p.patterns[hand.pattern] = p.patterns.get(hand.pattern, 0) + 1
                elif hand.discarder == seat and hand.winner is not None:
                    p.deal_ins += 1
            p.timeline.append(p.points)
    players = sorted(stats.values(), key=lambda p: (-p.hands, p.name))
    return {
        "games": counted_games,
        "hands": counted_hands,
        "players": [p.to_json() for p in players],
    }
