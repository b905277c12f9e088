"""A real ``ningde host`` process for the tests: started with exactly the options given (no
defaults added, so a continued room's remembered ones show), every line it prints kept."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SLOW = 60  # seconds: a host starting on a loaded two-core machine


@dataclass
class HostProcess:
    """A running ``ningde host``: its process and every line it said (stdout and stderr)."""

    process: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    readers: list[asyncio.Task[None]] = field(default_factory=list)

    async def _read(self, stream: asyncio.StreamReader | None, into: list[str]) -> None:
        assert stream is not None
        while line := await stream.readline():
            into.append(line.decode().rstrip("\n"))

    def find(self, pattern: str) -> str | None:
        return next((line for line in self.lines if re.search(pattern, line)), None)

    async def said(self, pattern: str, seconds: float = SLOW) -> str:
        """The first line matching ``pattern`` (a regular expression), waiting for it."""
        deadline = time.monotonic() + seconds
        while (line := self.find(pattern)) is None:
            if self.process.returncode is not None:  # ended: every line it said, then look
                await asyncio.gather(*self.readers)
                line = self.find(pattern)
                assert line is not None, f"the host ended: {self.lines} {self.errors}"
                return line
            assert time.monotonic() < deadline, f"no {pattern!r} in {self.lines}"
            await asyncio.sleep(0.02)
        return line

    @property
    def url(self) -> str:
        """The room's address, from the banner's ``room CODE: URL``."""
        line = self.find(r"^room \w+: ")
        assert line is not None, self.lines
        return line.split()[-1]

    async def kill(self) -> None:
        self.process.kill()
        await self.process.wait()
        await asyncio.gather(*self.readers)

    async def stop(self, seconds: float = 30) -> int:
        """SIGTERM, and its exit status."""
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            status = await asyncio.wait_for(self.process.wait(), seconds)
        except TimeoutError:
            self.process.kill()
            status = await self.process.wait()
        await asyncio.gather(*self.readers)
        return status


async def start_host_process(data_dir: Path, *args: str) -> HostProcess:
    """``ningde host ARGS`` (and nothing more) with its data folder ``data_dir``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NINGDE_DATA_DIR": str(data_dir)}
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "ningde_tui", "host", *args),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    host = HostProcess(process)
    host.readers = [
        asyncio.ensure_future(host._read(process.stdout, host.lines)),
        asyncio.ensure_future(host._read(process.stderr, host.errors)),
    ]
    return host


@contextlib.asynccontextmanager
async def host_running(data_dir: Path, *args: str) -> AsyncIterator[HostProcess]:
    """A host whose banner has been printed; stopped (SIGTERM) at the end if still running."""
    host = await start_host_process(data_dir, *args)
    try:
        await host.said(r"^room \w+: ")
        yield host
    finally:
        if host.process.returncode is None:
            await host.stop()
        else:
            await asyncio.gather(*host.readers)


def run_host(data_dir: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``ningde host ARGS`` run to its end."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NINGDE_DATA_DIR": str(data_dir)}
    return subprocess.run(
        [sys.executable, "-m", "ningde_tui", "host", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )
