"""Live pages: every change to an encounter is pushed to the pages open on it, as server-sent
events, within a second.

:class:`Hub` fans a change out to the event streams of this process. With PostgreSQL the change
also travels between processes: the one that wrote it sends ``NOTIFY`` on :data:`CHANNEL`, and
every process listens there (:class:`PostgresRelay`), so two ``firefight serve`` behind one URL
keep their pages in step. A page that hears of a change reads the encounter again through the
API, so a message only says which encounter moved and to what head.

A change of the table settings is kept in the store (DEC-924), so its notice only says the table
changed and every server's pages read it there. A notice may still be longer than one
``NOTIFY`` takes (:data:`PAYLOAD_LIMIT`, an encounter's long name): it goes as numbered parts,
all sent in one transaction so that PostgreSQL delivers all of them, in order, or none
(DEC-829). A server that hears a notice it cannot read whole tells its pages on that encounter
to read it again, which they do from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading

__all__ = ["CHANNEL", "PAYLOAD_LIMIT", "Hub", "PostgresRelay", "message_parts"]

#: The PostgreSQL channel changes travel on.
CHANNEL = "firefight_web"
#: Messages one event stream may have waiting before the oldest are dropped (a page that
#: hears of one change reads everything again, so nothing is lost by dropping).
QUEUE_SIZE = 16
#: Bytes PostgreSQL takes in one NOTIFY payload (its limit is 8000, counted in bytes).
PAYLOAD_LIMIT = 7999
#: Width of a part's index and count in its header: a million parts outgrow any settings.
_DIGITS = 6

log = logging.getLogger(__name__)


class Hub:
    """The event streams of this process, per encounter; safe to publish to from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._streams: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[str]]]] = {}
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

    def changed(self, encounter: str, head: int | None, what: str) -> None:
        """Tell every page on ``encounter`` (in every process, through the relay) it moved."""
        message = json.dumps({"encounter": encounter, "head": head, "what": what})
        self.deliver(encounter, message)
        if self.relay is not None:
            self.relay.send(encounter, message)

    def heard(self, encounter: str, message: str) -> None:
        """A change another server made to ``encounter``, told to its pages here. A message
        that does not read as one is taken as lost (:meth:`lost`)."""
        try:
            json.loads(message)
        except ValueError:
            log.exception("a change of %r from another server does not read", encounter)
            self.lost(encounter)
            return
        self.deliver(encounter, message)

    def lost(self, encounter: str) -> None:
        """A change of ``encounter`` from another server did not arrive whole: its pages read
        it again, table settings and all, from the store (DEC-924)."""
        self.deliver(encounter, json.dumps({"encounter": encounter, "head": None, "what": "table"}))

    def all_lost(self) -> None:
        """Changes from other servers may have gone unheard (the listener was cut off): every
        page of this process reads its encounter again, as in :meth:`lost`."""
        with self._lock:
            open_on = [name for name, streams in self._streams.items() if streams]
        for encounter in open_on:
            self.lost(encounter)

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


def message_parts(origin: str, serial: int, encounter: str, message: str) -> list[str]:
    """``message`` as NOTIFY payloads of at most :data:`PAYLOAD_LIMIT` bytes, each headed
    ``index count ["origin", serial, "encounter"]`` and a newline (DEC-829)."""
    # JSON escapes every character past ASCII (the message is JSON too), so a character is a
    # byte in what follows.
    label = json.dumps([origin, serial, encounter])
    room = PAYLOAD_LIMIT - (2 * _DIGITS + 2) - len(label) - 1
    pieces = [message[i : i + room] for i in range(0, len(message), room)] or [""]
    return [
        f"{index:0{_DIGITS}d} {len(pieces):0{_DIGITS}d} {label}\n{piece}"
        for index, piece in enumerate(pieces)
    ]


class PostgresRelay:
    """LISTEN on :data:`CHANNEL` in a thread and NOTIFY it after each change.

    Each message carries this process's id, so a process does not deliver its own changes
    twice, and the process's count of its messages, so that the parts of one are put back
    together (:func:`message_parts`). ``conninfo`` is a libpq URL (``postgresql://...``).
    """

    def __init__(self, hub: Hub, conninfo: str) -> None:
        import psycopg

        self._hub = hub
        self._conninfo = conninfo
        self._origin = f"{os.getpid()}-{id(self)}"
        self._send_lock = threading.Lock()
        self._sent = 0
        # Each other server's message being put together: its serial, encounter and parts.
        self._partial: dict[str, tuple[int, str, list[str]]] = {}
        self._sender = psycopg.connect(conninfo, autocommit=True)
        self._listener = psycopg.connect(conninfo, autocommit=True)
        self._listener.execute(f"LISTEN {CHANNEL}")
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="firefight-listen", daemon=True)
        self._thread.start()

    def send(self, encounter: str, message: str) -> None:
        import psycopg

        with self._send_lock:
            self._sent += 1
            parts = message_parts(self._origin, self._sent, encounter, message)
            try:
                if self._sender.closed:
                    self._sender = psycopg.connect(self._conninfo, autocommit=True)
                # One transaction: the listeners get every part, in order, or none of them.
                with self._sender.transaction():
                    for part in parts:
                        self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, part))
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

        # What was being put together will not be finished, and whole messages may have gone
        # by unheard while cut off: every page open here reads its encounter again.
        self._partial.clear()
        try:
            self._listener.close()
            self._listener = psycopg.connect(self._conninfo, autocommit=True)
            self._listener.execute(f"LISTEN {CHANNEL}")
            self._hub.all_lost()
        except psycopg.Error:
            log.exception("the PostgreSQL listener could not reconnect; trying again")

    def _heard(self, payload: str) -> None:
        """One part of a message; the whole message to the hub once its last part is in."""
        try:
            index, count = int(payload[:_DIGITS]), int(payload[_DIGITS + 1 : 2 * _DIGITS + 1])
            label, _, piece = payload[2 * _DIGITS + 2 :].partition("\n")
            origin, serial, encounter = json.loads(label)
        except (ValueError, TypeError):
            log.error("a notice on %s reads as no part of a message: %.200r", CHANNEL, payload)
            return
        if origin == self._origin:
            return
        started = self._partial.pop(origin, None)
        if started is not None and (started[0], len(started[2])) != (serial, index):
            self._hub.lost(started[1])  # its remaining parts never came
            started = None
        if started is None:
            if index != 0:
                self._hub.lost(str(encounter))  # its first parts never came
                return
            started = (serial, str(encounter), [])
        started[2].append(piece)
        if len(started[2]) < count:
            self._partial[origin] = started
            return
        self._hub.heard(started[1], "".join(started[2]))

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        self._listener.close()
        self._sender.close()
