"""A restart keeps the room's settings (interfaces.md §6.1): ``ningde host --continue`` serves
and plays the room as it was (its port, rounds, pace, timers, grace, claim pause and seconds,
result seconds, web pages), options given again override them, and which room goes on is said
(or chosen by its code). The settings are kept in the room file beside the record; a hostile
room file is refused with a clear message and exit status 2, and nothing is touched."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from host_helpers import host_running
from net_helpers import Player

from ningde_tui.cli import claims
from ningde_tui.cli import host as host_cli
from ningde_tui.net import tokens
from ningde_tui.net.hosting import RoomSettings
from ningde_tui.records.storage import new_record_path
from ningde_tui.table.match import Match

CHOSEN = (
    *("--seats", "human,easy,easy,easy", "--rounds", "2", "--pace", "fast"),
    *("--turn-seconds", "20", "--grace", "4", "--claim-pause", "0.1-0.2"),
    *("--claim-seconds", "7", "--result-seconds", "3"),
    *("--web", "--web-port", "0", "--max-sessions", "3"),
)
SETTINGS_LINE = (
    "settings: rounds 2, pace fast, turn 20 s, grace 4 s, claim pause 0.1-0.2 s, claim 7 s, "
    "result 3 s"
)


def settings_kept(data_dir: Path) -> dict[str, Any]:
    (room_file,) = (data_dir / "records").glob("*.room.json")
    kept = json.loads(room_file.read_text())["settings"]
    assert isinstance(kept, dict)
    return kept


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/")[0])


def deadlines(player: Player, phase: str) -> list[float]:
    """The time left a player was given to decide, on each state asking it to decide."""
    return [
        m["deadline"]
        for m in player.messages("state")
        if m["obs"]["legal"] and m["obs"]["phase"] == phase and m["deadline"] is not None
    ]


def a_few_acts(player: Player, acts: int) -> Any:
    return lambda m: player.acts >= acts


@pytest.mark.serial  # host processes killed and continued, timers
async def test_a_continued_room_is_served_and_played_as_it_was(data_dir: Path) -> None:
    async with host_running(data_dir, "--port", "0", *CHOSEN) as host:
        first = await host.said(r"^web: http://")
        await host.said(re.escape(SETTINGS_LINE))
        player = await Player(host.url, "甲", seed=3).connect()
        await asyncio.wait_for(player.run(a_few_acts(player, 3)), 60)  # well into hand 1
        url, web = host.url, first.split()[1]
        await host.kill()  # kill -9, mid-hand
    kept = settings_kept(data_dir)
    assert kept["port"] == port_of(url)  # the port it really had
    assert kept["max_sessions"] == 3 and kept["claim_pause"] == [0.1, 0.2]

    async with host_running(data_dir, "--continue") as host:  # no option given again
        began = time.monotonic()
        assert host.url == url  # the same address: friends' tables come back by themselves
        assert (await host.said(r"^web: http://")).split()[1] == web
        await host.said(re.escape(SETTINGS_LINE))
        code = url.rsplit("/", 1)[1]
        assert host.find(
            rf"^continuing room {code} from .*\.jsonl, hand \d+: seats 1 甲, 2 bot easy"
        )
        await host.said(r"^seat 1: a bot plays for 甲")  # the grace: 4 s, as before
        assert 1 <= time.monotonic() - began < 20  # not none, not the default 30 s
        back = await Player(url, token=player.token, seed=4).connect()
        await asyncio.wait_for(back.run(a_few_acts(back, 12)), 90)
        await host.said(r"^seat 1: 甲 is back")
        turns, claims = deadlines(back, "turn"), deadlines(back, "claim")
        assert turns and all(15 < d <= 20 for d in turns), turns  # --turn-seconds 20
        assert all(0 < d <= 7 for d in claims), claims  # --claim-seconds 7
        await back.close()
        await host.kill()
    assert settings_kept(data_dir) == kept

    overrides = ("--port", "0", "--pace", "instant", "--turn-seconds", "none", "--no-web")
    async with host_running(data_dir, "--continue", *overrides, "--grace", "1") as host:
        said = await host.said(r"^settings: ")  # after the banner's web line, if any
        assert host.find(r"^web: ") is None
        again = host.url
        assert said == (
            "settings: rounds 2, pace instant, turn none, grace 1 s, claim pause 0.1-0.2 s, "
            "claim 7 s, result 3 s"
        )
        await host.said(r"^seat 1: a bot plays for 甲")
    now = settings_kept(data_dir)
    assert (now["pace"], now["turn_seconds"], now["web"], now["grace"]) == (
        "instant",
        None,
        False,
        1.0,
    )
    assert now["port"] == port_of(again) and now["claim_seconds"] == 7.0


def unfinished_room(code: str, seed: int, settings: object = None) -> Path:
    """A room of bots stopped mid-hand: its record and its room file (with ``settings``)."""
    match = Match.new(seed, ["easy"] * 4, humans=(), recorder_path=new_record_path("room", seed))
    for _ in range(10):
        nxt = match.next_bot()
        assert nxt is not None
        match.apply(match.bot_action(nxt[0], nxt[1]))
    assert match.recorder is not None
    path = match.recorder.path
    match.close()
    held = tokens.SeatTokens(code)
    held.settings = settings  # type: ignore[assignment]  # hostile ones too
    tokens.save(path, held)
    return path


def test_continue_with_a_code_picks_that_room(data_dir: Path, capsys: Any) -> None:
    older = unfinished_room("OLDER222", 5, RoomSettings(port=0, pace="instant").to_json())
    newer = unfinished_room("NEWER333", 6, RoomSettings(port=0, pace="instant").to_json())
    os.utime(older, (time.time() - 60, time.time() - 60))
    assert host_cli.main(["--continue", "older222"]) == 0
    out = capsys.readouterr().out
    assert f"continuing room OLDER222 from {older.name}, hand 1" in out
    assert "the session is over" in out
    assert host_cli.main(["--continue"]) == 0  # the last unfinished one: now the newer
    assert f"continuing room NEWER333 from {newer.name}" in capsys.readouterr().out
    assert host_cli.main(["--continue", "NEWER333"]) == 1  # it is over now
    assert "no unfinished room NEWER333 to continue" in capsys.readouterr().err


HOSTILE: list[object] = [
    "fast",
    ["port", 7340],
    {"port": "7340"},
    {"port": 70000},
    {"port": True},
    {"pace": "ludicrous"},
    {"rounds": 0},
    {"rounds": 10**9},
    {"grace": -1},
    {"grace": 1e300},
    {"turn_seconds": "20"},
    {"claim_pause": [0.9, 0.3]},
    {"claim_pause": [0.1, 0.2, 0.3]},
    {"claim_pause": [0.1, 600]},
    {"web": 1},
    {"max_sessions": 0},
    {"host": "127.0.0.1\nroom FAKE: ws://evil"},
    {"host": "x" * 300},
    {"seed": 5},  # not a setting
]


@pytest.mark.parametrize("settings", HOSTILE, ids=lambda s: json.dumps(s)[:40])
def test_a_hostile_room_file_is_refused_and_nothing_is_touched(
    data_dir: Path, capsys: Any, settings: object
) -> None:
    record = unfinished_room("ROOM2345", 5, settings)
    room_file = tokens.room_file(record)
    files = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (record, room_file)}
    assert host_cli.main(["--continue"]) == 2
    err = capsys.readouterr().err
    assert f"ningde host: cannot continue {record.name}: {room_file.name}: " in err
    assert "setting" in err and "Traceback" not in err
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in files} == files


def test_a_room_file_from_before_settings_were_kept_is_continued_with_the_defaults(
    data_dir: Path, capsys: Any
) -> None:
    unfinished_room("ROOM2345", 5)  # no settings in its room file
    assert host_cli.main(["--continue", "--port", "0", "--pace", "instant"]) == 0
    assert "settings: rounds 1, pace instant, turn none, grace 30 s" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "pause"),
    [("0.3-0.9", (0.3, 0.9)), ("0", (0.0, 0.0)), ("1.5", (1.5, 1.5)), (" 0-2 ", (0.0, 2.0))],
)
def test_the_claim_pause_is_read_as_min_max_seconds(text: str, pause: tuple[float, float]) -> None:
    assert claims.parse_claim_pause(text) == pause


@pytest.mark.parametrize("text", ["0.9-0.3", "-1", "a-b", "1-", "0-61", "nan", "inf", ""])
def test_a_bad_claim_pause_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        claims.parse_claim_pause(text)


@pytest.mark.parametrize(
    "argv",
    [
        ["--claim-pause", "2-1"],
        ["--claim-seconds", "-3"],
        ["--result-seconds", "forever"],
        ["--rounds", "0"],
        ["--continue", "no/such"],
        ["--no-web", "--web-port", "8000"],
    ],
)
def test_bad_room_options_exit_2(argv: list[str], capsys: Any) -> None:
    with pytest.raises(SystemExit) as exit_info:
        host_cli.main(argv)
    assert exit_info.value.code == 2
    assert "ningde host: error:" in capsys.readouterr().err


def test_options_given_again_override_what_the_room_had() -> None:
    had = RoomSettings(port=41000, pace="fast", turn_seconds=20.0, web=True, web_port=41001)
    args = host_cli._parser().parse_args(["--continue", "--turn-seconds", "none", "--grace", "2"])
    settings = host_cli._settings(args, had)
    assert settings == RoomSettings(
        port=41000, pace="fast", turn_seconds=None, grace=2.0, web=True, web_port=41001
    )
    assert RoomSettings.from_json(settings.to_json()) == settings
    fresh = host_cli._settings(host_cli._parser().parse_args([]))
    assert fresh == RoomSettings()  # nothing given, no room before: the defaults
