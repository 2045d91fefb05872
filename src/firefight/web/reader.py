"""Reading an encounter once per change, not once per request.

Pages ask for the same encounter again and again (the state, the map, the log) while it does
not move, and every action needs it folded. :class:`ReadingService` keeps each encounter as
last folded, with the head it was folded at; a request asks the store for the head (one small
query) and, when the log has moved (in whichever process), folds only the records after the
head it kept. The log stays the truth: nothing is kept that it does not say, and a kept
encounter whose last record the store no longer holds as it was (deleted and made again under
the same name) is folded again from the start.

Writes to one encounter from this process's request threads take turns (a lock per
encounter): two at once would both fold and resolve, and the later append be refused as a
conflict with nothing written (DEC-530). A write that names the head it built on
(``expected_head``) is still refused when the log has moved past it; writes from another process
still meet the store's own check.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, TypeVar

from firefight.encounter.gm import added_like
from firefight.service import Applied, Current, EncounterService
from firefight.store.table_settings import settings_change
from firefight.web.views import newcomers_hidden

if TYPE_CHECKING:
    from firefight.dice import Dice
    from firefight.encounter.log import LogRecord
    from firefight.rulesets.base import Ruleset
    from firefight.scene.state import EncounterState
    from firefight.store.base import EncounterStore, SettingsChange

__all__ = ["KEPT", "ReadingService"]

T = TypeVar("T")

#: Encounters kept at once; the one read longest ago goes first.
KEPT = 64


class ReadingService(EncounterService):
    """The service, with :meth:`current` (which ``act`` and ``next_round`` start from) and the
    log listing kept per encounter between changes."""

    def __init__(self, store: EncounterStore) -> None:
        super().__init__(store)
        self._lock = threading.Lock()
        self._kept: OrderedDict[str, Current] = OrderedDict()
        self._logs: OrderedDict[str, tuple[Ruleset, tuple[LogRecord, ...]]] = OrderedDict()
        self._writing: dict[str, threading.Lock] = {}

    def _settings_change(
        self, name: str, before: EncounterState, record: LogRecord
    ) -> SettingsChange | None:
        """DEC-930: someone a GM command adds like a person hidden from the players starts
        hidden too, stored in the transaction that writes the command (DEC-986): no page, here
        or on another server, reads the one without the other."""
        if record.kind != "gm" or added_like(before, record.text) is None:
            return None
        return settings_change(name, lambda now: newcomers_hidden(now, before, record))

    def _turn(self, name: str) -> threading.Lock:
        """The lock the writes to ``name`` take turns by."""
        with self._lock:
            return self._writing.setdefault(name, threading.Lock())

    def act(
        self,
        name: str,
        text: str,
        dice: Dice,
        *,
        force: bool = True,
        expected_head: int | None = None,
    ) -> Applied:
        with self._turn(name):
            return super().act(name, text, dice, force=force, expected_head=expected_head)

    def next_round(
        self, name: str, dice: Dice, *, force: bool = True, expected_head: int | None = None
    ) -> Applied:
        with self._turn(name):
            return super().next_round(name, dice, force=force, expected_head=expected_head)

    def gm(self, name: str, text: str, *, expected_head: int | None = None) -> Applied:
        with self._turn(name):
            return super().gm(name, text, expected_head=expected_head)

    def undo(self, name: str, *, expected_head: int | None = None) -> Applied:
        """Undo from the kept encounter when it has the two records in force undo needs (or
        starts at the scene); else as the service does, folding from further back."""
        with self._turn(name):
            current = self.current(name)
            if current.base.seq == 0 or len(current.in_force()) >= 2:
                return self._undo(current, expected_head)
            return super().undo(name, expected_head=expected_head)

    def _keep(self, table: OrderedDict[str, T], name: str, value: T) -> None:
        with self._lock:
            table[name] = value
            table.move_to_end(name)
            while len(table) > KEPT:
                table.popitem(last=False)

    def current(self, name: str) -> Current:
        head = self.store.head(name)
        with self._lock:
            kept = self._kept.get(name)
        if kept is not None and kept.head == head:
            return kept
        current = self._moved_on(kept, head) if kept is not None else None
        if current is None:
            current = super().current(name)
        self._keep(self._kept, name, current)
        return current

    def _moved_on(self, kept: Current, head: int) -> Current | None:
        """``kept`` with the records after it folded in; None when they do not follow on
        from it (the log is shorter, or its last kept record is not the store's)."""
        if not kept.tail or head < kept.head or head - kept.base.seq >= self.snapshot_every:
            return None  # (the last: a newer snapshot is due, fold from it)
        last = kept.tail[-1]
        records = self._records(kept.name, last.seq - 1)
        if not records or (records[0].seq, records[0].recorded_at) != (last.seq, last.recorded_at):
            return None
        after = records[1:]
        if kept.base.seq > 0 and any(r.kind == "undo" for r in after):
            return None  # an undo may reach back past the snapshot: fold afresh
        return self._extend(kept, after) if after else kept

    def listing(self, name: str) -> tuple[int, Ruleset, tuple[LogRecord, ...]]:
        """The head, the ruleset and every record (:meth:`EncounterService.records`); when the
        log has moved on from the listing kept, only the records after it are read."""
        head = self.store.head(name)
        with self._lock:
            kept = self._logs.get(name)
        if kept is not None:
            ruleset, records = kept
            last = records[-1] if records else None
            if last is not None and last.seq == head:
                return head, ruleset, records
            if last is not None and head > last.seq:
                after = self._records(name, last.seq - 1)
                if after and (after[0].seq, after[0].recorded_at) == (last.seq, last.recorded_at):
                    records = (*records, *after[1:])
                    self._keep(self._logs, name, (ruleset, records))
                    return records[-1].seq, ruleset, records
        ruleset, records = self.records(name)
        self._keep(self._logs, name, (ruleset, records))
        return (records[-1].seq if records else 0), ruleset, records
