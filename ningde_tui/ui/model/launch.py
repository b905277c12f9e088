"""What the app is started with: one ``LaunchOptions``, built by each command (``ningde play``,
``hotseat``, ``demo``, ``replay FILE``) from its arguments and the saved settings, or by a test.

``LaunchOptions(seed=..., pace="instant", bots=(...), start_screen=False)`` jumps straight to
the table; ``match=`` starts from a prepared Match (a hand-made wall); ``seats=("human",
"human", "normal", "hard")`` seats humans and bots anywhere (two or more humans: hot-seat);
``demo=True`` lets four bots play; ``replay=PATH`` watches a record; ``resume=True`` continues
the most recent unfinished game; ``room=RoomTarget(url)`` opens a seat of an online room;
``lobby=LobbyTarget(url)`` the lobby of a community server, over the start screen. The
options are checked when they are made (an unknown pace or bot level raises ValueError), so the
app never starts with a wrong one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...i18n.words import LANGS
from ...records.checks import check_name, check_seed
from ...settings.store import Settings, load_settings
from ...table.presets import BOT_LEVELS, DEFAULT_BOT, PACES

if TYPE_CHECKING:
    from ...table.match import Match

HUMAN_SEAT = "human"


@dataclass(frozen=True)
class RoomTarget:
    """A seat of an online room to open (``ningde join URL``, the start screen's 加入房间):
    its address, the player's name, watch only, and the seat's token if it is known (the
    host's own table is given it; otherwise the one kept for the room is used); ``key``: the
    name's key in a community server's lobby (a room of ``ningde server`` asks for it)."""

    url: str
    name: str = ""
    watch: bool = False
    token: str | None = None
    key: str | None = None


@dataclass(frozen=True)
class LobbyTarget:
    """A community server's lobby to open (``ningde lobby URL``, the start screen's 在线大厅):
    its address and the player's name there ("": as last used); ``connect``: connect at once
    (the command's address), rather than show the address and name to be confirmed."""

    url: str = ""
    name: str = ""
    connect: bool = False


@dataclass(frozen=True)
class HostTarget:
    """A room to host from the app (the start screen's 开房间): who may reach it (this
    computer only, or the network), the port, and the time per decision (None: no limit)."""

    lan: bool = False
    port: int = 7340
    turn_seconds: float | None = None


def seat_plan(seats: Sequence[str]) -> tuple[tuple[int, ...], list[str]]:
    """("human" | a bot level) per seat → (the humans' seats, the bots' levels in seat order)."""
    if len(seats) != 4:
        raise ValueError(f"four seats, not {len(seats)}")
    humans = tuple(i for i, s in enumerate(seats) if s == HUMAN_SEAT)
    bots = [s for s in seats if s != HUMAN_SEAT]
    unknown = [b for b in bots if b not in BOT_LEVELS]
    if unknown:
        raise ValueError(f"unknown bot level(s) {unknown} (known: {', '.join(BOT_LEVELS)})")
    return humans, bots


@dataclass(frozen=True)
class LaunchOptions:
    seed: int | None = None
    lang: str = "zh"
    ascii_tiles: bool = False  # 5m instead of 五万 (English always draws 5m)
    pace: str = "normal"  # how fast the bots play: a key of PACES
    bots: tuple[str, ...] = (DEFAULT_BOT,) * 3  # 下家, 对家, 上家 when you play alone
    rounds: int = 1
    start_screen: bool = True  # False: deal at once
    match: Match | None = field(default=None, compare=False)  # a prepared match to play
    seats: tuple[str, ...] | None = None  # per seat "human" or a bot level (default: you + bots)
    names: tuple[str, ...] | None = None  # the humans' names, in seat order
    demo: bool = False
    demo_hands: int | None = None  # the demo stops (and the app exits) after so many hands
    replay: Path | None = None  # a record to watch
    replay_seat: int = 0
    replay_open: bool = True  # every hand face up
    replay_speed: float = 1.0  # seconds per autoplay step
    resume: bool = False  # continue the latest unfinished game
    record: bool = True  # write the games to the data folder
    settings: Settings | None = None  # the saved settings (default: made from lang/pace/tiles)
    room: RoomTarget | None = None  # a seat of an online room to open at once
    lobby: LobbyTarget | None = None  # a community server's lobby, over the start screen

    def __post_init__(self) -> None:
        # tuples and a Path, whatever sequences or strings were given
        for name in ("bots", "seats", "names"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, tuple(value))
        if self.replay is not None:
            object.__setattr__(self, "replay", Path(self.replay))
        if self.pace not in PACES:
            raise ValueError(f"unknown pace {self.pace!r} (known: {', '.join(PACES)})")
        if self.lang not in LANGS:
            raise ValueError(f"unknown language {self.lang!r} (known: {', '.join(LANGS)})")
        if len(self.bots) != 3 or any(b not in BOT_LEVELS for b in self.bots):
            raise ValueError(
                f"three bot levels from {', '.join(BOT_LEVELS)}, not {list(self.bots)}"
            )
        seat_plan(self.seat_kinds)
        if self.seed is not None:
            check_seed(self.seed)  # every game is recorded, and its record must read back
        for name in self.names or ():
            check_name(name)

    @classmethod
    def for_command(
        cls, lang: str | None, pace: str | None, ascii_tiles: bool, **options: Any
    ) -> LaunchOptions:
        """A command's options: its language, pace and tile style where given, else the saved
        settings (kept along too, for the room rules and hints)."""
        settings = load_settings()
        return cls(
            lang=lang or settings.lang,
            pace=pace or settings.pace,
            ascii_tiles=ascii_tiles or settings.tiles == "ascii",
            settings=settings,
            **options,
        )

    @property
    def seat_kinds(self) -> tuple[str, ...]:
        """Per seat "human" or a bot level: ``seats``, or you in seat 1 against ``bots``."""
        return self.seats if self.seats is not None else (HUMAN_SEAT, *self.bots)

    @property
    def draws_ascii(self) -> bool:
        """English names tiles 5m in its text, so its tiles say 5m too: one notation."""
        return self.ascii_tiles or self.lang == "en"

    def settings_or_default(self) -> Settings:
        tiles = "ascii" if self.ascii_tiles else "cjk"
        return self.settings or Settings(pace=self.pace, lang=self.lang, tiles=tiles)
