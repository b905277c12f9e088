"""Real rooms on 127.0.0.1 and real ``websockets`` clients that play through the protocol."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from remote_helpers import INSTANT as INSTANT
from remote_helpers import running_room as running_room
from websockets.asyncio.client import ClientConnection, connect

from ningde_tui.net import protocol, wire
from ningde_tui.rules.config import RuleConfig
from ningde_tui.rules.game import Action, ActionType, Event, Observation

ROOT = Path(__file__).resolve().parents[2]


def choose(obs: Observation, rng: random.Random) -> Action:
    """A scripted player: a win when it may, else any legal move (claims, kongs and all)."""
    for action in obs.legal:
        if action.type in (ActionType.WIN, ActionType.THREE_GOLD, ActionType.ROB_GOLD):
            return action
    return rng.choice(obs.legal)


class Player:
    """One client over a real WebSocket: says hello, keeps every message it gets (with the
    time it came), and, if it ``plays``, answers every state that asks it to decide."""

    def __init__(
        self,
        url: str,
        name: str = "p",
        token: str | None = None,
        watch: bool = False,
        plays: bool = True,
        seed: int = 0,
        think: float | Callable[[Observation], float] = 0.0,
        ready: bool = True,
        chooser: Callable[[Observation, random.Random], Action] | None = None,
    ) -> None:
        self.url, self.name, self.token, self.watch = url, name, token, watch
        self.plays = plays
        self.rng = random.Random(seed)
        self.think = think  # seconds before each answer, or a function of what it decides
        self.ready = ready  # says ready once it has a hand's result (interfaces.md §6.1)
        self.chooser = chooser or choose
        self.ws: ClientConnection | None = None
        self.log: list[tuple[float, dict[str, Any]]] = []
        self.seat: int | None = None
        self.rules: RuleConfig | None = None
        self.history: list[Event] = []
        self.hand = 0
        self.acts = 0
        self.sent_at: list[float] = []
        self.round_trips: list[float] = []
        self.closed: tuple[int | None, str | None] | None = None
        self.pending: tuple[int, Observation] | None = None

    async def connect(self, **kwargs: Any) -> Player:
        self.ws = await connect(self.url, max_size=None, **kwargs)
        await self.send(protocol.hello(self.name, self.token, self.watch))
        return self

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        assert self.ws is not None
        raw = message if isinstance(message, str | bytes) else protocol.dumps(message)
        await self.ws.send(raw)

    def messages(self, kind: str | None = None) -> list[dict[str, Any]]:
        return [m for _, m in self.log if kind is None or m["t"] == kind]

    async def run(self, until: Callable[[dict[str, Any]], bool] = lambda m: False) -> None:
        """Read (and play) until the connection closes or ``until`` a message."""
        assert self.ws is not None
        try:
            async for text in self.ws:
                now = time.monotonic()
                message = json.loads(text)
                self.log.append((now, message))
                await self._read(message, text, now)
                if until(message):
                    return
        except Exception as exc:  # noqa: BLE001 - a dropped connection ends the run
            if not type(exc).__name__.startswith("Connection"):
                raise
        self.closed = (self.ws.close_code, self.ws.close_reason)

    async def _read(self, message: dict[str, Any], text: str, now: float) -> None:
        kind = message["t"]
        if kind == "welcome":
            welcome = protocol.parse_server(text)
            assert isinstance(welcome, protocol.Welcome)
            self.seat, self.rules = welcome.seat, welcome.rules
            self.token = welcome.token or self.token
        elif kind == "state":
            state = protocol.parse_server(text, self.rules)
            assert isinstance(state, protocol.State)
            if state.hand != self.hand:
                self.hand, self.history = state.hand, []
            self.history += state.events
            if self.sent_at:
                self.round_trips.append(now - self.sent_at.pop())
            obs = state.obs._replace(history=tuple(self.history))
            self.pending = (state.seq, obs) if obs.legal else None
            if self.plays and obs.legal:
                await self.answer()
        elif kind == "refused":
            self.sent_at = []
        elif kind == "result" and self.ready and not self.watch:
            await self.send(protocol.ready())

    async def answer(self) -> None:
        """Decide on the last state, if it asks for a decision."""
        if self.pending is None:
            return
        seq, obs = self.pending
        self.pending = None
        think = self.think(obs) if callable(self.think) else self.think
        if think:
            await asyncio.sleep(think)
        action = self.chooser(obs, self.rng)
        self.acts += 1
        self.sent_at = [time.monotonic()]
        await self.send(protocol.act(seq, wire.action_to(action)))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def result_after(hands: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: (m["t"] == "result" and m["hand"] >= hands) or m["t"] == "over"


async def play_all(players: list[Player], hands: int = 1, timeout: float = 30) -> None:
    await asyncio.wait_for(asyncio.gather(*(p.run(result_after(hands)) for p in players)), timeout)


async def start_host(data_dir: Path, *args: str) -> tuple[asyncio.subprocess.Process, str]:
    """A real ``ningde host`` process on 127.0.0.1 (a free port, pace instant); returns it
    with its room's URL once it has printed it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NINGDE_DATA_DIR": str(data_dir)}
    host = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "ningde_tui", "host", "--port", "0", "--pace", "instant"),
        *args,
        stdout=subprocess.PIPE,
        env=env,
    )
    assert host.stdout is not None
    while True:
        line = (await asyncio.wait_for(host.stdout.readline(), 20)).decode()
        assert line, "the host ended before it printed its room"
        if line.startswith("room "):
            return host, line.split()[-1]
