"""Play without colour: NO_COLOR as no-color.org reads it, and the table read with every
colour stripped still shows the gold, the tiles a choice would use and the greyed ones, the
last discard, whose turn it is, a claimed tile and the tile you may not discard."""

from __future__ import annotations

import os

import pytest
from pilot_helpers import settle, table, table_app
from rich.segment import Segment
from scenarios import chi_choice_match
from textual.geometry import Region
from textual.widget import Widget

from ningde_tui.rules.game import ActionType
from ningde_tui.ui.widgets.hand import HandView

SIZE = (160, 50)


def plain_rows(widget: Widget) -> list[list[Segment]]:
    """The widget's rows as drawn, every colour taken out (bold, underline, reverse kept)."""
    width, height = widget.size
    strips = widget.render_lines(Region(0, 0, width, height))
    return [list(Segment.remove_color(list(strip))) for strip in strips]


def plain_text(widget: Widget) -> str:
    return "\n".join("".join(s.text for s in row) for row in plain_rows(widget))


def marked(widget: Widget, text: str, *attributes: str) -> bool:
    """Some run of the widget holding ``text`` carries every one of ``attributes``."""
    return any(
        text in seg.text
        and seg.style is not None
        and all(getattr(seg.style, a) for a in attributes)
        for row in plain_rows(widget)
        for seg in row
    )


def cells(row: list[Segment]) -> list[tuple[int, Segment]]:
    """Each run of a row with the cell it starts at."""
    out, x = [], 0
    for seg in row:
        out.append((x, seg))
        x += seg.cell_length
    return out


def colours(widget: Widget) -> set[tuple[int, int, int]]:
    out = set()
    for strip in widget.render_lines(Region(0, 0, *widget.size)):
        for seg in strip:
            for colour in (seg.style.color, seg.style.bgcolor) if seg.style else ():
                if colour is not None:
                    out.add(colour.get_truecolor())
    return out


@pytest.mark.parametrize(("value", "grey"), [("1", True), ("", False), (None, False)])
def test_no_color_as_no_color_org_reads_it(monkeypatch, value, grey):
    """Present and not empty: no colour; empty or absent: colour (Textual alone would take an
    empty one as no colour). The environment is left as it was."""
    if value is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", value)
    app = table_app(chi_choice_match())
    assert app.no_color is grey

    assert os.environ.get("NO_COLOR") == value


async def test_no_color_draws_the_table_in_grey(monkeypatch):
    """Under NO_COLOR every colour the table draws, Rich's text in the widgets included, is a
    grey: Textual's own handling reaches all of it."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = table_app(chi_choice_match())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(pilot)
        for part in ("#wall", "#pond-3", "#my-line", "#hints", *[f"#seat-{s}" for s in (1, 2, 3)]):
            drawn = colours(screen.query_one(part))
            assert drawn and all(r == g == b for r, g, b in drawn), part


async def test_every_mark_survives_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = table_app(chi_choice_match())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(pilot)
        gold = screen.table.observation().gold
        hand = screen.query_one(HandView)
        # whose turn: ▶ by your name (the claim is yours), and the centre points at you
        assert "▶" in plain_text(screen.query_one("#my-line"))
        # the last discard: 上家's 四万 with ◀ beside it
        assert "◀" in plain_text(screen.query_one("#pond-3"))
        # the gold: 金 on the hand tile's edge, and in the centre reversed and underlined
        (gold_tile,) = [w for w in hand.tile_widgets() if w.tile == gold]
        assert "金" in plain_text(gold_tile).splitlines()[1]
        assert marked(screen.query_one("#wall"), "九条", "reverse", "underline")
        # the tile you may not discard: ✕ in place of its key
        assert plain_text(gold_tile).splitlines()[-1].strip() == "✕"

        # a choice's tiles: heavy lines (and raised); the tiles it would not use: dashed lines
        await pilot.hover("#choice-1")
        await pilot.pause()
        boxes = [(w.tile, plain_text(w)) for w in hand.tile_widgets()]
        used = [t for t, text in boxes if "┏" in text]
        greyed = [t for t, text in boxes if "╌" in text]
        assert sorted(used) == [2, 4]  # 三万 and 五万
        assert greyed and not set(greyed) & set(used)
        assert len(used) + len(greyed) == len(boxes)

        # a claimed tile: 吃 it; your meld underlines it, 上家's pond points it at you
        await pilot.click("#choice-1")
        await settle(pilot)
        rows = plain_rows(screen.query_one("#melds-0"))
        underlined = [x for x, seg in cells(rows[-1]) if seg.style and seg.style.underline]
        assert [seg.text for x, seg in cells(rows[0]) if x in underlined] == ["四"]
        assert "▼" in plain_text(screen.query_one("#pond-3"))
        assert screen.table.game.hands[0].count(gold) == 1
        # the gold's key still refuses, and says why
        index = [w.tile for w in hand.tile_widgets()].index(gold)
        assert "✕" in plain_text(hand.tile_widgets()[index])
        await pilot.press("1")
        await settle(pilot)
        assert screen.table.game.hands[0].count(gold) == 1
        assert screen.view is not None
        assert any(a.type == ActionType.DISCARD for a in screen.view.obs.legal)


async def test_a_bots_turn_and_your_last_discard_without_colour(monkeypatch):
    """After your discard, while 下家 thinks: ▶ before 下家's name, the centre's arrow at
    下家, and ◀ beside your discard."""
    from ningde_tui.ui.screens.table import TableScreen

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(TableScreen, "run_bots", lambda self: None)  # 下家 thinks on
    app = table_app(chi_choice_match(), pace="normal")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(pilot)
        assert "▶" not in plain_text(screen.query_one("#wall"))  # (it points at you: ▼)
        await pilot.click("#choice-1")  # 吃, then discard
        await settle(pilot)
        await pilot.press("0")
        await settle(pilot)
        assert screen.table.next_bot() is not None and screen.table.next_bot()[0] == 1
        assert "▶" in plain_text(screen.query_one("#seat-1"))
        assert "▶" not in plain_text(screen.query_one("#my-line"))
        assert "▶" in plain_text(screen.query_one("#wall"))  # the centre points right
        assert "◀" in plain_text(screen.query_one("#pond-0"))
