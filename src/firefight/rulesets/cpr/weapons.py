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

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any

from firefight.errors import TableDataError, UnknownNameError
from firefight.rulesets.cpr.datafile import label_for, load, with_user_rows

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
        """Only a gun with an autofire cap sprays (CPR-HIT-2, C-5)."""
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


# A pure function of one string, asked for the same few names (skills, armor, modifiers) on
# every shot of a simulation: remembered, the most recent names first, in a bounded cache.
@lru_cache(maxsize=1024)
def normalize_key(name: str) -> str:
    """Catalog keys from what people type: case, spaces and underscores do not matter.

    >>> normalize_key("  Heavy  SMG ")
    'heavy-smg'
    """
    return "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


def _weapon(w: dict[str, Any]) -> Weapon:
    return Weapon(
        key=w["key"],
        name=w["name"],
        kind=WeaponKind(w["kind"]),
        skill=w["skill"],
        damage_d6=w["damage_d6"],
        rof=w["rof"],
        range_row=w.get("range_row"),
        magazine=w.get("magazine"),
        autofire_cap=w.get("autofire_cap"),
        autofire_row=w.get("autofire_row"),
        ammo=tuple(w.get("ammo", ())),
        aliases=tuple(w.get("aliases", ())),
        source=w.get("source", ""),
    )


def load_weapons(
    fitting: Callable[[Weapon], Weapon], *, validate: bool = False
) -> tuple[dict[str, Weapon], dict[str, str]]:
    """The catalog by key (the user's catalogs laid over the shipped file, each row passed
    through ``fitting``, which refuses what the rest of the data does not know), and every name
    and alias (normalized) -> key."""
    data = load("weapons.toml", "WeaponsFile", validate=validate)
    shipped = {w["key"]: _weapon(w) for w in data["weapon"]}
    weapons = with_user_rows(shipped, "weapon", "WeaponModel", lambda w: fitting(_weapon(w)))
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


def _ammo(a: dict[str, Any]) -> Ammo:
    resist = a.get("resist")
    return Ammo(
        key=a["key"],
        name=a["name"],
        ablation=a.get("ablation"),
        injury=a.get("injury"),
        nonlethal=a.get("nonlethal", False),
        burn_hp=a.get("burn_hp", 0),
        resist=Resist(
            stat=resist["stat"],
            skill=resist["skill"],
            dv=resist["dv"],
            damage_d6=resist.get("damage_d6", 0),
            unconscious=resist.get("unconscious", False),
        )
        if resist
        else None,
        smart=a.get("smart", False),
        smart_base=a.get("smart_base", 0),
        load=a.get("load", False),
        effect=a.get("effect", ""),
        lasting_turns=a.get("lasting_turns", 0),
        lasting_injuries=tuple(a.get("lasting_injuries", ())),
        cloud=a.get("cloud", False),
        source=a["source"],
        provisional=a.get("provisional", False),
    )


def load_ammo(fitting: Callable[[Ammo], Ammo], *, validate: bool = False) -> dict[str, Ammo]:
    """The ammunition by key, the user's rows laid over the shipped file (as
    :func:`load_weapons`)."""
    data = load("ammo.toml", "AmmoFile", validate=validate)
    shipped = {a["key"]: _ammo(a) for a in data["ammo"]}
    return with_user_rows(shipped, "ammo", "AmmoModel", lambda a: fitting(_ammo(a)))


def find_weapon(weapons: dict[str, Weapon], names: dict[str, str], name: str) -> Weapon:
    """A weapon by key, name or alias; unknown names suggest close ones."""
    # A scene's weapon carries its catalog key as its kind, asked some 120 times a
    # night-market fight: found as it is, as normalizing would find it (``names`` sends every
    # key's normalized form back to that key: :func:`load_weapons` refuses a name taken twice),
    # and only other names normalized (some 0.5% of a fight).
    found = weapons.get(name)
    if found is not None:
        return found
    key = names.get(normalize_key(name))
    if key is None:
        raise UnknownNameError("cpr weapon", name, weapons)
    return weapons[key]
