"""``ningde server --tls-cert F --tls-key F``: the lobby and the rooms over ``wss://``, the
HTTP answers and the served hands over ``https://`` (``ningde replay`` trusting the certificate
through SSL_CERT_FILE), on a real process with a certificate made for 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import shutil
import ssl
import subprocess
import urllib.request
from pathlib import Path

import pytest
from server_helpers import KeyedPlayer, LobbyClient, play_to_the_end, start_server_process
from websockets.asyncio.client import connect

from ningde_tui.server import lobby
from ningde_tui.server.fetch import fetch_hand

pytestmark = [
    pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl"),
    pytest.mark.serial,
]


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt"),
            *("ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1"),
            *("-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


async def test_a_tls_server_plays_and_serves_over_wss_and_https(
    tmp_path, certificate, monkeypatch
) -> None:
    cert, key = certificate
    process, url = await start_server_process(
        tmp_path / "server", 0, "--tls-cert", str(cert), "--tls-key", str(key),
        "--claim-pause", "0",  # a session in seconds, not minutes
    )  # fmt: skip
    try:
        assert url.startswith("wss://127.0.0.1:")
        trusted = ssl.create_default_context(cafile=str(cert))
        client = LobbyClient(url)
        client.ws = await connect(url, ssl=trusted)
        await client.send(lobby.hello("Tess"))
        key = (await client.expect("welcome"))["key"]
        made = await client.ask(lobby.create(["human", "easy", "easy", "easy"], pace="instant"))
        assert made["url"].startswith("wss://")
        player = await KeyedPlayer(made["url"], "Tess", key, seed=5).connect(ssl=trusted)
        await play_to_the_end([player], 120)
        base = url.replace("wss://", "https://").removesuffix("/lobby")
        opened = await asyncio.to_thread(
            urllib.request.urlopen, f"{base}/healthz", context=trusted, timeout=10
        )
        assert json.loads(opened.read())["ok"] is True
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))
        served = await asyncio.to_thread(fetch_hand, f"{base}/r/{made['code']}-1")
        assert served.startswith('{"t": "game"')
    finally:
        process.kill()
        await process.wait()
