"""The lessons of the tutorial (教学), in the order they are taught: each a hand-made deal with
one goal (the types are in ``ui/model/tutorial.py``; every sentence, ``lesson.<id>.<name>``,
is in ``i18n/words.py``). You sit in seat 0; 下家 is seat 1, 对家 seat 2, 上家 seat 3.

Tiles as rules.md §1 writes them: ``123m`` 万, ``p`` 筒, ``s`` 条, ``w`` 白板.
"""

from __future__ import annotations

from ...rules.game import ActionType
from .tutorial import Lesson, Step, Want, Wrong, call, discard

A = ActionType
ANY_DISCARD = (Want(A.DISCARD),)
WIN = (Want(A.WIN),)
KONGS = (Want(A.KONG), Want(A.ANKONG), Want(A.ADDKONG))


def wrong(why: str, *wants: Want) -> tuple[Wrong, ...]:
    return tuple(Wrong(w, why) for w in wants)


# 1. The tiles, and 白板 as the gold's face. The gold is 五条, so the 白板 you draw is a 五条
# and makes 四五六条 with 四条 六条. Throw the lone 九筒; 九万 then finishes the hand.
TILES = Lesson(
    id="tiles",
    hands={0: "123m456m78m234p66p4s6s9p", 3: "9s"},
    dealer=3,
    indicator="5s",
    draws="w1s2s8s9m",
    script=(discard(3, "9s"),),
    steps=(
        Step(
            "goal1",
            (Want(A.DISCARD, "9p"),),
            wrong=wrong("white", Want(A.DISCARD, "w")),
            otherwise="other1",
        ),
        Step("goal2", WIN, wrong=wrong("not_yet", Want(A.DISCARD)), otherwise="other2"),
    ),
)

# 2. The gold: wild in your hand, never discarded. Your gold (九条) plays as the 三条 between
# your 二条 and 四条; once 七条 comes, throw the lone 一筒, and 八条 finishes the hand.
GOLD = Lesson(
    id="gold",
    hands={0: "9s123m456m789p24s6s55p1p", 3: "9m"},
    dealer=3,
    indicator="9s",
    draws="7s3p4p1s8s",
    script=(discard(3, "9m"),),
    steps=(
        Step(
            "goal1",
            (Want(A.DISCARD, "1p"),),
            wrong=wrong("gold", Want(A.DISCARD, "9s")),
            otherwise="other1",
        ),
        Step("goal2", WIN, wrong=wrong("not_yet", Want(A.DISCARD)), otherwise="other2"),
    ),
)

# 3. 吃 only from 上家, 碰 from anyone, and 碰 beats 吃. 上家 deals and throws 四万: 吃 it with
# 三万五万. Then 对家 throws 七筒: you cannot 吃 it (对家 is not your 上家) but you may 碰,
# and your 碰 beats the 吃 上家 calls on it.
CALLS = Lesson(
    id="calls",
    hands={
        0: "35m111s456s99s677p8p2p5p",
        2: "7p",
        3: "4m89p",
    },
    dealer=3,
    indicator="9m",
    draws="1p3s",
    script=(
        discard(3, "4m"),
        discard(2, "7p"),
        call(3, A.CHI, "7p", "8p 9p"),
    ),
    steps=(
        Step(
            "goal1",
            (Want(A.CHI),),
            wrong=wrong("chi_pass", Want(A.PASS)),
            otherwise="other1",
        ),
        Step("goal2", ANY_DISCARD, wrong=wrong("keep_pair", Want(A.DISCARD, "7p"))),
        Step(
            "goal3",
            (Want(A.PONG),),
            wrong=wrong("pong_pass", Want(A.PASS)) + wrong("pong_chi", Want(A.CHI)),
            otherwise="other3",
        ),
    ),
)

# 4. 杠: with three 八筒 in hand, 杠 上家's 八筒 (a 明杠): the replacement comes from the tail,
# and the wall keeps two more tiles back (16 → 18).
KONG = Lesson(
    id="kong",
    hands={0: "888p123m456m13s79s2p5p9m", 3: "8p"},
    dealer=3,
    indicator="6s",
    tail="5m",
    script=(discard(3, "8p"),),
    steps=(
        Step(
            "goal1",
            (Want(A.KONG),),
            wrong=wrong("pong", Want(A.PONG)) + wrong("pass", Want(A.PASS)),
            otherwise="other1",
        ),
        Step("goal2", ANY_DISCARD, otherwise="other2"),
    ),
)

# 5. After 吃/碰 you discard at once: no kong then, not even with four of a kind. 碰 上家's
# 三条, discard, and 暗杠 your four 二万 after your next draw (the wall keeps four more back).
AFTER_CALL = Lesson(
    id="after_call",
    hands={0: "2222m33s456p789p1s5s9s8m", 3: "3s"},
    dealer=3,
    indicator="7s",
    draws="1p4s6s7m",
    tail="6m",
    script=(discard(3, "3s"),),
    steps=(
        Step(
            "goal1",
            (Want(A.PONG),),
            wrong=wrong("pong_pass", Want(A.PASS)),
            otherwise="other1",
        ),
        Step(
            "goal2",
            ANY_DISCARD,
            wrong=wrong("no_kong", *KONGS) + wrong("keep_four", Want(A.DISCARD, "2m")),
            otherwise="other2",
        ),
        Step(
            "goal3",
            (Want(A.ANKONG, "2m"),),
            wrong=wrong("kong_now", Want(A.DISCARD)),
            otherwise="other3",
        ),
    ),
)

# 6. 抢金: 上家 deals and throws; your 16 tiles wait on 九筒, and the face-up indicator (五条)
# counts as a gold, which can be that 九筒: rob it before anyone claims the discard.
ROB = Lesson(
    id="rob",
    hands={0: "123m456m789m123p456p9p", 3: "1s"},
    dealer=3,
    indicator="5s",
    tail="1s1s1s",
    script=(discard(3, "1s"),),
    steps=(
        Step("goal1", (Want(A.ROB_GOLD),), wrong=wrong("pass", Want(A.PASS)), otherwise="other1"),
    ),
)

# 7. 三金倒, declined to play on for 金顺. You draw your third gold (五筒): 三金倒 would win at
# once; play on instead (不倒), throw 一筒, then 九筒 (a 自摸 is on offer then, worth no more
# than 三金倒), and 九万 makes 金顺: the three golds a meld, the rest without a gold.
THREE_GOLD = Lesson(
    id="three_gold",
    hands={0: "5p5p123m456m78m23s77s9p1p", 3: "9s"},
    dealer=3,
    indicator="5p",
    draws="5p2p3p4p4s6p2p3p9m",
    script=(discard(3, "9s"),),
    concerns="jin_shun_",
    steps=(
        Step(
            "goal1",
            (Want(A.DECLINE_THREE_GOLD),),
            wrong=wrong("take_now", Want(A.THREE_GOLD)),
            otherwise="other1",
        ),
        Step("goal2", (Want(A.DISCARD, "1p"),), otherwise="other2"),
        Step(
            "goal3",
            (Want(A.DISCARD, "9p"),),
            wrong=wrong("zimo_now", Want(A.WIN), Want(A.THREE_GOLD)),
            otherwise="other3",
        ),
        Step("goal4", WIN, wrong=wrong("not_yet", Want(A.DISCARD)), otherwise="other4"),
    ),
)

# 8. 金雀 and the discard-win limit: your two golds (九万) are a pair, and you wait on 三万 for
# 金雀. 上家's 七条 would finish the hand only as 平胡, so 胡 on it is refused; your own 三万
# wins 金雀.
GOLD_PAIR = Lesson(
    id="jinque",
    hands={0: "12m123p456p234s789s9m9m", 3: "7s"},
    dealer=3,
    indicator="9m",
    draws="3m",
    tail="7s7s",
    moves=(discard(3, "7s"),),
    pass_window=True,
    steps=(
        Step(
            "goal1",
            (Want(A.PASS),),
            wrong=wrong("restricted", Want(A.WIN)) + wrong("chi", Want(A.CHI)),
            otherwise="other1",
        ),
        Step("goal2", WIN, wrong=wrong("not_yet", Want(A.DISCARD)), otherwise="other2"),
    ),
)

# 9. 清一色: throw the 七条 to hold nothing but 万, and win 下家's 五万 on the discard.
PURE_SUIT = Lesson(
    id="qingyise",
    hands={0: "123m345m666m789m9m34m7s", 1: "5m", 3: "7p"},
    dealer=3,
    indicator="9p",
    draws="9m",
    script=(discard(3, "7p"), discard(1, "5m")),
    concerns="discarder_pays_all",
    steps=(
        Step(
            "goal1",
            (Want(A.DISCARD, "7s"),),
            otherwise="other1",
        ),
        Step("goal2", WIN, wrong=wrong("pass", Want(A.PASS)), otherwise="other2"),
    ),
)

# 10. 单钓: four 碰 made already; 碰 the fifth (七筒), keep the 五万 (two of the three other 九条
# are out) and win 对家's 五万 on the discard: 单钓 may win on discards, and locks the others.
SINGLE_WAIT = Lesson(
    id="dandiao",
    hands={
        0: "11m22p33s44s77p9m8p1s6s9s5m",
        1: "4s9s",
        2: "2p9s5m",
        3: "1m3s7p",
    },
    dealer=3,
    indicator="6m",
    moves=(
        discard(3, "1m"),
        call(0, A.PONG, "1m"),
        discard(0, "9m"),
        discard(1, "9s"),
        discard(2, "2p"),
        call(0, A.PONG, "2p"),
        discard(0, "8p"),
        discard(3, "3s"),
        call(0, A.PONG, "3s"),
        discard(0, "1s"),
        discard(1, "4s"),
        call(0, A.PONG, "4s"),
        discard(0, "6s"),
        discard(2, "9s"),
    ),
    script=(discard(3, "7p"), discard(2, "5m")),
    concerns="single_wait_lock",
    steps=(
        Step("goal1", (Want(A.PONG),), wrong=wrong("pass", Want(A.PASS)), otherwise="other1"),
        Step(
            "goal2",
            (Want(A.DISCARD, "9s"),),
            wrong=wrong("dead_tile", Want(A.DISCARD, "5m")),
            otherwise="other2",
        ),
        Step("goal3", WIN, wrong=wrong("pass3", Want(A.PASS)), otherwise="other3"),
    ),
)

# 11. The 单钓/闲金 lock: 下家 holds one gold (一条) and five complete melds — 闲金 — so after
# 下家's discard the other three may only win by self-draw. 上家's 五条 would finish your hand:
# 胡 on it is refused. Pass, and win your own 八条.
LOCK = Lesson(
    id="lock",
    hands={0: "123m456m789m123p55s88s9p", 1: "1s333s444s666s777p234p", 3: "5s"},
    dealer=0,
    indicator="1s",
    draws="9s2s6p8s",
    moves=(discard(0, "9p"),),
    pass_window=True,
    script=(discard(3, "5s"),),
    concerns="single_wait_lock",
    steps=(
        Step(
            "goal1",
            (Want(A.PASS),),
            wrong=wrong("locked", Want(A.WIN)) + wrong("pong", Want(A.PONG)),
            otherwise="other1",
        ),
        Step("goal2", WIN, wrong=wrong("not_yet", Want(A.DISCARD)), otherwise="other2"),
    ),
)

# 12. The end of the wall: late in the hand (your sixth draw as dealer), keep your two-sided
# wait; the last drawable tiles are drawn one each, and the one that finishes your hand wins
# by itself as 自摸. Follows the room's reading of the flipped tile (indicator_in_play): the last
# round then starts a seat later, and you still draw the same tile. You deal, and your hand is
# not ready until your first draw, so no 抢金 window opens.
# the head draws: three of the others', then yours, seven times (your sixth draw is 三条, your
# seventh, in the last round, 九条)
_OTHERS = "2s4s5s 1s3s2s 4s5s2s 1s3s4s 5s7s2s 3sw5s 1s7s8s".split()
_YOURS = "5p 7p 8p 6p 7p 3s 9s".split()
WALL_END = Lesson(
    id="wall_end",
    hands={0: "123m456m789m123p5p78s1s4s"},
    dealer=0,
    indicator="9p",
    draws="".join(o + y for o, y in zip(_OTHERS, _YOURS, strict=True)),
    moves=(
        discard(0, "1s"),
        discard(0, "4s"),
        discard(0, "7p"),
        discard(0, "8p"),
        discard(0, "6p"),
        discard(0, "7p"),
    ),
    follows="indicator_in_play",
    plays_out=True,
    steps=(
        Step(
            "goal1",
            (Want(A.DISCARD, "3s"),),
            wrong=wrong("keep_wait", Want(A.DISCARD, "7s"), Want(A.DISCARD, "8s")),
            otherwise="other1",
        ),
    ),
)

# 13. 臭庄: 下家 deals; 下家, 对家 and 上家 all open with 九筒. Throw your 九筒 as well: four equal
# first discards. Played by the room's 臭庄 reading (the hand dead, or played on).
CHOUZHUANG = Lesson(
    id="chouzhuang",
    hands={0: "9p11m345m678m2s5s8s3p6p9m1s", 1: "9p", 2: "9p", 3: "9p"},
    dealer=1,
    indicator="4p",
    draws="4s5s7m",
    script=(discard(1, "9p"), discard(2, "9p"), discard(3, "9p")),
    follows="chouzhuang_",
    steps=(Step("goal1", (Want(A.DISCARD, "9p"),), otherwise="other1"),),
)

# 14. Reading a result: 上家 deals for the second time (庄×2); you hold one gold (二筒) and an
# 暗杠 of 三条, and draw the 九万 that finishes the hand. (Your hand is not ready at the deal, so
# no 抢金 window opens.) Each payer's formula adds 金, 杠 and,
# for the dealer alone, 庄.
RESULT = Lesson(
    id="result",
    hands={0: "3333s2p123m456m789p6s1p", 3: "9s"},
    dealer=3,
    indicator="2p",
    streak=2,
    draws="8s1s4s5s9m",
    tail="9m",
    moves=(discard(3, "9s"), call(0, A.ANKONG, "3s"), discard(0, "1p")),
    shows_result=True,
    steps=(Step("goal1", WIN, wrong=wrong("not_yet", Want(A.DISCARD)), otherwise="other1"),),
)

LESSONS: tuple[Lesson, ...] = (
    TILES,
    GOLD,
    CALLS,
    KONG,
    AFTER_CALL,
    ROB,
    THREE_GOLD,
    GOLD_PAIR,
    PURE_SUIT,
    SINGLE_WAIT,
    LOCK,
    WALL_END,
    CHOUZHUANG,
    RESULT,
)
