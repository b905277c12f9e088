"""The hard level (issue 14): ``baseline`` (the hard bot of 2026-12-01, see baseline.py) and what
was measured to beat it in paired duplicate play.

hard is baseline with three additions, and two more that are off (the win model below,
and offering far from ready: "Fifth round"); the models are learned
offline from baseline's own self-play (the numbers are in the module-level tables and in
reading.py; "Second round" and "Fourth round" below say how, and what was measured):

1. **Calls decided by a learned model** (``CALL_WEIGHTS``, ``model_call``). baseline calls
   吃/碰 exactly when the call brings the hand a step closer. hard values each 吃/碰 against
   passing with a linear model of what the seat sees (``call_features``: the shanten change,
   effective tiles after the call against now, who discarded — a 碰 off the 对家 or the 下家
   skips the seats between, a 吃 off the 上家 only replaces the draw the seat was about to
   make — golds, wall left, melds, shanten), and overrides baseline's rule where the model
   disagrees by more than ``CALL_MARGIN`` points. Kongs stay baseline's (too few in the data).

2. **Pattern play** (2026-12-01, measured neutral, kept): it plays for a big pattern when it
   is close enough that the pay makes up for the speed it costs (rules.md §11: 金雀 pays
   b×3+15 a head and 清一色 b×3+30, against 平胡's b+1 and 自摸's (b+1)×2):

- 金雀 (the two golds as the pair): with two golds or more, when the shanten toward five melds
  with two golds set aside as the pair is at most ``JINQUE_EXTRA`` above the plain shanten;
- 清一色 (one suit): when the shanten counting only one suit's tiles (the others' as missing)
  is at most ``FLUSH_EXTRA`` above the plain one and its exposed melds are all of that suit;

and enough of the wall is left. It then rates discards by that pattern's shanten and effective
tiles first (baseline's rating breaks ties, so the least useful tile goes), calls only what
brings that pattern closer, and still takes any win it is offered (baseline's rule of skipping
a cheap win while a 金雀 is close stays).

3. **A read of the others when ready** (``DEFENCE_COST``, reading.py): with its hand ready
   after the discard, each discard costs DEFENCE_COST × the chance, read from what the seat
   sees, that another seat could win on it (a kind let go by since that seat's last discard,
   that seat's discards of the tile and near it, the copies unseen, how long it has played,
   its melds, a visible 清一色). Between ready discards of like value it throws the safer one.

Off (``WIN_MODEL = False``): **discard wins weighed against waiting** (``WIN_WEIGHTS``,
``wait_for_self_draw``). baseline passes a 平胡 on a discard only when its very next draw is
likely to self-draw; with no furiten, a passed hand can still win any later discard, and a
self-draw pays double. The model rates "points after passing − after winning" from the chance
p that one draw completes the hand, p with golds and with the wall left, the wall left, the
opponents who draw first, golds, dealer, melds (never below p = ``WIN_MIN_P``). Rollouts said
it gains +0.57 a win offered; at the table it lost 0.21 a hand (see below).

The call model is fitted (benchmarks/fit_calls.py; least squares per shanten change) on the
claim decisions of baseline seats at the table baseline, baseline, normal, easy, each option
valued by 8 rollouts that keep the others' real hands and reshuffle only the live wall
(benchmarks/audit_bots.py ``--keep-hands``; "Third round" below says why): the data is
benchmarks/data/calls-audit-kept-hands-2026-12-01.jsonl.gz (4,079 claim and turn
decisions). The win model's weights (off) come from the second round's uniformly reshuffled
rollouts (benchmarks/data/calls-audit-2026-12-01.jsonl.gz, 3,953 decisions of four baseline
bots).

Measured (issue 14, 2026-12-01): paired duplicate against baseline in the table hard,
baseline, normal, easy, 600 walls × 24 plays (6 seating orders × 4 rotations), seed 7, ± the
95% half-width. A null run (this class with both patterns off, so it plays exactly as
baseline) reads −0.035 ±0.132 there: that is the table's own offset, compare with it.

- as shipped (JINQUE_EXTRA=1, FLUSH_EXTRA=1): −0.041 ±0.140, i.e. −0.006 against the null
  run; 5 金雀 and 1 清一色 in 14,400 hands against baseline's 3 and 0. Neutral: the patterns
  are rarely that close. With both at 0 it changed no decision at all in those hands.
- 金雀 at JINQUE_EXTRA=2: −0.079; 清一色 alone at FLUSH_EXTRA 2/3/4 (300 walls, seed 7):
  −0.06/−0.12/−0.29, with 2-5 清一色 in 7,200 hands: each player draws only some seven tiles,
  too few to turn a hand into one suit.
- passing wins that are not 金雀 while the 金雀 is close (PASS_FOR_JINQUE 0, or 1 with
  JINQUE_EXTRA=2): −0.12 and −0.41. Hands with two golds win 65% of the time as they are (459
  such hands of 6,000 in baseline self-play, +10.3 points each, none of them 金雀); played for
  金雀 they win it rarely (8-16 金雀 in 14,400 hands).
- a learned chance to win: a logistic fit, per shanten, of "the seat goes on to win" on
  ln(1 + weighted effective tiles) and the drawable count, from 80,000 discards of baseline
  self-play (2 × 2,500 hands). Used to let a discard give up one step of shanten for a much
  wider hand (the fit says a ready hand on two or three live tiles wins less often than a
  one-away hand with 50+ weighted effective tiles): −0.85 ±0.16 — the fit is confounded (wide
  one-away hands are often the ones holding golds) and baseline's strict shanten order is
  right. The same fit used only among discards of the best shanten: −0.07 ±0.14 (neutral).
  The fit, logit P(win) = a + b·ln(1+u) + c·d/10 with (a, b, c) by shanten after the discard:
  0: (−5.44, 1.157, 0.827), 1: (−9.10, 1.432, 1.316), 2: (−10.78, 1.259, 1.579),
  3+: (−10.80, 1.043, 1.466); e.g. ready on u=12 with d=20 → 0.31, one away on u=50 → 0.30.
- the value of waits (baseline's wait_value) weighted ×3 or ×0.3: −0.041 and −0.043, the same
  as without (it seldom decides between discards of equal speed).
- In `make bench-bots` (4000 walls × 24, seed 2026) hard − baseline was +0.034 [−0.022,
  +0.089]: issue 14's +0.15 is not reached.
- PIMC was not tried in that round (the engine builds no Game mid-hand); see below.

Second round (issue 14, 2026-12-01, later the same day): first, where does baseline leave
points? benchmarks/audit_bots.py (described above) values each option of a decision as
"alternative − baseline's choice" in points, with "true sd": the spread of that difference once
the rollouts' own noise is taken out (how much a better rule could find, if it knew which).

- Discards (244 decisions in 60 hands, every discard of the best shanten up to five, 16
  rollouts): alternative − baseline's pick at shanten 1: −0.63 ±0.23 (true sd 0.73), shanten 2:
  −0.12 ±0.16 (0.0), shanten 3: +0.06 ±0.27 (0.38). Picking by 8 rollouts and judging by the
  other 8 ("split-half oracle") is worse than baseline's order: −0.29/−0.31/−0.04. Ready and
  one-away hands (282 decisions): another discard of the same shanten −0.09 ±0.65 / −0.48
  ±0.19 (true sd 0 / 0.55); giving up a step −3.1 ±0.4 / −1.9 ±0.3. baseline's discards
  cannot be bettered measurably: among its near-best discards the true differences are nil.
- Hence no PIMC. One rollout of the rest of a hand costs ~2 ms with the cheapest (greedy)
  players and ~15 ms with baseline; the points of two options' rollouts on one reshuffle
  differ with a standard deviation of ~8, so telling options 0.3 points apart takes some 700
  rollouts an option — seconds per decision, against a median of 50 ms — and the discards it
  would search differ by less than that.
- Calls (4,227 吃/碰/杠 offered in 3,953 claim decisions): call − pass when the call brings
  the hand a step closer (baseline calls): 吃 +1.88/+0.70/+0.24/+0.25 at shanten 1/2/3/4, 碰
  +2.41/+1.21/+0.58/+0.36; when it does not (baseline passes): 吃 −1.43/−0.99/−0.93/−0.47 at
  shanten 0-3, 碰 −0.06/−0.24/−0.18/+0.41 (±0.2-0.4; 碰 ±0.4-0.9). True sd ~1.0-1.3 around
  those means: room for a better rule. The call model, 5-fold cross-validated on these
  decisions (rollout values of held-out ones): +0.060 ±0.037 points per call option that
  brings the hand closer (373 of 2,115 decided otherwise than baseline), +0.018 ±0.029 per
  option that does not (183 of 2,010). Margins 0.25/0.5 gain alike; a first fit on 657
  options (margin 0, in a 300-wall table) read −0.011 ±0.195, i.e. within the noise.
- Wins on a discard (337 offered): pass − win averages +0.05 ±0.28 where baseline wins, with
  a true sd of 1.8, i.e. often much better to pass, often much worse. By p and wall left
  (drawable): p < 0.1 passing loses at every stage (−1.2 to −3.2); p ≥ 0.2 it gains +2.9 to
  +4.1 with 10+ drawable; 0.1-0.2 it is +0.1 to +0.65 with 16+ drawable. The win model,
  cross-validated: +0.57 ±0.16 points per win offered (112 of 337 decided otherwise than
  baseline, almost all passes); simple thresholds (pass iff p ≥ 0.15 and 8+ drawable) +0.47
  ±0.16. The first fit passed narrow early waits (p < 0.1, which the data says lose); the
  p·drawable feature and the WIN_MIN_P guard are there for that.
- At the table (``make bench-bots``: 4000 walls × 24 plays, seed 2026, table hard, baseline,
  normal, easy; output in benchmarks/results/): hard with the call model (and pattern play)
  − baseline **+0.060 [+0.004, +0.117]**, against +0.034 [−0.022, +0.089] for the hard of the
  first round on the same walls; but on 4000 other walls (seed 2027) **−0.019 [−0.075,
  +0.038]**: over both about +0.02, not measurably stronger than baseline, far from issue
  14's +0.15. The first round's hard (the call model off) on those seed-2027 walls: −0.038
  [−0.092, +0.016], so the call model is +0.02-0.03 better than it on both sets of walls
  (consistent, but each within the noise); kept. The call model's cross-validated gain (some +0.07 a hand) does not show at the
  table: the same bias as below, or smaller than the noise. With the win model on
  as well: **−0.211 [−0.273, −0.150]** — it won 24.5% of its hands against baseline's 29.3%,
  41% of its wins self-drawn. The rollouts misjudge passing: they reshuffle the tiles the
  seat cannot see uniformly, so the others hold random hands in them, far from ready, while
  at the table a seat that is ready has others who have built their hands just as long.
  Passing looked safe there and is not. (The call model's values carry the same bias, less
  of it: a call is about the seat's own speed.) A search or fit by such rollouts would need
  the others' hands sampled as they are likely to be (close to ready by then), not uniformly.
- 单钓 by calling (five declared melds pay b×3+30 and lock the others to self-draw; easy gets
  51 in 24,000 hands by calling everything): with DANDIAO_MELDS 2 or 3 melds declared and at
  most one gold, call whatever does not set the hand back. 300 walls × 24, seed 7, table X,
  baseline, normal, easy, against the call model alone (−0.011 ±0.195): DANDIAO_MELDS=3
  −0.016 ±0.195 (1 单钓 in 7,200 hands), =2 −0.119 ±0.209 (2 单钓). Off.
- 清一色 is out of reach from the deal: over 6,000 dealt hands (baseline self-play), the
  one-suit shanten is within 3 of the plain shanten in 1.1%, within 4 in 9%.

Third round (issue 14, 2026-12-01, evening): rollouts that keep the others' real hands. The
second round's suspicion was right. For fitting a model of the seat's own view, the hidden
hands need not be sampled at all: an offline audit may start its rollouts from the true state
(the others' hands as play really built them, only the live wall reshuffled); a model fitted
on those values from the seat's features learns their average over the hands the others
really hold in such positions. benchmarks/audit_bots.py ``--keep-hands --lineup
baseline,baseline,normal,easy`` (the benchmark's table, baseline's seats audited, every seat
played out by its own bot, 8 rollouts an option):

- Wins on a discard (393 offered): passing − taking by the chance p that one draw wins, with
  16+ drawable tiles left: p 0.1-0.2 −2.52 ±0.59 (uniform reshuffles said +0.42),
  p 0.2-0.3 −0.17 ±1.20 (said +2.78), p ≥ 0.3 −0.67 ±5.9 (said +5.49). Passing a discard win
  is a loss almost everywhere; baseline's own passes (50, its next draw likely to self-draw)
  read +0.23 ±1.72 for taking instead: nothing to gain. The win model refitted on these
  values cross-validates at −0.12 ±0.37 a win offered. It stays off.
- Calls (4,348 options): the same picture as the uniform rollouts, a little smaller (吃 that
  brings the hand closer +1.71/+0.45/+0.05/−0.03 at shanten 1-4, 碰 +2.07/+1.23/+0.78/+0.13;
  calls that do not: −1.73 to −0.24). The call model refitted on them (shipped): cross-
  validated +0.075 ±0.040 a call option that brings the hand closer at CALL_MARGIN 0.5 (156
  of 2,118 decided otherwise than baseline), ±0 for the others. At the table, 4000 walls × 24:
  hard − baseline +0.055 [−0.001, +0.110] (seed 2026) and −0.011 [−0.066, +0.043] (seed
  2027), against +0.060 and −0.019 with the second round's weights on the same walls: the
  same, about +0.02 over 8,000 walls.
- Discards (benchmarks/fit_discards.py; 1,711 decisions with every discard of the best
  shanten up to four or five, and in 1,170 of them one a step worse; 5,454 more, ready or one
  away, for the models): alternative − baseline's pick, with the true sd: ready −0.44 ±0.21
  (2.05), one away −0.27 ±0.16 (1.38), two away +0.00 ±0.14 (0.63), three away +0.02 (0.0);
  giving up a step −3.03 / −1.46 / −0.72 / −0.57. Among ready hands, a model of the waits
  (live tiles, their share of the unseen, the number of waits, how often the others discarded
  them, terminals, what a win on them pays self-drawn and on a discard, baseline's own rating;
  4,535 decisions) cross-validates at +0.005 ±0.053 a decision (+0.040 ±0.030 at a margin of
  0.25, 298 changed: some +0.02 a hand); one away (effective tiles counted three ways, the
  live waits of the ready hands each effective tile leads to; 2,057) at −0.016 ±0.055;
  breaking a ready hand for a wider one-away hand never pays (276 cases, −3.0 on average).
  Even a player who knew which of its helping tiles are really in the wall (and not in the
  others' hands) would gain only +0.100 ±0.053 a ready decision (about +0.05 a hand) and
  +0.004 ±0.056 one away. The true spread is there, but neither what the seat can see nor
  where the tiles are tells which alternative is the better one.
- Defence is worth little in this scoring (rules.md §11: the discarder pays no more than the
  others). Where baseline's ready discard would really let another seat win, an alternative
  that would not gains +2.11 ±1.17 (47 of 1,038 ready alternatives); one away −0.05 ±0.36,
  two away −0.91 ±0.42. A discard that feeds a win is a loss when ready (−3.89) but a gain
  of +0.50 ±0.25 two away: ending the hand on someone's cheap discard win costs a seat far
  from winning nothing. A perfect read of the others would be worth some +0.06 a hand, all
  of it in ready hands; nothing the seat sees reads them that well.
- Plans (benchmarks/audit_plans.py: from the first turn of baseline's seat where the plan
  applies, the rest of the hand played by hard and by hard with the plan's settings, 8
  rollouts each from the real position): 金雀 harder (JINQUE_EXTRA=2, PASS_FOR_JINQUE=1;
  424 positions with two golds or more in 6,000 seat-hands) −3.80 ±0.55 a position, −0.27 a
  seat-hand; no 金雀 play at all (JINQUE_EXTRA=−1) −0.27 ±0.34 (neutral); 单钓 by calling
  from two melds (DANDIAO_MELDS=2; 840 positions in 3,000) −0.08 ±0.14; 清一色 from three
  steps further (FLUSH_EXTRA=3; every hand) −0.004 ±0.011. The big patterns pay ten times a
  平胡, but in a hand of some seven draws a seat cannot afford to steer for them.
  baseline's own settings, changed for whole hands the same way (600 hands, 1,155 positions,
  seed 5; points a seat-hand): CALL_WEIGHT 1.0 −0.04 ±0.04, 0.25 −0.03 ±0.05; FEED_COST 10
  −0.04 ±0.06, 2.5 +0.03 ±0.05; SELF_DRAW_MARGIN 1.0 +0.02 ±0.03; OPPONENT_SELF_DRAW 0.1
  +0.004 ±0.010; CALL_MARGIN 1.0 −0.02 ±0.02; SHARE_SELF 0.5 changes nothing. A flat top.

Conclusion of the three rounds: against its own continuation at this table, baseline's
single decisions cannot be bettered measurably from what the seat sees, except its calls, by
a few hundredths of a point a hand, and no plan for a big pattern pays. Issue 14's +0.15 is
not within reach of a better rule for any decision or plan measured here.

Fourth round (issue 14, 2026-12-01, night): what would seeing the hidden tiles be worth?
benchmarks/oracle_bound.py seats an *oracle*, a hard bot given facts its seat cannot see, at
the benchmark's table (oracle, baseline, normal, easy; 1000 walls × 24 plays, seed 2026; a
null run, the oracle knowing nothing, reads +0.036 ±0.11 against baseline there):

- ``defence`` (ready after its discard, it never throws a tile another seat could really win
  on if a discard of the same shanten is safe): +0.184 [+0.072, +0.295], about +0.15 above
  the null run. benchmarks/audit_plans.py ``--ready`` agrees: +0.182 ±0.049 and +0.170
  ±0.061 a position on two seeds (3,130 positions, the first ready turn of baseline's seats
  in 3,000 hands), +0.09 a seat-hand. So the third round's "+0.06 for a perfect read" was too
  low: it looked at one decision, the oracle reads at every ready turn of the hand.
- ``wall`` (it counts the tiles of the drawable wall, not every unseen copy, wherever it
  counts tiles to come): +0.199 [+0.074, +0.324]; ``hands`` (it only knows which tiles lie
  in the reserve that is never drawn): +0.065 [−0.049, +0.178]; both ``wall`` and
  ``defence``: +0.322 [+0.195, +0.448]. Where the tiles sit between the wall and the others'
  hands is worth as much as the others' waits.

Both are worth issue 14's +0.15 if they could be read. From what the seat sees:

- The others' waits: reading.py's logistic read (benchmarks/reading_data.py, fit_reading.py;
  200,319 ready discards × other seats in 8,000 hands at the table): cross-validated AUC
  0.730, well calibrated; where a ready seat has a safe and a feeding discard, the one it
  rates safest is safe 80% of the time against 64% for a pick at random (the oracle: 100%).
  The strongest signs are a kind let go by since that seat's last discard and the seat's own
  discards of it and near it. Whether the seat's discards were the tiles it had just drawn (a
  player sees that at a real table; the engine does not show it) adds nothing: AUC 0.731.
  Used as hard's DEFENCE_COST (shipped at 100): audit_plans ``--ready`` −0.006 ±0.054 and
  +0.042 ±0.068 a position (+0.01 a seat-hand; cost 300: +0.002 and −0.016); at the table
  (1000 walls, seed 2026, an earlier read of AUC 0.715) cost 50/150/400 read +0.056/+0.051/
  +0.030 against the null run's +0.036. Acting only on the strongest reads (DEFENCE_FLOOR
  0.1, cost 300) against hard as shipped: −0.010 ±0.049 and −0.015 ±0.054 a position. About
  a tenth of the oracle's gain at best: reading a tile as 9% instead of 3% dangerous does not
  pick out the discard that really feeds.
- Where the tiles are: a logistic model of "an unseen copy is still in the drawable wall" (the
  wall's share of the unseen, the kind's unseen copies and neighbours, the others' discards of
  it and near it, the stage, the others' melds of its suit; reading_data.py ``--kinds``, 3,000
  hands) lowers the squared error of each kind's wall count by 1.6% (0.5767 against 0.5862
  counting every unseen copy alike): nothing to steer by.

At the table, hard with the read (DEFENCE_COST 100) in `make bench-bots`, 4000 walls × 24:
hard − baseline +0.049 [−0.006, +0.105] (seed 2026) and −0.010 [−0.065, +0.046] (seed
2027), against +0.055 and −0.011 without it on the same walls; its deal-in rate fell from
16.4% to 16.0% (seed 2026), its points did not move.

Conclusion of the fourth round: the points issue 14 asks for are there, in the hidden tiles
(+0.15 each for a perfect read of the others' waits and of the wall), but what a seat sees
of them in this game — hands of 16, three wild golds, some seven draws a seat, no furiten
and no declared riichi — reads about a tenth of that. A bot that reached +0.15 fairly would
have to read the others far better than any model of the seat's view measured here.

Fifth round (issue 14, 2026-12-02): the two routes the fourth left open.

- Sampling the hidden hands consistently with what the others did (the belief a determinized
  search would sample from): benchmarks/belief.py builds ready hands of another seat's size
  from the unseen tiles (melds and a pair, its share of the unseen golds, one tile out),
  weighs each by what the seat threw (β per discard the hand would have used: a copy, a
  sequence it completes, a neighbour; the last six whole, earlier ones half) and rules out
  (×0.05) waits on a kind it let go by, and gives per face the weighted share of hands that
  wait on it. reading_data.py ``--belief 400`` (4,000 hands, 14,783 ready decisions, β 1,
  0.3, 0.1, 0.03), fit_reading.py ``--belief``: the read alone AUC 0.726 (its safest
  discard safe in 81.8% of the decisions with a safe and a feeding one), the beliefs alone
  0.659 (78.1%), both 0.735 (80.9%). Whole hands add nothing a bot can act on beyond the
  read's tile-by-tile features; a search over worlds drawn from this belief would see the
  same. (600 hands a seat, β 1, 0.6, 0.3: 0.718 → 0.731, 79.5% → 80.4%.)
- The other way round, offering: the discarder pays no more than the others (rules.md §11),
  so a seat far from winning loses less to a plain win off its own discard (b+1 a head) than
  to the self-draw (double) or the bigger hand that may come later; the third round's audit
  had a feeding discard two away at +0.50 ±0.25. oracle_bound.py ``--oracle offer`` (two
  steps or more from ready after the discard, a discard that really lets another seat win
  gains 50): +0.177 [+0.071, +0.282] against the null run's +0.036, deal-in 24.3% against
  baseline's 14.9%. A third hidden source of the same size. The fair version (``OFFER_COST``
  × the read's feed risk, the same far positions; 1000 walls, seed 2026): OFFER_COST 50
  +0.017, 150 −0.022, 400 −0.148 (±0.12; deal-in 16.6% at 150 and 17.4% at 400 against
  baseline's 16.2% and 15.9%): the read finds too few of the feeding tiles to pay for the
  effective tiles given up. Off.

Conclusion of the fifth round: the hidden tiles hold some +0.15 a hand each for a perfect
read of the others' waits when ready, of the wall, and of the feeding tile when far; sampled
hands that agree with everything the seat saw read no more of them than the tile-by-tile
read does, about a tenth.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..rules import shapes
from ..rules.game import Action, ActionType, Observation, Phase
from ..rules.tiles import NUM_FACES, face, face_counts
from .baseline import BaselineBot
from .evaluate import effective_tiles, groups_left, unseen_faces, unseen_tiles
from .levels import Candidate
from .reading import feed_risks

JINQUE_TARGET = -1  # a target is this, or the suit (0-2) of a 清一色

# The call model (see the module's docstring): for a 吃/碰/杠 that changes the shanten by
# ``dsh`` (after the call and its best discard; a kong's replacement counts as one step), the
# expected points of calling minus passing, linear in CALL_FEATURES. Fitted by
# benchmarks/fit_calls.py on decisions valued by benchmarks/audit_bots.py.
CALL_FEATURES = (
    "1", "du/10", "ln(1+u_call)-ln(1+u_pass)", "from 对家", "from 下家", "golds",
    "drawable/10", "melds", "shanten", "pong", "kong",
)  # fmt: skip
CALL_WEIGHTS: dict[int, tuple[float, ...]] = {
    -1: (2.150, 0.061, 0.779, 0.137, 0.130, 0.371, 0.086, -0.230, -0.644, 0.425, -0.122),
    0: (-0.835, -0.196, 1.822, 0.072, 0.778, -0.532, -0.130, -0.051, 0.347, -0.150, 0.908),
}
CALL_WEIGHT = 0.5  # effective tiles count calls as baseline's do (BaselineBot.CALL_WEIGHT)


def _best_discard_outlook(
    counts: list[int], jokers: int, groups: int, faces_unseen: Sequence[int], golds_unseen: int
) -> tuple[int, float]:
    """(shanten, effective tiles) of the best discard from these face counts."""
    best: tuple[int, float] | None = None
    for f in range(NUM_FACES):
        if not counts[f]:
            continue
        counts[f] -= 1
        s = shapes.shanten(counts, jokers, groups)
        if best is None or s <= best[0]:
            u = effective_tiles(counts, jokers, groups, s, faces_unseen, golds_unseen, CALL_WEIGHT)
            if best is None or s < best[0] or u > best[1]:
                best = (s, u)
        counts[f] += 1
    return best if best is not None else (99, 0.0)


class ClaimView(NamedTuple):
    """What the call and win models read of a seat offered a discard: its concealed tiles, the
    gold, its declared melds, the unseen counts (28 kinds), the drawable tiles left, the seat,
    the discarder and whether the seat deals."""

    hand: Sequence[int]
    gold: int
    melds: int
    unseen: Sequence[int]
    drawable: int
    seat: int
    discarder: int
    dealer: bool

    @classmethod
    def of(cls, obs: Observation) -> ClaimView:
        assert obs.last_discard is not None
        return cls(
            obs.hand, obs.gold, len(obs.melds[obs.seat]), unseen_tiles(obs), obs.drawable,
            obs.seat, obs.last_discard[0], obs.dealer == obs.seat,
        )  # fmt: skip


def call_features(view: ClaimView, call_type: str, used: Sequence[int]) -> tuple[int, list[float]]:
    """(shanten change, features) of a call on a discard, against passing; ``used`` are the
    concealed tiles the call takes. The model's input (CALL_FEATURES), from what the seat sees."""
    hand, gold, melds = view.hand, view.gold, view.melds
    faces_unseen, golds_unseen = unseen_faces(view.unseen, gold)
    groups = 5 - melds
    counts, jokers = face_counts(hand, gold)
    now = shapes.shanten(counts, jokers, groups)
    u_now = effective_tiles(counts, jokers, groups, now, faces_unseen, golds_unseen, CALL_WEIGHT)
    rest = list(hand)
    for t in used:
        rest.remove(t)
    rc, rj = face_counts(rest, gold)
    if call_type == ActionType.KONG:
        s = shapes.shanten(rc, rj, groups - 1)
        after = s - 1
        u_after = effective_tiles(rc, rj, groups - 1, s, faces_unseen, golds_unseen, CALL_WEIGHT)
    else:
        after, u_after = _best_discard_outlook(rc, rj, groups - 1, faces_unseen, golds_unseen)
    dist = (view.seat - view.discarder) % 4
    x = [
        1.0,
        (u_after - u_now) / 10.0,
        math.log1p(u_after) - math.log1p(u_now),
        float(dist == 2),
        float(dist == 3),
        float(jokers),
        view.drawable / 10.0,
        float(melds),
        float(now),
        float(call_type == ActionType.PONG),
        float(call_type == ActionType.KONG),
    ]
    return after - now, x


def suit_only(counts: list[int], suit: int) -> list[int]:
    """The 27 face counts with every other suit's tiles removed."""
    out = [0] * NUM_FACES
    out[9 * suit : 9 * suit + 9] = counts[9 * suit : 9 * suit + 9]
    return out


def target_shanten(target: int, counts: list[int], jokers: int, groups: int) -> int:
    """Shanten toward the target pattern."""
    if target == JINQUE_TARGET:
        return shapes.melds_shanten(counts, jokers - 2, groups)
    return shapes.shanten(suit_only(counts, target), jokers, groups)


# The win model: for a win offered on a discard, the expected points of passing it (to
# self-draw, which pays double, or win later: there is no furiten) minus taking it, linear in
# WIN_FEATURES; fitted like the call model (benchmarks/fit_calls.py).
WIN_FEATURES = (
    "1", "p", "p·(golds+1)", "golds", "opponents before my draw", "drawable/10", "dealer", "melds",
    "p·drawable/10",
)  # fmt: skip
WIN_WEIGHTS = (-3.856, 1.843, 4.954, 0.473, -0.552, 1.005, -0.257, -0.165, 2.960)


def win_features(view: ClaimView) -> list[float]:
    """What the win model sees of a ready hand offered a discard win: p is the chance that one
    draw completes it (live winning tiles and golds among the unseen)."""
    counts, jokers = face_counts(view.hand, view.gold)
    faces_unseen, golds_unseen = unseen_faces(view.unseen, view.gold)
    live = sum(faces_unseen[f] for f in shapes.waits(counts, jokers)) + golds_unseen
    p = live / max(1, sum(faces_unseen) + golds_unseen)
    before = (view.seat - view.discarder - 1) % 4
    d = view.drawable / 10.0
    return [
        1.0, p, p * (jokers + 1), float(jokers), float(before), d, float(view.dealer),
        float(view.melds), p * d,
    ]  # fmt: skip


class HardBot(BaselineBot):
    """``baseline`` plus deliberate 金雀 and 清一色 (see the module's docstring)."""

    name = "hard"
    # Go for 金雀 when its shanten is at most this much above the plain one ...
    JINQUE_EXTRA = 1
    # ... and 清一色 likewise ...
    FLUSH_EXTRA = 1
    # ... while at least this many drawable tiles per step of its shanten are left.
    DRAWS_PER_STEP = 6

    def target(self, obs: Observation, counts: list[int], jokers: int, groups: int) -> int | None:
        """The pattern to play for with these concealed tiles (face counts), if any."""
        plain = shapes.shanten(counts, jokers, groups)
        options: list[tuple[int, int]] = []
        if jokers >= 2 and self.JINQUE_EXTRA >= 0:
            js = target_shanten(JINQUE_TARGET, counts, jokers, groups)
            if js - plain <= self.JINQUE_EXTRA:
                options.append((js, JINQUE_TARGET))
        shown = {face(m.tiles[0], obs.gold) // 9 for m in obs.melds[obs.seat]}
        if len(shown) <= 1 and self.FLUSH_EXTRA >= 0:
            for s in shown or (0, 1, 2):
                q = target_shanten(s, counts, jokers, groups)
                if q - plain <= self.FLUSH_EXTRA:
                    options.append((q, s))
        options = [o for o in options if obs.drawable >= self.DRAWS_PER_STEP * (o[0] + 1)]
        # the closer one; at a tie 清一色, which pays more (b×3+30 against b×3+15)
        return min(options, key=lambda o: (o[0], o[1] == JINQUE_TARGET))[1] if options else None

    # Pass a win that is not 金雀 while the 金雀 is this close (its shanten after the pass, or
    # after the best discard) and at least PASS_DRAWS drawable tiles are left; None: never.
    PASS_FOR_JINQUE: int | None = None
    PASS_DRAWS = 12

    def play_on_for_more(self, obs: Observation) -> bool:
        if super().play_on_for_more(obs):
            return True
        if self.PASS_FOR_JINQUE is None or obs.drawable < self.PASS_DRAWS:
            return False
        counts, jokers = face_counts(obs.hand, obs.gold)
        if jokers < 2:
            return False
        groups = groups_left(obs)
        if obs.phase != Phase.TURN:  # passing a discard: the hand stays as it is
            js = target_shanten(JINQUE_TARGET, counts, jokers, groups)
        else:
            js = min(
                target_shanten(
                    JINQUE_TARGET, [n - (f == g) for g, n in enumerate(counts)], jokers, groups
                )
                for f in range(NUM_FACES)
                if counts[f]
            )
        return js <= self.PASS_FOR_JINQUE

    # With its hand ready after the discard, a discard costs this much (rating units: an
    # effective tile each, a step of shanten 100) times the chance that another seat could win
    # on it (reading.feed_risks); 0: off.
    DEFENCE_COST = 100.0
    # ... for the chance above this floor only (0.1 with cost 300 measured −0.01 against
    # hard as shipped: acting on the strongest reads only is no better)
    DEFENCE_FLOOR = 0.0

    def avoid_feeding(self, obs: Observation, cands: list[Candidate]) -> None:
        """Ready after the discard: each discard costs DEFENCE_COST × its feed risk."""
        self.weigh_feed_risk(
            obs, cands, lambda c: c.shanten == 0,
            lambda r: -self.DEFENCE_COST * max(0.0, r - self.DEFENCE_FLOOR),
        )  # fmt: skip

    @staticmethod
    def weigh_feed_risk(
        obs: Observation,
        cands: list[Candidate],
        applies: Callable[[Candidate], bool],
        value: Callable[[float], float],
    ) -> None:
        """Add ``value(feed risk)`` to the score of each discard ``applies`` to."""
        chosen = [c for c in cands if c.action.tile is not None and applies(c)]
        if not chosen:
            return
        risk = feed_risks(obs, {c.action.tile for c in chosen if c.action.tile is not None})
        for c in chosen:
            assert c.action.tile is not None
            c.score += value(risk[c.action.tile])

    # Far from ready (OFFER_SHANTEN steps or more after the discard), a discard gains this much
    # times the chance that another seat could win on it: the discarder pays no more than the
    # others (rules.md §11), and a plain win off its discard costs it less than the self-draw
    # (double) or the bigger hand that may come later; 0: off.
    OFFER_COST = 0.0
    OFFER_SHANTEN = 2

    def offer_feeding(self, obs: Observation, cands: list[Candidate]) -> None:
        """Far from ready after the discard: each discard gains OFFER_COST × its feed risk."""
        self.weigh_feed_risk(
            obs, cands, lambda c: c.shanten >= self.OFFER_SHANTEN, lambda r: self.OFFER_COST * r
        )

    def rank(self, obs: Observation, cands: list[Candidate]) -> None:
        super().rank(obs, cands)
        if self.DEFENCE_COST:
            self.avoid_feeding(obs, cands)
        if self.OFFER_COST:
            self.offer_feeding(obs, cands)
        first = cands[0]
        if first.action.tile is None:
            return
        before = list(first.counts)  # the hand before the discard
        before[face(first.action.tile, obs.gold)] += 1
        target = self.target(obs, before, first.jokers, first.groups)
        if target is not None:
            self.rank_for(obs, cands, target)

    def rank_for(self, obs: Observation, cands: list[Candidate], target: int) -> None:
        """Rank by the target's shanten and effective tiles; baseline's rating breaks ties."""
        faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
        rated = [(c, target_shanten(target, c.counts, c.jokers, c.groups)) for c in cands]
        best = min(q for _, q in rated)
        for c, q in rated:
            uke = 0.0
            if q == best and target == JINQUE_TARGET:
                uke = self.melds_ukeire(c, faces_unseen, golds_unseen, q)
            elif q == best:
                uke = effective_tiles(
                    suit_only(c.counts, target), c.jokers, c.groups, q,
                    suit_only(faces_unseen, target), golds_unseen, self.CALL_WEIGHT,
                )  # fmt: skip
            c.score = -10000.0 * q + 100.0 * uke + c.score / 1000.0

    # Decide 吃/碰/杠 with the call model (CALL_WEIGHTS) instead of baseline's rule.
    CALL_MODEL = True

    # ... where it disagrees with baseline's rule (call iff the call brings the hand closer) by
    # more than this many points (cross-validated, margins 0-0.5 gain alike; see fit_calls.py).
    CALL_MARGIN = 0.5

    def model_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        """Baseline's call, unless the model rates it below −CALL_MARGIN against passing (then
        pass), or rates another 吃/碰 (or one where baseline passes) above +CALL_MARGIN."""
        assert obs.last_discard is not None
        plain = super().best_call(obs, calls)
        if plain is not None and plain.type == ActionType.KONG:
            return plain  # kongs as baseline: too few in the fit to say otherwise
        view = ClaimView.of(obs)
        values: dict[Action, float] = {}
        for call in calls:
            if call.type not in (ActionType.CHI, ActionType.PONG):
                continue
            dsh, x = call_features(view, call.type, call.uses())
            w = CALL_WEIGHTS.get(dsh)
            if w is not None:
                values[call] = sum(a * b for a, b in zip(w, x, strict=True))
        if plain is not None and values.get(plain, 0.0) >= -self.CALL_MARGIN:
            return plain
        best = max(values, key=values.__getitem__, default=None)
        if best is not None and values[best] > self.CALL_MARGIN:
            return best
        return None

    # Pass a discard win when the win model rates passing this many points above taking it
    # (instead of baseline's rule, which looks at the next own draw only).
    WIN_MODEL = False
    WIN_MARGIN = 0.5
    # ... and never on a wait this narrow (p, the chance one draw wins: below it passing lost
    # in every stretch of the wall in the audit, which the linear model does not capture)
    WIN_MIN_P = 0.1

    def wait_for_self_draw(self, obs: Observation) -> bool:
        if not self.WIN_MODEL or not WIN_WEIGHTS:
            return super().wait_for_self_draw(obs)
        assert obs.last_discard is not None
        discarder = obs.last_discard[0]
        if obs.drawable <= (obs.seat - discarder - 1) % 4 + 1:
            return False  # no draw of its own is left to wait for
        x = win_features(ClaimView.of(obs))
        if x[1] < self.WIN_MIN_P:
            return False
        return sum(a * b for a, b in zip(WIN_WEIGHTS, x, strict=True)) > self.WIN_MARGIN

    # 单钓 (five declared melds, rules.md §9: b×3+30 a head, and the others may then only win
    # by self-draw): with at least this many melds declared and at most one gold concealed, call
    # whatever does not set the hand back; None: never.
    DANDIAO_MELDS: int | None = None

    def dandiao_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        now = self.candidate_from(obs, list(obs.hand), calls[0], groups_left(obs)).shanten
        best: Candidate | None = None
        for call in calls:
            if call.type not in (ActionType.CHI, ActionType.PONG, ActionType.KONG):
                continue
            after = self.call_outcome(obs, call)
            if after is None or after.shanten > now:
                continue
            if best is None or (after.shanten, -after.ukeire) < (best.shanten, -best.ukeire):
                best = after
        return best.action if best is not None else None

    def best_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        counts, jokers = face_counts(obs.hand, obs.gold)
        groups = groups_left(obs)
        if self.DANDIAO_MELDS is not None and 5 - groups >= self.DANDIAO_MELDS and jokers <= 1:
            return self.dandiao_call(obs, calls)
        target = self.target(obs, counts, jokers, groups)
        if target is None:
            if self.CALL_MODEL and CALL_WEIGHTS and obs.last_discard is not None:
                return self.model_call(obs, calls)
            return super().best_call(obs, calls)
        now = target_shanten(target, counts, jokers, groups)
        best: tuple[int, Action] | None = None
        for call in calls:
            if (
                call.type not in (ActionType.CHI, ActionType.PONG, ActionType.KONG)
                or call.tile is None
            ):
                continue
            if target != JINQUE_TARGET and face(call.tile, obs.gold) // 9 != target:
                continue
            rest = list(obs.hand)
            for t in call.uses():
                rest.remove(t)
            rc, rj = face_counts(rest, obs.gold)
            after = target_shanten(target, rc, rj, groups - 1) - (call.type == ActionType.KONG)
            if after < now and (best is None or after < best[0]):
                best = (after, call)
        return best[1] if best is not None else None
