"""The encounter's log: records as JSON payloads, and events (de)serialized by a type registry.

Three kinds of record make up a log, each one user command:

- ``action``: the action text, the round, the dice faces it consumed, its events, trace and
  summary;
- ``round``: a change of round (upkeep, the new round, initiative), with its dice, events and
  trace; the first record of every encounter opens round 1;
- ``undo``: points at the record it reverts. Nothing is ever deleted; folding skips the
  reverted record's events.

Events are written with :meth:`~firefight.events.Event.to_json` and read back through
:func:`decode_event`, which looks the ``type`` up among the registered event classes and rebuilds
nested values (points, enums, critical effects, tuples) from the class's type hints.

>>> from firefight.events import ActionPointsSpent
>>> decode_event({"type": "ActionPointsSpent", "actor": "Mara", "ap": 3})
ActionPointsSpent(actor='Mara', ap=3)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Any, Literal

from firefight.encounter import events as core_events
from firefight.errors import FirefightError
from firefight.events import ActionPointsSpent, Event, RoundsFired
from firefight.serialize import to_plain

__all__ = [
    "PAYLOAD_VERSION",
    "DiceRecord",
    "LogError",
    "LogRecord",
    "RecordKind",
    "decode_event",
    "event_types",
    "from_plain",
    "parse_record",
    "register_event_types",
]

PAYLOAD_VERSION = 1

RecordKind = Literal["action", "round", "undo"]


class LogError(FirefightError):
    """A stored record that cannot be read back (an unknown event type, a malformed payload)."""


_REGISTRY: dict[str, type[Event]] = {}


def register_event_types(*classes: type[Event]) -> None:
    """Make events of these classes readable from the log, by class name.

    Registering the same class twice is harmless; two different classes under one name are not,
    since the log could not tell them apart.
    """
    for cls in classes:
        known = _REGISTRY.get(cls.__name__)
        if known is not None and known is not cls:
            raise TypeError(
                f"two event classes are called {cls.__name__!r}: {known.__module__} and "
                f"{cls.__module__}; the log cannot tell them apart"
            )
        _REGISTRY[cls.__name__] = cls


register_event_types(
    ActionPointsSpent,
    RoundsFired,
    *(getattr(core_events, name) for name in core_events.__all__),
)


def event_types() -> dict[str, type[Event]]:
    """Every registered event class by name."""
    return dict(_REGISTRY)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(tp: Any, value: Any) -> Any:
    """Rebuild a value of type ``tp`` from what :func:`~firefight.serialize.to_plain` made.

    >>> from firefight.geometry import Point
    >>> from_plain(Point, {"x_ft": 1, "y_ft": 2.5})
    Point(x_ft=1.0, y_ft=2.5)
    >>> from_plain(tuple[tuple[str, int], ...], [["a", 1]])
    (('a', 1),)
    """
    origin = typing.get_origin(tp)
    if tp is Any or tp is object:
        return value
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if value is None and type(None) in args:
            return None
        candidates = [a for a in args if a is not type(None)]
        # Scalars first by exact type, so that 1 stays an int in ``int | float``.
        for arg in candidates:
            if isinstance(arg, type) and type(value) is arg:
                return value
        for arg in candidates:
            try:
                return from_plain(arg, value)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"{value!r} does not fit {tp}")
    if origin is Literal:
        if value not in typing.get_args(tp):
            raise ValueError(f"{value!r} is not one of {typing.get_args(tp)}")
        return value
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(value, list | tuple):
            raise TypeError(f"expected a list for {tp}, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], v) for v in value)
        if len(args) != len(value):
            raise ValueError(f"expected {len(args)} items for {tp}, got {value!r}")
        return tuple(from_plain(a, v) for a, v in zip(args, value, strict=True))
    if origin in (frozenset, set):
        (arg,) = typing.get_args(tp)
        return frozenset(from_plain(arg, v) for v in value)
    if origin in (dict, Mapping):
        _, arg = typing.get_args(tp)
        return {str(k): from_plain(arg, v) for k, v in value.items()}
    if isinstance(tp, type):
        if issubclass(tp, Enum):
            return tp(value)
        if dataclasses.is_dataclass(tp):
            if not isinstance(value, dict):
                raise TypeError(f"expected an object for {tp.__name__}, got {value!r}")
            hints = _hints(tp)
            kwargs = {
                f.name: from_plain(hints[f.name], value[f.name])
                for f in dataclasses.fields(tp)
                if f.init and f.name in value
            }
            return tp(**kwargs)
        if tp is bool:
            if not isinstance(value, bool):
                raise TypeError(f"expected true or false, got {value!r}")
            return value
        if tp is float:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"expected a number, got {value!r}")
            return float(value)
        if tp in (int, str):
            if not isinstance(value, tp) or isinstance(value, bool):
                raise TypeError(f"expected {tp.__name__}, got {value!r}")
            return value
    raise TypeError(f"cannot rebuild a {tp!r} from the log")


def decode_event(data: Mapping[str, Any]) -> Event:
    """The event a ``to_json()`` dict describes; :class:`LogError` if it cannot be read."""
    name = data.get("type")
    cls = _REGISTRY.get(str(name))
    if cls is None:
        raise LogError(
            f"the log holds an event of unknown type {name!r}; is the ruleset or plug-in that "
            "wrote it installed?"
        )
    try:
        event = from_plain(cls, {k: v for k, v in data.items() if k != "type"})
    except (TypeError, ValueError, KeyError) as exc:
        raise LogError(f"cannot read a {name} event from the log: {exc}") from None
    assert isinstance(event, Event)
    return event


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRecord:
    """Where an action's dice came from and every face it consumed, in order (RULINGS D-3)."""

    source: str = "none"
    faces: tuple[int, ...] = ()
    seed: int | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"source": self.source, "faces": list(self.faces)}
        if self.seed is not None:
            data["seed"] = self.seed
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class LogRecord:
    """One record of the log, read back. ``seq`` and ``recorded_at`` are the store's."""

    kind: RecordKind
    round: int
    text: str
    events: tuple[Event, ...] = ()
    dice: DiceRecord = field(default_factory=DiceRecord)
    trace: tuple[Mapping[str, Any], ...] = ()
    summary: Mapping[str, Any] = field(default_factory=dict)
    narration: tuple[str, ...] = ()
    reverts: int | None = None
    seq: int = 0
    recorded_at: str = ""

    def payload(self) -> dict[str, Any]:
        """The JSON object the store keeps (plain JSON only: lists, never tuples)."""
        data: dict[str, Any] = {
            "v": PAYLOAD_VERSION,
            "kind": self.kind,
            "round": self.round,
            "text": self.text,
        }
        if self.kind == "undo":
            data["reverts"] = self.reverts
            return data
        data["dice"] = self.dice.to_json()
        data["events"] = [e.to_json() for e in self.events]
        data["trace"] = to_plain(list(self.trace))
        data["summary"] = to_plain(dict(self.summary))
        data["narration"] = list(self.narration)
        return data

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "recorded_at": self.recorded_at, **self.payload()}


def parse_record(payload: Mapping[str, Any], *, seq: int = 0, recorded_at: str = "") -> LogRecord:
    """A stored payload read back into a :class:`LogRecord`."""
    try:
        kind = payload["kind"]
        if kind not in ("action", "round", "undo"):
            raise LogError(f"record {seq} is of unknown kind {kind!r}")
        if kind == "undo":
            return LogRecord(
                kind="undo",
                round=int(payload["round"]),
                text=str(payload["text"]),
                reverts=int(payload["reverts"]),
                seq=seq,
                recorded_at=recorded_at,
            )
        dice = payload.get("dice", {})
        return LogRecord(
            kind=kind,
            round=int(payload["round"]),
            text=str(payload["text"]),
            events=tuple(decode_event(e) for e in payload["events"]),
            dice=DiceRecord(
                source=str(dice.get("source", "none")),
                faces=tuple(int(f) for f in dice.get("faces", ())),
                seed=dice.get("seed"),
            ),
            trace=tuple(payload.get("trace", ())),
            summary=dict(payload.get("summary", {})),
            narration=tuple(str(n) for n in payload.get("narration", ())),
            seq=seq,
            recorded_at=recorded_at,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise LogError(f"record {seq} is malformed: {exc!r}") from None


def reverted(records: Iterable[LogRecord]) -> frozenset[int]:
    """The seq numbers that an undo record reverts."""
    return frozenset(r.reverts for r in records if r.kind == "undo" and r.reverts is not None)


def live(records: Sequence[LogRecord]) -> list[LogRecord]:
    """The action and round records still in force, in order (undone ones left out)."""
    gone = reverted(records)
    return [r for r in records if r.kind != "undo" and r.seq not in gone]
