"""A claim window as friends at their own screens meet it (interfaces.md §6.1), on real rooms on
127.0.0.1 with real WebSocket clients: every table sees a discard at once, whoever may claim it
and however long they think; ``seq`` counts each connection's own states; and the time from a
discard to what follows tells a watcher nothing about whether a person could have claimed it.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from net_helpers import Player, choose, play_all, running_room
from scipy.stats import ks_2samp

from ningde_tui.net.room import CLAIM_PAUSE, CLAIM_SECONDS, RoomOptions
from ningde_tui.records.record import replay_file
from ningde_tui.rules.game import Action, ActionType, Game, Observation, Phase

CLAIMS = (ActionType.CHI, ActionType.PONG, ActionType.KONG, ActionType.WIN)


def offered_a_claim(obs: Observation) -> bool:
    return obs.phase == Phase.CLAIM and any(a.type in CLAIMS for a in obs.legal)


def passes_claims(obs: Observation, rng: random.Random) -> Action:
    """A person who lets every discard go and throws any tile on their turn."""
    for action in obs.legal:
        if action.type in (ActionType.PASS, ActionType.DECLINE_THREE_GOLD):
            return action
    return choose(obs, rng)


def seqs(player: Player) -> list[int]:
    return [m["seq"] for m in player.messages("state")]


def discard_times(player: Player) -> dict[tuple[int, int], float]:
    """When each discard of the first hand reached ``player``: (discard number, seat) → time."""
    out: dict[tuple[int, int], float] = {}
    n = 0
    for at, message in player.log:
        if message["t"] == "result":
            break
        if message["t"] != "state":
            continue
        for event in message["events"]:
            if event["kind"] == "discard":
                out[(n, event["seat"])] = at
                n += 1
    return out


def test_a_claim_has_its_own_time_when_a_turn_has_a_timer() -> None:
    assert RoomOptions().claim_s is None
    assert RoomOptions(turn_seconds=20).claim_s == CLAIM_SECONDS
    assert RoomOptions(turn_seconds=20, claim_seconds=5).claim_s == 5
    assert RoomOptions().pause_range == CLAIM_PAUSE


@pytest.mark.serial
async def test_every_table_sees_a_discard_at_once_while_a_person_thinks_over_a_claim() -> None:
    """B thinks a second over each of its first claims: the discarder, the other player and a
    watcher have the discard in their ponds at once all the same (before, the discarder's
    table kept "your move" until B decided), and nobody's seq has a gap."""
    slow: list[float] = []

    def think(obs: Observation) -> float:
        if offered_a_claim(obs) and len(slow) < 3:
            slow.append(1.0)
            return 1.0
        return 0.0

    async with running_room(
        ["human", "human", "easy", "easy"], seed=3, claim_pause=(0.02, 0.05)
    ) as (server, room):
        url = server.url(room)
        watcher = await Player(url, watch=True, plays=False).connect()
        a = await Player(url, "A", seed=1, chooser=passes_claims).connect()
        b = await Player(url, "B", seed=2, think=think).connect()
        await play_all([a, b, watcher], hands=1, timeout=90)
    assert slow, "B was never offered a claim: choose another seed"
    offers = [
        (at, m)
        for at, m in b.log
        if m["t"] == "state" and m["obs"]["phase"] == "claim" and m["obs"]["legal"]
    ]
    seen = {name: discard_times(p) for name, p in (("A", a), ("B", b), ("watcher", watcher))}
    checked = 0
    for at, state in offers[: len(slow)]:
        discard = next(e for e in reversed(state["events"]) if e["kind"] == "discard")
        key = next(k for k, t in seen["B"].items() if t == at and k[1] == discard["seat"])
        for name in ("A", "watcher"):
            assert seen[name][key] - at < 0.5, (name, key, seen[name][key] - at)
        checked += 1
    assert checked == len(slow)
    # the discarder is shown its discard, and nothing to decide, the moment it is taken
    for state in a.messages("state"):
        if state["obs"]["phase"] == "claim":
            mine = [e for e in state["events"] if e["kind"] == "discard" and e["seat"] == 0]
            if mine:
                assert state["obs"]["legal"] == []
    for player in (a, b, watcher):
        assert seqs(player) == list(range(1, len(seqs(player)) + 1))


def _person_could_claim(record: Path, people: set[int]) -> list[bool]:
    """For each discard of each hand of the record: could a person have claimed it?"""
    out = []
    for hand in replay_file(record).hands:
        setup = hand.setup
        game = Game(setup.wall, setup.dealer, setup.streak, setup.dice, hand.game.config)
        game.hold_windows = True
        for action in hand.game.decisions:
            while game.held:
                game.close_window()
            game.apply(action)
            if action.type == ActionType.DISCARD:
                window = game.window
                options = {} if window is None else window.options
                out.append(bool(people & set(options)))
    return out


def _gaps(watcher: Player) -> list[float | None]:
    """For each discard a watcher saw: the seconds until the next state after it (None after
    a hand's first discard, which may open the public 抢金 window instead)."""
    states = [(at, m) for at, m in watcher.log if m["t"] == "state"]
    gaps: list[float | None] = []
    for (at, state), (after, _) in zip(states, states[1:], strict=False):
        kinds = [e["kind"] for e in state["events"]]
        if "discard" in kinds:
            if kinds[-1] == "window":
                gaps.append(None)
                continue
            assert kinds[-1] == "discard", kinds  # nothing after it comes with it
            gaps.append(after - at)
    return gaps


@pytest.mark.serial
async def test_the_pause_after_a_discard_tells_a_watcher_nothing() -> None:
    """Three people who let every claim go within the pause's shortest draw, and a bot: the
    watcher's time from a discard to what follows has one distribution whether or not a
    person could have claimed the discard (a two-sample Kolmogorov–Smirnov test). When the
    people think past the pause instead (0.2–0.6 s), as a discard a person could claim
    waited for them before, the test tells the two apart with p < 1e-7 over these samples."""
    low, high = 0.1, 0.3
    rng = random.Random(5)

    def think(obs: Observation) -> float:
        return rng.uniform(0.0, low * 0.6) if obs.phase == Phase.CLAIM else 0.0

    options: dict[str, Any] = {"claim_pause": (low, high), "rounds": 1}
    async with running_room(["human", "human", "human", "easy"], seed=11, **options) as (
        server,
        room,
    ):
        url = server.url(room)
        watcher = await Player(url, watch=True, plays=False).connect()
        people = [
            await Player(url, f"P{i}", seed=i, think=think, chooser=passes_claims).connect()
            for i in range(3)
        ]
        await play_all([*people, watcher], hands=2, timeout=240)
        record = room.record_path
    assert record is not None
    could = _person_could_claim(record, {0, 1, 2})
    gaps = _gaps(watcher)
    n = min(len(could), len(gaps))  # the last hand's last discards may come after the result
    pairs = [(g, c) for g, c in zip(gaps[:n], could[:n], strict=True) if g is not None]
    claimable = [g for g, c in pairs if c]
    not_claimable = [g for g, c in pairs if not c]
    assert len(claimable) >= 25 and len(not_claimable) >= 25, (len(claimable), len(not_claimable))
    result = ks_2samp(claimable, not_claimable)
    assert result.pvalue > 1e-6, (result, sorted(claimable), sorted(not_claimable))
    # every window is held for a pause drawn from the range (a state the watcher took late,
    # on this shared computer, shortens the gap after it: a tenth may fall short)
    ordered = sorted(g for g, _ in pairs)
    assert ordered[len(ordered) // 10] >= low * 0.9, ordered[:10]
