"""Every room test writes its records into a temporary data folder, never the user's."""

from __future__ import annotations

import pytest

from ningde_tui.records.storage import ENV_DATA_DIR


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "serial: a slow test (subprocesses, timing): run alone")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_DATA_DIR, str(folder))
    return folder


from schema_helpers import frames_follow_the_schema as frames_follow_the_schema  # noqa: E402
