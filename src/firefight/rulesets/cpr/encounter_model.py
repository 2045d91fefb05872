"""The cpr part of a scenario's ``[[combatant]]`` (docs/scenarios.md), validated at the edge.

A cpr combatant has HP, REF, DEX, WILL and MOVE (BODY for death saves and TECH for
stabilizing, C-12), skills by name, armor on body and head (SP
or an armor name), critical injuries already suffered, and weapons: a catalog weapon with the
rounds loaded and their kind (one kind per magazine, CPR-AMMO-1), the rounds carried for it,
and for thrown things how many. :func:`new_cpr_combatant` turns one into the state the fight
starts from.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from firefight.frozen import replace
from firefight.rulesets.base import refuse_weapons_named_alike
from firefight.rulesets.cpr.armor import sp_from_text
from firefight.rulesets.cpr.attack_options import MAX_ROUNDS
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.fighter import CarriedAmmo, CprFighter
from firefight.rulesets.cpr.magazine import check_ammo
from firefight.rulesets.cpr.option_text import MAX_HP, MAX_SP, SKILL_RANGE, STAT_RANGE
from firefight.rulesets.cpr.weapons import Weapon, WeaponKind, normalize_key
from firefight.scene.state import CombatantState, MagazineState, WeaponState
from firefight.tables.data_files import DataModel

__all__ = ["CprCombatantFields", "new_cpr_combatant"]


def _data() -> CprData:
    from firefight.rulesets.cpr import cpr_data

    return cpr_data()


#: A STAT on the cpr scale (DEC-188).
Stat = Annotated[int, Field(ge=STAT_RANGE[0], le=STAT_RANGE[1])]


class CprWeaponModel(DataModel):
    """One ``[[combatant.weapon]]``: the first listed is the one in hand."""

    weapon: str
    name: str | None = Field(default=None, min_length=1)
    loaded: int | None = Field(default=None, ge=0)
    ammo: str | None = None
    carried: dict[str, Annotated[int, Field(le=MAX_ROUNDS)]] = Field(default_factory=dict)
    count: int | None = Field(default=None, ge=1)
    modifiers: list[str] = Field(default_factory=list)

    @field_validator("modifiers")
    @classmethod
    def _named(cls, value: list[str]) -> list[str]:
        for name in value:
            if name.lower().startswith(("luck", "armor")):
                raise ValueError(f"{name!r} belongs to the combatant (luck, armor), not a weapon")
        _data().modifiers.resolve(value, distance_m=None)
        return value

    @field_validator("weapon")
    @classmethod
    def _known_weapon(cls, value: str) -> str:
        _data().weapon(value)
        return value

    @model_validator(mode="after")
    def _fits(self) -> CprWeaponModel:
        data = _data()
        w = data.weapon(self.weapon)
        if w.magazine is None:
            if self.loaded is not None or self.carried:
                raise ValueError(f"a {w.name} has no magazine: no loaded or carried")
            if self.ammo is not None and not w.ammo:
                raise ValueError(f"a {w.name} takes no ammunition")
            if self.ammo is not None:
                check_ammo(w, self.ammo, data)
        else:
            if self.loaded is not None and self.loaded > w.magazine:
                raise ValueError(
                    f"loaded {self.loaded}, but a {w.name} magazine holds {w.magazine}"
                )
            check_ammo(w, self.ammo or w.ammo[0], data)
            for kind, rounds in self.carried.items():
                check_ammo(w, kind, data)
                if rounds < 0:
                    raise ValueError(f"carried {kind} = {rounds}: a count cannot be negative")
        thrown = w.kind in (WeaponKind.GRENADE, WeaponKind.MELEE)
        if self.count is not None and not thrown:
            raise ValueError(f"count is for grenades and knives, not a {w.name}")
        return self


class CprArmorModel(DataModel):
    """SP on the body and on the head: a number, or an armor name from the catalog."""

    body: int | str = 0
    head: int | str = 0

    @field_validator("body", "head")
    @classmethod
    def _sp(cls, value: int | str) -> int | str:
        if isinstance(value, int):
            if not 0 <= value <= MAX_SP:
                raise ValueError(f"SP is 0 to {MAX_SP} (DEC-188), not {value}")
            return value
        sp_from_text(value, _data().armor)
        return value


class CprCombatantFields(DataModel):
    """The cpr part of a ``[[combatant]]`` (docs/scenarios.md)."""

    # The command line's limits (DEC-188): a STAT (MOVE and LUCK too) and a skill 0 to 10,
    # HP to 999 -- a scenario's REF 999,999,999 hit whatever it shot at.
    hp: int = Field(gt=0, le=MAX_HP)
    hp_left: int | None = Field(default=None, ge=-MAX_HP)
    ref: Stat
    dex: Stat
    will: Stat
    move: Stat
    body: Stat | None = Field(default=None, ge=1)
    tech: Stat = 0
    skills: dict[str, int] = Field(default_factory=dict)
    dodges: bool = True
    shield: str | None = None
    luck: Stat = 0
    armor: CprArmorModel | None = None
    injuries: list[str] = Field(default_factory=list)
    condition: Literal["up", "unconscious", "dead"] = "up"
    weapon: list[CprWeaponModel] = Field(default_factory=list)

    @field_validator("skills")
    @classmethod
    def _skills(cls, value: dict[str, int]) -> dict[str, int]:
        known = _data().known_skills
        canonical: dict[str, int] = {}
        for name, level in value.items():
            key = normalize_key(name)
            if key not in known:
                raise ValueError(
                    f"{name!r} is not a skill cpr encounters use; they use "
                    + ", ".join(known.values())
                )
            low, high = SKILL_RANGE
            if not low <= level <= high:
                raise ValueError(f"skill {name!r} is {low} to {high} (DEC-188), not {level}")
            canonical[known[key]] = level
        return canonical

    @field_validator("shield")
    @classmethod
    def _shield(cls, value: str | None) -> str | None:
        if value is not None:
            _data().cover.shield(value)
        return value

    @field_validator("injuries")
    @classmethod
    def _injuries(cls, value: list[str]) -> list[str]:
        tables = _data().injuries
        for key in value:
            tables.injury(key)
        return value

    @model_validator(mode="after")
    def _consistent(self) -> CprCombatantFields:
        if self.hp_left is not None and self.hp_left > self.hp:
            raise ValueError(f"hp_left {self.hp_left} is more than hp {self.hp}")
        refuse_weapons_named_alike(self.weapon)
        return self


def _weapon_state(w: CprWeaponModel, weapon: Weapon) -> WeaponState:
    loaded = None
    if weapon.magazine is not None:
        loaded = MagazineState(
            rounds=weapon.magazine if w.loaded is None else w.loaded,
            capacity=weapon.magazine,
            ammo=w.ammo or weapon.ammo[0],
        )
    # Unnamed, a weapon is called what the scenario wrote ("heavy pistol", "knife").
    return WeaponState(name=w.name or w.weapon, kind=weapon.key, skill=weapon.skill, loaded=loaded)


def new_cpr_combatant(spec: Any, core: CombatantState) -> CombatantState:
    """The combatant as the scenario sets them up."""
    data = _data()
    armor = spec.armor or CprArmorModel()
    body = sp_from_text(str(armor.body), data.armor)
    head = sp_from_text(str(armor.head), data.armor)
    weapons: list[WeaponState] = []
    carried: list[CarriedAmmo] = []
    items: list[tuple[str, int]] = []
    loads: list[tuple[str, str]] = []
    named: list[tuple[str, tuple[str, ...]]] = []
    for w in spec.weapon:
        weapon = data.weapon(w.weapon)
        state = _weapon_state(w, weapon)
        weapons.append(state)
        carried.extend(
            CarriedAmmo(weapon=state.name, ammo=kind, rounds=rounds)
            for kind, rounds in sorted(w.carried.items())
        )
        if w.count is not None:
            items.append((state.name, w.count))
        if weapon.magazine is None and w.ammo is not None:
            loads.append((state.name, w.ammo))
        if w.modifiers:
            named.append((state.name, tuple(w.modifiers)))
    hp_left = spec.hp if spec.hp_left is None else spec.hp_left
    shield, shield_hp = data.cover.shield(spec.shield) if spec.shield else ("", 0)
    return replace(
        core,
        hits_max=spec.hp,
        hits_taken=spec.hp - hp_left,
        unconscious=spec.condition == "unconscious",
        dead=spec.condition == "dead",
        weapons=tuple(weapons),
        stats=CprFighter(
            ref=spec.ref,
            dex=spec.dex,
            will=spec.will,
            move=spec.move,
            body=spec.body,
            tech=spec.tech,
            skills=tuple(sorted(spec.skills.items())),
            dodges=spec.dodges,
            shield=shield,
            shield_hp=shield_hp,
            body_armor=str(armor.body) if isinstance(armor.body, str) else "",
            head_armor=str(armor.head) if isinstance(armor.head, str) else "",
            body_sp_max=body,
            head_sp_max=head,
            body_sp=body,
            head_sp=head,
            injuries=tuple(spec.injuries),
            carried=tuple(carried),
            items=tuple(items),
            loads=tuple(loads),
            luck=spec.luck,
            weapon_modifiers=tuple(named),
        ),
    )
