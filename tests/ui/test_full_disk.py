"""A full disk or a read-only data folder. With the data folder full the app
exited with a traceback and left a torn last line (``{"t": "act", "seat": 0, "a": "dis``), after
which the game could not be continued. Now a record line is written whole or not at all, the
game goes on with a plain notice that stays up, and the record stays continuable; a torn last
line left by an older version (or a crash mid-write) is dropped with a warning."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from disk_helpers import Disk
from pilot_helpers import SIZE, discard_last, only_record, settle, table_app
from textual.pilot import Pilot

from ningde_tui.cli.replay import main as replay_main
from ningde_tui.records import jsonline
from ningde_tui.records.record import RecordWriter, replay_file
from ningde_tui.records.storage import ENV_DATA_DIR, GameRecorder, resume
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import ActionType
from ningde_tui.table.match import Match
from ningde_tui.ui.app import UNSAVED_NOTICE_SECONDS, NingdeApp
from ningde_tui.ui.model.launch import LaunchOptions
from ningde_tui.ui.screens.replay import ReplayScreen
from ningde_tui.ui.screens.table import TableScreen

TORN = '{"t": "act", "seat": 0, "a": "dis'


class FullDisk:
    """``os.write`` that writes ``room`` more bytes, then fails like a full disk: part of a
    line goes out and the next write raises ENOSPC."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, room: int) -> None:
        self.room = room
        self.real = os.write
        monkeypatch.setattr(jsonline.os, "write", self.write)

    def write(self, fd: int, data: bytes) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        done = self.real(fd, data[: self.room])
        self.room -= done
        return done


def test_a_failed_append_leaves_no_torn_line(tmp_path, monkeypatch):
    path = tmp_path / "r.jsonl"
    writer = RecordWriter(path, RuleConfig(), [], 1)
    before = path.read_bytes()
    FullDisk(monkeypatch, room=20)  # 20 bytes of the line fit, then the disk is full
    with pytest.raises(OSError, match="No space"):
        writer._write({"t": "act", "seat": 0, "a": "discard", "tile": "3p"})
    assert path.read_bytes() == before  # cut back: every line whole
    writer.close()


@asynccontextmanager
async def game_under_way(data_dir: Path) -> AsyncIterator[tuple[Pilot[None], Path, bytes]]:
    """A game against bots, your first discard made: the pilot, its record, the record's bytes."""
    app = table_app(seed=39, bots=("greedy",) * 3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await discard_last(pilot)
        record = only_record(data_dir)
        yield pilot, record, record.read_bytes()


async def test_the_game_goes_on_with_a_notice_when_the_disk_fills(data_dir, monkeypatch):
    async with game_under_way(data_dir) as (pilot, record, whole):
        FullDisk(monkeypatch, room=17)
        for _ in range(3):  # the game goes on: your discards, the bots' turns
            await discard_last(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen)
        assert len(screen.table.game.decisions) > len(replay_file(record).hands[0].lines)
        notices = [n for n in pilot.app._notifications if n.title == "本局没有保存"]
        assert len(notices) == 1 and notices[0].timeout == UNSAVED_NOTICE_SECONDS
        assert "No space left on device" in notices[0].message
        assert str(record) in notices[0].message
        assert record.read_bytes() == whole  # nothing torn, nothing more
    assert resume(record).session.game is not None  # and it can be continued


async def test_a_read_only_data_folder_is_said_plainly(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv(ENV_DATA_DIR, str(blocker / "data"))  # no folder can be made there
    app = NingdeApp(LaunchOptions(seed=5, pace="instant", start_screen=False, bots=("greedy",) * 3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, TableScreen)
        [notice] = pilot.app._notifications
        assert notice.title == "本局没有保存" and notice.timeout == UNSAVED_NOTICE_SECONDS
        assert str(blocker / "data" / "records") in notice.message


async def test_a_torn_last_line_is_dropped_with_a_warning(data_dir, tmp_path, capsys):
    match = Match.new(39, ["greedy"] * 3, recorder_path=tmp_path / "r.jsonl")
    seat = match.game.to_act()[0]
    match.apply(match.game.legal_actions(seat)[0])
    match.close()
    path = match.recorder.path if match.recorder else tmp_path / "r.jsonl"
    whole = path.read_bytes()
    path.write_bytes(whole + TORN.encode())  # what the old writer left on a full disk
    status = replay_main(["--check", str(path)])
    err = capsys.readouterr().err
    assert status == 0 and "Traceback" not in err
    assert "warning: line 4: the last line is cut short" in err
    assert replay_file(path).warnings
    app = NingdeApp(
        LaunchOptions(replay=path)
    )  # the viewer shows the record and says what it left out
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, ReplayScreen)
        assert any("cut short" in n.message for n in pilot.app._notifications)
    state = resume(path)
    recorder = GameRecorder.append(path)  # continuing cuts the torn line off first
    recorder.act(state.session.game.legal_actions(state.session.game.to_act()[0])[0])
    recorder.close()
    text = path.read_text(encoding="utf-8")
    assert TORN not in text and text.startswith(whole.decode())
    assert all(json.loads(line) for line in text.splitlines())
    assert replay_file(path).warnings == []


def test_a_record_whose_game_line_fails_leaves_no_empty_file(tmp_path, monkeypatch):
    FullDisk(monkeypatch, room=0)
    with pytest.raises(OSError):
        RecordWriter(tmp_path / "r.jsonl", RuleConfig(), [], 1)
    assert list(tmp_path.iterdir()) == []  # nothing for the recent games to list as broken


async def test_a_game_that_cannot_be_written_on_is_continued_unsaved(data_dir, monkeypatch):
    async with game_under_way(data_dir) as (_, record, whole):
        pass

    def read_only(path):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr("ningde_tui.records.record._open_append", read_only)
    app = NingdeApp(LaunchOptions(pace="instant", resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen) and screen.table.recorder is None
        [notice] = pilot.app._notifications
        assert notice.title == "本局没有保存" and "Permission denied" in notice.message
        await discard_last(pilot)  # and it plays on
    assert record.read_bytes() == whole


async def play_on(pilot: Pilot[None]) -> None:
    """Your next decision: pass a claim offered, else discard."""
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    if ActionType.PASS in {a.type for a in screen.table.observation().legal}:
        await pilot.press("s")
        await settle(pilot)
    else:
        await discard_last(pilot)


async def test_a_disk_freed_again_lets_the_record_catch_up_and_says_so(data_dir, monkeypatch):
    """The disk fills mid-hand and is freed two decisions later: the notice says the record
    will catch up, a second notice says it has, and the record then holds every decision."""
    async with game_under_way(data_dir) as (pilot, record, whole):
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen) and screen.table.recorder is not None
        disk = Disk(monkeypatch)
        disk.room = 17
        for _ in range(2):
            await play_on(pilot)
        assert record.read_bytes() == whole  # nothing written while the disk is full
        assert screen.table.recorder.pending > 2
        disk.room = None
        await play_on(pilot)  # the next line takes the waiting ones with it
        assert screen.table.recorder.pending == 0
        decisions = len(screen.table.game.decisions)
        titles = [n.title for n in pilot.app._notifications]
        assert titles == ["本局没有保存", "本局记录已补存"]
        first, again = pilot.app._notifications
        assert "No space left on device" in first.message and "自动补齐" in first.message
        assert str(record) in again.message
    assert len(replay_file(record).hands[0].lines) == decisions
    assert not replay_file(record).warnings
