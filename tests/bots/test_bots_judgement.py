"""Hand-made positions where the right choice is clear: 抢金 is always taken, the hard bot keeps a
金雀 wait over a 平胡 one, and it does not feed a visible 清一色."""

from __future__ import annotations

import pytest
from bot_helpers import WINNERS, upto
from helpers import act, new_game, pass_claims, pass_window

from ningde_tui.bots.base import make_bot
from ningde_tui.bots.evaluate import effective_tiles, unseen_faces, unseen_tiles
from ningde_tui.rules import shapes
from ningde_tui.rules.game import ActionType, Game, Phase
from ningde_tui.rules.melds import MeldKind
from ningde_tui.rules.scoring import JINQUE, PINGHU, ZIMO, WinBy, WinInput, evaluate_win
from ningde_tui.rules.tiles import face, face_counts, parse_tile, tile_str

t = parse_tile


# ------------------------------------------------------------------------------ 抢金
@pytest.mark.parametrize(
    "hands, seat",
    [
        ({1: "123p456p789p678s11s23m"}, 1),  # ready for a 平胡: the indicator completes it
        ({2: "99s 123p456p789p678s 2m5m"}, 2),  # two golds already: rob for a third
        ({3: "123m456m789m1234567p"}, 3),  # a three-sided wait: still rob
        ({0: "123p456p789p678s11s23m 5m"}, 0),  # the dealer after its discard (level 3)
    ],
    ids=["plain", "two_golds", "long_wait", "dealer"],
)
def test_every_level_takes_a_winning_rob_gold(hands, seat):
    """rules.md §8: a 抢金 is a win at the start that pays (b+1+1)×2; no level passes it up."""
    game = new_game(hands)
    discard = "5m" if seat == 0 else tile_str(next(x for x in game.hands[0] if x != game.gold))
    act(game, 0, "discard", discard)
    assert game.phase == Phase.WINDOW
    upto(game, seat)
    obs = game.observation(seat)
    assert ActionType.ROB_GOLD in {a.type for a in obs.legal}
    for level in WINNERS:
        for seed in range(3):
            action = make_bot(level, seed).choose(obs)
            assert action.type in (ActionType.ROB_GOLD, ActionType.THREE_GOLD), (
                f"{level} chose {action}"
            )


# ------------------------------------------------------------------------------ 金雀 wait
def jinque_position() -> tuple[Game, int]:
    """Seat 2 (two golds, 9s) pongs the dealer's 7s and must discard from
    123m 456m 111s 45p 5s + 99s: 5s out leaves a 金雀 wait (3p/6p make the non-gold tiles
    melds, the two golds the pair); 1s out leaves only a 平胡/自摸 wait."""
    g = new_game({0: "7s", 2: "77s 99s 123m456m111s45p5s"})
    act(g, 0, "discard", "7s")
    pass_window(g)
    upto(g, 2)
    act(g, 2, "pong")
    assert g.phase == Phase.TURN and g.turn == 2
    return g, 2


def best_self_draw(game: Game, seat: int, out: str, tile: str) -> str:
    hand = list(game.hands[seat])
    hand.remove(t(out))
    w = WinInput((*hand, t(tile)), tuple(game.melds[seat]), game.gold, t(tile), WinBy.SELF)
    score = evaluate_win(w)
    assert score.legal
    return score.pattern


def test_the_jinque_position_is_what_it_claims():
    game, seat = jinque_position()
    # 5s out: 3p or 6p wins as 金雀 (rules.md §9: the two golds are the pair)
    assert best_self_draw(game, seat, "5s", "3p") == JINQUE
    assert best_self_draw(game, seat, "5s", "6p") == JINQUE
    # 1s out: the same tiles (and 1s, 3s-7s) win, but never as 金雀
    for tile in ("3p", "6p", "1s", "4s"):
        assert best_self_draw(game, seat, "1s", tile) in (ZIMO, PINGHU)
    # both discards leave a ready hand
    counts, golds = face_counts(game.hands[seat], game.gold)
    for out in ("5s", "1s"):
        c = list(counts)
        c[face(t(out), game.gold)] -= 1
        assert shapes.shanten(c, golds, 4) == 0


def test_hard_keeps_the_jinque_wait_over_a_pinghu_wait():
    """With two golds, a 金雀 wait always includes a 闲金 wait (any tile wins with one gold
    as a pair partner), so no discard can leave a 平胡 wait as wide; the 金雀 one is worth
    b×3+15 a head against (b+1)×2 (rules.md §11). Hard must keep it."""
    game, seat = jinque_position()
    obs = game.observation(seat)
    for seed in range(3):
        assert make_bot("hard", seed).choose(obs) == next(
            a for a in obs.legal if a.type == ActionType.DISCARD and a.tile == t("5s")
        )


# ------------------------------------------------------------------------------ 清一色 threat
# Seat 0 (the bot) feeds seat 3 three 碰 of 筒 (1p, 2p, 3p). Later in the hand seat 0 holds an
# isolated 8m and an isolated 8p, equally useful to it (nothing near 8 in either suit is
# visible, nothing of 6-9 in either suit is in its hand), and must discard one of them.
BOT_HAND = "1p2p3p 55m55p 11s 3s 55s 7s 22s ww"  # 17 with the 1p2p3p it lets go
THREAT_HAND = "11p22p33p 1m2m3m 4s5s8s 1s"  # seat 3: three pairs of 筒 and filler it throws
# head draws: seat 0's 8m and 8p, then every seat throws what it draws for four go-arounds
# (mirrored in 万 and 筒 so neither suit is seen more), and seat 0's last draw
DRAWS = "8m 8p" + " 6s6s6s6s 4m4p7s3s 6m6p8s1s 7m7p8s2s" + " 4s"


def threat_game() -> Game:
    g = new_game({0: BOT_HAND, 3: THREAT_HAND}, draws=DRAWS)
    throws = ["1m", "2m", "3m"]
    act(g, 0, "discard", "1p")
    pass_window(g)
    for next_out in ("2p", "3p", None):
        upto(g, 3)
        act(g, 3, "pong")
        act(g, 3, "discard", throws.pop(0))
        pass_claims(g)
        assert g.turn == 0 and g.phase == Phase.TURN
        if next_out is not None:
            act(g, 0, "discard", next_out)
    while g.drawn[0] != t("4s") or g.turn != 0:  # go-arounds of drawing and throwing
        act(g, g.turn, "discard", tile_str(g.drawn[g.turn]))
        pass_claims(g)
        assert g.phase == Phase.TURN
    return g


def test_the_threat_position_is_what_it_claims():
    game = threat_game()
    obs = game.observation(0)
    assert [m.kind for m in obs.melds[3]] == [MeldKind.PONG, MeldKind.PONG, MeldKind.PONG]
    assert {face(m.tiles[0], obs.gold) // 9 for m in obs.melds[3]} == {1}  # all 筒
    assert obs.drawable <= 12  # late: most of the drawable wall (30 at the start) is gone
    counts, golds = face_counts(obs.hand, obs.gold)
    now = shapes.shanten(counts, golds, 5)
    assert now >= 3  # far from ready
    faces_unseen, golds_unseen = unseen_faces(unseen_tiles(obs), obs.gold)
    after = {}
    for a in obs.legal:
        if a.type != ActionType.DISCARD:
            continue
        c = list(counts)
        c[face(a.tile, obs.gold)] -= 1
        sh = shapes.shanten(c, golds, 5)
        after[tile_str(a.tile)] = (sh, effective_tiles(c, golds, 5, sh, faces_unseen, golds_unseen))
    # 8m and 8p are the best discards by shanten and effective tiles, and equal
    assert after["8m"] == after["8p"]
    assert after["8m"] == min(after.values(), key=lambda v: (v[0], -v[1]))


def hard_scores(obs) -> dict[str, float]:
    """How the hard bot rates each discard in this position (higher is better)."""
    bot = make_bot("hard", 0)
    discards = [a for a in obs.legal if a.type == ActionType.DISCARD]
    cands = bot.discard_candidates(obs, list(obs.hand), discards, 5 - len(obs.melds[obs.seat]))
    bot.rank(obs, cands)
    return {tile_str(c.action.tile): c.score for c in cands}


def test_hard_does_not_feed_a_visible_qingyise():
    """rules.md §11: a 清一色 pays b×3+30 a head. With a player showing three 筒 melds, hard
    never throws the 8p, and rates it well below the equally useful 8m."""
    obs = threat_game().observation(0)
    for seed in range(3):
        action = make_bot("hard", seed).choose(obs)
        assert action.type == ActionType.DISCARD and action.tile != t("8p"), action
    scores = hard_scores(obs)
    assert scores["8p"] < scores["8m"] - 10


def test_hard_sees_the_two_tiles_as_equal_without_the_threat():
    """The control: the same observation with seat 3's melds taken off the table. With no
    清一色 on show hard rates 8m and 8p exactly alike, so the gap above comes from the threat."""
    obs = threat_game().observation(0)
    calm = obs._replace(melds=((), (), (), ()))
    scores = hard_scores(calm)
    assert scores["8m"] == pytest.approx(scores["8p"])


# ------------------------------------------------------------------------------ 自摸 over 平胡
XIANJIN = "123m456m789m123p456p9s"  # five melds and one gold (9s): 闲金, every tile wins


def xianjin_offer() -> tuple[Game, int]:
    """Seat 2 waits in 闲金 and has discarded, so the lock is on (rules.md §9); seat 3 throws
    4m, which seat 2 may win as a 平胡 (b+1 a head) — or pass, and win its next draw, whatever
    it is, as 自摸 ((b+1)×2 a head; a gold drawn scores 金雀)."""
    g = new_game({0: "1s", 1: "123s456s789s111m56m88p", 2: XIANJIN, 3: "4m"}, draws="2p3p5p")
    act(g, 0, "discard", "1s")
    pass_claims(g)
    for seat, tile in ((1, "2p"), (2, "3p")):
        act(g, seat, "discard", tile)
        pass_claims(g)
    act(g, 3, "discard", "4m")
    assert g.locked_by(1) == 2 and "win" in {a.type for a in g.legal_actions(2)}
    return g, 2


def test_hard_passes_a_discard_pinghu_when_its_next_draw_surely_self_draws():
    game, seat = xianjin_offer()
    obs = game.observation(seat)
    for seed in range(3):
        assert make_bot("hard", seed).choose(obs).type == "pass"
    for level in ("easy", "normal"):
        assert make_bot(level, 0).choose(obs).type == "win", level


def test_hard_takes_a_discard_win_on_a_narrow_wait():
    """Waiting on 3p/6p only: the next draw rarely wins, so the 平胡 in hand is worth more."""
    g = new_game({0: "3p", 1: "123m456m789m123p45p11s"})
    act(g, 0, "discard", "3p")
    pass_window(g)
    upto(g, 1)
    obs = g.observation(1)
    assert "win" in {a.type for a in obs.legal}
    for seed in range(3):
        assert make_bot("hard", seed).choose(obs).type == "win"


# ------------------------------------------------------------------------------ speed with calls
def test_weighted_effective_tiles_count_the_discards_a_hand_can_take():
    """A face the hand holds a pair of can also be 碰'd off three seats, a sequence gap 吃'd
    off the 上家 only, a lone tile's partner only drawn (rules.md §5)."""
    from ningde_tui.bots.evaluate import call_sources

    counts, _ = face_counts([t(x) for x in ("5m", "5m", "2p", "3p", "7s")], t("9s"))
    assert call_sources(counts, face(t("5m"), t("9s")), 2) == 3  # 碰
    assert call_sources(counts, face(t("4p"), t("9s")), 2) == 1  # 吃 23p
    assert call_sources(counts, face(t("7s"), t("9s")), 2) == 0  # pairs the lone 7s: drawn only
    assert call_sources(counts, face(t("7s"), t("9s")), 0) == 3  # ready: any discard wins
    unseen = [2] * 27
    now = shapes.shanten(counts, 0, 2)
    assert now >= 1
    plain = effective_tiles(list(counts), 0, 2, now, unseen, 0, 0.0)
    weighted = effective_tiles(list(counts), 0, 2, now, unseen, 0, 0.5)
    assert weighted > plain > 0


def test_hard_plays_for_jinque_when_it_is_as_close_as_a_plain_hand():
    """In the 金雀 position the hand (two golds) is as close to 金雀 as to any win, so hard
    plays for it (bots/hard.py): it rates every discard by the 金雀 shanten first."""
    from ningde_tui.bots.hard import JINQUE_TARGET, HardBot

    game, seat = jinque_position()
    obs = game.observation(seat)
    counts, golds = face_counts(obs.hand, obs.gold)
    assert HardBot(0).target(obs, counts, golds, 4) == JINQUE_TARGET
    scores = hard_scores(obs)
    assert max(scores, key=scores.get) == "5s"
