"""Rule configuration: every [choice] of rules.md as a switch, defaults as written there."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
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
    chouzhuang_streak: bool = True
    # §2: a session lasts this many 圈.
    rounds: int = 1

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

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
