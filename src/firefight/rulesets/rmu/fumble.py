"""The Firearm Fumble table and rolling a malfunction on it (RMU-RF-13, RULINGS F-3, F-5).

A percentage maneuver that comes out as a critical against the character (M-1: A at -20 down
to E at -100) is a malfunction when the maneuver was handling a gun: a plain d100 on the
weapon's column, pushed +10 per severity step (A +10 ... E +50). Totals past 100 read the 100
row. The table is a stand-in (``rulesets/rmu/data/firearm_fumble.toml``, provisional).

>>> table = firearm_fumble_table()
>>> table.read(66, "full-automatics").effect.nearest_ally
True
>>> table.read(140, "semi-automatics").label
'100'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from firefight.dice import Dice
from firefight.errors import TableDataError, UnknownNameError
from firefight.files import read_toml
from firefight.rulesets.rmu.catalog import PACKAGE, Weapon, WeaponAction
from firefight.rulesets.rmu.malfunction import FumbleEffect, Malfunction
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.table_reading import d100_rows, header_fields
from firefight.tables.shipped import checked, package_data
from firefight.trace import Modifier, TraceBuilder

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = [
    "FumbleEffect",
    "FumbleRow",
    "FumbleTable",
    "Malfunction",
    "firearm_fumble_table",
    "fumble_column",
    "roll_malfunction",
]

_FILE = "data/firearm_fumble.toml"
_LABEL = f"firefight/rulesets/rmu/{_FILE}"


@dataclass(frozen=True, slots=True, kw_only=True)
class FumbleRow:
    low: int
    high: int
    cells: dict[str, FumbleEffect]

    @property
    def label(self) -> str:
        return f"{self.low:02d}" if self.low == self.high else f"{self.low:02d}-{self.high:02d}"


@dataclass(frozen=True, slots=True, kw_only=True)
class FumbleRead:
    label: str
    column: str
    effect: FumbleEffect


@dataclass(frozen=True, slots=True, kw_only=True)
class FumbleTable:
    name: str
    title: str
    source: str
    provisional: bool
    derivation: str
    columns: tuple[str, ...]
    rows: tuple[FumbleRow, ...]

    def read(self, total: int, column: str) -> FumbleRead:
        """The cell ``total`` reads in ``column``; below 1 reads 01, past 100 reads 100."""
        if column not in self.columns:
            raise UnknownNameError(f"{self.name} column", column, self.columns)
        total = max(1, min(100, total))
        row = next(r for r in self.rows if r.low <= total <= r.high)
        return FumbleRead(label=row.label, column=column, effect=row.cells[column])

    def malfunction(self, total: int, column: str, trace: TraceBuilder, rule: str) -> Malfunction:
        """What a fumble roll of ``total`` comes to in ``column``, its cell shown in the trace."""
        read = self.read(total, column)
        trace.lookup(
            table=self.name,
            row=read.label,
            column=column,
            cell=f"{read.effect.label}: {read.effect.summary()}",
            rule=rule,
        )
        return Malfunction(total=total, row=read.label, column=column, effect=read.effect)


def _file_model() -> type[BaseModel]:
    from firefight.rulesets.rmu.file_models import FumbleFile

    return FumbleFile


def _cell_model() -> type[BaseModel]:
    from firefight.rulesets.rmu.file_models import FumbleCellModel

    return FumbleCellModel


def load_fumble_table(
    data: dict[str, Any] | None = None, label: str = _LABEL, *, validate: bool
) -> FumbleTable:
    """The fumble table in ``data`` (else the shipped Firearm Fumble file), read as written or,
    with ``validate``, first held to its model (:mod:`firefight.tables.shipped`, DEC-510)."""
    raw = data if data is not None else read_toml(package_data(PACKAGE, _FILE), label)
    m = checked(_file_model, raw, label, validate=validate)
    head = m["table"]
    columns = tuple(head["columns"])
    rows: list[FumbleRow] = []
    for where, row in d100_rows(m["rows"], label):
        extra = {k: v for k, v in row.items() if k not in _BAND}
        if set(extra) != set(columns):
            raise TableDataError(label, where, f"cells must be exactly the columns {columns}")
        cells = {
            c: FumbleEffect(
                **checked(_cell_model, extra[c], f"{label}, {where}", validate=validate)
            )
            for c in columns
        }
        rows.append(FumbleRow(low=row["low"], high=row["high"], cells=cells))
    return FumbleTable(
        **header_fields(head),
        columns=columns,
        rows=tuple(rows),
    )


#: A row's keys besides its cells.
_BAND = ("low", "high")


@functools.cache
def firearm_fumble_table() -> FumbleTable:
    """The shipped stand-in, read once as written: a fight's first fumble reads it, and the tests
    hold the file to its model (DEC-510)."""
    return load_fumble_table(validate=False)


def fumble_column(weapon: Weapon) -> str:
    """A weapon's own column: semi-automatics, or full automatics for selective and automatic."""
    if weapon.action is WeaponAction.SEMI_AUTOMATIC:
        return "semi-automatics"
    return "full-automatics"


def roll_malfunction(
    *,
    severity: Severity | None,
    column: str,
    push_per_step: int,
    dice: Dice,
    trace: TraceBuilder,
    rule: str,
) -> Malfunction:
    """Roll d100 on the Firearm Fumble table, pushed by the maneuver's severity (RMU-RF-13).

    ``severity`` None is an attack roll's fumble (RMU-GEN-8): no maneuver result, no push.
    """
    table = firearm_fumble_table()
    roll = trace.roll(dice.d100("firearm fumble roll"))
    parts = [Modifier(value=roll.total, label="fumble roll, d100", rule=rule)]
    if severity is not None:
        parts.append(
            Modifier(
                value=push_per_step * severity.step,
                label=f"severity {severity.value} pushes the roll",
                rule=rule,
            )
        )
    total = trace.total("firearm fumble roll", parts).value
    return table.malfunction(total, column, trace, rule)
