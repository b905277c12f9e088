"""The result of a hand: every hand revealed, the pattern, each payer's formula exactly as the
engine computed it (``Payment.text``), the score changes, the standings and a chart of each
player's score across the hands. Enter goes on; at the end of the session, final standings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Static

from ...i18n.words import pattern_name, payment_text, tr
from ...rules.game import HandResult, RuleEvent
from ...rules.scoring import WinBy
from ...table.seating import Seating
from ...table.view import Standings, TableView
from .. import collect
from ..localize import localize_bindings
from ..palette import BAD, BLUE, GOLD, GOOD, MUTED, SOFT, TEXT
from ..tilefaces import chip, tile_text
from ..widgets.hand import sort_hand
from ..widgets.keybar import KeyBar
from ..widgets.seat import melds_text
from .base import PlayerModal

BARS = "▁▂▃▄▅▆▇█"
SEAT_COLOURS = (GOOD, BLUE, GOLD, BAD)
# a win whose pattern already names how it was won (自摸 by self-draw, 抢金 by robbing) does not
# say it twice
SAID_BY_PATTERN = {("zimo", WinBy.SELF), ("qiangjin", WinBy.ROB)}
SIDE_PANEL = "#side"  # the table's side panel, which the result leaves whole


def sparkline(values: list[int], lo: int, hi: int) -> str:
    """One bar per hand on a scale shared by all players (so the lines compare)."""
    span = max(hi - lo, 1)
    return "".join(BARS[round((v - lo) * (len(BARS) - 1) / span)] for v in values)


def signed(n: int) -> Text:
    colour = GOOD if n > 0 else BAD if n < 0 else SOFT
    return Text(f"{n:+d}", style=f"bold {colour}")


class ResultScreen(PlayerModal[None]):
    CSS_PATH = "result.tcss"
    BINDINGS = [
        Binding("enter,space", "dismiss", "key.next", key_display="⏎"),
        Binding("r", "review", "result.review"),
    ]

    def __init__(
        self,
        standings: Standings,
        view: TableView,
        result: HandResult,
        *,
        seating: Seating | None = None,
        auto_close: float | None = None,
        review_from: tuple[Path, int] | None = None,
        closing: tuple[str, str] | None = None,
        final_title: str | None = None,
    ) -> None:
        super().__init__()
        self.standings_now = standings
        self.view = view  # every hand face up
        self.result = result
        self.seating = seating or Seating(self.lang)
        self.final = standings.final
        self.auto_close = auto_close  # a demo goes on by itself after this many seconds
        self.review_from = review_from  # (record, seat) to offer 复盘 from, if any
        # what closing does, in words (the subtitle's key, the button's): by default the
        # table's, the next hand or, after the last, back to the start screen
        self.closing = closing or (
            ("result.back", "result.back_button")
            if self.final
            else ("result.next", "result.next_button")
        )
        self.final_title = final_title or "result.final"
        # the key bar's Enter says what the button does (回到开始 at the end, not 下一局)
        localize_bindings(self, self.lang, {"dismiss": self.closing[1]})

    def on_mount(self) -> None:
        self.keep_clear_of_side_panel()
        collect.at_a_pause()  # a result is read, not watched: the moment for a full collection
        if self.auto_close is not None:
            self.set_timer(max(self.auto_close, 0.01), self._close)

    def on_resize(self) -> None:
        # the table beneath lays its side panel out for the new size first
        self.call_after_refresh(self.keep_clear_of_side_panel)

    def keep_clear_of_side_panel(self) -> None:
        """The box stands left of the side panel of the table beneath (scores, hints, log),
        so none of the panel's lines is cut; a folded panel leaves it the whole width."""
        stack = self.app.screen_stack
        under = stack[stack.index(self) - 1] if self in stack and stack.index(self) else None
        right = 0
        if under is not None:
            side = under.query(SIDE_PANEL).first() if under.query(SIDE_PANEL) else None
            if side is not None and side.display and side.region.width:
                right = max(under.size.width - side.region.x, 0)
        boxes = self.query("#result-box")
        if not boxes:
            return  # the screen is being taken down (the app quitting)
        box = boxes.first()
        box.styles.margin = (0, right, 0, 0)
        box.styles.max_width = max(self.size.width - right - 2, 40)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """复盘 (r) is a key only where the hand can be reviewed."""
        if action == "review":
            return self.review_from is not None
        return True

    def _close(self) -> None:
        if self.is_current:
            self.dismiss()

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="result-box") as box:
            box.border_title = tr(lang, "result.title", n=self.standings_now.hand_no)
            box.border_subtitle = tr(lang, self.closing[0])
            yield Static(self.headline(), id="result-head")
            yield Static(self.hands_table(), id="result-hands")
            if self.result.score is not None:
                yield Static(self.payments_table(), id="result-pay")
            yield Static(self.standings(), id="result-standings")
            # a button as well as Enter, so a game can be played with the mouse alone
            with Horizontal(id="result-buttons"):
                yield Button(tr(lang, self.closing[1]), id="result-next", variant="success")
                if self.review_from is not None:
                    yield Button(tr(lang, "result.review"), id="result-review")
        yield KeyBar()  # its own keys over the table's

    @on(Button.Pressed, "#result-next")
    def next_pressed(self) -> None:
        self.dismiss()

    @dataclass
    class Review(Message):
        """复盘 was asked for: open hand ``hand`` (0-based) of the record at ``path`` in the
        replay viewer, as ``seat`` saw it, reviewed; ``yours``: the result was seen from that
        seat's chair (a table against bots), and 复盘 calls its player 你 too."""

        path: Path
        seat: int
        hand: int
        yours: bool = False

    def action_review(self) -> None:
        if self.review_from is not None:
            path, seat = self.review_from
            hand = self.standings_now.hand_no - 1
            self.post_message(self.Review(path, seat, hand, yours=self.seating.relative))

    @on(Button.Pressed, "#result-review")
    def review_pressed(self) -> None:
        self.action_review()

    def headline(self) -> Text:
        r, lang = self.result, self.lang
        out = Text()
        if r.winner is None or r.score is None:
            dead = r.events[-1:] == [RuleEvent.CHOUZHUANG]  # 臭庄 ended the hand
            out.append(
                tr(lang, "result.chouzhuang" if dead else "result.draw"), style=f"bold {GOLD}"
            )
        else:
            out.append(
                tr(
                    lang,
                    "result.win",
                    name=self.seating.name(r.winner),
                    pattern=pattern_name(r.pattern, lang),
                ),
                style=f"bold {GOLD}",
            )
            by = r.by or WinBy.SELF
            if by == WinBy.DISCARD and r.discarder is not None:
                out.append(
                    "   " + tr(lang, "result.by.discard", name=self.seating.name(r.discarder))
                )
            elif (r.pattern, by) not in SAID_BY_PATTERN:
                out.append("   " + tr(lang, f"result.by.{by}"))
            if r.win_tile is not None:
                out.append("   " + tr(lang, "result.win_tile", tile="").rstrip() + " ")
                out.append_text(tile_text(r.win_tile, self.view.obs.gold, self.ascii_tiles))
        if r.events:
            names = "、".join(tr(lang, f"rule_event.{e}") for e in r.events)
            out.append("\n" + tr(lang, "result.events", events=names), style=MUTED)
        return out

    def hands_table(self) -> Table:
        r, lang, asc = self.result, self.lang, self.ascii_tiles
        gold = self.view.obs.gold
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True)
        table.add_column()
        table.add_column(justify="right", no_wrap=True)
        for seat in range(4):
            name = Text(self.seating.name(seat), style="bold")
            if seat == r.dealer:
                name.append(" " + tr(lang, "table.dealer"), style=f"bold {GOLD}")
            if seat == r.winner:
                name = Text("★ ", style=f"bold {GOLD}") + name
            shown = self.view.hands[seat]
            tiles = sort_hand(shown.tiles, gold) if shown is not None else ()
            mark = r.win_tile if seat == r.winner else None
            hand = Text()
            for i, t in enumerate(tiles):
                if i:
                    hand.append(" ")
                hand.append_text(chip(t, gold, asc, latest=t == mark))
                if t == mark:
                    mark = None
            melds = self.view.melds(seat)
            if melds:
                hand.append("   ")
                hand.append_text(melds_text(melds, gold, asc, lang))
            table.add_row(name, hand, signed(r.deltas[seat]))
        return table

    def payments_table(self) -> Table:
        r, lang = self.result, self.lang
        assert r.score is not None and r.winner is not None
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        for seat in range(4):
            if seat == r.winner:
                continue
            pay = (
                r.score.pay_dealer if seat == r.dealer and r.score.pay_dealer else r.score.pay_other
            )
            assert pay is not None
            dealer = tr(lang, "result.dealer") if seat == r.dealer else ""
            who = tr(lang, "result.pays", name=self.seating.name(seat), dealer=dealer)
            table.add_row(
                Text(who, style=SOFT),
                Text(payment_text(pay, lang), style=f"bold {TEXT}"),
            )
        return table

    def standings(self) -> Group:
        lang = self.lang
        history = self.standings_now.history
        scores = self.standings_now.scores
        lo = min(min(h) for h in history)
        hi = max(max(h) for h in history)
        order = sorted(range(4), key=lambda s: -scores[s])
        table = Table.grid(padding=(0, 2))
        for _ in range(5):
            table.add_column(no_wrap=True)
        for rank, seat in enumerate(order, 1):
            line = [h[seat] for h in history]
            table.add_row(
                Text(tr(lang, "result.rank", n=rank), style=MUTED),
                Text(self.seating.name(seat), style="bold"),
                signed(self.result.deltas[seat]),
                signed(scores[seat]),
                Text(sparkline(line, lo, hi), style=SEAT_COLOURS[seat]),
            )
        title = tr(lang, self.final_title) if self.final else tr(lang, "result.total")
        head = Text(f"{title}   ", style=f"bold {GOLD}")
        head.append(
            f"{tr(lang, 'result.change')} · {tr(lang, 'result.total')} · {tr(lang, 'result.chart')}",
            style=MUTED,
        )
        return Group(head, table)
