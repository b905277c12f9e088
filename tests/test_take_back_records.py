"""悔牌 at the table (``Match.take_back``): one player against bots with the setting on, the
record keeping the discard marked taken back, ``replay --check`` reading it, and ``stats``
counting such games apart."""

from __future__ import annotations

import json

import pytest
from scenarios import finish_with_a_take_back, play_to_your_discard
from scenarios import your_discard as discard

from ningde_tui.analysis.stats import summarize_game, tally
from ningde_tui.cli.replay import main as replay_main
from ningde_tui.records.record import replay_file
from ningde_tui.rules.game import ActionType, IllegalAction, Phase
from ningde_tui.rules.refusal import RefusalCode
from ningde_tui.table.match import Match


def refusal(match: Match, enabled: bool = True) -> RefusalCode:
    with pytest.raises(IllegalAction) as refused:
        match.take_back(0, enabled)
    return refused.value.refusal.code


def test_taken_back_and_written_so(tmp_path) -> None:
    path = tmp_path / "game.jsonl"
    match = Match.new(5, ["normal"] * 3, recorder_path=path)
    play_to_your_discard(match)
    thrown = discard(match)
    assert match.take_back(0, True) == thrown.tile
    assert match.game.phase == Phase.TURN and match.game.turn == 0
    assert thrown.tile in match.game.hands[0]
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert lines[-2] == thrown.to_record()
    assert lines[-1] == {**thrown.to_record(), "taken_back": True}


def test_replay_check_reads_a_taken_back_discard(tmp_path, capsys) -> None:
    path = tmp_path / "game.jsonl"
    match = finish_with_a_take_back(path)
    replay = replay_file(path)
    assert replay.taken_back == 1
    assert replay.session.scores == match.session.scores
    assert replay_main(["--check", str(path), "--json"]) == 0
    hand = json.loads(capsys.readouterr().out.splitlines()[0])
    assert hand["scores"] == match.session.scores


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"taken_back": False}, "must be true"),
        ({"taken_back": "yes"}, "must be true"),
        ({"tile": "9p", "seat": 2}, "repeat the discard"),
    ],
)
def test_a_bad_take_back_line_is_refused(tmp_path, change, why) -> None:
    path = tmp_path / "game.jsonl"
    finish_with_a_take_back(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "taken_back" in line)
    lines[at] = json.dumps({**json.loads(lines[at]), **change})
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert replay_main(["--check", str(path)]) == 2


def test_stats_count_such_games_apart(tmp_path) -> None:
    taken = tmp_path / "taken.jsonl"
    finish_with_a_take_back(taken)
    plain = tmp_path / "plain.jsonl"
    finish_with_a_take_back(plain, take_back=False)
    games = [summarize_game(taken), summarize_game(plain)]
    assert [g.taken_back for g in games] == [1, 0]
    summary = tally(games)
    assert (summary.games, summary.games_apart) == (1, 1)
    assert summary.taken_back is not None and summary.taken_back.hands == 1
    out = summary.to_json()
    assert out["games"] == 1 and out["taken_back"]["games"] == 1
    assert {p["name"] for p in out["taken_back"]["players"]} >= {"P1"}


def test_refused_where_not_allowed() -> None:
    """Off, at a hot-seat or online table, or once the tile has been acted on: refused,
    nothing changed."""
    match = Match.new(5, ["normal"] * 3)
    play_to_your_discard(match)
    discard(match)
    assert refusal(match, enabled=False) == RefusalCode.TAKE_BACK_OFF
    while match.game.decisions[-1].seat == 0 or match.game.decisions[-1].type == "pass":
        seat, obs, _ = match.next_bot()
        match.apply(match.bot_action(seat, obs))
    version = match.version
    assert refusal(match) == RefusalCode.NOTHING_TO_TAKE_BACK
    assert match.version == version

    people = Match.new(5, ["normal"] * 2, humans=(0, 1))
    assert refusal(people) == RefusalCode.TAKE_BACK_HERE
    room = Match.new(5, ["normal"] * 3)
    room.hold_claims()
    assert refusal(room) == RefusalCode.TAKE_BACK_HERE


def test_continuing_a_game_after_a_take_back(tmp_path) -> None:
    """继续上一局: the game comes back as it stood, the taken-back discard not in it."""
    from ningde_tui.records.storage import resume

    path = tmp_path / "game.jsonl"
    match = Match.new(5, ["normal"] * 3, recorder_path=path)
    play_to_your_discard(match)
    discard(match)
    match.take_back(0, True)
    shown = match.game.observation(0)
    match.close()
    again = Match.resumed(resume(path))
    assert again.game.observation(0) == shown
    again.close()


def test_a_take_back_over_the_others_passes_replays(tmp_path) -> None:
    """A seat that might have claimed let the tile go (its pass is written): the take back
    takes the pass with it, and the record replays and continues the same."""
    from ningde_tui.records.storage import resume

    for seed in range(1, 40):
        path = tmp_path / f"game-{seed}.jsonl"
        match = Match.new(seed, ["normal"] * 3, recorder_path=path)
        play_to_your_discard(match)
        discard(match)
        if match.game.phase == Phase.CLAIM:
            break
        match.close()
    else:
        pytest.fail("no seed in range gives a discard another seat may claim")
    while match.game.phase == Phase.CLAIM:
        seat = match.game.to_act()[0]
        match.apply(next(a for a in match.game.legal_actions(seat) if a.type == ActionType.PASS))
    match.take_back(0, True)
    shown = match.game.observation(0)
    match.close()
    assert resume(path).session.game.observation(0) == shown
    replay = replay_file(path)
    assert replay.taken_back == 1 and replay.hands[0].game.observation(0) == shown
