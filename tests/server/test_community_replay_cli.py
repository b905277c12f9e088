"""``ningde replay CODE-N --server URL`` and ``ningde replay URL/r/CODE-N`` (interfaces.md §7):
the served hand fetched over real HTTP, checked as a record, kept in the data folder and opened
(or checked) from there; a hand not served, or an answer that is not a record, exits 2."""

from __future__ import annotations

import asyncio
import contextlib
import http.server
import json
import threading
from collections.abc import Iterator

import pytest
from server_helpers import KeyedPlayer, LobbyClient, lobby_url, play_to_the_end, running_server

from ningde_tui.cli import build_app
from ningde_tui.cli.replay import main as replay_main
from ningde_tui.server import lobby

pytestmark = pytest.mark.serial


async def test_a_served_hand_is_fetched_checked_and_opened(tmp_path, data_dir, capsys) -> None:
    async with running_server(tmp_path / "server") as server:
        client = await LobbyClient(lobby_url(server)).connect("Quinn")
        made = await client.ask(lobby.create(["human", "easy", "easy", "easy"], pace="instant"))
        player = KeyedPlayer(made["url"], "Quinn", client.welcome.key, seed=4)  # the maker
        await player.connect()
        await play_to_the_end([player])
        code, http = made["code"], server.http_url()
        first = player.messages("result")[0]

        argv = [f"{code}-1", "--server", http, "--check", "--json"]
        assert await asyncio.to_thread(replay_main, argv) == 0
        checked = json.loads(capsys.readouterr().out)
        assert checked["deltas"] == first["deltas"] and checked["winner"] == first["winner"]
        kept = data_dir / "replays" / f"{code}-1.jsonl"
        assert kept.exists()

        url = f"{http}/r/{code}-2"
        assert await asyncio.to_thread(replay_main, [url, "--check"]) == 0
        assert (data_dir / "replays" / f"{code}-2.jsonl").exists()
        lobby_form = [f"{code}-1", "--server", server.room_url("lobby")]  # its ws:// address
        app = await asyncio.to_thread(build_app, ["replay", *lobby_form])
        assert app.options.replay == kept

        missing = [f"{code}-99", "--server", http]
        assert await asyncio.to_thread(replay_main, missing) == 2
        said = capsys.readouterr().err
        assert "has not ended" in said and "Traceback" not in said
        with pytest.raises(SystemExit) as stopped:
            await asyncio.to_thread(build_app, ["replay", *missing])
        assert stopped.value.code == 2


@contextlib.contextmanager
def serving(body: bytes, status: int = 200) -> Iterator[str]:
    """A plain HTTP server on 127.0.0.1 that answers every GET with ``body``."""

    class Answer(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.mark.parametrize(
    ("body", "status", "said"),
    [
        (b"not a record\n", 200, "not a record"),
        (b'{"t": "game", "format": "ningde-record", "version": 1}\n', 200, "holds no hand"),
        (b"\xff\xfe\x00", 200, "not UTF-8"),
        (b"x" * (4 * 1024 * 1024 + 10), 200, "more than a hand holds"),
        (b"", 500, "answered 500"),
        (b"", 429, "refuses this address"),
    ],
)
def test_an_answer_that_is_not_a_hand_exits_2(body, status, said, data_dir, capsys) -> None:
    with serving(body, status) as url:
        assert replay_main([f"{url}/r/K3F9QX-1"]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not (data_dir / "replays" / "K3F9QX-1.jsonl").exists()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["K3F9QX-1", "--server", "ftp://example.org"], "the server is http(s)"),
        (["game.jsonl", "--server", "http://127.0.0.1:9"], "--server goes with a replay code"),
        (["http://127.0.0.1:9/r/../etc/passwd"], "ends in /r/CODE-N"),
        (["http://127.0.0.1:9/r/K3F9QX-1?x=1"], "ends in /r/CODE-N"),
        (["K3F9QX-1", "--server", "http://127.0.0.1:9"], "cannot reach the server"),
    ],
)
def test_bad_addresses_exit_2(argv, said, capsys) -> None:
    assert replay_main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
