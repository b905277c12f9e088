"""The theme's colours stay apart for a colour-blind eye and readable: the figures of
``tools/colour_figures.py`` (docs/research/colour.md), held to their floors."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("colorspacious")

_PATH = Path(__file__).resolve().parents[2] / "tools" / "colour_figures.py"
_SPEC = importlib.util.spec_from_file_location("colour_figures", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
figures = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(figures)


@pytest.mark.parametrize("vision", figures.HELD)
@pytest.mark.parametrize(
    ("what", "first", "second"), figures.PAIRS, ids=[p[0] for p in figures.PAIRS]
)
def test_colours_told_apart_stay_apart(what: str, first: str, second: str, vision: str) -> None:
    assert figures.distance(first, second, vision) >= figures.DISTINCT


@pytest.mark.parametrize(("what", "fg", "bg"), figures.TEXTS, ids=[t[0] for t in figures.TEXTS])
def test_text_is_readable(what: str, fg: str, bg: str) -> None:
    assert figures.contrast(fg, bg) >= figures.TEXT_CONTRAST


@pytest.mark.parametrize(("what", "fg", "bg"), figures.SHADED, ids=[t[0] for t in figures.SHADED])
def test_the_other_shade_is_readable(what: str, fg: str, bg: str) -> None:
    assert figures.contrast(fg, bg) >= figures.SHADE_CONTRAST


def test_the_simulation_sees_the_old_red_and_green_alike() -> None:
    """The measure can fail: the old 万 red and 条 green, far apart to a normal eye, come
    within the floor for a deuteranope."""
    old_red, old_green = "#b3261e", "#1d7a3a"
    assert figures.distance(old_red, old_green, "normal") > 40
    assert figures.distance(old_red, old_green, "deuteranomaly") < figures.DISTINCT
