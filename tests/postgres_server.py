"""A throwaway PostgreSQL server on loopback for the store tests.

Standard library only: ``.ci/run`` calls it with the system Python before the venv exists::

    python3 tests/postgres_server.py start DIR   # prints the URL of a fresh empty database
    python3 tests/postgres_server.py stop DIR

The tests import it too, to start a server of their own when no URL is given outside CI. The
cluster lives in DIR (data, socket and log), listens on 127.0.0.1 only, on a free port, and
trusts local connections: it holds nothing but test data and dies with DIR.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

__all__ = ["find_bindir", "start", "stop"]

DATABASE = "firefight_test"
SUPERUSER = "postgres"


def find_bindir() -> Path | None:
    """The folder of the newest installed ``initdb`` and ``pg_ctl``, if any."""
    debian = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    if debian:
        return debian[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _as_server_user(command: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root; Debian's package creates the "postgres" account.
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def _run(command: list[str]) -> None:
    done = subprocess.run(
        _as_server_user(command), capture_output=True, text=True, check=False, cwd="/"
    )
    if done.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}"
        )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start(directory: Path) -> str:
    """Create and start a cluster in ``directory``; the SQLAlchemy URL of its test database."""
    bindir = find_bindir()
    if bindir is None:
        raise RuntimeError("no PostgreSQL server is installed (initdb not found)")
    directory.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(directory, user="postgres", group="postgres")
    data = directory / "data"
    port = _free_port()
    _run(
        [
            str(bindir / "initdb"),
            "-D",
            str(data),
            "-U",
            SUPERUSER,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
        ]
    )
    _run(
        [
            str(bindir / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(directory / "server.log"),
            "-w",
            "-o",
            f"-k {directory} -h 127.0.0.1 -p {port}",
            "start",
        ]
    )
    _run([str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", SUPERUSER, DATABASE])
    url = f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{port}/{DATABASE}"
    (directory / "url").write_text(url + "\n", encoding="utf-8")
    return url


def stop(directory: Path) -> None:
    """Stop the cluster in ``directory`` (no error if it is not running)."""
    bindir = find_bindir()
    data = directory / "data"
    if bindir is None or not (data / "postmaster.pid").exists():
        return
    _run([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"])


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: postgres_server.py start|stop DIR", file=sys.stderr)
        return 2
    directory = Path(argv[1]).resolve()
    try:
        if argv[0] == "start":
            print(start(directory))
        else:
            stop(directory)
    except RuntimeError as exc:
        print(f"postgres_server: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
