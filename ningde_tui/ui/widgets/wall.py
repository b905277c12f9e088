"""The square wall (码牌): 14 stacks of two on each side, around the centre.

Every stack shows how many tiles it still holds (██ two, ▄▄ one, ·· none). Drawable stacks
are ivory; the reserve (the last ``Game.reserve`` tiles before the tail, 和局留牌) is slate and
its boundary moves with each kong. Labels inside the square mark the head (头, the next draw),
the tail (尾, kong replacements), the reserve boundary (留) and where the dice broke the wall
(开); in English H, T, R and B, the same marks at every size. The centre holds the dice, the gold and what 白板 stands for, the counts and whose turn.
Only public facts are drawn: where tiles are, never what they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...rules.tiles import TOTAL_TILES
from ...rules.wall import STACKS_PER_SIDE, break_point, stack_location
from ..model.i18n import seat_name, tile_name, tr
from ..palette import (
    BAD,
    CALL,
    GOLD,
    GOOD,
    LINE,
    MUTED,
    ON_GOLD,
    RESERVE_TEXT,
    SOFT,
    TEXT,
    WALL_DRAWABLE,
    WALL_RESERVE,
    WALL_TEXT,
)
from ..tilefaces import chip

SIDE = STACKS_PER_SIDE


@dataclass(frozen=True)
class Square:
    """The wall's size on the screen: each stack of the top and bottom walls ``stack`` cells
    wide, the side walls ``height`` rows tall (a side stack takes one row or more, so the
    square still looks square as it grows)."""

    stack: int = 2
    height: int = SIDE + 2

    @property
    def width(self) -> int:
        return (SIDE + 2) * self.stack

    def side_rows(self, from_top: int) -> range:
        """The rows of a side wall's stack, counted from the top."""
        inner = self.height - 2
        return range(1 + from_top * inner // SIDE, 1 + (from_top + 1) * inner // SIDE)

    def cell_of(self, seat: int, from_right: int) -> tuple[int, int]:
        """(row, column of the stack's first cell) of a stack on the screen. ``seat`` is a
        position: 0 at the bottom, 1 (下家) on the right, 2 at the top, 3 on the left; a
        wall's right end is on its owner's right hand."""
        w = self.stack
        if seat == 0:
            return self.height - 1, w * (SIDE - from_right)
        if seat == 1:
            return self.side_rows(from_right)[0], w * (SIDE + 1)
        if seat == 2:
            return 0, w * (1 + from_right)
        return self.side_rows(SIDE - 1 - from_right)[0], 0

    def cells_of(self, seat: int, from_right: int) -> list[tuple[int, int]]:
        """Every row a stack takes (more than one on a tall side wall)."""
        row, col = self.cell_of(seat, from_right)
        if seat in (0, 2):
            return [(row, col)]
        from_top = from_right if seat == 1 else SIDE - 1 - from_right
        return [(r, col) for r in self.side_rows(from_top)]

    def label_cell(self, seat: int, from_right: int) -> tuple[int, int]:
        """The interior cell next to a stack, where its label goes."""
        row, col = self.cell_of(seat, from_right)
        if seat == 0:
            return row - 1, col
        if seat == 1:
            return row, col - 2
        if seat == 2:
            return row + 1, col
        return row, col + self.stack

    def arrow_cell(self, seat: int) -> tuple[int, int]:
        """Where the arrow pointing at ``seat`` (a position) goes, inside the labels."""
        middle_row, middle_col = self.height // 2, self.width // 2 - 1
        return {
            0: (self.height - 3, middle_col),
            1: (middle_row, self.width - self.stack - 4),
            2: (2, middle_col),
            3: (middle_row, self.stack + 3),
        }[seat]


SQUARES = (Square(4, 28), Square(3, 22), Square(2, 16))  # the biggest that fits is drawn
COMPACT = SQUARES[-1]
WIDTH, HEIGHT = COMPACT.width, COMPACT.height  # 32 × 16
cell_of = COMPACT.cell_of
label_cell = COMPACT.label_cell


def square_for(width: int, height: int) -> Square:
    return next((q for q in SQUARES if q.width <= width and q.height <= height), COMPACT)


DRAWABLE = WALL_DRAWABLE
RESERVE = WALL_RESERVE
LABEL = {
    "head": f"bold {GOOD}",
    "tail": f"bold {CALL}",
    "reserve": f"bold {RESERVE_TEXT}",
    "break": f"bold {BAD}",
}
EMPTY = LINE
ARROWS = {0: "▼", 1: "▶", 2: "▲", 3: "◀"}
CENTRE_LEFT = 4  # the centre text keeps clear of the side walls and their labels


@dataclass(frozen=True)
class WallState:
    """The public state of the wall and the centre of the table."""

    head: int = 0
    tail: int = TOTAL_TILES
    reserve: int = 16
    dealer: int = 0
    streak: int = 1
    dice: tuple[int, int] = (1, 1)
    gold: int = -1
    drawable: int = 0
    turn: int | None = None  # seat whose move it is (an arrow points at it)
    turn_text: str = ""
    hand_text: str = ""
    last_round: bool = False
    lang: str = "zh"
    ascii_tiles: bool = False
    bottom: int = 0  # the seat drawn at the bottom (the viewer)
    names: tuple[str, ...] = ()  # per seat; () = by position

    def position(self, seat: int) -> int:
        return (seat - self.bottom) % 4

    def name(self, seat: int) -> str:
        return self.names[seat] if self.names else seat_name(self.position(seat), self.lang)


Cell = tuple[str, str]  # (character, style); the second cell of a wide character is ""
Line = list[tuple[str, str]]  # segments of (text, style)


def put(grid: list[list[Cell]], row: int, col: int, segments: Line, end: int) -> None:
    """Write styled segments into the grid from (row, col), clipped at column ``end``."""
    for text, style in segments:
        for ch in text:
            w = cell_len(ch)
            if col + w > end:
                return
            grid[row][col] = (ch, style)
            if w == 2:
                grid[row][col + 1] = ("", style)
            col += w


def line_width(segments: Line) -> int:
    return sum(cell_len(text) for text, _ in segments)


class WallView(Widget):
    """Draws the square wall and the centre from its ``state``, as big as the widget allows."""

    state: reactive[WallState] = reactive(WallState)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.square = COMPACT

    def on_resize(self) -> None:
        self.square = square_for(self.content_region.width, self.content_region.height)
        self.refresh()

    def grid(self) -> list[list[Cell]]:
        s, q = self.state, self.square
        width = q.width
        grid: list[list[Cell]] = [[(" ", "")] * width for _ in range(q.height)]
        stacks: dict[tuple[int, int], list[int]] = {}
        for index in range(TOTAL_TILES):
            seat, from_right, _layer = stack_location(index, s.dealer, s.dice)
            stacks.setdefault((s.position(seat), from_right), []).append(index)
        boundary = s.tail - s.reserve
        for (seat, from_right), indices in stacks.items():
            present = [i for i in indices if s.head <= i < s.tail]
            shade = (seat + from_right) % 2
            colour = (RESERVE if any(i >= boundary for i in present) else DRAWABLE)[shade]
            glyph = {2: "█", 1: "▄"}.get(len(present), "·") * q.stack
            if not present:
                colour = EMPTY
            for row, col in q.cells_of(seat, from_right):
                put(grid, row, col, [(glyph, colour)], width)
        marks = [("break", 0), ("reserve", boundary), ("tail", s.tail - 1), ("head", s.head)]
        for name, index in marks:
            if not 0 <= index < TOTAL_TILES or (name != "break" and index >= s.tail):
                continue
            seat, from_right, _ = stack_location(index, s.dealer, s.dice)
            row, col = q.label_cell(s.position(seat), from_right)
            label = tr(s.lang, f"table.mark_{name}")  # one mark at every size: 头 / H
            if s.position(seat) == 1:  # beside the right wall: the word ends at the wall
                col = max(col + 2 - cell_len(label), 0)
            put(grid, row, col, [(label, LABEL[name])], width)
        centre = self.centre()
        if q.height >= 2 * len(centre) + 6:  # a big square: the centre breathes
            centre = [part for line in centre for part in ((line, []) if line else (line,))][:-1]
        top = max((q.height - len(centre)) // 2, 3)
        for k, line in enumerate(centre):
            start = max((width - line_width(line)) // 2, CENTRE_LEFT)
            put(grid, top + k, start, line, width - CENTRE_LEFT)
        if s.turn is not None:
            pos = s.position(s.turn)
            row, col = q.arrow_cell(pos)
            put(grid, row, col, [(ARROWS[pos], f"bold {GOOD}")], width)
        return grid

    def centre(self) -> list[Line]:
        s = self.state
        lang, asc = s.lang, s.ascii_tiles
        dealer: Line = [
            (f" {tr(lang, 'table.dealer')} ", f"bold {ON_GOLD} on {GOLD}"),
            (f" {s.name(s.dealer)}", f"bold {TEXT}"),
        ]
        if s.streak > 1:
            dealer.append((f" ×{s.streak}", f"bold {GOLD}"))
        breaker, count = break_point(s.dealer, s.dice)
        dice: Line = [
            (tr(lang, "table.dice", a=s.dice[0], b=s.dice[1]), SOFT),
            (" · " + tr(lang, "table.break", seat=s.name(breaker), n=count), MUTED),
        ]
        gold: Line = []
        if s.gold >= 0:
            face = chip(s.gold, s.gold, asc)
            gold = [
                (tr(lang, "table.gold") + " ", f"bold {GOLD}"),
                (face.plain, str(face.style)),
                ("  " + tr(lang, "table.white", tile=tile_name(s.gold, lang, asc)), SOFT),
            ]
        counts: Line = [
            (tr(lang, "table.drawable", n=max(s.drawable, 0)), f"bold {WALL_TEXT}"),
            (" · ", MUTED),
            (tr(lang, "table.reserve", n=s.reserve), LABEL["reserve"]),
        ]
        if s.last_round:
            turn: Line = [(tr(lang, "table.last_round"), f"bold {BAD}")]
        else:
            turn = [(s.turn_text, f"bold {GOOD}")]
        hand: Line = [(s.hand_text, f"bold {TEXT}")]
        return [hand, dealer, dice, [], gold, counts, [], turn]

    def render(self) -> Group:
        lines = []
        for row in self.grid():
            line = Text()
            for ch, style in row:
                if ch:
                    line.append(ch, style=style or None)
            lines.append(line)
        return Group(*lines)
