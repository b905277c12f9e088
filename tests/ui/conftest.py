"""Every UI test writes its game records into a temporary data folder and reads and writes
its settings in a temporary config folder, never the user's."""

from __future__ import annotations

import pytest

from ningde_tui.records.storage import ENV_DATA_DIR
from ningde_tui.ui.model.settings import ENV_CONFIG_DIR


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
