"""Hints for the human seat, computed from its Observation only (what that seat may see).

For each discard candidate: the shanten after discarding it and the tiles that would help — the
waits when ready, else the 进张 (tiles that lower the shanten) — with how many of each are
still unseen, so discards of equal shanten are told apart. Unseen tiles and the hand after a
call come from the bots' analysis layer (``bots.evaluate``), so a hint and a bot see a hand the
same way; which discards are possible comes from the legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...bots.evaluate import groups_left, shanten_after_call, unseen_tiles
from ...rules import shapes
from ...rules.game import CALLS, Action, ActionType, Observation, Phase
from ...rules.tiles import COPIES, NUM_FACES, face_counts, tile_for_face


@dataclass(frozen=True)
class Hint:
    """The hand after discarding ``discard`` (None: the hand as it is)."""

    discard: int | None
    shanten: int  # -1 complete, 0 ready, ...
    waits: tuple[tuple[int, int], ...]  # (tile that completes the hand, copies unseen)
    gold_unseen: int  # a drawn gold completes any ready hand (and helps any other)
    # 进张: (tile that takes the hand a step nearer, copies unseen), before it is ready
    accepts: tuple[tuple[int, int], ...] = ()

    @property
    def unseen_total(self) -> int:
        """How many unseen tiles would help: the waits when ready, else the 进张; golds too."""
        tiles = self.waits if self.shanten == 0 else self.accepts
        return sum(n for _, n in tiles) + (self.gold_unseen if self.shanten >= 0 else 0)


def _hint(obs: Observation, tiles: list[int], discard: int | None, left: list[int]) -> Hint:
    groups = 5 - len(obs.melds[obs.seat])
    counts, golds = face_counts(tiles, obs.gold)
    sh = shapes.shanten(counts, golds, groups)
    waits: tuple[tuple[int, int], ...] = ()
    accepts: tuple[tuple[int, int], ...] = ()
    if sh == 0:
        kinds = (tile_for_face(f, obs.gold) for f in shapes.waits(counts, golds))
        waits = tuple((k, left[k]) for k in kinds)
    elif sh > 0:
        accepts = tuple((k, left[k]) for k in _accepts(counts, golds, groups, sh, obs.gold))
    return Hint(discard, sh, waits, left[obs.gold], accepts)


def _accepts(counts: list[int], golds: int, groups: int, now: int, gold: int) -> list[int]:
    """The tile kinds (not the gold) that, drawn, lower the shanten (进张)."""
    out = []
    for f in range(NUM_FACES):
        if counts[f] >= COPIES:
            continue
        counts[f] += 1
        if shapes.shanten(counts, golds, groups) < now:
            out.append(tile_for_face(f, gold))
        counts[f] -= 1
    return sorted(out)


def discard_hints(obs: Observation) -> list[Hint]:
    """One hint per legal discard, best first (lowest shanten, then most unseen waits)."""
    left = unseen_tiles(obs)
    out = []
    for tile in sorted(
        {a.tile for a in obs.legal if a.type == ActionType.DISCARD and a.tile is not None}
    ):
        rest = list(obs.hand)
        rest.remove(tile)
        out.append(_hint(obs, rest, tile, left))
    out.sort(key=lambda h: (h.shanten, -h.unseen_total))
    return out


def hand_hint(obs: Observation) -> Hint:
    """The hand as it stands (between turns)."""
    return _hint(obs, list(obs.hand), None, unseen_tiles(obs))


def ready_hint(obs: Observation) -> Hint | None:
    """The hand's waits when it stands ready between turns (None: not ready, or it is this
    seat's turn with a tile drawn, when the waits depend on the discard)."""
    if obs.phase == Phase.TURN and obs.seat in obs.to_act:
        return None
    hint = hand_hint(obs)
    return hint if hint.shanten == 0 else None


def claim_hints(obs: Observation) -> list[tuple[Action, int]]:
    """For each 吃/碰/杠 you are offered: the best shanten you would have after it (after the
    discard a 吃/碰 forces; a 杠 draws a replacement instead)."""
    out = []
    for action in obs.legal:
        if action.type in CALLS:
            after = shanten_after_call(obs.hand, obs.gold, groups_left(obs), action)
            if after is not None:
                out.append((action, after))
    return out
