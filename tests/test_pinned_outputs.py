"""Refactoring guard: the same seeds give the same games, byte for byte.

`ningde simulate --record` with bots whose play is fixed (greedy and random) writes records
whose SHA-256 is pinned here, and its JSON summary is pinned too. Any change that alters a
rule, the deal, the order of events or the record format shows up here; a deliberate one
updates the pins (and says why in its commit).

A rule switch added since the pins were taken is not a change of these games: the header is
hashed with its rules cut to ``PINNED_RULES`` (the added switch at its default, checked), so
the hashed bytes are the record as it was written then, and that old record must still replay
to the results it holds (``replay_lines`` checks every hand's result against the engine's).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from ningde_tui.cli.simulate import main as simulate_main
from ningde_tui.records.jsonline import dumps_line
from ningde_tui.records.record import replay_lines
from ningde_tui.rules.config import RuleConfig

# The rules in the header when the pins were taken, in the header's order.
PINNED_RULES = (
    "indicator_in_play",
    "rob_kong",
    "jin_shun_sequences_only",
    "single_wait_lock",
    "discarder_pays_all",
    "white_indicator_reflip",
    "chouzhuang_streak",
    "chouzhuang_ends_hand",
    "xianjin_one_gold",
    "dandiao_counts_ankong",
    "gold_draw_floor",
    "rounds",
)

PINS = {
    1: (
        [
            "9960a87236c21b4805141730d7bf5f657a734ab4fce841204c40823a23e57789",
            "df555423309aeb7ba2077567c6f312a152c37834f312d0da6d149ce4cb8da9b7",
        ],
        [(124, 13, 3), (-83, 2, 8), (69, 12, 3), (-110, 0, 7)],
        5,
    ),
    2: (
        [
            "ff85e4b2f3bcad1fb5f42f96373283f5229c063f1913ae05adfc57e0979c4a9c",
            "778cbe7f647442934896b1d08c17449b2427b8c21a03542a5a40571b5bb71769",
        ],
        [(98, 17, 3), (-88, 0, 8), (77, 14, 3), (-87, 0, 10)],
        1,
    ),
    3: (
        [
            "1c2ba99e7ce6636fcffc5c5d7cb0d8c95666b9d6d49bdd79f48b606c57111ba0",
            "986d9f5ca82991f7b63f916b7b86cb66565303d1d46e24a6b113418df002ab69",
        ],
        [(115, 16, 2), (-51, 1, 6), (24, 8, 4), (-88, 0, 6)],
        7,
    ),
}


def as_pinned(path: Path) -> bytes:
    """The record as it was written when the pins were taken: the header's rules cut to
    ``PINNED_RULES``; a switch added since must be at its default in these games."""
    head, body = path.read_bytes().split(b"\n", 1)
    game = json.loads(head)
    rules = game["rules"]
    default = RuleConfig().to_dict()
    added = {name: value for name, value in rules.items() if name not in PINNED_RULES}
    assert added == {name: default[name] for name in added}
    game["rules"] = {name: value for name, value in rules.items() if name in PINNED_RULES}
    return (dumps_line(game) + "\n").encode() + body


def check_pins(seed: int, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--hands", "32", "--seed", str(seed), "--bots", "greedy,random,greedy,random"]
    simulate_main([*argv, "--record", str(folder), "--json"])
    summary = json.loads(capsys.readouterr().out)
    records = [as_pinned(p) for p in sorted(folder.glob("*.jsonl"))]
    hashes = [hashlib.sha256(record).hexdigest() for record in records]
    seats = [(s["points"], s["wins"], s["deal_ins"]) for s in summary["seats"]]
    assert (hashes, seats, summary["draws"]) == (PINS[seed][0], PINS[seed][1], PINS[seed][2])
    for record in records:  # the old record, byte for byte, replays to the results it holds
        assert replay_lines(record.decode().splitlines()).finished


@pytest.mark.parametrize("seed", sorted(PINS))
def test_simulated_games_are_pinned(seed, tmp_path, capsys):
    check_pins(seed, tmp_path, capsys)


def test_a_switch_added_at_its_default_leaves_the_pins(tmp_path, capsys, monkeypatch):
    """Adding a [choice] to RuleConfig at its default changes these records by one more rule
    in the header (simulated here), which the pins leave out."""
    to_dict = RuleConfig.to_dict
    monkeypatch.setattr(RuleConfig, "to_dict", lambda self: {**to_dict(self), "new_switch": False})
    check_pins(min(PINS), tmp_path, capsys)
    header = json.loads(next(tmp_path.glob("*.jsonl")).read_text().split("\n", 1)[0])
    assert header["rules"]["new_switch"] is False
