"""A seat of a room played headless (``ningde join URL --bot LEVEL`` / ``--bot-cmd CMD``).

``play_seat(client, player)`` reads the room's messages, keeps the seat's view (``RemoteSeat``:
the bots read the whole hand's history, as at a local table) and, whenever the seat has to
decide, asks ``player`` and sends its answer for that state's ``seq``.

- ``BuiltinBot``: one of the package's bots (``bots.base.make_bot``) chooses from the decoded
  observation, off the event loop.
- ``CommandBot``: an outside program. It reads every message of the room, one JSON object per
  line, exactly as the server sent it, on its stdin, and answers each ``state`` whose
  ``obs.legal`` is not empty with one line on its stdout: an ``act`` object, ``{"a":
  "discard", "tile": "3p"}`` (its ``"t"`` and ``"seq"`` may be given; an answer for another
  ``seq`` is skipped). An answer that is late (``timeout``), unreadable or not among the legal
  actions is replaced by the safe move (``safe_action``: pass a claim, else discard the drawn
  tile, else the last tile in hand), and said on stderr.
"""

from __future__ import annotations

import asyncio
import json
import shlex
import sys
from collections.abc import Callable
from typing import Protocol, TextIO

from ..bots.base import make_bot
from ..rules.game import Action, ActionType, Observation
from . import wire
from .client import Dropped, RoomClient
from .protocol import Error, Over, Refused, Result, State
from .remote import RemoteSeat

ANSWER_SECONDS = 10.0  # how long an outside bot may think about one decision
MAX_ANSWER = 4096  # bytes of one answer line


class SeatPlayer(Protocol):
    """Whoever plays a seat headless: told every message, asked for each decision."""

    async def tell(self, text: str) -> None: ...
    async def decide(self, obs: Observation, seq: int) -> Action: ...
    async def close(self) -> None: ...


def safe_action(obs: Observation) -> Action:
    """The move that risks nothing: pass where passing is allowed, else discard the tile just
    drawn, else the last legal discard (a decision always has one of them)."""
    legal = obs.legal
    for action in legal:
        if action.type == ActionType.PASS:
            return action
    discards = [a for a in legal if a.type == ActionType.DISCARD]
    for action in discards:
        if action.tile == obs.drawn:
            return action
    in_hand = [a for t in reversed(obs.hand) for a in discards if a.tile == t]
    return (in_hand or discards or list(legal))[0]


class BuiltinBot:
    """A bot of this package (``--bot LEVEL``)."""

    def __init__(self, level: str, seed: int = 0) -> None:
        self.player = make_bot(level, seed)

    async def tell(self, text: str) -> None:
        return None

    async def decide(self, obs: Observation, seq: int) -> Action:
        return await asyncio.to_thread(self.player.choose, obs)

    async def close(self) -> None:
        return None


class CommandBot:
    """An outside program speaking the protocol's JSON lines (``--bot-cmd "python bot.py"``)."""

    def __init__(
        self, command: str, timeout: float = ANSWER_SECONDS, report: TextIO | None = None
    ) -> None:
        self.command = command
        self.timeout = timeout
        self.report = report if report is not None else sys.stderr
        self.process: asyncio.subprocess.Process | None = None
        self.dead = False

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=MAX_ANSWER,
        )

    def say(self, text: str) -> None:
        print(f"ningde join: {text}", file=self.report, flush=True)

    async def tell(self, text: str) -> None:
        process = self.process
        if process is None or process.stdin is None or self.dead:
            return
        try:
            process.stdin.write(text.encode("utf-8") + b"\n")
            await process.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            self.dead = True
            self.say(f"the bot program {self.command!r} stopped reading; safe moves from now on")

    async def decide(self, obs: Observation, seq: int) -> Action:
        try:
            return await asyncio.wait_for(self._answer(obs, seq), self.timeout)
        except TimeoutError:
            why = f"no answer within {self.timeout:g} s"
        except _BadAnswer as bad:
            why = str(bad)
        action = safe_action(obs)
        self.say(f"state {seq}: {why}; played {json.dumps(wire.action_to(action))} instead")
        return action

    async def _answer(self, obs: Observation, seq: int) -> Action:
        process = self.process
        if self.dead or process is None or process.stdout is None:
            raise _BadAnswer("the bot program is not running")
        while True:
            try:
                line = await process.stdout.readline()
            except ValueError:  # a line longer than MAX_ANSWER
                raise _BadAnswer(f"an answer longer than {MAX_ANSWER} bytes") from None
            if not line:
                self.dead = True
                raise _BadAnswer("the bot program ended")
            try:
                data = json.loads(line)
            except ValueError:
                raise _BadAnswer(f"not a JSON object: {line[:80]!r}") from None
            if not isinstance(data, dict):
                raise _BadAnswer(f"not a JSON object: {line[:80]!r}")
            if data.get("seq", seq) != seq:
                continue  # a late answer to an earlier state
            return _legal_answer(data, obs)

    async def close(self) -> None:
        process = self.process
        if process is None:
            return
        if process.stdin is not None:
            process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), 2.0)
        except TimeoutError:
            process.kill()
            await process.wait()


class _BadAnswer(ValueError):
    pass


def _legal_answer(data: dict[str, object], obs: Observation) -> Action:
    action_data = {k: v for k, v in data.items() if k not in ("t", "seq")}
    claimed = None if obs.last_discard is None else obs.last_discard[1]
    try:
        action = wire.action_from(action_data, obs.seat, claimed)
    except wire.WireError as bad:
        raise _BadAnswer(f"unreadable act: {bad}") from None
    if action not in obs.legal:
        raise _BadAnswer(f"not a legal action now: {json.dumps(action_data)}")
    return action


async def play_seat(
    client: RoomClient,
    player: SeatPlayer,
    note: Callable[[str], None] = lambda _: None,
) -> RemoteSeat:
    """Play the client's seat with ``player`` until the session is over (or the room sends an
    ``error``); ``note`` hears what happens (drops, refusals, results) in words."""
    seat = RemoteSeat()
    answered: int | None = None  # the seq last answered
    rescued: int | None = None  # the seq a refused answer was replaced for (once)
    try:
        async for message in client.messages():
            if isinstance(message, Dropped):
                note(f"connection lost ({message.reason}); again in {message.delay:g} s")
                answered = rescued = None  # a new connection counts its states from 1
                continue
            await player.tell(client.last_text)
            seat.feed(message)
            if isinstance(message, Error):
                note(f"the room said: {message.text} ({message.code})")
            elif isinstance(message, Result):
                note(f"hand {message.hand}: {json.dumps(message.line, ensure_ascii=False)}")
                await client.send_ready()  # a program has nothing to read: deal on
            elif isinstance(message, Refused):
                note(f"refused ({message.refusal.code}): {message.refusal.text}")
                state = seat.state
                if state is not None and state.seq == message.seq and rescued != state.seq:
                    rescued = state.seq
                    if state.obs.legal:
                        await client.send_act(state.seq, safe_action(state.obs))
            elif isinstance(message, State) and message.obs.legal and answered != message.seq:
                answered = message.seq
                action = await player.decide(seat.view().obs, message.seq)
                await client.send_act(message.seq, action)
            if isinstance(message, Over):
                note(f"session over: {list(message.scores)}")
    finally:
        await player.close()
    return seat
