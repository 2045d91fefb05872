"""``firefight serve`` run as a real process for the live and browser tests: on a free port of
the loopback, with a known secret, stopped (by its own id) when the test ends."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx

from firefight.web.tokens import SECRET_ENV, Keyring

__all__ = ["KEYS", "SECRET", "running_server"]

SECRET = bytes(range(32, 64))
KEYS = Keyring(SECRET)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running_server(store_url: str) -> Iterator[str]:
    """A ``firefight serve`` over ``store_url``; its base URL."""
    port = _free_port()
    env = {**os.environ, SECRET_ENV: SECRET.hex()}
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
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
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
