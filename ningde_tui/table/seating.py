"""Who is drawn where, and what each seat is called.

The table is drawn from one seat's point of view, the ``bottom`` seat (the viewer): the others
are 下家 (right), 对家 (top) and 上家 (left) of it. A seat seen from a chair is called by its
place followed by its player's name as every other view says it (下家·电脑·普通 2号, 你·玩家1;
``i18n.words.people_names``), or by its place alone where it has no name given (你 at a table
against bots); a watched game (demo, replay) names every seat by its name alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n.words import placed_name, tr


@dataclass(frozen=True)
class Seating:
    lang: str = "zh"
    bottom: int = 0
    names: tuple[str | None, ...] | None = None  # per seat; None: called by its place alone
    relative: bool = True  # 你/下家/对家/上家 from the bottom seat's point of view

    def position(self, seat: int) -> int:
        """0 bottom, 1 right (下家), 2 top (对家), 3 left (上家)."""
        return (seat - self.bottom) % 4

    def seat_at(self, position: int) -> int:
        return (self.bottom + position) % 4

    def parts(self, seat: int) -> tuple[str, str]:
        """The seat's name in its two parts, the place and the player's name after it
        (``("下家", "电脑·普通 2号")``); the second is "" where the name is one part (a seat
        called by its place alone, or a watched game's seat by its player's name)."""
        rel = tr(self.lang, f"seat.{self.position(seat)}")
        own = self.names[seat] if self.names is not None else None
        if own is None:
            return (rel if self.relative else tr(self.lang, "seat.number", n=seat + 1)), ""
        return (rel, own) if self.relative else (own, "")

    def name(self, seat: int) -> str:
        place, person = self.parts(seat)
        return placed_name(place, person, self.lang)

    def says_level(self, seat: int) -> bool:
        """Does the seat's name say its bot's level (电脑·普通 2号), as a player's name does?"""
        return self.names is not None and self.names[seat] is not None

    def names_tuple(self) -> tuple[str, ...]:
        return tuple(self.name(s) for s in range(4))
