"""Hand shapes: win check, shanten and waits with golds as wildcards (rules.md §9).

The shape code sees a hand as 27 face counts (tiles.py: 0-8 m, 9-17 p, 18-26 s; 白板 already
turned into the gold's face) plus a number of golds ("jokers") that may stand for any tile, even a
fifth copy of a kind.  A winning concealed part is ``k`` melds (sequence or triplet) and one pair;
exposed melds only lower ``k``.

Why it is fast (pure Python, no table built at import)
------------------------------------------------------
Melds never cross suits and golds are interchangeable, so every question splits into one small
question per suit whose answers only need to be *added* up.  Each suit is turned into one key, and
its answers are computed once, lazily, by a memoised recursion and kept in a dict:

* win check: per suit ``m0`` = golds needed to turn the suit into melds only, and ``m1`` = golds
  needed for melds plus exactly one pair.  One can show ``m1 - m0`` is always ``-1`` or ``+2``
  (a pair plus one gold is a triplet; two golds are a pair), so a suit's whole answer packs into
  one small int ``8 * m0 + (m1 == m0 - 1)``.  The sum of three such ints gives the hand's melds
  need (``>> 3``) and whether some suit can host the pair cheaply (``& 7``), so
  ``pair_need = M0 - 1`` if any suit flag is set, else ``M0 + 2``.  Parity needs no tile count:
  ``m0 ≡ -n`` (mod 3) for every suit.
* shanten: per suit a 12-tuple ``U[p*6 + g]`` = the most of the suit's tiles that fit in ``g``
  meld targets and ``p`` pair targets (p = 0, 1; g = 0..5).  A target may be a whole meld, part of
  one, or empty; tiles left out are the ones to throw away.  The m and p suits are combined once
  per (m, p) pair and cached, so a warm call is a dozen additions.
* the draws that lower the shanten (the bots' 受入): one more tile raises the most tiles placed
  by one at most, so per suit key the ranks that raise each entry of its usage table are kept
  as bit masks, and a hand's helpful draws are the masks of the entries that reach its best
  placement, with no shanten computed for each of the 27 draws.

Keys
----
A suit key is an int with one byte per rank, little endian: rank ``r`` (0-based) of the suit is
``(key >> 8 * r) & 0xFF``.  That is ``int.from_bytes(bytes(counts[9*s : 9*s + 9]), "little")``,
the cheapest way CPython has to pack nine small ints.  Engines that keep keys up to date add or
subtract ``FACE_BIT[face]`` to ``keys[face // 9]`` when a tile comes or goes, and call the
``*_keys`` functions.  The list-taking functions use the bytes of the counts directly as dict keys
(slightly faster again); both kinds of key live side by side in the same caches.

Caches are bounded: when one grows past its cap it is simply emptied (entries are cheap to
rebuild), so a long session cannot eat memory.  The caps are chosen in bytes as much as in
entries: an entry costs about 70 bytes in the win-check tables, 205 in a usage table, 225 in
an m+p table and about 220 in a gain table (CPython 3.11), so all the tables full hold about
16 MB, however long the game.
Small caps cost a game next to nothing: the m+p tables of one hand rarely come again in
another (four bots playing 300 hands build some 120,000 of them, and only 2% more with the cap
at 10,000 than at 200,000), and rebuilding the per-suit entries a hand needs after a table was
emptied takes no time that can be measured in the bots' play.  :func:`clear_caches` empties
them all (the benchmark uses it to measure cold calls).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

__all__ = [
    "FACE_BIT",
    "MAX_GROUPS",
    "cache_sizes",
    "clear_caches",
    "improving_draws",
    "is_complete",
    "is_complete_keys",
    "is_complete_need",
    "is_melds_only",
    "melds_need",
    "melds_need_keys",
    "melds_shanten",
    "pair_need",
    "pair_need_keys",
    "sequences_only_pair",
    "shanten",
    "shanten_keys",
    "suit_keys",
    "waits",
    "waits_keys",
]

MAX_GROUPS = 5  # 17 tiles = 5 melds + 1 pair; shanten tables cover 0..5 groups.
_G1 = MAX_GROUPS + 1  # row length of a shanten table (g = 0..MAX_GROUPS)

_RANK_BIT: tuple[int, ...] = tuple(1 << (8 * r) for r in range(9))
FACE_BIT: tuple[int, ...] = tuple(_RANK_BIT[f % 9] for f in range(27))
"""``keys[f // 9] += FACE_BIT[f]`` adds one tile of face ``f`` to a suit key."""

_SUIT_MASK = (1 << 72) - 1

# Cache caps (entries).  Emptied, not evicted one by one: cheaper and good enough.  Each still
# holds all that benchmarks/bench_shapes.py reuses from one pass to the next (up to 17.7k win
# entries, some thousands of usage and 2k m+p tables), so its warm passes compute nothing.  _M0
# and _M1 only serve to fill _WIN (a warm call never reads them) and share its cap.
_CAP_SUIT = 25_000  # _WIN, _M0, _M1: 5.4 MB when full
_CAP_USAGE = 20_000  # _U: 4.1 MB; _GAIN (its gain masks) shares the cap: 4.4 MB
_CAP_PAIR = 10_000  # _AB: 2.3 MB

# -------------------------------------------------------------------------------------------
# Per-suit win-check answers
# -------------------------------------------------------------------------------------------

_M0: dict[int, int] = {0: 0}  # suit key -> golds needed for melds only (recursion memo)
_M1: dict[int, int] = {0: 2}  # suit key -> golds needed for melds + one pair (recursion memo)
_WIN: dict[int | bytes, int] = {}  # suit key (int or 9 bytes) -> 8*m0 + (m1 == m0 - 1)


def _int_key(key: int | bytes) -> int:
    """Int form of a suit key, refusing what cannot be one suit (only reached on cache misses).

    A counts sequence that is not exactly 27 long would make the last suit's bytes key too long;
    checking here keeps the hot path free of the test.
    """
    if isinstance(key, bytes):
        if len(key) != 9:
            raise ValueError("counts must hold exactly 27 face counts")
        return int.from_bytes(key, "little")
    if key < 0 or key >> 72:
        raise ValueError(f"not a suit key: {key!r}")
    return key


def _lowest(key: int) -> int:
    """Index of the lowest rank present in a non-empty suit key."""
    low = key & -key
    return (low.bit_length() - 1) >> 3


def _m0(key: int) -> int:
    """Golds needed so the suit splits into melds only.

    Take the lowest tile ``t``: some meld holds it, and as no lower rank is left, the hand tiles
    of that meld are one of {t}, {t,t}, {t,t,t}, {t,t+1}, {t,t+2}, {t,t+1,t+2}; golds fill the
    rest.  Trying every such subset is exhaustive, so no exchange argument is needed.
    """
    v = _M0.get(key)
    if v is not None:
        return v
    t = _lowest(key)
    ct = (key >> (8 * t)) & 0xFF
    bt = _RANK_BIT[t]
    best = 2 + _m0(key - bt)
    if ct >= 2:
        best = min(best, 1 + _m0(key - 2 * bt))
        if ct >= 3:
            best = min(best, _m0(key - 3 * bt))
    if t <= 7 and (key >> (8 * t + 8)) & 0xFF:
        b1 = _RANK_BIT[t + 1]
        best = min(best, 1 + _m0(key - bt - b1))
        if t <= 6 and (key >> (8 * t + 16)) & 0xFF:
            best = min(best, _m0(key - bt - b1 - _RANK_BIT[t + 2]))
    if t <= 6 and (key >> (8 * t + 16)) & 0xFF:
        best = min(best, 1 + _m0(key - bt - _RANK_BIT[t + 2]))
    _M0[key] = best
    return best


def _m1(key: int) -> int:
    """Golds needed so the suit splits into melds plus exactly one pair.

    The lowest tile is either in the pair (then the rest is melds only) or in a meld (then the
    rest still owes the pair).  An empty suit needs a pair of two golds.
    """
    v = _M1.get(key)
    if v is not None:
        return v
    t = _lowest(key)
    ct = (key >> (8 * t)) & 0xFF
    bt = _RANK_BIT[t]
    # t in the pair
    best = 1 + _m0(key - bt)
    if ct >= 2:
        best = min(best, _m0(key - 2 * bt))
    # t in a meld
    best = min(best, 2 + _m1(key - bt))
    if ct >= 2:
        best = min(best, 1 + _m1(key - 2 * bt))
        if ct >= 3:
            best = min(best, _m1(key - 3 * bt))
    if t <= 7 and (key >> (8 * t + 8)) & 0xFF:
        b1 = _RANK_BIT[t + 1]
        best = min(best, 1 + _m1(key - bt - b1))
        if t <= 6 and (key >> (8 * t + 16)) & 0xFF:
            best = min(best, _m1(key - bt - b1 - _RANK_BIT[t + 2]))
    if t <= 6 and (key >> (8 * t + 16)) & 0xFF:
        best = min(best, 1 + _m1(key - bt - _RANK_BIT[t + 2]))
    _M1[key] = best
    return best


def _win(key: int | bytes) -> int:
    """Packed win-check entry of one suit (computing and caching it on a miss)."""
    v = _WIN.get(key)
    if v is not None:
        return v
    if len(_WIN) > _CAP_SUIT:
        _WIN.clear()
    if len(_M0) > _CAP_SUIT or len(_M1) > _CAP_SUIT:
        _M0.clear()
        _M0[0] = 0
        _M1.clear()
        _M1[0] = 2
    ik = _int_key(key)
    m0 = _m0(ik)
    m1 = _m1(ik)
    # m1 - m0 is -1 or +2 (see module docstring); keep the check cheap but honest.
    assert m1 - m0 in (-1, 2), (ik, m0, m1)
    v = 8 * m0 + (m1 < m0)
    _WIN[key] = v
    if ik is not key:
        _WIN[ik] = v
    return v


def _pair_need_packed(t: int) -> int:
    m0 = t >> 3
    return m0 - 1 if t & 7 else m0 + 2


# -------------------------------------------------------------------------------------------
# Public win-check API
# -------------------------------------------------------------------------------------------


def suit_keys(counts: Sequence[int]) -> tuple[int, int, int]:
    """The three suit keys (m, p, s) of 27 face counts: one byte per rank, little endian."""
    k = int.from_bytes(bytes(counts), "little")
    return k & _SUIT_MASK, (k >> 72) & _SUIT_MASK, k >> 144


def is_complete(counts: Sequence[int], jokers: int) -> bool:
    """Whether the faces plus ``jokers`` golds form melds and exactly one pair.

    The tile total must be 2 mod 3.  This is ``pair_need(counts) <= jokers`` with the right
    parity: golds beyond the need then come in threes and make melds of their own.
    """
    b = bytes(counts)
    try:
        t = _WIN[b[:9]] + _WIN[b[9:18]] + _WIN[b[18:]]
    except KeyError:
        t = _win(b[:9]) + _win(b[9:18]) + _win(b[18:])
    pn = (t >> 3) - 1 if t & 7 else (t >> 3) + 2
    return pn <= jokers and (jokers - pn) % 3 == 0


def is_complete_keys(k0: int, k1: int, k2: int, jokers: int) -> bool:
    """:func:`is_complete` on suit keys (see :func:`suit_keys`, :data:`FACE_BIT`)."""
    try:
        t = _WIN[k0] + _WIN[k1] + _WIN[k2]
    except KeyError:
        t = _win(k0) + _win(k1) + _win(k2)
    pn = (t >> 3) - 1 if t & 7 else (t >> 3) + 2
    return pn <= jokers and (jokers - pn) % 3 == 0


def is_complete_need(need: int, jokers: int) -> bool:
    """:func:`is_complete` of a hand whose :func:`pair_need` is ``need`` (for callers that
    keep it): the need is met and the spare golds come in threes."""
    return need <= jokers and (jokers - need) % 3 == 0


def pair_need(counts: Sequence[int]) -> int:
    """Fewest golds with which all the faces split exactly into melds plus one pair."""
    b = bytes(counts)
    return _pair_need_packed(_win(b[:9]) + _win(b[9:18]) + _win(b[18:]))


def pair_need_keys(k0: int, k1: int, k2: int) -> int:
    """:func:`pair_need` on suit keys."""
    return _pair_need_packed(_win(k0) + _win(k1) + _win(k2))


def melds_need(counts: Sequence[int]) -> int:
    """Fewest golds with which all the faces split exactly into melds (no pair)."""
    b = bytes(counts)
    return (_win(b[:9]) + _win(b[9:18]) + _win(b[18:])) >> 3


def melds_need_keys(k0: int, k1: int, k2: int) -> int:
    """:func:`melds_need` on suit keys."""
    return (_win(k0) + _win(k1) + _win(k2)) >> 3


def is_melds_only(counts: Sequence[int], jokers: int) -> bool:
    """Whether faces plus golds split exactly into melds (tile total 0 mod 3)."""
    m0 = melds_need(counts)
    return m0 <= jokers and (jokers - m0) % 3 == 0


def waits(counts: Sequence[int], jokers: int) -> list[int]:
    """Faces ``f`` (sorted) such that adding one tile of face ``f`` completes the hand.

    For a hand of ``3g+1`` tiles; any other size gets ``[]``.  Pure shape: a face the hand already
    holds four of is listed if a fifth would complete it (only a gold can play that part in a
    real game; the caller filters by what is still available).  Drawing a gold is a separate
    question: ``is_complete(counts, jokers + 1)``.
    """
    return waits_keys(*suit_keys(counts), jokers)


def waits_keys(k0: int, k1: int, k2: int, jokers: int) -> list[int]:
    """:func:`waits` on suit keys.

    Adding a face changes only its own suit's key, so the other two suits' packed entries are
    summed once per suit and each candidate costs one dict lookup.
    """
    e0 = _win(k0)
    e1 = _win(k1)
    e2 = _win(k2)
    total = e0 + e1 + e2
    # n ≡ -m0 (mod 3) per suit, so the tile total is known without counting.
    if (jokers - (total >> 3)) % 3 != 1:
        return []
    out: list[int] = []
    win = _WIN
    for s, key, e in ((0, k0, e0), (9, k1, e1), (18, k2, e2)):
        other = total - e
        for r in range(9):
            nk = key + _RANK_BIT[r]
            v = win.get(nk)
            if v is None:
                v = _win(nk)
            t = other + v
            # Parity already holds (n + 1 + jokers ≡ 2), only the count matters.
            if ((t >> 3) - 1 if t & 7 else (t >> 3) + 2) <= jokers:
                out.append(s + r)
    return out


# -------------------------------------------------------------------------------------------
# Shanten
# -------------------------------------------------------------------------------------------

_ZERO_TABLE: tuple[int, ...] = (0,) * (2 * _G1)
_U: dict[int | bytes, tuple[int, ...]] = {0: _ZERO_TABLE}  # suit key -> usage table
_AB: dict[int | bytes, tuple[int, ...]] = {}  # m+p key (int or 18 bytes) -> combined table


def _u(key: int) -> tuple[int, ...]:
    """Usage table of one suit: ``U[p*6 + g]`` = most tiles placed in g meld and p pair targets.

    A target holds a subset of one meld (or of a pair); unplaced tiles are discarded.  The lowest
    tile ``t`` is discarded, or placed in a target whose hand tiles are one of {t}, {t,t},
    {t,t,t}, {t,t+1}, {t,t+2}, {t,t+1,t+2} (meld) or {t}, {t,t} (pair): exhaustive, since no lower
    rank is left.  Entries never decrease with g (a target may stay empty).
    """
    v = _U.get(key)
    if v is not None:
        return v
    t = _lowest(key)
    ct = (key >> (8 * t)) & 0xFF
    bt = _RANK_BIT[t]
    best = list(_u(key - bt))  # discard one t

    def meld(sub: tuple[int, ...], k: int) -> None:
        for g in range(1, _G1):
            x = sub[g - 1] + k
            if x > best[g]:
                best[g] = x
            x = sub[_G1 + g - 1] + k
            if x > best[_G1 + g]:
                best[_G1 + g] = x

    def pair(sub: tuple[int, ...], k: int) -> None:
        for g in range(_G1):
            x = sub[g] + k
            if x > best[_G1 + g]:
                best[_G1 + g] = x

    sub1 = _u(key - bt)
    meld(sub1, 1)
    pair(sub1, 1)
    if ct >= 2:
        sub2 = _u(key - 2 * bt)
        meld(sub2, 2)
        pair(sub2, 2)
        if ct >= 3:
            meld(_u(key - 3 * bt), 3)
    has1 = t <= 7 and (key >> (8 * t + 8)) & 0xFF
    has2 = t <= 6 and (key >> (8 * t + 16)) & 0xFF
    if has1:
        meld(_u(key - bt - _RANK_BIT[t + 1]), 2)
        if has2:
            meld(_u(key - bt - _RANK_BIT[t + 1] - _RANK_BIT[t + 2]), 3)
    if has2:
        meld(_u(key - bt - _RANK_BIT[t + 2]), 2)
    v = tuple(best)
    _U[key] = v
    return v


def _u_entry(key: int | bytes) -> tuple[int, ...]:
    """Usage table for an int or bytes suit key, caching the bytes alias too."""
    v = _U.get(key)
    if v is not None:
        return v
    if len(_U) > _CAP_USAGE:
        _U.clear()
        _U[0] = _ZERO_TABLE
    ik = _int_key(key)
    v = _u(ik)
    _U[key] = v
    return v


def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Max-plus product of two usage tables (groups add up, at most one pair overall)."""
    out = [0] * (2 * _G1)
    for g in range(_G1):
        best0 = best1 = 0
        for ga in range(g + 1):
            gb = g - ga
            x = a[ga] + b[gb]
            if x > best0:
                best0 = x
            x = a[_G1 + ga] + b[gb]
            if x > best1:
                best1 = x
            x = a[ga] + b[_G1 + gb]
            if x > best1:
                best1 = x
        out[g] = best0
        out[_G1 + g] = best1
    return tuple(out)


def _ab(key: int | bytes) -> tuple[int, ...]:
    """Combined m+p usage table for an 18-byte (or 144-bit int) key."""
    v = _AB.get(key)
    if v is not None:
        return v
    if len(_AB) > _CAP_PAIR:
        _AB.clear()
    ik = int.from_bytes(key, "little") if isinstance(key, bytes) else key
    v = _combine(_u_entry(ik & _SUIT_MASK), _u_entry(ik >> 72))
    _AB[key] = v
    return v


def _shanten_from(ab: tuple[int, ...], c: tuple[int, ...], jokers: int, groups: int) -> int:
    used = 0
    for gc in range(groups + 1):
        x = ab[groups - gc] + c[_G1 + gc]
        if x > used:
            used = x
        x = ab[_G1 + groups - gc] + c[gc]
        if x > used:
            used = x
    need = 3 * groups + 2 - used - jokers
    return need - 1 if need > 0 else -1


def shanten(counts: Sequence[int], jokers: int, groups: int) -> int:
    """Shanten number: -1 complete, 0 ready, ...; ``groups`` = melds still to make (0..5).

    ``need`` is the fewest tiles to draw (each but the last replacing a discard, or all of them
    for a ``3g+2`` hand) to reach ``groups`` melds plus a pair; shanten = need - 1.  Since a gold
    can be drawn and play any part, the best draws are golds, and the fewest is
    ``need = 3*groups + 2 - U - jokers`` where U is the most face tiles that fit in ``groups``
    meld targets plus one pair target (whole, partial or empty).  ``U + jokers <= n <= 3g+2``
    keeps ``need >= 3g+2-n``, so a short hand counts its missing tiles as needed.  No four-copies
    rule: a fifth copy can always come as a gold (unlike Riichi shanten).  Hands with more than
    ``3g+2`` tiles are the caller's mistake; they are clamped to -1 at best.
    """
    if not 0 <= groups <= MAX_GROUPS:
        raise ValueError(f"groups must be 0..{MAX_GROUPS}, not {groups}")
    b = bytes(counts)
    try:
        ab = _AB[b[:18]]
        c = _U[b[18:]]
    except KeyError:
        ab = _ab(b[:18])
        c = _u_entry(b[18:])
    return _shanten_from(ab, c, jokers, groups)


def shanten_keys(k0: int, k1: int, k2: int, jokers: int, groups: int) -> int:
    """:func:`shanten` on suit keys."""
    if not 0 <= groups <= MAX_GROUPS:
        raise ValueError(f"groups must be 0..{MAX_GROUPS}, not {groups}")
    kab = k0 | (k1 << 72)
    try:
        ab = _AB[kab]
        c = _U[k2]
    except KeyError:
        ab = _ab(kab)
        c = _u_entry(k2)
    return _shanten_from(ab, c, jokers, groups)


def two_suit_table(ka: int, kb: int) -> tuple[int, ...]:
    """The usage table of two suits together (suit keys). The suits are alike (nine ranks
    each), so any two of them share the cache of the m+p tables."""
    return _ab(ka | (kb << 72))


def shanten_split(pair: tuple[int, ...], key: int, jokers: int, groups: int) -> int:
    """:func:`shanten` of a hand given as two suits' table (:func:`two_suit_table`) and the
    third suit's key: the same number, and when only that third suit changes from one call to
    the next (as when trying each draw of it) no two-suit table is rebuilt."""
    if not 0 <= groups <= MAX_GROUPS:
        raise ValueError(f"groups must be 0..{MAX_GROUPS}, not {groups}")
    c = _U.get(key)
    if c is None:
        c = _u_entry(key)
    return _shanten_from(pair, c, jokers, groups)


_GAIN: dict[int, tuple[int, ...]] = {}  # suit key -> per usage-table entry, ranks that raise it


def _gain(key: int) -> tuple[int, ...]:
    """For each entry ``j`` of a suit's usage table, the ranks (bit ``r``) one more copy of
    which raises ``U[j]`` by one (one more tile never raises an entry by more)."""
    v = _GAIN.get(key)
    if v is not None:
        return v
    if len(_GAIN) > _CAP_USAGE:
        _GAIN.clear()
    base = _u_entry(key)
    masks = [0] * (2 * _G1)
    for r in range(9):
        more = _u_entry(key + _RANK_BIT[r])
        for j in range(2 * _G1):
            if more[j] > base[j]:
                masks[j] |= 1 << r
    v = tuple(masks)
    _GAIN[key] = v
    return v


def improving_draws(k0: int, k1: int, k2: int, jokers: int, groups: int) -> tuple[int, int]:
    """The hand's shanten and the faces (bit ``f`` of a 27-bit mask) one more copy of which
    lowers it: the same faces as trying :func:`shanten_keys` on each draw, found without one.

    One more tile raises the most tiles placed (``used``) by one or leaves it, so a draw
    helps exactly when it raises, in its suit, an entry of the usage table that reaches
    ``used`` with the other two suits' table (a tight entry): the union of the tight entries'
    gain masks (:func:`_gain`, cached per suit key).
    """
    if not 0 <= groups <= MAX_GROUPS:
        raise ValueError(f"groups must be 0..{MAX_GROUPS}, not {groups}")
    keys = (k0, k1, k2)
    tables = (_u_entry(k0), _u_entry(k1), _u_entry(k2))
    others = (_ab(k1 | (k2 << 72)), _ab(k0 | (k2 << 72)), _ab(k0 | (k1 << 72)))
    c, ab = tables[2], others[2]
    used = 0
    for gc in range(groups + 1):
        used = max(used, ab[groups - gc] + c[_G1 + gc], ab[_G1 + groups - gc] + c[gc])
    need = 3 * groups + 2 - used - jokers
    if need <= 0:
        return -1, 0
    mask = 0
    for s in range(3):
        c, ab, gain = tables[s], others[s], _gain(keys[s])
        found = 0
        for gc in range(groups + 1):
            if ab[groups - gc] + c[_G1 + gc] == used:
                found |= gain[_G1 + gc]
            if ab[_G1 + groups - gc] + c[gc] == used:
                found |= gain[gc]
        mask |= found << (9 * s)
    return need - 1, mask


def melds_shanten(counts: Sequence[int], jokers: int, groups: int) -> int:
    """Shanten toward ``groups`` melds and NO pair (the pair is already there, e.g. two golds
    kept as the 金雀 pair): -1 when the tiles already make the melds."""
    if not 0 <= groups <= MAX_GROUPS:
        raise ValueError(f"groups must be 0..{MAX_GROUPS}, not {groups}")
    b = bytes(counts)
    ab = _ab(b[:18])
    c = _u_entry(b[18:])
    used = max(ab[groups - gc] + c[gc] for gc in range(groups + 1))
    need = 3 * groups - used - jokers
    return need - 1 if need > 0 else -1


# -------------------------------------------------------------------------------------------
# Sequences only (optional 金顺 rule) and cache housekeeping
# -------------------------------------------------------------------------------------------


def _seq_greedy(c: list[int]) -> bool:
    """Whether the ranks split into sequences only: the lowest rank must start that many runs."""
    for t in range(9):
        x = c[t]
        if x:
            if t > 6 or c[t + 1] < x or c[t + 2] < x:
                return False
            c[t + 1] -= x
            c[t + 2] -= x
    return True


@lru_cache(maxsize=65536)
def _seq_suit(key: int) -> tuple[bool, bool]:
    """(sequences only, sequences plus one pair) for one suit, no golds."""
    c = list(key.to_bytes(9, "little"))
    plain = _seq_greedy(list(c))
    with_pair = False
    for t in range(9):
        if c[t] >= 2:
            d = list(c)
            d[t] -= 2
            if _seq_greedy(d):
                with_pair = True
                break
    return plain, with_pair


def sequences_only_pair(counts: Sequence[int]) -> bool:
    """Whether the faces (no golds) split exactly into sequences only plus one pair."""
    s = [_seq_suit(k) for k in suit_keys(counts)]
    return any(s[i][1] and s[(i + 1) % 3][0] and s[(i + 2) % 3][0] for i in range(3))


def clear_caches() -> None:
    """Empty every memo table (for cold-start measurements and tests)."""
    _M0.clear()
    _M0[0] = 0
    _M1.clear()
    _M1[0] = 2
    _WIN.clear()
    _U.clear()
    _U[0] = _ZERO_TABLE
    _AB.clear()
    _GAIN.clear()
    _seq_suit.cache_clear()


def cache_sizes() -> dict[str, int]:
    """Entries per memo table, to keep an eye on memory."""
    return {
        "m0": len(_M0),
        "m1": len(_M1),
        "win": len(_WIN),
        "usage": len(_U),
        "pairs": len(_AB),
        "gains": len(_GAIN),
    }
