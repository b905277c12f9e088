"""Declared melds: 吃, 碰, 明杠 (on a discard or added to a pong: 加杠) and 暗杠."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .tiles import face, format_tiles


class MeldKind(StrEnum):
    """A declared meld (the value is the calculator's and the record's word for it)."""

    CHI = "chi"
    PONG = "pong"
    KONG = "kong"  # exposed: on a discard, or added to a pong (加杠)
    ANKONG = "ankong"


MELD_KINDS = tuple(MeldKind)
_KONG_FAN = {MeldKind.KONG: 1, MeldKind.ANKONG: 2}  # 杠番 (rules.md §11)
_RESERVE_EXTRA = {MeldKind.KONG: 2, MeldKind.ANKONG: 4}  # more tiles left in the wall (§6)


@dataclass(frozen=True)
class Meld:
    kind: MeldKind
    tiles: tuple[int, ...]  # the physical tiles, sorted
    claimed: int | None = None  # the discard taken, for chi/pong/kong on a discard
    source: int | None = None  # the seat that discarded it
    added: bool = False  # 加杠: a kong made by adding to an exposed pong

    @property
    def face_down(self) -> bool:
        """Another seat's 暗杠 as a seat's view shows it: a concealed kong, kind unknown."""
        return self.kind == MeldKind.ANKONG and not self.tiles

    @property
    def is_kong(self) -> bool:
        return self.kind in (MeldKind.KONG, MeldKind.ANKONG)

    def kong_fan(self) -> int:
        """杠番 (rules.md §11): exposed or added kong 1, concealed kong 2."""
        return _KONG_FAN.get(self.kind, 0)

    def reserve_extra(self) -> int:
        """Extra tiles left in the wall for this meld (rules.md §6)."""
        return _RESERVE_EXTRA.get(self.kind, 0)

    def faces(self, gold: int) -> list[int]:
        return [face(t, gold) for t in self.tiles]

    def notation(self) -> str:
        return f"{self.kind} {format_tiles(self.tiles)}"


FACE_DOWN_KONG = Meld(MeldKind.ANKONG, ())
"""A 暗杠 is laid face down (rules.md §5): the others know it is a concealed kong, not its kind,
until the hand ends. ``Game.observation`` shows another seat's 暗杠 as this."""
