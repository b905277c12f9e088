"""Faults that used to stop a ``ningde host`` or lose its game, on real host processes.

- A data folder where no record can be written crashed the host with a traceback when the
  first hand was dealt: it now refuses to start, saying why, with exit status 2.
- A disk that filled during play silently ended the record (play went on to hand 69, the
  record ended at hand 27): every table is told, and the record catches up once it can. The
  disk is filled for real here: the host's file size limit (``prlimit``, RLIMIT_FSIZE) is
  lowered under its record while it plays, so its writes are cut short and then refused by
  the kernel, and raised again later.
- A room of bots killed between two hands could not be continued ("no unfinished room"): it
  goes on to the session's end.
"""

from __future__ import annotations

import asyncio
import json
import resource
import signal
from pathlib import Path
from typing import Any

import pytest
from host_helpers import host_running, run_host
from net_helpers import Player

from ningde_tui.cli import host as host_cli
from ningde_tui.cli import replay
from ningde_tui.net import tokens
from ningde_tui.records.storage import list_records, new_record_path
from ningde_tui.table.match import Match

BOTS = ("--seats", "easy,easy,easy,easy")


def only_record(data_dir: Path) -> Path:
    (record,) = (data_dir / "records").glob("*.jsonl")
    return record


def replayed(record: Path, capsys: Any) -> list[dict[str, Any]]:
    capsys.readouterr()
    assert replay.main(["--check", "--json", str(record)]) == 0
    out, err = capsys.readouterr()
    assert "warning" not in err
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.serial  # a host process
@pytest.mark.parametrize("continued", [False, True])
def test_a_data_folder_where_no_record_can_be_saved_stops_the_host_at_once(
    tmp_path: Path, continued: bool
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    data = blocker / "data"  # no folder can be made under a file (as root, too)
    done = run_host(data, *BOTS, "--port", "0", *(["--continue"] * continued), timeout=60)
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    assert "ningde host: the room's record cannot be saved in" in done.stderr
    assert str(data / "records") in done.stderr and "Not a directory" in done.stderr
    assert "room " not in done.stdout  # nothing was served


def unfinished_bots_room(code: str, decisions: int = 12, seed: int = 5) -> Path:
    """A room of bots that stopped mid-hand: its record and its room file."""
    match = Match.new(seed, ["easy"] * 4, humans=(), recorder_path=new_record_path("room", seed))
    for _ in range(decisions):
        nxt = match.next_bot()
        assert nxt is not None
        match.apply(match.bot_action(nxt[0], nxt[1]))
    assert match.recorder is not None
    path = match.recorder.path
    match.close()
    tokens.save(path, tokens.SeatTokens(code))
    return path


def test_a_room_whose_record_cannot_be_written_on_is_not_continued(
    data_dir: Path, monkeypatch: Any, capsys: Any
) -> None:
    record = unfinished_bots_room("ABCD2345")
    before = record.read_bytes()

    def read_only(path: object, exclusive: bool = False) -> int:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("ningde_tui.records.record._open_append", read_only)
    assert host_cli.main(["--continue", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert f"ningde host: cannot write on {record}: Permission denied" in err
    assert record.read_bytes() == before


@pytest.mark.serial  # a host process, its file size limit changed while it plays
async def test_a_disk_that_fills_under_a_real_host_is_told_and_the_record_catches_up(
    data_dir: Path, capsys: Any
) -> None:
    async with host_running(
        data_dir, *BOTS, "--port", "0", "--pace", "fast", "--seed", "3"
    ) as host:
        watcher = await Player(host.url, "看", watch=True).connect()
        watching = asyncio.ensure_future(watcher.run())
        pid = host.process.pid
        _, hard = resource.prlimit(pid, resource.RLIMIT_FSIZE)
        await host.said(r"^hand 1: scores")
        record = only_record(data_dir)
        size = record.stat().st_size
        # the next hand's line (its wall: some 800 bytes) fits in part, then nothing does
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (size + 200, hard))
        await host.said(r"^the record cannot be written: File too large")
        await host.said(r"^hand 2: scores")
        assert record.stat().st_size == size  # nothing torn, nothing out of turn
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (hard, hard))  # room again
        await host.said(r"^the record is written again, whole")
        assert await host.stop() == 0
        await asyncio.wait_for(watching, 10)
    notices = [m["code"] for m in watcher.messages("notice")]
    assert notices == ["not_saved", "saved_again"]
    results = replayed(record, capsys)
    shown = [{k: m[k] for k in results[0]} for m in watcher.messages("result")]
    assert len(results) >= 2 and results == shown


@pytest.mark.serial  # a host process killed, and another
async def test_a_room_of_bots_killed_between_two_hands_is_continued_to_its_end(
    data_dir: Path,
) -> None:
    async with host_running(
        data_dir, *BOTS, "--port", "0", "--pace", "fast", "--seed", "3"
    ) as host:
        code = host.url.rsplit("/", 1)[1]
        await host.said(r"^hand 1: scores")  # the room pauses some 2 s before the next deal
        host.process.send_signal(signal.SIGKILL)
        await host.kill()
    record = only_record(data_dir)
    last = json.loads(record.read_text().splitlines()[-1])
    assert last["t"] == "result" and last["hand"] == 1  # killed between two hands
    done = run_host(data_dir, "--continue", "--pace", "instant", "--port", "0")
    assert done.returncode == 0, done.stderr
    assert f"continuing room {code} from {record.name}, hand 2: seats 1 bot easy" in done.stdout
    assert "the session is over" in done.stdout
    (summary,) = list_records(data_dir / "records")
    assert summary.session_over and summary.error is None
