"""Answers kept between changes: what a read sends is rendered once per head, not per request.

Every change makes each page open on the encounter read the state, the log and the map again
(:mod:`firefight.web.live`), so the same answer is asked for by every page at once. An answer
is kept under a key that names everything it depends on (the encounter, its head, who asks, the
table settings), as the JSON or SVG it is sent as; a change moves the head and so asks for a new
one, and the oldest go when there are too many. A log record never changes once written: its
rendered form is kept by its number and the time it was written, so a new record renders only
itself, not the whole log again, and the GM's log is sent as the JSON of each record kept
(joined), so a long log is not encoded again either.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from firefight.web.views import log_view, record_view

if TYPE_CHECKING:
    from collections.abc import Sequence

    from firefight.encounter.log import LogRecord
    from firefight.rulesets.base import Ruleset
    from firefight.web.tokens import Scope

__all__ = ["ANSWERS", "Rendered", "encoded"]

#: Answers kept at once (a few per page kind, per player, per encounter).
ANSWERS = 512
#: Encounters whose rendered log records are kept.
LOGS = 64


def encoded(data: Any) -> bytes:
    """``data`` as the JSON an answer sends (as Starlette's ``JSONResponse`` writes it, without
    FastAPI's walk over every value, which costs more than the answer itself for a long log)."""
    return json.dumps(
        data, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode("utf-8")


class Rendered:
    """The answers and log records kept by one server process; safe across request threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._answers: OrderedDict[Hashable, bytes] = OrderedDict()
        self._records: OrderedDict[str, dict[int, tuple[str, dict[str, Any]]]] = OrderedDict()
        self._entries: OrderedDict[str, dict[tuple[int, str, int | None], bytes]] = OrderedDict()

    def answer(self, key: Hashable, make: Callable[[], bytes]) -> bytes:
        """The answer kept under ``key``, else ``make()``'s, kept."""
        with self._lock:
            found = self._answers.get(key)
            if found is not None:
                self._answers.move_to_end(key)
                return found
        made = make()  # outside the lock: two threads may render one answer, never wait
        with self._lock:
            self._answers[key] = made
            while len(self._answers) > ANSWERS:
                self._answers.popitem(last=False)
        return made

    def log(
        self,
        encounter: str,
        head: int,
        ruleset: Ruleset,
        records: Sequence[LogRecord],
        scope: Scope,
        hidden: frozenset[str],
    ) -> bytes:
        """The log's answer (:func:`~firefight.web.views.log_view`) as JSON."""

        def make() -> bytes:
            entries = log_view(
                records, ruleset, scope, hidden, rendered=self.records(encounter, ruleset)
            )
            with self._lock:
                kept = self._entries.setdefault(encounter, {})
                self._entries.move_to_end(encounter)
                while len(self._entries) > LOGS:
                    self._entries.popitem(last=False)
            parts = []
            for entry in entries:
                if "recorded_at" not in entry:  # a player's: short, and shaped by the table
                    parts.append(encoded(entry))
                    continue
                # A GM's entry is its record's, kept, and whoever undid it.
                key = (entry["seq"], entry["recorded_at"], entry.get("undone_by"))
                found = kept.get(key)
                if found is None:
                    found = kept[key] = encoded(entry)
                parts.append(found)
            opening = encoded({"encounter": encounter, "head": head})[:-1]
            return opening + b',"records":[' + b",".join(parts) + b"]}"

        return self.answer(("log", encounter, head, scope, hidden), make)

    def records(self, encounter: str, ruleset: Ruleset) -> Callable[[LogRecord], dict[str, Any]]:
        """:func:`~firefight.web.views.record_view` for ``encounter``'s records, kept by number
        and time written (an encounter deleted and made again renders afresh). The dicts are
        shared: not to be changed."""
        with self._lock:
            kept = self._records.setdefault(encounter, {})
            self._records.move_to_end(encounter)
            while len(self._records) > LOGS:
                self._records.popitem(last=False)

        def view(record: LogRecord) -> dict[str, Any]:
            found = kept.get(record.seq)
            if found is not None and found[0] == record.recorded_at:
                return found[1]
            data = record_view(record, ruleset)
            kept[record.seq] = (record.recorded_at, data)  # one item set: safe under the GIL
            return data

        return view
