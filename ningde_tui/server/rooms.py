"""A community server's rooms: §6 rooms (``net.room.Room``) whose records live in the server's
data folder, with what the server keeps of each beside it (public or not, its seats, when it
was last visited), their options as the server stores them, and a finished session as it is
booked for the ratings.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..net import tokens
from ..net.hosting import RoomSettings
from ..net.protocol import ProtocolError
from ..net.room import Room, RoomOptions
from ..net.tokens import SeatTokens
from ..records.storage import SeatInfo
from ..rules.config import RuleConfig
from ..rules.session import Session
from ..table.presets import PACES
from .lobby import MAX_ROUNDS, GameSeat, bot_identity, check_name
from .store import FinishedGame

RECORDS = "records"  # the records' folder in the server's data folder
log = logging.getLogger("ningde.server")


def record_path(folder: Path, code: str, now: datetime | None = None) -> Path:
    """A room's record: ``records/20250102-153012-room-K3F9QX.jsonl`` (the code is unique)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return folder / RECORDS / f"{stamp}-room-{code}.jsonl"


@dataclass(eq=False)
class ServerRoom(Room):
    """A room the server made (or resumed): its record goes to ``record_file``."""

    public: bool = True
    record_file: Path | None = None
    created_at: float = field(default_factory=time.time)
    last_seen: float = field(default_factory=time.monotonic)  # someone was connected
    expired: bool = False  # stopped: nobody came before it started
    # seats 快速开始 gave a player: seat -> (the player's name, until when, monotonic)
    held: dict[int, tuple[str, float]] = field(default_factory=dict)

    def new_record_path(self) -> Path:
        """The record in the server's data folder (``record_file``), not the user's."""
        return self.record_file if self.record_file is not None else super().new_record_path()

    def keep_tokens(self) -> None:
        """Before the first deal, the tokens of the seats taken, beside the record-to-be
        (the room file ``Room`` writes there at the deal), so a restart gives them back."""
        if self.record_file is None or self.started:
            return
        try:
            self.record_file.parent.mkdir(parents=True, exist_ok=True)
            tokens.save(self.record_file, self.tokens)
        except OSError as exc:
            log.error("room %s: its seats' tokens cannot be kept: %s", self.code, exc)

    def forget_tokens(self) -> None:
        """A room gone before its first deal: its tokens hold nothing any more."""
        if self.record_file is not None and self.match is None:
            try:
                tokens.room_file(self.record_file).unlink(missing_ok=True)
            except OSError as exc:
                log.error("room %s: its tokens' file stays: %s", self.code, exc)

    @property
    def connected(self) -> bool:
        return bool(self.watchers) or any(p.conn is not None for p in self.seats)

    @property
    def free_seats(self) -> int:
        """Players' seats nobody has taken or been given yet (before the first deal)."""
        if self.started:
            return 0
        return len(self.free_for(None))

    @property
    def open_seats(self) -> int:
        """Players' seats nobody has taken yet, held or not (before the first deal)."""
        return 0 if self.started else len(super().free_for(None))

    def free_for(self, name: str | None) -> list[int]:
        """The free seats, less those 快速开始 gave another player who has not come yet (a
        seat given to ``name`` is theirs to take)."""
        now = time.monotonic()
        seated = self.seated_names()
        self.held = {
            s: (who, until)
            for s, (who, until) in self.held.items()
            if until > now and who not in seated and self.tokens.tokens[s] is None
        }
        return [
            s
            for s in super().free_for(name)
            if s not in self.held or (name is not None and self.held[s][0] == name)
        ]

    def hold_seat(self, name: str, seconds: float) -> bool:
        """Give ``name`` a free seat for ``seconds``, so two players sent here by 快速开始 at
        once do not both come for the last one (False: none is free for them)."""
        if not name or self.started:
            return False
        if any(who == name for who, _ in self.held.values()):
            return bool(self.free_for(name))
        free = self.free_for(name)
        if not free:
            return False
        self.held[free[0]] = (name, time.monotonic() + seconds)
        return True

    def seated_names(self) -> set[str]:
        return {p.name for s, p in enumerate(self.seats) if self.tokens.tokens[s] is not None}

    def take_holds(self, holds: dict[str, float]) -> None:
        """Seats 快速开始 gave players on other processes (name → when the hold ends,
        ``time.time()``), kept here as this process's own are, each on a free seat while
        one is left."""
        if self.started:
            return
        wall, now = time.time(), time.monotonic()
        kept = self.seated_names() | {who for who, _ in self.held.values()}
        for name, until in sorted(holds.items(), key=lambda hold: hold[1]):
            free = self.free_for(None)
            if name not in kept and until > wall and free:
                self.held[free[0]] = (name, now + until - wall)

    @property
    def rules(self) -> RuleConfig:
        """The rules it plays by (its rounds among them)."""
        return self._config() if self.match is None else self.match.session.config

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.session_over


# ---------------------------------------------------------------- options
def options_to_dict(options: RoomOptions) -> dict[str, Any]:
    return {
        "rounds": options.rounds,
        "pace": options.pace,
        "grace": options.grace,
        "turn_seconds": options.turn_seconds,
        "claim_pause": None if options.claim_pause is None else list(options.claim_pause),
        "claim_seconds": options.claim_seconds,
        "result_seconds": options.result_seconds,
        "result_pause": options.result_pause,
        "rules": None if options.config is None else options.config.to_dict(),
    }


def _seconds(value: Any, what: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 86400:
        raise ValueError(f"{what} must be 0-86400 seconds")
    return float(value)


def options_from_dict(data: Any) -> RoomOptions:
    """Options as ``options_to_dict`` wrote them (a file, so hostile); ValueError if malformed."""
    if not isinstance(data, dict):
        raise ValueError("the room's options are not an object")
    default = RoomOptions()
    rounds = data.get("rounds", 1)
    if type(rounds) is not int or not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError("rounds must be 1-8")
    pace = data.get("pace", default.pace)
    if not isinstance(pace, str) or pace not in PACES:
        raise ValueError("unknown pace")
    pause = data.get("claim_pause")
    if pause is not None:
        if not isinstance(pause, list) or len(pause) != 2 or None in pause:
            raise ValueError("claim_pause is two numbers")
        low, high = (_seconds(p, "claim_pause") or 0.0 for p in pause)
        pause = (low, max(low, high))
    rules = data.get("rules")
    return RoomOptions(
        rounds=rounds,
        pace=pace,
        grace=_seconds(data.get("grace", default.grace), "grace") or 0.0,
        turn_seconds=_seconds(data.get("turn_seconds"), "turn_seconds"),
        claim_pause=pause,
        claim_seconds=_seconds(data.get("claim_seconds"), "claim_seconds"),
        result_seconds=_seconds(data.get("result_seconds", default.result_seconds), "result")
        or 0.0,
        result_pause=_seconds(data.get("result_pause"), "result_pause"),
        config=None if rules is None else RuleConfig.from_dict(dict(rules)),
    )


def settings_of(options: RoomOptions, host: str, port: int) -> dict[str, Any]:
    """What a room file keeps of a server's room: its options as ``ningde host`` keeps its
    own (``net.hosting.RoomSettings``), so the room file alone says how the room plays."""
    return RoomSettings(
        host=host,
        port=port,
        rounds=options.rounds,
        pace=options.pace,
        grace=options.grace,
        turn_seconds=options.turn_seconds,
        claim_pause=options.claim_pause,
        claim_seconds=options.claim_seconds,
        result_seconds=options.result_seconds,
    ).to_json()


def room_options(record: Path, held: SeatTokens, stored: dict[str, Any] | None) -> RoomOptions:
    """The options a room resumed from ``record`` plays with: the room file's own settings
    (``held.settings``, read as ``ningde host --continue`` reads them), with the rules the
    server stored when it made the room (a room that had not dealt has no record to hold them);
    else those the server stored; else the defaults. The one place a resumed room's options are
    read."""
    kept = None
    if stored is not None:
        try:
            kept = options_from_dict(stored)
        except (ValueError, TypeError) as exc:
            log.error("%s: the options the server kept are malformed: %s", record.name, exc)
    if held.settings is not None:
        try:
            return RoomSettings.from_json(held.settings).options(
                None if kept is None else kept.config
            )
        except ValueError as exc:
            log.error("%s: the room file's settings are malformed: %s", record.name, exc)
    return kept or RoomOptions()


# ---------------------------------------------------------------- a finished session
def identity(info: SeatInfo) -> str | None:
    """The name a seat is rated under: a bot's level (``bot:hard``), a person's name if the
    lobby would take it (else None: not rated)."""
    if not info.human:
        return bot_identity(info.level)
    try:
        return check_name(info.name)
    except ProtocolError:
        return None


def finished_game(code: str, seats: list[SeatInfo], session: Session) -> FinishedGame:
    """A session that ended, as ``Store.book`` takes it."""
    hands = len(session.results)
    wins = [sum(1 for r in session.results if r.winner == s) for s in range(4)]
    return FinishedGame(
        code,
        time.time(),
        tuple(GameSeat(s.name, s.kind, s.level) for s in seats),
        tuple(identity(s) for s in seats),
        tuple(session.scores),
        tuple(wins),
        hands,
    )
