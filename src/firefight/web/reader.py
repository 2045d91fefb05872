"""Reading an encounter once per change, not once per request.

Pages ask for the same encounter again and again (the state, the map, the log) while it does
not move. :class:`Reader` keeps each encounter as last read, with the head it was read at; a
request asks the store for the head (one small query) and folds the log again only when it has
moved, whichever process moved it. The log is the truth: nothing is kept that it does not say.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from firefight.encounter.log import LogRecord
    from firefight.rulesets.base import Ruleset
    from firefight.service import Current, EncounterService

__all__ = ["KEPT", "Reader"]

#: Encounters kept at once; the one read longest ago goes first.
KEPT = 64


class Reader:
    """The encounters of one process, as last read."""

    def __init__(self, service: EncounterService) -> None:
        self._service = service
        self._lock = threading.Lock()
        self._current: OrderedDict[str, Current] = OrderedDict()
        self._logs: OrderedDict[str, tuple[int, Ruleset, tuple[LogRecord, ...]]] = OrderedDict()

    def current(self, name: str) -> Current:
        """The encounter now (:meth:`EncounterService.current`)."""
        head = self._service.store.head(name)
        with self._lock:
            found = self._current.get(name)
        if found is not None and found.head == head:
            return found
        current = self._service.current(name)
        with self._lock:
            self._current[name] = current
            self._current.move_to_end(name)
            while len(self._current) > KEPT:
                self._current.popitem(last=False)
        return current

    def log(self, name: str) -> tuple[int, Ruleset, tuple[LogRecord, ...]]:
        """The head, the ruleset and every record (:meth:`EncounterService.records`)."""
        head = self._service.store.head(name)
        with self._lock:
            found = self._logs.get(name)
        if found is not None and found[0] == head:
            return found
        ruleset, records = self._service.records(name)
        read = (records[-1].seq if records else 0, ruleset, records)
        with self._lock:
            self._logs[name] = read
            self._logs.move_to_end(name)
            while len(self._logs) > KEPT:
                self._logs.popitem(last=False)
        return read
