"""Benchmark: a 10,000-record encounter log, written one action at a time and read back whole.

Run with ``python benchmarks/bench_store.py``. Reports, for SQLite (a temporary file) and for
PostgreSQL when ``FIREFIGHT_TEST_POSTGRES_URL`` is set (in a scratch schema, dropped after):

- the time per append of one single-record action (each its own transaction, durable on
  commit), median and 99th percentile over the 10,000;
- the time to read all 10,000 records back, as replaying an encounter does before folding
  them into state (the fold itself belongs to the encounter layer), median of a few reads.

Each record is shaped like a resolved shot: inputs, dice, an itemized trace and events, about
1 KB of JSON.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from firefight.store import open_store

RECORDS = 10_000
READS = 5


def shot_record(n: int) -> dict[str, Any]:
    return {
        "kind": "action",
        "action": {
            "type": "aimed-shot",
            "attacker": "Vasquez",
            "target": "Drake",
            "weapon": "glock-17",
            "distance_ft": 40 + n % 60,
        },
        "dice": {"source": "seeded", "seed": n, "faces": [n % 100 + 1, (n * 7) % 100 + 1]},
        "trace": [
            {"label": "offensive bonus", "value": 65, "rule": "RMU-GEN-3"},
            {"label": "range band", "value": -10, "rule": "RMU-GEN-4"},
            {"label": "partial hard cover", "value": -20, "rule": "RMU-GEN-5"},
            {"label": "quickness", "value": -10, "rule": "RMU-GEN-6"},
            {"label": "dodge", "value": -20, "rule": "RMU-GEN-6"},
            {"label": "higher ground", "value": 5, "rule": "RMU-GEN-7"},
        ],
        "events": [
            {"type": "HitsInflicted", "target": "Drake", "hits": n % 17},
            {"type": "CriticalInflicted", "target": "Drake", "severity": "B", "roll": n % 100},
        ],
        "note": f"round {n // 10 + 1}, shot {n % 10 + 1}",
    }


def bench(label: str, url: str) -> None:
    with open_store(url) as store:
        name = "bench"
        store.create(name, "rmu", {"map": "warehouse"})
        payloads = [shot_record(n) for n in range(RECORDS)]
        appends_ns: list[int] = []
        head = 0
        for payload in payloads:
            start = time.perf_counter_ns()
            head = store.append(name, head, [payload]).head
            appends_ns.append(time.perf_counter_ns() - start)
        reads_ns = []
        for _ in range(READS):
            start = time.perf_counter_ns()
            logged = store.records(name)
            reads_ns.append(time.perf_counter_ns() - start)
        assert len(logged) == RECORDS and logged[-1].payload == payloads[-1]
        # One action more on top of the long log: the cost does not grow with the log.
        start = time.perf_counter_ns()
        store.append(name, store.head(name), [shot_record(RECORDS)])
        last_ns = time.perf_counter_ns() - start
        store.delete(name)
    appends_ns.sort()
    median_ms = statistics.median(appends_ns) / 1e6
    p99_ms = appends_ns[int(len(appends_ns) * 0.99)] / 1e6
    print(
        f"{label:10s} append one action: median {median_ms:6.2f} ms, p99 {p99_ms:6.2f} ms, "
        f"head + append on a {RECORDS:,}-record log {last_ns / 1e6:6.2f} ms"
    )
    print(
        f"{label:10s} read all {RECORDS:,} records: median "
        f"{statistics.median(reads_ns) / 1e6:7.1f} ms over {READS} reads"
    )


def postgres_scratch(url: str) -> tuple[str, Any]:
    """A scratch schema on the server at ``url``: the URL using it and a function to drop it."""
    import psycopg
    from sqlalchemy.engine import make_url

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    libpq = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(libpq, autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')

    def drop() -> None:
        with psycopg.connect(libpq, autocommit=True) as admin:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')

    scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    return scoped.render_as_string(hide_password=False), drop


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        bench("sqlite", f"sqlite:///{Path(folder) / 'bench.db'}")
    postgres = os.environ.get("FIREFIGHT_TEST_POSTGRES_URL")
    if not postgres:
        print("postgres   skipped: set FIREFIGHT_TEST_POSTGRES_URL to a server", file=sys.stderr)
        return
    url, drop = postgres_scratch(postgres)
    try:
        bench("postgres", url)
    finally:
        drop()


if __name__ == "__main__":
    main()
