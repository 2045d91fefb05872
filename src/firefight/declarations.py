"""Declarations: one frozen dataclass per action, whose fields say everything about an option.

A ruleset declares what a player may say about an action once, as a frozen dataclass whose
fields carry a :class:`Param` (help, unit, bounds, choices, spelling, whether odds may sweep it).
From that one declaration the interfaces derive the command-line options, the action-line
options and the axes of an odds sweep, and :func:`declare` checks every value against the same
bounds wherever it came from — so ``--celerity 99`` is refused in one place for every edge.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Check:
...     skill: int = param(help="Skill bonus.", low=0, high=20)
...     target: int = param(4, help="Target number.", low=2, high=12)
>>> declare(Check, skill=3)
Check(skill=3, target=4)
>>> declare(Check, skill=99)
Traceback (most recent call last):
...
firefight.declarations.DeclarationError: --skill: 99 is more than 20, the most it can be.
>>> sweep_values(field_named(Check, "target"), "2:6:2")
[2, 4, 6]
>>> conditions(Check, {"skill": 3, "target": 4})
('skill 3',)
"""

from __future__ import annotations

import dataclasses
import enum
import math
import re
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass
from typing import Any, TypeVar

from firefight.errors import FirefightError, UnknownNameError
from firefight.fuzzy import closest, match
from firefight.wording import either

__all__ = [
    "DeclarationError",
    "Option",
    "Param",
    "conditions",
    "declare",
    "field_named",
    "options_of",
    "param",
    "parse_value",
    "read_number",
    "sweep_forms",
    "sweep_grid",
    "sweep_values",
]

T = TypeVar("T")

#: The most characters a value given as text may have: enough for any name or list, too few
#: for a number to be expensive to read.
MAX_TEXT = 200
#: What a text option may not hold: the control characters (below space, and DEL).
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: The most values one swept option may take.
MAX_SWEEP_VALUES = 1_000
#: The largest finite float: typer reads whole numbers of any length, and one past it cannot
#: be made a float (math.isfinite, :g and float() raise OverflowError).
_FLOAT_MAX = sys.float_info.max


def _number(value: float) -> str:
    """``value`` as a refusal quotes it: as typed (":g" keeps six digits, and said 1234567 was
    1.23457e+06), a whole number of more than 20 digits by its count of them.

    >>> _number(1234567), _number(1234567.5), _number(10**400)
    ('1234567', '1234567.5', 'a number of 401 digits')
    """
    if isinstance(value, float):
        return f"{value:.12g}"
    # Whole numbers of more digits than str() makes are never read in (int() refuses them).
    digits = str(abs(value))
    return str(value) if len(digits) <= 20 else f"a number of {len(digits)} digits"


class DeclarationError(FirefightError, ValueError):
    """A value an option cannot take; the message names the option as the user spells it."""

    def __init__(self, option: str, problem: str, *, rule: str | None = None) -> None:
        self.option = option
        self.rule = rule
        cite = f"{rule}: " if rule else ""
        super().__init__(f"{cite}{option}: {problem}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Param:
    """What a declaration's field means to the people who give it a value.

    ``help`` says what the field means (or returns it, when it names a figure that comes from
    data: :meth:`said` reads it); ``flag`` is its spelling after ``--`` (default: the field name
    with dashes); ``low`` and ``high`` bound numbers (inclusive) and the count of a repeated
    option's values (or return the bound, when it comes from data: :meth:`bounds` reads them);
    ``choices`` lists the words a text field takes (or returns them, when they come from data);
    ``known`` is instead the catalog's own lookup, for a catalog that takes names and aliases
    besides its keys: what it does not know is refused as a word not among ``choices`` is,
    naming the keys; ``rule`` is the rule a value out of bounds is refused under; ``sweep``
    says whether odds sweeps may vary it; ``line`` whether an encounter's action line may give
    it; ``misnamed`` says why a word not among ``choices`` is refused when it names something
    the option does not take, in place of the closest choices (``BA II`` for an AT column);
    ``gm`` whether it is the GM's word (a modifier of the GM's, where a missed grenade lands),
    which a player declaring their own action at the web table may not give (DEC-956).
    """

    help: str | Callable[[], str]
    flag: str = ""
    unit: str = ""
    low: float | Callable[[], float] | None = None
    high: float | Callable[[], float] | None = None
    choices: tuple[str, ...] | Callable[[], Sequence[str]] | None = None
    known: Callable[[str], object] | None = None
    rule: str | None = None
    sweep: bool = True
    line: bool = False
    misnamed: Callable[[str], str | None] | None = None
    gm: bool = False

    def said(self) -> str:
        """``help``, read from the data where the declaration says so: a figure in a help comes
        from the one place that holds it, never restated."""
        return self.help() if callable(self.help) else self.help

    def bounds(self) -> tuple[float | None, float | None]:
        """``low`` and ``high``, each read from the data where the declaration says so."""
        low, high = self.low, self.high
        return (low() if callable(low) else low, high() if callable(high) else high)


def param(default: Any = MISSING, **meta: Any) -> Any:
    """A dataclass field with its :class:`Param`; a list default is kept as a tuple."""
    info = Param(**meta)
    if isinstance(default, list):
        default = tuple(default)
    return dataclasses.field(default=default, metadata={"param": info})


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    """One field of a declaration, resolved: its name, value type, default and :class:`Param`.

    ``kind`` is the value type with ``None`` taken off (``optional`` says whether None is
    allowed); ``repeated`` fields hold a tuple of ``kind`` values.
    """

    name: str
    kind: type
    optional: bool
    repeated: bool
    default: Any
    param: Param

    @property
    def required(self) -> bool:
        return self.default is MISSING

    @property
    def flag(self) -> str:
        return "--" + (self.param.flag or self.name.replace("_", "-"))

    def choices(self) -> tuple[str, ...] | None:
        found = self.param.choices
        if found is None and isinstance(self.kind, type) and issubclass(self.kind, enum.Enum):
            return tuple(str(m.value) for m in self.kind)
        if callable(found):
            return tuple(found())
        return found

    def check(self, value: Any) -> Any:
        """``value`` if this option may take it; else a :class:`DeclarationError`."""
        if value is None:
            if self.optional or (self.repeated and not self.required):
                return () if self.repeated else None
            raise self._error("needs a value.")
        if self.repeated:
            values = tuple(value) if isinstance(value, list | tuple) else (value,)
            self._count(len(values))
            return tuple(self._one(v) for v in values)
        return self._one(value)

    def _one(self, value: Any) -> Any:
        kind = self.kind
        if kind is bool:
            if not isinstance(value, bool):
                raise self._error(f"takes yes or no, not {value!r}.")
            return value
        if kind is int or kind is float:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self._error(f"takes a number, not {value!r}.")
            if isinstance(value, float) and not math.isfinite(value):
                raise self._error(f"takes a finite number, not {value}.")
            if kind is int and value != int(value):
                raise self._error(f"takes a whole number, not {value}.")
            self._bounds(value)
            if not -_FLOAT_MAX <= value <= _FLOAT_MAX:  # a whole number no float holds
                raise self._error(f"takes a finite number, not {_number(value)}.")
            return kind(value)
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            if isinstance(value, kind):
                return value
            try:
                return kind(value)
            except ValueError:
                raise self._error(_not_one_of(str(value), self.choices() or ())) from None
        if kind is str:
            if not isinstance(value, str):
                raise self._error(f"takes text, not {value!r}.")
            if len(value) > MAX_TEXT:
                raise self._error(f"is {len(value)} characters long; {MAX_TEXT} at most.")
            if _CONTROL.search(value):
                raise self._error("must not hold control characters.")
            choices = self.choices()
            if choices is not None and value not in choices:
                # Names are matched ignoring case (BA II, ba ii); anything else is suggested.
                found = match(value, choices)
                if found is None:
                    misnamed = self.param.misnamed
                    said = misnamed(value) if misnamed is not None else None
                    raise self._error(said or _not_one_of(value, choices))
                return found
            if self.param.known is not None:
                try:
                    self.param.known(value)
                except UnknownNameError as unknown:
                    raise self._error(_not_one_of(value, unknown.known)) from None
            return value
        return value

    def _bounds(self, value: float) -> None:
        low, high = self.param.bounds()
        # The words are only put together for a refusal: bounds are checked on every shot.
        if low is not None and value < low:
            raise self._error(f"{self._said(value)} is less than {low:g}, the least it can be.")
        if high is not None and value > high:
            raise self._error(f"{self._said(value)} is more than {high:g}, the most it can be.")

    def _count(self, given: int) -> None:
        """A repeated option given ``given`` times, within its bounds: said as how often it is
        given and how often to give it, where "1 value is less than 2, the least it can be"
        read as a number too small (DEC-964)."""
        low, high = self.param.bounds()
        times = "once" if given == 1 else f"{given} times"
        if low is not None and given < low:
            raise self._error(
                f"given {times}; give {self.flag} {low:g} times or more, once for each."
            )
        if high is not None and given > high:
            raise self._error(f"given {times}; give {self.flag} {high:g} times at most.")

    def _said(self, value: float) -> str:
        """``value`` as a refusal quotes it, with the option's unit."""
        unit = f" {self.param.unit}" if self.param.unit else ""
        return _number(value) + unit

    def _error(self, problem: str) -> DeclarationError:
        return DeclarationError(self.flag, problem, rule=self.param.rule)


#: The names a refusal lists in full: a catalog's weapons (17 to 21 of them); past it, how
#: many. A count ("not one of the 21 names. Did you mean 'matchlock'?" for 'glock-17') left
#: nothing to type when the closest was not what was meant.
_LISTED = 40


def _not_one_of(value: str, choices: Sequence[str]) -> str:
    """Why an option refuses ``value``, a word not among ``choices``: them (or how many, when
    there are very many) and the closest."""
    close = closest(value, choices)
    hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    if len(choices) <= _LISTED:
        return f"{value!r} is not one of {', '.join(choices)}.{hint}"
    return f"{value!r} is not one of the {len(choices)} names.{hint}"


def _unwrap(hint: Any) -> tuple[type, bool, bool]:
    """(value type, None allowed, repeated) of a field's type hint."""
    optional = False
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        optional = len(args) < len(typing.get_args(hint))
        hint = args[0] if len(args) == 1 else str
        origin = typing.get_origin(hint)
    if origin in (tuple, list):
        inner = typing.get_args(hint)[0]
        return inner, optional, True
    return hint, optional, False


_OPTIONS: dict[type, tuple[Option, ...]] = {}


def options_of(cls: type) -> tuple[Option, ...]:
    """The declared fields of ``cls`` (those made with :func:`param`), in order."""
    known = _OPTIONS.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    found = []
    for f in dataclasses.fields(cls):
        info = f.metadata.get("param")
        if not isinstance(info, Param):
            continue
        kind, optional, repeated = _unwrap(hints[f.name])
        found.append(
            Option(
                name=f.name,
                kind=kind,
                optional=optional,
                repeated=repeated,
                default=f.default,
                param=info,
            )
        )
    _OPTIONS[cls] = tuple(found)
    return _OPTIONS[cls]


def field_named(cls: type, name: str) -> Option:
    for option in options_of(cls):
        if option.name == name:
            return option
    raise KeyError(name)


#: Each class's options by name, and the required ones: a declaration names a few of a
#: class's options (a tactic's shot, three of some forty), so only those are visited.
_BY_NAME: dict[type, tuple[dict[str, tuple[int, Option]], frozenset[str]]] = {}


def declare(cls: type[T], **values: Any) -> T:
    """An instance of ``cls`` from ``values``, each checked against its :class:`Param`, in
    declaration order (a missing required option is refused where it falls in that order)."""
    known = _BY_NAME.get(cls)
    if known is None:
        options = options_of(cls)
        known = _BY_NAME[cls] = (
            {o.name: (i, o) for i, o in enumerate(options)},
            frozenset(o.name for o in options if o.required),
        )
    by_name, required = known
    unknown = [name for name in values if name not in by_name]
    named = sorted(by_name[name] for name in {*values, *required} if name in by_name)
    checked = {}
    for _, option in named:
        if option.name in values:
            checked[option.name] = option.check(values[option.name])
        else:
            raise DeclarationError(option.flag, "is required.", rule=option.param.rule)
    if unknown:
        raise TypeError(f"{cls.__name__} declares no {', '.join(sorted(unknown))}")
    return cls(**checked)


def _shown(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple):
        return ", ".join(_shown(v) for v in value)
    return str(value)


def conditions(cls: type, values: Mapping[str, Any]) -> tuple[str, ...]:
    """What a query was given beyond the declaration's defaults, as short "option value" words
    in declaration order: the conditions a title or a chart must not leave out."""
    given = []
    for option in options_of(cls):
        value = values.get(option.name)
        if value is None or value == () or value == []:
            continue
        if not option.required and value == option.default:
            continue
        if option.kind is bool:
            if value:
                given.append(option.name.replace("_", " "))
            continue
        unit = option.param.unit
        unit = f" {unit}" if unit and unit != "%" else unit  # 40 ft, but 50%
        given.append(f"{option.name.replace('_', ' ')} {_shown(value)}{unit}")
    return tuple(given)


def parse_value(option: Option, text: str) -> Any:
    """One value of ``option`` read from text (an action line, a sweep list), checked."""
    text = text.strip()
    if len(text) > MAX_TEXT:
        raise option._error(f"is {len(text)} characters long; {MAX_TEXT} at most.")
    kind = option.kind
    if kind is bool:
        lowered = text.lower()
        if lowered not in ("yes", "y", "true", "1", "no", "n", "false", "0"):
            raise option._error(f"takes yes or no, not {text!r}.")
        return lowered in ("yes", "y", "true", "1")
    value: Any = read_number(option, text) if kind in (int, float) else text
    return option._one(value)


def read_number(option: Option, text: str) -> int | float:
    """A number option's value read from text, a unit after it allowed (``40ft``, ``12m``);
    not yet checked against the option's bounds."""
    text = _without_unit(option, text.strip())
    try:
        return int(text) if option.kind is int else float(text)
    except ValueError:
        noun = "a whole number" if option.kind is int else "a number"
        raise option._error(f"takes {noun}, not {text!r}.") from None


# Each unit of length a declaration may be given in, by every spelling accepted, in feet.
_LENGTHS: dict[str, float] = {
    **dict.fromkeys(("ft", "feet", "foot", "'"), 1.0),
    **dict.fromkeys(("m", "metre", "metres", "meter", "meters"), 1 / 0.3048),
    **dict.fromkeys(("yd", "yard", "yards"), 3.0),
}
_WITH_UNIT = re.compile(r"([-+]?\d+(?:\.\d+)?)\s*([A-Za-z/'\"]+)")


def _without_unit(option: Option, text: str) -> str:
    """A number written with its unit (``40ft``, ``12 m``) as a bare number in the option's
    unit: lengths convert between feet, metres and yards; any other unit must be the option's
    own. A number without a unit is taken in the option's unit, as before.

    >>> distance = Option(name="d", kind=float, optional=False, repeated=False,
    ...                   default=MISSING, param=Param(help="", unit="ft"))
    >>> _without_unit(distance, "40ft"), _without_unit(distance, "12 m")
    ('40', '39.37')
    >>> _without_unit(distance, "3 furlongs")
    Traceback (most recent call last):
    ...
    firefight.declarations.DeclarationError: --d: is in ft; write 3 or 3ft, not '3 furlongs'.
    """
    found = _WITH_UNIT.fullmatch(text)
    if found is None or not option.param.unit:
        return text
    number, unit = found.group(1), found.group(2).lower()
    own = option.param.unit.lower()
    if unit == own:
        return number
    if unit in _LENGTHS and own in _LENGTHS:
        value = float(number) * _LENGTHS[unit] / _LENGTHS[own]
        return f"{value:.2f}".rstrip("0").rstrip(".")
    mine = option.param.unit or "a bare number"
    raise option._error(
        f"is in {mine}; write {number} or {number}{option.param.unit}, not {text!r}."
    )


def sweep_forms(option: Option) -> str:
    """What a sweep of ``option`` may be given, in words, as :func:`sweep_values` reads it.

    >>> ob = Option(name="ob", kind=int, optional=False, repeated=False,
    ...             default=MISSING, param=Param(help=""))
    >>> sweep_forms(ob)
    'a comma list or START:STOP:STEP'
    """
    if option.kind is bool:
        return "true, false or true,false"
    forms = ["a comma list"]
    if option.kind in (int, float):
        forms.append("START:STOP:STEP")
    if option.choices() is not None:
        forms.append("all")
    return either(forms)


def sweep_values(option: Option, text: str) -> list[Any]:
    """The values a sweep gives ``option``: ``a,b,c``, or ``START:STOP:STEP`` (inclusive) for a
    number, or ``all`` for an option with choices."""
    if not option.param.sweep:
        raise option._error("cannot be swept.")
    text = text.strip()
    choices = option.choices()
    if text == "all" and choices is not None:
        return [option._one(c) for c in choices]
    if option.kind in (int, float) and text.count(":") == 2:
        start, stop, step = (parse_value(_unbounded(option), p) for p in text.split(":"))
        if step <= 0 or stop < start:
            raise option._error(f"range {text!r} needs STOP >= START and STEP > 0.")
        # inf for a step too small to count by; the count itself is never printed (10^300).
        spans = (stop - start) / step + 1e-9
        if not spans < MAX_SWEEP_VALUES:
            raise option._error(f"range {text!r} has too many values; {MAX_SWEEP_VALUES} at most.")
        count = math.floor(spans) + 1
        return [option._one(start + k * step) for k in range(count)]
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise option._error("needs at least one value.")
    if len(parts) > MAX_SWEEP_VALUES:
        raise option._error(f"has {len(parts)} values; {MAX_SWEEP_VALUES} at most.")
    return [parse_value(option, p) for p in parts]


def sweep_grid(
    cls: type, values: Mapping[str, Any], more: Mapping[str, Sequence[Any]] | None = None
) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """A sweep's options, given as text, split into those given one value (``fixed``) and those
    given several (the grid's axes); ``more`` adds axes of the command's own (already read).
    Options that cannot be swept are passed on as given."""
    fixed: dict[str, Any] = {}
    axes: dict[str, list[Any]] = {}
    for option in options_of(cls):
        given = values.get(option.name)
        if given is None:
            continue
        if option.repeated or not option.param.sweep:
            fixed[option.name] = given
        else:
            axes[option.name] = sweep_values(option, str(given))
    axes.update({name: list(found) for name, found in (more or {}).items()})
    grid = {name: found for name, found in axes.items() if len(found) > 1}
    fixed.update({name: found[0] for name, found in axes.items() if len(found) == 1})
    return fixed, grid


def _unbounded(option: Option) -> Option:
    # A range's STEP is not a value of the option: read the three parts without its bounds.
    return dataclasses.replace(option, param=dataclasses.replace(option.param, low=None, high=None))
