"""The table's frames, as a terminal gets them: after every move the screen the partial updates
have painted (only the rows and widgets that changed) is the screen drawn whole. The table
marks only what changed as dirty (rows of a pond, a seat or the score board, the wall's rows);
a row left out that did change would leave stale cells on a real terminal, where no snapshot
looks."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from textual.strip import Strip

from ningde_tui.table.match import Match
from ningde_tui.ui.app import NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.table import TableScreen
from ningde_tui.ui.textual_compat import (
    frame_updates,
    frame_writer,
    screen_strips,
    set_frame_writer,
)
from ningde_tui.ui.widgets.hand import _TILE_ROWS
from ningde_tui.ui.widgets.log import TableLog
from ningde_tui.ui.widgets.steady import SteadyStatic

Cell = tuple[str, object]
LayoutUpdate, ChopsUpdate = frame_updates()  # (a whole frame, a partial one)


def cells(strip: Strip) -> list[Cell]:
    """A strip's cells: each character with its style (meta left out); a wide character's
    second cell is ("", style)."""
    out: list[Cell] = []
    for text, style, _ in strip.discard_meta():
        for ch in text:
            out.append((ch, style))
            if Segment(ch).cell_length == 2:
                out.append(("", style))
    return out


class Terminal:
    """What a terminal shows after the frames it was sent."""

    def __init__(self, width: int, height: int) -> None:
        self.rows: list[list[Cell]] = [[(" ", None)] * width for _ in range(height)]

    def write(self, y: int, x: int, strip: Strip) -> None:
        """As a terminal writes: a cell written over half of a wide character blanks the
        other half."""
        row = self.rows[y]
        new = cells(strip)
        for k, cell in enumerate(new):
            c = x + k
            if c >= len(row):
                break
            if k == 0 and c and row[c][0] == "":
                row[c - 1] = (" ", row[c - 1][1])  # the left half of a wide character
            row[c] = cell
        end = x + len(new)
        if end < len(row) and row[end][0] == "":
            row[end] = (" ", row[end][1])  # the right half of a wide character

    def paint(self, update: object) -> None:
        if isinstance(update, LayoutUpdate):
            for y, chop in enumerate(update.strips):
                self.rows[y] = cells(Strip.join(chop))
        elif isinstance(update, ChopsUpdate):
            # as ChopsUpdate.render_segments writes them: each chop overlapping a span, from
            # where it starts, cut at the span's end (a wide character across the cut is lost)
            for y, x1, x2 in update.spans:
                ends = update.chop_ends[y]
                for end, (x, strip) in zip(ends, update.chops[y].items(), strict=False):
                    if strip is None or not strip.cell_length or x > x2 or end <= x1:
                        continue  # (an empty strip: the cursor moved, nothing written)
                    if not (x2 > x >= x1 and end <= x2):
                        strip = strip.crop(0, min(end, x2) - x)
                    self.write(y, x, strip)


def drawn_anew(screen: TableScreen) -> list[list[Cell]]:
    """The screen drawn whole from nothing kept: every widget's lines made again (the rows
    the hand, the log and the text widgets keep by look forgotten)."""
    _TILE_ROWS.clear()
    for widget in screen.walk_children(with_self=True):
        if isinstance(widget, TableLog):
            widget._rows.clear()
        elif isinstance(widget, SteadyStatic):
            widget.forget_rows()
        widget.refresh()
    return [cells(strip) for strip in screen_strips(screen)]


@pytest.mark.parametrize("size", [(110, 34), (160, 50)])
async def test_the_frames_of_a_game_add_up_to_the_whole_screen(size: tuple[int, int]) -> None:
    """Bots play a demo (your hand shown); now and then the mouse moves over the hand, and a
    notice in Chinese comes up over the table (a run of a widget kept whole where others end
    beneath it, and a changed row written whole, so that no cut of a changed region's edge
    falls inside a notice's wide character: ``textual_compat.keep_wide_characters_whole``)."""
    match = Match.new(3, ["greedy"] * 4, humans=(), rounds_limit=False)
    app = NingdeApp(LaunchOptions(match=match, pace="normal", start_screen=False, seed=3))
    terminal = Terminal(*size)
    display = frame_writer(app)

    def shown(screen: object, update: object) -> None:
        display(screen, update)
        terminal.paint(update)

    set_frame_writer(app, shown)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.workers.cancel_all()  # the bots are stepped here, one move at a time
        await pilot.pause()
        screen.refresh()
        await pilot.pause()
        moves = 0
        while moves < 120:
            if match.hand_over:
                match.finish_hand()
                match.next_hand()
            else:
                step = match.next_bot()
                assert step is not None
                seat, obs, _ = step
                match.apply(match.bot_action(seat, obs))
            screen.refresh_table()
            await pilot.pause()
            moves += 1
            if moves % 3 == 0:  # the mouse over a tile of the hand (lit), or off it
                await pilot.hover("#hand", offset=(2 + moves % 40, 3))
            if moves % 7 == 0:  # a notice over the table, at a width of its own each time
                app.notify("自动过：开" + "一" * (moves % 5), timeout=0.5 + moves % 3)
            stale = [y for y, row in enumerate(drawn_anew(screen)) if terminal.rows[y] != row]
            assert not stale, (moves, stale)
            await pilot.pause()  # (the frame that draws everything anew)


async def test_a_text_widget_narrowed_after_it_was_shown_draws_as_textual_would() -> None:
    """Its lines are drawn one by one and kept by what they show, each as Textual would draw
    it in its place, and only while none of them is wider than the widget: narrowed (the
    terminal, a panel), its text wraps as a Static's."""
    from rich.text import Text
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    text = Text("一二三四五六\nabcdefghij\nxy")

    class Two(App[None]):
        CSS = "Static { width: 12; height: 6; }"

        def compose(self) -> ComposeResult:
            yield SteadyStatic(id="steady")
            yield Static(text, id="plain")

    async with Two().run_test(size=(30, 14)) as pilot:
        steady = pilot.app.query_one("#steady", SteadyStatic)
        plain = pilot.app.query_one("#plain", Static)
        steady.show(text)
        await pilot.pause()
        for width in (12, 6, 12):
            steady.styles.width = plain.styles.width = width
            await pilot.pause()
            # (with the offsets text selection reads from each character's style)
            drawn = [list(s) for s in steady.render_lines(steady.size.region)]
            assert drawn == [list(s) for s in plain.render_lines(plain.size.region)], width


async def test_the_tables_text_rows_say_where_they_are_for_text_selection() -> None:
    """Ponds and text widgets draw their text a line at a time: each character still carries
    the row of the text it is on (Textual's text selection reads it from its style)."""
    from ningde_tui.ui.widgets.pond import PondView

    match = Match.new(3, ["greedy"] * 4, humans=(), rounds_limit=False)
    app = NingdeApp(LaunchOptions(match=match, pace="normal", start_screen=False, seed=3))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.workers.cancel_all()
        for _ in range(30):  # (within the first hand)
            step = match.next_bot()
            assert step is not None and not match.hand_over
            seat, obs, _ = step
            match.apply(match.bot_action(seat, obs))
            screen.refresh_table()
            await pilot.pause()
        seen = 0
        for widget in screen.query("*"):
            if not isinstance(widget, (SteadyStatic, PondView)) or not widget.display:
                continue
            top = widget.gutter.top
            for y, strip in enumerate(widget.render_lines(widget.outer_size.region)):
                for segment in strip:
                    meta = segment.style.meta if segment.style is not None else {}
                    if "offset" in meta:
                        assert meta["offset"][1] == y - top, (widget, y)
                        seen += 1
        assert seen > 100
