from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Performance is measured in benchmarks, never in unit tests: no example may fail for being slow
# on a loaded machine.
settings.register_profile("firefight", deadline=None)
settings.load_profile("firefight")


@pytest.fixture(autouse=True)
def home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test reads or writes the real user's imported tables or saved encounters."""
    folder = tmp_path_factory.mktemp("firefight-home")
    monkeypatch.setenv("FIREFIGHT_HOME", str(folder))
    return folder


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop the PostgreSQL server the store tests started in this process, if they did.

    A session hook rather than atexit: pytest-xdist workers exit without running atexit.
    """
    store_support = sys.modules.get("store_support")
    if store_support is not None:
        store_support.stop_own_server()
