"""Called shots (RULINGS R-7, RMU-STAKE-1): aimed at one location, declared before the roll.

A called shot is -25 on the attack, or -20 when it is a staking or a decapitation (RMU-STAKE-1).
A critical that lands elsewhere takes the next lower row that hits the called area (R-7); when
no lower row hits it, the lowest row that does (DEC-372). All critical tables share the 20-row
location layout, so the row found on one serves them all.

>>> from firefight.rulesets.rmu.catalog import RmuData
>>> table = RmuData().tables.critical("ballistic-puncture")
>>> called_row(table, 40, HitLocation.CHEST).label   # leg 36-45 -> the chest 21-25
'21-25'
>>> called_row(table, 1, HitLocation.CHEST).label    # head 01, no chest below -> 02-03
'02-03'
>>> CalledShot(location=HitLocation.CHEST, purpose="stake").modifier().value
-20
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from firefight.errors import RuleRefusal
from firefight.rulesets.rmu.critical_table import CriticalRow, CriticalTable, HitLocation
from firefight.rulesets.rmu.kindred_figures import kindred_figures
from firefight.trace import Modifier, TraceBuilder

__all__ = ["CalledShot", "Purpose", "called_row", "parse_location"]

#: What the call is for: any location (R-7), a stake to the heart or a head off (RMU-STAKE-1).
Purpose = Literal["location", "stake", "behead"]


def parse_location(text: str) -> HitLocation:
    """A location by name (``head``, ``chest``, ``abdomen``, ``arm``, ``leg``)."""
    try:
        return HitLocation(text.strip().lower())
    except ValueError:
        known = ", ".join(h.value for h in HitLocation)
        raise RuleRefusal("R-7", f"{text!r} is no location to call; call one of {known}.") from None


@dataclass(frozen=True, slots=True, kw_only=True)
class CalledShot:
    location: HitLocation
    purpose: Purpose = "location"

    def modifier(self) -> Modifier:
        figs = kindred_figures()
        if self.purpose == "location":
            return Modifier(
                value=figs.called_any, label=f"called shot: {self.location.value}", rule="R-7"
            )
        what = "staking" if self.purpose == "stake" else "decapitation"
        return Modifier(
            value=figs.called_stake_or_behead,
            label=f"called shot, {what}: {self.location.value}",
            rule="RMU-STAKE-1",
        )


def called_row(
    table: CriticalTable,
    roll: int,
    called: HitLocation,
    trace: TraceBuilder | None = None,
) -> CriticalRow:
    """The row a called critical reads: the roll's own when it hits the called area, else the
    next lower row that does (R-7), else the lowest that does (DEC-372)."""
    row = table.row_for(roll)
    if row.location is called:
        return row
    lower = table.lower_row(row, called)
    found = lower or next(r for r in table.rows if r.location is called)
    if trace is not None:
        why = "the next lower row" if lower else "no lower row does, so the lowest row"
        trace.step(
            f"The critical lands on the {row.location.value} ({row.label}), not the called "
            f"{called.value}: {why} that hits it, {found.label}.",
            "R-7" if lower else "DEC-372",
        )
    return found
