"""Live pages: every change to an encounter is pushed to the pages open on it, as server-sent
events, within a second.

:class:`Hub` fans a change out to the event streams of this process. With PostgreSQL the change
also travels between processes: the one that wrote it sends ``NOTIFY`` on :data:`CHANNEL`, and
every process listens there (:class:`PostgresRelay`), so two ``firefight serve`` behind one URL
keep their pages in step. A page that hears of a change reads the encounter again through the
API, so a message only says which encounter moved and to what head.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
from typing import Any

from firefight.web.table import Tables, TableSettings, settings_from_json, settings_json

__all__ = ["CHANNEL", "Hub", "PostgresRelay"]

#: The PostgreSQL channel changes travel on.
CHANNEL = "firefight_web"
#: Messages one event stream may have waiting before the oldest are dropped (a page that
#: hears of one change reads everything again, so nothing is lost by dropping).
QUEUE_SIZE = 16

log = logging.getLogger(__name__)


class Hub:
    """The event streams of this process, per encounter; safe to publish to from any thread."""

    def __init__(self, tables: Tables | None = None) -> None:
        """``tables``: this process's table settings, which other servers' changes to them
        update (DEC-432)."""
        self._lock = threading.Lock()
        self._streams: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[str]]]] = {}
        self._tables = tables
        self.relay: PostgresRelay | None = None

    def subscribe(self, encounter: str) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(QUEUE_SIZE)
        with self._lock:
            self._streams.setdefault(encounter, set()).add((asyncio.get_running_loop(), queue))
        return queue

    def unsubscribe(self, encounter: str, queue: asyncio.Queue[str]) -> None:
        with self._lock:
            streams = self._streams.get(encounter, set())
            for entry in [e for e in streams if e[1] is queue]:
                streams.discard(entry)

    def changed(
        self,
        encounter: str,
        head: int | None,
        what: str,
        settings: TableSettings | None = None,
    ) -> None:
        """Tell every page on ``encounter`` (in every process, through the relay) it moved;
        new table ``settings`` go to the other servers, never to the pages."""
        message = {"encounter": encounter, "head": head, "what": what}
        self.deliver(encounter, json.dumps(message))
        if self.relay is not None:
            shared = {**message, "settings": settings_json(settings)} if settings else message
            self.relay.send(json.dumps(shared))

    def heard(self, message: str) -> None:
        """A change another server made: its table settings taken, its pages told."""
        data = json.loads(message)
        settings = data.pop("settings", None)
        if settings is not None and self._tables is not None:
            self._tables.put(data["encounter"], settings_from_json(settings))
        self.deliver(str(data["encounter"]), json.dumps(data))

    def deliver(self, encounter: str, message: str) -> None:
        """Hand ``message`` to this process's streams on ``encounter``."""
        with self._lock:
            streams = list(self._streams.get(encounter, ()))
        for loop, queue in streams:
            with contextlib.suppress(RuntimeError):  # the stream's loop has closed
                loop.call_soon_threadsafe(_offer, queue, message)


def _offer(queue: asyncio.Queue[str], message: str) -> None:
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(message)


class PostgresRelay:
    """LISTEN on :data:`CHANNEL` in a thread and NOTIFY it after each change.

    Each message carries this process's id, so a process does not deliver its own changes
    twice. ``conninfo`` is a libpq URL (``postgresql://...``).
    """

    def __init__(self, hub: Hub, conninfo: str) -> None:
        import psycopg

        self._hub = hub
        self._conninfo = conninfo
        self._origin = f"{os.getpid()}-{id(self)}"
        self._send_lock = threading.Lock()
        self._sender = psycopg.connect(conninfo, autocommit=True)
        self._listener = psycopg.connect(conninfo, autocommit=True)
        self._listener.execute(f"LISTEN {CHANNEL}")
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="firefight-listen", daemon=True)
        self._thread.start()

    def send(self, message: str) -> None:
        import psycopg

        payload = json.dumps({"origin": self._origin, "message": message})
        with self._send_lock:
            try:
                if self._sender.closed:
                    self._sender = psycopg.connect(self._conninfo, autocommit=True)
                self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            except psycopg.Error:
                # The change is written; only other servers' pages miss this notice (they
                # catch up with the next one, or on reload).
                log.exception("could not tell the other servers of a change")

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                for note in self._listener.notifies(timeout=0.5):
                    self._heard(note.payload)
            except Exception:  # a dropped connection: said, and made again a second later
                if self._stop.is_set():
                    return
                log.exception("the PostgreSQL listener lost its connection; reconnecting")
                self._stop.wait(1.0)
                self._reconnect()

    def _reconnect(self) -> None:
        import psycopg

        try:
            self._listener.close()
            self._listener = psycopg.connect(self._conninfo, autocommit=True)
            self._listener.execute(f"LISTEN {CHANNEL}")
        except psycopg.Error:
            log.exception("the PostgreSQL listener could not reconnect; trying again")

    def _heard(self, payload: str) -> None:
        data: dict[str, Any] = json.loads(payload)
        if data.get("origin") == self._origin:
            return
        self._hub.heard(str(data["message"]))

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        self._listener.close()
        self._sender.close()
