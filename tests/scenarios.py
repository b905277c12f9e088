"""Tables set up from hand-made walls (``rules.scenario.build_wall``), for tests and
screenshots: a chosen deal, a few moves through the engine, then the table takes over."""

from __future__ import annotations

from collections.abc import Sequence

from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import CHOICE_PHASES, Action, ActionType, Game, Phase
from ningde_tui.rules.scenario import build_wall
from ningde_tui.rules.session import HandSetup, Session
from ningde_tui.rules.tiles import parse_tile
from ningde_tui.table.match import Match


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
    """A Match on a hand-made wall after ``moves``, applied through the engine. Before each
    move every undecided seat passes (unless the move is that seat's call), and so in a 抢金
    window left open at the end unless ``pass_window`` is off. ``passes``: how often the deal has already moved on (§2).
    ``humans``: the players' seats (two or more: hot-seat), ``bots`` the others' levels."""
    session = Session(config or RuleConfig(), seed=seed, rounds=1)
    session.restore(dealer=dealer, streak=1, scores=[0, 0, 0, 0], passes=passes)
    wall = build_wall(dealer, hands, draws=draws, gold=indicator, tail=tail)
    game = session.start_hand(HandSetup(dealer, 1, dice, wall))
    for move in moves:
        _pass_before(game, move)
        game.apply(move)
    while pass_window and game.phase == Phase.WINDOW:
        game.pass_undecided()
    bot_levels = [b for _, b in zip(range(4 - len(humans)), bots, strict=False)]
    return Match(session, bot_levels, tuple(humans), list(names) if names else None)


def _pass_before(game: Game, move: Action) -> None:
    """Everyone still deciding on a window or a claim passes, except the seat whose call
    ``move`` is."""
    while game.phase in CHOICE_PHASES and game.to_act():
        seat = game.to_act()[0]
        offered = game.legal_actions(seat)
        if seat == move.seat and move in offered:
            return
        game.apply(next(a for a in offered if a.type == ActionType.PASS))


def discard(seat: int, tile: str) -> Action:
    return Action(seat, ActionType.DISCARD, parse_tile(tile))


def call(seat: int, kind: ActionType, tile: str, uses: str = "") -> Action:
    """吃 (``uses``: the two hand tiles), 碰, 杠 on a discard, or 暗杠 of ``tile``."""
    return Action(seat, kind, parse_tile(tile), tuple(parse_tile(t) for t in uses.split()))


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


def late_hand_match() -> Match:
    """Late in a hand, five tiles left to draw, your turn: every seat has called — you 碰 七万
    from 上家 and 吃 一万 from 上家; 下家 吃 五万 from you and holds a 暗杠 (face down to
    you); 对家 碰 一条 from 下家 and 杠 五条 from 下家; 上家 吃 二条 from 对家 and 碰 六筒 from
    对家 — and every pond holds four or five tiles."""
    head = iter("1p 9m 2p 3p 8m 4s 7p 9m 1p 6s 8s 2p 7s 3p 9m 1p 6m 4s 8m 2p 7p".split())
    moves = [
        discard(0, "5m"),
        call(1, ActionType.CHI, "5m", "4m 6m"),
        discard(1, "1s"),
        call(2, ActionType.PONG, "1s"),
        discard(2, "2s"),
        call(3, ActionType.CHI, "2s", "3s 4s"),
        discard(3, "7m"),
        call(0, ActionType.PONG, "7m"),
        discard(0, "8p"),
    ]
    next(head)  # 下家 draws, lays the 暗杠 and discards the tail's 五筒
    moves += [call(1, ActionType.ANKONG, "9p"), discard(1, "5p")]
    moves += [discard(seat, next(head)) for seat in (2, 3, 0)]
    next(head)  # 下家 draws and lets 五条 go: 对家 杠, discards the tail's 三万
    moves += [discard(1, "5s"), call(2, ActionType.KONG, "5s"), discard(2, "3m")]
    moves += [discard(seat, next(head)) for seat in (3, 0, 1)]
    next(head)
    moves += [
        discard(2, "6p"),
        call(3, ActionType.PONG, "6p"),
        discard(3, "1m"),
        call(0, ActionType.CHI, "1m", "2m 3m"),
        discard(0, "4p"),
    ]
    moves += [discard((1 + k) % 4, next(head)) for k in range(7)]
    return scenario_match(
        {0: "5m77m23m8p4p", 1: "46m1s9999p5s", 2: "11s2s555s6p", 3: "34s7m66p1m"},
        dealer=0,
        indicator="9s",
        moves=moves,
        draws="1p9m2p3p8m4s7p9m1p6s8s2p7s3p9m1p6m4s8m2p7p",
        tail="5p3m",
    )


# ----------------------------------------------------------------------------- 悔牌
def play_to_your_discard(match: Match) -> None:
    """Bots play (seat 0 lets every claim and 抢金 go) until seat 0 must discard."""
    while not match.hand_over and not (match.game.phase == Phase.TURN and match.game.turn == 0):
        step = match.next_bot()
        if step is None:
            legal = match.game.legal_actions(0)
            match.apply(next(a for a in legal if a.type in (ActionType.PASS, "decline_three_gold")))
            continue
        seat, obs, _ = step
        match.apply(match.bot_action(seat, obs))


def your_discard(match: Match, last: bool = True) -> Action:
    legal = [a for a in match.game.legal_actions(0) if a.type == ActionType.DISCARD]
    action = legal[-1 if last else 0]
    match.apply(action)
    return action


def finish_with_a_take_back(path, take_back: bool = True) -> Match:
    """A recorded hand in which seat 0 takes back one discard (or not), then plays the hand
    out discarding its last tile each turn."""
    match = Match.new(7, ["normal"] * 3, recorder_path=path)
    if take_back:
        play_to_your_discard(match)
        your_discard(match, last=False)
        match.take_back(0, True)
    while not match.hand_over:
        play_to_your_discard(match)
        if not match.hand_over:
            your_discard(match)
    match.finish_hand()
    match.close()
    return match
