"""Several ``ningde server --redis`` processes on 127.0.0.1 with a real ``redis-server``: one
community behind any of their lobbies (a name held on one is held on all, a room made on one is
listed by all and joined by its code through any of them, a replay code answered by any), a
server that stops or is killed leaving the list, a killed server's room resumed when it comes
back, and Redis itself restarted under a running community: players may wait, no room is lost,
no rating counted twice."""

from __future__ import annotations

import asyncio
import json
import signal
from urllib.parse import urlsplit

import pytest
from net_helpers import Player
from server_helpers import (
    KeyedPlayer,
    LobbyClient,
    get,
    play_to_the_end,
    start_server_process,
    start_servers,
    stop_processes,
    wait_for,
)

from ningde_tui.server import lobby
from ningde_tui.server.fetch import fetch_hand

pytestmark = pytest.mark.serial
BOTS = ["human", "easy", "easy", "easy"]


def port_of(url: str) -> int:
    port = urlsplit(url).port
    assert port is not None
    return port


async def http(url: str, path: str) -> tuple[int, str, dict[str, str]]:
    """A GET on the server of ``url`` (not following redirects): status, body, headers."""
    import http.client

    def one() -> tuple[int, str, dict[str, str]]:
        conn = http.client.HTTPConnection("127.0.0.1", port_of(url), timeout=10)
        try:
            conn.request("GET", path)
            answer = conn.getresponse()
            body = answer.read().decode("utf-8", "replace")
            return answer.status, body, dict(answer.getheaders())
        finally:
            conn.close()

    return await asyncio.to_thread(one)


async def listed(url: str) -> set[str]:
    status, body = await asyncio.to_thread(get, "127.0.0.1", port_of(url), "/api/rooms")
    assert status == 200
    return {room["code"] for room in json.loads(body)["rooms"]}


async def until(check, timeout: float = 30) -> None:
    """Poll an async ``check`` until it holds."""
    async with asyncio.timeout(timeout):
        while not await check():
            await asyncio.sleep(0.2)


async def test_two_servers_and_redis_are_one_community(tmp_path, redis_server) -> None:
    started = await start_servers(tmp_path, 2, "--redis", redis_server.url, "--claim-pause", "0")
    (a, url_a), (b, url_b) = started
    try:
        ann = await LobbyClient(url_a).connect("Ann")
        assert ann.welcome is not None
        taken = await LobbyClient(url_b).connect("Ann")  # a name held on one is held on all
        assert taken.welcome is None and taken.got[-1]["code"] == "name_taken"
        made = await ann.ask(lobby.create(BOTS, pace="instant"))
        code = made["code"]
        assert port_of(made["url"]) == port_of(url_a)  # the room's url names its owner
        await until(lambda: _has(url_b, code))  # listed by the other server too
        base_b = url_b.rsplit("/", 1)[0]
        # its maker, by code, through b (the room keeps the seat for her)
        player = KeyedPlayer(f"{base_b}/{code}", "Ann", ann.welcome.key, seed=3, think=0.01)
        await player.connect()
        playing = asyncio.ensure_future(player.run())
        await wait_for(lambda: bool(player.messages("result")), timeout=120)
        status, _, headers = await http(url_b, f"/r/{code}-1")
        assert (
            status == 307 and headers["Location"] == f"http://127.0.0.1:{port_of(url_a)}/r/{code}-1"
        )
        served = await asyncio.to_thread(
            fetch_hand, f"http://127.0.0.1:{port_of(url_b)}/r/{code}-1"
        )
        assert json.loads(served.splitlines()[0])["seed"] is None  # ningde replay follows it
        playing.cancel()
        a.send_signal(signal.SIGTERM)  # a clean stop leaves the list at once
        assert await asyncio.wait_for(a.wait(), 30) == 0
        await until(lambda: _lacks(url_b, code), timeout=15)
    finally:
        await stop_processes([p for p, _ in started])


async def _has(url: str, code: str) -> bool:
    return code in await listed(url)


async def _lacks(url: str, code: str) -> bool:
    return code not in await listed(url)


async def test_a_killed_server_leaves_the_list_and_its_room_resumes(tmp_path, redis_server) -> None:
    started = await start_servers(tmp_path, 3, "--redis", redis_server.url)
    (_, url_a), _, (c, url_c) = started
    processes = [p for p, _ in started]
    try:
        cat = await LobbyClient(url_c).connect("Cat")
        made = await cat.ask(lobby.create(["human", "human", "easy", "easy"], pace="instant"))
        code, base_a = made["code"], url_a.rsplit("/", 1)[0]
        first = Player(f"{base_a}/{code}", "Oz", seed=1, think=0.01)
        await first.connect()
        await first.run(lambda m: m["t"] == "welcome")
        await until(lambda: _has(url_a, code))
        c.kill()  # kill -9 of a whole server
        await c.wait()
        await until(lambda: _lacks(url_a, code), timeout=45)  # its heartbeat is gone (10 s)
        again, _ = await start_server_process(
            tmp_path / "c", port_of(url_c), "--redis", redis_server.url, "--public-url",
            url_c.rsplit("/", 1)[0],
        )  # fmt: skip
        processes.append(again)
        await until(lambda: _has(url_a, code))  # back in every list, its seat still held
        back = Player(f"{base_a}/{code}", "Oz", token=first.token, plays=False)
        await back.connect()
        await back.run(lambda m: m["t"] == "welcome")
        assert back.seat == first.seat
    finally:
        await stop_processes(processes)


async def test_redis_restarted_under_a_running_community(tmp_path, redis_server) -> None:
    # short claim windows: a whole session in well under a minute, still long enough for
    # Redis to be stopped and started under it
    started = await start_servers(
        tmp_path, 2, "--redis", redis_server.url, "--claim-pause", "0.02-0.05"
    )
    (_, url_a), (_, url_b) = started
    try:
        ann = await LobbyClient(url_a).connect("Ann")
        bob = await LobbyClient(url_b).connect("Bob")
        assert ann.welcome is not None and bob.welcome is not None
        made = await ann.ask(lobby.create(["human", "human", "easy", "easy"], pace="instant"))
        code, base_b = made["code"], url_b.rsplit("/", 1)[0]
        from server_helpers import KeyedPlayer

        players = [
            KeyedPlayer(made["url"], "Ann", ann.welcome.key, seed=1, think=0.02),
            KeyedPlayer(f"{base_b}/{code}", "Bob", bob.welcome.key, seed=2, think=0.02),
        ]
        for player in players:
            await player.connect()
        game = asyncio.ensure_future(play_to_the_end(players, timeout=600))
        await wait_for(lambda: all(p.acts >= 3 for p in players), timeout=60)
        redis_server.stop()  # the room plays on without Redis
        late = await LobbyClient(url_b).connect()
        await late.send(lobby.hello("Late"))
        refused = await late.expect("refused", "welcome", "error")
        assert refused["code"] == "unavailable"  # a player may have to wait
        acts = sum(p.acts for p in players)
        await wait_for(lambda: sum(p.acts for p in players) >= acts + 3, timeout=60)
        redis_server.start()  # the same data, appended to its file at every write
        await game
        await until(lambda: _games_of(url_b, "Ann", 1), timeout=200)  # booked once it could be
        assert await _games_of(url_a, "Bob", 1)
        assert await _games_of(url_a, "bot:easy", 2)  # two seats, once each
        status, _, headers = await http(url_b, f"/r/{code}-1")  # the directory kept the room
        assert status == 307 and port_of(headers["Location"]) == port_of(url_a)
        again = await LobbyClient(url_b).connect("Late")
        assert again.welcome is not None
    finally:
        await stop_processes([p for p, _ in started])


async def _games_of(url: str, name: str, games: int) -> bool:
    status, body = await asyncio.to_thread(get, "127.0.0.1", port_of(url), f"/api/players/{name}")
    return status == 200 and json.loads(body)["games"] == games


async def test_the_last_seat_is_promised_once_whichever_server_sends_a_player(
    tmp_path, redis_server
) -> None:
    """Ann makes a room of two people on a; 快速开始 on b and on c at once: one of them is
    sent to its last seat, the other gets a room of their own. Until the one sent comes, a
    stranger by code finds the room full (a keeps the seat b or c promised)."""
    started = await start_servers(tmp_path, 3, "--redis", redis_server.url)
    (_, url_a), (_, url_b), (_, url_c) = started
    try:
        ann = await LobbyClient(url_a).connect("Ann")
        made = await ann.ask(lobby.create(["human", "human", "easy", "easy"]))
        code = made["code"]
        await until(lambda: _has(url_b, code))
        await until(lambda: _has(url_c, code))
        bob = await LobbyClient(url_b).connect("Bob")
        cat = await LobbyClient(url_c).connect("Cat")
        assert bob.welcome is not None and cat.welcome is not None
        sent = await asyncio.gather(bob.ask(lobby.quick()), cat.ask(lobby.quick()))
        assert [s["t"] for s in sent] == ["created", "created"]
        codes = [s["code"] for s in sent]
        assert codes.count(code) == 1, codes
        (lucky, url), key = next(
            ((name, s["url"]), c.welcome.key)
            for name, s, c in zip(("Bob", "Cat"), sent, (bob, cat), strict=True)
            if s["code"] == code
        )
        stranger = Player(made["url"], "Dan", plays=False)
        await stranger.connect()
        await stranger.run()
        assert [m["code"] for m in stranger.messages("error")] == ["full"]
        came = KeyedPlayer(url, lucky, key, plays=False)
        await came.connect()
        await came.run(lambda m: m["t"] == "welcome")
        assert came.seat is not None
    finally:
        await stop_processes([p for p, _ in started])
