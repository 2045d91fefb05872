"""JSON-ready data from the frozen values of the domain, and back, by pydantic.

The frozen dataclasses are their own schema: :func:`adapter` gives the
:class:`~pydantic.TypeAdapter` of a type (made once and kept), which both writes a value as plain
JSON data and reads it back, nested points, enums and tuples included. :func:`to_plain` writes a
value whose type is not declared (a command's JSON output) from what it is at run time.

A field declared as a base class may hold any subclass of it when the base derives from
:class:`TaggedSubclasses` (a combatant's ruleset figures): the object then names its class under
:data:`CLASS_KEY`, as ``module:QualName``.

>>> from firefight.geometry import Point
>>> adapter(Point).dump_python(Point(x_ft=1, y_ft=2.5), mode="json")
{'x_ft': 1.0, 'y_ft': 2.5}
>>> adapter(tuple[tuple[str, int], ...]).validate_python([["a", 1]])
(('a', 1),)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # pydantic itself is imported on first use: commands that print no JSON (``--help``)
    # import this module without paying for it.
    from pydantic import GetCoreSchemaHandler, TypeAdapter, ValidationError
    from pydantic_core import ErrorDetails, core_schema

__all__ = [
    "CLASS_KEY",
    "TaggedSubclasses",
    "adapter",
    "class_tag",
    "omitted_when",
    "problem",
    "to_plain",
]

#: The key under which an object names its class when that class is a subclass of the one its
#: field declares, as ``module:QualName``. No field can be called so.
CLASS_KEY = "~class"


_ADAPTERS: dict[object, TypeAdapter[Any]] = {}


def adapter(tp: Any) -> TypeAdapter[Any]:
    """The reader and writer of values of type ``tp``, made once: building one costs far more
    than using it, and a long log asks the same few dozen types again and again."""
    found = _ADAPTERS.get(tp)
    if found is None:
        from pydantic import TypeAdapter

        found = _ADAPTERS[tp] = TypeAdapter(tp)
    return found


def to_plain(value: object) -> object:
    """Dataclasses to dicts (field order kept), enums to their values, tuples to lists, as they
    are at run time (for output whose type nothing declares). A set comes out as a list in its
    own order: nothing the commands print holds one.

    >>> from firefight.trace import Modifier
    >>> to_plain(Modifier(value=-30, label="recoil", rule="RMU-GEN-3"))
    {'value': -30, 'label': 'recoil', 'rule': 'RMU-GEN-3'}
    """
    return adapter(Any).dump_python(value, mode="json")


def omitted_when(left_out: Callable[[Any], bool], default: Any) -> Any:
    """A dataclass field's default, the field left out of what :func:`adapter` writes whenever
    ``left_out(value)`` holds: pydantic reads ``exclude_if`` from the field's metadata, so the
    domain's modules declare it without importing pydantic.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Cell:
    ...     hits: int
    ...     hold: int = omitted_when(lambda hold: hold == 0, 0)
    >>> adapter(Cell).dump_python(Cell(hits=3)), adapter(Cell).dump_python(Cell(hits=3, hold=5))
    ({'hits': 3}, {'hits': 3, 'hold': 5})
    """
    return field(default=default, metadata={"exclude_if": left_out})


def class_tag(cls: type) -> str:
    """How :data:`CLASS_KEY` names ``cls``.

    >>> from firefight.geometry import Point
    >>> class_tag(Point)
    'firefight.geometry.plane:Point'
    """
    return f"{cls.__module__}:{cls.__qualname__}"


def _subclass(declared: type, tag: object) -> type:
    """The subclass of ``declared`` (or ``declared`` itself) that ``tag`` names.

    Only classes already imported are candidates: a stored name never makes anything import.
    """
    pending = [declared]
    while pending:
        cls = pending.pop()
        if class_tag(cls) == tag:
            return cls
        pending.extend(cls.__subclasses__())
    raise ValueError(f"{tag!r} is not a kind of {declared.__name__} known here")


class TaggedSubclasses:
    """Mixed into a base class (a frozen dataclass) that a field declares while holding one of
    its subclasses: a ruleset's figures for a combatant, or for the scene.

    A subclass's object is written with its own fields and :data:`CLASS_KEY`, and read back
    as that class; one without the key is the declared class itself. A field declaring a
    subclass holds it or its own subclasses alike.
    """

    __slots__ = ()

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return _tagged_subclasses(cls, source, handler)


def _tagged_subclasses(
    cls: type, source: Any, handler: GetCoreSchemaHandler
) -> core_schema.CoreSchema:
    """The schema of ``cls`` where a field declares it: its own, read and written by
    :data:`CLASS_KEY` when the object is one of its subclasses."""
    from pydantic_core import core_schema

    own = handler(source)

    def read(value: Any, base: core_schema.ValidatorFunctionWrapHandler) -> Any:
        if isinstance(value, dict) and CLASS_KEY in value:
            found = _subclass(cls, value[CLASS_KEY])
            fields = {k: v for k, v in value.items() if k != CLASS_KEY}
            return base(fields) if found is cls else adapter(found).validate_python(fields)
        return base(value)

    def write(value: Any, base: core_schema.SerializerFunctionWrapHandler) -> Any:
        found = type(value)
        if found is cls:
            return base(value)
        data = adapter(found).dump_python(value, mode="json", warnings="error")
        data[CLASS_KEY] = class_tag(found)
        return data

    return core_schema.no_info_wrap_validator_function(
        read, own, serialization=core_schema.wrap_serializer_function_ser_schema(write)
    )


def _where(loc: tuple[int | str, ...]) -> str:
    """An error's location as a path: ``events[2].HitsInflicted.hits``."""
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else f".{part}" if path else part
    return path


def problem(exc: ValidationError, says: Callable[[ErrorDetails], str] | None = None) -> str:
    """What a :class:`~pydantic.ValidationError` found, in one line: the first error, where it
    is, and how many others; ``says`` words an error its own way (else pydantic's message).

    >>> from pydantic import ValidationError
    >>> from firefight.geometry import Point
    >>> try:
    ...     adapter(tuple[Point, ...]).validate_python([{"x_ft": 1}, {}])
    ... except ValidationError as exc:
    ...     print(problem(exc))
    at [0].y_ft, Field required (and 2 more)
    """
    errors = exc.errors(include_url=False)
    first = errors[0]
    where = _where(tuple(first["loc"]))
    text = (says or _message)(first)
    text = f"at {where}, {text}" if where else text
    more = len(errors) - 1
    return f"{text} (and {more} more)" if more else text


def _message(error: ErrorDetails) -> str:
    return error["msg"]
