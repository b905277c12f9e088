"""Hostile clients get an error or a refusal and lose at most their own connection; the room,
the other clients and the record go on."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_helpers import Player, play_all, running_room
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from ningde_tui.cli import replay
from ningde_tui.net import protocol, server


async def _first(player: Player, kind: str, timeout: float = 5) -> dict:
    await asyncio.wait_for(player.run(lambda m: m["t"] == kind), timeout)
    return player.messages(kind)[-1]


async def _closed_with_error(url: str, frames: list, code: str) -> Player:
    """A client sends ``frames`` (after its hello if the first is not raw) and is told
    ``code`` and closed."""
    bad = Player(url, "bad", plays=False)
    bad.ws = await connect(url, max_size=None)
    for frame in frames:
        await bad.send(frame)
    await asyncio.wait_for(bad.run(), 5)
    errors = bad.messages("error")
    assert errors and errors[-1]["code"] == code, bad.log
    assert bad.closed is not None and bad.closed[0] == 1008
    return bad


async def test_broken_messages_close_only_their_connection(capsys) -> None:
    async with running_room(["human", "human", "easy", "easy"], seed=3) as (srv, room):
        url = srv.url(room)
        hello = protocol.hello("x", watch=True)
        await _closed_with_error(url, ["{not json"], "bad_json")
        await _closed_with_error(url, [hello, "[1, 2]"], "bad_message")
        await _closed_with_error(url, [hello, {"t": "fly"}], "unknown_type")
        await _closed_with_error(url, [hello, b"\x00binary"], "binary")
        await _closed_with_error(url, [hello, hello], "hello_again")
        await _closed_with_error(url, [{"t": "act", "seq": 0, "a": "pass"}], "hello_first")
        await _closed_with_error(url, [{**hello, "protocol": 99}], "protocol")
        await _closed_with_error(url, [{**hello, "name": "\x07" * 3}], "bad_name")
        await _closed_with_error(url, [protocol.hello("x", token="nope" * 10)], "bad_token")
        await _closed_with_error(url, [hello, *[{"t": "act", "seq": 0}] * 60], "flood")
        players = [await Player(url, f"p{i}", seed=i).connect() for i in range(2)]
        await _closed_with_error(url, [protocol.hello("third")], "full")
        await play_all(players, hands=1)
        path = room.record_path
    assert replay.main(["--check", "--lang", "en", str(path)]) == 0
    assert "hand 1" in capsys.readouterr().out


async def test_an_oversized_frame_closes_that_connection() -> None:
    async with running_room(["human", "easy", "easy", "easy"]) as (srv, room):
        url = srv.url(room)
        big = Player(url, plays=False)
        await big.connect()
        await big.send(json.dumps({"t": "act", "seq": 0, "pad": "x" * (protocol.MAX_MESSAGE + 10)}))
        await asyncio.wait_for(big.run(), 5)
        assert big.closed is not None and big.closed[0] == 1009
        again = await Player(url, token=big.token, seed=1).connect()
        await play_all([again], hands=1)  # the seat and the room are fine
        assert again.seat == big.seat


async def test_a_foreign_origin_and_an_unknown_room_are_turned_away() -> None:
    async with running_room(["easy"] * 4, origins=["https://table.example"]) as (srv, room):
        url = srv.url(room)
        with pytest.raises(InvalidStatus) as refused:
            await connect(url, origin="https://evil.example")
        assert refused.value.response.status_code == 403
        with pytest.raises(InvalidStatus) as missing:
            await connect(url.replace("/ROOM", "/NOPE"))
        assert missing.value.response.status_code == 404
        page = await Player(url, watch=True, plays=False).connect(origin="https://table.example")
        assert (await _first(page, "welcome"))["seat"] is None
        await page.close()


async def test_a_silent_client_is_closed_after_the_hello_timeout(monkeypatch) -> None:
    monkeypatch.setattr(server, "HELLO_SECONDS", 0.2)
    async with running_room(["easy"] * 4) as (srv, room):
        silent = Player(srv.url(room), plays=False)
        silent.ws = await connect(srv.url(room))
        await asyncio.wait_for(silent.run(), 5)
        assert silent.messages("error")[-1]["code"] == "no_hello"


async def test_old_second_foreign_and_illegal_acts_are_refused() -> None:
    async with running_room(["human", "easy", "easy", "easy"], seed=5) as (srv, room):
        url = srv.url(room)
        me = await Player(url, plays=False).connect()
        watcher = await Player(url, watch=True, plays=False).connect()
        state = await _first(me, "state")
        while not state["obs"]["legal"]:
            me.log.clear()
            state = await _first(me, "state")
        seq, legal = state["seq"], state["obs"]["legal"]
        await me.send(protocol.act(seq + 5, legal[0]))
        await me.send(protocol.act(seq, {"a": "fly"}))
        await me.send(protocol.act(seq, {"a": "discard", "tile": "not a tile"}))
        tiles = set(state["obs"]["hand"])
        absent = next(t for t in ("1m", "2m", "3m", "4m", "5m", "6m", "7m") if t not in tiles)
        if any(a["a"] == "discard" for a in legal):
            await me.send(protocol.act(seq, {"a": "discard", "tile": absent}))
        await watcher.send(protocol.act(seq, legal[0]))
        await me.send(protocol.act(seq, legal[0]))
        await me.send(protocol.act(seq, legal[0]))  # a second act on the same state
        me.log.clear()
        await asyncio.wait_for(me.run(lambda m: len(me.messages("refused")) >= 4), 5)
        codes = [m["code"] for m in me.messages("refused")]
        assert codes[:3] == ["not_your_turn", "unknown_action", "unknown_action"]
        assert codes[-1] == "not_your_turn"
        if any(a["a"] == "discard" for a in legal):
            assert "not_in_hand" in codes
        watcher.log.clear()
        await asyncio.wait_for(watcher.run(lambda m: m["t"] == "refused"), 5)
        await watcher.close()
        me.plays = True
        await me.answer()
        await play_all([me], hands=1)
