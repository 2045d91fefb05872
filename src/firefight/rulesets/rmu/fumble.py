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
from typing import Any

from pydantic import Field

from firefight.dice import Dice
from firefight.errors import TableDataError, UnknownNameError
from firefight.rulesets.rmu.catalog import PACKAGE, Weapon, WeaponAction
from firefight.rulesets.rmu.malfunction import FumbleEffect, Malfunction
from firefight.rulesets.rmu.severity import Severity
from firefight.tables.data_files import DataModel, TableHeader, package_data, read_toml, validate
from firefight.trace import Modifier, TraceBuilder

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


class _Cell(DataModel):
    label: str = Field(min_length=1, max_length=60)
    lose_ap: int = Field(default=0, ge=0, le=4)
    jam_clear_ap: int = Field(default=0, ge=0)
    semi_only: bool = False
    half_effect: bool = False
    lose_round: bool = False
    nearest_ally: bool = False
    broken: bool = False
    drops_weapon: bool = False
    self_hits: int = Field(default=0, ge=0)
    prone: bool = False
    stun_rounds: int = Field(default=0, ge=0)


class _Header(TableHeader):
    columns: list[str] = Field(min_length=1)


class _Row(DataModel):
    model_config = DataModel.model_config | {"extra": "allow"}
    low: int = Field(ge=1, le=100)
    high: int = Field(ge=1, le=100)


class _File(DataModel):
    table: _Header
    rows: list[_Row] = Field(min_length=1)


def load_fumble_table(data: dict[str, Any] | None = None, label: str = _LABEL) -> FumbleTable:
    raw = data if data is not None else read_toml(package_data(PACKAGE, _FILE), label)
    model = validate(_File, raw, label)
    columns = tuple(model.table.columns)
    expected = 1
    rows: list[FumbleRow] = []
    for number, row in enumerate(model.rows, start=1):
        where = f"row {number} ({row.low}-{row.high})"
        if row.low != expected or row.high < row.low:
            raise TableDataError(label, where, f"expected a band starting at {expected}")
        expected = row.high + 1
        extra = dict(row.model_extra or {})
        if set(extra) != set(columns):
            raise TableDataError(label, where, f"cells must be exactly the columns {columns}")
        cells = {
            c: FumbleEffect(**validate(_Cell, extra[c], f"{label}, {where}").model_dump())
            for c in columns
        }
        rows.append(FumbleRow(low=row.low, high=row.high, cells=cells))
    if expected != 101:
        raise TableDataError(label, f"row {len(rows)}", f"rows end at {expected - 1}, not 100")
    head = model.table
    return FumbleTable(
        name=head.name,
        title=head.title,
        source=head.source,
        provisional=head.provisional,
        derivation=head.derivation,
        columns=columns,
        rows=tuple(rows),
    )


@functools.cache
def firearm_fumble_table() -> FumbleTable:
    """The shipped stand-in, read and checked once."""
    return load_fumble_table()


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
