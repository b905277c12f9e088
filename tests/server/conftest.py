"""The community server's tests play through the rooms' own test clients (tests/net)."""

from __future__ import annotations

import sys
from pathlib import Path

NET_TESTS = str(Path(__file__).resolve().parents[1] / "net")
if NET_TESTS not in sys.path:
    sys.path.append(NET_TESTS)

from schema_helpers import frames_follow_the_schema as frames_follow_the_schema  # noqa: E402
