from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test reads or writes the real user's imported tables or saved encounters."""
    folder = tmp_path_factory.mktemp("firefight-home")
    monkeypatch.setenv("FIREFIGHT_HOME", str(folder))
    return folder
