"""Who is drawn where, and what each seat is called.

The table is drawn from one seat's point of view, the ``bottom`` seat (the viewer): the others
are 下家 (right), 对家 (top) and 上家 (left) of it. In hot-seat games the humans' names follow
their place; a watched game (demo, replay) names every seat by its name in the record.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n.words import tr


@dataclass(frozen=True)
class Seating:
    lang: str = "zh"
    bottom: int = 0
    names: tuple[str | None, ...] | None = None  # per seat; None: no name (a bot at the table)
    relative: bool = True  # 你/下家/对家/上家 from the bottom seat's point of view

    def position(self, seat: int) -> int:
        """0 bottom, 1 right (下家), 2 top (对家), 3 left (上家)."""
        return (seat - self.bottom) % 4

    def seat_at(self, position: int) -> int:
        return (self.bottom + position) % 4

    def name(self, seat: int) -> str:
        rel = tr(self.lang, f"seat.{self.position(seat)}")
        own = self.names[seat] if self.names is not None else None
        if own is None:
            return rel if self.relative else tr(self.lang, "seat.number", n=seat + 1)
        return f"{rel}·{own}" if self.relative else own

    def names_tuple(self) -> tuple[str, ...]:
        return tuple(self.name(s) for s in range(4))
