"""LaunchOptions: what the app starts with, checked when it is made; each command builds one."""

from __future__ import annotations

from pathlib import Path

import pytest

from ningde_tui.cli import build_app
from ningde_tui.ui.model.launch import LaunchOptions, seat_plan


def test_wrong_options_are_refused_when_made() -> None:
    with pytest.raises(ValueError, match="pace"):
        LaunchOptions(pace="warp")
    with pytest.raises(ValueError, match="three bot levels"):
        LaunchOptions(bots=("normal", "hard"))
    with pytest.raises(ValueError, match="unknown bot level"):
        LaunchOptions(seats=("human", "human", "genius", "normal"))
    with pytest.raises(ValueError, match="language"):
        LaunchOptions(lang="fr")


def test_sequences_become_tuples_and_seats_default_to_you_against_the_bots() -> None:
    options = LaunchOptions(bots=["easy", "normal", "hard"], replay="x.jsonl")
    assert options.bots == ("easy", "normal", "hard") and options.replay == Path("x.jsonl")
    assert options.seat_kinds == ("human", "easy", "normal", "hard")
    assert seat_plan(options.seat_kinds) == ((0,), ["easy", "normal", "hard"])
    assert LaunchOptions(lang="en").draws_ascii  # English names tiles 5m: its tiles too


def test_each_command_builds_its_options() -> None:
    play = build_app(["play", "--seed", "3", "--bots", "easy,easy,hard", "--no-start"])
    assert play.options.seed == 3 and play.options.bots == ("easy", "easy", "hard")
    assert not play.options.start_screen
    hot = build_app(["hotseat", "--humans", "2", "--names", "A,B", "--bots", "hard"])
    assert hot.options.seat_kinds == ("human", "human", "hard", "hard")
    assert hot.options.names == ("A", "B")
    demo = build_app(["demo", "--hands", "2", "--speed", "fast"])
    assert demo.options.demo and demo.options.demo_hands == 2 and demo.options.pace == "fast"
