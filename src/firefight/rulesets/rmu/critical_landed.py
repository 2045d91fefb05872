"""A critical cell landing on someone: the trace line that shows the cell read and the event that
tells it (RMU-GEN-6, RMU-GEN-7), for a melee critical, a blast's and a Kindred's burning.

The firearm strike (:mod:`.strike`) writes its own: it runs in every shot of a simulated fight,
where a call more per cell counts, and leaves the line out when nobody reads the trace.
"""

from __future__ import annotations

from firefight.rulesets.rmu.critical_table import CriticalEffect, CriticalRow
from firefight.rulesets.rmu.events import CriticalInflicted
from firefight.rulesets.rmu.severity import Severity
from firefight.trace import TraceBuilder

__all__ = ["cell_landed"]


def cell_landed(
    *,
    target: str,
    table: str,
    roll: int,
    severity: Severity,
    row: CriticalRow,
    cell: CriticalEffect,
    rule: str,
    trace: TraceBuilder,
    reduced_from: str | None = None,
    aggravated: bool = False,
) -> CriticalInflicted:
    """Show ``cell`` (read at ``severity`` in ``row`` of ``table``) in the trace under ``rule``
    and tell it landing on ``target``; ``reduced_from`` and ``aggravated`` are a Kindred's
    (RULINGS V-1, V-2)."""
    trace.lookup(
        table=table,
        row=row.label,
        column=severity.value,
        cell=f"{cell.label}: {cell.summary()}",
        rule=rule,
    )
    return CriticalInflicted(
        target=target,
        table=table,
        severity=severity.value,
        roll=roll,
        location=row.location.value,
        effect=cell,
        reduced_from=reduced_from,
        aggravated=aggravated,
    )
