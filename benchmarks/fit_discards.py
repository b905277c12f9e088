"""Can baseline's discards be bettered from what the seat sees? (issue 14, third round)

    .venv/bin/python benchmarks/audit_bots.py --keep-hands --lineup baseline,baseline,normal,easy \
        --kinds discard --ready --worse 1 --near 4 --share 0.5 --rollouts 8 --out discards.jsonl
    PYTHONPATH=. python3 benchmarks/fit_discards.py benchmarks/data/discards-audit-* \
        benchmarks/data/ready-audit-* benchmarks/data/*hidden-audit*      # needs numpy

The data: discards of baseline's seats at the table baseline, baseline, normal, easy, every
discard of the best shanten (up to four or five in baseline's order) and, in the first file,
one a step worse, each valued by 8 rollouts that keep the others' real hands (only the live
wall reshuffled). The ready files hold ready hands only (``--ready --max-shanten 0 --near
5``), the one-away file one-away hands only (``--max-shanten 1``); the ``hidden`` files also
hold what the seat could not see (the others' hands, the live wall).

Printed:

1. alternative − baseline's pick by shanten and step (0: same shanten, 1: a step worse), with
   a 95% interval and the "true sd" (the spread with the rollouts' own noise taken out);
2. the same split by whether the discard would really let another seat win (``feeds``, a
   fact the seat cannot see): what a perfect read of the others would be worth;
3. three models, each fitted by least squares on differences within a decision and checked
   by 5-fold cross-validation as a policy ("take the model's pick when it beats baseline's by
   more than a margin"), in points per decision on held-out decisions: the waits of a ready
   hand, the outlook of a one-away hand, and breaking a ready hand for a one-away hand;
4. (the ``hidden`` files) the same kind of policy rating a ready or one-away discard by its
   helping tiles (winning tiles, or tiles that take it a step closer) among the unseen, and
   among those really in the live wall: what knowing where the tiles are would be worth.
"""

from __future__ import annotations

import gzip
import json
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from ningde_tui.bots.evaluate import advancing_faces, effective_tiles, unseen_faces
from ningde_tui.rules import shapes
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.scoring import WinBy, WinInput, evaluate_win
from ningde_tui.rules.tiles import NUM_FACES, face, face_counts, tile_for_face

CONFIG = RuleConfig()
Decision = dict[str, Any]


def decisions(paths: list[str]) -> Iterator[Decision]:
    for path in paths:
        with gzip.open(path, "rt") if path.endswith(".gz") else open(path) as f:
            for line in f:
                r = json.loads(line)
                if r["phase"] == "turn" and r["options"][0]["type"] == "discard":
                    yield r


def after(r: Decision, tile: int) -> tuple[list[int], int, int]:
    """(face counts, golds, shanten) of the hand left by discarding ``tile``."""
    hand = list(r["hand"])
    hand.remove(tile)
    counts, jokers = face_counts(hand, r["gold"])
    groups = 5 - r["melds"][r["seat"]]
    return counts, jokers, shapes.shanten(counts, jokers, groups)


def mean_diff(alt: Decision, chosen: Decision) -> tuple[float, float]:
    """Mean of alternative − chosen over the shared rollouts, and that mean's variance."""
    d = [a - b for a, b in zip(alt["vals"], chosen["vals"], strict=True)]
    return statistics.fmean(d), statistics.variance(d) / len(d)


def table(rows: list[Decision]) -> None:
    by_step: dict[tuple[int, int], list[tuple[float, float]]] = defaultdict(list)
    by_feed: dict[tuple[int, int, bool, bool], list[float]] = defaultdict(list)
    for r in rows:
        chosen = r["options"][0]
        s0 = after(r, chosen["tile"])[2]
        for alt in r["options"][1:]:
            step = after(r, alt["tile"])[2] - s0
            m, v = mean_diff(alt, chosen)
            by_step[(s0, step)].append((m, v))
            by_feed[(s0, step, bool(chosen["feeds"]), bool(alt["feeds"]))].append(m)
    print("shanten, step: n, alternative − baseline's pick ±95%, true sd")
    for key in sorted(by_step):
        ds = [m for m, _ in by_step[key]]
        if len(ds) < 3:
            continue
        observed = statistics.variance(ds)
        noise = statistics.fmean(v for _, v in by_step[key])
        print(
            f"  {key[0]}, {key[1]}: {len(ds):4d}  {statistics.fmean(ds):+.2f} "
            f"±{1.96 * (observed / len(ds)) ** 0.5:.2f}  {max(0.0, observed - noise) ** 0.5:.2f}"
        )
    print("shanten, step, baseline's pick feeds a win, the alternative does: n, alt − pick ±95%")
    for key, ds in sorted(by_feed.items()):
        if len(ds) >= 3:
            half = 1.96 * statistics.pstdev(ds) / len(ds) ** 0.5
            print(f"  {key}: {len(ds):4d}  {statistics.fmean(ds):+.2f} ±{half:.2f}")


def ready_features(r: Decision, option: Decision) -> list[float]:
    """A ready hand's waits as the seat sees them. (The rows do not hold the seat's own melds
    as melds, so what a win pays is read for hands without declared melds; with melds the pay
    features read 0 — the fit's other features still see those hands.)"""
    gold, seat = r["gold"], r["seat"]
    hand = list(r["hand"])
    hand.remove(option["tile"])
    counts, jokers = face_counts(hand, gold)
    faces_unseen, golds_unseen = unseen_faces(r["unseen"], gold)
    pool = max(1, sum(faces_unseen) + golds_unseen)
    waits = list(shapes.waits(counts, jokers))
    live = sum(faces_unseen[w] for w in waits)
    discarded = [0] * NUM_FACES
    for other in range(4):
        if other != seat:
            for t in r.get("ponds", [[]] * 4)[other]:
                discarded[face(t, gold)] += 1
    pays = {WinBy.SELF: 0.0, WinBy.DISCARD: 0.0}
    for w in waits:
        if faces_unseen[w]:
            t = tile_for_face(w, gold)
            for by in pays:
                win = WinInput((*hand, t), (), gold, t, by, r["dealer"] == seat, 1)
                score = evaluate_win(win, CONFIG)
                pays[by] += faces_unseen[w] * (score.total if score.legal else 0)
    rated = option.get("rated") or (0.0, 0.0)
    return [
        live, live / pool, len(waits), sum(discarded[w] for w in waits),
        sum(1 for w in waits if w % 9 in (0, 8)), pays[WinBy.SELF] / max(1, live) / 10,
        pays[WinBy.DISCARD] / max(1, live) / 10,
        (live + golds_unseen) / pool * pays[WinBy.SELF] / 100,
        rated[0] / 10, rated[1] / 10, discarded[face(option["tile"], gold)],
    ]  # fmt: skip


def one_away_features(r: Decision, option: Decision) -> list[float]:
    """A one-away hand's outlook: effective tiles counted three ways (calls at 0, ½, 1) and
    the live waits of the ready hands its effective tiles lead to."""
    counts, jokers, s = after(r, option["tile"])
    groups = 5 - r["melds"][r["seat"]]
    faces_unseen, golds_unseen = unseen_faces(r["unseen"], r["gold"])
    u = [
        effective_tiles(counts, jokers, groups, s, faces_unseen, golds_unseen, w) / 10
        for w in (0.0, 0.5, 1.0)
    ]
    lives: list[int] = []
    for f, n in advancing_faces(counts, jokers, groups, s, faces_unseen):
        counts[f] += 1
        best = 0
        for g in range(NUM_FACES):
            if counts[g]:
                counts[g] -= 1
                if shapes.shanten(counts, jokers, groups) == 0:
                    waits = shapes.waits(counts, jokers)
                    best = max(best, sum(faces_unseen[w] - (w == f) for w in waits))
                counts[g] += 1
        counts[f] -= 1
        lives += [best] * n
    tf = face(option["tile"], r["gold"])
    return [
        *u, statistics.fmean(lives) / 10 if lives else 0.0, max(lives, default=0) / 10,
        faces_unseen[tf] / 4, float(tf % 9 in (0, 8)),
    ]  # fmt: skip


def choice_sets(
    rows: list[Decision], shanten: int, features: Callable[[Decision, Decision], list[float]]
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per decision at ``shanten``: the features and values of the options of that shanten
    (baseline's pick first)."""
    out = []
    for r in rows:
        opts = [o for o in r["options"] if after(r, o["tile"])[2] == shanten]
        if len(opts) < 2 or opts[0] is not r["options"][0]:
            continue
        x = np.array([features(r, o) for o in opts])
        v = np.array([statistics.fmean(o["vals"]) for o in opts])
        out.append((x, v))
    return out


def fit(sets: list[tuple[np.ndarray, np.ndarray]], ridge: float = 1.0) -> np.ndarray:
    a = np.vstack([x - x.mean(0) for x, _ in sets])
    y = np.concatenate([v - v.mean() for _, v in sets])
    return np.linalg.solve(a.T @ a + ridge * np.eye(a.shape[1]), a.T @ y)


def cross_validate(
    sets: list[tuple[np.ndarray, np.ndarray]],
    what: str,
    margins: tuple[float, ...] = (0.0, 0.25, 0.5, 1.0),
) -> None:
    order = list(range(len(sets)))
    random.Random(0).shuffle(order)
    print(f"{what}: {len(sets)} decisions")
    for margin in margins:
        gains = []
        for fold in range(5):
            w = fit([sets[i] for j, i in enumerate(order) if j % 5 != fold])
            for j, i in enumerate(order):
                if j % 5 == fold:
                    x, v = sets[i]
                    rating = x @ w
                    pick = int(np.argmax(rating))
                    gains.append(v[pick] - v[0] if rating[pick] - rating[0] > margin else 0.0)
        g = np.array(gains)
        half = 1.96 * g.std() / len(g) ** 0.5
        print(
            f"  margin {margin}: {int(np.sum(g != 0))} decided otherwise than baseline, "
            f"{g.mean():+.3f} ±{half:.3f} points a decision"
        )


def folding(rows: list[Decision]) -> None:
    """Break a ready hand for a one-away hand, by a linear model of the difference."""
    xs, ys = [], []
    for r in rows:
        chosen = r["options"][0]
        counts, jokers, s0 = after(r, chosen["tile"])
        if s0 != 0:
            continue
        faces_unseen, golds_unseen = unseen_faces(r["unseen"], r["gold"])
        pool = max(1, sum(faces_unseen) + golds_unseen)
        p = (sum(faces_unseen[w] for w in shapes.waits(counts, jokers)) + golds_unseen) / pool
        groups = 5 - r["melds"][r["seat"]]
        for alt in r["options"][1:]:
            c1, j1, s1 = after(r, alt["tile"])
            if s1 != 1:
                continue
            u = effective_tiles(c1, j1, groups, s1, faces_unseen, golds_unseen, 0.0) / pool
            d = r["drawable"] / 10
            xs.append([1.0, p, u, d, float(jokers), p * d])
            ys.append(mean_diff(alt, chosen)[0])
    x, y = np.array(xs), np.array(ys)
    print(f"breaking a ready hand: {len(ys)} cases, {y.mean():+.2f} on average")
    order = list(range(len(ys)))
    random.Random(0).shuffle(order)
    gains = []
    for fold in range(5):
        train = [i for j, i in enumerate(order) if j % 5 != fold]
        w = np.linalg.lstsq(x[train], y[train], rcond=None)[0]
        gains += [y[i] for j, i in enumerate(order) if j % 5 == fold and x[i] @ w > 0]
    print(f"  cross-validated: breaks {len(gains)}, {sum(gains) / len(ys):+.3f} a case")


def helping_tiles(r: Decision, option: Decision) -> list[float]:
    """The tiles that would win (ready) or take the hand a step closer (one away) after this
    discard: how many the seat has not seen, and how many of those are really in the live
    wall (``hidden``, a fact the seat cannot see)."""
    counts, jokers, s = after(r, option["tile"])
    groups = 5 - r["melds"][r["seat"]]
    faces_unseen, _ = unseen_faces(r["unseen"], r["gold"])
    in_wall = [0] * NUM_FACES
    for t in r["hidden"]["wall"]:
        if t != r["gold"]:
            in_wall[face(t, r["gold"])] += 1
    helping = shapes.waits(counts, jokers) if s == 0 else [
        f for f, _ in advancing_faces(counts, jokers, groups, s, faces_unseen)
    ]  # fmt: skip
    return [sum(faces_unseen[f] for f in helping) / 10, sum(in_wall[f] for f in helping) / 10]


def reading_the_wall(rows: list[Decision]) -> None:
    """What knowing where the helping tiles are (the wall, or the others' hands) is worth."""
    seen = [r for r in rows if "hidden" in r]
    for shanten, what in ((0, "ready"), (1, "one away")):
        sets = choice_sets(seen, shanten, helping_tiles)
        if not sets:
            continue
        for col, how in ((0, "the unseen (the seat's view)"), (1, "those in the wall (hidden)")):
            chosen = [(x[:, [col]], v) for x, v in sets]
            cross_validate(chosen, f"{what}, rated by the helping tiles among {how}", (0.0,))


def main() -> None:
    rows = list(decisions(sys.argv[1:]))
    print(f"{len(rows)} discard decisions")
    table([r for r in rows if "hidden" not in r])
    cross_validate(choice_sets(rows, 0, ready_features), "the waits of a ready hand")
    cross_validate(choice_sets(rows, 1, one_away_features), "the outlook one away")
    folding(rows)
    reading_the_wall(rows)


if __name__ == "__main__":
    main()
