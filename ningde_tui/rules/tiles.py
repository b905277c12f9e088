"""Tiles and their text notation (rules.md §1).

A tile is an int: 0-8 are 1-9万 (m), 9-17 are 1-9筒 (p), 18-26 are 1-9条 (s), 27 is 白板 (w).
The 27 suited kinds are also the "faces" the shape code works with: a 白板 is given the face of
the gold kind (替金, rules.md §4) and a gold is a wildcard, so hand evaluation only ever sees
27 face counts plus a number of wildcards.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "mps"
WHITE = 27  # 白板
NUM_KINDS = 28
NUM_FACES = 27
COPIES = 4
TOTAL_TILES = NUM_KINDS * COPIES  # 112

SUIT_ZH = {"m": "万", "p": "筒", "s": "条"}
RANK_ZH = "一二三四五六七八九"


class TileError(ValueError):
    """A tile string that does not follow the notation of rules.md §1."""


def suit_of(tile: int) -> str:
    if tile == WHITE:
        return "w"
    return SUITS[tile // 9]


def make_tile(rank: int, suit: str) -> int:
    return SUITS.index(suit) * 9 + rank - 1


def tile_str(tile: int) -> str:
    if tile == WHITE:
        return "w"
    return f"{tile % 9 + 1}{SUITS[tile // 9]}"


def tile_zh(tile: int) -> str:
    """Chinese name: 五万, 三筒, 白板."""
    if tile == WHITE:
        return "白板"
    return RANK_ZH[tile % 9] + SUIT_ZH[SUITS[tile // 9]]


_ECHO = 240  # a bad notation is quoted in the error at most this long (inputs may be huge)


def _quoted(text: str) -> str:
    if len(text) <= _ECHO:
        return repr(text)
    keep = _ECHO // 2
    return f"{text[:keep]!r}…[{len(text) - 2 * keep} more characters]…{text[-keep:]!r}"


def parse_tiles(text: str) -> list[int]:
    """Parse ``123m456p789s11sww`` (order free, spaces ignored) into tiles. Ranks are the
    ASCII digits 1-9 only (``²m`` or ``５p`` is a bad tile, not a rank)."""
    tiles: list[int] = []
    pending: list[int] = []
    for ch in text:
        if ch.isspace():
            continue
        if "0" <= ch <= "9":
            rank = int(ch)
            if rank == 0:
                raise TileError(
                    f"bad tile in {_quoted(text)}: rank 0 does not exist "
                    "(ranks are 1-9, one digit per tile: 19m is 1m and 9m)"
                )
            pending.append(rank)
        elif ch in SUITS:
            if not pending:
                raise TileError(
                    f"bad tiles {_quoted(text)}: suit letter {ch!r} has no digits before it"
                )
            tiles.extend(make_tile(r, ch) for r in pending)
            pending = []
        elif ch == "w":
            if pending:
                raise TileError(
                    f"bad tiles {_quoted(text)}: digits before 'w' (白板 is written as a lone w)"
                )
            tiles.append(WHITE)
        else:
            raise TileError(
                f"bad tiles {_quoted(text)}: unexpected character {ch!r} "
                "(use digits with m/p/s, and w for 白板)"
            )
    if pending:
        raise TileError(f"bad tiles {_quoted(text)}: digits at the end have no suit letter")
    return tiles


def parse_tile(text: str) -> int:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(f"expected one tile, got {_quoted(text)}")
    return tiles[0]


def format_tiles(tiles: Iterable[int]) -> str:
    """Compact sorted notation: ``[0, 1, 2, 27]`` -> ``123mw``."""
    by_suit: dict[str, list[int]] = {s: [] for s in SUITS}
    whites = 0
    for t in tiles:
        if t == WHITE:
            whites += 1
        else:
            by_suit[SUITS[t // 9]].append(t % 9 + 1)
    out = []
    for s in SUITS:
        if by_suit[s]:
            out.append("".join(str(r) for r in sorted(by_suit[s])) + s)
    out.append("w" * whites)
    return "".join(out)


def counts_of(tiles: Iterable[int]) -> list[int]:
    """28 counts indexed by tile."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def full_set() -> list[int]:
    """All 112 tiles, sorted."""
    return [t for t in range(NUM_KINDS) for _ in range(COPIES)]


def face(tile: int, gold: int) -> int:
    """The kind a tile plays as: 白板 stands in for the gold's face (rules.md §4)."""
    return gold if tile == WHITE else tile


def tile_for_face(f: int, gold: int) -> int:
    """The tile that plays face ``f``: a 白板 for the gold's face (the golds themselves are
    wild, never that face), otherwise the tile itself. The inverse of ``face``."""
    return WHITE if f == gold else f


def _sequence_partners(f: int) -> tuple[tuple[int, int], ...]:
    rank = f % 9
    base = f - rank
    pairs = ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2))
    return tuple((base + a, base + b) for a, b in pairs if a >= 0 and b <= 8)


SEQUENCE_PARTNERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    _sequence_partners(f) for f in range(NUM_FACES)
)
"""For each face, the pairs of faces of its suit that make a sequence with it (what 吃 takes,
rules.md §5): ``SEQUENCE_PARTNERS[f]`` has one to three pairs (edge ranks have fewer)."""


def face_counts(tiles: Iterable[int], gold: int) -> tuple[list[int], int]:
    """Split concealed tiles into 27 face counts (白板 as the gold's face) and a gold count."""
    counts = [0] * NUM_KINDS
    for t in tiles:  # one pass without branches: this runs on every discard for every seat
        counts[t] += 1
    golds = counts[gold]
    if gold == WHITE:  # white_indicator_reflip off: 白板 are the golds and stand for nothing
        counts.pop()
        return counts, golds
    counts[gold] = counts.pop()  # 白板 play as the gold's face
    return counts, golds
