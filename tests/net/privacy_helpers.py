"""The privacy checker of the rooms' tests: no message to a seat or a watcher carries what it
may not know (another seat's concealed tile or draw, a wall tile not yet drawn, the seed),
checked message by message and tile by tile against the engine's own state at the moment the
room hands the message over (set ``Checker()`` as a room's ``tap``, and its ``room``)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from ningde_tui.net import wire
from ningde_tui.net.room import Room
from ningde_tui.rules.game import EventKind, Game, seen_by
from ningde_tui.rules.melds import MeldKind
from ningde_tui.rules.tiles import tile_str

FORBIDDEN_KEYS = {"seed", "wall"}


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | set().union(*(_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value)) if value else set()
    return set()


def _tiles(tiles) -> list[str]:
    return [tile_str(t) for t in tiles]


class Checker:
    """Checks every message as the room hands it to a connection."""

    def __init__(self) -> None:
        self.room: Room | None = None
        self.sent: dict[int | None, list[dict[str, Any]]] = {}
        self.events: dict[int | None, list[dict[str, Any]]] = {}
        self.hand: dict[int | None, int] = {}
        self.states = 0

    def __call__(self, seat: int | None, message: dict[str, Any]) -> None:
        message = json.loads(json.dumps(message))  # as it goes over the wire
        self.sent.setdefault(seat, []).append(message)
        assert not _keys(message) & FORBIDDEN_KEYS, message
        assert self.room is not None
        match = self.room.match
        if message["t"] == "state":
            assert match is not None
            self.state(seat, message, match.game)
        elif message["t"] == "result":
            assert match is not None and match.game.result is not None
            game = match.game
            assert [Counter(h["tiles"]) for h in message["hands"]] == [
                Counter(_tiles(game.hands[s])) for s in range(4)
            ]

    def state(self, seat: int | None, message: dict[str, Any], game: Game) -> None:
        self.states += 1
        obs = message["obs"]
        if self.hand.get(seat) != message["hand"]:
            self.hand[seat], self.events[seat] = message["hand"], []
        if seat is None:  # a watcher: nobody's hand, nobody's choices
            assert (obs["hand"], obs["drawn"], obs["legal"], obs["win_blocked"]) == (
                [],
                None,
                [],
                None,
            )
        else:
            assert Counter(obs["hand"]) == Counter(_tiles(game.hands[seat]))
            drawn = game.just_drawn(seat)
            assert obs["drawn"] == (None if drawn is None else tile_str(drawn))
            mine = set(obs["hand"]) | (
                {tile_str(game.last_discard[1])} if game.last_discard else set()
            )
            for action in obs["legal"]:
                assert {action.get("tile"), *action.get("tiles", [])} - {None} <= mine
        for other in range(4):
            shown = [
                {"kind": "ankong", "tiles": None}
                if m.kind == MeldKind.ANKONG and other != seat
                else wire.meld_to(m)
                for m in game.melds[other]
            ]
            assert obs["melds"][other] == shown
        assert obs["ponds"] == [_tiles(p) for p in game.ponds]
        assert obs["hand_sizes"] == [len(h) for h in game.hands]
        assert (obs["gold"], obs["indicator"]) == (tile_str(game.gold), tile_str(game.indicator))
        assert obs["set_aside"] == _tiles(game.wall.set_aside)
        for event in message["events"]:
            if event["kind"] == EventKind.DRAW and event.get("seat") != seat:
                assert "tile" not in event, event  # another seat's draw names no tile
            if event.get("private"):
                assert event["kind"] == EventKind.DRAW or event.get("seat") == seat
        self.events[seat] += message["events"]
        seen = (seen_by(e, seat) for e in game.log)
        assert self.events[seat] == [wire.event_to(e) for e in seen if e is not None]
