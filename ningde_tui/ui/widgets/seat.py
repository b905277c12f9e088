"""A player's place at the table: name, dealer mark, score, concealed tiles and melds.

The other seats' hands are shown as backs with a count, or face up when a game is watched with
every hand visible; the bottom seat's concealed tiles are in HandView and its melds in a
MeldsView beside them, so its line shows only the name and the score.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.reactive import reactive

from ...i18n.words import level_name, placed_name, seat_name, tr
from ...rules.melds import Meld
from ..palette import BAD, GOLD, GOOD, KEY, LIT, MUTED, ON_GOLD, PANEL_LIT, SOFT
from ..tilefaces import FLAT, backs, chip, row_lines
from .hand import sort_hand
from .melds import MeldsState, meld_pieces, melds_lines
from .steady import SteadyStatic

CALLOUT_STYLE = f"bold {ON_GOLD} on {LIT}"


@dataclass(frozen=True)
class SeatState:
    seat: int
    name: str = ""  # as the table calls it (你/下家/…, a player's name); "" = by position
    person: str = ""  # the player's name after the place in ``name`` (下家·电脑·普通 2号)
    level: str = ""  # bot level where the name does not say it, "" for a human
    score: int = 0
    dealer: bool = False
    streak: int = 1
    hand_size: int = 0
    melds: tuple[Meld, ...] = ()
    gold: int = -1
    active: bool = False
    lang: str = "zh"
    ascii_tiles: bool = False
    tiles: tuple[int, ...] | None = None  # the concealed tiles face up (watching), drawn last
    drawn: bool = False  # the last of ``tiles`` was just drawn
    melds_state: MeldsState = field(default_factory=MeldsState)
    width: int = 40  # the most cells a line may take
    narrow: bool = False  # at the side of the table: the score under the name
    one_row: bool = False  # the hand's backs and the melds on one line (a small terminal)
    tight: bool = False  # a narrow terminal with the side panel open: no room to spare
    left: bool = False  # on the left of the table (上家)
    callout: str = ""  # 碰！ just after this seat called
    tags: tuple[str, ...] = ()  # your line: the auto options that are on
    ready: Text | None = None  # your line: 听 and the waits, when the hints panel is not shown


def meld_text(meld: Meld, gold: int, ascii_tiles: bool, lang: str) -> Text:
    """A meld on one line, as ``meld_pieces`` lays it (a 吃 in rank order, the called tile
    marked); kongs tagged 杠/暗杠."""
    out = Text()
    if meld.is_kong:
        out.append(tr(lang, f"choice.{meld.kind}"), KEY)  # 杠 / 暗杠
    if not meld.tiles:  # another seat's 暗杠, face down (rules.md §5)
        out.append("▮▮▮▮", KEY)
        return out
    out.append_text(row_lines(meld_pieces(meld, None, True), FLAT, gold, ascii_tiles, sep="")[0])
    return out


def melds_text(melds: tuple[Meld, ...], gold: int, ascii_tiles: bool, lang: str) -> Text:
    return Text("  ").join(meld_text(m, gold, ascii_tiles, lang) for m in melds)


def name_line(s: SeatState) -> Text:
    """Name and dealer badge (庄, or 庄×2 on a streak); at the side of the table the place
    alone, the player's name on a line of its own under it."""
    out = Text()
    place = s.name or seat_name(s.seat, s.lang)
    out.append(place if s.narrow else placed_name(place, s.person, s.lang), style="bold")
    if s.dealer:
        out.append("  ")
        mark = (
            tr(s.lang, "table.streak", n=s.streak) if s.streak > 1 else tr(s.lang, "table.dealer")
        )
        out.append(f" {mark} ", style=f"bold {ON_GOLD} on {GOLD}")
    return out


def score_text(s: SeatState) -> Text:
    """The score, after the bot's level if it is a bot."""
    colour = GOOD if s.score > 0 else BAD if s.score < 0 else SOFT
    out = Text()
    if s.level:
        out.append(level_name(s.level, s.lang) + " · ", style=MUTED)
    out.append(tr(s.lang, "table.score", n=s.score), style=f"bold {colour}")
    return out


def mark_turn(widget: SteadyStatic, active: bool) -> None:
    """The lit background of the place whose turn it is. Set on the widget itself rather
    than by a CSS class: a class would match the whole stylesheet against the widget again,
    on two places a move."""
    widget.styles.background = PANEL_LIT if active else None


class SeatView(SteadyStatic):
    """Another player at their side of the table: name, dealer mark and score, the hand face
    down (or face up when watching), the melds as tiles."""

    state: reactive[SeatState] = reactive(lambda: SeatState(0), init=False, repaint=False)

    def watch_state(self, state: SeatState) -> None:
        mark_turn(self, state.active)
        self.show(Text("\n").join(seat_lines(state)))


def callout_text(s: SeatState) -> Text:
    return Text(f" {s.callout} ", style=CALLOUT_STYLE) if s.callout else Text()


def seat_lines(s: SeatState) -> list[Text]:
    title = Text("▶ " if s.active else "", style=f"bold {GOOD}")
    title.append_text(name_line(s))
    if s.callout:
        title.append(" ")
        title.append_text(callout_text(s))
    lines = [title]
    if s.narrow:
        if s.person:
            lines.append(Text(s.person, style="bold"))
        lines.append(score_text(s))
    else:
        title.append("  ")
        title.append_text(score_text(s))
    melds = melds_lines(s.melds_state)
    if s.tiles is None and s.narrow:
        return beside_backs(lines + melds, s)
    if s.tiles is None:
        body = backs(s.hand_size)
        body.append(f" {s.hand_size}", style=MUTED)
        if s.one_row and not s.narrow and len(melds) == 1:
            body.append("  ")
            body.append_text(melds.pop())
        lines.append(body)
    else:
        lines += open_hand(s, max(s.width, 8)).split("\n")
    return lines + melds


def beside_backs(info: list[Text], s: SeatState) -> list[Text]:
    """A side player's hand as a column of backs on the wall's side of their place (right of
    上家's name and melds, left of 下家's), so hand, melds and pond sit together; both centred."""
    count = s.hand_size
    width = max(line.cell_len for line in info)
    if s.tight:
        # no room for the column beside the melds (a narrow terminal with the side panel
        # open): the backs as a count under the name, so nothing is cut off at the edge
        hand = backs(1)
        hand.append(f"×{count}", style=MUTED)
        return [info[0], hand, *info[1:]]
    height = max(count, len(info))
    top_backs, top_info = (height - count) // 2, (height - len(info)) // 2
    out = []
    for row in range(height):
        back = backs(1) if 0 <= row - top_backs < count else Text(" ")
        k = row - top_info
        line = info[k].copy() if 0 <= k < len(info) else Text()
        line.append(" " * (width - line.cell_len))
        out.append(Text.assemble(line, "  ", back) if s.left else Text.assemble(back, "  ", line))
    return out


def open_hand(s: SeatState, width: int) -> Text:
    """Face-up concealed tiles, sorted, the drawn one set apart; broken into rows of whole
    tiles (a CJK chip must not be split between rows)."""
    tiles = list(s.tiles or ())
    drawn = tiles.pop() if s.drawn and tiles else None
    ordered = sort_hand(tuple(tiles), s.gold) + ([drawn] if drawn is not None else [])
    spaced = 5 * len(ordered) + 1 <= width
    per_row = len(ordered) if spaced else max(width // 4, 1)
    rows = []
    for start in range(0, len(ordered), per_row):
        row = Text()
        for i in range(start, min(start + per_row, len(ordered))):
            if drawn is not None and i == len(ordered) - 1:
                row.append(" ")
            elif spaced and i > start:
                row.append(" ")
            row.append_text(chip(ordered[i], s.gold, s.ascii_tiles))
        rows.append(row)
    return Text("\n").join(rows)


class MySeatLine(SteadyStatic):
    """Your name line above your hand: dealer mark and score."""

    state: reactive[SeatState] = reactive(lambda: SeatState(0), init=False, repaint=False)

    def watch_state(self, state: SeatState) -> None:
        line = Text()
        if state.active:
            line.append("▶ ", style=f"bold {GOOD}")
        line.append_text(name_line(state))
        line.append("  ")
        line.append_text(score_text(state))
        if state.callout:
            line.append("  ")
            line.append_text(callout_text(state))
        if state.ready is not None:
            line.append("  ")
            line.append_text(state.ready)
        if state.tags:
            line.append("  ")
            line.append(" · ".join(state.tags), style=f"bold {GOLD}")
        mark_turn(self, state.active)
        self.show(line)
