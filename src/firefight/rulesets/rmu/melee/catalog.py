"""The melee catalog (``rulesets/rmu/data/melee_weapons.toml``): each weapon's attack table,
size, fumble column and range, and the flags the staking and decapitation rules read.

>>> stake = melee_weapon("stake")
>>> stake.attack_table, stake.size.value, stake.wooden, stake.stab_penalty
('melee-puncture', 'small', True, -10)
>>> melee_weapon("broadsword").beheads, melee_weapon("club").stakes
(True, False)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from firefight.errors import UnknownNameError
from firefight.rulesets.rmu.catalog import PACKAGE
from firefight.rulesets.rmu.melee.figures import WeaponSize
from firefight.tables.data_files import DataModel, package_data, read_toml, validate

__all__ = ["FumbleColumn", "MeleeWeapon", "melee_catalog", "melee_weapon"]

_FILE = "data/melee_weapons.toml"
_LABEL = f"firefight/rulesets/rmu/{_FILE}"

FumbleColumn = Literal["one-handed", "two-handed", "unarmed"]


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeWeapon:
    """One melee weapon (or natural weapon, or a missile weapon the Kindred rules name).

    ``stab_penalty`` is on every attack with it (a wooden stake's -10, RMU-STAKE-2). ``heavy``
    marks a weapon heavy enough to behead (RMU-STAKE-3). A weapon with ``short_range_ft`` is
    shot, not swung: a melee attack with it needs the distance it shoots (:mod:`.missile`).
    """

    key: str
    name: str
    attack_table: str
    size: WeaponSize
    fumble_column: FumbleColumn
    fumble: int
    skill: str
    edged: bool = False
    heavy: bool = False
    wooden: bool = False
    natural: bool = False
    two_handed: bool = False
    stab_penalty: int = 0
    short_range_ft: int | None = None

    @property
    def beheads(self) -> bool:
        """Edged and heavy enough to take a head (RMU-STAKE-3)."""
        return self.edged and self.heavy

    @property
    def stakes(self) -> bool:
        """Wood that stabs, and so takes wood's stabbing penalty: a stake, or a crossbow's
        wooden bolt (RMU-STAKE-2). A club is wood but strikes blunt: it stakes nobody
        (DEC-865)."""
        return self.wooden and self.stab_penalty < 0

    @property
    def ranged(self) -> bool:
        return self.short_range_ft is not None


class _Header(DataModel):
    kind: str
    source: str
    provisional: tuple[str, ...] = ()
    derivation: str = ""


class _Weapon(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$")
    name: str
    attack_table: str
    size: WeaponSize
    fumble_column: FumbleColumn
    fumble: int = Field(ge=1, le=10)
    skill: str
    edged: bool = False
    heavy: bool = False
    wooden: bool = False
    natural: bool = False
    two_handed: bool = False
    stab_penalty: int = Field(default=0, le=0)
    short_range_ft: int | None = Field(default=None, gt=0)


class _File(DataModel):
    catalog: _Header
    weapon: list[_Weapon] = Field(min_length=1)


@functools.cache
def melee_catalog() -> dict[str, MeleeWeapon]:
    """Every melee weapon by key, read and checked once."""
    model = validate(_File, read_toml(package_data(PACKAGE, _FILE), _LABEL), _LABEL)
    return {w.key: MeleeWeapon(**w.model_dump()) for w in model.weapon}


def melee_weapon(key: str) -> MeleeWeapon:
    catalog = melee_catalog()
    try:
        return catalog[key.strip().lower()]
    except KeyError:
        raise UnknownNameError("rmu melee weapon", key, catalog) from None
