"""The start screen: a new game (the three bots' levels, how many 圈, a seed), the rules, quit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ..i18n import level_name, seat_name, tr
from ..localize import localize_bindings
from ..match import BOT_LEVELS
from ..tilefaces import chip

if TYPE_CHECKING:
    from ..app import NingdeApp

ROUND_CHOICES = (1, 2, 3, 4)


def banner(lang: str) -> Text:
    """The title with a row of tiles under it: 宁德麻将 and 金 on gold."""
    out = Text(justify="center")
    out.append(tr(lang, "app.title"), style="bold #e0b23a")
    out.append("\n")
    out.append(tr(lang, "app.subtitle"), style="#8fa8a2")
    out.append("\n\n")
    tiles = (0, 1, 2, 13, 13, 27, 22, 23, 24)
    gold = 13
    for i, t in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(chip(t, gold, False))
    return out


class StartScreen(Screen[None]):
    CSS_PATH = "start.tcss"
    BINDINGS = [
        Binding("question_mark,f1", "app.help", "key.help", key_display="?"),
    ]

    def __init__(self, lang: str, seed: int | None, bots: Sequence[str], rounds: int) -> None:
        super().__init__()
        localize_bindings(self, lang)
        self.lang = lang
        self.seed = seed
        self.bots = list(bots)
        self.rounds = rounds

    def compose(self) -> ComposeResult:
        lang = self.lang
        levels = [(level_name(lvl, lang), lvl) for lvl in BOT_LEVELS]
        rounds = sorted({*ROUND_CHOICES, self.rounds})
        with Center(id="start-box"):
            yield Static(banner(lang), id="banner")
            with Vertical(id="form"):
                yield Label(tr(lang, "start.bots"), classes="form-title")
                with Grid(id="bots"):
                    for seat in (1, 2, 3):
                        yield Label(seat_name(seat, lang), classes="form-label")
                        yield Select(
                            levels,
                            value=self.bots[seat - 1],
                            allow_blank=False,
                            id=f"bot-{seat}",
                            compact=True,
                        )
                with Grid(id="options"):
                    yield Label(tr(lang, "start.rounds"), classes="form-label")
                    yield Select(
                        [(tr(lang, "start.rounds_n", n=n), n) for n in rounds],
                        value=self.rounds,
                        allow_blank=False,
                        id="rounds",
                        compact=True,
                    )
                    yield Label(tr(lang, "start.seed"), classes="form-label")
                    yield Input(
                        value="" if self.seed is None else str(self.seed),
                        placeholder=tr(lang, "start.seed_hint"),
                        id="seed",
                        type="integer",
                        compact=True,
                    )
                yield Static("", id="start-error")
            with Horizontal(id="start-buttons"):
                yield Button(tr(lang, "start.new"), id="new", variant="success")
                yield Button(tr(lang, "start.help"), id="help")
                yield Button(tr(lang, "start.quit"), id="quit", variant="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    @on(Button.Pressed, "#new")
    @on(Input.Submitted, "#seed")
    def _new_game(self) -> None:
        raw = self.query_one("#seed", Input).value.strip()
        if raw and not raw.lstrip("-").isdigit():
            self.query_one("#start-error", Static).update(tr(self.lang, "start.seed_bad"))
            return
        bots = [str(self.query_one(f"#bot-{seat}", Select).value) for seat in (1, 2, 3)]
        rounds = cast(int, self.query_one("#rounds", Select).value)
        cast("NingdeApp", self.app).new_game(int(raw) if raw else None, bots, rounds)

    @on(Button.Pressed, "#help")
    def _help(self) -> None:
        cast("NingdeApp", self.app).action_help()

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.app.exit()
