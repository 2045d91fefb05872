"""Answers kept between changes: what a read sends is rendered once per head, not per request.

Every change makes each page open on the encounter read the state, the log and the map again
(:mod:`firefight.web.live`), so the same answer is asked for by every page at once. An answer
is kept under a key that names everything it depends on (the encounter, its head, who asks, the
table settings), as the JSON or SVG it is sent as; a change moves the head and so asks for a new
one, and the oldest go when there are too many. A log record never changes once written: its
rendered form is kept by its number and the time it was written, so a new record renders only
itself, not the whole log again: its JSON is kept and the log sent as the records' JSON joined,
so a long log is not encoded again either.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from firefight.web.views import gm_lines, player_entry, player_fields, record_view, undone_by

if TYPE_CHECKING:
    from collections.abc import Sequence

    from firefight.encounter.log import LogRecord
    from firefight.rulesets.base import Ruleset
    from firefight.web.tokens import Scope

__all__ = ["ANSWERS", "ANSWER_BYTES", "Rendered", "encoded"]

#: Answers kept at once (a few per page kind, per player, per encounter), and their bytes in
#: all: a long log's answer runs to a megabyte, and only the newest head's is asked for again.
ANSWERS = 512
ANSWER_BYTES = 64 * 1024 * 1024
#: Encounters whose rendered log records are kept.
LOGS = 64


def encoded(data: Any) -> bytes:
    """``data`` as the JSON an answer sends (as Starlette's ``JSONResponse`` writes it, without
    FastAPI's walk over every value, which costs more than the answer itself for a long log)."""
    return json.dumps(
        data, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode("utf-8")


class Rendered:
    """The answers and log records kept by one server process; safe across request threads.

    Everything is kept as bytes (and a record's few player fields): a garbage collector pass
    walks every container object alive, and a long log kept as nested dicts made those passes
    last half a second under load, every request in the process waiting."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._answers: OrderedDict[Hashable, bytes] = OrderedDict()
        self._bytes = 0
        self._records: OrderedDict[str, dict[int, _Kept]] = OrderedDict()

    def answer(self, key: Hashable, make: Callable[[], bytes]) -> bytes:
        """The answer kept under ``key``, else ``make()``'s, kept."""
        with self._lock:
            found = self._answers.get(key)
            if found is not None:
                self._answers.move_to_end(key)
                return found
        made = make()  # outside the lock: two threads may render one answer, never wait
        with self._lock:
            if key not in self._answers:
                self._answers[key] = made
                self._bytes += len(made)
            while len(self._answers) > ANSWERS or self._bytes > ANSWER_BYTES:
                self._bytes -= len(self._answers.popitem(last=False)[1])
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
        """The log's answer as JSON: :func:`~firefight.web.views.log_view`'s, from each record
        rendered once (by its number and the time it was written: an encounter deleted and made
        again renders afresh)."""

        def make() -> bytes:
            with self._lock:
                kept = self._records.setdefault(encounter, {})
                self._records.move_to_end(encounter)
                while len(self._records) > LOGS:
                    self._records.popitem(last=False)
            undone, gm = undone_by(records), gm_lines(records)
            parts = []
            for record in records:
                found = kept.get(record.seq)
                if found is None or found.recorded_at != record.recorded_at:
                    data = record_view(record, ruleset)
                    found = _Kept(record.recorded_at, encoded(data), player_fields(data))
                    kept[record.seq] = found  # one item set: safe under the GIL
                if not scope.is_gm:
                    parts.append(
                        encoded(player_entry(record, found.player, scope, hidden, undone, gm))
                    )
                elif record.seq in undone:  # the GM's entry, and who undid it, last
                    parts.append(found.gm[:-1] + b',"undone_by":%d}' % undone[record.seq])
                else:
                    parts.append(found.gm)
            opening = encoded({"encounter": encounter, "head": head})[:-1]
            return opening + b',"records":[' + b",".join(parts) + b"]}"

        return self.answer(("log", encounter, head, scope, hidden), make)


@dataclass(frozen=True, slots=True)
class _Kept:
    """A log record rendered: the GM's entry as JSON, a player's fields."""

    recorded_at: str
    gm: bytes
    player: dict[str, Any]
