"""Benchmark: ``firefight serve`` under load on the loopback, bounded in time.

Run with ``python benchmarks/bench_web.py`` (50 clients on 10 encounters for 60 s, SQLite in a
temporary file); ``--store URL --servers 2`` runs two server processes over one PostgreSQL
database, the clients split between them. By default each client sends its next request as
soon as it has the answer (the server saturated: latency is then about clients / throughput);
``--pause S`` makes each wait S seconds on average in between, as a page does. Each client
plays one encounter of the bundled warehouse raid, mixing reads (the state, the log, the map)
with actions (a shot), round changes and undos, as a table of players and a GM would.
Reported:

- latency per kind of request, p50 and p99, and over all requests;
- errors: transport failures and 5xx answers (refusals and 409 conflicts are the rules and the
  concurrency control at work, counted apart);
- afterwards, every encounter's log read back: records numbered 1..n with no gap, and exactly
  one per write the clients were told succeeded (nothing lost, nothing twice);
- the CPU time the server processes used per request (on Linux): unlike latency, it hardly
  depends on what else the machine is running.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from firefight.web.tokens import SECRET_ENV, Keyring

__all__ = ["Load", "main", "run_load", "running_server"]

SECRET = bytes(range(32, 64))
KEYS = Keyring(SECRET)
PEOPLE = ("Mara", "Jonah", "Viktor", "Lev")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running_server(store_url: str, pids: list[int] | None = None) -> Iterator[str]:
    """A ``firefight serve`` process over ``store_url`` on a free loopback port, with the
    secret of :data:`KEYS`; its base URL (and its process id added to ``pids``). Stopped (by
    its own id) on exit."""
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from firefight.cli import main; main()",
            "serve",
            "--port",
            str(port),
            "--store",
            store_url,
        ],
        env={**os.environ, SECRET_ENV: SECRET.hex()},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    if pids is not None:
        pids.append(process.pid)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/api/whoami", timeout=1)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    out = process.stdout.read() if process.stdout else ""
                    raise RuntimeError(f"firefight serve did not start: {out}") from None
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout:
            process.stdout.close()


@dataclass
class Load:
    """What the clients saw."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    answers: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    writes: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _client(base: str, encounter: str, seed: int, stop: float, pause: float, load: Load) -> None:
    rng = random.Random(seed)
    headers = {"Authorization": f"Bearer {KEYS.gm_token()}"}
    path = f"/api/encounters/{encounter}"
    with httpx.Client(base_url=base, headers=headers, timeout=30) as http:
        while time.monotonic() < stop:
            if pause:
                time.sleep(rng.uniform(0, 2 * pause))
            roll = rng.random()
            if roll < 0.3:
                kind, method, url, body = "show", "GET", path, None
            elif roll < 0.45:
                kind, method, url, body = "log", "GET", f"{path}/log", None
            elif roll < 0.6:
                kind, method, url, body = "map", "GET", f"{path}/map.svg", None
            elif roll < 0.88:
                a, b = rng.sample(PEOPLE, 2)
                line = f"{a} shoots {b} --ap 1"
                body = {"line": line, "dice": {"seed": rng.randrange(2**31)}}
                kind, method, url = "act", "POST", f"{path}/act"
            elif roll < 0.94:
                kind, method, url = "round", "POST", f"{path}/next-round"
                body = {"dice": {"seed": rng.randrange(2**31)}}
            else:
                kind, method, url, body = "undo", "POST", f"{path}/undo", {}
            started = time.perf_counter()
            try:
                reply = http.request(method, url, json=body)
            except httpx.TransportError as exc:
                with load.lock:
                    load.errors.append(f"{kind}: {exc!r}")
                continue
            took = time.perf_counter() - started
            with load.lock:
                load.latencies[kind].append(took)
                load.answers[f"{kind} {reply.status_code}"] += 1
                if reply.status_code >= 500:
                    load.errors.append(f"{kind}: {reply.status_code} {reply.text[:200]}")
                elif method == "POST" and reply.status_code == 200:
                    load.writes[encounter] += 1


def _check_logs(base: str, encounters: list[str], load: Load) -> dict[str, int]:
    """Every log numbered 1..n, one record per write acknowledged (and the opening round)."""
    headers = {"Authorization": f"Bearer {KEYS.gm_token()}"}
    counted = {}
    for name in encounters:
        records = httpx.get(f"{base}/api/encounters/{name}/log", headers=headers, timeout=60)
        seqs = [r["seq"] for r in records.json()["records"]]
        if seqs != list(range(1, len(seqs) + 1)):
            load.errors.append(f"{name}: the log is not numbered 1..n")
        if len(seqs) != 1 + load.writes[name]:
            load.errors.append(
                f"{name}: {len(seqs)} records but {1 + load.writes[name]} writes acknowledged"
            )
        counted[name] = len(seqs)
    return counted


def run_load(
    bases: list[str],
    *,
    clients: int,
    encounters: int,
    seconds: float,
    example: Path,
    pause: float = 0.0,
) -> tuple[Load, dict[str, int]]:
    """Create the encounters, run the clients (spread over ``bases``), check the logs."""
    headers = {"Authorization": f"Bearer {KEYS.gm_token()}"}
    text = example.read_text(encoding="utf-8")
    run = f"{time.time_ns():x}"  # a store used before keeps its encounters: new names
    names = [f"load-{run}-{i}" for i in range(encounters)]
    for name in names:
        body = {"name": name, "scenario": text, "dice": {"seed": 1}}
        reply = httpx.post(f"{bases[0]}/api/encounters", json=body, headers=headers, timeout=60)
        reply.raise_for_status()
    load = Load()
    stop = time.monotonic() + seconds
    threads = [
        threading.Thread(
            target=_client,
            args=(bases[i % len(bases)], names[i % encounters], i, stop, pause, load),
            daemon=True,
        )
        for i in range(clients)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return load, _check_logs(bases[0], names, load)


def _ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.0f}"


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU seconds process ``pid`` has used so far (None off Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def report(load: Load, counted: dict[str, int], seconds: float, cpu: float | None = None) -> None:
    total = [t for found in load.latencies.values() for t in found]
    print(f"requests: {len(total)} in {seconds:g} s ({len(total) / seconds:.0f}/s)")
    print(f"{'kind':8} {'count':>7} {'p50 ms':>7} {'p99 ms':>7}")
    for kind in sorted(load.latencies):
        found = load.latencies[kind]
        print(f"{kind:8} {len(found):7} {_ms(found, 0.5):>7} {_ms(found, 0.99):>7}")
    print(f"{'all':8} {len(total):7} {_ms(total, 0.5):>7} {_ms(total, 0.99):>7}")
    if total:
        print(f"mean {1000 * statistics.fmean(total):.0f} ms")
        if cpu is not None:
            print(f"server CPU: {cpu:.1f} s, {1000 * cpu / len(total):.1f} ms per request")
    print("answers: " + ", ".join(f"{k}: {v}" for k, v in sorted(load.answers.items())))
    print(f"log records after: {sum(counted.values())} in {len(counted)} encounters")
    print(f"errors: {len(load.errors)}")
    for error in load.errors[:10]:
        print(f"  {error}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--encounters", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--store", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--servers", type=int, default=1, help="server processes (1 or 2)")
    parser.add_argument(
        "--pause",
        type=float,
        default=0.0,
        help="mean seconds a client waits between requests (default 0: as fast as it can)",
    )
    args = parser.parse_args(argv)
    example = Path(__file__).resolve().parents[1] / "examples" / "warehouse.toml"
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        url = args.store or f"sqlite:///{Path(folder) / 'load.db'}"
        pids: list[int] = []
        bases = [stack.enter_context(running_server(url, pids)) for _ in range(args.servers)]
        print(f"load average before: {os.getloadavg()[0]:.1f}")
        started = [cpu_seconds(pid) for pid in pids]
        print(
            f"{args.clients} clients, {args.encounters} encounters, {args.seconds:g} s, "
            f"pause {args.pause:g} s, {args.servers} server(s) over {url.split(':', 1)[0]}"
        )
        load, counted = run_load(
            bases,
            clients=args.clients,
            encounters=args.encounters,
            seconds=args.seconds,
            example=example,
            pause=args.pause,
        )
        ended = [cpu_seconds(pid) for pid in pids]
        cpu = None
        if None not in started and None not in ended:  # the run's, start-up left out
            cpu = sum(e or 0.0 for e in ended) - sum(s or 0.0 for s in started)
        print(f"load average after: {os.getloadavg()[0]:.1f}")
    report(load, counted, args.seconds, cpu)
    return 1 if load.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
