"""``--claim-pause MIN-MAX``, the option of the commands that run rooms (``ningde host``,
``ningde server``): apart from ``options``, which the start of ``ningde play`` reads, since its
default comes from the room and with it the engine."""

from __future__ import annotations

import argparse
import math

from ..net.hosting import MAX_CLAIM_PAUSE
from ..net.room import CLAIM_PAUSE


def parse_claim_pause(text: str) -> tuple[float, float]:
    """``MIN-MAX`` seconds (``0.3-0.9``), or one number for a pause that never varies."""
    low, dash, high = text.strip().partition("-")
    try:
        pause = (float(low), float(high if dash else low))
    except ValueError:
        pause = (math.nan, math.nan)
    if not all(0 <= v <= MAX_CLAIM_PAUSE for v in pause) or pause[0] > pause[1]:
        raise argparse.ArgumentTypeError(
            f"MIN-MAX seconds, 0 <= MIN <= MAX <= {MAX_CLAIM_PAUSE:.0f}: e.g. 0.3-0.9 (0: none)"
        )
    return pause


def claim_pause_option(parser: argparse.ArgumentParser) -> None:
    """``--claim-pause MIN-MAX`` (``ningde host``, ``ningde server``)."""
    low, high = CLAIM_PAUSE
    parser.add_argument(
        "--claim-pause",
        type=parse_claim_pause,
        metavar="MIN-MAX",
        help=f"seconds every claim window stays open while a person plays, drawn afresh each "
        f"time (default {low:g}-{high:g}; 0: none; rooms of bots: none)",
    )
