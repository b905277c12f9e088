"""Benchmark of ningde_tui.rules.shapes against the `mahjong` package (if installed).

Every operation runs over a fixed set of different hands (fixed seed), each hand once per pass.
"cold" is the first pass right after emptying the shape caches (no target: a game fills them
within a few turns); "warm" is the best of several later passes (the per-suit and m+p caches are then full, as they soon are in a real game).
Prints a table and exits 1 if a speed target (the table's last columns) is missed.

    .venv/bin/python benchmarks/bench_shapes.py
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ningde_tui.rules import shapes  # noqa: E402

try:
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    HAVE_MAHJONG = True
except ImportError:  # the `bench` extra is not installed
    HAVE_MAHJONG = False

SEED = 20240611
N_HANDS = 2000
WARM_PASSES = 7

Hand = tuple[list[int], int]  # 27 face counts, golds


# -------------------------------------------------------------------------------------------
# Hand sets
# -------------------------------------------------------------------------------------------


def complete_hand(rng: random.Random, melds: int, golds: int) -> Hand:
    """``melds`` melds + a pair (faces ≤ 4 each), then ``golds`` tiles turned into golds."""
    while True:
        tiles: list[int] = []
        for _ in range(melds):
            s, r = rng.randrange(3), rng.randrange(9)
            if r <= 6 and rng.random() < 0.6:
                tiles += [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
            else:
                tiles += [9 * s + r] * 3
        tiles += [rng.randrange(27)] * 2
        c = [0] * 27
        for t in tiles:
            c[t] += 1
        if max(c) <= 4:
            break
    rng.shuffle(tiles)
    for t in tiles[:golds]:
        c[t] -= 1
    return c, golds


def dealt_hand(rng: random.Random, size: int, golds: int) -> Hand:
    """``size`` tiles in all: ``golds`` golds and faces dealt at random from a 108-face wall."""
    wall = [f for f in range(27) for _ in range(4)]
    c = [0] * 27
    for f in rng.sample(wall, size - golds):
        c[f] += 1
    return c, golds


def near_ready_hand(rng: random.Random) -> Hand:
    """16 tiles: a complete 17-tile hand (0-4 golds) with one face taken out."""
    c, golds = complete_hand(rng, 5, rng.randrange(5))
    faces = [f for f in range(27) for _ in range(c[f])]
    c[rng.choice(faces)] -= 1
    return c, golds


def flush_hand(rng: random.Random, size: int, golds: int) -> Hand:
    """All faces in one suit (清一色-like): the largest per-suit tables, worst for cold calls."""
    s = rng.randrange(3)
    wall = [9 * s + r for r in range(9) for _ in range(4)]
    c = [0] * 27
    for f in rng.sample(wall, size - golds):
        c[f] += 1
    return c, golds


def to34(c: Sequence[int]) -> list[int]:
    return list(c) + [0] * 7


# -------------------------------------------------------------------------------------------
# Timing
# -------------------------------------------------------------------------------------------


def time_pass(fn: Callable[[], None], calls: int) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) / calls * 1e6


def measure(fn: Callable[[], None], calls: int, passes: int = WARM_PASSES) -> float:
    """µs per call: best of several passes (the first pass warms caches and is dropped)."""
    fn()
    return min(time_pass(fn, calls) for _ in range(passes))


def measure_cold(fn: Callable[[], None], calls: int) -> float:
    shapes.clear_caches()
    return time_pass(fn, calls)


def import_time() -> float:
    """Seconds to import the module in a fresh interpreter (best of 3)."""
    code = (
        "import time; t = time.perf_counter(); import ningde_tui.rules.shapes; "
        "print(time.perf_counter() - t)"
    )
    best = float("inf")
    for _ in range(3):
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
        )
        best = min(best, float(out.stdout.strip()))
    return best


# -------------------------------------------------------------------------------------------
# Main
# -------------------------------------------------------------------------------------------

Row = tuple[str, float | None, float | None, str, bool | None]


def main() -> int:
    rng = random.Random(SEED)
    complete14 = [complete_hand(rng, 4, 0) for _ in range(N_HANDS)]
    complete17 = [complete_hand(rng, 5, rng.randrange(5)) for _ in range(N_HANDS)]
    dealt14 = [dealt_hand(rng, 14, 0) for _ in range(N_HANDS)]
    dealt17 = [dealt_hand(rng, 17, rng.randrange(5)) for _ in range(N_HANDS)]
    dealt16 = [dealt_hand(rng, 16, rng.randrange(5)) for _ in range(N_HANDS)]
    ready16 = [near_ready_hand(rng) for _ in range(N_HANDS)]
    mixed16 = [h for pair in zip(ready16, dealt16, strict=True) for h in pair][:N_HANDS]
    flush17 = [flush_hand(rng, 17, rng.randrange(5)) for _ in range(N_HANDS)]
    flush16 = [flush_hand(rng, 16, rng.randrange(5)) for _ in range(N_HANDS)]

    c14 = [c for c, _ in complete14]
    c14_34 = [to34(c) for c in c14]
    c14_keys = [shapes.suit_keys(c) for c in c14]
    d14 = [c for c, _ in dealt14]
    d14_34 = [to34(c) for c in d14]
    n = N_HANDS

    # Sanity: every hand of the win set really is complete, and both libraries agree.
    assert all(shapes.is_complete(c, 0) for c in c14)
    assert all(shapes.is_complete(c, j) for c, j in complete17)
    if HAVE_MAHJONG:
        assert all(Agari.is_agari(t) for t in c14_34)
        calc = Shanten.calculate_shanten_for_regular_hand
        same = sum(shapes.shanten(c, 0, 4) == calc(t) for c, t in zip(d14, d14_34, strict=True))
        print(
            f"shanten agrees with mahjong on {same}/{n} dealt 14-tile hands "
            "(mahjong adds a penalty for waiting on a 5th copy; golds allow it here)"
        )

    ic, ick, sh, shk, wt = (
        shapes.is_complete,
        shapes.is_complete_keys,
        shapes.shanten,
        shapes.shanten_keys,
        shapes.waits,
    )

    def win14() -> None:
        for c in c14:
            ic(c, 0)

    def win14_keys() -> None:
        for k0, k1, k2 in c14_keys:
            ick(k0, k1, k2, 0)

    def win17() -> None:
        for c, j in complete17:
            ic(c, j)

    def shanten14() -> None:
        for c in d14:
            sh(c, 0, 4)

    d17_keys = [(*shapes.suit_keys(c), j) for c, j in dealt17]

    def shanten17() -> None:
        for c, j in dealt17:
            sh(c, j, 5)

    def shanten17_keys() -> None:
        for k0, k1, k2, j in d17_keys:
            shk(k0, k1, k2, j, 5)

    def shanten16() -> None:
        for c, j in dealt16:
            sh(c, j, 5)

    def waits16() -> None:
        for c, j in mixed16:
            wt(c, j)

    def shanten17_flush() -> None:
        for c, j in flush17:
            sh(c, j, 5)

    def waits16_flush() -> None:
        for c, j in flush16:
            wt(c, j)

    rows: list[Row] = []

    def add(
        name: str,
        fn: Callable[[], None],
        target_us: float | None,
        ref: float | None = None,
        min_ratio: float | None = None,
    ) -> None:
        cold = measure_cold(fn, n)
        warm = measure(fn, n)
        ok: bool | None = None
        target = "-"
        if target_us is not None:
            ok = warm <= target_us
            target = f"≤{target_us:g} µs"
            if min_ratio is not None and ref is not None:
                ok = ok and ref / warm >= min_ratio
                target += f", ≥{min_ratio:g}×"
        rows.append((f"{name} (warm)", warm, ref, target, ok))
        rows.append((f"{name} (cold)", cold, None, "-", None))

    agari_us = shanten_us = None
    if HAVE_MAHJONG:
        agari = Agari.is_agari
        calc = Shanten.calculate_shanten_for_regular_hand

        def m_win() -> None:
            for t in c14_34:
                agari(t)

        def m_shanten() -> None:
            for t in d14_34:
                calc(t)

        agari_us = measure(m_win, n, passes=3)
        shanten_us = measure(m_shanten, n, passes=3)

    add("is_complete, 14 tiles complete, no gold", win14, 2.0, agari_us, 5.0)
    add("is_complete_keys, same hands", win14_keys, 2.0, agari_us, 5.0)
    add("is_complete, 17 tiles complete, 0-4 golds", win17, 2.0)
    add("shanten, 14 tiles dealt, no gold", shanten14, 15.0, shanten_us, 4.0)
    add("shanten, 17 tiles dealt, 0-4 golds", shanten17, 15.0)
    add("shanten_keys, same hands", shanten17_keys, 15.0)
    add("shanten, 16 tiles dealt, 0-4 golds", shanten16, 15.0)
    add("waits, 16 tiles (half near-ready), 0-4 golds", waits16, 50.0)
    add("shanten, 17 tiles one suit, 0-4 golds", shanten17_flush, 15.0)
    add("waits, 16 tiles one suit, 0-4 golds", waits16_flush, 50.0)

    imp = import_time()

    print()
    if not HAVE_MAHJONG:
        print("`mahjong` is not importable: ours only (pip install -e '.[bench]' to compare).")
    head = (
        f"{'operation':<58} {'ours µs':>9} {'mahjong µs':>11} {'ratio':>7}  {'target':<18} result"
    )
    print(head)
    print("-" * len(head))
    missed = False
    for name, ours, ref, target, ok in rows:
        ref_s = f"{ref:11.2f}" if ref is not None else f"{'-':>11}"
        ratio_s = f"{ref / ours:6.1f}×" if ref is not None and ours else f"{'-':>7}"
        res = "" if ok is None else ("OK" if ok else "MISS")
        missed |= ok is False
        print(f"{name:<58} {ours:9.2f} {ref_s} {ratio_s}  {target:<18} {res}")
    imp_ok = imp <= 0.3
    missed |= not imp_ok
    print(
        f"{'import ningde_tui.rules.shapes (fresh process)':<58} {imp * 1000:7.1f}ms "
        f"{'-':>11} {'-':>7}  {'≤300 ms':<18} {'OK' if imp_ok else 'MISS'}"
    )
    print()
    print(f"{n} different hands per set, seed {SEED}; warm = best of {WARM_PASSES} passes.")
    print(f"cache entries now: {shapes.cache_sizes()}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
