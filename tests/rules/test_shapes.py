"""Tests for ningde_tui.rules.shapes against slow, obviously correct references.

The references below know nothing of suit keys, packed entries or usage tables: they search
tile by tile, trying every pair and every meld (with golds standing in for any missing tile).
The shanten reference is in turn checked against a true brute force (draw up to d tiles of any
face or a gold, throw away as many as needed) on small hands.
"""

from __future__ import annotations

import itertools
import random
import sys
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ningde_tui.rules import shapes
from ningde_tui.rules.shapes import (
    FACE_BIT,
    is_complete,
    is_complete_keys,
    is_complete_need,
    is_melds_only,
    melds_need,
    melds_need_keys,
    pair_need,
    pair_need_keys,
    sequences_only_pair,
    shanten,
    shanten_keys,
    suit_keys,
    waits,
    waits_keys,
)
from ningde_tui.rules.tiles import parse_tiles

Counts = tuple[int, ...]

# -------------------------------------------------------------------------------------------
# Reference implementations
# -------------------------------------------------------------------------------------------


def counts_of(text: str) -> list[int]:
    c = [0] * 27
    for t in parse_tiles(text):
        c[t] += 1
    return c


def _meld_shapes(i: int) -> list[tuple[int, ...]]:
    """Every meld (as three faces) that contains face i."""
    shapes_ = [(i, i, i)]
    for start in (i - 2, i - 1, i):
        if start >= 0 and start // 9 == i // 9 and start % 9 <= 6:
            shapes_.append((start, start + 1, start + 2))
    return shapes_


@cache
def ref_split(c: Counts, jokers: int, pairs: int) -> bool:
    """Can the faces plus ``jokers`` golds split exactly into melds and ``pairs`` (0/1) pairs?"""
    i = next((k for k in range(27) if c[k]), None)
    if i is None:
        rest = jokers - 2 * pairs
        return rest >= 0 and rest % 3 == 0
    lst = list(c)
    # The first face is in the pair: two real copies, or one copy and a gold.
    if pairs:
        if c[i] >= 2:
            lst[i] -= 2
            if ref_split(tuple(lst), jokers, 0):
                return True
            lst[i] += 2
        if jokers >= 1:
            lst[i] -= 1
            if ref_split(tuple(lst), jokers - 1, 0):
                return True
            lst[i] += 1
    # The first face is in a meld: every meld shape, every way of using real tiles or golds.
    for shape in _meld_shapes(i):
        others = list(shape)
        others.remove(i)
        for use_real in itertools.product((True, False), repeat=2):
            d = list(c)
            d[i] -= 1
            golds = 0
            ok = True
            for face, real in zip(others, use_real, strict=True):
                if real:
                    if d[face] == 0:
                        ok = False
                        break
                    d[face] -= 1
                else:
                    golds += 1
            if ok and golds <= jokers and ref_split(tuple(d), jokers - golds, pairs):
                return True
    return False


def ref_is_complete(c: Counts, jokers: int) -> bool:
    return (sum(c) + jokers) % 3 == 2 and ref_split(tuple(c), jokers, 1)


def ref_pair_need(c: Counts) -> int:
    n = sum(c)
    return next(j for j in range(2 * n + 3) if (n + j) % 3 == 2 and ref_split(tuple(c), j, 1))


def ref_melds_need(c: Counts) -> int:
    n = sum(c)
    return next(j for j in range(2 * n + 3) if (n + j) % 3 == 0 and ref_split(tuple(c), j, 0))


@cache
def ref_used(c: Counts, groups: int, pairs: int) -> int:
    """Most faces that fit in ``groups`` meld targets and ``pairs`` pair targets.

    A target keeps any sub-multiset of a meld (or pair) from the hand; the rest is thrown away.
    """
    i = next((k for k in range(27) if c[k]), None)
    if i is None:
        return 0
    d = list(c)
    d[i] -= 1
    best = ref_used(tuple(d), groups, pairs)  # throw the first face away
    if groups:
        for shape in _meld_shapes(i):
            for size in (1, 2, 3):
                for sub in set(itertools.combinations(shape, size)):
                    if i not in sub:
                        continue
                    e = list(c)
                    for face in sub:
                        e[face] -= 1
                    if min(e) >= 0:
                        best = max(best, size + ref_used(tuple(e), groups - 1, pairs))
    if pairs:
        for size in (1, 2):
            if c[i] >= size:
                e = list(c)
                e[i] -= size
                best = max(best, size + ref_used(tuple(e), groups, pairs - 1))
    return best


def ref_shanten(c: Counts, jokers: int, groups: int) -> int:
    need = 3 * groups + 2 - ref_used(tuple(c), groups, 1) - jokers
    return max(need, 0) - 1


def ref_waits(c: Counts, jokers: int) -> list[int]:
    if (sum(c) + jokers) % 3 != 1:
        return []
    out = []
    for f in range(27):
        d = list(c)
        d[f] += 1
        if ref_is_complete(tuple(d), jokers):
            out.append(f)
    return out


def _sub_multisets(c: Counts, size: int):
    faces = [f for f in range(27) for _ in range(c[f])]
    seen = set()
    for combo in itertools.combinations(faces, size):
        if combo not in seen:
            seen.add(combo)
            yield combo


def brute_need(c: Counts, jokers: int, groups: int, dmax: int, faces: bool) -> int | None:
    """Fewest tiles to draw (throwing away all but the needed ones) to reach a complete hand.

    Draws come from the 27 faces and the gold (``faces=True``) or golds only (``faces=False``,
    enough in theory since a gold plays any face, and much cheaper).  None if more than dmax.
    """
    deficit = 3 * groups + 2 - sum(c) - jokers
    kinds = list(range(28)) if faces else [27]
    for d in range(dmax + 1):
        removed = d - deficit
        if removed < 0:
            continue
        for out in _sub_multisets(c, removed):
            base = list(c)
            for f in out:
                base[f] -= 1
            for added in itertools.combinations_with_replacement(kinds, d):
                e = list(base)
                golds = jokers
                for f in added:
                    if f == 27:
                        golds += 1
                    else:
                        e[f] += 1
                if ref_is_complete(tuple(e), golds):
                    return d
    return None


# -------------------------------------------------------------------------------------------
# Hand generators
# -------------------------------------------------------------------------------------------


@st.composite
def random_hands(draw: st.DrawFn, max_groups: int = 5) -> tuple[Counts, int, int]:
    """A random hand of 3g+1 or 3g+2 tiles (faces dealt from a wall, ≤ 4 each) and golds."""
    g = draw(st.integers(0, max_groups))
    n = 3 * g + draw(st.sampled_from((1, 2)))
    jokers = draw(st.integers(0, min(4, n)))
    suits = draw(st.sampled_from(("mps", "m", "mp", "ps")))
    wall = [f for f in range(27) if "mps"[f // 9] in suits for _ in range(4)]
    # A seeded shuffle deals uniformly; drawing indices straight from hypothesis would lean to
    # the start of the wall (1m1m1m1m2m...) and make suspiciously good hands.
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    c = [0] * 27
    for f in rng.sample(wall, n - jokers):
        c[f] += 1
    return tuple(c), jokers, g


@st.composite
def near_complete_hands(draw: st.DrawFn, max_groups: int = 5) -> tuple[Counts, int, int]:
    """g melds + a pair, some tiles turned into golds, then 0-2 tiles swapped or one dropped."""
    g = draw(st.integers(0, max_groups))
    suits = draw(st.sampled_from(((0, 1, 2), (0,), (1, 2))))
    tiles: list[int] = []
    for _ in range(g):
        s = draw(st.sampled_from(suits))
        r = draw(st.integers(0, 8))
        if draw(st.booleans()) and r <= 6:
            tiles += [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
        else:
            tiles += [9 * s + r] * 3
    s = draw(st.sampled_from(suits))
    tiles += [9 * s + draw(st.integers(0, 8))] * 2
    tiles = draw(st.permutations(tiles))
    golds = draw(st.integers(0, min(4, len(tiles))))
    jokers = golds
    tiles = tiles[golds:]
    for _ in range(draw(st.integers(0, 2))):
        if tiles:
            tiles[draw(st.integers(0, len(tiles) - 1))] = draw(st.integers(0, 26))
    if tiles and draw(st.booleans()):
        tiles.pop()
    c = [0] * 27
    for t in tiles:
        c[t] += 1
    c = [min(x, 4) for x in c]  # real faces come at most four to a kind
    missing = 3 * g + 1 - sum(c) - jokers
    if missing > 0:  # capping removed tiles: give the hand golds back to a legal size
        jokers += missing
    return tuple(c), jokers, g


hands = st.one_of(random_hands(), near_complete_hands())
small_hands = st.one_of(random_hands(max_groups=2), near_complete_hands(max_groups=2))
medium_hands = st.one_of(random_hands(max_groups=3), near_complete_hands(max_groups=3))

FAST = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -------------------------------------------------------------------------------------------
# Properties: fast == reference
# -------------------------------------------------------------------------------------------


@FAST
@given(hands)
def test_win_check_matches_reference(hand: tuple[Counts, int, int]) -> None:
    c, jokers, _ = hand
    assert pair_need(c) == ref_pair_need(c)
    assert melds_need(c) == ref_melds_need(c)
    for j in range(jokers, jokers + 4):
        assert is_complete(c, j) == ref_is_complete(c, j), (c, j)
        assert is_complete(c, j) == (pair_need(c) <= j and (sum(c) + j) % 3 == 2)
        assert is_melds_only(c, j) == ((sum(c) + j) % 3 == 0 and ref_split(c, j, 0))
        assert is_complete_keys(*suit_keys(c), j) == is_complete(c, j)
    assert pair_need_keys(*suit_keys(c)) == pair_need(c)
    assert melds_need_keys(*suit_keys(c)) == melds_need(c)


@settings(max_examples=600, deadline=None)
@given(hands)
def test_shanten_matches_reference(hand: tuple[Counts, int, int]) -> None:
    c, jokers, g = hand
    extras = (0, 1) if (sum(c) + jokers) % 3 == 1 else (0,)
    for extra in extras:  # a 3g+1 hand also gets checked with one gold more (3g+2)
        got = shanten(c, jokers + extra, g)
        assert got == ref_shanten(c, jokers + extra, g), (c, jokers + extra, g)
        assert shanten_keys(*suit_keys(c), jokers + extra, g) == got
        # any suit apart from a table of the other two (the bots try each draw of a suit so)
        k = suit_keys(c)
        for s, (a, b) in enumerate(((k[1], k[2]), (k[0], k[2]), (k[0], k[1]))):
            pair = shapes.two_suit_table(a, b)
            assert shapes.shanten_split(pair, k[s], jokers + extra, g) == got
        if sum(c) + jokers + extra == 3 * g + 2:
            assert (got == -1) == is_complete(c, jokers + extra)


@settings(max_examples=600, deadline=None)
@given(hands)
def test_improving_draws_are_the_draws_that_lower_the_shanten(
    hand: tuple[Counts, int, int],
) -> None:
    """The bots' 受入: the faces found through the tight entries' gain masks are exactly the
    faces whose draw, tried one by one, lowers the shanten of a 3g+1 hand."""
    c, jokers, g = hand
    if sum(c) + jokers != 3 * g + 1:
        return
    k = suit_keys(c)
    now, helps = shapes.improving_draws(*k, jokers, g)
    assert now == shanten(c, jokers, g)
    tried = 0
    for f in range(27):
        more = list(k)
        more[f // 9] += shapes.FACE_BIT[f]
        if shanten_keys(*more, jokers, g) < now:
            tried |= 1 << f
    assert helps == tried, (c, jokers, g)


@FAST
@given(hands)
def test_waits_match_reference(hand: tuple[Counts, int, int]) -> None:
    c, jokers, _ = hand
    if (sum(c) + jokers) % 3 == 1:
        got = waits(c, jokers)
        assert got == ref_waits(c, jokers)
        assert waits_keys(*suit_keys(c), jokers) == got
        # Ready (shanten 0) exactly when something completes it, a gold always being such a tile.
        g = (sum(c) + jokers) // 3
        assert (shanten(c, jokers, g) == 0) == is_complete(c, jokers + 1)
        if got:
            assert is_complete(c, jokers + 1)
    else:
        assert waits(c, jokers) == []


@settings(max_examples=150, deadline=None)
@given(small_hands)
def test_shanten_reference_against_brute_force_with_faces(hand: tuple[Counts, int, int]) -> None:
    """Draw any of the 27 faces or a gold (d ≤ 2): the honest definition of shanten."""
    c, jokers, g = hand
    need = ref_shanten(c, jokers, g) + 1
    assert brute_need(c, jokers, g, 2, faces=True) == (need if need <= 2 else None)


@settings(max_examples=300, deadline=None)
@given(medium_hands)
def test_shanten_reference_against_brute_force_with_golds(hand: tuple[Counts, int, int]) -> None:
    """Drawing golds only reaches the same need (d ≤ 3 on hands up to 11 tiles)."""
    c, jokers, g = hand
    need = ref_shanten(c, jokers, g) + 1
    assert brute_need(c, jokers, g, 3, faces=False) == (need if need <= 3 else None)


@settings(max_examples=200, deadline=None)
@given(hands)
def test_sequences_only_pair(hand: tuple[Counts, int, int]) -> None:
    c, _, _ = hand

    @cache
    def seq_split(d: Counts, pairs: int) -> bool:
        i = next((k for k in range(27) if d[k]), None)
        if i is None:
            return pairs == 0
        e = list(d)
        if pairs and d[i] >= 2:
            e[i] -= 2
            if seq_split(tuple(e), 0):
                return True
            e[i] += 2
        if i % 9 <= 6 and d[i + 1] and d[i + 2]:
            e[i] -= 1
            e[i + 1] -= 1
            e[i + 2] -= 1
            return seq_split(tuple(e), pairs)
        return False

    assert sequences_only_pair(c) == seq_split(c, 1)


@settings(max_examples=100, deadline=None)
@given(hands, st.integers(0, 26))
def test_incremental_keys(hand: tuple[Counts, int, int], face: int) -> None:
    """Adding FACE_BIT to a suit key is the same as adding a tile to the counts."""
    c, _, _ = hand
    keys = list(suit_keys(c))
    keys[face // 9] += FACE_BIT[face]
    d = list(c)
    d[face] += 1
    assert tuple(keys) == suit_keys(d)


# -------------------------------------------------------------------------------------------
# Hand-written examples
# -------------------------------------------------------------------------------------------


def test_examples_with_golds() -> None:
    c = counts_of("123m456p789s2233m55p")  # 15 faces: two golds fill 23m+? twice
    assert pair_need(c) == 2
    assert is_complete(c, 2)
    assert not is_complete(c, 1)  # 16 tiles: wrong size
    assert not is_complete(c, 4)  # 19 tiles: wrong size
    assert is_complete(c, 5)  # 20 tiles: the three extra golds are a meld of their own
    assert is_complete(counts_of("123m456p789s22334m55p"), 1)  # 17 tiles, one gold
    assert is_complete(counts_of("123m456p789s2234m55p"), 2)
    assert not is_complete(counts_of("123m456p789s2259m55p"), 2)


def test_gold_free_seventeen() -> None:
    c = counts_of("123m456m789m111p234s55s")
    assert sum(c) == 17
    assert is_complete(c, 0)
    assert pair_need(c) == 0
    assert shanten(c, 0, 5) == -1
    assert not is_complete(counts_of("123m456m789m111p234s56s"), 0)


def test_three_golds_and_melds() -> None:
    c = counts_of("123m456p789s55s")  # 11 faces + 3 golds = 14: four melds and a pair
    assert is_complete(c, 3)
    assert is_melds_only(counts_of("123m456p"), 3)
    assert not is_melds_only(counts_of("123m456p"), 2)
    assert is_complete([0] * 27, 2)  # the concealed part is just two golds
    assert not is_complete([0] * 27, 3)
    assert is_complete([0] * 27, 5)


def test_xian_jin_waits_everything() -> None:
    """闲金: complete melds plus one gold, any face pairs with the gold."""
    c = counts_of("123m456p789s111m")
    assert waits(c, 1) == list(range(27))
    assert shanten(c, 1, 4) == 0
    assert is_complete(c, 2)  # drawing a gold: 金雀


def test_dan_diao() -> None:
    """单钓: all melds exposed, one concealed tile waits for its own pair."""
    for face in (0, 13, 26):
        c = [0] * 27
        c[face] = 1
        assert waits(c, 0) == [face]
        assert shanten(c, 0, 0) == 0
        assert is_complete(c, 1)
    assert waits([0] * 27, 1) == list(range(27))


def test_seven_pairs_is_not_complete() -> None:
    c = counts_of("1133557799m2244p")  # seven pairs
    assert not is_complete(c, 0)
    assert shanten(c, 0, 4) > -1
    assert not is_complete(counts_of("11223399m1144p55s"), 0)


def test_classic_waits() -> None:
    assert waits(counts_of("1112345678999m"), 0) == list(range(9))  # 九莲宝灯
    assert waits(counts_of("23m"), 0) == []  # wrong size (2 tiles)
    assert waits(counts_of("23m55p"), 0) == [0, 3]
    assert waits(counts_of("23m5p"), 1) == [0, 3, 13]  # 14m with 5p+gold, or 5p with 23m+gold
    assert waits(counts_of("13m55p"), 0) == [1]
    assert waits(counts_of("89m55p"), 0) == [6]
    assert waits(counts_of("1111m"), 0) == [0]  # pure shape: a 5th 1m counts
    assert waits(counts_of("5m"), 3) == list(range(27))  # 5m+gold+gold meld, gold pairs with any


def test_shanten_examples() -> None:
    assert shanten(counts_of("123m456p789s1122m"), 0, 4) == 0
    assert shanten(counts_of("123m456p789s112m"), 0, 4) == 1  # 13 tiles: 11m pair, lone 2m
    assert shanten(counts_of("19m19p19s1234567m"), 0, 4) == 3
    assert shanten(counts_of("19m19p19s1357m"), 0, 3) == 3  # 11m, 35m, 79m, one 1p/9p/1s/9s
    assert shanten([0] * 27, 0, 0) == 1  # empty concealed part: two tiles missing
    assert shanten([0] * 27, 1, 0) == 0
    assert shanten(counts_of("1111m"), 0, 1) == 0  # only a gold (the "5th 1m") completes it
    with pytest.raises(ValueError):
        shanten([0] * 27, 0, 6)


def test_sequences_only_pair_examples() -> None:
    assert sequences_only_pair(counts_of("123m456p789s234m55p"))
    assert not sequences_only_pair(counts_of("123m456p999s234m55p"))
    assert sequences_only_pair(counts_of("11223344m"))
    assert not sequences_only_pair(counts_of("11122233m"))
    assert not sequences_only_pair([0] * 27)


def test_five_copies_through_golds() -> None:
    """A gold may be a fifth copy: 1111m + gold = 111m + 1m-gold pair."""
    assert is_complete(counts_of("1111m"), 1)
    assert pair_need(counts_of("1111m")) == 1


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        is_complete([0] * 28, 2)
    with pytest.raises(ValueError):
        shanten([0] * 26 + [1, 1], 0, 0)
    with pytest.raises(ValueError):
        is_complete([-1] + [0] * 26, 3)


def test_clear_caches_keeps_answers() -> None:
    c = counts_of("123m456p789s22334m55p")
    before = (is_complete(c, 1), shanten(c, 1, 5), waits(c, 0))
    shapes.clear_caches()
    assert (is_complete(c, 1), shanten(c, 1, 5), waits(c, 0)) == before
    assert all(v >= 0 for v in shapes.cache_sizes().values())


def _play_shapes(rng: random.Random, hands: int) -> None:
    """What a game asks of the shape code, over dealt 16-tile hands with golds: win checks,
    waits, shanten and the two-suit tables of every pair of suits."""
    wall = [f for f in range(27) for _ in range(4)]
    for _ in range(hands):
        golds = rng.randrange(4)
        c = [0] * 27
        for f in rng.sample(wall, 16 - golds):
            c[f] += 1
        keys = suit_keys(c)
        waits(c, golds)
        shanten(c, golds, 5)
        is_complete(c, golds + 1)
        for a, b in ((0, 1), (0, 2), (1, 2)):
            shapes.two_suit_table(keys[a], keys[b])


def _tables() -> dict[str, tuple[dict[object, object], int]]:
    """Each cache of the shape code and its cap."""
    return {
        "win": (shapes._WIN, shapes._CAP_SUIT),
        "m0": (shapes._M0, shapes._CAP_SUIT),
        "m1": (shapes._M1, shapes._CAP_SUIT),
        "usage": (shapes._U, shapes._CAP_USAGE),
        "pairs": (shapes._AB, shapes._CAP_PAIR),
    }


def test_caches_are_emptied_at_their_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache past its cap is emptied before it takes a new entry: a long evening cannot
    grow one beyond its cap (plus the sub-results one new entry computes on the way)."""
    for cap in ("_CAP_SUIT", "_CAP_USAGE", "_CAP_PAIR"):
        monkeypatch.setattr(shapes, cap, 300)
    shapes.clear_caches()
    seen = dict.fromkeys(_tables(), 0)
    rng = random.Random(3)
    for _ in range(1000):
        _play_shapes(rng, 1)
        for name, (table, _cap) in _tables().items():
            seen[name] = max(seen[name], len(table))
    assert seen["pairs"] <= 301
    assert seen["win"] <= 302  # an entry and its int alias
    assert all(300 <= n <= 600 for n in seen.values()), seen  # each was full
    shapes.clear_caches()


def _bytes_per_entry(table: dict[object, object]) -> float:
    """One entry's share of a cache: of the dict, its key and its value (small ints are shared
    by all, so free)."""
    held = sys.getsizeof(table)
    for item in table.items():
        held += sum(sys.getsizeof(x) for x in item if not (isinstance(x, int) and -5 <= x <= 256))
    return held / len(table)


def test_full_caches_stay_small() -> None:
    """An evening's play fills the caches up to their caps and then empties them, so the caps
    bound the memory: all of them full hold under 15 MB (entries weighed on this Python)."""
    shapes.clear_caches()
    _play_shapes(random.Random(7), 400)
    full = sum(_bytes_per_entry(table) * cap for table, cap in _tables().values())
    assert full < 15e6, f"{full / 1e6:.1f} MB"
    shapes.clear_caches()


# -------------------------------------------------------------------------------------------
# Optional cross-check with the `mahjong` package (Riichi rules, no golds)
# -------------------------------------------------------------------------------------------


def _to34(c: Counts) -> list[int]:
    return list(c) + [0] * 7


def _is_seven_pairs(c: Counts) -> bool:
    return sum(1 for x in c if x == 2) == 7 and sum(c) == 14


def _random_gold_free(rng: random.Random, n: int, complete: bool) -> Counts:
    while True:
        c = [0] * 27
        if complete:
            for _ in range((n - 2) // 3):
                r, s = rng.randrange(9), rng.randrange(3)
                melds = (
                    [9 * s + r] * 3
                    if rng.random() < 0.4 or r > 6
                    else [9 * s + r + i for i in range(3)]
                )
                for t in melds:
                    c[t] += 1
            c[rng.randrange(27)] += 2
        else:
            for f in rng.sample([f for f in range(27) for _ in range(4)], n):
                c[f] += 1
        if max(c) <= 4:
            return tuple(c)


def test_against_mahjong_agari() -> None:
    import mahjong.agari as agari  # the test extra installs it: never skipped

    rng = random.Random(7)
    for i in range(400):
        c = _random_gold_free(rng, 14, complete=i % 2 == 0)
        if _is_seven_pairs(c):  # Riichi's 七对 is no win here (unless it is also melds + pair)
            assert is_complete(c, 0) == ref_is_complete(c, 0)
        else:
            assert is_complete(c, 0) == agari.Agari.is_agari(_to34(c)), c


def test_against_mahjong_shanten() -> None:
    """Riichi shanten adds a penalty for waiting on a fifth copy; golds make that possible."""
    import mahjong.shanten as sh

    rng = random.Random(11)
    for i in range(300):
        n = 13 if i % 3 == 0 else 14
        c = _random_gold_free(rng, n, complete=False)
        theirs = sh.Shanten.calculate_shanten_for_regular_hand(_to34(c))
        if max(c) >= 4:
            assert shanten(c, 0, 4) <= theirs, c
        else:
            assert shanten(c, 0, 4) == theirs, c


@FAST
@given(hands)
def test_complete_from_a_kept_pair_need(hand: tuple[Counts, int, int]) -> None:
    """``is_complete_need`` answers ``is_complete`` from the pair need; and one more tile
    lowers the pair need by one at most (a gold could stand in for it), which lets the engine
    skip the discard-win check of a hand that needs more golds than it has plus one."""
    c, jokers, _ = hand
    need = pair_need(c)
    for j in range(jokers, jokers + 4):
        assert is_complete_need(need, j) == is_complete(c, j)
    for f in range(27):
        more = list(c)
        more[f] += 1
        assert pair_need(more) >= need - 1


def test_sequence_partners_are_what_chi_can_take():
    """rules.md §5: 吃 makes a sequence of one suit; an edge rank has one pair of partners,
    a 2 or 8 two, a middle rank three, and no pair crosses into another suit."""
    from ningde_tui.rules.tiles import SEQUENCE_PARTNERS

    one_m, two_m, five_p, nine_s = parse_tiles("1m2m5p9s")
    assert SEQUENCE_PARTNERS[one_m] == (tuple(parse_tiles("2m3m")),)
    assert SEQUENCE_PARTNERS[two_m] == (tuple(parse_tiles("1m3m")), tuple(parse_tiles("3m4m")))
    assert SEQUENCE_PARTNERS[five_p] == tuple(
        tuple(parse_tiles(p)) for p in ("3p4p", "4p6p", "6p7p")
    )
    assert SEQUENCE_PARTNERS[nine_s] == (tuple(parse_tiles("7s8s")),)
