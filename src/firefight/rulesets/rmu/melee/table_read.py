"""Reading a melee attack table at a weapon's size (DATA.md "Melee, bites and grapples").

Each family ships one Medium table; a Small weapon reads it for 3/4 of the hits and one
severity lighter, a Big one for half again the hits and one severity heavier, hits rounded half
up. A severity pushed below A is not lost: the critical still lands, stepped down on the table
(the RMU step-down of RULINGS V-1, :meth:`CriticalTable.stepped_down`). Past E it reads F-J
(RULINGS P-7).

>>> from firefight.rulesets.rmu.table_kinds import RmuTables
>>> spear = read_melee(RmuTables().attack("melee-puncture"), 139, "AT 3", WeaponSize.BIG)
>>> spear.hits, spear.severity, spear.critical_table
(23, <Severity.D: 'D'>, 'puncture')
>>> mace = read_melee(RmuTables().attack("melee-krush"), 105, "AT 3", WeaponSize.SMALL)
>>> str(mace)
'7A krush'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from firefight.rulesets.rmu.attack_table import AttackResult, AttackTable
from firefight.rulesets.rmu.melee.figures import MeleeFigures, WeaponSize, melee_figures
from firefight.rulesets.rmu.severity import Severity

__all__ = ["MeleeRead", "read_melee", "shift_severity"]

_LADDER = tuple(Severity)


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeRead:
    """What a melee total does at the weapon's size.

    ``severity`` None: no critical. ``step_down`` > 0: the severity fell below A that many
    steps; the critical reads A, stepped down that many rows (RULINGS V-1's step-down).
    ``critical_table`` is the table the cell's letter sends the critical to.
    """

    result: AttackResult
    size: WeaponSize
    hits: int
    severity: Severity | None
    step_down: int
    critical_table: str | None
    critical_roll_bonus: int

    def __str__(self) -> str:
        if self.severity is None:
            return str(self.hits)
        down = f" stepped down {self.step_down}" if self.step_down else ""
        return f"{self.hits}{self.severity.value}{down} {self.critical_table}"


def _round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def shift_severity(severity: Severity, steps: int) -> tuple[Severity, int]:
    """``severity`` moved ``steps`` (negative: lighter); below A gives (A, steps below A).

    >>> shift_severity(Severity.C, -1), shift_severity(Severity.A, -2)
    ((<Severity.B: 'B'>, 0), (<Severity.A: 'A'>, 2))
    >>> shift_severity(Severity.E, 1)
    (<Severity.F: 'F'>, 0)
    """
    index = _LADDER.index(severity) + steps
    if index < 0:
        return Severity.A, -index
    return _LADDER[min(index, len(_LADDER) - 1)], 0


def read_melee(
    table: AttackTable,
    total: int,
    column: str,
    size: WeaponSize,
    figures: MeleeFigures | None = None,
) -> MeleeRead:
    """Read ``total`` in ``column`` of the Medium ``table`` at ``size`` (RMU-GEN-5, P-6)."""
    figures = figures or melee_figures()
    rule = figures.sizes[size]
    result = table.lookup(total, column)
    cell = result.cell
    severity: Severity | None = None
    step_down = 0
    critical = None
    if cell.severity is not None:
        severity, step_down = shift_severity(cell.severity, rule.severity)
        critical = figures.critical_table(cell.critical) if cell.critical else None
    return MeleeRead(
        result=result,
        size=size,
        hits=_round_half_up(cell.hits * rule.hits),
        severity=severity,
        step_down=step_down,
        critical_table=critical,
        critical_roll_bonus=result.critical_roll_bonus,
    )
