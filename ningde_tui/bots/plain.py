"""The plain play, frozen: the decision flow and the judgement ``baseline`` (baseline.py) is
made of, as functions that the levels call too instead of keeping copies of their own.

Frozen: baseline's pinned play (tests/bots/test_bots_baseline.py) depends on every line here,
so do not change what any of these functions decides. A bot that wants a different flow or
judgement writes its own function and calls that instead. This module reads only the engine
(``rules``) and ``evaluate.py``'s counting, never a level (levels.py, hard.py): the levels
compose these functions, they do not inherit them, so no change to easy, normal or hard can
move baseline.

The flow (``decide``, ``turn``, ``ranked``, ``call_outcome``, ``closer_call``) takes the bot's
own steps (its ``rank``, its ``pick_discard``, its call rule) as arguments; the judgement (the
rest) takes its numbers as arguments, baseline's constants or hard's ``HardTuning``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..rules import shapes
from ..rules.game import CALLS, Action, ActionType, Observation, Phase
from ..rules.scoring import (
    DANDIAO,
    JINQUE,
    JINSHUN,
    PATTERN_TABLE,
    QINGYISE,
    WinBy,
    WinInput,
    evaluate_win,
    is_single_wait,
)
from ..rules.tiles import NUM_FACES, face, face_counts, tile_for_face
from .evaluate import (
    effective_tiles,
    feed_chance,
    groups_left,
    isolation,
    unseen_faces,
    unseen_tiles,
    visible_flush_suit,
)


@dataclass
class Candidate:
    """One discard (or call-then-discard) as a bot weighs it."""

    action: Action
    counts: list[int]
    jokers: int
    groups: int
    shanten: int
    ukeire: float = 0  # effective tiles (hard: weighted by calls, see effective_tiles)
    score: float = 0.0


ByType = dict[str, list[Action]]
# a bot's steps, as the flow calls them
Rank = Callable[[Observation, list[Candidate]], None]
Pick = Callable[[Observation, list[int], list[Action], int], Candidate]
Turn = Callable[[Observation, ByType], Action]
BestCall = Callable[[Observation, list[Action]], Action | None]
Threats = dict[int, tuple[float, int | None]]


# ---------------------------------------------------------------------- the flow
def decide(
    obs: Observation, take_three_gold: Callable[[Observation], bool], turn: Turn,
    best_call: BestCall,
) -> Action:  # fmt: skip
    """抢金 and wins first, then 三金倒 if ``take_three_gold``, then the turn or a call."""
    legal = obs.legal
    by_type: ByType = {}
    for a in legal:
        by_type.setdefault(a.type, []).append(a)
    if ActionType.ROB_GOLD in by_type:
        return by_type[ActionType.ROB_GOLD][0]
    if ActionType.WIN in by_type:
        return by_type[ActionType.WIN][0]
    if ActionType.THREE_GOLD in by_type:
        if take_three_gold(obs):
            return by_type[ActionType.THREE_GOLD][0]
        if ActionType.DECLINE_THREE_GOLD in by_type and obs.phase != Phase.TURN:
            return by_type[ActionType.DECLINE_THREE_GOLD][0]
    if obs.phase == Phase.TURN:
        return turn(obs, by_type)
    calls = [a for a in legal if a.type in CALLS]
    if calls:
        best = best_call(obs, calls)
        if best is not None:
            return best
    return next(a for a in legal if a.type in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD))


def shanten_of(obs: Observation, tiles: list[int], groups: int) -> int:
    counts, jokers = face_counts(tiles, obs.gold)
    return shapes.shanten(counts, jokers, groups)


def turn(obs: Observation, by_type: ByType, pick: Pick) -> Action:
    """Own turn: a kong that keeps the shape, else the discard ``pick`` chooses."""
    now = shanten_of(obs, list(obs.hand), groups_left(obs))
    for kind in (ActionType.ANKONG, ActionType.ADDKONG):
        for a in by_type.get(kind, []):
            rest = list(obs.hand)
            for t in a.uses():
                rest.remove(t)
            groups = groups_left(obs) - (1 if a.type == ActionType.ANKONG else 0)
            # after the kong a replacement tile comes: compare on the hand without it
            if shanten_of(obs, rest, groups) - 1 <= now:
                return a
    discards = by_type.get(ActionType.DISCARD, [])
    if not discards:  # only golds in hand: nothing else is possible
        return obs.legal[0]
    return pick(obs, list(obs.hand), discards, groups_left(obs)).action


def discard_candidates(
    obs: Observation, tiles: list[int], discards: list[Action], groups: int
) -> list[Candidate]:
    """Each discard of ``tiles`` as a Candidate, not yet rated."""
    counts, jokers = face_counts(tiles, obs.gold)
    out = []
    for a in discards:
        c = list(counts)
        c[face(a.tile, obs.gold)] -= 1  # type: ignore[arg-type]
        out.append(Candidate(a, c, jokers, groups, shapes.shanten(c, jokers, groups)))
    return out


def ranked(
    obs: Observation, tiles: list[int], discards: list[Action], groups: int, rank: Rank
) -> list[Candidate]:
    """The discards of ``tiles``, rated by ``rank``, best first."""
    cands = discard_candidates(obs, tiles, discards, groups)
    rank(obs, cands)
    cands.sort(key=lambda c: c.score, reverse=True)
    return cands


def call_outcome(obs: Observation, call: Action, pick: Pick) -> Candidate | None:
    """The best hand after making the call (and, for 吃/碰, the discard ``pick`` chooses)."""
    rest = list(obs.hand)
    for t in call.uses():
        rest.remove(t)
    groups = groups_left(obs) - 1
    if call.type == ActionType.KONG:
        counts, jokers = face_counts(rest, obs.gold)
        # the replacement tile is one more draw
        return Candidate(call, counts, jokers, groups, shapes.shanten(counts, jokers, groups) - 1)
    discards = [Action(obs.seat, ActionType.DISCARD, t) for t in sorted(set(rest)) if t != obs.gold]
    if not discards:
        return None
    best = pick(obs, rest, discards, groups)
    best.action = call
    return best


def closer_call(obs: Observation, calls: list[Action], pick: Pick) -> Candidate | None:
    """The call that brings the hand closest (then with the most effective tiles, as the bot's
    rank counts them after its best discard), if any brings it closer at all."""
    now = shanten_of(obs, list(obs.hand), groups_left(obs))
    best: Candidate | None = None
    for call in calls:
        after = call_outcome(obs, call, pick)
        if after is None or after.shanten >= now:
            continue
        if best is None or (after.shanten, -after.ukeire) < (best.shanten, -best.ukeire):
            best = after
    return best


# ---------------------------------------------------------------------- discards
def rate_discards(
    obs: Observation, cands: list[Candidate], call_weight: float, feed_cost: float,
    share_self: float,
) -> None:  # fmt: skip
    """Shanten first; then effective tiles, each seat whose discard could bring one counting
    ``call_weight`` beside drawing it; ready, the wait's value (``wait_value``); a discard the
    others can call costs ``feed_cost`` at its chance, one that feeds a visible 清一色 more."""
    faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
    best = min(c.shanten for c in cands)
    threat = threats(obs)
    for c in cands:
        f = face(c.action.tile, obs.gold) if c.action.tile is not None else 0
        c.score = -100.0 * c.shanten + 0.1 * isolation(c.counts, f)
        if c.shanten != best:
            continue
        c.ukeire = effective_tiles(
            c.counts, c.jokers, c.groups, c.shanten, faces_unseen, golds_unseen, call_weight
        )
        c.score += c.ukeire
        if best == 0:
            c.score += wait_value(obs, c, faces_unseen, golds_unseen, share_self) / 10.0
        if c.action.tile is not None:
            c.score -= feed_cost * feed_chance(obs, c.action.tile, faces_unseen)
            c.score -= danger(obs, c.action.tile, threat)


def wait_value(
    obs: Observation, c: Candidate, faces_unseen: list[int], golds_unseen: int, share_self: float
) -> float:
    """Ready: the live winning tiles, each weighted by what a win on it pays — self-drawn
    (``share_self`` of the wins), or off a discard where the rules allow it (the 金雀/清一色
    restriction may not)."""
    seat = obs.seat
    hand = list(obs.hand)
    if c.action.tile is not None:
        hand.remove(c.action.tile)
    total = 0.0
    for f in shapes.waits(c.counts, c.jokers):
        n = faces_unseen[f]
        if not n:
            continue
        tile = tile_for_face(f, obs.gold)
        value = 0.0
        for by, share in ((WinBy.SELF, share_self), (WinBy.DISCARD, 1 - share_self)):
            w = WinInput(
                (*hand, tile), obs.melds[seat], obs.gold, tile, by, obs.dealer == seat,
                obs.streak, declined_three_gold=obs.declined_three_gold[seat],
            )  # fmt: skip
            score = evaluate_win(w, obs.config)
            value += share * (score.total if score.legal else 0)
        total += n * value
    if golds_unseen:  # a drawn gold completes any ready hand
        total += golds_unseen * 20
    return total / 10.0


def threats(obs: Observation) -> Threats:
    """How close each other player looks, and the suit of a visible 清一色 if any."""
    out: Threats = {}
    for other in range(4):
        if other == obs.seat:
            continue
        level = 0.15 * len(obs.melds[other]) + 0.02 * len(obs.ponds[other])
        pure = visible_flush_suit(obs, other)
        if pure is not None:
            level += 0.3
        out[other] = (min(level, 1.0), pure)
    return out


def danger(obs: Observation, tile: int, threat: Threats) -> float:
    """What discarding ``tile`` risks against the seats that look close (``threats``)."""
    f = face(tile, obs.gold)
    total = 0.0
    for other, (level, pure) in threat.items():
        if level < 0.3 or tile in obs.ponds[other]:
            continue
        # feeding a plain win costs no more than anyone else pays (rules.md §11); feeding
        # a visible 清一色 hands out 30 a head that might not have come otherwise
        if pure is not None and f // 9 == pure:
            total += level * 40.0
    return total


# ---------------------------------------------------------------------- wins
def pass_up_win(
    obs: Observation, pick: Pick, wait_for_self_draw: Callable[[Observation], bool]
) -> Action | None:
    """The action instead of a win on offer, if it is to be passed up: for a 金雀 close
    enough (``play_on_for_more``), or, off a discard, to self-draw (``wait_for_self_draw``)."""
    legal = obs.legal
    win = next((a for a in legal if a.type == ActionType.WIN), None)
    if win is None:
        return None
    if play_on_for_more(obs):
        if obs.phase != Phase.TURN:
            return next(a for a in legal if a.type == ActionType.PASS)
        discards = [a for a in legal if a.type == ActionType.DISCARD]
        if discards:
            return pick(obs, list(obs.hand), discards, groups_left(obs)).action
    if obs.phase != Phase.TURN and wait_for_self_draw(obs):
        return next(a for a in legal if a.type == ActionType.PASS)
    return None


def wait_for_self_draw(
    obs: Observation, opponent_self_draw: float, other_claim: float, margin: float
) -> bool:
    """Pass up a discard win to self-draw, which pays double (rules.md §11)?

    After passing, the hand is still ready (this ruleset has no furiten), so later discards
    can still be won; it is enough that the next own draw alone is likely to win. That draw
    wins with chance (live winning tiles + unseen golds) / unseen, is reached if none of the
    opponents drawing first self-draws (each with chance ``opponent_self_draw`` a draw) and
    nobody else takes this discard (``other_claim``) — nobody can while this seat's 单钓/闲金
    locks the others (rules.md §9) — and pays the 自摸 score; it is taken when it is worth more
    than ``margin`` of the discard win.
    """
    seat = obs.seat
    discarder, tile = obs.last_discard  # type: ignore[misc]
    before_me = (seat - discarder - 1) % 4  # opponents who draw before this seat does
    if obs.drawable <= before_me + 1:
        return False
    hand = obs.hand
    dealer = obs.dealer == seat
    declined = obs.declined_three_gold[seat]

    def score(win_tile: int, by: WinBy) -> int:
        w = WinInput(
            (*hand, win_tile), obs.melds[seat], obs.gold, win_tile, by, dealer, obs.streak,
            declined_three_gold=declined,
        )  # fmt: skip
        result = evaluate_win(w, obs.config)
        return result.total if result.legal else 0

    now = score(tile, WinBy.DISCARD)
    if not now:
        return False
    faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
    pool = sum(faces_unseen) + golds_unseen
    if not pool:
        return False
    counts, jokers = face_counts(hand, obs.gold)
    draws = [(tile_for_face(f, obs.gold), faces_unseen[f]) for f in shapes.waits(counts, jokers)]
    draws.append((obs.gold, golds_unseen))
    expected = sum(n * score(t, WinBy.SELF) for t, n in draws if n) / pool
    survive = (1.0 - opponent_self_draw) ** before_me
    if is_single_wait(hand, obs.melds[seat], obs.gold, obs.config) is None:
        survive *= 1.0 - other_claim
    return survive * expected > margin * now


def play_on_for_more(obs: Observation) -> bool:
    """Skip a cheap win when a 金雀 is close enough to be worth more on average."""
    hand = list(obs.hand)
    claim = obs.phase != Phase.TURN and obs.last_discard is not None
    if claim:
        hand.append(obs.last_discard[1])  # type: ignore[index]
    counts, jokers = face_counts(hand, obs.gold)
    if jokers < 2:
        return False
    seat = obs.seat
    w = WinInput(
        tuple(hand), obs.melds[seat], obs.gold,
        obs.last_discard[1] if claim else obs.drawn,  # type: ignore[index]
        WinBy.DISCARD if claim else WinBy.SELF, obs.dealer == seat, obs.streak,
        declined_three_gold=obs.declined_three_gold[seat],
    )  # fmt: skip
    now = evaluate_win(w, obs.config)
    if not now.legal or now.pattern in (JINQUE, JINSHUN, QINGYISE, DANDIAO):
        return False
    faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
    pool = max(1, sum(faces_unseen) + golds_unseen)
    draws_left = max(1, obs.drawable // 4)
    groups = groups_left(obs)
    b = jokers + sum(m.kong_fan() for m in obs.melds[seat]) + 1
    best = 0.0
    for f in range(NUM_FACES):
        if not counts[f] or (claim and f == face(hand[-1], obs.gold)):
            continue
        counts[f] -= 1
        js = shapes.melds_shanten(counts, jokers - 2, groups)
        juke = melds_ukeire(counts, jokers, groups, faces_unseen, golds_unseen, js)
        best = max(best, win_chance(js, juke, pool, draws_left))
        counts[f] += 1
    # a 金雀 pays its formula from each of the three others
    return best * 0.7 * 3 * PATTERN_TABLE[JINQUE].formula.amount(b) > now.total


def take_three_gold(obs: Observation) -> bool:
    """三金倒 now, or play on for 金雀? Play on while the 金雀 is close and time remains
    (三金倒 can still be declared after any later draw)."""
    counts, jokers = face_counts(obs.hand, obs.gold)
    groups = groups_left(obs)
    extra = len(obs.hand) - (3 * groups + 1)
    js = shapes.melds_shanten(counts, jokers - 2, groups) - max(0, extra)
    threatened = any(level >= 0.6 for level, _ in threats(obs).values())
    return threatened or obs.drawable < 16 or js > 1


def win_chance(shanten: int, ukeire: int, pool: int, draws: int) -> float:
    """A rough chance to complete from ``shanten`` with ``draws`` draws left."""
    if shanten < 0:
        return 1.0
    p = min(0.95, ukeire / pool)
    reach = 1.0 - (1.0 - p) ** max(1, draws - 2 * shanten)
    return reach * (0.42**shanten)


def melds_ukeire(
    counts: list[int], jokers: int, groups: int, faces_unseen: list[int], golds_unseen: int,
    now: int,
) -> int:  # fmt: skip
    """Unseen tiles that bring five melds (two golds set aside as the 金雀 pair) closer."""
    total = golds_unseen
    for f in range(NUM_FACES):
        n = faces_unseen[f]
        if not n:
            continue
        counts[f] += 1
        if shapes.melds_shanten(counts, jokers - 2, groups) < now:
            total += n
        counts[f] -= 1
    return total
