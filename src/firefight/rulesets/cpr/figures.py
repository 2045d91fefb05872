"""The cpr rule figures other than tables (``data/rules.toml``), each tied to its rule ID."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field, model_validator

from firefight.rulesets.cpr.datafile import CprTableHeader, load
from firefight.tables.data_files import DataModel

__all__ = ["RuleFigures", "WoundFigures", "load_figures"]


@dataclass(frozen=True, slots=True, kw_only=True)
class WoundFigures:
    """What a wound state costs (C-9)."""

    key: str
    name: str
    action_penalty: int
    move_penalty: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleFigures:
    aimed_penalty: int
    head_multiplier: int
    aimed_leg_injury: str
    dodge_min_ref: int
    ablation: int
    critical_sixes: int
    critical_bonus: int
    death_save_die: int
    death_save_always_fails: int
    death_save_per_save: int
    stabilize_dv: int
    stabilize_stat: str
    stabilize_skills: tuple[str, ...]
    stabilize_reach_m: float
    autofire_bullets: int
    autofire_damage_d6: int
    autofire_skill: str
    suppression_bullets: int
    suppression_radius_m: int
    suppression_resist_skill: str
    shells_dv: int
    shells_damage_d6: int
    shells_depth_m: float
    shells_width_m: float
    explosive_square_m: float
    throw_max_distance_m: int
    throw_range_row: str
    throw_skill: str
    wounds: dict[str, WoundFigures]


class _Aimed(DataModel):
    penalty: int = Field(lt=0)
    head_multiplier: int = Field(ge=1)
    leg_injury: str


class _Dodge(DataModel):
    min_ref: int


class _Armor(DataModel):
    ablation: int = Field(ge=1)


class _Critical(DataModel):
    sixes: int = Field(ge=2)
    bonus_damage: int = Field(ge=0)


class _DeathSave(DataModel):
    die: int = Field(ge=2)
    always_fails: int = Field(ge=1)
    per_save: int = Field(ge=0)


class _Stabilize(DataModel):
    dv: int
    stat: str
    skills: list[str] = Field(min_length=1)
    reach_m: float = Field(gt=0)


class _Autofire(DataModel):
    bullets: int = Field(ge=1)
    damage_d6: int = Field(ge=1)
    skill: str


class _Suppression(DataModel):
    bullets: int = Field(ge=1)
    radius_m: int = Field(gt=0)
    resist_skill: str


class _Shells(DataModel):
    dv: int
    damage_d6: int = Field(ge=1)
    depth_m: float = Field(gt=0)
    width_m: float = Field(gt=0)


class _Explosive(DataModel):
    square_m: float = Field(gt=0)


class _Throw(DataModel):
    max_distance_m: int = Field(gt=0)
    range_row: str
    skill: str


class _Wound(DataModel):
    key: str
    name: str
    action_penalty: int = Field(le=0)
    move_penalty: int = Field(le=0)


class _RulesFile(DataModel):
    table: CprTableHeader
    aimed: _Aimed
    dodge: _Dodge
    armor: _Armor
    critical: _Critical
    death_save: _DeathSave
    stabilize: _Stabilize
    autofire: _Autofire
    suppression: _Suppression
    shells: _Shells
    explosive: _Explosive
    throw: _Throw
    wound: list[_Wound]

    @model_validator(mode="after")
    def _every_wound_state(self) -> _RulesFile:
        keys = [w.key for w in self.wound]
        if keys != ["unhurt", "light", "serious", "mortal"]:
            raise ValueError(f"wound states must be unhurt, light, serious, mortal; got {keys}")
        return self


def load_figures() -> RuleFigures:
    m = load(_RulesFile, "rules.toml")
    return RuleFigures(
        aimed_penalty=m.aimed.penalty,
        head_multiplier=m.aimed.head_multiplier,
        aimed_leg_injury=m.aimed.leg_injury,
        dodge_min_ref=m.dodge.min_ref,
        ablation=m.armor.ablation,
        critical_sixes=m.critical.sixes,
        critical_bonus=m.critical.bonus_damage,
        death_save_die=m.death_save.die,
        death_save_always_fails=m.death_save.always_fails,
        death_save_per_save=m.death_save.per_save,
        stabilize_dv=m.stabilize.dv,
        stabilize_stat=m.stabilize.stat,
        stabilize_skills=tuple(m.stabilize.skills),
        stabilize_reach_m=m.stabilize.reach_m,
        autofire_bullets=m.autofire.bullets,
        autofire_damage_d6=m.autofire.damage_d6,
        autofire_skill=m.autofire.skill,
        suppression_bullets=m.suppression.bullets,
        suppression_radius_m=m.suppression.radius_m,
        suppression_resist_skill=m.suppression.resist_skill,
        shells_dv=m.shells.dv,
        shells_damage_d6=m.shells.damage_d6,
        shells_depth_m=m.shells.depth_m,
        shells_width_m=m.shells.width_m,
        explosive_square_m=m.explosive.square_m,
        throw_max_distance_m=m.throw.max_distance_m,
        throw_range_row=m.throw.range_row,
        throw_skill=m.throw.skill,
        wounds={
            w.key: WoundFigures(
                key=w.key,
                name=w.name,
                action_penalty=w.action_penalty,
                move_penalty=w.move_penalty,
            )
            for w in m.wound
        },
    )
