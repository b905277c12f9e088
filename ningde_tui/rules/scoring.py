"""Winning patterns and payments (rules.md §9, §11; seed 5-7).

``evaluate_win`` takes a finished hand and says whether it is a legal win and how it pays:
every candidate pattern is priced for each payer and the one whose payments sum highest is
taken. The breakdown (庄番, 金番, 杠番, base, multiplier) is kept so every screen can print the
formula exactly as it was computed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from . import shapes
from .config import RuleConfig
from .melds import ANKONG, CHI, Meld
from .tiles import NUM_FACES, face, face_counts, tile_for_face

# Ways a hand is won (interfaces.md §1 `by`).
BY_DISCARD, BY_SELF, BY_ROB, BY_HEAVEN = "discard", "self", "rob", "heaven"
BY_VALUES = (BY_DISCARD, BY_SELF, BY_ROB, BY_HEAVEN)

PINGHU, ZIMO, QIANGJIN, SANJINDAO = "pinghu", "zimo", "qiangjin", "sanjindao"
JINQUE, JINSHUN, QINGYISE, DANDIAO = "jinque", "jinshun", "qingyise", "dandiao"
PATTERNS = (PINGHU, ZIMO, QIANGJIN, SANJINDAO, JINQUE, JINSHUN, QINGYISE, DANDIAO)
XIANJIN = "xianjin"  # 闲金: a waiting state (rules.md §9), not a pattern of its own

_DEFAULT = RuleConfig()

PATTERN_ZH = {
    PINGHU: "平胡",
    ZIMO: "自摸",
    QIANGJIN: "抢金",
    SANJINDAO: "三金倒",
    JINQUE: "金雀",
    JINSHUN: "金顺",
    QINGYISE: "清一色",
    DANDIAO: "单钓",
}
PATTERN_EN = {
    PINGHU: "Plain win",
    ZIMO: "Self-drawn",
    QIANGJIN: "Rob the Gold",
    SANJINDAO: "Three Golds",
    JINQUE: "Gold Pair",
    JINSHUN: "Gold Run",
    QINGYISE: "Pure Suit",
    DANDIAO: "Single Wait",
}

# Discard-win priority tiers (rules.md §10): {单钓, 金顺, 清一色} > 金雀 > 平胡.
PATTERN_TIER = {
    DANDIAO: 3,
    JINSHUN: 3,
    QINGYISE: 3,
    JINQUE: 2,
    PINGHU: 1,
    ZIMO: 1,
    QIANGJIN: 1,
    SANJINDAO: 1,
}

# Formula shapes (seed 7): (sum + bonus) × mult, or sum × mult + bonus.
#   kind -> (hu bonus inside the bracket, multiplier, pattern bonus added after)
_FORMULA = {
    PINGHU: (1, 1, 0),
    ZIMO: (1, 2, 0),
    QIANGJIN: (2, 2, 0),  # 抢金1番 + 胡牌1番
    JINQUE: (0, 3, 15),
    JINSHUN: (0, 3, 30),
    QINGYISE: (0, 3, 30),
    DANDIAO: (0, 3, 30),
}


@dataclass(frozen=True)
class Payment:
    """What one loser pays the winner, with the terms of its formula."""

    payer_is_dealer: bool
    jin: int
    gang: int
    zhuang: int  # Z when the dealer is the winner or this payer, else 0
    formula: str  # key of _FORMULA (sanjindao pays by zimo's or qiangjin's)
    amount: int

    def text(self, lang: str = "zh") -> str:
        """``(金2 + 杠1 + 庄2) × 3 + 15 = 30``."""
        inner, mult, bonus = _FORMULA[self.formula]
        names = (
            ("金", "杠", "庄", "抢金", "胡")
            if lang == "zh"
            else ("gold", "kong", "dealer", "rob", "win")
        )
        terms = [f"{names[0]}{self.jin}", f"{names[1]}{self.gang}"]
        if self.zhuang:
            terms.append(f"{names[2]}{self.zhuang}")
        if self.formula == QIANGJIN:
            terms += [f"{names[3]}1", f"{names[4]}1"]
        elif inner:
            terms.append(f"{names[4]}1")
        body = " + ".join(terms)
        if mult == 1:
            expr = body
        else:
            expr = f"({body}) × {mult}"
        if bonus:
            expr += f" + {bonus}"
        return f"{expr} = {self.amount}"


def pay_amount(formula: str, b: int) -> int:
    inner, mult, bonus = _FORMULA[formula]
    return (b + inner) * mult + bonus


@dataclass(frozen=True)
class WinInput:
    """A finished hand as the calculator and the engine describe it (interfaces.md §1)."""

    concealed: tuple[int, ...]  # every concealed tile after winning, the winning tile included
    melds: tuple[Meld, ...]
    gold: int
    win_tile: int | None
    by: str
    dealer: bool = False  # the winner is the dealer
    streak: int = 1
    robbed: bool = False  # one gold in concealed is the robbed indicator
    start: bool = False  # in the start window: 三金倒 pays as 抢金
    declined_three_gold: bool = False


@dataclass(frozen=True)
class WinScore:
    legal: bool
    reason: str = ""
    pattern: str = ""
    zhuang: int = 0
    jin: int = 0
    gang: int = 0
    pay_dealer: Payment | None = None  # None when the winner is the dealer
    pay_other: Payment | None = None
    total: int = 0
    candidates: dict[str, int] = field(default_factory=dict)  # pattern -> total, for display

    @property
    def tier(self) -> int:
        return PATTERN_TIER.get(self.pattern, 0)

    def payments(self) -> list[Payment]:
        """The three payments: the dealer's (if a loser) and the non-dealers'."""
        if self.pay_other is None:
            return []
        if self.pay_dealer is None:
            return [self.pay_other] * 3
        return [self.pay_dealer, self.pay_other, self.pay_other]


def _price(formula: str, jin: int, gang: int, streak: int, winner_is_dealer: bool):
    """The three payments of a pattern: (dealer payment or None, non-dealer payment, total)."""
    if winner_is_dealer:
        other = Payment(False, jin, gang, streak, formula, pay_amount(formula, jin + gang + streak))
        return None, other, 3 * other.amount
    dealer = Payment(True, jin, gang, streak, formula, pay_amount(formula, jin + gang + streak))
    other = Payment(False, jin, gang, 0, formula, pay_amount(formula, jin + gang))
    return dealer, other, dealer.amount + 2 * other.amount


def gold_count(tiles: Sequence[int], gold: int) -> int:
    return tiles.count(gold)


def five_declared_melds(melds: Sequence[Meld], config: RuleConfig) -> bool:
    """单钓 needs five melds declared by 吃/碰/杠 (rules.md §9, seed "必须是吃碰杠"): a concealed
    kong is a declared 杠 too (with ``dandiao_counts_ankong`` off: exposed melds only)."""
    if len(melds) != 5:
        return False
    return config.dandiao_counts_ankong or all(m.kind != ANKONG for m in melds)


def is_single_wait(
    concealed: Sequence[int], melds: Sequence[Meld], gold: int, config: RuleConfig | None = None
) -> str | None:
    """单钓 or 闲金 for a waiting hand of 3k+1 concealed tiles (rules.md §9), else None.

    单钓: five declared melds and one concealed tile. 闲金: exactly one gold, the other concealed
    tiles complete melds without it (seed "123,123,123,111,123和一金"); with
    ``xianjin_one_gold`` off, the earlier reading: any golds, one left over once the rest
    complete melds (so a gold pair waiting on a meld counted)."""
    config = config or _DEFAULT
    if len(concealed) == 1 and five_declared_melds(melds, config):
        return DANDIAO
    if (len(concealed) - 1) % 3:
        return None
    counts, golds = face_counts(concealed, gold)
    if golds == 0 or (config.xianjin_one_gold and golds != 1):
        return None
    return XIANJIN if shapes.melds_need(counts) <= golds - 1 else None


def is_pure_suit(concealed: Sequence[int], melds: Sequence[Meld], gold: int) -> bool:
    """清一色: every tile but the golds has one suit, 白板 taking the gold's suit."""
    suits = {face(t, gold) // 9 for t in concealed if t != gold}
    for m in melds:
        suits.update(f // 9 for f in m.faces(gold))
    return len(suits) == 1


def discard_win_floor(w: WinInput, config: RuleConfig) -> int:
    """The lowest tier a discard win of this hand may have (rules.md §9, seed 5).

    If the hand before the discard could win as 金雀, 金顺 or 清一色 on some discardable tile
    (any non-gold tile: 白板 plays as the gold's face), a discard win must reach that tier.
    """
    before = list(w.concealed)
    if w.win_tile is not None and w.win_tile in before:
        before.remove(w.win_tile)
    counts, golds = face_counts(before, w.gold)
    floor = 0
    for f in range(NUM_FACES):
        counts[f] += 1
        complete = shapes.is_complete(counts, golds)
        counts[f] -= 1
        if not complete:
            continue
        tile = tile_for_face(f, w.gold)
        probe = replace(w, concealed=(*before, tile), win_tile=tile)
        for pattern in _evaluate(probe, config, check_floor=False).candidates:
            if pattern in (JINQUE, JINSHUN, QINGYISE):
                floor = max(floor, PATTERN_TIER[pattern])
    return floor


def evaluate_win(w: WinInput, config: RuleConfig | None = None) -> WinScore:
    """Is this a legal win, and what does it pay? (rules.md §7, §9, §11)"""
    return _evaluate(w, config or _DEFAULT, check_floor=True)


def _evaluate(w: WinInput, config: RuleConfig, check_floor: bool) -> WinScore:
    concealed = list(w.concealed)
    if w.by not in BY_VALUES:
        raise ValueError(f"unknown way of winning {w.by!r}")
    counts, golds = face_counts(concealed, w.gold)
    own_golds = golds - (1 if w.robbed else 0)
    kong_fan = sum(m.kong_fan() for m in w.melds)
    jin = golds
    z = w.streak
    groups = 5 - len(w.melds)
    complete = len(concealed) == 3 * groups + 2 and shapes.is_complete(counts, golds)
    start_formula = w.start or w.by in (BY_HEAVEN, BY_ROB)

    candidates: dict[str, str] = {}  # pattern -> formula
    if complete:
        base = {BY_DISCARD: PINGHU, BY_SELF: ZIMO, BY_ROB: QIANGJIN, BY_HEAVEN: QIANGJIN}[w.by]
        candidates[base] = base
        if golds >= 2 and shapes.melds_need(counts) <= golds - 2:
            candidates[JINQUE] = JINQUE
        if golds == 3 and shapes.pair_need(counts) == 0:
            if not config.jin_shun_sequences_only or (
                shapes.sequences_only_pair(counts) and all(m.kind == CHI for m in w.melds)
            ):
                candidates[JINSHUN] = JINSHUN
        if is_pure_suit(concealed, w.melds, w.gold):
            candidates[QINGYISE] = QINGYISE
        if five_declared_melds(w.melds, config):
            candidates[DANDIAO] = DANDIAO
        if w.win_tile == w.gold and w.by == BY_SELF:
            before = list(concealed)
            before.remove(w.gold)
            if is_single_wait(before, w.melds, w.gold, config) is not None:
                # seed 6: 单钓或闲金时，抽来金的话，算金雀 — a floor: 金雀 joins the patterns
                # the hand fits, so drawing a gold never pays less than an ordinary tile would
                # (gold_draw_floor off: the earlier reading, 金雀 and nothing else)
                if not config.gold_draw_floor:
                    candidates = {}
                candidates[JINQUE] = JINQUE
    if own_golds >= 3 and w.by in (BY_SELF, BY_HEAVEN):
        # 三金倒: any shape, self-drawn only; at the start it pays as 抢金.
        key = QIANGJIN if start_formula else SANJINDAO
        candidates.setdefault(key, QIANGJIN if start_formula else ZIMO)

    if not candidates:
        if len(concealed) != 3 * groups + 2:
            reason = (
                f"{len(concealed)} concealed tiles with {len(w.melds)} melds: "
                f"a winning hand has {3 * groups + 2}"
            )
        elif own_golds >= 3:
            reason = "三金倒 is won only by self-draw, and the hand is not complete"
        else:
            reason = "the tiles do not form melds and a pair"
        return WinScore(False, reason=reason)

    priced = {}
    for pattern, formula in candidates.items():
        priced[pattern] = _price(formula, jin, kong_fan, z, w.dealer)
    best = max(priced, key=lambda p: (priced[p][2], PATTERN_TIER[p]))
    pay_dealer, pay_other, total = priced[best]
    totals = {p: v[2] for p, v in priced.items()}

    if w.declined_three_gold:
        _, _, three_gold_total = _price(ZIMO, jin, kong_fan, z, w.dealer)
        if total < three_gold_total:
            return WinScore(
                False,
                reason=(
                    f"declined: 三金倒 was declined, so a win must pay at least what 三金倒 would "
                    f"({three_gold_total}), and this one pays {total}"
                ),
                candidates=totals,
            )
    if check_floor and w.by == BY_DISCARD:
        floor = discard_win_floor(w, config)
        if PATTERN_TIER[best] < floor:
            need = {2: "金雀", 3: "金顺/清一色"}[floor]
            return WinScore(
                False,
                reason=(
                    f"restriction: this hand waits for {need}, so a discard win must be at "
                    f"least {need} (this one would be {PATTERN_ZH[best]})"
                ),
                candidates=totals,
            )
    return WinScore(
        True,
        pattern=best,
        zhuang=z,
        jin=jin,
        gang=kong_fan,
        pay_dealer=pay_dealer,
        pay_other=pay_other,
        total=total,
        candidates=totals,
    )
