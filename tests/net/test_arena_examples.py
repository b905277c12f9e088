"""The example bots of docs/examples play arena hands without a fault: the fifty-line Python
one, the tile-efficiency one and the JavaScript one (which plays as the fifty-line one does,
so both give the same games)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from ningde_tui.net.arena import ArenaPlan, ArenaSummary, run_arena

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None, reason="node is not installed: the JavaScript example cannot run"
)


def arena(command: str, hands: int = 6) -> ArenaSummary:
    return run_arena(ArenaPlan(command, ("normal", "hard", "easy"), hands, seed=9, timeout=30.0))


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(f"{sys.executable} {EXAMPLES / 'protocol_bot.py'}", id="python"),
        pytest.param(f"{sys.executable} {EXAMPLES / 'efficiency_bot.py'}", id="efficiency"),
        pytest.param(f"{NODE} {EXAMPLES / 'protocol_bot.js'}", id="javascript", marks=needs_node),
    ],
)
def test_an_example_bot_plays_without_a_fault(command: str) -> None:
    data = arena(command).to_json()
    assert data["hands"] == 6 and data["decisions"] > 6
    assert data["faults"] == {"late": 0, "not_json": 0, "illegal": 0, "gone": 0}
    assert data["bot_starts"] == 1


@needs_node
def test_the_javascript_example_plays_as_the_python_one() -> None:
    python = arena(f"{sys.executable} {EXAMPLES / 'protocol_bot.py'}", 16)
    javascript = arena(f"{NODE} {EXAMPLES / 'protocol_bot.js'}", 16)
    assert javascript.tally.bot.per_wall == python.tally.bot.per_wall
    assert len(javascript.tally.round_trips) == len(python.tally.round_trips)
