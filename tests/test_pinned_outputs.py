"""Refactoring guard (issue 12): the same seeds give the same games, byte for byte.

`ningde simulate --record` with bots whose play is fixed (greedy and random) writes records
whose SHA-256 is pinned here, and its JSON summary is pinned too. Any change that alters a
rule, the deal, the order of events or the record format shows up here; a deliberate one
updates the pins (and says why in its commit).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from ningde_tui.cli.simulate import main as simulate_main

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


@pytest.mark.parametrize("seed", sorted(PINS))
def test_simulated_games_are_pinned(seed, tmp_path, capsys):
    argv = ["--hands", "32", "--seed", str(seed), "--bots", "greedy,random,greedy,random"]
    simulate_main([*argv, "--record", str(tmp_path), "--json"])
    summary = json.loads(capsys.readouterr().out)
    hashes = [hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(tmp_path.glob("*.jsonl"))]
    seats = [(s["points"], s["wins"], s["deal_ins"]) for s in summary["seats"]]
    assert (hashes, seats, summary["draws"]) == (PINS[seed][0], PINS[seed][1], PINS[seed][2])
