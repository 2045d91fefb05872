"""The file formats of rmu's attack and critical tables, as pydantic models: what a user's copy
of a table is validated by, and what the tests hold every shipped table to. Imported only to
validate (:mod:`firefight.tables.shipped`): reading a shipped table does not need them."""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.tables.data_files import TABLE_NAME_MAX, DataModel, TableHeader

__all__ = ["AttackFile", "CriticalFile"]


class _AttackRow(DataModel):
    low: int
    high: int
    cells: list[str]


class _AttackHeader(TableHeader):
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$", max_length=TABLE_NAME_MAX)
    kind: str = Field(pattern="^attack$")
    columns: list[str] = Field(min_length=1)


class AttackFile(DataModel):
    table: _AttackHeader
    rows: list[_AttackRow] = Field(min_length=1)

    @field_validator("rows")
    @classmethod
    def _contiguous(cls, rows: list[_AttackRow]) -> list[_AttackRow]:
        for i, row in enumerate(rows):
            if row.high < row.low:
                raise ValueError(f"row {i + 1}: high {row.high} is below low {row.low}")
            if i and row.low != rows[i - 1].high + 1:
                raise ValueError(
                    f"row {i + 1}: starts at {row.low}, expected {rows[i - 1].high + 1}"
                )
        return rows


class _CriticalCell(DataModel):
    label: str = Field(min_length=1, max_length=60)
    hits: int = Field(ge=0)
    bleed: int = Field(default=0, ge=0)
    stun_rounds: int = Field(default=0, ge=0)
    stun_penalty: int = Field(default=0, le=0)
    staggered: int = Field(default=0, ge=0)
    injury: int = Field(default=0, le=0)
    fatigue: int = Field(default=0, ge=0)
    prone: bool = False
    dying_rounds: int | None = Field(default=None, ge=1)
    dead: bool = False
    attacker_bonus: int = Field(default=0, ge=0)
    breakage: int | None = Field(default=None, le=0)
    hold: int = Field(default=0, ge=0, le=100)
    text: str = ""

    @model_validator(mode="after")
    def _stun_pairs(self) -> _CriticalCell:
        if bool(self.stun_rounds) != bool(self.stun_penalty):
            raise ValueError("stun_rounds and stun_penalty go together")
        return self


class _CriticalRow(DataModel):
    low: int = Field(ge=1, le=100)
    high: int = Field(ge=1, le=100)
    location: HitLocation
    A: _CriticalCell
    B: _CriticalCell
    C: _CriticalCell
    D: _CriticalCell
    E: _CriticalCell


class _CriticalHeader(TableHeader):
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$", max_length=TABLE_NAME_MAX)
    kind: str = Field(pattern="^critical$")


class CriticalFile(DataModel):
    table: _CriticalHeader
    rows: list[_CriticalRow] = Field(min_length=1)
