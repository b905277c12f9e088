"""Four clients play whole hands through a real room server; the record replays."""

from __future__ import annotations

from net_helpers import Player, play_all, running_room

from ningde_tui.cli import replay


async def test_four_clients_play_a_hand_to_its_result(capsys) -> None:
    async with running_room(["human"] * 4, seed=11) as (server, room):
        url = server.url(room)
        players = [await Player(url, f"p{i}", seed=i).connect() for i in range(4)]
        await play_all(players, hands=2)
        assert sorted(p.seat for p in players) == [0, 1, 2, 3]
        for p in players:
            results = p.messages("result")
            assert [r["hand"] for r in results] == [1, 2]
        path = room.record_path
    assert path is not None
    assert replay.main(["--check", "--lang", "en", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("hand ") >= 2
