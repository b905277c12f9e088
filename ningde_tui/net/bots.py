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
  actions is replaced by the safe move (``room.safe_action``: pass a claim or decline, else
  discard the tile just drawn, else the last tile in hand), counted and said on stderr; a
  program that is late, reads nothing or ends is stopped and its seat plays the safe move.
"""

from __future__ import annotations

import asyncio
import json
import shlex
import time
from array import array
from collections import Counter
from collections.abc import AsyncIterator, Callable
from typing import IO, Any, Protocol, TextIO

from ..bots.base import make_bot
from ..rules.game import Action, Observation
from . import wire
from .client import ClientEvent, Dropped
from .protocol import Error, Over, Refused, Result, State
from .remote import RemoteSeat
from .room import safe_action

ANSWER_SECONDS = 10.0  # how long an outside bot may think about one decision
MAX_ANSWER = 4096  # bytes of one answer line
BATCH_LINES = 64  # lines kept back at most (``CommandBot.batch``) before they are written
# what went wrong with an outside bot's decision (each replaced by the safe move)
LATE, NOT_JSON, ILLEGAL, GONE = "late", "not_json", "illegal", "gone"
FAULTS = (LATE, NOT_JSON, ILLEGAL, GONE)


class SeatConnection(Protocol):
    """A seat's connection as ``play_seat`` uses it: ``net.client.RoomClient`` over the
    network, ``net.local.LocalClient`` to a room in the same process."""

    last_text: str

    def messages(self) -> AsyncIterator[ClientEvent]: ...
    async def send_act(self, seq: int, action: Action) -> bool: ...
    async def send_ready(self) -> bool: ...


class SeatPlayer(Protocol):
    """Whoever plays a seat headless: told every message, asked for each decision."""

    async def tell(self, text: str) -> None: ...
    async def decide(self, obs: Observation, seq: int) -> Action: ...
    async def close(self) -> None: ...


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
    """An outside program speaking the protocol's JSON lines (``--bot-cmd "python bot.py"``).

    Whatever the program does costs it no more than its own decisions: an answer that is late,
    not JSON or not legal is replaced by the safe move and counted in ``faults``; a program that
    is late, stops reading its stdin or ends is stopped (``dead``) and every decision after it
    is the safe move (counted as ``gone``) until ``restart``. Its answer lines are read at
    most ``MAX_ANSWER`` bytes at a time, so nothing it writes grows without bound here.
    ``round_trips`` holds the seconds from each decision's ``state`` line to its answer;
    ``transcript`` (if given) hears every line it is sent (``"in"``) and writes (``"out"``).
    With ``batch`` (the arena's) the lines that ask nothing are kept back and written together
    with the next one that asks for a decision (or ``flush``): the same lines, in the same
    order, with fewer wake-ups of the program."""

    def __init__(
        self,
        command: str,
        timeout: float = ANSWER_SECONDS,
        report: TextIO | None = None,
        *,
        prog: str = "ningde join",
        stderr: int | IO[Any] | None = None,
        transcript: Callable[[str, str], None] | None = None,
        batch: bool = False,
    ) -> None:
        self.command = command
        self.timeout = timeout
        self.report = report  # None: nothing is said
        self.prog = prog
        self.stderr = stderr
        self.transcript = transcript
        self.batch = batch
        self.pending: list[str] = []  # lines kept back until a decision (``batch``)
        self.process: asyncio.subprocess.Process | None = None
        self.dead = False
        self.faults: Counter[str] = Counter()
        self.round_trips: array[float] = array("d")  # compact: a long arena run has millions
        self.told_at = 0.0  # when the last line was written to the program
        self.starts = 0
        self.game_lines: list[str] | None = None  # the game's lines so far (``begin_game``)
        self.answered = False  # the program has answered in this game
        self.revived = False  # it was started again in this game

    async def start(self) -> None:
        """Start the program (raises OSError when it cannot be started)."""
        self.process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=self.stderr,
            limit=MAX_ANSWER,
        )
        self.dead = False
        self.starts += 1

    async def restart(self) -> None:
        """A fresh program if the last one was stopped or has ended (between games)."""
        process = self.process
        if process is not None and not self.dead and process.returncode is None:
            return
        await self.close()
        await self.start()

    def say(self, text: str) -> None:
        if self.report is not None:
            print(f"{self.prog}: {text}", file=self.report, flush=True)

    def begin_game(self) -> None:
        """A new game begins (the arena's): its lines are kept, so that a program that ended
        before it answered anything in it (as one that stops at ``over`` does) is started
        again and told them."""
        self.game_lines = []
        self.answered = self.revived = False

    async def tell(self, text: str) -> None:
        if self.game_lines is not None:
            self.game_lines.append(text)
        if self.transcript is not None:
            self.transcript("in", text)
        if not self.batch:
            await self._write(text)
            return
        self.pending.append(text)
        if len(self.pending) >= BATCH_LINES:
            await self.flush()

    async def flush(self) -> None:
        """Write the lines kept back (``batch``) to the program, in one go."""
        if self.pending:
            text, self.pending = "\n".join(self.pending), []
            await self._write(text)

    async def _write(self, text: str) -> None:
        process = self.process
        if process is None or process.stdin is None or self.dead:
            return
        self.told_at = time.perf_counter()
        try:
            process.stdin.write(text.encode("utf-8") + b"\n")
            await asyncio.wait_for(process.stdin.drain(), self.timeout)
        except (BrokenPipeError, ConnectionResetError):
            if not await self._revive():
                self._stop(f"the bot program {self.command!r} ended; safe moves from now on")
        except TimeoutError:
            self._stop(f"the bot program {self.command!r} reads nothing; safe moves from now on")

    async def _revive(self) -> bool:
        """Start the program again and tell it the game so far, if it ended before it
        answered anything in this game (once a game)."""
        lines = self.game_lines
        if lines is None or self.answered or self.revived:
            return False
        await self.close()
        await self.start()
        self.revived = True
        await self._write("\n".join(lines))
        return not self.dead

    async def decide(self, obs: Observation, seq: int) -> Action:
        await self.flush()
        started = self.told_at  # the round trip counts from the state's line
        try:
            action = await asyncio.wait_for(self._answer(obs, seq), self.timeout)
        except TimeoutError:
            why, kind = f"no answer within {self.timeout:g} s", LATE
            self._stop(f"{why}: the bot program is stopped; safe moves from now on")
        except _BadAnswer as bad:
            why, kind = str(bad), bad.kind
        else:
            self.round_trips.append(time.perf_counter() - started)
            self.answered = True
            return action
        self.faults[kind] += 1
        action = safe_action(obs)
        if kind != GONE:
            self.say(f"state {seq}: {why}; played {json.dumps(wire.action_to(action))} instead")
        return action

    async def _answer(self, obs: Observation, seq: int) -> Action:
        process = self.process
        if self.dead or process is None or process.stdout is None:
            raise _BadAnswer("the bot program is not running", GONE)
        while True:
            try:
                line = await process.stdout.readline()
            except ValueError:  # a line longer than MAX_ANSWER (the reader drops it)
                raise _BadAnswer(f"an answer longer than {MAX_ANSWER} bytes", NOT_JSON) from None
            if not line:
                if await self._revive():
                    return await self._answer(obs, seq)
                self._stop(f"the bot program {self.command!r} ended; safe moves from now on")
                raise _BadAnswer("the bot program ended", GONE)
            if self.transcript is not None:
                self.transcript("out", line.decode("utf-8", "replace").rstrip("\n"))
            try:
                data = json.loads(line)
            except ValueError:
                raise _BadAnswer(f"not a JSON object: {line[:80]!r}", NOT_JSON) from None
            if not isinstance(data, dict):
                raise _BadAnswer(f"not a JSON object: {line[:80]!r}", NOT_JSON)
            if data.get("seq", seq) != seq:
                continue  # a late answer to an earlier state
            return _legal_answer(data, obs)

    def _stop(self, why: str) -> None:
        """Give the program up: it is late, reads nothing or has ended."""
        if self.dead:
            return
        self.dead = True
        self.say(why)
        process = self.process
        if process is not None and process.returncode is None:
            process.kill()

    async def close(self) -> None:
        """Close the program's stdin and let it end (killed if it has not after a while)."""
        process = self.process
        if process is None:
            return
        await self.flush()
        self.process = None
        if process.stdin is not None:
            process.stdin.close()
        try:
            await asyncio.wait_for(_ended(process), 2.0)
        except TimeoutError:
            process.kill()
            await _ended(process)


async def _ended(process: asyncio.subprocess.Process) -> None:
    """Until the program has ended: what it still writes is read and dropped (a pipe left full
    would keep it, and asyncio's wait for it, from ever ending)."""
    if process.stdout is not None:
        while await process.stdout.read(1 << 16):
            pass
    await process.wait()


class _BadAnswer(ValueError):
    def __init__(self, text: str, kind: str = ILLEGAL) -> None:
        super().__init__(text)
        self.kind = kind


def _legal_answer(data: dict[str, object], obs: Observation) -> Action:
    action_data = {k: v for k, v in data.items() if k not in ("t", "seq")}
    claimed = None if obs.last_discard is None else obs.last_discard[1]
    try:
        action = wire.action_from(action_data, obs.seat, claimed)
    except wire.WireError as bad:
        raise _BadAnswer(f"unreadable act: {bad}") from None
    if action not in obs.legal:
        raise _BadAnswer(f"not a legal action now: {json.dumps(action_data)[:200]}")
    return action


async def play_seat(
    client: SeatConnection,
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
