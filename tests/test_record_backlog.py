"""A record whose disk fills while the game goes on. The recorder used to stop writing at the
first failed write: a room played on to hand 69 while its record ended at hand 27. Now the
lines that cannot be written wait in memory, in order, every later line tries them again, and
once the disk has room the record catches up: byte for byte the record of the same game played
on a disk that never filled. The owner hears once that writing stopped and once that the
record is whole again; a torn line is never left under a later one; a backlog past its bound
is dropped and the record stays whole up to it."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from disk_helpers import Disk

from ningde_tui.cli.replay import main as replay_main
from ningde_tui.records import jsonline, storage
from ningde_tui.records.record import replay_file
from ningde_tui.records.storage import GameRecorder, check_writable, resume
from ningde_tui.table.match import Match

SEED = 11


def play(match: Match, decisions: int, step: object = None) -> None:
    """Bots play ``decisions`` decisions (hands dealt and booked as they end); ``step(n)``
    is called before each."""
    for n in range(decisions):
        if callable(step):
            step(n)
        if match.hand_over:
            match.finish_hand()
            if match.session_over:
                return
            match.next_hand()
            continue
        nxt = match.next_bot()
        assert nxt is not None
        seat, obs, _ = nxt
        match.apply(match.bot_action(seat, obs))


def bots_match(path: Path) -> Match:
    return Match.new(SEED, ["greedy"] * 4, 2, humans=(), recorder_path=path)


def calm_record(path: Path, decisions: int) -> bytes:
    """The record of the same game, on a disk that never fills."""
    calm = bots_match(path)
    play(calm, decisions)
    calm.close()
    return path.read_bytes()


def test_the_record_catches_up_whole_once_the_disk_has_room(tmp_path, monkeypatch, capsys):
    calm = calm_record(tmp_path / "calm.jsonl", 400)

    disk = Disk(monkeypatch)
    match = bots_match(tmp_path / "full.jsonl")
    recorder = match.recorder
    assert recorder is not None
    heard: list[str] = []
    recorder.on_failure = lambda exc: heard.append(f"failed: {exc.strerror}")
    recorder.on_recovered = lambda: heard.append("whole again")
    sizes: list[int] = []

    def weather(n: int) -> None:
        if n == 60:
            disk.room = 37  # part of the next line fits, then the disk is full
        if 60 <= n < 250:
            sizes.append(recorder.path.stat().st_size)
        if n == 250:
            disk.room = None  # room again

    play(match, 400, weather)
    assert heard == ["failed: No space left on device", "whole again"]
    assert disk.failures > 100  # every decision while full tried the backlog again
    assert len(set(sizes)) == 1  # nothing written while full: no torn line, no line out of turn
    assert recorder.failed is None and recorder.pending == 0
    match.close()
    assert (tmp_path / "full.jsonl").read_bytes() == calm
    assert replay_main(["--check", str(tmp_path / "full.jsonl")]) == 0
    assert "warning" not in capsys.readouterr().err


def test_a_disk_full_again_after_recovering_is_told_again(tmp_path, monkeypatch):
    disk = Disk(monkeypatch)
    match = bots_match(tmp_path / "r.jsonl")
    recorder = match.recorder
    assert recorder is not None
    heard: list[str] = []
    recorder.on_failure = lambda exc: heard.append("failed")
    recorder.on_recovered = lambda: heard.append("whole again")
    stages = {20: 0, 40: None, 60: 5, 80: None}

    def weather(n: int) -> None:
        if n in stages:
            disk.room = stages[n]

    play(match, 120, weather)
    match.close()
    assert heard == ["failed", "whole again", "failed", "whole again"]
    assert not replay_file(recorder.path).warnings


def test_a_torn_line_left_behind_is_cut_off_before_the_next(tmp_path, monkeypatch):
    """A write fails halfway and cutting the file back fails too: the torn half stays, until
    the next write cuts it off before it writes on, so no line ever follows a torn one."""
    calm = calm_record(tmp_path / "calm.jsonl", 21)
    disk = Disk(monkeypatch)
    match = bots_match(tmp_path / "r.jsonl")
    recorder = match.recorder
    assert recorder is not None
    play(match, 10)
    whole = recorder.path.read_bytes()
    real_truncate = os.ftruncate
    monkeypatch.setattr(jsonline.os, "ftruncate", lambda fd, n: (_ for _ in ()).throw(OSError()))
    disk.room = 9
    play(match, 1)
    torn = recorder.path.read_bytes()
    assert len(torn) == len(whole) + 9 and not torn.endswith(b"\n")  # what a crash would leave
    monkeypatch.setattr(jsonline.os, "ftruncate", real_truncate)
    disk.room = None
    play(match, 10)
    match.close()
    assert recorder.path.read_bytes() == calm  # every line whole, none lost


def test_a_backlog_past_its_bound_is_dropped_and_the_record_stays_whole(tmp_path, monkeypatch):
    disk = Disk(monkeypatch)
    monkeypatch.setattr(storage, "MAX_BACKLOG", 2000)
    match = bots_match(tmp_path / "r.jsonl")
    recorder = match.recorder
    assert recorder is not None
    failures: list[OSError] = []
    recorder.on_failure = failures.append
    play(match, 10)
    whole = recorder.path.read_bytes()
    disk.room = 0
    play(match, 200)  # far more than 2000 bytes of lines
    assert recorder.lost and recorder.pending == 0 and len(failures) == 1
    disk.room = None
    play(match, 20)  # room again, but the lines in between are gone: nothing more is written
    match.close()
    assert recorder.path.read_bytes() == whole
    assert resume(recorder.path).session.game is not None  # and it can be continued


def test_the_records_folder_is_checked_before_a_game(tmp_path):
    check_writable(tmp_path / "records")  # made, written in, and left empty
    assert list((tmp_path / "records").iterdir()) == []
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(OSError) as caught:
        check_writable(blocker / "records")
    assert caught.value.errno in (errno.ENOTDIR, errno.EEXIST)


def test_the_records_folder_check_fails_on_a_full_disk(tmp_path, monkeypatch):
    disk = Disk(monkeypatch)
    disk.room = 100
    with pytest.raises(OSError, match="No space"):
        check_writable(tmp_path / "records")
    assert list((tmp_path / "records").iterdir()) == []  # the probe is gone


def test_a_recorder_closed_while_lines_wait_writes_them_if_it_can(tmp_path, monkeypatch):
    calm = calm_record(tmp_path / "calm.jsonl", 30)
    disk = Disk(monkeypatch)
    match = bots_match(tmp_path / "r.jsonl")
    recorder = match.recorder
    assert isinstance(recorder, GameRecorder)
    disk.room = 0
    play(match, 30)
    assert recorder.pending > 20
    disk.room = None
    match.close()  # the last try, on closing
    assert recorder.path.read_bytes() == calm
