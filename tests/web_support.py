"""``firefight serve`` run as a real process for the live and browser tests: the load
benchmark's starter (:func:`bench_web.running_server`), on a free loopback port, with a known
secret, stopped by its own id when the test ends."""

from __future__ import annotations

from bench_web import KEYS, running_server

__all__ = ["KEYS", "running_server"]
