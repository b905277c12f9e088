"""What a record can hold, and how reading one fails: the seed and name checks a game is started
with (the commands' options, the start screen) and the record errors, apart from the record
module (record.py) so that they load without the engine."""

from __future__ import annotations

from .jsonline import MAX_INT_DIGITS, shorten

# What a game may be started with, so that its record reads back: the reader refuses longer
# numbers (jsonline.MAX_INT_DIGITS), and the names of four seats must fit the game line
# (jsonline.MAX_LINE_BYTES) with room to spare.
MAX_SEED_DIGITS = MAX_INT_DIGITS
MAX_NAME_CHARS = 24
# an act line's added field: this discard, written just before, was taken back (悔牌)
TAKEN_BACK = "taken_back"


def check_seed(seed: int) -> int:
    """``seed``, if a record can hold it; ValueError says why not."""
    if len(str(abs(seed))) > MAX_SEED_DIGITS:
        raise ValueError(f"a seed has at most {MAX_SEED_DIGITS} digits")
    return seed


def check_name(name: str) -> str:
    """``name``, if a record can hold it (and the table show it); ValueError says why not."""
    if len(name) > MAX_NAME_CHARS:
        raise ValueError(f"a name has at most {MAX_NAME_CHARS} characters")
    if any(not ch.isprintable() for ch in name):
        raise ValueError("a name cannot hold control characters")
    return name


# A person the game was not given a name for is written by their seat, the same in every mode
# and language (play, hot-seat, a room): ``P1`` … ``P4``; the views say it in their language.
# Hot-seat games and hosted rooms once wrote the table's words instead, which a record still
# holds; reading maps them back (``seat_name``).
LEGACY_PLAYER_NAMES = ("玩家{n}", "Player {n}")


def default_name(seat: int) -> str:
    """The name written for seat ``seat`` (0-3) of a person who gave none: ``P1`` … ``P4``."""
    return f"P{seat + 1}"


def seat_name(name: str, human: bool, seat: int) -> str:
    """A seat's name as the record means it: a person's seat written as an older version wrote
    an unnamed one (玩家2 / Player 2 in seat 2) as ``default_name``; any other as it is."""
    if human and name in {form.format(n=seat + 1) for form in LEGACY_PLAYER_NAMES}:
        return default_name(seat)
    return name


class RecordError(ValueError):
    """A record that cannot be replayed; names the line and the reason."""

    def __init__(self, line: int, reason: str) -> None:
        reason = shorten(reason, 240)  # a hostile record's values are not echoed whole
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class RecordInUse(OSError):
    """The record is being written by another program (another window plays that game)."""
