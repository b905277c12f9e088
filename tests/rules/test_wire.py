"""The engine's values as the JSON of interfaces.md §6 and back, over states of real games:
every seat's Observation, every event as each seat may know it, every legal action. Another
seat's 暗杠 stays face down and another seat's draw names no tile; a malformed value is refused
with a WireError naming what is wrong."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ningde_tui.bots.base import make_bot
from ningde_tui.net.wire import (
    WireError,
    action_from,
    action_to,
    dumps,
    event_from,
    event_json,
    event_to,
    meld_from,
    member,
    observation_from,
    observation_json,
    observation_to,
    tile_from,
    tiles_from,
)
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import EventKind, Game, Observation, Phase, seen_by, watcher_view
from ningde_tui.rules.tiles import full_set, parse_tile

CONFIGS = list(RuleConfig.each_switch_flipped().values())


def _through_json(value: object) -> object:
    return json.loads(json.dumps(value, ensure_ascii=False))


def _round_trip(obs: Observation) -> Observation:
    data = _through_json(observation_to(obs))
    history = tuple(event_from(_through_json(event_to(e))) for e in obs.history)
    return observation_from(data, obs.config, history)


def _states(seed: int, config: RuleConfig):
    """Every seat's Observation after every decision of a hand the bots play."""
    rng = random.Random(seed)
    wall = full_set()
    rng.shuffle(wall)
    game = Game(wall, rng.randrange(4), 1, (rng.randint(1, 6), rng.randint(1, 6)), config)
    levels = ["random", "greedy", "easy", "normal"]
    players = [make_bot(level, seed * 4 + s) for s, level in enumerate(levels)]
    while True:
        yield game, [game.observation(s) for s in range(4)]
        if game.phase == Phase.OVER:
            return
        seat = game.to_act()[0]
        game.apply(players[seat].choose(game.observation(seat)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), config=st.sampled_from(CONFIGS))
def test_observations_events_and_actions_round_trip(seed: int, config: RuleConfig) -> None:
    for game, observations in _states(seed, config):
        for obs in observations:
            assert _round_trip(obs) == obs
            claimed = None if obs.last_discard is None else obs.last_discard[1]
            for action in obs.legal:
                assert action_from(_through_json(action_to(action)), obs.seat, claimed) == action
        for event in game.log:
            assert event_from(_through_json(event_to(event))) == event


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), config=st.sampled_from(CONFIGS))
def test_the_json_text_is_what_dumps_makes_of_the_objects(seed: int, config: RuleConfig) -> None:
    """The room's text, made from kept pieces, is the text of the dicts, for every seat and
    the watchers, whatever the pieces kept from before."""
    for game, observations in _states(seed, config):
        for obs in [*observations, watcher_view(observations[0], game.history(None))]:
            assert observation_json(obs) == dumps(observation_to(obs))
            assert json.loads(observation_json(obs)) == _through_json(observation_to(obs))
            for event in obs.history:
                assert event_json(event) == dumps(event_to(event))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_no_seat_reads_another_seats_hidden_tiles(seed: int) -> None:
    """rules.md §5: another seat's 暗杠 is face down; another's draw and private events are
    not told (interfaces.md §6)."""
    for game, observations in _states(seed, RuleConfig()):
        for obs in observations:
            data = observation_to(obs)
            for owner, melds in enumerate(data["melds"]):
                for meld in melds:
                    if meld["kind"] == "ankong" and owner != obs.seat:
                        assert meld["tiles"] is None
            for event in obs.history:
                if event.private:
                    assert event.seat == obs.seat or (
                        event.kind == EventKind.DRAW and "tile" not in event_to(event)
                    )
        watcher = game.history(None)
        assert all(e.kind == EventKind.DRAW and e.tile is None for e in watcher if e.private)


def test_the_history_is_the_log_as_each_seat_may_know_it() -> None:
    for game, observations in _states(7, RuleConfig()):
        for obs in observations:
            seen = [seen_by(e, obs.seat) for e in game.log]
            assert obs.history == tuple(e for e in seen if e is not None)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("hand"), "missing 'hand'"),
        (lambda d: d.update(seat=4), "seat must be 0-3"),
        (lambda d: d.update(seat=True), "seat must be int"),
        (lambda d: d.update(phase="nap"), "unknown phase"),
        (lambda d: d.update(hand=["9z"]), "hand"),
        (lambda d: d.update(ponds=[[]]), "ponds has 1 items"),
        (lambda d: d.update(hand=["5m"] * 1000), "hand has 1000 items"),
        (lambda d: d.update(legal=[{"a": "steal"}]), "unknown action"),
        (lambda d: d.update(melds=[[{"kind": "pong", "tiles": None}]] * 4), "face down"),
        (lambda d: d.update(win_blocked={"code": "because"}), "unknown refusal"),
    ],
)
def test_a_malformed_observation_is_refused_with_a_reason(change, message) -> None:
    game = Game(full_set())
    data = _through_json(observation_to(game.observation(0)))
    change(data)
    with pytest.raises(WireError, match=message):
        observation_from(data)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "gossip"},
        {"kind": "draw", "seat": "1"},
        {"kind": "draw", "info": {"secret": 1}},
        {"kind": "deal", "info": {"dice": [0, 7]}},
        {"kind": "discard", "tile": 5},
        [],
    ],
)
def test_a_malformed_event_is_refused(data) -> None:
    with pytest.raises(WireError):
        event_from(data)


@pytest.mark.parametrize("text", ["5m", "w", " 5m", "5m ", "9z", "55m", "", "0p", "ｗ"])
def test_a_tile_reads_as_the_notation_says_whether_or_not_its_name_is_plain(text) -> None:
    """Plain names are read from a table; anything else goes to ``parse_tile``, with the same
    result or the same refusal."""
    try:
        expected: int | str = parse_tile(text)
    except ValueError as bad:
        expected = str(bad)
    for read in (lambda t: tile_from(t, "tile"), lambda t: tiles_from([t], "tile")[0]):
        try:
            got: int | str = read(text)
        except WireError as bad:
            got = str(bad).removeprefix("tile: ")
        assert got == expected


@pytest.mark.parametrize("value", [5, True, None, ["5m"], 5.0])
def test_a_tile_that_is_no_string_is_refused(value) -> None:
    with pytest.raises(WireError, match="tile must be str"):
        tile_from(value)
    with pytest.raises(WireError, match="tile must be str"):
        tiles_from(["5m", value], "tile")


def test_an_enum_value_is_read_only_from_its_own_strings() -> None:
    assert member(Phase, "turn", "phase") is Phase.TURN
    for value in ("TURN", "nap", 1, None, ["turn"]):
        with pytest.raises(WireError, match="unknown phase"):
            member(Phase, value, "phase")


def test_a_meld_without_its_tiles_is_refused() -> None:
    with pytest.raises(WireError, match="missing 'tiles'"):
        meld_from({"kind": "pong"})


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "pong", "tiles": ["5m", "5m", "5m"], "claimed": "5m", "from": True},
        {"kind": "pong", "tiles": ["5m", "5m", "5m"], "claimed": "5m", "from": 1.0},
        {"kind": "pong", "tiles": ("5m", "5m", "5m"), "claimed": "5m", "from": 1},
        {"kind": "pong", "claimed": "5m", "from": 1},
        {"kind": "pong", "tiles": ["5m", "5m", ["5m"]], "claimed": "5m", "from": 1},
        {"kind": ["pong"], "tiles": ["5m", "5m", "5m"], "claimed": "5m", "from": 1},
        {"kind": "ankong", "tiles": "none"},
    ],
)
def test_a_meld_read_before_does_not_let_a_malformed_one_through(bad) -> None:
    """Melds are kept by what they held: a value that only compares equal to one read before
    (True and 1.0 to 1, a tuple to a list's items) is read, and refused, on its own."""
    good = {"kind": "pong", "tiles": ["5m", "5m", "5m"], "claimed": "5m", "from": 1}
    assert meld_from(good) == meld_from(dict(good)) == meld_from(_through_json(good))
    assert meld_from({"kind": "ankong", "tiles": None}).face_down
    with pytest.raises(WireError):
        meld_from(bad)
