"""Winning patterns and payments (rules.md §9, §11; seed 5-7).

``evaluate_win`` takes a finished hand and says whether it is a legal win and how it pays:
every candidate pattern is priced for each payer and the one whose payments sum highest is
taken. The breakdown is kept as data (``Payment.terms``: 庄番, 金番, 杠番 and the pattern's own
fan; ``Payment.shape``: multiplier and bonus), so every view writes the formula exactly as it
was computed, in its own words (``i18n.words.payment_text``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from . import shapes
from .config import RuleConfig
from .melds import Meld, MeldKind
from .refusal import Refusal, RefusalCode
from .tiles import NUM_FACES, face, face_counts, tile_for_face


class WinBy(StrEnum):
    """How a hand is won (the value is the calculator's and the record's ``by``,
    interfaces.md §1, §2)."""

    DISCARD = "discard"  # 点炮 / 平胡, and 抢杠
    SELF = "self"  # 自摸, also the last-round auto win
    ROB = "rob"  # 抢金
    HEAVEN = "heaven"  # 天胡


BY_VALUES = tuple(WinBy)

PINGHU, ZIMO, QIANGJIN, SANJINDAO = "pinghu", "zimo", "qiangjin", "sanjindao"
JINQUE, JINSHUN, QINGYISE, DANDIAO = "jinque", "jinshun", "qingyise", "dandiao"
XIANJIN = "xianjin"  # 闲金: a waiting state (rules.md §9), not a pattern of its own

_DEFAULT = RuleConfig()


@dataclass(frozen=True)
class Formula:
    """A payment's shape (seed 7): (b + inside) × times + after, where b = J + K (+ Z)."""

    inside: int
    times: int
    after: int

    def amount(self, b: int) -> int:
        return (b + self.inside) * self.times + self.after


@dataclass(frozen=True)
class Pattern:
    """One scoring pattern (rules.md §9-§11): its key (the records' and tools' word for it),
    its discard-win tier (§10: {单钓, 金顺, 清一色} > 金雀 > 平胡), how it pays, and whether a
    hand that could win as it restricts a discard win to its tier (§9 ``restricts``). Which
    hands fit it: ``_FITS``. ``name`` is the engine's own word for it, in its sentences
    (``calc``, ``replay --check``); the views name it in each language (i18n/words.py)."""

    key: str
    name: str
    tier: int
    formula: Formula
    restricts: bool = False


PATTERN_TABLE: dict[str, Pattern] = {
    p.key: p
    for p in (
        Pattern(PINGHU, "平胡", 1, Formula(1, 1, 0)),
        Pattern(ZIMO, "自摸", 1, Formula(1, 2, 0)),
        Pattern(QIANGJIN, "抢金", 1, Formula(2, 2, 0)),  # 抢金1番 + 胡牌1番
        Pattern(SANJINDAO, "三金倒", 1, Formula(1, 2, 0)),  # later: as 自摸
        Pattern(JINQUE, "金雀", 2, Formula(0, 3, 15), restricts=True),
        Pattern(JINSHUN, "金顺", 3, Formula(0, 3, 30), restricts=True),
        Pattern(QINGYISE, "清一色", 3, Formula(0, 3, 30), restricts=True),
        Pattern(DANDIAO, "单钓", 3, Formula(0, 3, 30)),
    )
}
PATTERNS = tuple(PATTERN_TABLE)


class Fan(StrEnum):
    """A term of a payment's formula (rules.md §11), as the formula writes them; its name in
    each language is the views' (``fan.<key>`` in i18n/words.py)."""

    JIN = "jin"  # 金番 J: the golds in hand
    GANG = "gang"  # 杠番 K: 1 per exposed or added kong, 2 per concealed one
    ZHUANG = "zhuang"  # 庄番 Z: the dealer streak, where the dealer wins or pays
    ROB = "rob"  # 抢金's own 1番
    WIN = "win"  # 胡牌 1番


@dataclass(frozen=True)
class Payment:
    """What one loser pays the winner, with the terms of its formula."""

    payer_is_dealer: bool
    jin: int
    gang: int
    zhuang: int  # Z when the dealer is the winner or this payer, else 0
    formula: str  # the pattern whose formula it pays by (三金倒 at the start: qiangjin's)
    amount: int

    @property
    def shape(self) -> Formula:
        """The formula it pays by: (terms) × times + after."""
        return PATTERN_TABLE[self.formula].formula

    def terms(self) -> list[tuple[Fan, int]]:
        """The fan the formula adds up before multiplying, in the order it writes them:
        金 J and 杠 K, 庄 Z where the dealer is involved, then the pattern's own
        (抢金: 抢金 1 + 胡 1; 平胡, 自摸: 胡 1). ``(金2 + 杠1 + 庄2) × 3 + 15 = 30`` is
        ``[(JIN, 2), (GANG, 1), (ZHUANG, 2)]`` with ``shape`` (0, 3, 15)."""
        out = [(Fan.JIN, self.jin), (Fan.GANG, self.gang)]
        if self.zhuang:
            out.append((Fan.ZHUANG, self.zhuang))
        if self.formula == QIANGJIN:
            out += [(Fan.ROB, 1), (Fan.WIN, 1)]
        elif self.shape.inside:
            out.append((Fan.WIN, 1))
        return out


def pay_amount(formula: str, b: int) -> int:
    return PATTERN_TABLE[formula].formula.amount(b)


@dataclass(frozen=True)
class WinInput:
    """A finished hand as the calculator and the engine describe it (interfaces.md §1)."""

    concealed: tuple[int, ...]  # every concealed tile after winning, the winning tile included
    melds: tuple[Meld, ...]
    gold: int
    win_tile: int | None
    by: WinBy
    dealer: bool = False  # the winner is the dealer
    streak: int = 1
    robbed: bool = False  # one gold in concealed is the robbed indicator
    start: bool = False  # in the start window: 三金倒 pays as 抢金
    declined_three_gold: bool = False


@dataclass(frozen=True)
class WinScore:
    legal: bool
    reason: str = ""  # why not, in words (the calculator prints it): ``refusal.text``
    pattern: str = ""
    zhuang: int = 0
    jin: int = 0
    gang: int = 0
    pay_dealer: Payment | None = None  # None when the winner is the dealer
    pay_other: Payment | None = None
    total: int = 0
    candidates: dict[str, int] = field(default_factory=dict)  # pattern -> total, for display
    refusal: Refusal | None = None  # why not, as a code a view translates

    @classmethod
    def refused(cls, refusal: Refusal, candidates: dict[str, int] | None = None) -> WinScore:
        return cls(False, reason=refusal.text, candidates=candidates or {}, refusal=refusal)

    @property
    def tier(self) -> int:
        pattern = PATTERN_TABLE.get(self.pattern)
        return pattern.tier if pattern is not None else 0

    def payments(self) -> list[Payment]:
        """The three payments: the dealer's (if a loser) and the non-dealers'."""
        if self.pay_other is None:
            return []
        if self.pay_dealer is None:
            return [self.pay_other] * 3
        return [self.pay_dealer, self.pay_other, self.pay_other]


def _price(
    formula: str, jin: int, gang: int, streak: int, winner_is_dealer: bool
) -> tuple[Payment | None, Payment, int]:
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
    return config.dandiao_counts_ankong or all(m.kind != MeldKind.ANKONG for m in melds)


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

    If the hand before the discard could win as a pattern that restricts (``Pattern.restricts``:
    金雀, 金顺, 清一色) on some discardable tile (any non-gold tile: 白板 plays as the gold's
    face), a discard win must reach that pattern's tier.
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
            p = PATTERN_TABLE[pattern]
            if p.restricts:
                floor = max(floor, p.tier)
    return floor


def evaluate_win(w: WinInput, config: RuleConfig | None = None) -> WinScore:
    """Is this a legal win, and what does it pay? (rules.md §7, §9, §11)"""
    return _evaluate(w, config or _DEFAULT, check_floor=True)


@dataclass(frozen=True)
class _Hand:
    """A finished hand as the pattern tests see it."""

    w: WinInput
    config: RuleConfig
    counts: list[int]  # 27 face counts of the concealed non-golds (白板 as the gold's face)
    golds: int  # golds in the concealed hand, a robbed indicator included (金番 J)
    own_golds: int  # the golds that count toward 三金倒 (§8.3)
    size_ok: bool  # 3 × (5 − melds) + 2 concealed tiles
    complete: bool  # five melds and a pair, golds wild

    @classmethod
    def of(cls, w: WinInput, config: RuleConfig) -> _Hand:
        counts, golds = face_counts(w.concealed, w.gold)
        size_ok = len(w.concealed) == 3 * (5 - len(w.melds)) + 2
        complete = size_ok and shapes.is_complete(counts, golds)
        own = golds - (1 if w.robbed else 0)
        return cls(w, config, counts, golds, own, size_ok, complete)


def _fits_jinque(h: _Hand) -> bool:
    """金雀: the two golds are the pair."""
    return h.golds >= 2 and shapes.melds_need(h.counts) <= h.golds - 2


def _fits_jinshun(h: _Hand) -> bool:
    """金顺: three golds make one meld, the rest 4 melds and a pair without golds."""
    if h.golds != 3 or shapes.pair_need(h.counts) != 0:
        return False
    return not h.config.jin_shun_sequences_only or (
        shapes.sequences_only_pair(h.counts) and all(m.kind == MeldKind.CHI for m in h.w.melds)
    )


def _fits_qingyise(h: _Hand) -> bool:
    return is_pure_suit(h.w.concealed, h.w.melds, h.w.gold)


def _fits_dandiao(h: _Hand) -> bool:
    return five_declared_melds(h.w.melds, h.config)


# The special patterns of a complete hand (rules.md §9), in the order they are listed (the
# first of equal totals and tiers is reported).
_FITS = {
    JINQUE: _fits_jinque,
    JINSHUN: _fits_jinshun,
    QINGYISE: _fits_qingyise,
    DANDIAO: _fits_dandiao,
}
_BASE = {WinBy.DISCARD: PINGHU, WinBy.SELF: ZIMO, WinBy.ROB: QIANGJIN, WinBy.HEAVEN: QIANGJIN}


def _candidates(h: _Hand) -> dict[str, str]:
    """Every pattern the hand fits -> the pattern whose formula it pays by."""
    w = h.w
    out: dict[str, str] = {}
    if h.complete:
        out[_BASE[w.by]] = _BASE[w.by]
        out.update((p, p) for p, fits in _FITS.items() if fits(h))
        if w.win_tile == w.gold and w.by == WinBy.SELF and _was_single_wait(w, h.config):
            # seed 6: 单钓或闲金时，抽来金的话，算金雀 — a floor: 金雀 joins the patterns the
            # hand fits, so drawing a gold never pays less than an ordinary tile would
            # (gold_draw_floor off: the earlier reading, 金雀 and nothing else)
            if not h.config.gold_draw_floor:
                out = {}
            out[JINQUE] = JINQUE
    if h.own_golds >= 3 and w.by in (WinBy.SELF, WinBy.HEAVEN):
        # 三金倒: any shape, self-drawn only; at the start it pays as 抢金.
        start = w.start or w.by in (WinBy.HEAVEN, WinBy.ROB)
        out.setdefault(QIANGJIN if start else SANJINDAO, QIANGJIN if start else ZIMO)
    return out


def _was_single_wait(w: WinInput, config: RuleConfig) -> bool:
    """Was the hand in 单钓/闲金 before the gold just drawn?"""
    before = list(w.concealed)
    before.remove(w.gold)
    return is_single_wait(before, w.melds, w.gold, config) is not None


def _not_a_win(h: _Hand) -> WinScore:
    w = h.w
    need = 3 * (5 - len(w.melds)) + 2
    if not h.size_ok:
        n = len(w.concealed)
        return WinScore.refused(
            Refusal(
                RefusalCode.WRONG_SIZE,
                f"{n} concealed tiles with {len(w.melds)} melds: a winning hand has {need}",
                {"concealed": n, "melds": len(w.melds), "tiles": need},
            )
        )
    if h.own_golds >= 3:
        return WinScore.refused(
            Refusal(
                RefusalCode.SELF_DRAW_ONLY,
                "三金倒 is won only by self-draw, and the hand is not complete",
            )
        )
    return WinScore.refused(Refusal(RefusalCode.NO_SHAPE, "the tiles do not form melds and a pair"))


def _refusal(h: _Hand, best: str, total: int, check_floor: bool) -> Refusal | None:
    """Why a hand that fits ``best`` may still not win (rules.md §7 declined 三金倒, §9 the
    discard restriction), or None."""
    w = h.w
    if w.declined_three_gold:
        kongs = sum(m.kong_fan() for m in w.melds)
        three_gold = _price(ZIMO, h.golds, kongs, w.streak, w.dealer)[2]
        if total < three_gold:
            return Refusal(
                RefusalCode.DECLINED,
                f"declined: 三金倒 was declined, so a win must pay at least what 三金倒 would "
                f"({three_gold}), and this one pays {total}",
                {"floor": three_gold, "total": total},
            )
    if check_floor and w.by == WinBy.DISCARD:
        floor = discard_win_floor(w, h.config)
        if PATTERN_TABLE[best].tier < floor:
            # the patterns of that tier that restrict (§9), as the table lists them
            held = [p for p in PATTERN_TABLE.values() if p.restricts and p.tier == floor]
            need, need_zh = held[0].key, "/".join(p.name for p in held)
            return Refusal(
                RefusalCode.RESTRICTION,
                f"restriction: this hand waits for {need_zh}, so a discard win must be at "
                f"least {need_zh} (this one would be {best})",
                {"need": need, "tier": floor, "pattern": best},
            )
    return None


def _evaluate(w: WinInput, config: RuleConfig, check_floor: bool) -> WinScore:
    if w.by not in BY_VALUES:
        raise ValueError(f"unknown way of winning {w.by!r}")
    h = _Hand.of(w, config)
    candidates = _candidates(h)
    if not candidates:
        return _not_a_win(h)
    kongs = sum(m.kong_fan() for m in w.melds)
    priced = {p: _price(f, h.golds, kongs, w.streak, w.dealer) for p, f in candidates.items()}
    best = max(priced, key=lambda p: (priced[p][2], PATTERN_TABLE[p].tier))
    pay_dealer, pay_other, total = priced[best]
    totals = {p: v[2] for p, v in priced.items()}
    why = _refusal(h, best, total, check_floor)
    if why is not None:
        return WinScore.refused(why, totals)
    return WinScore(
        True,
        pattern=best,
        zhuang=w.streak,
        jin=h.golds,
        gang=kongs,
        pay_dealer=pay_dealer,
        pay_other=pay_other,
        total=total,
        candidates=totals,
    )
