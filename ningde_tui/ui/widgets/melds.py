"""Melds (副露) as tiles: 吃, 碰 and 杠 laid open, a 暗杠 face down to the other players.

A 吃 lies in rank order (四五六), its called tile marked; in a 碰 or 杠 the called tile sits
where the table puts it — on the left when it came from the owner's 上家, in the middle from
对家, on the right from 下家. The called tile is on a lighter face, underlined, and an arrow
after the meld points at the player it came from on the screen. The result screen draws melds
with the same ``meld_pieces``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive

from ...rules.melds import Meld, MeldKind
from ..palette import CALL
from ..tilefaces import ARROWS, FLAT, Piece, row_lines
from .steady import SteadyStatic


def meld_pieces(meld: Meld, owner: int | None, faces: bool) -> list[Piece]:
    """The meld's tiles as laid: a 暗杠 face down unless ``faces`` (its owner, a face-up view)
    and its faces are known (rules.md §5); the called tile marked "called" — a 吃's in rank
    order, a 碰's or 杠's placed by where it came from (in rank order when ``owner`` is None)."""
    if meld.kind == MeldKind.ANKONG and (not faces or not meld.tiles):
        return [Piece(None)] * 4
    tiles = list(meld.tiles)
    if meld.claimed is None or meld.source is None or meld.claimed not in tiles:
        return [Piece(t) for t in tiles]
    if meld.kind == MeldKind.CHI or owner is None:
        at = sorted(tiles).index(meld.claimed)
        return [Piece(t, "called" if i == at else "") for i, t in enumerate(sorted(tiles))]
    tiles.remove(meld.claimed)
    where = {3: 0, 2: 1, 1: len(tiles)}[(meld.source - owner) % 4]
    pieces = [Piece(t) for t in tiles]
    pieces.insert(where, Piece(meld.claimed, "called"))
    return pieces


def source_arrow(meld: Meld, bottom: int) -> Text:
    """An arrow at the player (as drawn on the screen) a called tile came from."""
    if meld.source is None or meld.kind == MeldKind.ANKONG:
        return Text()
    return Text(ARROWS[(meld.source - bottom) % 4], style=f"bold {CALL}")


@dataclass(frozen=True)
class MeldsState:
    melds: tuple[Meld, ...] = ()
    owner: int = 0  # the seat that laid them
    bottom: int = 0  # the seat drawn at the bottom (arrows point on the screen)
    faces: bool = False  # a 暗杠's faces may be shown
    gold: int = -1
    ascii_tiles: bool = False
    size: str = FLAT
    per_line: int = 4  # melds side by side before the next line
    lit_last: bool = False  # the last meld was just called: its called tile is lit


def laid_melds(s: MeldsState) -> list[list[Piece]]:
    """Each meld's tiles as laid; the tile just called (``lit_last``) lit."""
    out = [meld_pieces(meld, s.owner, s.faces) for meld in s.melds]
    if s.lit_last and out:
        out[-1] = [Piece(p.tile, "latest") if p.mark == "called" else p for p in out[-1]]
    return out


def melds_lines(s: MeldsState) -> list[Text]:
    """Melds side by side (``per_line`` a line), each followed by its arrow."""
    out: list[Text] = []
    laid_out = laid_melds(s)
    for start in range(0, len(s.melds), s.per_line):
        lines: list[Text] | None = None
        for k, meld in enumerate(s.melds[start : start + s.per_line], start):
            laid = row_lines(laid_out[k], s.size, s.gold, s.ascii_tiles, sep="")
            arrow = source_arrow(meld, s.bottom)
            laid[0].append_text(arrow if arrow.plain else Text(" "))
            for line in laid[1:]:
                line.append(" ")
            if lines is None:
                lines = laid
            else:
                for line, part in zip(lines, laid, strict=True):
                    line.append(" ")
                    line.append_text(part)
        out += lines or []
    return out


class MeldsView(SteadyStatic):
    """Your melds, beside your hand."""

    state: reactive[MeldsState] = reactive(MeldsState, init=False, repaint=False)

    def watch_state(self, state: MeldsState) -> None:
        self.display = bool(state.melds)
        self.show(Text("\n").join(melds_lines(state)))
