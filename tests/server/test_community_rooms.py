"""What a resumed room of a community server plays with: the room file's own settings (as
``ningde host --continue`` reads them), with the rules the server kept; else what the server
kept; else the defaults — and nothing malformed in either is taken."""

from __future__ import annotations

from pathlib import Path

from ningde_tui.net.room import RoomOptions
from ningde_tui.net.tokens import SeatTokens
from ningde_tui.rules.config import RuleConfig
from ningde_tui.server.rooms import options_from_dict, options_to_dict, room_options, settings_of

RECORD = Path("20250102-153012-room-K3F9QX.jsonl")


def test_the_room_files_settings_come_first_with_the_kept_rules() -> None:
    rules = RuleConfig(rob_kong=True, rounds=2)
    kept = RoomOptions(rounds=2, pace="fast", turn_seconds=20.0, config=rules)
    played = RoomOptions(rounds=3, pace="relaxed", grace=5.0, claim_pause=(0.0, 0.1))
    held = SeatTokens("K3F9QX", settings=settings_of(played, "127.0.0.1", 7350))
    options = room_options(RECORD, held, options_to_dict(kept))
    assert (options.rounds, options.pace, options.grace) == (3, "relaxed", 5.0)
    assert options.claim_pause == (0.0, 0.1) and options.config == rules


def test_what_the_server_kept_then_the_defaults() -> None:
    kept = RoomOptions(rounds=2, pace="fast", turn_seconds=20.0, claim_pause=(0.1, 0.2))
    assert room_options(RECORD, SeatTokens("K3F9QX"), options_to_dict(kept)) == kept
    assert options_from_dict(options_to_dict(kept)) == kept
    broken = SeatTokens("K3F9QX", settings={"pace": "warp", "rounds": "many"})
    assert room_options(RECORD, broken, options_to_dict(kept)) == kept
    for stored in (None, {"rounds": 0}, {"pace": 3}, {"claim_pause": [1]}, {"rules": {"x": 1}}):
        assert room_options(RECORD, SeatTokens("K3F9QX"), stored) == RoomOptions()
