"""``ningde serve``: the app in a browser via textual-serve; its page is served over HTTP."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

import pytest

pytest.importorskip("textual_serve")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_with_the_app_page(tmp_path) -> None:
    port = free_port()
    cmd = [sys.executable, "-m", "ningde_tui", "serve", "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        page = ""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    page = response.read().decode("utf-8")
                break
            except OSError:
                time.sleep(0.1)
        assert page, "the server did not answer within 20 s"
        assert "<html" in page.lower() and "textual.js" in page
        assert "宁德麻将" in page  # the page title
        assert f"127.0.0.1:{port}" in page  # the websocket the browser connects back to
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
