"""`ningde stats` and `ningde review` (interfaces.md §5) on simulated records."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from ningde_tui.cli.replay import main as replay_main
from ningde_tui.cli.review import main as review_main
from ningde_tui.cli.stats import main as stats_main

LEVELS = ["hard", "random", "normal", "easy"]


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> Path:
    """Two sessions of 16 hands, the four levels seated once each (records written by
    ``ningde simulate --record``)."""
    from ningde_tui.cli.simulate import main as simulate_main

    folder = tmp_path_factory.mktemp("records")
    assert simulate_main(
        ["--hands", "32", "--seed", "12", "--bots", ",".join(LEVELS), "--record", str(folder)]
    ) in (0, None)
    assert len(list(folder.glob("*.jsonl"))) == 2
    return folder


def stats_json(capsys, *argv: str) -> dict:
    assert stats_main([*argv, "--json"]) == 0
    out = capsys.readouterr()
    return json.loads(out.out)


def tallies_from_replay_check(folder: Path, capsys) -> dict[str, dict]:
    """Per player name, what ``ningde replay --check --json`` says of every record."""
    players: dict[str, dict] = {}
    for path in sorted(folder.rglob("*.jsonl")):
        names = [s["name"] for s in json.loads(path.read_text().splitlines()[0])["seats"]]
        assert replay_main(["--check", "--json", str(path)]) == 0
        rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        for seat, name in enumerate(names):
            p = players.setdefault(
                name,
                {"hands": 0, "wins": 0, "self_draws": 0, "deal_ins": 0, "points": 0,
                 "patterns": Counter()},
            )  # fmt: skip
            for row in rows:
                p["hands"] += 1
                p["points"] += row["deltas"][seat]
                if row["winner"] == seat:
                    p["wins"] += 1
                    p["self_draws"] += row["by"] == "self"
                    p["patterns"][row["pattern"]] += 1
                elif row["winner"] is not None and row["discarder"] == seat:
                    p["deal_ins"] += 1
    return players


def test_stats_json_matches_the_tallies_of_replay_check(simulated, capsys):
    """interfaces.md §5: hands, wins, self-draws, deal-ins, points and patterns per player
    name, as tallied from ``replay --check --json``."""
    want = tallies_from_replay_check(simulated, capsys)
    got = stats_json(capsys, "--dir", str(simulated))
    assert got["games"] == 2 and got["hands"] == 32
    assert {p["name"] for p in got["players"]} == set(want)
    for p in got["players"]:
        w = want[p["name"]]
        for key in ("hands", "wins", "self_draws", "deal_ins", "points"):
            assert p[key] == w[key], (p["name"], key)
        assert p["patterns"] == dict(w["patterns"])
        assert len(p["timeline"]) == p["games"] and p["timeline"][-1] == p["points"]
    assert sum(p["points"] for p in got["players"]) == 0  # zero-sum (rules.md §11)
    assert any(p["deal_ins"] for p in got["players"])  # the test can see deal-ins


def test_stats_skips_a_broken_record_with_a_warning(simulated, tmp_path, capsys):
    folder = tmp_path / "mixed"
    shutil.copytree(simulated, folder / "nested")  # searched recursively
    (folder / "broken.jsonl").write_text('{"t": "game", "format": "ningde-record"\n')
    (folder / "deep.jsonl").write_text("[" * 50_000 + "\n")
    got = stats_json(capsys, "--dir", str(folder))
    assert got["games"] == 2 and got["hands"] == 32
    assert stats_main(["--dir", str(folder), "--json"]) == 0
    err = capsys.readouterr().err
    assert "broken.jsonl" in err and "deep.jsonl" in err and "Traceback" not in err


def test_stats_cache_serves_unchanged_files_and_rereads_changed_ones(
    simulated, tmp_path, capsys, data_dir
):
    folder = tmp_path / "games"
    shutil.copytree(simulated, folder)
    first = stats_json(capsys, "--dir", str(folder))
    cache = data_dir / "cache" / "stats.json"
    assert cache.is_file()
    assert stats_json(capsys, "--dir", str(folder)) == first
    # a record that changes is read again: cut the second game after its first hand
    victim = sorted(folder.glob("*.jsonl"))[1]
    lines = victim.read_text().splitlines()
    second_hand = [i for i, line in enumerate(lines) if '"t": "hand"' in line][1]
    victim.write_text("\n".join(lines[:second_hand]) + "\n")
    again = stats_json(capsys, "--dir", str(folder))
    assert again["hands"] == 17
    assert stats_json(capsys, "--dir", str(folder), "--no-cache") == again


def test_stats_filters_by_player_and_by_opponents_level(simulated, capsys):
    one = stats_json(capsys, "--dir", str(simulated), "--player", "hard-0")
    assert [p["name"] for p in one["players"]] == ["hard-0"] and one["hands"] == 32
    # the simulated tables mix levels, so nobody there plays only against hard bots
    none = stats_json(capsys, "--dir", str(simulated), "--against", "hard")
    assert none == {"games": 0, "hands": 0, "players": []}


def test_a_name_on_three_seats_of_a_game_plays_it_once(simulated, tmp_path, capsys):
    """The app names bots by their level: a table of hard and three normal bots has three
    seats named ``normal``. That player played each game once, at three seats: ``games``
    and the timeline count the game once, hands, wins, deal-ins and points every seat's."""
    from ningde_tui.cli.simulate import main as simulate_main

    folder = tmp_path / "named"
    bots = "hard,normal,normal,normal"
    assert (
        simulate_main(["--hands", "32", "--seed", "5", "--bots", bots, "--record", str(folder)])
        == 0
    )
    capsys.readouterr()  # its table
    for path in folder.glob("*.jsonl"):
        head, rest = path.read_text().split("\n", 1)
        game = json.loads(head)
        for seat in game["seats"]:
            seat["name"] = seat["level"]  # as the app names them
        path.write_text(json.dumps(game) + "\n" + rest)
    want = tallies_from_replay_check(folder, capsys)
    got = stats_json(capsys, "--dir", str(folder))
    assert got["games"] == 2 and got["hands"] == 32
    players = {p["name"]: p for p in got["players"]}
    assert set(players) == {"hard", "normal"}
    for p in players.values():
        for key in ("hands", "wins", "self_draws", "deal_ins", "points"):
            assert p[key] == want[p["name"]][key], (p["name"], key)
        assert p["games"] == 2 and len(p["timeline"]) == 2 and p["timeline"][-1] == p["points"]
        assert len(p["hand_points"]) == 32 and p["hand_points"][-1] == p["points"]
        assert p["hand_points"][15] == p["timeline"][0]  # in time order: game one, then two
    assert players["normal"]["hands"] == 3 * 32 and players["hard"]["hands"] == 32
    assert players["normal"]["points"] == -players["hard"]["points"]
    assert stats_json(capsys, "--dir", str(folder), "--player", "normal")["games"] == 2


def review_json(path: Path, seat: int, capsys) -> tuple[list[dict], dict]:
    """The review of the record's seat ``seat`` (0-3, as ``--seat`` and the JSON number it)."""
    assert review_main([str(path), "--seat", str(seat), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(r["seat"] == seat for r in rows)
    return rows[:-1], rows[-1]


def test_review_of_the_hard_bot_agrees_with_itself_and_not_with_random(simulated, capsys):
    """interfaces.md §5: the hard bot's own seat agrees on every decision; a random player's
    seat clearly less."""
    path = sorted(simulated.glob("*.jsonl"))[0]
    rows, summary = review_json(path, LEVELS.index("hard"), capsys)
    assert summary["summary"] is True and summary["decisions"] == len(rows) > 50
    assert summary["agree"] == summary["decisions"] and summary["agreement"] == 1.0
    assert all(r["agree"] and r["played"] == r["suggested"] for r in rows)
    _, rand = review_json(path, LEVELS.index("random"), capsys)
    assert rand["agreement"] < 0.5


def test_review_rows_carry_the_interface_fields(simulated, capsys):
    path = sorted(simulated.glob("*.jsonl"))[0]
    rows, summary = review_json(path, LEVELS.index("easy"), capsys)
    keys = {"hand", "step", "seat", "played", "suggested", "agree", "effective_played",
            "effective_suggested"}  # fmt: skip
    assert all(keys <= set(r) for r in rows)
    discards = [r for r in rows if r["played"].startswith("discard ")]
    assert discards and all(isinstance(r["effective_played"], int) for r in discards)
    passes = [r for r in rows if r["played"] == "pass"]
    assert all(r["effective_played"] is None for r in passes)
    assert {"decisions", "agree", "agreement"} <= set(summary)
    assert sum(h["decisions"] for h in summary["hands"]) == summary["decisions"]


def test_review_of_a_broken_record_is_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"t": "game"}\n')
    assert review_main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 1" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "cache_text",
    ['{"version": 1, "games": {"x": 1}}', "[" * 50_000, '{"version": 1, "games": []}', "\xff"],
)
def test_stats_survives_a_hostile_cache_file(simulated, capsys, data_dir, cache_text):
    want = stats_json(capsys, "--dir", str(simulated), "--no-cache")
    cache = data_dir / "cache" / "stats.json"
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(cache_text, encoding="utf-8", errors="surrogateescape")
    assert stats_json(capsys, "--dir", str(simulated)) == want
    key = next(iter(json.loads(cache.read_text())["games"]))
    games = {key: {"mtime_ns": "x", "size": None, "hands": 5}}
    cache.write_text(json.dumps({"version": 1, "games": games}))
    assert stats_json(capsys, "--dir", str(simulated)) == want
