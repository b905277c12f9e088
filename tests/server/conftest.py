"""The community server's tests play through the rooms' own test clients (tests/net)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

NET_TESTS = str(Path(__file__).resolve().parents[1] / "net")
if NET_TESTS not in sys.path:
    sys.path.append(NET_TESTS)

from schema_helpers import frames_follow_the_schema as frames_follow_the_schema  # noqa: E402


@pytest.fixture
def redis_server(tmp_path):
    """A real ``redis-server`` on a free loopback port (skipped, saying why, where there is
    none: ``make test`` lists those tests at its end)."""
    from server_helpers import NO_REDIS, REDIS_SERVER, RedisProcess

    if REDIS_SERVER is None:
        pytest.skip(NO_REDIS)
    redis = RedisProcess(tmp_path / "redis")
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()
