"""``ningde server --workers N`` as real processes on 127.0.0.1: one lobby and one HTTP address
for every worker's rooms, a room's url naming its worker, a client that knows only the code sent
there, and a worker killed with kill -9 started again by the server, resuming its room for the
same tokens while the room's clients reconnect by themselves."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from net_helpers import Player
from server_helpers import (
    KeyedPlayer,
    LobbyClient,
    aget,
    free_ports,
    get,
    lobby_url,
    running_server,
    start_server_process,
    stop_processes,
    wait_for,
)

from ningde_tui.net.client import Dropped, RoomClient
from ningde_tui.net.protocol import Welcome
from ningde_tui.server import lobby
from ningde_tui.server.community import ROOM_RATE

BOTS = ["human", "easy", "easy", "easy"]


def workers_of(parent: int) -> dict[int, tuple[int, str]]:
    """The parent's workers now: their number → (process id, base URL)."""
    found = {}
    children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
    for pid in children:
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        except FileNotFoundError:
            continue
        if "--worker" in argv:
            k = int(argv[argv.index("--worker") + 1])
            owners = json.loads(argv[argv.index("--worker-owners") + 1])
            found[k] = (int(pid), owners[k])
    return found


async def listed(port: int) -> set[str]:
    status, body = await asyncio.to_thread(get, "127.0.0.1", port, "/api/rooms")
    assert status == 200
    return {room["code"] for room in json.loads(body)["rooms"]}


async def counted(port: int) -> int:
    status, body = await asyncio.to_thread(get, "127.0.0.1", port, "/healthz")
    assert status == 200
    return json.loads(body)["rooms"]


async def until_listed(port: int, codes: set[str], timeout: float = 30) -> None:
    async with asyncio.timeout(timeout):
        while await listed(port) != codes:
            await asyncio.sleep(0.2)


async def _watch(client: RoomClient, seen: list[object]) -> None:
    async for event in client.messages():
        seen.append(event)


@pytest.mark.serial
async def test_workers_answer_as_one_server_and_a_killed_worker_comes_back(tmp_path) -> None:
    process, url = await start_server_process(tmp_path / "server", 0, "--workers", "2")
    front = urlsplit(url).port
    base = f"ws://127.0.0.1:{front}"
    try:
        workers = workers_of(process.pid)
        assert sorted(workers) == [0, 1]
        ports = {urlsplit(owner).port for _, owner in workers.values()}
        made, keys = [], []
        for n in range(8):  # each lobby connection goes to either worker
            client = await LobbyClient(url).connect(f"P{n}")
            made.append(await client.ask(lobby.create(BOTS, pace="instant")))
            assert client.welcome is not None
            keys.append(client.welcome.key)
            await client.close()
        assert all(urlsplit(m["url"]).port in ports for m in made)
        codes = {m["code"] for m in made}
        await until_listed(front, codes)  # the lobby's port lists every worker's rooms
        async with asyncio.timeout(30):  # each worker reads the others' every second
            while await counted(front) != 8:
                await asyncio.sleep(0.2)

        room = made[0]
        owner_port = urlsplit(room["url"]).port
        # its maker, by the code alone (the room keeps the seat for them)
        player = KeyedPlayer(f"{base}/{room['code']}", "P0", keys[0], seed=1, think=0.01)
        await player.connect()
        playing = asyncio.ensure_future(player.run())
        await wait_for(lambda: player.acts >= 3, timeout=60)
        seen: list[object] = []
        watcher = RoomClient(f"{base}/{room['code']}", "W", watch=True, backoff=[0.2])
        watching = asyncio.ensure_future(_watch(watcher, seen))
        await wait_for(lambda: any(isinstance(e, Welcome) for e in seen), timeout=30)

        [(k, (pid, _))] = [(k, w) for k, w in workers.items() if urlsplit(w[1]).port == owner_port]
        os.kill(pid, signal.SIGKILL)
        await asyncio.wait_for(asyncio.gather(playing, return_exceptions=True), 30)
        await wait_for(
            lambda: k in workers_of(process.pid) and workers_of(process.pid)[k][0] != pid
        )
        # the watcher's client reconnected by itself, through the redirect, to the new worker
        await wait_for(lambda: sum(isinstance(e, Welcome) for e in seen) >= 2, timeout=60)
        assert any(isinstance(e, Dropped) for e in seen)
        back = Player(f"{base}/{room['code']}", "P0", token=player.token, seed=1, think=0.01)
        await back.connect()
        resumed = asyncio.ensure_future(back.run())
        await wait_for(lambda: back.acts >= 2, timeout=60)  # the same seat, and the game goes on
        assert back.seat == player.seat
        await until_listed(front, codes)  # no room lost
        resumed.cancel()
        watcher.stop()
        watching.cancel()
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 60) == 0
        assert not Path(f"/proc/{pid}").exists()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


@pytest.mark.serial
async def test_workers_take_over_the_rooms_of_a_server_that_ran_alone(tmp_path) -> None:
    data = tmp_path / "server"
    alone, url = await start_server_process(data)
    processes = [alone]
    try:
        maker = await LobbyClient(url).connect("Mia")
        made = [await maker.ask(lobby.create(BOTS, pace="instant")) for _ in range(4)]
        await maker.close()
        alone.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(alone.wait(), 30) == 0
        process, url = await start_server_process(data, 0, "--workers", "2")
        processes.append(process)
        front = urlsplit(url).port
        await until_listed(front, {m["code"] for m in made})  # every room back, on a worker
        player = Player(f"ws://127.0.0.1:{front}/{made[0]['code']}", "Oz", plays=False)
        await player.connect()
        await player.run(lambda m: m["t"] == "welcome")
        assert player.seat == 0
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 60) == 0
    finally:
        await stop_processes(processes)


async def test_the_limits_per_address_hold_across_the_processes(tmp_path) -> None:
    """Two processes sharing one store (here two servers in this process, on one SQLite file):
    an address that made its rooms of the minute on one is refused more on the other."""
    data = tmp_path / "server"
    async with running_server(data, shared=True) as one, running_server(data, shared=True) as two:
        maker = await LobbyClient(lobby_url(one)).connect("Mia")
        for _ in range(ROOM_RATE):
            assert (await maker.ask(lobby.create(BOTS)))["t"] == "created"
        other = await LobbyClient(lobby_url(two)).connect("Noa")  # the same address
        refused = await other.ask(lobby.create(BOTS))
        assert (refused["t"], refused["code"]) == ("refused", "rate_limited")
        status, _ = await aget(two, f"/{one.rooms.popitem()[0]}")  # a room of the other's
        assert status == 307


@pytest.mark.serial
async def test_a_killed_server_takes_its_workers_and_comes_back_with_its_rooms(tmp_path) -> None:
    data, front = tmp_path / "server", free_ports(3)
    process, url = await start_server_process(data, front, "--workers", "2")
    processes = [process]
    try:
        workers = [pid for pid, _ in workers_of(process.pid).values()]
        maker = await LobbyClient(url).connect("Mia")
        made = await maker.ask(lobby.create(BOTS, pace="instant"))
        await maker.close()
        await until_listed(front, {made["code"]})
        process.kill()  # kill -9 of the whole server: its workers end with it
        await process.wait()
        await wait_for(lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers))
        again, _ = await start_server_process(data, front, "--workers", "2")  # the same ports
        processes.append(again)
        await until_listed(front, {made["code"]})
        assert maker.welcome is not None  # the seat kept for its maker is still hers
        url = f"ws://127.0.0.1:{front}/{made['code']}"
        stranger = Player(url, "Oz", plays=False)
        await stranger.connect()
        await stranger.run()
        assert [m["code"] for m in stranger.messages("error")] == ["full"]
        player = KeyedPlayer(url, "Mia", maker.welcome.key, plays=False)
        await player.connect()
        await player.run(lambda m: m["t"] == "welcome")
        assert player.seat == 0
    finally:
        await stop_processes(processes)


@pytest.mark.serial
async def test_the_workers_hold_max_rooms_together(tmp_path) -> None:
    process, url = await start_server_process(
        tmp_path / "server", 0, "--workers", "2", "--max-rooms", "4"
    )
    try:
        ports = [urlsplit(owner).port for _, owner in workers_of(process.pid).values()]
        made = []
        for n in range(4):  # wherever each lands, the machine holds four
            client = await LobbyClient(url).connect(f"P{n}")
            made.append(await client.ask(lobby.create(BOTS)))
            await client.close()
        assert [m["t"] for m in made] == ["created"] * 4
        for port in ports:  # each worker has read the other's count
            async with asyncio.timeout(30):
                while await counted(port) != 4:
                    await asyncio.sleep(0.2)
        for n, port in enumerate(ports):
            client = await LobbyClient(f"ws://127.0.0.1:{port}/lobby").connect(f"Late{n}")
            refused = await client.ask(lobby.create(BOTS))
            assert (refused["t"], refused["code"]) == ("refused", "full")
            await client.close()
    finally:
        await stop_processes([process])
