"""A disk that fills and is freed again, for the tests of what a full disk does."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from ningde_tui.records import jsonline


class Disk:
    """``os.write`` to regular files as on a disk that fills and is freed again: ``room``
    bytes more fit (None: any number), then each write fails with ENOSPC, after writing
    whatever part of it still fit, as a real full disk does."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.room: int | None = None
        self.real = os.write
        self.failures = 0
        monkeypatch.setattr(jsonline.os, "write", self.write)

    def write(self, fd: int, data: bytes) -> int:
        if self.room is None or not stat.S_ISREG(os.fstat(fd).st_mode):
            return self.real(fd, data)
        if self.room <= 0:
            self.failures += 1
            raise OSError(errno.ENOSPC, "No space left on device")
        done = self.real(fd, bytes(data[: self.room]))
        self.room -= done
        return done
