"""The encounter's log: records as JSON payloads, and events read back by their type.

Three kinds of record make up a log, each one user command:

- ``action``: the action text, the round, the dice faces it consumed, its events, trace and
  summary;
- ``round``: a change of round (upkeep, the new round, initiative), with its dice, events and
  trace; the first record of every encounter opens round 1;
- ``gm``: a GM's override (:mod:`firefight.encounter.gm`): its line and events, no dice;
- ``undo``: points at the record it reverts. Nothing is ever deleted; folding skips the
  reverted record's events.

:class:`LogRecord` is its own schema: pydantic writes a record as its payload and reads it back
(:func:`parse_record`), and an event -- written by :meth:`~firefight.events.Event.to_json` with
its class's name under ``type`` -- is read back as that class among the registered ones
(:func:`~firefight.scene.events.register_event_types`), nested points, enums, critical effects
and tuples included. Anything that cannot be read is a :class:`LogError` naming the record and
the field.

>>> decode_event({"type": "RoundsFired", "actor": "Mara", "weapon": "glock", "rounds": 3})
RoundsFired(actor='Mara', weapon='glock', rounds=3)
>>> decode_event({"type": "RoundsFired", "actor": "Mara", "weapon": "glock", "rounds": None})
Traceback (most recent call last):
...
firefight.encounter.log.LogError: cannot read an event: at RoundsFired.rounds, Input should be \
a valid integer
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import Field, GetCoreSchemaHandler, TypeAdapter, ValidationError, WrapValidator
from pydantic_core import ErrorDetails, core_schema

from firefight.errors import FirefightError
from firefight.events import Event
from firefight.scene.events import event_types, event_types_version, register_event_types
from firefight.serialize import problem

__all__ = [
    "PAYLOAD_VERSION",
    "DiceRecord",
    "LogError",
    "LogRecord",
    "RecordKind",
    "check_version",
    "decode_event",
    "event_types",
    "parse_record",
    "register_event_types",
]

PAYLOAD_VERSION = 1

RecordKind = Literal["action", "round", "undo", "gm"]

# The pydantic error an event of no registered type raises.
_UNKNOWN_EVENT = "unknown_event"


class LogError(FirefightError):
    """A stored record that cannot be read back (an unknown event type, a malformed payload)."""


def _event_tag(value: Any) -> str | None:
    """The registered name an event goes by: its ``type`` in the log, its class's name when
    written."""
    if isinstance(value, dict):
        name = value.get("type")
        return name if isinstance(name, str) else None
    return type(value).__name__ if isinstance(value, Event) else None


class _Logged:
    """Marks an :class:`~firefight.events.Event` field as any registered event, tagged by
    ``type``: the union of every class registered when the reader is built."""

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.tagged_union_schema(
            {name: handler.generate_schema(cls) for name, cls in event_types().items()},
            _event_tag,
            custom_error_type=_UNKNOWN_EVENT,
            custom_error_message="an event of a type no installed ruleset registers",
            # Written as the event writes itself, its class named under ``type``.
            serialization=core_schema.plain_serializer_function_ser_schema(Event.to_json),
        )


_LOGGED = _Logged()


def _as_read(value: Any, check: core_schema.ValidatorFunctionWrapHandler) -> Any:
    """A JSON object is kept as the payload holds it: a trace entry or a summary is the
    command's own JSON, shown as it is, and copying thousands of them slows reading a log."""
    return value if type(value) is dict else check(value)


_AS_READ = WrapValidator(_as_read)


def _no_seed(seed: int | None) -> bool:
    return seed is None


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRecord:
    """Where an action's dice came from and every face it consumed, in order (RULINGS D-3).
    ``seed`` is left out of the log when there is none."""

    source: str = "none"
    faces: tuple[int, ...] = ()
    seed: Annotated[int | None, Field(exclude_if=_no_seed)] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class LogRecord:
    """One record of the log, read back. ``seq`` and ``recorded_at`` are the store's."""

    kind: RecordKind
    round: int
    text: str
    dice: DiceRecord = field(default_factory=DiceRecord)
    events: tuple[Annotated[Event, _LOGGED], ...] = ()
    trace: tuple[Annotated[Mapping[str, Any], _AS_READ], ...] = ()
    summary: Annotated[Mapping[str, Any], _AS_READ] = field(default_factory=dict)
    narration: tuple[str, ...] = ()
    reverts: int | None = None
    seq: int = 0
    recorded_at: str = ""

    def payload(self) -> dict[str, Any]:
        """The JSON object the store keeps (plain JSON only: lists, never tuples)."""
        kept = _UNDO_FIELDS if self.kind == "undo" else _ACTION_FIELDS
        return {
            "v": PAYLOAD_VERSION,
            **_record_adapter().dump_python(self, mode="json", include=kept),
        }

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "recorded_at": self.recorded_at, **self.payload()}


# What a payload keeps of each kind of record (the store keeps seq and recorded_at itself).
_UNDO_FIELDS = {"kind", "round", "text", "reverts"}
_ACTION_FIELDS = {"kind", "round", "text", "dice", "events", "trace", "summary", "narration"}


# A reader knows the events registered when it was made: each is kept for one registry version
# (the cache's key), and made again when a ruleset or plug-in registers more.
@lru_cache(maxsize=1)
def _record_reader(version: int) -> TypeAdapter[LogRecord]:
    return TypeAdapter(LogRecord)


def _record_adapter() -> TypeAdapter[LogRecord]:
    return _record_reader(event_types_version())


@lru_cache(maxsize=1)
def _event_reader(version: int) -> TypeAdapter[Event]:
    return TypeAdapter(Annotated[Event, _LOGGED])


def _says(error: ErrorDetails) -> str:
    """pydantic's message, but an event of an unknown type is named, with the likely cause."""
    if error["type"] != _UNKNOWN_EVENT:
        return error["msg"]
    found = error["input"]
    if not isinstance(found, dict):
        return f"expected an event (an object naming its type), got {found!r}"
    name = found.get("type")
    return f"an event of unknown type {name!r}; is the ruleset or plug-in that wrote it installed?"


def decode_event(data: Mapping[str, Any]) -> Event:
    """The event a ``to_json()`` dict describes; :class:`LogError` if it cannot be read."""
    try:
        event = _event_reader(event_types_version()).validate_python(dict(data))
    except ValidationError as exc:
        raise LogError(f"cannot read an event: {problem(exc, _says)}") from None
    assert isinstance(event, Event)
    return event


def check_version(seq: int, version: object) -> None:
    """Refuse record ``seq`` written in another payload version than this firefight reads."""
    if version != PAYLOAD_VERSION:
        raise LogError(
            f"record {seq} is of payload version {version!r}; this firefight reads version "
            f"{PAYLOAD_VERSION}"
        )


def parse_record(payload: Mapping[str, Any], *, seq: int = 0, recorded_at: str = "") -> LogRecord:
    """A stored payload read back into a :class:`LogRecord`; :class:`LogError` naming the
    record and the field if it cannot be."""
    if not isinstance(payload, Mapping):
        raise LogError(f"record {seq} is not a JSON object")
    check_version(seq, payload.get("v", PAYLOAD_VERSION))
    try:
        record = _record_adapter().validate_python(
            {**payload, "seq": seq, "recorded_at": recorded_at}
        )
    except ValidationError as exc:
        raise LogError(f"record {seq} is malformed: {problem(exc, _says)}") from None
    if record.kind == "undo" and record.reverts is None:
        raise LogError(f"record {seq} is malformed: an undo that names no record to revert")
    if record.kind != "undo" and "events" not in payload:
        raise LogError(f"record {seq} is malformed: the {record.kind} record lists no events")
    return record


def reverted(records: Iterable[LogRecord]) -> frozenset[int]:
    """The seq numbers that an undo record reverts."""
    return frozenset(r.reverts for r in records if r.kind == "undo" and r.reverts is not None)


def live(records: Sequence[LogRecord]) -> list[LogRecord]:
    """The action and round records still in force, in order (undone ones left out)."""
    gone = reverted(records)
    return [r for r in records if r.kind != "undo" and r.seq not in gone]
