"""docs/spec/protocol.schema.json (interfaces.md §8): a JSON Schema of every §6, §6.1 and §7
message, each field described. What real rooms send is checked against it around every room
and server test (tests/schema_helpers.py); here: the schema itself, its lists against the
engine's, and the clients' own messages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from remote_helpers import seat_state
from schema_helpers import LOBBY_CLIENT, ROOM_CLIENT, ROOM_SERVER, problems, schema

from ningde_tui.net import protocol
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import ActionType, EventKind, Phase, RuleEvent
from ningde_tui.rules.melds import MeldKind
from ningde_tui.rules.refusal import RefusalCode
from ningde_tui.rules.scoring import PATTERN_TABLE
from ningde_tui.server import lobby
from ningde_tui.table.match import Match


def test_the_schema_is_a_json_schema() -> None:
    Draft202012Validator.check_schema(schema())


def _fields(node: Any, where: str = "") -> list[tuple[str, Any]]:
    """Every named field anywhere in the schema, with where it is."""
    out = []
    if isinstance(node, dict):
        for name, value in node.get("properties", {}).items():
            out.append((f"{where}.{name}", value))
        for key, value in node.items():
            out += _fields(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _fields(value, f"{where}[{i}]")
    return out


def test_every_field_is_described() -> None:
    undescribed = [
        where
        for where, value in _fields(schema())
        if isinstance(value, dict) and value and "description" not in value
    ]
    assert undescribed == []


def _enum(definition: str, *path: str) -> list[str]:
    node = schema()["$defs"][definition]
    for key in path:
        node = node[key]
    values: list[str] = node["enum"]
    return values


def test_its_lists_are_the_engines() -> None:
    assert _enum("observation", "properties", "phase") == [p.value for p in Phase]
    assert _enum("action", "properties", "a") == [a.value for a in ActionType]
    assert _enum("event", "properties", "kind") == [e.value for e in EventKind]
    assert _enum("meld", "properties", "kind") == [m.value for m in MeldKind]
    assert _enum("refusal", "properties", "code") == [r.value for r in RefusalCode]
    assert _enum("result", "properties", "pattern") == [*PATTERN_TABLE, "draw"]
    assert _enum("result", "properties", "events", "items") == [e.value for e in RuleEvent]
    rules = schema()["$defs"]["rules"]["properties"]
    assert list(rules) == list(RuleConfig().to_dict())


@pytest.mark.parametrize(
    "message",
    [
        protocol.hello("甲"),
        protocol.hello("", "a-token-of-some-length", watch=True),
        protocol.act(17, {"a": "discard", "tile": "3p"}),
        protocol.act(3, {"a": "chi", "tiles": ["4p", "5p"]}),
        protocol.act(4, {"a": "pass"}),
        protocol.start(),
        protocol.ready(),
        protocol.auto(True),
    ],
    ids=lambda m: m["t"],
)
def test_a_clients_room_messages_follow_it(message: dict[str, Any]) -> None:
    assert problems(ROOM_CLIENT, message) == []


@pytest.mark.parametrize(
    "message",
    [
        lobby.hello("小林"),
        lobby.ask_rooms(),
        lobby.create(["human", "hard", "normal", "easy"], 2, RuleConfig(), 30.0, "fast", False),
        lobby.quick(),
        lobby.ask_leaderboard(20),
        lobby.ask_games("小林"),
    ],
    ids=lambda m: m["t"],
)
def test_a_clients_lobby_messages_follow_it(message: dict[str, Any]) -> None:
    assert problems(LOBBY_CLIENT, message) == []


def _real_state() -> dict[str, Any]:
    match = Match.new(5, ["greedy"] * 3)
    for _ in range(30):  # into the hand: melds, ponds, a claim or two
        found = match.next_bot()
        if found is None:
            break
        seat, obs, _ = found
        match.apply(match.bot_action(seat, obs))
    return seat_state(match, 0, 0, 1)


@pytest.mark.parametrize(
    ("where", "change"),
    [
        ("a tile that is none", lambda m: m["obs"]["hand"].__setitem__(0, "0m")),
        ("a field nobody described", lambda m: m.__setitem__("mood", "happy")),
        ("a field left out", lambda m: m["obs"].pop("gold")),
        ("a phase that is none", lambda m: m["obs"].__setitem__("phase", "nap")),
        ("a fifth seat", lambda m: m["obs"].__setitem__("turn", 4)),
    ],
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_it_catches_a_message_that_is_wrong(where: str, change: Any) -> None:
    state = _real_state()
    assert problems(ROOM_SERVER, state) == []
    broken = json.loads(json.dumps(state))
    change(broken)
    assert problems(ROOM_SERVER, broken), where
