"""What a store of encounters promises, whatever database holds it.

An encounter is a scenario (the set-up, as JSON) and an append-only log of records. Each record
is one user command -- an action with its events and trace, an undo marker, a change of round --
and the store treats its payload as opaque JSON: the encounter layer gives it meaning.

Records are numbered 1, 2, 3... per encounter; the highest number is the encounter's *head*.
Writers say which head they built on (optimistic concurrency): if another writer got there
first, the append is refused with :class:`ConflictError` and nothing is written, so the loser
can reload, rebuild its action on the new state, and try again.

A :class:`SnapshotStore` also keeps *snapshots* beside a log: the state the log folds to at one
record, written by the encounter layer in the same transaction as an append. They are a cache:
opaque text to the store, never exported, and deleting them changes no result.

A :class:`TableSettingsStore` also keeps each encounter's *table settings*, the GM's choices
about what the players see and may do (DEC-924): one JSON object per encounter, replaced whole,
outside the log (an undo never touches them) and outside exports.
"""

from __future__ import annotations

import builtins
import shlex
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from firefight.errors import FirefightError, UnknownNameError
from firefight.text import composed, controls, mixed_alphabets

__all__ = [
    "NAME_MAX",
    "ConflictError",
    "EncounterExists",
    "EncounterInfo",
    "EncounterNotFound",
    "EncounterStore",
    "SettingsChange",
    "Snapshot",
    "SnapshotStore",
    "StoreError",
    "StoredRecord",
    "TableSettingsStore",
    "Written",
    "damaged_table_settings",
    "encounter_name",
]

#: The longest name an encounter is given (DEC-686).
NAME_MAX = 200

#: A change of an encounter's table settings (DEC-982): those stored (None: never set) to those
#: to store, or None to leave them as they are.
SettingsChange = Callable[[dict[str, Any] | None], dict[str, Any] | None]


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredRecord:
    """One record of an encounter's log, as it was written.

    Attributes:
        seq: its place in the log, from 1.
        payload: the JSON object the encounter layer appended.
        recorded_at: when it was written, ISO 8601 in UTC (microseconds).
    """

    seq: int
    payload: dict[str, Any]
    recorded_at: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Written:
    """What one write left: the head of the log after it, and the time stamped on the records
    it wrote (ISO 8601 in UTC, as :attr:`StoredRecord.recorded_at` reads it back), so that a
    command answers with its record as the log keeps it (DEC-704)."""

    head: int
    recorded_at: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Snapshot:
    """A cached fold of an encounter's log, kept beside it (docs/store.md, "Snapshots").

    Attributes:
        seq: the record it was folded up to, inclusive.
        version: the encounter layer's snapshot format.
        fingerprint: what folded it (the code and the data); a reader asks for its own.
        state: the folded state as JSON text, which the store keeps as it is given.
        created_at: when it was written, ISO 8601 in UTC (set by the store).
    """

    seq: int
    version: int
    fingerprint: str
    state: str
    created_at: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class EncounterInfo:
    """An encounter as a listing shows it: its name, ruleset, birth and the head of its log."""

    name: str
    ruleset: str
    created_at: str
    head_seq: int


class StoreError(FirefightError):
    """The store could not do what was asked: bad data, an unreachable or broken database.

    >>> str(StoreError("ambush", "the payload is not JSON: NaN is not allowed"))
    "encounter 'ambush': the payload is not JSON: NaN is not allowed"
    >>> str(StoreError(None, "cannot reach the database"))
    'cannot reach the database'
    """

    def __init__(self, name: str | None, problem: str) -> None:
        super().__init__(problem if name is None else f"encounter {name!r}: {problem}")
        self.name = name
        self.problem = problem


def encounter_name(name: str) -> str:
    """The name a new or imported encounter is stored under (DEC-686): the text given, spaces
    around it dropped, so " raid " and "raid" are one encounter. Refused (:class:`StoreError`)
    when nothing is left, when it holds ``/`` (a web address would have to write it ``%2F``;
    one stored before is still reached so, DEC-701), when it is ``.`` or ``..`` (no web address
    carries those, DEC-844), a control character, or more than
    :data:`NAME_MAX` characters. Kept in Unicode's composed spelling, and refused when it would
    pass for another name: a word mixing look-alike alphabets, a space other than the plain
    one (DEC-954). Only a name being given is checked:
    an encounter stored before under another name is still found by it as stored.

    >>> encounter_name("  raid ")
    'raid'
    """
    kept = composed(name.strip())
    if not kept:
        raise StoreError(name, "an encounter's name must not be empty")
    if "/" in kept:
        raise StoreError(
            name,
            "an encounter's name must not hold '/': a web address would have to write it %2F",
        )
    if kept in (".", ".."):
        # DEC-844: a browser reads the segment as a step in the path, even written %2E.
        raise StoreError(
            name,
            f"an encounter's name must not be {kept!r}: a web address cannot carry it (a "
            "browser reads it as a step in the path)",
        )
    if any(controls(kept)):
        raise StoreError(name, "an encounter's name must not hold control characters")
    # DEC-954: "raid" and "rаid" (a Cyrillic 'а'), or a plain space and a no-break one, would
    # be two encounters no one could tell apart.
    space = next((ch for ch in kept if ch.isspace() and ch != " "), None)
    if space is not None:
        raise StoreError(
            name,
            f"an encounter's name must hold no space but the plain one, not U+{ord(space):04X}: "
            "it would pass for another name",
        )
    mixed = mixed_alphabets(kept)
    if mixed is not None:
        raise StoreError(
            name,
            f"an encounter's name must keep to one alphabet a word, not {mixed}: it would pass "
            "for another name",
        )
    if len(kept) > NAME_MAX:
        # Not quoted: the name itself may be any length.
        raise StoreError(
            None, f"an encounter's name must be at most {NAME_MAX} characters, not {len(kept)}"
        )
    return kept


class ConflictError(FirefightError):
    """Another writer appended to the encounter first; this append wrote nothing.

    >>> str(ConflictError("ambush", expected_head=4, actual_head=6))
    "encounter 'ambush' changed: this action was built on record 4 but the log is now at \
record 6; nothing was written, reload and try again"
    """

    def __init__(self, name: str, *, expected_head: int, actual_head: int) -> None:
        super().__init__(
            f"encounter {name!r} changed: this action was built on record {expected_head} "
            f"but the log is now at record {actual_head}; nothing was written, "
            "reload and try again"
        )
        self.name = name
        self.expected_head = expected_head
        self.actual_head = actual_head


class EncounterNotFound(UnknownNameError):
    """No encounter has this name; the closest names are offered.

    An :class:`~firefight.errors.UnknownNameError` (kind ``"encounter"``), so callers that
    handle every unknown name alike handle this one too; its message reads better for a log.

    >>> str(EncounterNotFound("ambsh", ["ambush", "bridge"]))
    "no encounter named 'ambsh'; did you mean 'ambush'?"
    >>> str(EncounterNotFound("ambush", []))
    "no encounter named 'ambush'; the store holds none yet"
    """

    def __init__(self, name: str, known: Iterable[str]) -> None:
        names = sorted(known)
        super().__init__("encounter", name, names)
        if self.suggestions:
            hint = "did you mean " + " or ".join(repr(c) for c in self.suggestions) + "?"
        elif names:
            hint = "known: " + ", ".join(names)
        else:
            hint = "the store holds none yet"
        self.args = (f"no encounter named {name!r}; {hint}",)


class EncounterExists(FirefightError):
    """An encounter of this name is already stored; nothing was overwritten.

    >>> str(EncounterExists("ambush"))
    "an encounter named 'ambush' already exists; pick another name or delete it first"
    """

    def __init__(self, name: str) -> None:
        super().__init__(
            f"an encounter named {name!r} already exists; pick another name or delete it first"
        )
        self.name = name


class EncounterStore(Protocol):
    """Encounters and their append-only logs. Every method is one transaction."""

    def create(
        self,
        name: str,
        ruleset: str,
        scenario: dict[str, Any],
        payloads: Sequence[dict[str, Any]] = (),
    ) -> Written:
        """Store a new encounter whose log starts with ``payloads`` (records 1, 2...), in one
        transaction, and say what it wrote; :class:`EncounterExists` if the name is taken."""
        ...

    def scenario(self, name: str) -> dict[str, Any]:
        """The scenario the encounter was created with."""
        ...

    def append(self, name: str, expected_head: int, payloads: Sequence[dict[str, Any]]) -> Written:
        """Append ``payloads`` as records ``expected_head + 1...``, all or none; the new head
        and the time the records carry.

        Raises :class:`ConflictError` (and writes nothing) when the head is no longer
        ``expected_head``.
        """
        ...

    def records(self, name: str, after: int = 0) -> builtins.list[StoredRecord]:
        """The records numbered above ``after``, in order."""
        ...

    def head(self, name: str) -> int:
        """The number of the last record, 0 for an empty log."""
        ...

    def list(self) -> builtins.list[EncounterInfo]:
        """Every encounter, by name."""
        ...

    def delete(self, name: str) -> None:
        """Remove the encounter and its whole log."""
        ...

    def export(self, name: str) -> dict[str, Any]:
        """The whole encounter as JSON-ready data: scenario and every record."""
        ...

    def import_(self, data: dict[str, Any], name: str | None = None) -> EncounterInfo:
        """Store an exported encounter, under ``name`` if given; it round-trips exactly."""
        ...

    def close(self) -> None:
        """Release the database connections."""
        ...


@runtime_checkable
class SnapshotStore(EncounterStore, Protocol):
    """A store that also keeps snapshots of folded states beside each log."""

    def append(
        self,
        name: str,
        expected_head: int,
        payloads: Sequence[dict[str, Any]],
        snapshot: Snapshot | None = None,
        settings: SettingsChange | None = None,
    ) -> Written:
        """As :meth:`EncounterStore.append`; ``snapshot`` (of the new head) is written in the
        same transaction, replacing any at its record, and the encounter's snapshots of another
        version or fingerprint, and all but the newest few, are dropped. ``settings``, a change
        of the encounter's table settings the records bring, is made in that transaction too
        (DEC-986): no reader sees the records without it."""
        ...

    def snapshot(
        self, name: str, *, version: int, fingerprint: str, before: int | None = None
    ) -> Snapshot | None:
        """The newest snapshot of this version and fingerprint at or below the head (and
        below record ``before`` if given); None if there is none. One whose text was damaged
        since it was written (the store checks a digest taken then) is passed over."""
        ...

    def delete_snapshots(self, name: str) -> int:
        """Drop every snapshot of the encounter (its log is untouched); how many there were."""
        ...


@runtime_checkable
class TableSettingsStore(EncounterStore, Protocol):
    """A store that also keeps each encounter's table settings, outside its log (DEC-924)."""

    def table_settings(self, name: str) -> dict[str, Any] | None:
        """The settings last put for the encounter; None if the GM never set its table."""
        ...

    def put_table_settings(self, name: str, settings: dict[str, Any]) -> None:
        """Replace the encounter's settings with ``settings`` in one transaction: of two
        writers, the one that commits last is what every server reads."""
        ...

    def change_table_settings(self, name: str, change: SettingsChange) -> dict[str, Any] | None:
        """Replace the encounter's settings with ``change`` of those stored, read and written
        in one transaction that no other change of them interleaves; what ``change`` raises
        goes up, nothing written (DEC-982). The settings stored after."""
        ...

    def clear_table_settings(self, name: str) -> bool:
        """Drop the encounter's settings, as though the GM had never set its table (its log
        untouched); whether there were any. The way out of damaged ones (DEC-888)."""
        ...


def damaged_table_settings(name: str, why: str) -> StoreError:
    """The error for ``name``'s table settings that do not read (``why``), saying what to do:
    they are no part of the fight, so clearing them loses nothing of it, where the advice for a
    damaged log (delete the encounter, import an export) would lose them anyway (DEC-888)."""
    return StoreError(
        name,
        f"its table settings (who the players see, whether they declare and roll) are damaged "
        f"in the store ({why}); the fight itself is untouched: `firefight encounter table "
        f"{shlex.quote(name)} --reset` (with the server's --store) clears them to the "
        "defaults, everyone shown and players watching, and the GM sets the table again",
    )
