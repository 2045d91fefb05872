"""Databases for the store tests: a temporary SQLite file, or a fresh PostgreSQL schema.

PostgreSQL comes from ``$FIREFIGHT_TEST_POSTGRES_URL`` (``.ci/run`` starts a server and sets
it). Without it, outside CI, a throwaway server is started here if PostgreSQL is installed;
if none can be started the PostgreSQL cases are skipped with a warning that names the reason.
Under ``CI=true`` a missing URL fails the tests instead: CI must never skip them quietly.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

import postgres_server
from firefight.store import SqlStore, StoredRecord, open_store

# The writer process of the concurrency and crash tests.
WRITER = Path(__file__).with_name("store_writer.py")

__all__ = [
    "BACKENDS",
    "WRITER",
    "backend_url",
    "complete_batches",
    "postgres_url",
    "pytest_sessionfinish",
    "stop_own_server",
    "store",
    "store_url",
]

BACKENDS = ["sqlite", "postgres"]

_started: list[tuple[str, Path]] = []  # the URL and folder of the server this process started
_unavailable: list[str] = []  # why no server could be had, once known


def _start_own_server() -> str:
    if _started:
        return _started[0][0]
    if _unavailable:
        pytest.skip(_unavailable[0])
    reason = ""
    if postgres_server.find_bindir() is None:
        reason = "PostgreSQL is not installed (apt-get install postgresql)"
    else:
        directory = Path(tempfile.mkdtemp(prefix="firefight-pg-"))
        try:
            url = postgres_server.start(directory)
        except (RuntimeError, OSError) as exc:
            reason = f"starting a local PostgreSQL failed: {exc}"
            shutil.rmtree(directory, ignore_errors=True)
        else:
            _started.append((url, directory))
            return url
    message = f"PostgreSQL store tests skipped: FIREFIGHT_TEST_POSTGRES_URL is unset and {reason}"
    _unavailable.append(message)
    # pytest turns warnings into errors; this one must reach the summary without failing the
    # test, since outside CI a missing server is a reason to skip.
    with warnings.catch_warnings():
        warnings.simplefilter("default")
        warnings.warn(message, stacklevel=1)
    pytest.skip(message)


def stop_own_server() -> None:
    """Stop and delete the server this process started, if it started one."""
    while _started:
        _, directory = _started.pop()
        postgres_server.stop(directory)
        shutil.rmtree(directory, ignore_errors=True)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop the server this process started, if it did: a session hook rather than atexit, for
    pytest-xdist workers exit without running atexit."""
    stop_own_server()


def postgres_url() -> str:
    """The PostgreSQL server for the tests (see the module docstring)."""
    url = os.environ.get("FIREFIGHT_TEST_POSTGRES_URL")
    if url:
        return url
    if os.environ.get("CI") == "true":
        pytest.fail(
            "CI=true but FIREFIGHT_TEST_POSTGRES_URL is unset: .ci/run must start PostgreSQL "
            "and export it, the store tests may not be skipped in CI",
            pytrace=False,
        )
    return _start_own_server()


def _libpq(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@contextmanager
def _fresh_schema(url: str) -> Iterator[str]:
    """A new empty schema, made the default for connections through the URL yielded.

    One per test, so tests running at once (pytest-xdist workers) never share tables.
    """
    schema = f"test_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(_libpq(url), autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield (
            make_url(url)
            .update_query_dict({"options": f"-csearch_path={schema}"})
            .render_as_string(hide_password=False)
        )
    finally:
        with psycopg.connect(_libpq(url), autocommit=True) as admin:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


@contextmanager
def backend_url(backend: str, folder: Path) -> Iterator[str]:
    """The URL of an empty database of kind ``backend``, dropped afterwards."""
    if backend == "sqlite":
        yield f"sqlite:///{folder / 'store.db'}"
    elif backend == "postgres":
        with _fresh_schema(postgres_url()) as url:
            yield url
    else:
        raise ValueError(f"unknown backend {backend!r}")


# The fixtures of the tests run on every backend (conftest.py loads this module as a plug-in).
@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each backend in turn."""
    with backend_url(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    """The store opened on :func:`store_url`, closed after the test."""
    opened = open_store(store_url)
    yield opened
    opened.close()


def complete_batches(logged: list[StoredRecord]) -> list[str]:
    """The batch ids of a log written by store_writer.py, in order; fails on a torn batch.

    A log is sound when it is numbered 1..n and cuts into whole batches: each batch's parts
    0..size-1 in a row, nothing of another batch in between, and no batch twice.
    """
    assert [r.seq for r in logged] == list(range(1, len(logged) + 1)), "numbering has a gap"
    ids: list[str] = []
    at = 0
    while at < len(logged):
        first = logged[at].payload
        size = first["size"]
        parts = [r.payload for r in logged[at : at + size]]
        assert [(p["batch"], p["part"], p["size"]) for p in parts] == [
            (first["batch"], part, size) for part in range(size)
        ], f"batch {first['batch']} at record {at + 1} is torn"
        ids.append(first["batch"])
        at += size
    assert len(ids) == len(set(ids)), "a batch was stored twice"
    return ids
