"""RMU maneuvers (RULINGS M-1..M-4): the percentage ladder, difficulties, absolute bands and
opposed rolls, as a piece every firearm action reuses.

The ladders are data (``rulesets/rmu/data/maneuvers.toml``). A maneuver roll is d100
open-ended at both ends (RULINGS D-2); the total is the roll plus itemized modifiers, read on
the ladder. A percentage maneuver's bottom rungs are a critical against the character, A at
-20 down to E at -100 or worse (the failure-critical ladder); the firearm actions turn that
into a push on the Firearm Fumble table.

>>> read_percentage(75).percent
70
>>> read_percentage(-45).critical
<Severity.B: 'B'>
>>> read_percentage(-5).fail_to_act
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal, TypeVar

from pydantic import Field

from firefight.dice import Dice, Roll
from firefight.errors import RuleRefusal, TableDataError
from firefight.events import Event
from firefight.outcome import Outcome, ResolvedWord, Result
from firefight.rulesets.rmu.catalog import PACKAGE, RmuData
from firefight.rulesets.rmu.haste import haste_term
from firefight.rulesets.rmu.severity import Severity
from firefight.tables.data_files import DataModel, package_data, read_toml, validate
from firefight.trace import Modifier, Total, TraceBuilder

__all__ = [
    "ABSOLUTE_PASSES",
    "AbsoluteManeuverResult",
    "AbsoluteReading",
    "AbsoluteResult",
    "Maneuver",
    "ManeuverFigures",
    "PercentageManeuver",
    "PercentageReading",
    "PercentageResult",
    "by_percent",
    "difficulty_modifier",
    "haste_modifiers",
    "load_maneuver_figures",
    "maneuver_figures",
    "opposed_modifier",
    "read_absolute",
    "read_percentage",
    "resolve_maneuver",
    "roll_absolute_maneuver",
    "roll_maneuver_total",
    "roll_percentage_maneuver",
]

_FILE = "data/maneuvers.toml"
_LABEL = f"firefight/rulesets/rmu/{_FILE}"


class AbsoluteResult(Enum):
    """The bands of an absolute (static) maneuver (M-3)."""

    ABSOLUTE_FAILURE = "absolute failure"
    FAILURE = "failure"
    PARTIAL_SUCCESS = "partial success"
    SUCCESS = "success"
    ABSOLUTE_SUCCESS = "absolute success"


#: Where an absolute maneuver is a check that passes or fails, Partial Success or better passes
#: (M-3): a fatigue check (DEC-79), a gassed victim's Constitution (RMU-EXP-16), noticing a
#: grenade (DEC-386).
ABSOLUTE_PASSES = frozenset(
    {AbsoluteResult.PARTIAL_SUCCESS, AbsoluteResult.SUCCESS, AbsoluteResult.ABSOLUTE_SUCCESS}
)


@dataclass(frozen=True, slots=True, kw_only=True)
class PercentageRung:
    """One row of the M-1 ladder: every total up to ``up_to`` (None: no ceiling)."""

    up_to: int | None
    critical: Severity | None = None
    fail_to_act: bool = False
    percent: int | None = None
    exceptional: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class AbsoluteRung:
    up_to: int | None
    result: AbsoluteResult


@dataclass(frozen=True, slots=True, kw_only=True)
class ManeuverFigures:
    percentage: tuple[PercentageRung, ...]
    difficulty: dict[str, int]
    absolute: tuple[AbsoluteRung, ...]
    unusual_event_natural: int
    opposed_base: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PercentageReading:
    """What a total reads on the percentage ladder (M-1).

    Exactly one of ``critical`` (a critical against the character, A-E), ``fail_to_act`` or
    ``percent`` is set. ``share_percent`` is the percentage capped at 100, the most of
    anything a maneuver can bring about (RMU-RF-4, RMU-MOV-2).
    """

    total: int
    band: str
    critical: Severity | None = None
    fail_to_act: bool = False
    percent: int | None = None
    exceptional: bool = False

    @property
    def succeeded(self) -> bool:
        return self.percent is not None

    @property
    def share_percent(self) -> int:
        return min(self.percent or 0, 100)

    @property
    def result(self) -> str:
        if self.critical is not None:
            return f"{self.critical.value} critical"
        if self.fail_to_act:
            return "fail to act"
        text = f"{self.percent}%"
        return f"{text}, exceptional" if self.exceptional else text


@dataclass(frozen=True, slots=True, kw_only=True)
class AbsoluteReading:
    total: int
    band: str
    result: AbsoluteResult
    unusual_event: bool


# --- data ---------------------------------------------------------------------------------------


class _PercentageRow(DataModel):
    up_to: int | None = None
    critical: Literal["A", "B", "C", "D", "E"] | None = None
    fail_to_act: bool = False
    percent: int | None = Field(default=None, ge=0)
    exceptional: bool = False


class _AbsoluteRow(DataModel):
    up_to: int | None = None
    result: AbsoluteResult


class _Source(DataModel):
    text: str


class _Special(DataModel):
    unusual_event_natural: int = Field(ge=1, le=100)


class _Opposed(DataModel):
    base: int


class _File(DataModel):
    source: _Source
    percentage: list[_PercentageRow] = Field(min_length=2)
    difficulty: dict[str, int]
    absolute: list[_AbsoluteRow] = Field(min_length=2)
    absolute_special: _Special
    opposed: _Opposed


def _check_ladder(name: str, ceilings: list[int | None]) -> None:
    """Rows rise strictly; only the last is open-topped."""
    *bounded, last = ceilings
    if last is not None:
        raise TableDataError(_LABEL, f"{name} row {len(ceilings)}", "the last row has no up_to")
    previous: int | None = None
    for number, up_to in enumerate(bounded, start=1):
        if up_to is None:
            raise TableDataError(_LABEL, f"{name} row {number}", "only the last row may omit up_to")
        if previous is not None and up_to <= previous:
            raise TableDataError(_LABEL, f"{name} row {number}", "up_to must rise row by row")
        previous = up_to


def load_maneuver_figures(text: dict[str, object] | None = None) -> ManeuverFigures:
    data = text if text is not None else read_toml(package_data(PACKAGE, _FILE), _LABEL)
    model = validate(_File, data, _LABEL)
    _check_ladder("percentage", [r.up_to for r in model.percentage])
    _check_ladder("absolute", [r.up_to for r in model.absolute])
    for number, row in enumerate(model.percentage, start=1):
        kinds = (row.critical is not None) + row.fail_to_act + (row.percent is not None)
        if kinds != 1:
            raise TableDataError(
                _LABEL,
                f"percentage row {number}",
                "a row is exactly one of: a critical, fail_to_act, or a percent",
            )
    return ManeuverFigures(
        percentage=tuple(
            PercentageRung(
                up_to=r.up_to,
                critical=Severity(r.critical) if r.critical else None,
                fail_to_act=r.fail_to_act,
                percent=r.percent,
                exceptional=r.exceptional,
            )
            for r in model.percentage
        ),
        difficulty=dict(model.difficulty),
        absolute=tuple(AbsoluteRung(up_to=r.up_to, result=r.result) for r in model.absolute),
        unusual_event_natural=model.absolute_special.unusual_event_natural,
        opposed_base=model.opposed.base,
    )


@functools.cache
def maneuver_figures() -> ManeuverFigures:
    """The shipped maneuver ladders, read and checked once."""
    return load_maneuver_figures()


_Rung = TypeVar("_Rung", PercentageRung, AbsoluteRung)


def _rung_of(rungs: Sequence[_Rung], total: int) -> tuple[_Rung, str]:
    """The rung of a ladder ``total`` falls on, each rung running from the one below it up to
    its ``up_to`` (the last has no ceiling), and that band in words."""
    low: int | None = None
    for rung in rungs:
        if rung.up_to is None or total <= rung.up_to:
            return rung, _band(low, rung.up_to)
        low = rung.up_to + 1
    raise AssertionError("the last rung is open-topped")  # pragma: no cover


def _band(low: int | None, high: int | None) -> str:
    if low is None:
        return f"{high} or less"
    if high is None:
        return f"{low}+"
    return f"{low} to {high}"


# --- reading the ladders ------------------------------------------------------------------------


def read_percentage(total: int) -> PercentageReading:
    """The M-1 rung ``total`` falls on.

    >>> [read_percentage(t).result for t in (-100, -99, 0, 1, 101, 281)]
    ['E critical', 'D critical', 'fail to act', '5%', '100%', '150%, exceptional']
    """
    rung, band = _rung_of(maneuver_figures().percentage, total)
    return PercentageReading(
        total=total,
        band=band,
        critical=rung.critical,
        fail_to_act=rung.fail_to_act,
        percent=rung.percent,
        exceptional=rung.exceptional,
    )


def read_absolute(total: int, natural: int) -> AbsoluteReading:
    """The M-3 band of ``total``; an unmodified ``natural`` 66 is also an Unusual Event.

    >>> read_absolute(120, 43).result.value, read_absolute(80, 66).unusual_event
    ('success', True)
    """
    fig = maneuver_figures()
    rung, band = _rung_of(fig.absolute, total)
    return AbsoluteReading(
        total=total,
        band=band,
        result=rung.result,
        unusual_event=natural == fig.unusual_event_natural,
    )


def difficulty_modifier(name: str) -> Modifier:
    """The M-2 modifier for a difficulty, by its name (``"hard"``, ``"very-hard"`` ...).

    >>> difficulty_modifier("hard")
    Modifier(value=-10, label='difficulty: Hard', rule='M-2')
    """
    table = maneuver_figures().difficulty
    key = name.strip().lower().replace(" ", "-")
    if key not in table:
        raise RuleRefusal("M-2", f"No difficulty is called {name!r}; known: {', '.join(table)}.")
    return Modifier(
        value=table[key], label=f"difficulty: {key.replace('-', ' ').title()}", rule="M-2"
    )


def opposed_modifier(passive_total: int) -> Modifier:
    """M-4: the active side adds (100 - the passive side's total).

    >>> opposed_modifier(70).value
    30
    """
    base = maneuver_figures().opposed_base
    return Modifier(
        value=base - passive_total,
        label=f"opposed: {base} less the other side's {passive_total}",
        rule="M-4",
    )


def haste_modifiers(
    *,
    ap: int,
    ap_range: tuple[int, int],
    per_ap: int,
    action: str,
    rule: str,
    offset_bonus: int = 0,
    offset_skill: str = "",
) -> list[Modifier]:
    """The haste penalty of an action taken with fewer AP than its most (RMU-GEN-1), and the
    other skill's bonus offsetting it, never past 0 (RMU-SK-1, RULINGS F-4).

    Raises:
        RuleRefusal: (``rule``) ``ap`` is outside the action's window.

    >>> [m.value for m in haste_modifiers(ap=2, ap_range=(2, 4), per_ap=-25, action="a",
    ...     rule="R", offset_bonus=30, offset_skill="Fire Discipline")]
    [-50, 30]
    """
    low, high = ap_range
    if not low <= ap <= high:
        raise RuleRefusal(rule, f"{action} takes {low} to {high} AP; {ap} AP was declared.")
    haste = haste_term(ap, high, per_ap, lambda _: f"haste: {ap} AP of {high}")
    if haste is None:
        return []
    mods = [haste]
    offset = min(max(0, offset_bonus), -haste.value)
    if offset:
        mods.append(
            Modifier(
                value=offset,
                label=f"{offset_skill} offsets the haste (never past 0)",
                rule="RMU-SK-1",
            )
        )
    return mods


# --- rolling ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PercentageManeuver:
    """A rolled percentage maneuver: its total (itemized) and what it read."""

    total: Total
    natural: int
    reading: PercentageReading


def roll_percentage_maneuver(
    *,
    purpose: str,
    parts: list[Modifier],
    dice: Dice,
    trace: TraceBuilder,
) -> PercentageManeuver:
    """Roll d100 open-ended both ways (D-2), total it with ``parts`` and read M-1.

    Every firearm action's maneuver goes through here, so they all read the same ladder.
    """
    roll, total = roll_maneuver_total(
        purpose=purpose, label=f"{purpose} total", parts=parts, dice=dice, trace=trace
    )
    reading = read_percentage(total.value)
    trace.lookup(
        table="percentage maneuver (Table 5-1)",
        row=reading.band,
        column="result",
        cell=reading.result,
        rule="M-1",
    )
    return PercentageManeuver(total=total, natural=roll.natural, reading=reading)


def roll_absolute_maneuver(
    *,
    purpose: str,
    label: str,
    parts: Sequence[Modifier],
    dice: Dice,
    trace: TraceBuilder,
) -> AbsoluteReading:
    """Roll d100 open-ended both ways (D-2), total it with ``parts`` under ``label`` and read
    M-3's bands (an unmodified 66 is an Unusual Event too)."""
    roll, total = roll_maneuver_total(
        purpose=purpose, label=label, parts=parts, dice=dice, trace=trace
    )
    reading = read_absolute(total.value, roll.natural)
    trace.lookup(
        table="absolute maneuver (Table 5-1)",
        row=reading.band,
        column="result",
        cell=reading.result.value,
        rule="M-3",
    )
    return reading


def roll_maneuver_total(
    *,
    purpose: str,
    label: str,
    parts: Sequence[Modifier],
    dice: Dice,
    trace: TraceBuilder,
) -> tuple[Roll, Total]:
    """A maneuver's d100, open-ended both ways (D-2), rolled for ``purpose`` and totalled
    ahead of ``parts`` under ``label``: the roll and the total."""
    roll = trace.roll(dice.d100_open_ended(purpose))
    term = Modifier(value=roll.total, label="maneuver roll, d100 open-ended", rule="D-2")
    return roll, trace.total(label, [term, *parts])


# --- a maneuver on its own (the CLI's `maneuver`) -----------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Maneuver:
    """A maneuver declared on its own: the skill bonus, the difficulty and any modifiers.

    ``opposed_by`` is the passive side's total, for an opposed roll (M-4).
    """

    kind: Literal["percentage", "absolute"] = "percentage"
    bonus: int = 0
    difficulty: str = "medium"
    extra: tuple[Modifier, ...] = ()
    opposed_by: int | None = None
    actor: str = "character"
    skill: str = "maneuver"


@dataclass(frozen=True, slots=True, kw_only=True)
class ManeuverRolled(Event):
    """A maneuver's result, for the log (M-1, M-3)."""

    actor: str
    skill: str
    total: int
    result: str


def by_percent(percent: int | None) -> ResolvedWord:
    """A percentage result's word (M-1, RMU-MOV-2): all of it, none of it, or a share."""
    if percent is None or percent <= 0:
        return "failure"
    return "success" if percent >= 100 else "partial"


@dataclass(frozen=True, slots=True, kw_only=True)
class PercentageResult(Result):
    """A percentage maneuver (M-1): its total, the ladder's word (``result``), and exactly
    one of a percentage, a critical against the character or a fail to act."""

    kind: str
    total: int
    result: str
    percent: int | None
    critical: str | None
    fail_to_act: bool
    exceptional: bool

    @property
    def outcome(self) -> ResolvedWord:
        """A fail to act or a critical is a ``failure``; else by the percentage."""
        if self.fail_to_act or self.critical:
            return "failure"
        return by_percent(self.percent)


#: M-3's absolute bands in the outcome vocabulary.
_ABSOLUTE_WORDS: dict[AbsoluteResult, ResolvedWord] = {
    AbsoluteResult.ABSOLUTE_FAILURE: "failure",
    AbsoluteResult.FAILURE: "failure",
    AbsoluteResult.PARTIAL_SUCCESS: "partial",
    AbsoluteResult.SUCCESS: "success",
    AbsoluteResult.ABSOLUTE_SUCCESS: "success",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class AbsoluteManeuverResult(Result):
    """An absolute maneuver (M-3): its total, its band (``result``) and whether an unmodified
    66 brought an Unusual Event."""

    kind: str
    total: int
    result: str
    unusual_event: bool

    @property
    def outcome(self) -> ResolvedWord:
        return _ABSOLUTE_WORDS[AbsoluteResult(self.result)]


def resolve_maneuver(
    decl: Maneuver, dice: Dice, data: RmuData | None = None
) -> Outcome[PercentageResult | AbsoluteManeuverResult]:
    """Roll one maneuver and read its ladder (M-1..M-4). ``data`` is unused: the ladders are
    the same for every RMU data set, but the signature matches every other resolver."""
    del data
    parts = [Modifier(value=decl.bonus, label=f"{decl.actor}'s {decl.skill} bonus")]
    parts.append(difficulty_modifier(decl.difficulty))
    if decl.opposed_by is not None:
        parts.append(opposed_modifier(decl.opposed_by))
    parts.extend(decl.extra)
    tb = TraceBuilder()
    purpose = f"{decl.skill} ({decl.kind} maneuver)"
    if decl.kind == "percentage":
        rolled = roll_percentage_maneuver(purpose=purpose, parts=parts, dice=dice, trace=tb)
        reading = rolled.reading
        if reading.critical is not None:
            tb.step(
                f"{reading.total} is a critical failure, severity {reading.critical.value}: "
                "something goes wrong for the character.",
                "M-1",
            )
        result: PercentageResult | AbsoluteManeuverResult = PercentageResult(
            kind=decl.kind,
            total=reading.total,
            result=reading.result,
            percent=reading.percent,
            critical=reading.critical.value if reading.critical else None,
            fail_to_act=reading.fail_to_act,
            exceptional=reading.exceptional,
        )
        result_text = reading.result
        total_value = reading.total
    else:
        absolute = roll_absolute_maneuver(
            purpose=purpose, label=f"{purpose} total", parts=parts, dice=dice, trace=tb
        )
        if absolute.unusual_event:
            tb.step("An unmodified 66: an Unusual Event happens as well.", "M-3")
        result = AbsoluteManeuverResult(
            kind=decl.kind,
            total=absolute.total,
            result=absolute.result.value,
            unusual_event=absolute.unusual_event,
        )
        result_text = absolute.result.value
        total_value = absolute.total
    event = ManeuverRolled(
        actor=decl.actor, skill=decl.skill, total=total_value, result=result_text
    )
    return Outcome(events=(event,), trace=tb.build(), result=result)
