"""Your hand: the concealed tiles, sorted, the drawn tile set apart, golds marked and locked.

Each tile is a small bordered widget (a 2×2 face: rank over suit). ``highlight`` (set while a
choice is hovered or focused) marks the tiles that choice would use ``-hl`` and greys the rest
``-dim``; ``cursor`` is the tile Enter would discard.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.cache import LRUCache
from textual.containers import Horizontal
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from ...rules.tiles import WHITE
from .. import textual_compat
from ..palette import GOLD_DARK, MUTED, ON_GOLD
from ..tilefaces import GOLD_BG, IVORY, face_lines, tile_style
from .steady import Unscrolled

TILE_KEYS = "1234567890qwertyu"  # one key per position, up to 17 tiles
KEY_STYLE = MUTED


def sort_hand(hand: tuple[int, ...], gold: int) -> list[int]:
    """Golds first, then by kind, 白板 where the gold's face would sit (it plays as that face)."""

    def key(t: int) -> tuple[int, float]:
        if t == gold:
            return (0, 0)
        return (1, gold + 0.5 if t == WHITE else t)

    return sorted(hand, key=key)


def display_order(hand: tuple[int, ...], drawn: int | None, gold: int) -> list[int]:
    """The hand as shown: sorted, with the drawn tile (if any) last, set apart."""
    rest = list(hand)
    if drawn is not None:
        rest.remove(drawn)
    ordered = sort_hand(tuple(rest), gold)
    return ordered + ([drawn] if drawn is not None else [])


BOX = ("╭", "─", "╮", "│", "╰", "╯")
HEAVY_BOX = ("┏", "━", "┓", "┃", "┗", "┛")  # a tile the choice at hand would use
DASHED_BOX = ("╭", "╌", "╮", "╎", "╰", "╯")  # a tile it would not use (greyed)
NO_DISCARD = "✕"  # under a gold, in place of its key: a gold is never discarded


def mark(widget: Widget, classes: dict[str, bool]) -> bool:
    """Give the widget these classes on or off, restyling it once (not once a class) if any
    changed; whether any did."""
    changed = [name for name, on in classes.items() if widget.has_class(name) != on]
    for name in changed:
        widget.set_class(classes[name], name, update=False)
    if changed:
        widget.update_node_styles()
    return bool(changed)


class HandTile(Unscrolled, Widget):
    """One concealed tile drawn as a small box (its key under it); click to discard it.

    The box lines take the widget's CSS ``color`` (so ``-cursor``/``-hl``/hover restyle them);
    the lines' shape says the same without colour: a highlighted tile gets heavy lines, a
    greyed one dashed lines, and a gold (金 on its top edge) ✕ for its key.
    """

    @dataclass
    class Clicked(Message):
        index: int

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple[object, ...] | None = None  # what set_tile was last given
        self._face: list[Strip] | None = None  # the rows of the face being drawn

    def set_tile(
        self,
        tile: int,
        index: int,
        gold: int,
        ascii_tiles: bool,
        drawn: bool,
        key: bool = True,
        big: bool = False,
    ) -> None:
        """Show another tile in this place (a hand's tiles are kept from move to move and
        given their new faces, rather than made again); drawn again only if it changed."""
        shown = (tile, index, gold, ascii_tiles, drawn, key, big)
        if shown == self._shown:
            return
        self._shown = shown
        self.tile = tile
        self.index = index
        self.gold = gold
        self.ascii_tiles = ascii_tiles
        self.show_key = key
        self.big = big
        mark(self, {"-gold": tile == gold, "-drawn": drawn, "-big": big})
        self.refresh()

    def render(self) -> Text:
        """Six rows: the box (4 rows; 5 rows, 6 cells wide when big) one row up when raised,
        then the key."""
        is_gold = self.tile == self.gold
        bg = GOLD_BG if is_gold else IVORY
        edge = Style(bgcolor=bg)
        if is_gold:  # (not reversed: the 金 on its edge marks it)
            face = Style(color=ON_GOLD, bgcolor=bg, bold=True)
        else:
            face = tile_style(self.tile, self.gold) + Style(bgcolor=bg)
        # box lines in any style: --ascii (and English) change the notation, not the box
        tl, h, tr, v, bl, br = self._box()
        top, bottom = face_lines(self.tile, self.ascii_tiles)
        inner = 4 if self.big else 2
        crown = (h * inner, edge)
        if is_gold:
            pad = h * ((inner - 2) // 2)  # the mark is 2 cells wide
            mark = pad + ("G*" if self.ascii_tiles else "金") + pad
            crown = (mark, Style(color=GOLD_DARK, bgcolor=bg, bold=True))
        key = TILE_KEYS[self.index] if self.show_key and self.index < len(TILE_KEYS) else ""
        if key and is_gold:
            key = NO_DISCARD
        faces = [top, bottom]
        if self.big:
            faces = [f" {top} ", " " * inner, f" {bottom} "]
        box = [
            Text.assemble((tl, edge), crown, (tr, edge)),
            *(Text.assemble((v, edge), (f, face), (v, edge)) for f in faces),
            Text.assemble((bl, edge), (h * inner, edge), (br, edge)),
        ]
        gap = Text(" " * (inner + 2))
        rows = [*box, gap] if self.has_class("-raised") else [gap, *box]
        return Text("\n").join([*rows, Text(key.center(inner + 2), style=KEY_STYLE)])

    def _box(self) -> tuple[str, ...]:
        if self.has_class("-hl"):
            return HEAVY_BOX
        return DASHED_BOX if self.has_class("-dim") else BOX

    def draw_lines(self, crop: Region) -> list[Strip]:
        """The tile's rows as the screen shows them (box, colours, the tint of a dimmed tile),
        from the tiles drawn before that looked the same: a hand shows the same few dozen
        faces and keys over and over, and a discard gives most of the row's places another
        face, so a row is drawn anew only the first time it looks so. The key under the tile
        (the last row) is kept apart from the face above it."""
        if not textual_compat.ROWS_KEPT:
            return super().draw_lines(crop)
        width, height = self.size
        look = (
            width, height, self.big, self.visual_style, self.styles.tint, self.background_colors,
            tuple(self.get_line_filters()),
        )  # fmt: skip
        face = (
            self.tile, self.gold, self.ascii_tiles, self._box(), self.has_class("-raised"),
            *look,
        )  # fmt: skip
        key = (self.index if self.show_key else -1, self.tile == self.gold, *look)
        keys = [(y, face) for y in range(height - 1)] + [(-1, key)]
        kept = [_TILE_ROWS.get(k) for k in keys]
        drawn = [strip for strip in kept if strip is not None]
        if len(drawn) < len(keys):
            self._face = None  # (nothing kept from the face this place showed before)
            textual_compat.forget_drawn(self)
            drawn = super().draw_lines(self.size.region)
            for k, strip in zip(keys, drawn, strict=False):
                _TILE_ROWS.set(k, strip)
        if crop == self.size.region:
            return drawn
        x1, x2 = crop.column_span
        return [strip.crop(x1, x2) for strip in drawn[crop.y : crop.bottom]]

    def render_line(self, y: int) -> Strip:
        """A row of the tile's face (made when ``draw_lines`` has not drawn it before)."""
        if not textual_compat.ROWS_KEPT:
            return super().render_line(y)
        width, height = self.size
        if self._face is None:
            visual = textual_compat.visual_of(self)
            self._face = Visual.to_strips(self, visual, width, height, self.visual_style)
        face = self._face
        return face[y] if y < len(face) else Strip.blank(width, self.visual_style.rich_style)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))


_TILE_ROWS: LRUCache[tuple[object, ...], Strip] = LRUCache(4096)  # a tile's rows, by look


@dataclass(frozen=True)
class HandState:
    tiles: tuple[int, ...] = ()  # in display order
    has_drawn: bool = False  # the last tile is the one just drawn
    gold: int = -1
    ascii_tiles: bool = False
    keys: bool = True  # each tile's key under it (not when watching)
    big: bool = False  # bigger tiles, on a big terminal


class HandView(Unscrolled, Horizontal):
    """The row of your concealed tiles. New tiles (``state``) are given to the tiles already
    in the row; a shorter hand (a discard, a call) hides the tiles past its end, which a longer
    one shows again. The
    cursor, a hovered choice's tiles and whether it is your discard only restyle them."""

    # (the tiles draw themselves: the row has nothing of its own to draw again)
    state: reactive[HandState] = reactive(HandState, repaint=False)
    highlight: reactive[tuple[int, ...] | None] = reactive(None, repaint=False)
    cursor: reactive[int] = reactive(0, repaint=False)
    active: reactive[bool] = reactive(
        False, repaint=False
    )  # your discard: the cursor tile is raised

    def compose(self) -> ComposeResult:
        """A place for each tile of the longest hand, those past this hand's end hidden (so
        that no tile is mounted in the middle of a game: a mount lays the screen out once
        more, a frame later)."""
        tiles = self._new_tiles(0)
        for i in range(len(tiles), len(TILE_KEYS)):
            tile = HandTile()
            tile.set_tile(WHITE, i, self.state.gold, self.state.ascii_tiles, False)
            tile.display = False
            tiles.append(tile)
        yield from tiles

    def _new_tiles(self, start: int) -> list[HandTile]:
        s = self.state
        last = len(s.tiles) - 1
        tiles = []
        for i, t in enumerate(s.tiles[start:], start):
            tile = HandTile()
            tile.set_tile(t, i, s.gold, s.ascii_tiles, s.has_drawn and i == last, s.keys, s.big)
            tiles.append(tile)
        return tiles

    def watch_state(self, state: HandState) -> None:
        widgets = self._row()
        count = len(state.tiles)
        last = count - 1
        for i, w in enumerate(widgets):
            if i < count:
                drawn = state.has_drawn and i == last
                w.set_tile(
                    state.tiles[i], i, state.gold, state.ascii_tiles, drawn, state.keys, state.big
                )
            w.display = i < count
        if len(widgets) < count:
            self.mount_all(self._new_tiles(len(widgets)))
        self._paint()

    def _row(self) -> list[HandTile]:
        """Every tile widget of the row, hidden or not."""
        return [w for w in self.children if isinstance(w, HandTile)]

    def tile_widgets(self) -> list[HandTile]:
        """The tiles of the hand, in order (not the hidden ones past its end)."""
        return self._row()[: len(self.state.tiles)]

    def _marks(self) -> list[set[str]]:
        """Per tile: -cursor (and -turn with it on your discard), and -hl (used by the
        highlighted choice) or -dim (not used). Only the tiles whose marks change are
        restyled: a class on the row would restyle every tile."""
        wanted = Counter(self.highlight or ())
        out = []
        for i, t in enumerate(self.state.tiles):
            marks = {"-cursor"} if i == self.cursor else set()
            if marks and self.active:
                marks.add("-turn")
            if self.highlight is not None:
                if wanted[t] > 0:
                    wanted[t] -= 1
                    marks.add("-hl")
                else:
                    marks.add("-dim")
            if "-hl" in marks or ("-cursor" in marks and self.active and self.highlight is None):
                marks.add("-raised")
            out.append(marks)
        return out

    def watch_highlight(self) -> None:
        self._paint()

    def watch_cursor(self) -> None:
        self._paint()

    def watch_active(self) -> None:
        self._paint()

    def _paint(self) -> None:
        widgets = self.tile_widgets()
        for w, marks in zip(widgets, self._marks(), strict=False):
            names = ("-cursor", "-turn", "-hl", "-dim", "-raised")
            if mark(w, {name: name in marks for name in names}):
                w.refresh()  # the marks change the box's lines, not only its colours

    def tile_at(self, index: int) -> int | None:
        tiles = self.state.tiles
        return tiles[index] if 0 <= index < len(tiles) else None
