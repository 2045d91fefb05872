"""A TOML file of cpr targets (``--targets``, docs/cpr.md): its model, and the targets read
from it. A file the user writes, so always validated; its errors name the file and the row."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from firefight.errors import TableDataError
from firefight.rulesets.cpr.combatants import Dodge, Spot, Target
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.option_text import (
    MAX_COORDINATE_M,
    MAX_HP,
    MAX_TARGETS,
    SKILL_RANGE,
    STAT_RANGE,
    parse_sp,
)
from firefight.rulesets.cpr.wounds import Health
from firefight.tables.data_files import DataModel, read_toml, validate

__all__ = ["load_targets_file"]


class _DodgeModel(DataModel):
    ref: int = Field(ge=STAT_RANGE[0], le=STAT_RANGE[1])
    dex: int = Field(ge=STAT_RANGE[0], le=STAT_RANGE[1])
    evasion: int = Field(ge=SKILL_RANGE[0], le=SKILL_RANGE[1])


class _TargetModel(DataModel):
    name: str
    x_m: float = Field(ge=-MAX_COORDINATE_M, le=MAX_COORDINATE_M)
    y_m: float = Field(ge=-MAX_COORDINATE_M, le=MAX_COORDINATE_M)
    body_sp: int | str = 0
    head_sp: int | str = 0
    hp: int | None = Field(default=None, ge=-MAX_HP, le=MAX_HP)
    max_hp: int | None = Field(default=None, ge=1, le=MAX_HP)
    dodge: _DodgeModel | None = None
    injuries: list[str] = Field(default_factory=list)
    will: int = Field(default=0, ge=STAT_RANGE[0], le=STAT_RANGE[1])
    concentration: int = Field(default=0, ge=SKILL_RANGE[0], le=SKILL_RANGE[1])
    visible: bool = True
    in_cover: bool = False
    on_foot: bool = True
    conscious: bool = True
    shield: bool = False
    sees_attack: bool = True


class _TargetsFile(DataModel):
    target: list[_TargetModel] = Field(min_length=1, max_length=MAX_TARGETS)


def load_targets_file(path: Path, data: CprData) -> list[Target]:
    """Targets from a TOML file of ``[[target]]`` tables (docs/cpr.md)."""
    label = str(path)
    model = validate(_TargetsFile, read_toml(path), label)
    found = []
    for number, t in enumerate(model.target, start=1):
        if (t.hp is None) != (t.max_hp is None):
            raise TableDataError(label, f"target {number}", "hp and max_hp come together")
        found.append(
            Target(
                name=t.name,
                position=Spot(x_m=t.x_m, y_m=t.y_m),
                body_sp=parse_sp(str(t.body_sp), f"{label}: body_sp", data),
                head_sp=parse_sp(str(t.head_sp), f"{label}: head_sp", data),
                health=Health(hp=t.hp, max_hp=t.max_hp)
                if t.hp is not None and t.max_hp is not None
                else None,
                dodge=Dodge(ref=t.dodge.ref, dex=t.dodge.dex, evasion=t.dodge.evasion)
                if t.dodge
                else None,
                injuries=tuple(t.injuries),
                will=t.will,
                concentration=t.concentration,
                visible=t.visible,
                in_cover=t.in_cover,
                on_foot=t.on_foot,
                conscious=t.conscious,
                shield=t.shield,
                sees_attack=t.sees_attack,
            )
        )
    return found
