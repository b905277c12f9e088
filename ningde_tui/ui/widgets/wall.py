"""The square wall (码牌): 14 stacks of two on each side, the ponds and the centre inside it.

Every stack shows how many tiles it still holds (██ two, ▄▄ one, ·· none). Drawable stacks
are ivory; the reserve (the last ``Game.reserve`` tiles before the tail, 和局留牌) is slate and
its boundary moves with each kong. Labels inside the square mark the head (头, the next draw),
the tail (尾, kong replacements), the reserve boundary (留) and where the dice broke the wall
(开); in English H, T, R and B, the same marks at every size. Within the labels each player's
pond lies in front of them, around the centre: a tray with the gold and what 白板 stands for,
the dice, the dealer, the counts and whose turn, an arrow on its side toward that player.
The wall draws the stacks, labels and centre; the ponds are its children, placed by
``inside``. Only public facts are drawn: where tiles are, never what they are.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ...i18n.words import seat_name, tile_name, tr
from ...rules.tiles import TOTAL_TILES
from ...rules.wall import STACKS_PER_SIDE, break_point, stack_location
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
from ..tilefaces import ARROWS, FLAT, HUGE, LARGE, STANDING, TALL, WIDE, chip
from .pond import PondShape, PondView
from .prose import break_offsets
from .steady import Unscrolled, redraw_rows

SIDE = STACKS_PER_SIDE


@dataclass(frozen=True)
class Square:
    """The wall's size on the screen: ``width`` × ``height`` cells. The top and bottom walls'
    stacks are ``stack`` cells wide, centred along their side; the side walls are ``EDGE``
    cells thick, a stack taking one row or more of ``height``. Inside, a lane of labels runs
    along each wall, and within it the ponds and the centre (``inside``)."""

    width: int = 32
    height: int = SIDE + 2

    @property
    def stack(self) -> int:
        return max((self.width - 2 * EDGE) // SIDE, 1)

    @property
    def first(self) -> int:
        """The column of the top and bottom walls' first stack."""
        return (self.width - SIDE * self.stack) // 2

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
            return self.height - 1, self.first + w * (SIDE - 1 - from_right)
        if seat == 1:
            return self.side_rows(from_right)[0], self.width - EDGE
        if seat == 2:
            return 0, self.first + w * from_right
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
        return row, col + EDGE

    @property
    def interior(self) -> tuple[int, int, int, int]:
        """(column, row, width, height) inside the walls and their labels."""
        x, y = EDGE + 2, 2
        return x, y, max(self.width - 2 * x, 0), max(self.height - 2 * y, 0)


EDGE = 2  # a side wall's thickness in cells: as thick as a top stack's one row looks
COMPACT = Square(32, 16)  # the smallest square drawn
WIDTH, HEIGHT = COMPACT.width, COMPACT.height
cell_of = COMPACT.cell_of
label_cell = COMPACT.label_cell


def square_for(width: int, height: int) -> Square:
    """The wall fills its widget (never smaller than ``COMPACT``)."""
    return Square(max(width, COMPACT.width), max(height, COMPACT.height))


# ---------------------------------------------------------------- inside the wall
CAPACITY = 24  # discards each pond makes room for (a long hand); more and they all grow
CENTRE_W, CENTRE_H = 16, 6  # the least room for the centre's text
# (the top and bottom ponds' tile size, the side ponds'), biggest first: the first that fits
LAYOUTS = (
    (HUGE, WIDE), (LARGE, WIDE), (LARGE, TALL), (TALL, TALL), (TALL, FLAT), (STANDING, FLAT),
    (FLAT, FLAT),
)  # fmt: skip


@dataclass(frozen=True)
class Inside:
    """Where the ponds and the centre lie in the square: per position, the pond's (column,
    row) and shape; the centre's (column, row, width, height)."""

    ponds: tuple[tuple[int, int, PondShape], ...]
    centre: tuple[int, int, int, int]
    fits: bool = True  # every pond has its room (False: the square is below the least size)


def inside(q: Square, capacity: int = CAPACITY) -> Inside:
    """Each pond between its player's wall and the centre, with the biggest tiles for which
    every pond holds ``capacity`` discards in lines of six (up to eight for the top and
    bottom, twelve for the sides) and the centre keeps its room; the room left over brings
    the ponds in toward the centre."""
    x0, y0, w, h = q.interior
    for top_size, side_size in LAYOUTS:
        for per_row in (6, 7, 8):
            top = PondShape(0, top_size, per_row, -(-capacity // per_row))
            band = h - 2 * top.height - 2  # a blank row between each pond and the centre
            if top.width > w or band < CENTRE_H:
                continue
            for per_column in range(6, 13):
                side = PondShape(1, side_size, per_column, -(-capacity // per_column))
                if side.height > band:
                    break
                if w - 2 * side.width - 2 >= CENTRE_W:
                    return _place(q, top, side, True)
    small = PondShape(0, FLAT, 6, -(-capacity // 6))
    return _place(q, small, replace(small, position=1), False)


def _place(q: Square, top: PondShape, side: PondShape, fits: bool) -> Inside:
    x0, y0, w, h = q.interior
    band = h - 2 * top.height - 2
    in_y = max(band - max(side.height, CENTRE_H), 0) // 3
    in_x = max(w - 2 * side.width - 2 - CENTRE_W, 0) // 3
    top_x = x0 + (w - top.width + 1) // 2
    upper, lower = y0 + in_y, y0 + h - top.height - in_y
    band_y, band_h = upper + top.height + 1, band - 2 * in_y
    side_y = band_y + (band_h - side.height) // 2
    left, right = x0 + in_x, x0 + w - side.width - in_x
    centre_x = left + side.width + 1
    ponds = (
        (top_x, lower, top),
        (right, side_y, side),
        (top_x, upper, replace(top, position=2)),
        (left, side_y, replace(side, position=3)),
    )
    centre = (centre_x, band_y, right - 1 - centre_x, band_h)
    if not fits:
        centre = q.interior
    return Inside(ponds, centre, fits)


DRAWABLE = WALL_DRAWABLE
RESERVE = WALL_RESERVE
LABEL = {
    "head": f"bold {GOOD}",
    "tail": f"bold {CALL}",
    "reserve": f"bold {RESERVE_TEXT}",
    "break": f"bold {BAD}",
}
EMPTY = LINE
TRAY = ("╭", "─", "╮", "│", "╰", "╯")  # the box round the centre's text


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
    places: tuple[str, ...] = ()  # per seat, its place alone (下家) where names say more
    discards: int = 0  # the most discards in one pond (past ``CAPACITY`` the ponds grow)

    def position(self, seat: int) -> int:
        return (seat - self.bottom) % 4

    def name(self, seat: int) -> str:
        return self.names[seat] if self.names else seat_name(self.position(seat), self.lang)

    def place(self, seat: int) -> str:
        """The seat by its place alone, where the centre has no room for a name after it."""
        return self.places[seat] if self.places else self.name(seat)


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


def wrap_part(part: Line, width: int) -> list[Line]:
    """A part of the centre in lines of at most ``width`` cells, broken as running text is
    (``prose.break_offsets``: between words, never inside 八万), its styles kept."""
    if line_width(part) <= width:
        return [part]
    text = "".join(piece for piece, _ in part)
    styles = [style for piece, style in part for _ in piece]
    cuts = [0, *break_offsets(text, width), len(text)]
    rows: list[Line] = []
    for start, end in zip(cuts, cuts[1:], strict=False):
        row: Line = []
        for i in range(start, end):
            if row and row[-1][1] == styles[i]:
                row[-1] = (row[-1][0] + text[i], styles[i])
            else:
                row.append((text[i], styles[i]))
        if row:  # the spaces the line was broken at are not drawn
            row[0] = (row[0][0].lstrip(), row[0][1])
            row[-1] = (row[-1][0].rstrip(), row[-1][1])
        rows.append([(piece, style) for piece, style in row if piece])
    return rows


LEGEND_AT = 2  # the legend's place among the centre's groups (``WallView.centre``)


def legend(lang: str) -> list[str]:
    """What the wall's marks stand for, where they are letters (``H head · T tail``, …), in
    parts the centre lays a line each where a line cannot hold them all; none in Chinese."""
    return [part for part in tr(lang, "table.marks_legend").split("|") if part]


def legend_aside(lang: str) -> Text:
    """The legend beside the wall: a line a mark (``H head``), the letter as the wall draws
    it."""
    styles = {tr(lang, f"table.mark_{name}"): style for name, style in LABEL.items()}
    out = Text()
    for part in (part for line in legend(lang) for part in line.split(" · ")):
        mark, _, word = part.partition(" ")
        out.append("\n" if out else "")
        out.append(f"{mark} ", style=styles.get(mark, ""))  # (a run's first space is lost
        out.append(word, style=MUTED)  # in some SVG viewers: none starts with one)
    return out


def fit_centre(
    groups: list[list[Line]], width: int, height: int, most: int | None = None
) -> list[Line]:
    """The centre's lines in ``width`` × ``height``: the groups ``lay_centre`` keeps."""
    return spaced(lay_centre(groups, width, height, most), height)


def spaced(laid: list[list[Line]], height: int) -> list[Line]:
    """The groups' lines, a blank line between groups where ``height`` leaves room."""
    lines = [line for group in laid for line in group]
    if 2 * len(lines) - 1 <= height:
        lines = [line for group in laid for line in [*group, []]][:-1]
    return lines


def lay_centre(
    groups: list[list[Line]], width: int, height: int, most: int | None = None
) -> list[list[Line]]:
    """The last groups that fit in ``width`` × ``height``, each laid in its lines: on one
    line, its parts joined by `` · ``, or one part a line where that is too wide (a part
    wider than ``most``, the widest line the centre can hold, on lines of its own:
    ``wrap_part``); the first groups (the least needed) left out while there are too many
    lines."""
    most = width if most is None else most
    sep: Line = [(" · ", MUTED)]
    laid: list[list[Line]] = []
    for parts in groups:
        parts = [p for p in parts if p]
        joined = [seg for k, p in enumerate(parts) for seg in (sep + p if k else p)]
        wrapped = [row for p in parts for row in wrap_part(p, most)]
        laid.append([joined] if line_width(joined) <= width else wrapped)
    while len(laid) > 1 and sum(len(g) for g in laid) > height:
        laid.pop(0)
    return laid


@lru_cache(maxsize=16)
def stacks_of(
    dealer: int, dice: tuple[int, int], bottom: int
) -> dict[tuple[int, int], tuple[int, ...]]:
    """The wall's tiles by stack: (position on the screen, stack from its wall's right end) →
    the indices (draw order) it holds; the same all hand long."""
    stacks: dict[tuple[int, int], list[int]] = {}
    for index in range(TOTAL_TILES):
        seat, from_right, _layer = stack_location(index, dealer, dice)
        stacks.setdefault(((seat - bottom) % 4, from_right), []).append(index)
    return {place: tuple(indices) for place, indices in stacks.items()}


class WallView(Unscrolled, Widget):
    """Draws the square wall and the centre from its ``state``, filling the widget, and lays
    its children, the four ponds (``PondView``), inside it (``inside``).

    The wall is drawn line by line (``render_line``) from its grid of cells: a move changes a
    stack or two and a few words of the centre, so only the rows that changed are drawn again
    and sent to the screen."""

    state: reactive[WallState] = reactive(WallState, repaint=False)

    @dataclass
    class LegendAside(Message):
        """The centre has no room for what the marks stand for (``aside``), or has it again:
        the screen says it beside the wall meanwhile."""

        aside: bool

    def __init__(self, *children: Widget, id: str | None = None, classes: str | None = None):
        super().__init__(*children, id=id, classes=classes)
        self.square = COMPACT
        self.layout_inside = inside(COMPACT)
        self._grid: list[list[Cell]] | None = None  # as last drawn
        self.legend_outside = False  # (as last told to the screen)

    def on_mount(self) -> None:
        self._lay_out()

    def on_resize(self) -> None:
        self._lay_out()

    def watch_state(self, old: WallState, new: WallState) -> None:
        if max(old.discards, CAPACITY) != max(new.discards, CAPACITY):
            self._lay_out()
            return
        before, self._grid = self._grid, None
        redraw_rows(self, before, self.lines())

    def _lay_out(self) -> None:
        """The square for the widget's size, and each pond at its place in it."""
        region = self.content_region
        self.square = square_for(region.width, region.height)
        self.layout_inside = inside(self.square, max(self.state.discards, CAPACITY))
        for pond in self.query(PondView):
            x, y, shape = self.layout_inside.ponds[pond.position]
            pond.styles.offset = (x, y)
            pond.styles.width = shape.width
            pond.styles.height = shape.height
            pond.shape = shape
        self._grid = None
        self.refresh()

    def lines(self) -> list[list[Cell]]:
        """The grid as drawn now (made once per state and size)."""
        if self._grid is None:
            self._grid = self.grid()
        return self._grid

    def grid(self) -> list[list[Cell]]:
        s, q = self.state, self.square
        width = q.width
        grid: list[list[Cell]] = [[(" ", "")] * width for _ in range(q.height)]
        boundary = s.tail - s.reserve
        for (seat, from_right), indices in stacks_of(s.dealer, s.dice, s.bottom).items():
            present = [i for i in indices if s.head <= i < s.tail]
            shade = (seat + from_right) % 2
            colour = (RESERVE if any(i >= boundary for i in present) else DRAWABLE)[shade]
            glyph = {2: "█", 1: "▄"}.get(len(present), "·")
            glyph *= q.stack if seat in (0, 2) else EDGE
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
        self._draw_centre(grid)
        return grid

    def _draw_centre(self, grid: list[list[Cell]]) -> None:
        """The centre's text in a tray, centred in its room; the arrow at whose turn it is on
        the tray's side toward them."""
        s = self.state
        cx, cy, cw, ch = self.layout_inside.centre
        tray = cw >= CENTRE_W and ch >= CENTRE_H
        # the widest line the tray holds: its borders and the column ``put`` leaves before
        # the right one
        most = cw - 3 if tray else cw
        groups, height = self.centre(most), ch - 2 if tray else ch
        laid = lay_centre(groups, cw - 4 if tray else cw, height, most)
        lines = spaced(laid, height)
        aside = bool(legend(s.lang)) and len(laid) < len(groups) - LEGEND_AT
        if aside != self.legend_outside:
            self.legend_outside = aside
            self.post_message(self.LegendAside(aside))
        text_w = max((line_width(line) for line in lines), default=0)
        box_w, box_h = (text_w + 4, len(lines) + 2) if tray else (text_w, len(lines))
        box_w = min(max(box_w, min(cw, CENTRE_W)), cw)
        left, top = cx + (cw - box_w) // 2, cy + (ch - box_h) // 2
        end = left + box_w
        if tray:
            tl, h, tr_, v, bl, br = TRAY
            put(grid, top, left, [(tl + h * (box_w - 2) + tr_, LINE)], end)
            for row in range(top + 1, top + box_h - 1):
                put(grid, row, left, [(v, LINE)], end)
                put(grid, row, end - 1, [(v, LINE)], end)
            put(grid, top + box_h - 1, left, [(bl + h * (box_w - 2) + br, LINE)], end)
        inset = 1 if tray else 0
        for k, line in enumerate(lines):
            start = left + (box_w - line_width(line)) // 2
            put(grid, top + inset + k, start, line, end - 2 * inset)
        if s.turn is not None:
            pos = s.position(s.turn)
            row, col = {
                0: (top + box_h - 1, left + box_w // 2),
                1: (top + box_h // 2, end - 1),
                2: (top, left + box_w // 2),
                3: (top + box_h // 2, left),
            }[pos]
            put(grid, row, col, [(ARROWS[pos], f"bold {GOOD}")], len(grid[row]))

    def centre(self, most: int | None = None) -> list[list[Line]]:
        """The centre's groups of parts, the least needed first: the hand, the dice, what the
        wall's marks stand for (where they are letters), the dealer, the gold, the counts,
        whose turn. The dealer is named by place alone where the name would not fit on one
        line of ``most`` cells."""
        s = self.state
        lang, asc = s.lang, s.ascii_tiles
        dealer = self._dealer(s.name(s.dealer))
        if most is not None and line_width(dealer) > most:
            dealer = self._dealer(s.place(s.dealer))
        breaker, count = break_point(s.dealer, s.dice)
        dice = [
            [(tr(lang, "table.dice", a=s.dice[0], b=s.dice[1]), SOFT)],
            [(tr(lang, "table.break", seat=s.place(breaker), n=count), MUTED)],
        ]
        gold: list[Line] = []
        if s.gold >= 0:
            face = chip(s.gold, s.gold, asc)
            gold = [
                [(tr(lang, "table.gold") + " ", f"bold {GOLD}"), (face.plain, str(face.style))],
                [(tr(lang, "table.white", tile=tile_name(s.gold, lang, asc)), SOFT)],
            ]
        counts = [
            [(tr(lang, "table.drawable", n=max(s.drawable, 0)), f"bold {WALL_TEXT}")],
            [(tr(lang, "table.reserve", n=s.reserve), LABEL["reserve"])],
        ]
        if s.last_round:
            turn: Line = [(tr(lang, "table.last_round"), f"bold {BAD}")]
        else:
            turn = [(s.turn_text, f"bold {GOOD}")]
        hand = [[(part, f"bold {TEXT}")] for part in s.hand_text.split(" · ") if part]
        marks = [[(part, MUTED)] for part in legend(lang)]
        return [hand, dice, *([marks] if marks else []), [dealer], gold, counts, [turn]]

    def _dealer(self, name: str) -> Line:
        s = self.state
        dealer: Line = [
            (f" {tr(s.lang, 'table.dealer')} ", f"bold {ON_GOLD} on {GOLD}"),
            (f" {name}", f"bold {TEXT}"),
        ]
        if s.streak > 1:
            dealer.append((f" ×{s.streak}", f"bold {GOLD}"))
        return dealer

    def render_line(self, y: int) -> Strip:
        grid = self.lines()
        return row_strip(grid[y] if y < len(grid) else [], self.rich_style, self.size.width)


def row_strip(row: list[Cell], base: Style, width: int) -> Strip:
    """One row of the grid as a strip ``width`` cells wide, runs of one style together, on the
    widget's own colours."""
    segments: list[Segment] = []
    run, run_style = "", ""
    for ch, style in row:
        if not ch:
            continue  # the second cell of a wide character
        if style != run_style and run:
            segments.append(Segment(run, base + Style.parse(run_style) if run_style else base))
            run = ""
        run += ch
        run_style = style
    if run:
        segments.append(Segment(run, base + Style.parse(run_style) if run_style else base))
    return Strip(segments).adjust_cell_length(width, base)
