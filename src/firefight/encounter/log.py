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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Any, Literal

from firefight.errors import FirefightError
from firefight.events import Event
from firefight.scene.events import event_types, register_event_types
from firefight.serialize import to_plain

__all__ = [
    "CLASS_KEY",
    "PAYLOAD_VERSION",
    "DiceRecord",
    "LogError",
    "LogRecord",
    "RecordKind",
    "class_tag",
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


#: The key under which an object names its class when that class is a subclass of the one its
#: field declares (a combatant's ruleset stats in a state snapshot), as ``module:QualName``. No
#: field can be called so.
CLASS_KEY = "~class"

_Decode = Callable[[Any], Any]


def from_plain(tp: Any, value: Any) -> Any:
    """Rebuild a value of type ``tp`` from what :func:`~firefight.serialize.to_plain` made.

    The reader for each type is worked out once, from its type hints, and kept: reading a long
    log back asks the same few dozen types again and again. An object with a
    :data:`CLASS_KEY` is read as that subclass of the declared class (an unknown one is a
    ValueError).

    >>> from firefight.geometry import Point
    >>> from_plain(Point, {"x_ft": 1, "y_ft": 2.5})
    Point(x_ft=1.0, y_ft=2.5)
    >>> from_plain(tuple[tuple[str, int], ...], [["a", 1]])
    (('a', 1),)
    >>> from_plain(int | float, 1), from_plain(float | None, 2), from_plain(str | None, None)
    (1, 2.0, None)
    """
    return _decoder(tp)(value)


@cache
def _decoder(tp: Any) -> _Decode:
    """The reader of values of type ``tp``; TypeError for a type the log cannot hold."""
    if tp is Any or tp is object:
        return _as_is
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(tp)
    if origin is Literal:
        return _literal_decoder(tp)
    if origin is tuple:
        return _tuple_decoder(tp)
    if origin in (frozenset, set):
        (arg,) = typing.get_args(tp)
        item = _child(arg)
        return lambda value: frozenset([item(v) for v in value])
    if origin in (dict, Mapping):
        _, arg = typing.get_args(tp)
        item = _child(arg)
        return lambda value: {str(k): item(v) for k, v in value.items()}
    if isinstance(tp, type):
        if issubclass(tp, Enum):
            return tp
        if dataclasses.is_dataclass(tp):
            return _ObjectDecoder(tp)
        scalar = _SCALARS.get(tp)
        if scalar is not None:
            return scalar
    raise TypeError(f"cannot rebuild a {tp!r} from the log")


def _child(tp: Any) -> _Decode:
    """The reader of a part of a value: a type the log cannot hold fails when (if) it is read."""
    try:
        return _decoder(tp)
    except TypeError as exc:
        problem = exc

        def refuse(value: Any) -> Any:
            raise problem

        return refuse


def _as_is(value: Any) -> Any:
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {value!r}")
    return value


def _float(value: Any) -> float:
    if type(value) is float:
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"expected a number, got {value!r}")
    return float(value)


def _int(value: Any) -> int:
    if type(value) is int or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise TypeError(f"expected int, got {value!r}")


def _str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise TypeError(f"expected str, got {value!r}")


_SCALARS: dict[type, _Decode] = {bool: _bool, float: _float, int: _int, str: _str}


def _union_decoder(tp: Any) -> _Decode:
    args = typing.get_args(tp)
    nullable = type(None) in args
    candidates = [a for a in args if a is not type(None)]
    # Scalars first by exact type, so that 1 stays an int in ``int | float``.
    exact = frozenset(a for a in candidates if isinstance(a, type))
    readers = [_child(a) for a in candidates]

    def decode(value: Any) -> Any:
        if value is None and nullable:
            return None
        if type(value) in exact:
            return value
        for read in readers:
            try:
                return read(value)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"{value!r} does not fit {tp}")

    return decode


def _literal_decoder(tp: Any) -> _Decode:
    allowed = typing.get_args(tp)

    def decode(value: Any) -> Any:
        if value not in allowed:
            raise ValueError(f"{value!r} is not one of {allowed}")
        return value

    return decode


def _tuple_decoder(tp: Any) -> _Decode:
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        item = _child(args[0])

        def decode_run(value: Any) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple):
                raise TypeError(f"expected a list for {tp}, got {value!r}")
            return tuple([item(v) for v in value])

        return decode_run
    items = [_child(a) for a in args]

    def decode_fixed(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise TypeError(f"expected a list for {tp}, got {value!r}")
        if len(items) != len(value):
            raise ValueError(f"expected {len(args)} items for {tp}, got {value!r}")
        return tuple([read(v) for read, v in zip(items, value, strict=True)])

    return decode_fixed


class _ObjectDecoder:
    """Reads a dataclass from its JSON object; the fields' readers are made on first use, so
    that a class may (indirectly) hold values of its own kind."""

    __slots__ = ("_fields", "cls")

    def __init__(self, cls: type) -> None:
        self.cls = cls
        self._fields: tuple[tuple[str, _Decode], ...] | None = None

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise TypeError(f"expected an object for {self.cls.__name__}, got {value!r}")
        tag = value.get(CLASS_KEY)
        if tag is not None:
            return _subclass_decoder(self.cls, tag).fields_of(value)
        return self.fields_of(value)

    def fields_of(self, value: dict[str, Any]) -> Any:
        fields = self._fields
        if fields is None:
            hints = typing.get_type_hints(self.cls)
            fields = self._fields = tuple(
                (f.name, _child(hints[f.name])) for f in dataclasses.fields(self.cls) if f.init
            )
        return self.cls(**{name: read(value[name]) for name, read in fields if name in value})


def class_tag(cls: type) -> str:
    """How :data:`CLASS_KEY` names ``cls``.

    >>> from firefight.geometry import Point
    >>> class_tag(Point)
    'firefight.geometry.plane:Point'
    """
    return f"{cls.__module__}:{cls.__qualname__}"


def _subclass_decoder(declared: type, tag: object) -> _ObjectDecoder:
    """The reader of the subclass of ``declared`` (or ``declared`` itself) that ``tag`` names.

    Only classes already imported are candidates: a stored name never makes anything import.
    """
    pending = [declared]
    while pending:
        cls = pending.pop()
        if class_tag(cls) == tag:
            found = _decoder(cls)
            assert isinstance(found, _ObjectDecoder)
            return found
        pending.extend(cls.__subclasses__())
    raise ValueError(f"{tag!r} is not a kind of {declared.__name__} known here")


_EVENT_READERS: dict[type[Event], _Decode] = {}


def _event_reader(cls: type[Event]) -> _Decode:
    found = _EVENT_READERS.get(cls)
    if found is None:
        declared: Any = cls
        read = _decoder(declared)
        if "type" in {f.name for f in dataclasses.fields(cls)}:
            # A field called "type" would be the tag itself: it is not read from the log.
            found = _EVENT_READERS[cls] = lambda data: read(
                {k: v for k, v in data.items() if k != "type"}
            )
        else:
            found = _EVENT_READERS[cls] = read
    return found


def decode_event(data: Mapping[str, Any]) -> Event:
    """The event a ``to_json()`` dict describes; :class:`LogError` if it cannot be read."""
    name = data.get("type")
    cls = event_types().get(str(name))
    if cls is None:
        raise LogError(
            f"the log holds an event of unknown type {name!r}; is the ruleset or plug-in that "
            "wrote it installed?"
        )
    try:
        event = _event_reader(cls)(data if type(data) is dict else dict(data))
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
