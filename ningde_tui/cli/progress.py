"""A progress bar of hands played, on the terminal's stderr, for the commands that play many
(``simulate``, ``arena``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def with_hands_bar(what: str, total: int, run: Callable[[Callable[[int], None]], T]) -> T:
    """``run(tick)`` with a bar of ``total`` hands that ``tick(hands_so_far)`` moves on, and
    the hands a second; the bar goes once ``run`` returns."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        "[cyan]{task.fields[rate]}",
        TimeRemainingColumn(),
        transient=True,
        console=Console(stderr=True),
    ) as bar:
        task = bar.add_task(what, total=total, rate="")
        started = time.perf_counter()

        def tick(n: int) -> None:
            rate = n / max(1e-9, time.perf_counter() - started)
            bar.update(task, completed=n, rate=f"{rate:.0f} hands/s")

        return run(tick)
