"""The cards data files read into frozen values: weapons, range bands, modifiers, armor.

Every file under ``data/`` starts with a ``[table]`` header saying where its figures come from
and which rule IDs it serves; stand-ins are marked provisional with their derivation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, Field, model_validator

from firefight.errors import TableDataError
from firefight.fuzzy import hint
from firefight.tables.data_files import (
    DataModel,
    Key,
    TableHeader,
    package_data,
    read_toml,
    validate,
)
from firefight.tables.user_catalogs import laid_over

__all__ = [
    "Armor",
    "CardsData",
    "DamageType",
    "Level",
    "Mode",
    "ModifierFigures",
    "RangeRow",
    "Weapon",
    "cards_data",
]

PACKAGE = "firefight.rulesets.cards"
M = TypeVar("M", bound=BaseModel)


class Level(Enum):
    """Damage levels, lightest first (CRD-HIT-1, K-3)."""

    GREEN = "G"
    YELLOW = "Y"
    RED = "R"

    @property
    def index(self) -> int:
        return _LEVEL_INDEX[self]

    @property
    def label(self) -> str:
        return self.name.capitalize()


#: Each level's place, lightest first: an Enum's members are fixed once the class is made.
_LEVEL_INDEX = {level: n for n, level in enumerate(Level)}


class Mode(Enum):
    """Firing modes (CRD-MODE-1)."""

    SS = "SS"
    SA = "SA"
    BF = "BF"
    FA = "FA"


class DamageType(Enum):
    """Damage types in the order armor lists them (CRD-DMG-1)."""

    BALLISTIC = "ballistic"
    BLADE = "blade"
    IMPACT = "impact"
    HEAT = "heat"


#: Each type's column in armor's figures.
_DAMAGE_COLUMN = {kind: n for n, kind in enumerate(DamageType)}

_DAMAGE = re.compile(r"^(\d+)([GYR])$")


@dataclass(frozen=True, slots=True, kw_only=True)
class Weapon:
    """One row of the weapon master list (CRD-WPN-1)."""

    key: str
    name: str
    range_class: str
    ammo: int
    damage: int
    level: Level
    modes: tuple[Mode, ...]
    rc: int
    conceal: int
    load: int
    provisional: tuple[str, ...] = ()

    @property
    def damage_label(self) -> str:
        return f"{self.damage}{self.level.value}"


@dataclass(frozen=True, slots=True, kw_only=True)
class RangeRow:
    """The farthest distance of each band (Short, Medium, Long, Extreme) for one weapon type."""

    range_class: str
    name: str
    bands_m: tuple[float, float, float, float]


@dataclass(frozen=True, slots=True, kw_only=True)
class Armor:
    """Damage reduction and level-reduction stars by damage type (CRD-DMG-1)."""

    key: str
    name: str
    dr: tuple[int, int, int, int]
    stars: tuple[int, int, int, int]

    def reduction(self, kind: DamageType) -> int:
        return self.dr[_DAMAGE_COLUMN[kind]]

    def star_count(self, kind: DamageType) -> int:
        return self.stars[_DAMAGE_COLUMN[kind]]


class _Header(TableHeader):
    rules: list[str] = Field(default_factory=list)


class _WeaponHeader(_Header):
    cut_off_after: str


class _WeaponRow(DataModel):
    key: Key
    name: str
    range_class: str = Field(alias="class")
    ammo: int = Field(ge=1)
    damage: str = Field(pattern=_DAMAGE.pattern)
    modes: list[Mode] = Field(min_length=1)
    rc: int = Field(ge=0)
    conceal: int = Field(ge=0)
    load: int = Field(ge=0)
    provisional: list[str] = Field(default_factory=list)
    derivation: str = ""

    @model_validator(mode="after")
    def _provisional_says_how(self) -> _WeaponRow:
        if self.provisional and not self.derivation.strip():
            raise ValueError("a row with provisional figures must say how they were derived")
        return self


class _WeaponFile(DataModel):
    table: _WeaponHeader
    weapon: list[_WeaponRow]


class _RangeRow(DataModel):
    range_class: str = Field(alias="class")
    name: str
    bands: tuple[float, float, float, float]

    @model_validator(mode="after")
    def _increasing(self) -> _RangeRow:
        if not 0 < self.bands[0] < self.bands[1] < self.bands[2] < self.bands[3]:
            raise ValueError("bands must grow from Short to Extreme")
        return self


class _RangeFile(DataModel):
    table: _Header
    point_blank_m: float = Field(gt=0)
    targets: dict[str, int]
    row: list[_RangeRow]


class ModifierFigures(DataModel):
    table: _Header
    aim_per_turn: int
    called_shot: int
    two_weapons: int
    thermographic: int
    blind_fire: int
    per_10_kmh: int
    lighting: dict[str, int]
    cover: dict[str, int]
    cover_share: dict[str, float]
    movement: dict[str, int]
    wounds: dict[str, int]
    compensation: dict[str, tuple[int, int]]

    @model_validator(mode="after")
    def _shares(self) -> ModifierFigures:
        named = set(self.cover) - {"none"}
        if set(self.cover_share) != named:
            raise ValueError(f"cover_share gives a share for each cover but none: {sorted(named)}")
        by_share = sorted(self.cover_share, key=lambda k: self.cover_share[k])
        if by_share != sorted(named, key=lambda k: self.cover[k]) or not all(
            0 < v < 1 for v in self.cover_share.values()
        ):
            raise ValueError("a larger cover_share (0 to 1) is a larger cover")
        return self

    def cover_hiding(self, share: float) -> str:
        """The cover a barrier hiding ``share`` of the target gives (DEC-632)."""
        met = [k for k, least in self.cover_share.items() if share >= least]
        return max(met, key=lambda k: self.cover[k], default="none")

    def compensation_points(self, device: str) -> str:
        """A device's compensation as the table gives it: ``2`` or ``1-3``.

        >>> cards_data().modifiers.compensation_points("tripod")
        '3'
        """
        low, high = self.compensation[device]
        return str(low) if low == high else f"{low}-{high}"


#: A figure of an armor row, one per level of damage: none is negative (DEC-672).
_Figure = Annotated[int, Field(ge=0)]


class _ArmorRow(DataModel):
    key: Key
    name: str
    dr: tuple[_Figure, _Figure, _Figure, _Figure]
    stars: tuple[_Figure, _Figure, _Figure, _Figure]


class _ArmorFile(DataModel):
    table: _Header
    armor: list[_ArmorRow]


def _load(model: type[M], name: str) -> M:
    label = f"firefight/rulesets/cards/data/{name}"
    raw: dict[str, Any] = read_toml(package_data(PACKAGE, f"data/{name}"), label)
    return validate(model, raw, label)


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsData:
    """Everything the cards rules read from data."""

    weapons: dict[str, Weapon]
    cut_off_after: str
    ranges: dict[str, RangeRow]
    point_blank_m: float
    targets: dict[str, int]
    modifiers: ModifierFigures
    armor: dict[str, Armor]

    def weapon(self, key: str) -> Weapon:
        return self.weapons[key]


def _weapon(row: _WeaponRow) -> Weapon:
    found = _DAMAGE.match(row.damage)
    assert found is not None  # the model's pattern checked it
    return Weapon(
        key=row.key,
        name=row.name,
        range_class=row.range_class,
        ammo=row.ammo,
        damage=int(found.group(1)),
        level=Level(found.group(2)),
        modes=tuple(row.modes),
        rc=row.rc,
        conceal=row.conceal,
        load=row.load,
        provisional=tuple(row.provisional),
    )


#: The kinds of row a user catalog may give cards (issue 17), each read as the shipped file's.
USER_KINDS = ("weapon", "armor")


def _armor(row: _ArmorRow) -> Armor:
    return Armor(key=row.key, name=row.name, dr=row.dr, stars=row.stars)


@cache
def cards_data() -> CardsData:
    """The shipped data with the user's catalogs laid over it, read and cross-checked once."""
    weapons = _load(_WeaponFile, "weapons.toml")
    ranges = _load(_RangeFile, "ranges.toml")
    modifiers = _load(ModifierFigures, "modifiers.toml")
    armor = _load(_ArmorFile, "armor.toml")
    rows = {
        r.range_class: RangeRow(range_class=r.range_class, name=r.name, bands_m=r.bands)
        for r in ranges.row
    }

    def ranged(w: _WeaponRow, label: str = "cards data/weapons.toml") -> Weapon:
        if w.range_class not in rows:
            said = hint(w.range_class, rows, listing="the range classes are")
            raise TableDataError(label, "class", f"no range row {w.range_class!r}; {said}")
        return _weapon(w)

    keys = [w.key for w in weapons.weapon]
    if weapons.table.cut_off_after not in keys:
        raise TableDataError("cards data/weapons.toml", "table", "cut_off_after names no weapon")
    shipped_armor = {a.key: _armor(a) for a in armor.armor}
    return CardsData(
        weapons=_with_user_rows(
            {w.key: ranged(w) for w in weapons.weapon}, "weapon", _WeaponRow, ranged
        ),
        cut_off_after=weapons.table.cut_off_after,
        ranges=rows,
        point_blank_m=ranges.point_blank_m,
        targets=dict(ranges.targets),
        modifiers=modifiers,
        armor=_with_user_rows(shipped_armor, "armor", _ArmorRow, _armor),
    )


_Built = TypeVar("_Built", Weapon, Armor)
_RowModel = TypeVar("_RowModel", _WeaponRow, _ArmorRow)


def _with_user_rows(
    shipped: dict[str, _Built],
    kind: str,
    model: type[_RowModel],
    build: Callable[[_RowModel], _Built],
) -> dict[str, _Built]:
    """``shipped`` with the user's catalog rows of ``kind`` laid over it (issue 17)."""
    return laid_over(
        shipped, ruleset="cards", kind=kind, known=USER_KINDS, model=lambda: model, build=build
    )
