"""A faster :func:`dataclasses.replace` and a faster ``__init__`` for the frozen, slotted
dataclasses of the domain.

Folding a long encounter log makes tens of thousands of copies of big frozen values (a
combatant has some 25 fields), and :func:`dataclasses.replace` spends most of its time going
through the generic ``__init__`` of a frozen class, one guarded ``setattr`` per field. For a
frozen dataclass with slots, no ``__post_init__`` and no ``init=False`` or ``InitVar`` fields,
``__init__`` does nothing but store each field; :func:`replace` builds the copy as an object of
a twin class of the same layout that Python lets store each field as plainly as into any
object, then makes it a ``cls`` (see :func:`_make_copier`), with a copier generated once per
class (as :mod:`dataclasses` generates ``__init__``). Any other class goes through
:func:`dataclasses.replace` unchanged, so the result is always the value
``dataclasses.replace`` would give.

:func:`quick_init` makes building cheaper too: it gives a frozen slotted dataclass an
``__init__`` with the very signature :mod:`dataclasses` generated, storing each field straight
into its slot rather than through ``object.__setattr__`` (about a third cheaper). It is put on
the classes a fight builds by the hundred (trace entries, outcomes, events); eq, hash, repr,
pickling and pydantic never call ``__init__``, and it builds the same value.

>>> from firefight.geometry import Body, Point, Size
>>> body = Body(center=Point(x_ft=1.0, y_ft=2.0))
>>> replace(body, size=Size.BIG).size
<Size.BIG: 'big'>
>>> replace(body, height_ft=5.0)
Traceback (most recent call last):
...
TypeError: Body has no field called 'height_ft' to replace
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, TypeVar

C = TypeVar("C", bound=type)

__all__ = ["maker", "quick_init", "replace", "replacer"]

T = TypeVar("T")

_Copier = Callable[..., Any]
_COPIERS: dict[type, _Copier | None] = {}


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the dataclass instance ``obj`` with ``changes`` made; ``obj`` is untouched."""
    cls = type(obj)
    try:
        copier = _COPIERS[cls]
    except KeyError:
        copier = _COPIERS[cls] = _make_copier(cls)
    if copier is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    result: T = copier(obj, changes)
    return result


def _refuse_twin(cls: type, /, *args: Any, **kwargs: Any) -> Any:
    raise TypeError(f"{cls.__qualname__} is made only by firefight.frozen.replace")


def _make_copier(cls: type) -> _Copier | None:
    """The generated copier for ``cls``, or None when only ``dataclasses.replace`` is right."""
    made = _twin(cls)
    if made is None:
        return None
    twin, names = made
    lines = [
        "def copy(obj, changes):",
        "    new = make(twin)",
        *(f"    new.{n} = obj.{n}" for n in names),
        "    for key, value in changes.items():",
        "        if key not in names:",
        "            raise TypeError(f'{cls.__name__} has no field called {key!r} to replace')",
        "        setattr(new, key, value)",
        "    new.__class__ = cls",
        "    return new",
    ]
    namespace: dict[str, Any] = {
        "cls": cls,
        "twin": twin,
        "make": object.__new__,
        "names": frozenset(names),
    }
    # Generated once per class, like dataclasses' own __init__: straight-line stores of every
    # field, then the few changed ones stored over them, run about ten times faster than
    # dataclasses.replace.
    exec("\n".join(lines), namespace)
    copier: _Copier = namespace["copy"]
    return copier


def _twin(cls: type) -> tuple[type, tuple[str, ...]] | None:
    """The twin class :func:`replace` builds copies of ``cls`` as, with the names of its
    fields; None when only ``dataclasses.replace`` is right."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__"):
        return None
    fields = dataclasses.fields(cls)
    if len(getattr(cls, "__dataclass_fields__", {})) != len(fields):
        return None  # InitVar or ClassVar pseudo-fields: let dataclasses handle them
    for f in fields:
        if not f.init or not isinstance(getattr(cls, f.name, None), MemberDescriptorType):
            return None
    names = tuple(f.name for f in fields)
    twin = _twin_class(cls)
    if twin is None:
        return None
    return twin, names


def _twin_class(cls: type) -> type | None:
    """The twin of ``cls`` (made once): a subclass of the very same layout that stores its
    fields plainly; None for a class whose making a subclass would run code."""
    # The twin is a subclass (below): a class whose making runs someone's __init_subclass__
    # or a metaclass of its own is left alone.
    if type(cls) is not type or any(
        "__new__" in vars(c) or "__init_subclass__" in vars(c) for c in cls.__mro__[:-1]
    ):
        return None
    twin = _TWINS.get(cls)
    if twin is None:
        # The twin adds no slot, so its objects have the very layout of ``cls``'s; it sets
        # attributes plainly, so Python stores each field straight into its slot, the
        # cheapest store there is, where the frozen class's guarded ``__setattr__`` would
        # refuse. Once every field is in, the object becomes a ``cls`` (a ``__class__``
        # change, allowed between classes of one layout): frozen from then on, and no one
        # ever sees it a twin. Nothing else makes a twin (its own __new__ refuses): a stored
        # class tag naming it is read as no class at all.
        twin = _TWINS[cls] = type(
            cls.__name__,
            (cls,),
            {
                "__slots__": (),
                "__module__": cls.__module__,
                "__qualname__": f"{cls.__qualname__}.<copy>",
                "__setattr__": object.__setattr__,
                "__delattr__": object.__delattr__,
                "__new__": _refuse_twin,
            },
        )
    return twin


_TWINS: dict[type, type] = {}

#: The fewest fields :func:`quick_init` stores through the twin (fewer: by their setters).
_TWIN_FROM = 4


def replacer(cls: type[T], *changed: str) -> Callable[..., T]:
    """``replace`` of the fields ``changed`` of a ``cls``, as a function of the value and the
    new values in that order: for the copies a fight makes by the hundred, with no keywords
    to gather and no loop over them, about half the cost.

    >>> from firefight.geometry import Body, Point, Size
    >>> resize = replacer(Body, "size")
    >>> resize(Body(center=Point(x_ft=1.0, y_ft=2.0)), Size.BIG).size
    <Size.BIG: 'big'>
    """
    made = _twin(cls)
    names = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    unknown = [n for n in changed if n not in names]
    if unknown or len(set(changed)) != len(changed) or not changed:
        raise TypeError(f"{cls.__name__}: cannot replace {changed!r}")
    params = ", ".join(changed)
    keywords = ", ".join(f"{n}={n}" for n in changed)
    # A subclass's value (or a class dataclasses alone copies right) goes through replace.
    lines = [f"def {cls.__name__}_replace(obj, {params}):"]
    if made is not None:
        lines += [
            "    if type(obj) is not cls:",
            f"        return replace(obj, {keywords})",
            "    new = make(twin)",
            *(f"    new.{n} = {n if n in changed else 'obj.' + n}" for n in names),
            "    new.__class__ = cls",
            "    return new",
        ]
    else:
        lines.append(f"    return replace(obj, {keywords})")
    namespace: dict[str, Any] = {
        "cls": cls,
        "twin": None if made is None else made[0],
        "make": object.__new__,
        "replace": replace,
    }
    exec("\n".join(lines), namespace)
    fn: Callable[..., T] = namespace[f"{cls.__name__}_replace"]
    return fn


def maker(cls: type[T]) -> Callable[..., T]:
    """A function building a ``cls`` from its init fields' values, given in order, as its
    ``__init__`` would (its ``__post_init__`` run after): the very value ``cls(...)`` builds,
    without the class call's own work (a dict of the keywords, ``__init__`` called through the
    type). For the values a fight builds by the hundred at one place (a trace's totals), about
    half the cost of the call.

    >>> from firefight.geometry import Point
    >>> maker(Point)(1.0, 2.0) == Point(x_ft=1.0, y_ft=2.0)
    True
    """
    params = getattr(cls, "__dataclass_params__", None)
    twin = _twin_class(cls) if params is not None and params.frozen else None
    fields = dataclasses.fields(cls) if twin is not None else ()  # type: ignore[arg-type]
    given = [f.name for f in fields if f.init]
    if twin is None or any(
        not isinstance(getattr(cls, f.name, None), MemberDescriptorType)
        or (not f.init and not hasattr(cls, "__post_init__"))
        or f.default is not dataclasses.MISSING
        or f.default_factory is not dataclasses.MISSING
        for f in fields
    ):
        raise TypeError(f"{cls.__name__}: not a frozen slotted dataclass given every field")
    lines = [
        f"def make_{cls.__name__}({', '.join(given)}):",
        "    new = make(twin)",
        *(f"    new.{n} = {n}" for n in given),
        "    new.__class__ = cls",
        *(["    new.__post_init__()"] if hasattr(cls, "__post_init__") else []),
        "    return new",
    ]
    namespace: dict[str, Any] = {"cls": cls, "twin": twin, "make": object.__new__}
    exec("\n".join(lines), namespace)
    fn: Callable[..., T] = namespace[f"make_{cls.__name__}"]
    return fn


class _Factory:
    """The default of a parameter whose field has a ``default_factory``, shown as dataclasses
    shows it."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def quick_init(cls: C) -> C:
    """Give the frozen slotted dataclass ``cls`` the same ``__init__``, storing straight into
    the slots; refuses (TypeError) a class it cannot build exactly as dataclasses would."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass that makes its __init__")
    generated = vars(cls).get("__init__")
    if getattr(getattr(generated, "__code__", None), "co_filename", None) != "<string>":
        raise TypeError(f"{cls.__name__} writes its own __init__")
    fields = dataclasses.fields(cls)
    if len(getattr(cls, "__dataclass_fields__", {})) != len(fields):
        raise TypeError(f"{cls.__name__} has InitVar or ClassVar pseudo-fields")
    namespace: dict[str, Any] = {"__factory": _FACTORY}
    positional: list[str] = []
    keyword: list[str] = []
    stores: list[tuple[int, str, str]] = []  # each field's place, name and value stored
    for i, f in enumerate(fields):
        if f.name == "self" or f.name.startswith("__"):
            raise TypeError(f"{cls.__name__}.{f.name}: a name the generated __init__ keeps")
        slot = getattr(cls, f.name, None)
        if not isinstance(slot, MemberDescriptorType):
            raise TypeError(f"{cls.__name__}.{f.name} is not a slot")
        namespace[f"__set_{i}"] = slot.__set__
        has_factory = f.default_factory is not dataclasses.MISSING
        if has_factory:
            namespace[f"__factory_{i}"] = f.default_factory
        if not f.init:
            # Set as dataclasses sets it: from its default or factory, else left to
            # __post_init__.
            if has_factory:
                stores.append((i, f.name, f"__factory_{i}()"))
            elif f.default is not dataclasses.MISSING:
                namespace[f"__default_{i}"] = f.default
                stores.append((i, f.name, f"__default_{i}"))
            continue
        param = f.name
        if has_factory:
            param += "=__factory"
            stores.append((i, f.name, f"__factory_{i}() if {f.name} is __factory else {f.name}"))
        else:
            if f.default is not dataclasses.MISSING:
                namespace[f"__default_{i}"] = f.default
                param += f"=__default_{i}"
            stores.append((i, f.name, f.name))
        (keyword if f.kw_only else positional).append(param)
    by_setter = [f"__set_{i}(self, {value})" for i, _, value in stores]
    twin = _twin_class(cls) if len(stores) >= _TWIN_FROM else None
    if twin is None:
        body = [f"    {line}" for line in by_setter]
    else:
        # Each slot's setter is a call with its arguments packed; the twin (replace's) stores
        # into the slots plainly, at two __class__ changes a value: cheaper from four fields
        # on (a value of twelve about a third cheaper). A subclass's value is built as before.
        namespace.update({"__cls": cls, "__twin": twin, "__setattr": object.__setattr__})
        body = [
            "    if type(self) is __cls:",
            '        __setattr(self, "__class__", __twin)',
            *(f"        self.{name} = {value}" for _, name, value in stores),
            "        self.__class__ = __cls",
            "    else:",
            *(f"        {line}" for line in by_setter),
        ]
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    signature = ", ".join([*positional, *(["*", *keyword] if keyword else [])])
    lines = [f"def __init__(self, {signature}):", *body, "    pass"]
    # Generated once per class, as dataclasses generates its own: the same parameters, kinds
    # and defaults, each stored straight into its slot.
    exec("\n".join(lines), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = dict(generated.__annotations__)
    setattr(cls, "__init__", init)  # noqa: B010 (mypy cannot type a class's __init__ set)
    return cls
