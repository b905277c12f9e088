"""Engine events as one line of text for the announcement line and the log."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...i18n.words import pattern_name, refusal_text, seat_name, tile_name, tr
from ...rules.game import Event, EventKind

# Events that set the table's standing notice (shown until the next hand).
NOTICES = (
    EventKind.CHOUZHUANG, EventKind.LAST_ROUND, EventKind.WINDOW, EventKind.ROBKONG_WINDOW,
    EventKind.WIN, EventKind.LIUJU,
)  # fmt: skip
# Events told with just a seat name and a tile.
PLAIN = (
    EventKind.GOLD, EventKind.DISCARD, EventKind.CHI, EventKind.PONG, EventKind.KONG,
    EventKind.ANKONG, EventKind.ADDKONG, EventKind.ROBKONG_WINDOW, EventKind.DECLINE_THREE_GOLD,
    EventKind.LIUJU,
)  # fmt: skip


@dataclass(frozen=True)
class Line:
    text: str
    kind: str  # action | notice | draw | error


def describe(
    event: Event,
    lang: str,
    ascii_tiles: bool,
    viewer: int | None = 0,
    names: Callable[[int], str] | None = None,
    watching: bool = False,
) -> Line | None:
    """What the ``viewer`` should read about ``event`` (None: nobody's private events); None
    for another seat's draw. ``names`` names a seat (default: by position from seat 0); a
    ``watching`` viewer is told draws by the seat's name, not as "you draw"."""
    kind = event.kind
    name_of = names or (lambda seat: seat_name(seat, lang))
    name = name_of(event.seat) if event.seat is not None else ""
    tile = tile_name(event.tile, lang, ascii_tiles) if event.tile is not None else ""
    if event.private and (viewer is None or event.seat != viewer):
        return None  # a private event is only for its seat
    if kind == EventKind.DRAW:
        if event.tile is None:
            return None
        key = "ev.draw" if watching else "ev.draw_you"
        return Line(tr(lang, key, name=name, tile=tile), "draw")
    if kind == EventKind.DEAL:
        dice = event.info.get("dice", (0, 0))
        return Line(tr(lang, "ev.deal", name=name, a=dice[0], b=dice[1]), "action")
    if kind == EventKind.WINDOW:
        return Line(tr(lang, "ev.window"), "notice")
    if kind == EventKind.CHOUZHUANG:
        key = "ev.chouzhuang_ends" if event.info.get("ends") else "ev.chouzhuang"
        return Line(tr(lang, key, tile=tile, n=event.info.get("streak", 0)), "notice")
    if kind == EventKind.LIUJU and event.info.get("why") == "chouzhuang":
        return None  # the 臭庄 line has told it
    if kind == EventKind.LAST_ROUND:
        return Line(tr(lang, "ev.last_round", n=event.info.get("drawable", 0)), "notice")
    if kind == EventKind.WIN_BLOCKED:
        why = refusal_text(lang, event.info["refusal"])
        return Line(tr(lang, "ev.win_blocked", tile=tile, why=why), "notice")
    if kind == EventKind.WIN:
        pattern = pattern_name(str(event.info.get("pattern", "")), lang)
        return Line(tr(lang, "ev.win", name=name, pattern=pattern), "notice")
    if kind not in PLAIN:
        return None
    return Line(
        tr(lang, f"ev.{kind}", name=name, tile=tile), "notice" if kind in NOTICES else "action"
    )
