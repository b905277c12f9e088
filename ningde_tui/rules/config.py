"""Rule configuration: every [choice] of rules.md as a switch, defaults as written there."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any


@dataclass(frozen=True)
class RuleConfig:
    # §4: the flipped indicator is set aside (only 抢金 takes it) or stays as the next tail draw.
    indicator_in_play: bool = False
    # §5: 抢杠 — others may win on the tile of an added kong.
    rob_kong: bool = False
    # §9: 金顺 needs every other meld to be a sequence.
    jin_shun_sequences_only: bool = False
    # §9: while a player waits in 单钓/闲金, the other three may only win by self-draw.
    single_wait_lock: bool = True
    # §11: on a discard win the discarder pays all three payments.
    discarder_pays_all: bool = False
    # §4: a flipped 白板 is set aside and the next tile flipped (false: 白板 becomes the gold).
    white_indicator_reflip: bool = True
    # §7: 臭庄 counts as one more 连庄 for the dealer at once (false: it is only announced).
    # Only when the hand plays on (chouzhuang_ends_hand=false): a dead hand raises the streak
    # as a 流局 does.
    chouzhuang_streak: bool = True
    # §7: 臭庄 ends the hand at once, like a 流局 (false: the earlier reading, play on).
    chouzhuang_ends_hand: bool = True
    # §9: 闲金 holds exactly one gold (false: the earlier reading, one or more golds with
    # the rest complete, so a gold pair waiting on a meld was 闲金 and locked the table).
    xianjin_one_gold: bool = True
    # §9: 单钓's five declared melds may include a 暗杠 (false: the earlier reading, exposed only).
    dandiao_counts_ankong: bool = True
    # §9: a gold drawn in 单钓/闲金 scores at least 金雀 (false: the earlier reading, exactly
    # 金雀, even where the hand fits a pattern that pays more).
    gold_draw_floor: bool = True
    # §2: a session lasts this many 圈.
    rounds: int = 1

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def switches(cls) -> list[str]:
        """The names of the on/off [choice]s, in declaration order."""
        default = cls()
        return [f.name for f in fields(cls) if isinstance(getattr(default, f.name), bool)]

    @classmethod
    def each_switch_flipped(cls) -> dict[str, RuleConfig]:
        """The defaults, then each switch flipped alone (``name=value`` → config): what a
        test sweeps to cover every [choice]."""
        default = cls()
        out = {"default": default}
        for name in cls.switches():
            value = not getattr(default, name)
            out[f"{name}={str(value).lower()}"] = replace(default, **{name: value})
        return out

    @classmethod
    def from_record(cls, data: dict[str, Any], version: int) -> RuleConfig:
        """The rules of a record of this ``version`` (interfaces.md §2): a switch a record does
        not name takes the meaning it had when that version was written."""
        return cls.from_dict({**READINGS_BY_VERSION.get(version, {}), **data})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleConfig:
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise ValueError(f"unknown rule setting(s): {', '.join(unknown)}")
        values: dict[str, Any] = {}
        for name, value in data.items():
            expected = type(getattr(cls(), name))
            if expected is bool and not isinstance(value, bool):
                raise ValueError(f"rule setting {name} must be true or false, not {value!r}")
            if expected is int and (
                isinstance(value, bool) or not isinstance(value, int) or value < 1
            ):
                raise ValueError(f"rule setting {name} must be a whole number ≥ 1, not {value!r}")
            values[name] = value
        return cls(**values)


READINGS_BY_VERSION: dict[int, dict[str, Any]] = {
    # Record version 1 was written before the version-2 readings (rules.md §7, §9): a
    # version-1 record that does not name these switches was played with their old meaning.
    1: {
        "chouzhuang_ends_hand": False,
        "xianjin_one_gold": False,
        "dandiao_counts_ankong": False,
        "gold_draw_floor": False,
    },
}
