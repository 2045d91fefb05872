"""The cpr weapon catalog (C-10) and ammunition kinds (CPR-AMMO-1), loaded from data.

A weapon knows its skill (CPR-HIT-2), the range-table row it reads (CPR-RNG-1), its damage
dice, ROF (CPR-ROF-1), magazine (CPR-AMMO-1; ``None`` for bows and for what is not loaded),
its autofire cap and table row if it can autofire (C-5), and whether it halves SP (C-3).

>>> from firefight.rulesets.cpr.data import CprData
>>> w = CprData().weapon("Heavy Pistol")
>>> w.key, w.skill, w.damage_d6, w.rof, w.magazine
('heavy-pistol', 'Handgun', 3, 2, 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from pydantic import Field, model_validator

from firefight.errors import TableDataError, UnknownNameError
from firefight.rulesets.cpr.datafile import CprTableHeader, label_for, load
from firefight.tables.data_files import DataModel
from firefight.tables.user_catalogs import laid_over

__all__ = [
    "Ammo",
    "Resist",
    "Weapon",
    "WeaponKind",
    "find_weapon",
    "load_ammo",
    "load_weapons",
    "normalize_key",
]


class WeaponKind(Enum):
    """How a weapon is used, which decides which resolvers accept it."""

    FIREARM = "firearm"
    BOW = "bow"
    LAUNCHER = "launcher"
    MELEE = "melee"
    GRENADE = "grenade"


@dataclass(frozen=True, slots=True, kw_only=True)
class Weapon:
    key: str
    name: str
    kind: WeaponKind
    skill: str
    damage_d6: int
    rof: int
    range_row: str | None = None
    magazine: int | None = None
    autofire_cap: int | None = None
    autofire_row: str | None = None
    ammo: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    source: str = ""

    @property
    def halves_sp(self) -> bool:
        """A melee weapon in hand treats SP as half (C-3); thrown, it does not (CPR-THR-1)."""
        return self.kind is WeaponKind.MELEE

    @property
    def explosive(self) -> bool:
        """Explosives hit the square around where they land (C-8)."""
        return self.kind in (WeaponKind.LAUNCHER, WeaponKind.GRENADE)

    @property
    def can_autofire(self) -> bool:
        return self.autofire_cap is not None

    @property
    def damage_label(self) -> str:
        return f"{self.damage_d6}d6"


@dataclass(frozen=True, slots=True, kw_only=True)
class Resist:
    """A load that is resisted instead of rolled for damage (C-14): ``stat`` + ``skill`` + d10
    against ``dv``; a failure takes ``damage_d6`` straight to HP, or unconsciousness."""

    stat: str
    skill: str
    dv: int
    damage_d6: int = 0
    unconscious: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Ammo:
    """An ammunition kind and what it does (C-14); ``ammo.toml`` explains each field."""

    key: str
    name: str
    ablation: int | None = None
    injury: str | None = None
    nonlethal: bool = False
    burn_hp: int = 0
    resist: Resist | None = None
    smart: bool = False
    smart_base: int = 0
    load: bool = False
    effect: str = ""
    lasting_turns: int = 0
    lasting_injuries: tuple[str, ...] = ()
    cloud: bool = False
    source: str = ""
    provisional: bool = False


def normalize_key(name: str) -> str:
    """Catalog keys from what people type: case, spaces and underscores do not matter.

    >>> normalize_key("  Heavy  SMG ")
    'heavy-smg'
    """
    return "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


# --- file models (the edge: pydantic) -------------------------------------------------------


class _WeaponModel(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    kind: WeaponKind
    skill: str
    damage_d6: int = Field(ge=1)
    rof: int = Field(ge=1, le=2)
    range_row: str | None = None
    magazine: int | None = Field(default=None, ge=1)
    autofire_cap: int | None = Field(default=None, ge=1)
    autofire_row: str | None = None
    ammo: list[str] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)
    source: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> _WeaponModel:
        if (self.autofire_cap is None) != (self.autofire_row is None):
            raise ValueError("autofire_cap and autofire_row come together or not at all")
        loaded = self.kind in (WeaponKind.FIREARM, WeaponKind.LAUNCHER)
        if loaded and (self.magazine is None or not self.ammo):
            raise ValueError(f"a {self.kind.value} needs a magazine and its ammo kinds")
        if not loaded and self.magazine is not None:
            raise ValueError(f"a {self.kind.value} is not loaded from a magazine")
        # A grenade has no magazine but comes with one load or another (C-14).
        if not loaded and self.ammo and self.kind is not WeaponKind.GRENADE:
            raise ValueError(f"a {self.kind.value} takes no ammunition")
        ranged = self.kind is not WeaponKind.MELEE
        if ranged and self.range_row is None:
            raise ValueError(f"a {self.kind.value} needs a range_row")
        return self


class _WeaponsFile(DataModel):
    table: CprTableHeader
    weapon: list[_WeaponModel] = Field(min_length=1)


class _ResistModel(DataModel):
    stat: Literal["WILL"]
    skill: str
    dv: int
    damage_d6: int = Field(default=0, ge=0)
    unconscious: bool = False

    @model_validator(mode="after")
    def _one_outcome(self) -> _ResistModel:
        if (self.damage_d6 > 0) == self.unconscious:
            raise ValueError("a failed resist either deals damage_d6 or knocks out, not both")
        return self


class _AmmoModel(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    ablation: int | None = Field(default=None, ge=0)
    injury: str | None = None
    nonlethal: bool = False
    burn_hp: int = Field(default=0, ge=0)
    resist: _ResistModel | None = None
    smart: bool = False
    smart_base: int = Field(default=0, ge=0, le=30)
    load: bool = False
    effect: str = ""
    lasting_turns: int = Field(default=0, ge=0, le=1000)
    lasting_injuries: list[str] = Field(default_factory=list)
    cloud: bool = False
    source: str = Field(min_length=1)
    provisional: bool = False
    derivation: str = ""

    @model_validator(mode="after")
    def _marked(self) -> _AmmoModel:
        if self.provisional and not self.derivation:
            raise ValueError("a provisional row says how it was derived (derivation)")
        if self.load and not self.effect:
            raise ValueError("a grenade load says what it does (effect)")
        if self.smart and not self.smart_base:
            raise ValueError("smart rounds say the base of their own attack (smart_base)")
        if (self.lasting_injuries or self.cloud) and not self.lasting_turns:
            raise ValueError("an effect that lasts says for how many turns (lasting_turns)")
        return self


class _AmmoFile(DataModel):
    table: CprTableHeader
    ammo: list[_AmmoModel] = Field(min_length=1)


#: The kinds of row a user catalog may give cpr (issue 17), each read as the shipped file's.
USER_KINDS = ("weapon", "ammo")


def _weapon(w: _WeaponModel) -> Weapon:
    return Weapon(
        key=w.key,
        name=w.name,
        kind=w.kind,
        skill=w.skill,
        damage_d6=w.damage_d6,
        rof=w.rof,
        range_row=w.range_row,
        magazine=w.magazine,
        autofire_cap=w.autofire_cap,
        autofire_row=w.autofire_row,
        ammo=tuple(w.ammo),
        aliases=tuple(w.aliases),
        source=w.source,
    )


def load_weapons() -> tuple[dict[str, Weapon], dict[str, str]]:
    """The catalog by key (the user's catalogs laid over the shipped file), and every name and
    alias (normalized) -> key."""
    model = load(_WeaponsFile, "weapons.toml")
    shipped = {w.key: _weapon(w) for w in model.weapon}
    weapons = laid_over(
        shipped, ruleset="cpr", kind="weapon", known=USER_KINDS, model=_WeaponModel, build=_weapon
    )
    names: dict[str, str] = {}
    for weapon in weapons.values():
        for name in (weapon.key, weapon.name, *weapon.aliases):
            key = normalize_key(name)
            if names.get(key, weapon.key) != weapon.key:
                raise TableDataError(
                    label_for("weapons.toml"), f"weapon {weapon.key!r}", f"name {name!r} is taken"
                )
            names[key] = weapon.key
    return weapons, names


def _ammo(a: _AmmoModel) -> Ammo:
    return Ammo(
        key=a.key,
        name=a.name,
        ablation=a.ablation,
        injury=a.injury,
        nonlethal=a.nonlethal,
        burn_hp=a.burn_hp,
        resist=Resist(
            stat=a.resist.stat,
            skill=a.resist.skill,
            dv=a.resist.dv,
            damage_d6=a.resist.damage_d6,
            unconscious=a.resist.unconscious,
        )
        if a.resist
        else None,
        smart=a.smart,
        smart_base=a.smart_base,
        load=a.load,
        effect=a.effect,
        lasting_turns=a.lasting_turns,
        lasting_injuries=tuple(a.lasting_injuries),
        cloud=a.cloud,
        source=a.source,
        provisional=a.provisional,
    )


def load_ammo() -> dict[str, Ammo]:
    model = load(_AmmoFile, "ammo.toml")
    shipped = {a.key: _ammo(a) for a in model.ammo}
    return laid_over(
        shipped, ruleset="cpr", kind="ammo", known=USER_KINDS, model=_AmmoModel, build=_ammo
    )


def find_weapon(weapons: dict[str, Weapon], names: dict[str, str], name: str) -> Weapon:
    """A weapon by key, name or alias; unknown names suggest close ones."""
    key = names.get(normalize_key(name))
    if key is None:
        raise UnknownNameError("cpr weapon", name, weapons)
    return weapons[key]
