"""What every test shares: its own data and config folders, and the ``serial`` marker.

Each test writes its game records into a temporary data folder and reads and writes its
settings in a temporary config folder, never the user's; the commands a test starts in its
own process inherit both, and the same environment in a pytest-xdist worker as in a plain
run. So the tests are independent of one another and can run in any order, in any number of
worker processes (``make test`` runs them with pytest-xdist).

``@pytest.mark.serial`` marks the tests that must not run beside one another: those that run
the game in a pseudo-terminal, start a server on a port, count processes in /proc or time the
app. Under ``--dist loadgroup`` they all go to one worker, which runs them one after another.
"""

from __future__ import annotations

import pytest

from ningde_tui.records.storage import ENV_DATA_DIR
from ningde_tui.settings.store import ENV_CONFIG_DIR


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_DATA_DIR, str(folder))
    return folder


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setenv(ENV_CONFIG_DIR, str(folder))
    return folder


@pytest.fixture(autouse=True)
def no_terminal_size_in_the_environment(monkeypatch):
    """A pytest-xdist worker has COLUMNS=80 and LINES=24 in its environment; a game a test
    starts in a pseudo-terminal would take them over the terminal's own size."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("serial") is not None:
            item.add_marker(pytest.mark.xdist_group("serial"))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Name the tests skipped for want of a program this machine lacks (redis-server), so a
    green run says what it did not try."""
    missing = [r for r in terminalreporter.stats.get("skipped", []) if "redis-server" in _reason(r)]
    if missing:
        terminalreporter.section("skipped: redis-server is not installed", yellow=True)
        for report in missing:
            terminalreporter.line(f"{report.nodeid}: {_reason(report)}")


def _reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    return str(longrepr[2]) if isinstance(longrepr, tuple) else str(longrepr)
