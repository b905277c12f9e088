"""The protocol's JSON Schema (docs/spec/protocol.schema.json) as the tests use it.

``problems(kind, message)``: what is wrong with a message, for one of the schema's four
entry points (``room_server_message``, ``room_client_message``, ``lobby_server_message``,
``lobby_client_message``). ``FrameCheck`` is installed by the room and server tests' conftest
around every test: it keeps the text of every frame a room or the lobby hands a connection
(``Room._send_text``, which in-process rooms use too, and ``WebPeer.send``, which every
WebSocket frame goes through), and the JSON of every answer of a community server's HTTP
(``server.api.json_response``), and checks them all against the schema once the test is done,
so the checking takes nothing from the test's own timing. A text checked once (a broadcast
goes to every connection as one text) is not checked again.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "docs" / "spec" / "protocol.schema.json"
ROOM_SERVER, ROOM_CLIENT = "room_server_message", "room_client_message"
LOBBY_SERVER, LOBBY_CLIENT = "lobby_server_message", "lobby_client_message"
HTTP = "http_response"  # the JSON of a community server's read-only HTTP
_CHECKED: set[int] = set()  # hashes of the texts found valid in this process


@cache
def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


@cache
def _validator(definition: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": schema()["$defs"]})


_BY_TYPE = {
    ROOM_SERVER: {t: t for t in ("welcome", "state", "refused", "result", "seats", "over")}
    | {"error": "error", "notice": "notice"},
    LOBBY_SERVER: {
        "welcome": "lobby_welcome",
        "rooms": "lobby_rooms",
        "created": "lobby_created",
        "leaderboard": "lobby_leaderboard",
        "games": "lobby_games",
        "refused": "lobby_refused",
        "error": "lobby_error",
    },
}


def problems(kind: str, message: Any) -> list[str]:
    """What is wrong with ``message`` as a ``kind`` message (empty: nothing). A server's
    message is checked against the definition its ``"t"`` names (quicker, and clearer errors
    than the ``oneOf`` of all of them); an unknown ``"t"`` against the whole ``kind``."""
    t = message.get("t") if isinstance(message, dict) else None
    definition = _BY_TYPE.get(kind, {}).get(t, kind) if isinstance(t, str) else kind
    found = sorted(_validator(definition).iter_errors(message), key=lambda e: list(e.path))
    return [f"{'/'.join(map(str, e.absolute_path)) or '(message)'}: {e.message}" for e in found]


class FrameCheck:
    """Frames kept during a test, checked at its end (see the module's docstring)."""

    def __init__(self) -> None:
        self.frames: list[tuple[str, str]] = []

    def keep(self, kind: str, text: str) -> None:
        self.frames.append((kind, text))

    def check(self) -> list[str]:
        found: list[str] = []
        for kind, text in self.frames:
            key = hash((kind, text))
            if key in _CHECKED:
                continue
            wrong = problems(kind, json.loads(text))
            if wrong:
                found.append(f"{kind} {text[:300]}: {'; '.join(wrong[:5])}")
            else:
                _CHECKED.add(key)
        self.frames.clear()
        return found


def install(monkeypatch: pytest.MonkeyPatch) -> FrameCheck:
    """Keep every frame the rooms and the lobby send, and every JSON answer of the server's
    HTTP, while the test runs."""
    from ningde_tui.net.room import Room
    from ningde_tui.net.server import WebPeer
    from ningde_tui.server import api

    frames = FrameCheck()
    room_send, web_send, json_response = Room._send_text, WebPeer.send, api.json_response

    def send_text(room: Room, conn: Any, text: str, message: Any = None) -> None:
        frames.keep(ROOM_SERVER, text)
        room_send(room, conn, text, message)

    def send(peer: WebPeer, text: str) -> None:
        request = getattr(peer.ws, "request", None)
        lobby = request is not None and request.path.split("?")[0] == "/lobby"
        frames.keep(LOBBY_SERVER if lobby else ROOM_SERVER, text)
        web_send(peer, text)

    def answer(body: Any, *args: Any, **kwargs: Any) -> Any:
        frames.keep(HTTP, json.dumps(body, ensure_ascii=False))
        return json_response(body, *args, **kwargs)

    monkeypatch.setattr(Room, "_send_text", send_text)
    monkeypatch.setattr(WebPeer, "send", send)
    monkeypatch.setattr(api, "json_response", answer)
    return frames


@pytest.fixture(autouse=True)
def frames_follow_the_schema(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Every frame a room or the lobby sends in the test is checked against the schema once
    the test is done (the room and server tests' conftest imports this fixture)."""
    frames = install(monkeypatch)
    yield frames
    wrong = frames.check()
    assert not wrong, "frames that do not follow the schema:\n" + "\n".join(wrong[:5])
