from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

# Performance is measured in benchmarks, never in unit tests: no example may fail for being slow
# on a loaded machine.
settings.register_profile("firefight", deadline=None)
settings.load_profile("firefight")

# The ``store_url`` and ``store`` fixtures (every store test runs on SQLite and PostgreSQL), and
# the hook that stops the PostgreSQL server the store tests started.
pytest_plugins = ["store_support"]


@pytest.fixture(autouse=True)
def home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test reads or writes the real user's imported tables or saved encounters."""
    folder = tmp_path_factory.mktemp("firefight-home")
    monkeypatch.setenv("FIREFIGHT_HOME", str(folder))
    return folder
