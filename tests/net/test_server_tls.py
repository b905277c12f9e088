"""``ningde host --tls-cert F --tls-key F`` serves ``wss://`` (interfaces.md §6): a real host
with a certificate made for 127.0.0.1, a client that trusts it plays a hand, ``ningde join
--bot`` trusts it through SSL_CERT_FILE, and a client speaking plain ws:// to it gets nowhere
while the room goes on."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import ssl
import subprocess
import sys
from pathlib import Path

import pytest
from net_helpers import ROOT, Player, start_host
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidHandshake

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


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


@pytest.mark.serial
async def test_a_tls_room_is_played_over_wss(data_dir: Path, certificate) -> None:
    cert, key = certificate
    host, url = await start_host(
        data_dir,
        *("--seats", "human,human,easy,easy", "--tls-cert", str(cert), "--tls-key", str(key)),
        *("--claim-pause", "0.05-0.1"),
    )
    try:
        assert url.startswith("wss://127.0.0.1:")
        with pytest.raises(InvalidHandshake):  # plain ws:// to a TLS port: no handshake
            async with connect(url.replace("wss://", "ws://", 1), open_timeout=5) as ws:
                await ws.recv()
        trusted = ssl.create_default_context(cafile=str(cert))
        player = await Player(url, "甲").connect(ssl=trusted)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SSL_CERT_FILE": str(cert)}
        bot = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "ningde_tui", "join", url, "--bot", "easy"),
            stderr=subprocess.DEVNULL,
            env=env,
        )
        await asyncio.wait_for(player.run(lambda m: m["t"] == "result"), 90)
        assert player.seat == 0 and player.messages("result")[0]["hand"] == 1
        bot.send_signal(signal.SIGTERM)
        await asyncio.wait_for(bot.wait(), 20)
    finally:
        host.send_signal(signal.SIGTERM)
        await asyncio.wait_for(host.wait(), 20)
