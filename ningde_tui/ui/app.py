"""The Textual app: start screen → table ⇄ result, help on top of any of them.

``NingdeApp(seed=..., pace="instant", bots=[...], start_screen=False)`` jumps straight to the
table (tests and screenshots); ``match=`` starts from a prepared Match (a hand-made wall).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from textual.app import App, SystemCommand
from textual.screen import Screen

from .i18n import tr
from .match import BOT_LEVELS, DEFAULT_BOT, PACES, Match
from .screens.help import HelpScreen
from .screens.start import StartScreen
from .screens.table import TableScreen


class NingdeApp(App[None]):
    CSS_PATH = "app.tcss"

    def __init__(
        self,
        *,
        seed: int | None = None,
        lang: str = "zh",
        ascii_tiles: bool = False,
        pace: str = "normal",
        bots: Sequence[str] = (DEFAULT_BOT,) * 3,
        rounds: int = 1,
        start_screen: bool = True,
        match: Match | None = None,
    ) -> None:
        super().__init__()
        if pace not in PACES:
            raise ValueError(f"unknown pace {pace!r} (known: {', '.join(PACES)})")
        if len(bots) != 3 or any(b not in BOT_LEVELS for b in bots):
            raise ValueError(f"three bot levels from {', '.join(BOT_LEVELS)}, not {list(bots)}")
        self.seed = seed
        self.lang = lang
        self.ascii_tiles = ascii_tiles
        self.pace = pace
        self.bots = list(bots)
        self.rounds = rounds
        self.start_screen = start_screen
        self.initial_match = match
        self.title = tr(lang, "app.title")
        self.set_class(ascii_tiles, "-ascii")

    def on_mount(self) -> None:
        if self.initial_match is not None:
            self.push_screen(self.table_screen(self.initial_match))
        elif self.start_screen:
            self.push_screen(StartScreen(self.lang, self.seed, self.bots, self.rounds))
        else:
            self.new_game(self.seed, self.bots, self.rounds)

    def table_screen(self, match: Match) -> TableScreen:
        return TableScreen(match, self.lang, self.ascii_tiles, self.pace)

    def new_game(self, seed: int | None, bots: Sequence[str], rounds: int) -> None:
        """Start a session at the table (a random seed when none is given)."""
        if seed is None:
            seed = random.randrange(1_000_000)
        self.seed, self.bots, self.rounds = seed, list(bots), rounds
        table = self.table_screen(Match.new(seed, bots, rounds))
        if isinstance(self.screen, StartScreen | TableScreen):
            self.switch_screen(table)
        else:
            self.push_screen(table)

    def action_new_game(self) -> None:
        """Back to the start screen (whatever is open on top of the table is closed)."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        start = StartScreen(self.lang, None, self.bots, self.rounds)
        if len(self.screen_stack) == 2:
            self.switch_screen(start)
        else:
            self.push_screen(start)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.lang))

    def action_toggle_hints(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.action_toggle_hints()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        lang = self.lang
        yield SystemCommand(tr(lang, "cmd.new"), tr(lang, "cmd.new_help"), self.action_new_game)
        yield SystemCommand(tr(lang, "cmd.help"), tr(lang, "cmd.help_help"), self.action_help)
        if any(isinstance(s, TableScreen) for s in self.screen_stack):
            yield SystemCommand(
                tr(lang, "cmd.hints"), tr(lang, "cmd.hints_help"), self.action_toggle_hints
            )
        yield from super().get_system_commands(screen)
