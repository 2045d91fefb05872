"""Landing a melee critical: roll, row (stepped down when the severity fell below A), cells.

The critical roll is a plain d100 (RMU-GEN-6) pushed past 175 by RULINGS P-6; the severity's
A-E columns are read on that row (F-J read E and more on the same row, RULINGS P-7). A result
that fell below A (a Small weapon's A, DATA.md; a Kindred's reduction, RULINGS V-1) reads the A
column of the next lower row that hits the same location, once per step, or the 01 row
(:meth:`CriticalTable.stepped_down`). The events are rmu's own (:mod:`..events`), so the
encounter applies a melee critical exactly as it applies a bullet's.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.dice import Dice
from firefight.events import Event
from firefight.rulesets.rmu.called import called_row
from firefight.rulesets.rmu.critical_landed import cell_landed
from firefight.rulesets.rmu.critical_table import CriticalEffect, CriticalTable, HitLocation
from firefight.rulesets.rmu.events import AttackerBonusGained
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.strike import combine_effects
from firefight.rulesets.rmu.struck import CriticalEffects
from firefight.trace import Modifier, TraceBuilder

__all__ = ["LandedCritical", "land_critical"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LandedCritical:
    roll: int
    row: str
    location: str
    cells: tuple[tuple[Severity, CriticalEffect], ...]
    events: tuple[Event, ...]

    @property
    def hold(self) -> int:
        """The hold a Grapple critical takes, in percent (0 on every other table)."""
        return sum(cell.hold for _, cell in self.cells)

    @property
    def effects(self) -> CriticalEffects:
        return combine_effects([cell for _, cell in self.cells])


def land_critical(
    *,
    table: CriticalTable,
    severity: Severity,
    step_down: int,
    roll_bonus: int,
    target: str,
    attacker: str,
    dice: Dice,
    trace: TraceBuilder,
    rule: str,
    called: HitLocation | None = None,
    reduced_from: str | None = None,
    aggravated: bool = False,
) -> LandedCritical:
    """Roll and read one critical on ``table`` against ``target``; ``rule`` names why it landed.

    ``called``: a called shot's location (RULINGS R-7); ``reduced_from`` and ``aggravated`` mark
    the events for a Kindred (RULINGS V-1, V-2)."""
    roll = trace.roll(dice.d100("critical roll"))
    total = roll.total
    if roll_bonus:
        total = trace.total(
            "critical roll",
            [
                Modifier(value=roll.total, label="critical roll, d100", rule="RMU-GEN-6"),
                Modifier(value=roll_bonus, label="attack total past 175: +1 per 5", rule="P-6"),
            ],
        ).value
    if called is not None:
        found = called_row(table, total, called, trace)
        if found is not table.row_for(total):
            total = found.low
    if step_down:
        row = table.stepped_down(total, step_down)
        trace.step(
            f"The severity fell {step_down} below A: the {table.row_for(total).label} row steps "
            f"down to {row.label} on the A column.",
            "V-1",
        )
        cells: tuple[tuple[Severity, CriticalEffect], ...] = ((Severity.A, row.cell(Severity.A)),)
    else:
        row = table.row_for(total)
        cells = table.lookup(total, severity)
    events: list[Event] = []
    for sev, cell in cells:
        events.append(
            cell_landed(
                target=target,
                table=table.name,
                roll=total,
                severity=sev,
                row=row,
                cell=cell,
                rule="P-7" if len(cells) > 1 else rule,
                trace=trace,
                reduced_from=reduced_from,
                aggravated=aggravated,
            )
        )
        if cell.attacker_bonus:
            events.append(
                AttackerBonusGained(actor=attacker, bonus=cell.attacker_bonus, rule="RMU-BP-3")
            )
    return LandedCritical(
        roll=total,
        row=row.label,
        location=row.location.value,
        cells=cells,
        events=tuple(events),
    )
