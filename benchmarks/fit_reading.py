"""Fit hard's read of the others (READ_WEIGHTS in ningde_tui/bots/reading.py) on
benchmarks/reading_data.py's rows.

    PYTHONPATH=. python3 benchmarks/fit_reading.py benchmarks/data/feeds.jsonl.gz   # numpy

A logistic regression of "that seat could win on this tile" on READ_FEATURES (Newton's method,
a little L2), checked by 5-fold cross-validation over decisions. Printed: the base rate, the
log loss against a constant, the AUC, a calibration table, and what matters to the bot: in
decisions with a safe and a feeding ready discard, how often the discard the model rates
safest is really safe, against a pick at random. Then the weights fitted on all rows, to copy
into reading.py's READ_WEIGHTS: on benchmarks/data/feeds.jsonl.gz (made by ``reading_data.py
--hands 8000 --seed 21``) they are exactly the shipped ones.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import defaultdict

import numpy as np

from ningde_tui.bots.reading import READ_FEATURES


def load(paths: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple[int, int]]]:
    xs, ys, ds, keys = [], [], [], []
    for i, path in enumerate(paths):
        with gzip.open(path, "rt") as f:
            for line in f:
                r = json.loads(line)
                xs.append(r["x"])
                ys.append(r["y"])
                decision = r["decision"] + 10_000_000 * i  # decisions are numbered per file
                ds.append(decision)
                keys.append((decision, r["tile"]))
    return np.array(xs), np.array(ys, dtype=float), np.array(ds), keys


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def cross_validated(x: np.ndarray, y: np.ndarray, d: np.ndarray) -> np.ndarray:
    """Each row's fitted chance from a fit on the other four fifths of the decisions."""
    p = np.zeros(len(y))
    for k in range(5):
        test = d % 5 == k
        w = fit(x[~test], y[~test])
        p[test] = 1 / (1 + np.exp(-np.clip(x[test] @ w, -30, 30)))
    return p


def auc(p: np.ndarray, y: np.ndarray) -> float:
    order = np.argsort(p)
    ranks = np.empty(len(p))
    ranks[order] = np.arange(1, len(p) + 1)
    pos = y == 1
    n1, n0 = pos.sum(), (~pos).sum()
    return float((ranks[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def logloss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def picks(p: np.ndarray, y: np.ndarray, keys: list[tuple[int, int]]) -> None:
    """Per decision and tile: chance that any seat wins on it (model) and whether one really can."""
    risk: dict[int, dict[int, list[float]]] = defaultdict(lambda: defaultdict(lambda: [1.0, 0.0]))
    for (d, tile), pi, yi in zip(keys, p, y, strict=True):
        r = risk[d][tile]
        r[0] *= 1 - pi
        r[1] = max(r[1], yi)
    n = hit = chance = 0.0
    for tiles in risk.values():
        fed = [r[1] for r in tiles.values()]
        if len(fed) < 2 or not any(fed) or all(fed):
            continue
        n += 1
        best = max(tiles.values(), key=lambda r: r[0])  # the highest chance nobody wins on it
        hit += best[1] == 0
        chance += 1 - sum(fed) / len(fed)
    print(
        f"decisions with a safe and a feeding ready discard: {n:.0f}; the model's safest is safe "
        f"in {100 * hit / n:.1f}%, a pick at random in {100 * chance / n:.1f}%"
    )


def main() -> None:
    x, y, d, keys = load(sys.argv[1:])
    print(f"{len(y)} rows (ready discards × other seats), {len(set(d.tolist()))} decisions")
    print(
        f"base rate {y.mean():.4f}; constant log loss {logloss(np.full(len(y), y.mean()), y):.4f}"
    )
    p = cross_validated(x, y, d)
    print(f"cross-validated: log loss {logloss(p, y):.4f}, AUC {auc(p, y):.3f}")
    print("calibration (deciles of the predicted chance): predicted / observed")
    edges = np.quantile(p, np.linspace(0, 1, 11))
    for lo, hi in zip(edges[:-1], edges[1:], strict=True):
        m = (p >= lo) & (p <= hi)
        print(f"  {p[m].mean():.4f} / {y[m].mean():.4f}  ({m.sum()})")
    picks(p, y, keys)
    w = fit(x, y)
    print("READ_WEIGHTS = (")
    for name, v in zip(READ_FEATURES, w, strict=True):
        print(f"    {v:+.4f},  # {name}")
    print(")")


if __name__ == "__main__":
    main()
