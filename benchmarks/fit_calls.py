"""Fit hard's call model (``CALL_WEIGHTS`` in ningde_tui/bots/hard.py) from decisions valued by
audit_bots.py.

    .venv/bin/python benchmarks/audit_bots.py --keep-hands --lineup baseline,baseline,normal,easy \
        --kinds claim,turn --hands 2000 --rollouts 8 --out calls.jsonl
    PYTHONPATH=. python3 benchmarks/fit_calls.py calls.jsonl [more.jsonl ...]   # needs numpy
    PYTHONPATH=. python3 benchmarks/fit_calls.py benchmarks/data/calls.jsonl.gz

The shipped weights come from benchmarks/data/calls.jsonl.gz: 4,079 decisions of baseline's
seats at the table baseline, baseline, normal, easy (audit seeds 31 and 32), every option
valued by 8 rollouts that keep the others' real hands (only the live wall reshuffled), in
audit_bots.py's ``--out`` format. Run on it, this prints exactly the shipped CALL_WEIGHTS.

For every 吃/碰/杠 offered on a discard (no 胡 on offer), the rollouts give the points of
calling minus passing; ``ningde_tui.bots.hard.call_features`` gives what the seat can see
(shanten change, effective tiles before and after, who discarded, golds, wall, melds). A
least-squares fit (a little ridge) per shanten change gives the weights; hard uses those for
−1 (the call brings the hand closer) and 0 (it does not): a call that sets the hand back is
never made, so the +1 fit, printed for reference, does not ship. Printed with each: a 5-fold
cross-validation of the policy "follow the audited bot unless the model disagrees beyond a
margin", in points per call option (rollout values on held-out decisions).
"""

from __future__ import annotations

import gzip
import json
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterator

import numpy as np

from ningde_tui.bots.hard import CALL_FEATURES, ClaimView, call_features

RIDGE = 1.0
# the policy checked: follow the audited bot unless the model's value is beyond this margin
MARGINS = (0.0, 0.25, 0.5, 1.0)


SHIPPED = (-1, 0)  # the shanten changes hard has weights for


def claim_decisions(paths: list[str]) -> Iterator[dict]:
    """Every audited claim decision in the files (.jsonl or .jsonl.gz)."""
    for path in paths:
        with gzip.open(path, "rt") if path.endswith(".gz") else open(path) as f:
            for line in f:
                r = json.loads(line)
                if r["phase"] == "claim":
                    yield r


def view_of(r: dict) -> ClaimView:
    """The seat's view in an audited decision, as the call model reads it."""
    seat = r["seat"]
    return ClaimView(
        r["hand"], r["gold"], r["melds"][seat], r["unseen"], r["drawable"], seat,
        r["last_discard"][0], r["dealer"] == seat,
    )  # fmt: skip


def rows(paths: list[str]) -> list[dict]:
    out = []
    for r in claim_decisions(paths):
        opts = r["options"]
        if any(o["type"] == "win" for o in opts):
            continue
        passes = [o for o in opts if o["type"] == "pass"]
        if not passes:
            continue
        pass_vals = passes[0]["vals"]
        chosen = opts[0]
        tile = r["last_discard"][1]
        view = view_of(r)
        for o in opts:
            if o["type"] not in ("chi", "pong", "kong"):
                continue
            used = o["tiles"] if o["type"] == "chi" else [tile] * (3 if o["type"] == "kong" else 2)
            dsh, x = call_features(view, o["type"], used)
            d = [a - b for a, b in zip(o["vals"], pass_vals, strict=True)]
            out.append(
                {
                    "dsh": dsh,
                    "x": x,
                    "d": statistics.fmean(d),
                    "called": chosen is o,
                }
            )
    return out


def fit(xs: list[dict]) -> np.ndarray:
    a = np.array([r["x"] for r in xs])
    y = np.array([r["d"] for r in xs])
    reg = RIDGE * np.eye(a.shape[1])
    reg[0, 0] = 0.0
    return np.linalg.solve(a.T @ a + reg, a.T @ y)


def cross_validate(xs: list[dict]) -> None:
    """5-fold: follow the audited bot unless the model disagrees beyond a margin (``called``:
    the bot took the option; ``d``: calling's points minus passing's)."""
    rng = random.Random(0)
    order = list(range(len(xs)))
    rng.shuffle(order)
    for margin in MARGINS:
        gains = []
        for fold in range(5):
            test = [xs[i] for j, i in enumerate(order) if j % 5 == fold]
            wf = fit([xs[i] for j, i in enumerate(order) if j % 5 != fold])
            for r in test:
                value = float(np.dot(wf, r["x"]))
                take = r["called"]
                if abs(value) > margin:
                    take = value > 0
                gains.append(0.0 if take == r["called"] else (r["d"] if take else -r["d"]))
        flips = sum(g != 0 for g in gains)
        half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
        print(
            f"   cross-validated, margin {margin}: {flips} of {len(gains)} decided otherwise "
            f"than the audited bot, gain {statistics.fmean(gains):+.3f} ±{half:.3f} points "
            "per option"
        )


def main() -> None:
    data = rows(sys.argv[1:])
    by_dsh: dict[int, list[dict]] = defaultdict(list)
    for r in data:
        by_dsh[r["dsh"]].append(r)
    print(f"{len(data)} call options; by shanten change:", {k: len(v) for k, v in by_dsh.items()})
    weights = {}
    for dsh, xs in sorted(by_dsh.items()):
        if len(xs) < 60:
            continue
        w = fit(xs)
        weights[dsh] = w
        print(
            f"dsh {dsh:+d}: "
            + ", ".join(f"{n} {v:+.3f}" for n, v in zip(CALL_FEATURES, w, strict=True))
        )
        cross_validate(xs)
    print("CALL_WEIGHTS = {")
    for dsh in SHIPPED:
        print(f"    {dsh}: ({', '.join(f'{v:.3f}' for v in weights[dsh])}),")
    print("}")


if __name__ == "__main__":
    main()
