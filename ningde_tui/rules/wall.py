"""The square wall (码牌), dice, the break, dealing and 开金 (rules.md §3, §4, §6)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .tiles import TOTAL_TILES, WHITE, full_set

STACKS_PER_SIDE = 14
STACKS = 4 * STACKS_PER_SIDE  # 56 stacks of two
BASE_RESERVE = 16


def shuffled_wall(rng: random.Random) -> list[int]:
    tiles = full_set()
    rng.shuffle(tiles)
    return tiles


def roll_dice(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def break_point(dealer: int, dice: tuple[int, int]) -> tuple[int, int]:
    """(seat whose wall is broken, stacks from that wall's right end) — rules.md §3.

    Count the seats in turn order from the dealer (dealer = 1) up to the dice sum.
    """
    total = dice[0] + dice[1]
    return (dealer + total - 1) % 4, total


def deal_order(dealer: int) -> list[int]:
    """Which seat receives each of the first 65 wall tiles (rules.md §3 record convention)."""
    owners = []
    for _ in range(4):
        for i in range(4):
            owners.extend([(dealer + i) % 4] * 4)
    owners.append(dealer)
    return owners


@dataclass
class Wall:
    """The 112 tiles in draw order: the head is the start of the list, the tail its end."""

    tiles: list[int]
    head: int = 0  # index of the next head draw
    tail: int = TOTAL_TILES  # tiles[tail - 1] is the next tail draw
    set_aside: list[int] = field(default_factory=list)  # flipped 白板 and the indicator
    indicator: int | None = None  # the flipped gold indicator tile
    indicator_index: int | None = None
    indicator_taken: bool = False  # robbed (抢金), or drawn when indicator_in_play
    indicator_in_wall: bool = False  # indicator_in_play: it stays as the tail tile

    @property
    def left(self) -> int:
        """Tiles still in the wall (set-aside ones are out of it)."""
        return self.tail - self.head

    def draw_head(self) -> int:
        tile = self.tiles[self.head]
        self.head += 1
        return tile

    def draw_tail(self) -> int:
        self.tail -= 1
        if self.indicator_in_wall and self.indicator_index == self.tail:
            self.indicator_taken = True
        return self.tiles[self.tail]

    def open_gold(self, indicator_in_play: bool, reflip_white: bool = True) -> int:
        """开金: flip the tail tile; a 白板 is set aside and the next one flipped, until a suited
        tile shows (rules.md §4). Without ``reflip_white`` a flipped 白板 makes 白板 the gold
        (then no tile stands in for the gold's face). Returns the gold kind."""
        while reflip_white and self.tiles[self.tail - 1] == WHITE:
            self.tail -= 1
            self.set_aside.append(WHITE)
        self.indicator_index = self.tail - 1
        self.indicator = self.tiles[self.indicator_index]
        if indicator_in_play:
            self.indicator_in_wall = True
        else:
            self.tail -= 1
            self.set_aside.append(self.indicator)
        return self.indicator

    def take_indicator(self) -> int:
        """抢金 takes the face-up indicator, wherever it lies."""
        assert self.indicator is not None and not self.indicator_taken
        self.indicator_taken = True
        if self.indicator_in_wall:
            self.tail -= 1  # still the tail tile: nothing else has been drawn from the tail
        else:
            self.set_aside.remove(self.indicator)
        return self.indicator

    def indicator_available(self) -> bool:
        return self.indicator is not None and not self.indicator_taken


def stack_location(index: int, dealer: int, dice: tuple[int, int]) -> tuple[int, int, int]:
    """Where wall tile ``index`` (draw order, rules.md §3) lies on the square wall.

    Returns (seat whose wall it is, stack counted from that wall's right end 0-13, layer 0 top /
    1 bottom). The head starts just left of the break and runs on clockwise, onto the 上家's
    wall; the tail (the end of the draw order) is the stacks just right of the break.
    """
    breaker, count = break_point(dealer, dice)
    offset = count + index // 2
    steps, from_right = divmod(offset, STACKS_PER_SIDE)
    return (breaker - steps) % 4, from_right, index % 2
