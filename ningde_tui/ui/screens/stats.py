"""战绩: each player's record over every saved game (the same tallies as ``ningde stats``).

A table of players (games, hands, win and deal-in rates, self-draws, points); for the player
under the cursor, their running points hand by hand as a line chart and the patterns they won as
bars. ``a`` cycles the filter by the bot level of the opponents (all, then each level of
``bots.base.LEVELS``: 简单 / 普通 / 困难). The records are read off the UI thread (the first time
replays every record; later runs read the summaries cache)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Static
from textual_plotext import PlotextPlot

from ...analysis.stats import Collection, PlayerRow, StatsSummary, collect, tally
from ...bots.base import LEVELS
from ...i18n.words import level_name, pattern_name, person_name, tr
from ...records.storage import records_dir
from ..widgets.keybar import KeyBar
from .base import PlayerScreen

AGAINST = (None, *LEVELS)  # the filter's steps: every game, then against each level
BAR = 24  # cells of the longest pattern bar


def rate(value: str | None) -> str:
    """A rate (``PlayerRow.win_rate``) as the table shows it, a dash for none."""
    return value or "—"


def pattern_bars(player: PlayerRow, lang: str) -> Text:
    """The patterns a player won, as bars (longest = most wins)."""
    out = Text()
    patterns = player.patterns
    if not patterns:
        out.append(tr(lang, "stats.no_wins"), style="italic")
        return out
    top = max(patterns.values())
    width = max(len(pattern_name(p, lang)) for p in patterns)
    for i, (pattern, n) in enumerate(patterns.items()):
        if i:
            out.append("\n")
        name = pattern_name(pattern, lang)
        out.append(f"{name:<{width}} ", style="bold")
        out.append("█" * max(1, round(BAR * n / top)), style="green")
        out.append(f" {n}")
    return out


class StatsScreen(PlayerScreen[None]):
    CSS_PATH = "stats.tcss"
    BINDINGS = [
        Binding("a", "cycle_against", "stats.key.against"),
        Binding("escape,q", "leave", "key.back", key_display="Esc"),
    ]

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.folder = folder
        self.collection: Collection | None = None
        self.against: str | None = None
        self.summary = StatsSummary(0, 0, [])

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="stats-box") as box:
            box.border_title = tr(lang, "stats.title")
            yield Static(tr(lang, "stats.loading"), id="stats-head")
            with Horizontal(id="stats-body"):
                yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
                with Vertical(id="stats-detail"):
                    yield PlotextPlot(id="stats-chart")
                    yield Static("", id="stats-patterns")
            yield Static("", id="stats-broken")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key in ("name", "games", "hands", "wins", "self", "deal_ins", "points"):
            table.add_column(tr(self.lang, f"stats.col.{key}"), key=key)
        self.load()

    @work(thread=True, exclusive=True, group="stats")
    def load(self) -> None:
        """The first look replays every record: off the UI thread."""
        found = collect(self.folder or records_dir())
        self.app.call_from_thread(self.show, found)

    def show(self, found: Collection) -> None:
        self.collection = found
        self.refill()
        broken = self.query_one("#stats-broken", Static)
        broken.update(tr(self.lang, "stats.broken", n=len(found.broken)) if found.broken else "")
        broken.display = bool(found.broken)
        self.query_one(DataTable).focus()

    def refill(self) -> None:
        """Tally for the current filter and fill the table (humans first, then by hands)."""
        if self.collection is None:
            return
        lang = self.lang
        summary = tally(self.collection.games, against=self.against)
        players = sorted(summary.players, key=lambda p: (p.kind != "human", -p.points, p.name))
        self.summary = summary = replace(summary, players=players)
        against = (
            tr(lang, "stats.all")
            if self.against is None
            else tr(lang, "stats.against", level=level_name(self.against, lang))
        )
        head = tr(lang, "stats.head", games=summary.games, hands=summary.hands, against=against)
        if summary.games_apart:
            head += "\n" + tr(lang, "stats.taken_back", games=summary.games_apart)
        self.query_one("#stats-head", Static).update(head)
        table = self.query_one(DataTable)
        table.clear()
        for p in players:
            points = Text(f"{p.points:+d}", style="green" if p.points >= 0 else "red")
            table.add_row(
                person_name(p.name, p.kind, p.levels, lang),
                str(p.games),
                str(p.hands),
                f"{p.wins} · {rate(p.win_rate)}",
                str(p.self_draws),
                f"{p.deal_ins} · {rate(p.deal_in_rate)}",
                points,
                key=p.name,
            )
        self.show_player(0 if players else None)

    def show_player(self, row: int | None) -> None:
        chart = self.query_one(PlotextPlot)
        plt = chart.plt
        plt.clear_data()
        plt.clear_figure()
        patterns = self.query_one("#stats-patterns", Static)
        players = self.summary.players
        if row is None or not players:
            patterns.update(tr(self.lang, "stats.none"))
            chart.refresh()
            return
        player = players[min(row, len(players) - 1)]
        points = [0, *player.hand_points]
        hands = list(range(len(points)))
        plt.plot(hands, points, marker="braille", color="green")
        plt.hline(0, "gray")
        step = max(1, len(points) // 6)
        plt.xticks([float(x) for x in hands[::step]])
        lo, hi = min(points), max(points)
        rise = max(1, round((hi - lo) / 5))
        plt.yticks([float(y) for y in range(-(-lo // rise) * rise, hi + 1, rise)])  # in the data
        name = person_name(player.name, player.kind, player.levels, self.lang)
        plt.title(tr(self.lang, "stats.chart", name=name))
        plt.xlabel(tr(self.lang, "stats.chart_x"))
        plt.ylabel(tr(self.lang, "stats.chart_y"))
        chart.refresh()
        patterns.update(pattern_bars(player, self.lang))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_player(event.cursor_row)

    def action_cycle_against(self) -> None:
        self.against = AGAINST[(AGAINST.index(self.against) + 1) % len(AGAINST)]
        self.refill()

    def action_leave(self) -> None:
        self.dismiss()
