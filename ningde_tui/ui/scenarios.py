"""Tables set up from hand-made walls (``rules.scenario.build_wall``), for tests and
screenshots: a chosen deal, a few moves through the engine, then the table takes over."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.config import RuleConfig
from ..rules.game import CHOICE_PHASES, DISCARD, WINDOW, Action
from ..rules.scenario import build_wall
from ..rules.session import HandSetup, Session
from ..rules.tiles import parse_tile
from .match import Match


def scenario_match(
    hands: dict[int, str],
    dealer: int,
    indicator: str,
    moves: Sequence[Action] = (),
    *,
    draws: str = "",
    tail: str = "",
    bots: Sequence[str] = ("greedy", "greedy", "greedy"),
    dice: tuple[int, int] = (3, 4),
    seed: int = 0,
    pass_window: bool = True,
    passes: int = 0,
    humans: Sequence[int] = (0,),
    names: Sequence[str] | None = None,
    config: RuleConfig | None = None,
) -> Match:
    """A Match on a hand-made wall after ``moves``, applied through the engine. Between moves
    every undecided seat passes, and so in a 抢金 window left open at the end unless
    ``pass_window`` is off. ``passes``: how often the deal has already moved on (§2).
    ``humans``: the players' seats (two or more: hot-seat), ``bots`` the others' levels."""
    session = Session(config or RuleConfig(), seed=seed, rounds=1)
    session.restore(dealer=dealer, streak=1, scores=[0, 0, 0, 0], passes=passes)
    wall = build_wall(dealer, hands, draws=draws, gold=indicator, tail=tail)
    game = session.start_hand(HandSetup(dealer, 1, dice, wall))
    for i, move in enumerate(moves):
        game.apply(move)
        more = i + 1 < len(moves)
        while game.phase in CHOICE_PHASES and (more or (pass_window and game.phase == WINDOW)):
            game.pass_undecided()
    bot_levels = [b for _, b in zip(range(4 - len(humans)), bots, strict=False)]
    return Match(session, bot_levels, tuple(humans), list(names) if names else None)


def discard(seat: int, tile: str) -> Action:
    return Action(seat, DISCARD, parse_tile(tile))


def chi_choice_match() -> Match:
    """上家 (the dealer) has just discarded 4万; you may 吃 it two ways (3万5万, 5万6万), 碰 it
    or pass. Your hand holds a gold (9条)."""
    return scenario_match(
        {0: "34456m111p258p2579s", 3: "4m"},
        dealer=3,
        indicator="9s",
        moves=[discard(3, "4m")],
        tail="4m9s9s",
    )


def win_on_discard_match(
    passes: int = 0, others: dict[int, str] | None = None, config: RuleConfig | None = None
) -> Match:
    """A go-around after the deal (you let the 抢金 chance pass), 上家 discards 9筒, which
    completes your hand: 胡 (平胡) or 过. With ``passes=3`` this is the session's last hand
    unless the dealer keeps the deal. ``others``: chosen hands for seats 1 and 2 (the gold is
    5条; seat 1 discards 8条 and seat 2 2条, both drawn)."""
    return scenario_match(
        {0: "123m456m789m123p456p9p", 3: "1s", **(others or {})},
        dealer=3,
        indicator="5s",
        moves=[
            discard(3, "1s"),
            discard(0, "7s"),
            discard(1, "8s"),
            discard(2, "2s"),
            discard(3, "9p"),
        ],
        draws="7s8s2s9p",
        tail="1s1s1s9p9p",
        passes=passes,
        config=config,
    )


def rob_gold_match() -> Match:
    """上家 deals and discards 1条; your hand waits on 9筒, so with the face-up gold (5条) it
    is complete: the 抢金 window offers 抢金 or 过."""
    return scenario_match(
        {0: "123m456m789m123p456p9p", 3: "1s"},
        dealer=3,
        indicator="5s",
        moves=[discard(3, "1s")],
        tail="1s1s1s",
        pass_window=False,
    )


def three_claims_match() -> Match:
    """Hot-seat, three players (A, B, C in seats 1-3) and a bot dealer: the bot discards 4万,
    which A (下家) may 吃 with 3万5万, B may 胡 (waiting on 4万) and C may 碰 — each is asked
    behind the cover, in the engine's order."""
    return scenario_match(
        {
            0: "35m111p222p333s678s9m2p",
            1: "123m567m456p789p123s4m",
            2: "44m555p666p777s888m1s7p",
            3: "4m",
        },
        dealer=3,
        indicator="9s",
        moves=[discard(3, "4m")],
        humans=(0, 1, 2),
        names=("A", "B", "C", "greedy"),
        bots=("greedy",),
    )


def gold_turn_match() -> Match:
    """You deal: 17 tiles, one of them a gold (5条), and it is your discard."""
    return scenario_match({0: "5s19m258p369s1478m2p"}, dealer=0, indicator="5s")


def blocked_win_match() -> Match:
    """You hold two golds (9万) and wait for 金雀 on 3万; 上家 discards 7条, which would finish
    your hand only as 平胡: the restriction refuses 胡 on it, and the panel says why (you may
    still 吃 it)."""
    return scenario_match(
        {0: "12m123p456p234s789s9m9m", 3: "7s"},
        dealer=3,
        indicator="9m",
        moves=[discard(3, "7s")],
        tail="7s7s",
    )
