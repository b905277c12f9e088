"""``ningde server`` as a command and as a real process: its options, its data folder held by
one process at a time, a clean stop on SIGTERM, and a kill -9 in the middle of a hand after
which a restart resumes the room for the same tokens."""

from __future__ import annotations

import asyncio
import json
import signal
from urllib.parse import urlsplit

import pytest
from net_helpers import Player
from server_helpers import KeyedPlayer, LobbyClient, get, start_server_process, wait_for

from ningde_tui.cli import COMMANDS
from ningde_tui.cli import server as command
from ningde_tui.net import wire
from ningde_tui.server import lobby


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--port", "70000"], "--port must be 0-65535"),
        (["--max-rooms", "0"], "--max-rooms must be"),
        (["--tls-cert", "cert.pem"], "--tls-cert and --tls-key go together"),
        (["--public-url", "ftp://example.org"], "--public-url is"),
        (["--public-url", "wss://example.org/?a=1"], "--public-url is"),
        (["--name", "  "], "--name is"),
        (["--name", "a\tb"], "--name is"),
        (["--workers", "0"], "--workers must be 1-64"),
        (["--workers", "65"], "--workers must be 1-64"),
        (["--redis", "http://localhost"], "--redis is redis://"),
        (["--port", "many"], "invalid int value"),
        (["--claim-pause", "2-1"], "MIN-MAX seconds"),
        (["--claim-pause", "61"], "MIN-MAX seconds"),
    ],
)
def test_bad_options_say_why_and_exit_2(argv, said, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        command.main(argv)
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err


def test_a_certificate_that_cannot_be_loaded_exits_2(tmp_path, capsys) -> None:
    (tmp_path / "c.pem").write_text("not a certificate")
    argv = ["--tls-cert", str(tmp_path / "c.pem"), "--tls-key", str(tmp_path / "c.pem")]
    assert command.main([*argv, "--data", str(tmp_path / "d")]) == 2
    assert "cannot load the certificate" in capsys.readouterr().err


def test_the_public_url_is_where_rooms_are_reached() -> None:
    assert command.public_url("https://mj.example.org/") == "wss://mj.example.org"
    assert command.public_url("ws://10.0.0.2:7350") == "ws://10.0.0.2:7350"
    assert command.public_url("wss://example.org/mahjong/") == "wss://example.org/mahjong"
    assert "server" in COMMANDS


def test_the_claim_pause_is_the_operators_choice(tmp_path) -> None:
    parser = command._parser()
    chosen = parser.parse_args(["--claim-pause", "0.1-0.4", "--data", str(tmp_path)])
    assert command._settings(parser, chosen).room_options == {"claim_pause": (0.1, 0.4)}
    default = parser.parse_args(["--data", str(tmp_path)])
    assert command._settings(parser, default).room_options == {}  # the rooms' own: 0.3-0.9


@pytest.mark.serial
async def test_one_server_a_data_folder_and_a_clean_stop(tmp_path, capsys) -> None:
    data = tmp_path / "server"
    process, url = await start_server_process(data)
    try:
        port = urlsplit(url).port
        assert await asyncio.to_thread(command.main, ["--data", str(data), "--port", "0"]) == 2
        assert "another ningde server uses it" in capsys.readouterr().err
        busy = ["--data", str(tmp_path / "b"), "--port", str(port)]
        assert await asyncio.to_thread(command.main, busy) == 2
        assert "cannot listen" in capsys.readouterr().err
        status, body = await asyncio.to_thread(get, "127.0.0.1", port, "/healthz")
        assert (status, json.loads(body)["ok"]) == (200, True)
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 20) == 0
    finally:
        if process.returncode is None:
            process.kill()


async def _plays_on(player: Player) -> None:
    """The player answers what it was asked, then plays on."""
    player.plays = True
    await player.answer()
    await player.run()


@pytest.mark.serial
async def test_a_killed_server_resumes_the_room_for_its_tokens(tmp_path) -> None:
    data = tmp_path / "server"
    process, url = await start_server_process(data)
    port = urlsplit(url).port
    try:
        nia = await LobbyClient(url).connect("Nia")
        assert nia.welcome is not None
        made = await nia.ask(lobby.create(["human", "human", "easy", "normal"], pace="instant"))
        first = [
            KeyedPlayer(made["url"], "Nia", nia.welcome.key, seed=1, think=0.01),
            Player(made["url"], "Oz", seed=2, think=0.01),
        ]
        playing = [asyncio.ensure_future((await p.connect()).run()) for p in first]
        await wait_for(lambda: all(p.acts >= 3 for p in first), timeout=60)
        process.kill()  # kill -9, in the middle of a hand
        await process.wait()
        await asyncio.wait_for(asyncio.gather(*playing, return_exceptions=True), 20)
        process, _ = await start_server_process(data, port)
        back = [
            KeyedPlayer(made["url"], "Nia", nia.welcome.key, token=first[0].token, plays=False),
            Player(made["url"], "Oz", token=first[1].token, plays=False),
        ]
        for old, new in zip(first, back, strict=True):
            await new.connect()
            await new.run(lambda m: m["t"] == "state")
            assert new.seat == old.seat and new.token == old.token
            seen = [wire.event_to(e) for e in old.history if old.hand == new.hand]
            assert [wire.event_to(e) for e in new.history][: len(seen)] == seen
        stranger = Player(made["url"], "Pat", token="t" * 32, plays=False)
        await stranger.connect()
        await stranger.run()
        assert [m["code"] for m in stranger.messages("error")] == ["bad_token"]
        status, body = await asyncio.to_thread(get, "127.0.0.1", port, "/healthz")
        assert json.loads(body)["rooms"] == 1
        playing = [asyncio.ensure_future(_plays_on(p)) for p in back]
        await wait_for(lambda: all(p.acts >= 2 for p in back), timeout=60)  # the game goes on
        for task in playing:
            task.cancel()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
