"""Reading a critical on a Kindred (RULINGS V-1): one severity lower unless the damage is
aggravated, with RMU's step-down below A.

Every place rmu lands a critical on someone -- a shot, a burst or a sweep, a stray round, a
blast's fragments or its band, a tripod gun's recoil -- reads its cells through
:func:`read_critical`, with the target's ``steps`` (0 for a mortal; the scene's V-1 setting for
a Kindred, :func:`severity_steps`). Aggravated damage is read at full severity: the critical
tables the data file names (fire and heat) and sources the caller knows to be aggravated
(a vampire's fangs, RMU-BITE-1).

Below A, RMU steps down: the A cell of the nearest lower row for the same location; with no
such row, the 01 row (V-1). Each further step below A goes one such row lower again.

>>> from firefight.rulesets.rmu.catalog import RmuData
>>> table = RmuData().tables.critical("ballistic-puncture")
>>> [(s.value, row.label) for s, row, _ in read_critical(table, 40, Severity.C, steps=1).cells]
[('B', '36-45')]
>>> [(s.value, row.label) for s, row, _ in read_critical(table, 40, Severity.A, steps=1).cells]
[('A', '06-10')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from firefight.rulesets.rmu.critical_table import CriticalEffect, CriticalRow, CriticalTable
from firefight.rulesets.rmu.kindred_figures import KindredRules, kindred_figures
from firefight.rulesets.rmu.severity import Severity
from firefight.trace import TraceBuilder
from firefight.wording import counted

if TYPE_CHECKING:
    # Only a type here: a shot at a mortal loads none of the encounter's figures.
    from firefight.rulesets.rmu.vitals import RmuStats

__all__ = [
    "CriticalReading",
    "Read",
    "aggravated_table",
    "kindred_steps",
    "kindred_torpor",
    "read_critical",
    "reads_torpor",
    "severity_steps",
]

#: One cell read: the column it was read in, its row, and the cell.
Read = tuple[Severity, CriticalRow, CriticalEffect]


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalReading:
    """The cells a critical reads: ``dealt`` the severity the attack gave, ``severity`` the
    one read (lower on a Kindred, V-1; A for a step-down)."""

    dealt: Severity
    severity: Severity
    cells: tuple[Read, ...]
    reduced: bool = False
    aggravated: bool = False

    @property
    def rule(self) -> str:
        """The rule a lookup of these cells cites."""
        if self.reduced:
            return "V-1"
        return "P-7" if len(self.dealt.components) > 1 else "RMU-GEN-7"

    @property
    def reduced_from(self) -> str | None:
        return self.dealt.value if self.reduced else None

    @property
    def location(self) -> str:
        """Where the wound is: the location of the row read, which a step-down below A may
        have moved to the 01 row's head (V-1, DEC-967)."""
        return self.cells[0][1].location.value


def severity_steps(stats: RmuStats, rules: KindredRules) -> int:
    """How many severities lower a non-aggravated critical reads on this body (V-1)."""
    return kindred_steps(stats.kindred is not None, rules)


def kindred_steps(kindred: bool, rules: KindredRules | None = None) -> int:
    """How many severities lower a non-aggravated critical reads on a body that is ``kindred``
    or not (V-1): the scene's setting, or with no scene (a calculator's target) the ruling's."""
    if not kindred:
        return 0
    return (rules or kindred_figures().rules).severity_steps


def reads_torpor(stats: RmuStats, rules: KindredRules) -> bool:
    """Whether a blow leaves this body in torpor or at Final Death, not dying or dead (V-2): a
    Kindred, with the scene's V-2 on, as :func:`~.kindred_vitals.kindred_landed` reads it.
    Told apart from :func:`severity_steps`, which a scene may set to 0 (DEC-852)."""
    return kindred_torpor(stats.kindred is not None, rules)


def kindred_torpor(kindred: bool, rules: KindredRules | None = None) -> bool:
    """Whether a body that is ``kindred`` or not meets V-2's torpor and Final Death: the
    scene's setting, or with no scene (a calculator's target) the ruling's."""
    return kindred and (rules or kindred_figures().rules).torpor


def aggravated_table(table: str) -> bool:
    """Whether criticals read on ``table`` are aggravated to Kindred (V-1: fire and heat)."""
    return table in kindred_figures().aggravated_tables


def read_critical(
    table: CriticalTable,
    roll: int,
    severity: Severity,
    *,
    steps: int,
    who: str = "the target",
    trace: TraceBuilder | None = None,
) -> CriticalReading:
    """Every cell ``severity`` reads on ``roll`` for a body whose non-aggravated criticals
    read ``steps`` lower (V-1); F-J read E and more (P-7)."""
    row = table.row_for(roll)
    aggravated = aggravated_table(table.name)
    full = CriticalReading(
        dealt=severity,
        severity=severity,
        cells=tuple((s, row, cell) for s, cell in table.lookup(roll, severity)),
        aggravated=aggravated,
    )
    if steps <= 0:
        return full
    if aggravated:
        if trace is not None:
            trace.step(
                f"{who} is Kindred, but {table.title} is aggravated damage: full severity.",
                "V-1",
            )
        return full
    # Melee's severity shift (and its figures) loads only for a Kindred's critical.
    from firefight.rulesets.rmu.melee.table_read import shift_severity

    lowered, below = shift_severity(severity, -steps)
    if not below:
        if trace is not None:
            trace.step(
                f"{who} is Kindred and the damage is not aggravated: the {severity.value} "
                f"critical reads {counted(steps, 'severity', 'severities')} lower, "
                f"{lowered.value}.",
                "V-1",
            )
        return CriticalReading(
            dealt=severity,
            severity=lowered,
            cells=tuple((s, row, cell) for s, cell in table.lookup(roll, lowered)),
            reduced=True,
        )
    read = table.stepped_down(roll, below)
    if trace is not None:
        trace.step(
            f"{who} is Kindred and the damage is not aggravated: the {severity.value} critical "
            f"falls {below} below A and steps down from the {row.label} row to the A cell of "
            f"the {read.label} row.",
            "V-1",
        )
    return CriticalReading(
        dealt=severity,
        severity=Severity.A,
        cells=((Severity.A, read, read.cell(Severity.A)),),
        reduced=True,
    )
