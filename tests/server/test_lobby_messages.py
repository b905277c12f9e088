"""The lobby's messages (interfaces.md §7) as data: what the builders write the parsers read
back, and every malformed message is a ProtocolError with a code, never anything else."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ningde_tui.net.protocol import MAX_MESSAGE, ProtocolError, SeatStatus
from ningde_tui.rules.config import RuleConfig
from ningde_tui.server import lobby
from ningde_tui.server.lobby import (
    AskGames,
    AskLeaderboard,
    AskRooms,
    Create,
    GameEntry,
    GameSeat,
    Hello,
    Quick,
    Rating,
    RoomEntry,
    Standing,
)


def _text(message: dict) -> str:
    return lobby.dumps(message)


def test_client_messages_read_back() -> None:
    rules = RuleConfig(rob_kong=True)
    assert lobby.parse_client(_text(lobby.hello("小林"))) == Hello("小林", None)
    assert lobby.parse_client(_text(lobby.hello(" 小林 ", "k" * 32))) == Hello("小林", "k" * 32)
    assert lobby.parse_client(_text(lobby.ask_rooms())) == AskRooms()
    made = lobby.create(["human", "human", "hard", "normal"], 2, rules, 15.0, "fast", False)
    assert lobby.parse_client(_text(made)) == Create(
        ("human", "human", "hard", "normal"), 2, rules, 15.0, "fast", False
    )
    assert lobby.parse_client(_text(lobby.quick())) == Quick()
    assert lobby.parse_client(_text(lobby.ask_leaderboard(7))) == AskLeaderboard(7)
    assert lobby.parse_client('{"t": "leaderboard"}') == AskLeaderboard(50)
    assert lobby.parse_client(_text(lobby.ask_games("小林"))) == AskGames("小林")
    bare = '{"t": "create", "seats": ["human", "easy", "easy", "easy"]}'
    assert lobby.parse_client(bare) == Create(("human", "easy", "easy", "easy"))


def test_server_messages_read_back() -> None:
    rating = Rating(25.0, 25 / 3)
    assert rating.to_dict() == {"shown": 0.0, "mu": 25.0, "sigma": 8.333}
    welcome = lobby.parse_server(_text(lobby.welcome("小林", "key" * 8, rating, "宁德")))
    assert isinstance(welcome, lobby.Welcome)
    assert (welcome.name, welcome.key, welcome.server) == ("小林", "key" * 8, "宁德")
    assert abs(welcome.rating.sigma - rating.sigma) < 1e-3
    seats = (SeatStatus("a", "human", "", True),) + (
        SeatStatus("normal", "bot", "normal", True),
    ) * 3
    entry = RoomEntry("K3F9QX", "ws://h:1/K3F9QX", seats, 1, RuleConfig(), None, False, 2)
    assert lobby.parse_server(_text(lobby.rooms([entry]))) == lobby.Rooms((entry,))
    assert lobby.parse_server(_text(lobby.created("K3F9QX", "wss://h/K3F9QX"))) == lobby.Created(
        "K3F9QX", "wss://h/K3F9QX"
    )
    standing = Standing("bot:hard", Rating(30.0, 2.0), 3, 20, 5, -12)
    assert lobby.parse_server(_text(lobby.leaderboard([standing]))) == lobby.Leaderboard(
        (standing,)
    )
    game = GameEntry(
        "K3F9QX",
        "2025-01-02T15:30:12Z",
        (
            GameSeat("小林", "human"),
            GameSeat("b", "human"),
            *(GameSeat("hard", "bot", "hard"),) * 2,
        ),
        (10, -5, 0, -5),
        ("K3F9QX-1", "K3F9QX-2"),
    )
    assert lobby.parse_server(_text(lobby.games([game]))) == lobby.Games((game,))
    assert lobby.parse_server(_text(lobby.refused("full", "no"))) == lobby.Refused("full", "no")
    assert lobby.parse_server(_text(lobby.error("name_taken", "x"))) == lobby.Error(
        "name_taken", "x"
    )


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (b'{"t": "hello"}', "binary"),
        ("not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"t": 3}', "bad_message"),
        ('{"t": "dance"}', "unknown_type"),
        ('{"t": "hello", "protocol": 2, "name": "a"}', "protocol"),
        ('{"t": "hello", "protocol": 1, "name": ""}', "bad_name"),
        ('{"t": "hello", "protocol": 1, "name": "   "}', "bad_name"),
        ('{"t": "hello", "protocol": 1, "name": 7}', "bad_name"),
        ('{"t": "hello", "protocol": 1, "name": "%s"}' % ("名" * 17), "bad_name"),
        ('{"t": "hello", "protocol": 1, "name": "a\\u0000b"}', "bad_name"),
        ('{"t": "hello", "protocol": 1, "name": "a\\nb"}', "bad_name"),
        ('{"t": "hello", "protocol": 1, "name": "a\\u202eb"}', "bad_name"),
        ('{"t": "hello", "protocol": 1, "name": "a\\u200bb"}', "bad_name"),
        ('{"t": "hello", "protocol": 1, "name": "bot:hard"}', "bad_name"),
        ('{"t": "hello", "protocol": 1, "name": "BOT:me"}', "bad_name"),
        ('{"t": "hello", "protocol": 1, "name": "a", "key": 5}', "bad_key"),
        ('{"t": "hello", "protocol": 1, "name": "a", "key": "%s"}' % ("k" * 101), "bad_key"),
        ('{"t": "create"}', "bad_field"),
        ('{"t": "create", "seats": "human"}', "bad_field"),
        ('{"t": "create", "seats": ["human", "human", "human"]}', "bad_field"),
        ('{"t": "create", "seats": ["hard", "hard", "hard", "hard"]}', "bad_field"),
        ('{"t": "create", "seats": ["human", "god", "hard", "hard"]}', "bad_field"),
        ('{"t": "create", "seats": ["human", 1, "hard", "hard"]}', "bad_field"),
        ('{"t": "create", "seats": ["human", "hard", "hard", "hard"], "rounds": 0}', "bad_field"),
        ('{"t": "create", "seats": ["human", "hard", "hard", "hard"], "rounds": 99}', "bad_field"),
        (
            '{"t": "create", "seats": ["human", "hard", "hard", "hard"], "rounds": true}',
            "bad_field",
        ),
        (
            '{"t": "create", "seats": ["human", "hard", "hard", "hard"], "pace": "warp"}',
            "bad_field",
        ),
        ('{"t": "create", "seats": ["human", "hard", "hard", "hard"], "public": 1}', "bad_field"),
        ('{"t": "create", "seats": ["human", "hard", "hard", "hard"], "rules": []}', "bad_field"),
        (
            '{"t": "create", "seats": ["human", "hard", "hard", "hard"], "rules": {"x": 1}}',
            "bad_field",
        ),
        (
            '{"t": "create", "seats": ["human", "hard", "hard", "hard"], "turn_seconds": 1}',
            "bad_field",
        ),
        (
            '{"t": "create", "seats": ["human", "hard", "hard", "hard"], "turn_seconds": NaN}',
            "bad_field",
        ),
        ('{"t": "leaderboard", "limit": 100000}', "bad_field"),
        ('{"t": "leaderboard", "limit": -1}', "bad_field"),
        ('{"t": "games"}', "bad_field"),
        ('{"t": "games", "name": "a\\u0007"}', "bad_name"),
        ('{"t": "hello", "x": ' + "[" * 100000 + "]" * 100000 + "}", "too_big"),
        ('{"t": "hello", "x": "' + "x" * MAX_MESSAGE + '"}', "too_big"),
        ('{"t": "rooms", "x": ' + "[" * 5000 + "]" * 5000 + "}", "bad_json"),
    ],
)
def test_hostile_client_messages_are_protocol_errors(text: str | bytes, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        lobby.parse_client(text)
    assert caught.value.code == code


@pytest.mark.parametrize(
    "message",
    [
        {"t": "welcome", "protocol": 1, "name": "a", "key": "", "rating": {"mu": 1, "sigma": 1}},
        {"t": "welcome", "protocol": 1, "name": "a", "key": "k", "rating": {"mu": "1"}},
        {"t": "rooms", "rooms": [{"code": "../etc", "url": "ws://x/1"}]},
        {"t": "rooms", "rooms": "all"},
        {"t": "created", "code": "K3F9QX", "url": "http://evil/"},
        {"t": "created", "code": "k3f9qx", "url": "ws://h/k3f9qx"},
        {"t": "leaderboard", "players": [{"name": "a\u0000", "rating": {"mu": 1, "sigma": 1}}]},
        {"t": "games", "games": [{"room": "K3F9QX", "ended": "x", "seats": [], "scores": []}]},
        {"t": "refused"},
        {"t": "over"},
    ],
)
def test_hostile_server_messages_are_protocol_errors(message: dict) -> None:
    with pytest.raises(ProtocolError):
        lobby.parse_server(json.dumps(message))


def test_names_codes_and_replay_codes() -> None:
    assert lobby.check_name("  小林 ") == "小林"
    assert lobby.check_name("Anna Lee") == "Anna Lee"
    assert lobby.check_name("e\u0301") == "\u00e9"  # NFC: one name, however it was typed
    assert lobby.is_room_code("K3F9QX")
    assert not any(
        lobby.is_room_code(c) for c in ["K3F9Q", "K3F9QXX", "K3F9Q0", "k3f9qx", "IIIIII"]
    )
    assert lobby.parse_replay_code("K3F9QX-12") == ("K3F9QX", 12)
    for bad in ["K3F9QX", "K3F9QX-0", "K3F9QX-01", "K3F9QX-1000", "../../x-1", "K3F9QX-1/"]:
        assert lobby.parse_replay_code(bad) is None
    assert lobby.replay_code("K3F9QX", 3) == "K3F9QX-3"


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda c: st.lists(c) | st.dictionaries(st.text(), c),
    )
)
def test_any_json_is_a_message_or_a_protocol_error(value) -> None:
    for t in ["hello", "rooms", "create", "quick", "leaderboard", "games"]:
        data = {"t": t, "protocol": 1, "name": value, "key": value, "seats": value}
        data.update({"rounds": value, "rules": value, "limit": value, "pace": value})
        try:
            lobby.parse_client(json.dumps(data))
        except ProtocolError:
            pass
    for t in ["welcome", "rooms", "created", "leaderboard", "games", "refused", "error"]:
        data = {"t": t, "protocol": 1, "name": value, "key": value, "rooms": value}
        data.update(
            {"players": value, "games": value, "code": value, "url": value, "rating": value}
        )
        try:
            lobby.parse_server(json.dumps(data))
        except ProtocolError:
            pass
