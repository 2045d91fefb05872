"""The rmu data: weapons, armor classes, cover values and rule figures, loaded and validated.

Everything here is read from ``rulesets/rmu/data/*.toml``; a bad file raises
:class:`~firefight.errors.TableDataError` naming the file and the row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property
from typing import Any, Literal, TypeVar

from pydantic import Field

from firefight.errors import TableDataError, UnknownNameError
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.tables.data_files import DataModel, package_data, read_toml, validate
from firefight.tables.user_catalogs import laid_over

__all__ = [
    "Ammunition",
    "ArmorClass",
    "BreakageBand",
    "BreakageRules",
    "CoverValues",
    "RmuData",
    "RulesFigures",
    "Weapon",
    "WeaponAction",
]

PACKAGE = "firefight.rulesets.rmu"

NAKED_COLUMNS = tuple(f"AT {n}" for n in range(1, 11))


class WeaponAction(Enum):
    SEMI_AUTOMATIC = "semi-automatic"
    SELECTIVE = "selective"
    AUTOMATIC = "automatic"

    @property
    def fires_automatically(self) -> bool:
        return self is not WeaponAction.SEMI_AUTOMATIC


@dataclass(frozen=True, slots=True, kw_only=True)
class Weapon:
    key: str
    name: str
    model: str
    caliber: str
    attack_table: str
    weapon_class: str
    action: WeaponAction
    short_range_ft: int
    magazine: int
    me: int
    fumble: int
    requires_tripod: bool = False
    hunting_class: str | None = None
    shotgun: bool = False
    provisional: tuple[str, ...] = ()
    derivation: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmorClass:
    key: str
    name: str
    soft: bool
    covers: frozenset[HitLocation]
    maneuver_trained: int
    maneuver_untrained: int
    missile: int
    quickness: int
    strength: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Ammunition:
    """An ammunition type and the critical tables it reads (RMU-AMMO-1..6)."""

    key: str
    name: str
    flesh_table: str
    covered_table: str
    cover_multiplier: int
    armor_piercing: bool
    # Where a breakage check on covered armor reads its modifier, when not from the cell read
    # for the wound (armor piercing: a stopped round still cracks the plate at AP's tier).
    breakage_table: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakageBand:
    """One result band of a breakage check (RULINGS P-5); ``high`` None is open above."""

    low: int
    high: int | None
    penalty: int

    def holds(self, total: int) -> bool:
        return self.low <= total and (self.high is None or total <= self.high)


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakageRules:
    """How armor wears down (RMU-BRK-1, RMU-BRK-2, RULINGS P-5)."""

    broken_below: int
    temporary_natural: int
    maneuver_naturals: frozenset[int]
    beaten_open_past: int
    bands: tuple[BreakageBand, ...]

    def band_for(self, total: int) -> BreakageBand | None:
        """The band a check total reads; None below the bands (the armor breaks)."""
        return next((b for b in self.bands if b.holds(total)), None)


@dataclass(frozen=True, slots=True, kw_only=True)
class HardColumn:
    label: str
    me_max: int
    values: tuple[int, int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverValues:
    soft: tuple[int, int, int]
    impenetrable: tuple[int, int, int]
    melee: tuple[int, int, int]
    melee_hard_multiplier: int
    hard: tuple[HardColumn, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesFigures:
    recoil_unprepared: int
    haste_per_ap: int
    ranged_attack_ap: tuple[int, int]
    prepare_ap: int
    round_ap: int
    fumble_ranks_per_step: int
    fumble_minimum: int
    band_names: tuple[str, ...]
    band_modifiers: tuple[int, ...]
    point_blank_reach_ft: int
    long_gun_reach_ft: int
    point_blank_bonus: dict[str, int]
    long_gun_classes: frozenset[str]
    hunting: dict[str, int]
    situational: dict[str, int]
    # R-1 conditions of the target rather than the shooter: a stray round (P-8) leaves them.
    target_conditions: frozenset[str]
    dodge_base_share: tuple[int, int]
    celerity_share: tuple[tuple[int, int], ...]


# --- file models (the edge: pydantic) -------------------------------------------------------


class _CatalogHeader(DataModel):
    kind: str
    source: str
    provisional: tuple[str, ...] = ()
    derivation: str = ""


class _WeaponModel(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$")
    name: str
    model: str | None = None
    caliber: str
    attack_table: str
    weapon_class: str
    action: WeaponAction
    short_range_ft: int = Field(gt=0)
    magazine: int = Field(gt=0)
    me: int = Field(ge=1)
    fumble: int = Field(ge=1, le=10)
    requires_tripod: bool = False
    hunting_class: Literal["I", "II", "III"] | None = None
    shotgun: bool = False
    provisional: tuple[str, ...] = ()
    derivation: str = ""


class _WeaponsFile(DataModel):
    catalog: _CatalogHeader
    weapon: list[_WeaponModel] = Field(min_length=1)


class _ArmorModel(DataModel):
    key: str = Field(pattern=r"^BA (I|II|III|IV)$")
    name: str
    soft: bool
    covers: list[HitLocation]
    maneuver_trained: int = Field(le=0)
    maneuver_untrained: int = Field(le=0)
    missile: int = Field(le=0)
    quickness: int = Field(le=0)
    strength: int


class _ArmorFile(DataModel):
    catalog: _CatalogHeader
    armor: list[_ArmorModel] = Field(min_length=1)


class _HardModel(DataModel):
    label: str
    me_max: int
    values: tuple[int, int, int]


class _RangedCover(DataModel):
    soft: tuple[int, int, int]
    impenetrable: tuple[int, int, int]


class _MeleeCover(DataModel):
    values: tuple[int, int, int]
    hard_multiplier: int


class _CoverFile(DataModel):
    catalog: _CatalogHeader
    ranged: _RangedCover
    melee: _MeleeCover
    hard: list[_HardModel] = Field(min_length=1)


class _AttackFigures(DataModel):
    recoil_unprepared: int
    haste_per_ap: int
    ranged_attack_ap: tuple[int, int]
    prepare_ap: int
    round_ap: int
    fumble_ranks_per_step: int
    fumble_minimum: int


class _RangeFigures(DataModel):
    band_names: list[str]
    band_modifiers: list[int]


class _PointBlank(DataModel):
    provisional: bool
    derivation: str
    reach_ft: int
    long_gun_reach_ft: int
    bonus: dict[str, int]


class _LongGuns(DataModel):
    classes: list[str]


class _Dodge(DataModel):
    base_share: tuple[int, int]
    celerity_share: list[tuple[int, int]]


class _StrayRound(DataModel):
    target_conditions: list[str]


class _Source(DataModel):
    text: str


class _RulesFile(DataModel):
    source: _Source
    attack: _AttackFigures
    range: _RangeFigures
    point_blank: _PointBlank
    long_guns: _LongGuns
    hunting: dict[str, int]
    situational: dict[str, int]
    stray_round: _StrayRound
    dodge: _Dodge


class _AmmoModel(DataModel):
    key: str
    name: str
    flesh_table: str
    covered_table: str
    cover_multiplier: int = Field(ge=1)
    armor_piercing: bool
    breakage_table: str | None = None


class _AmmoFile(DataModel):
    catalog: _CatalogHeader
    penetration: dict[str, str]
    ammo: list[_AmmoModel] = Field(min_length=1)


class _BreakageCheck(DataModel):
    broken_below: int
    temporary_natural: int = Field(ge=1, le=100)
    maneuver_naturals: list[int]
    beaten_open_past: int = Field(le=0)


class _BreakageBandModel(DataModel):
    low: int
    high: int | None = None
    penalty: int = Field(le=0)


class _BreakageFile(DataModel):
    catalog: _CatalogHeader
    check: _BreakageCheck
    band: list[_BreakageBandModel] = Field(min_length=1)


def _weapon(w: _WeaponModel) -> Weapon:
    values = w.model_dump()
    values["model"] = w.model or w.name
    values["provisional"] = tuple(w.provisional)
    return Weapon(**values)


def _armor(a: _ArmorModel) -> ArmorClass:
    return ArmorClass(**{**a.model_dump(), "covers": frozenset(a.covers)})


def _ammunition(a: _AmmoModel) -> Ammunition:
    return Ammunition(**a.model_dump())


#: The kinds of row a user catalog may give rmu (issue 17), each read as the shipped file's.
USER_KINDS = ("weapon", "armor", "ammo")

_Row = TypeVar("_Row", bound=DataModel)
_Built = TypeVar("_Built", Weapon, ArmorClass, Ammunition)


def _with_user_rows(
    shipped: dict[str, _Built], kind: str, model: type[_Row], build: Callable[[_Row], _Built]
) -> dict[str, _Built]:
    """``shipped`` with the user's catalog rows of ``kind`` laid over it (issue 17)."""
    return laid_over(shipped, ruleset="rmu", kind=kind, known=USER_KINDS, model=model, build=build)


def _load(name: str) -> tuple[dict[str, Any], str]:
    label = f"firefight/rulesets/rmu/data/{name}"
    return read_toml(package_data(PACKAGE, f"data/{name}"), label), label


class RmuData:
    """Every rmu data file, loaded once on first use."""

    def __init__(self) -> None:
        from firefight.rulesets.rmu.table_kinds import RmuTables

        self.tables = RmuTables()

    @cached_property
    def weapons(self) -> dict[str, Weapon]:
        data, label = _load("weapons.toml")
        model = validate(_WeaponsFile, data, label)
        result: dict[str, Weapon] = {}
        for number, w in enumerate(model.weapon, start=1):
            if w.key in result:
                raise TableDataError(label, f"weapon {number}", f"duplicate key {w.key!r}")
            result[w.key] = _weapon(w)
        return _with_user_rows(result, "weapon", _WeaponModel, _weapon)

    @cached_property
    def armor(self) -> dict[str, ArmorClass]:
        data, label = _load("armor.toml")
        model = validate(_ArmorFile, data, label)
        shipped = {a.key: _armor(a) for a in model.armor}
        return _with_user_rows(shipped, "armor", _ArmorModel, _armor)

    @cached_property
    def cover(self) -> CoverValues:
        data, label = _load("cover.toml")
        model = validate(_CoverFile, data, label)
        hard = tuple(
            HardColumn(label=h.label, me_max=h.me_max, values=h.values) for h in model.hard
        )
        if [h.me_max for h in hard] != sorted(h.me_max for h in hard):
            raise TableDataError(
                label, "hard", "columns must run from the lightest gun to the heaviest"
            )
        return CoverValues(
            soft=model.ranged.soft,
            impenetrable=model.ranged.impenetrable,
            melee=model.melee.values,
            melee_hard_multiplier=model.melee.hard_multiplier,
            hard=hard,
        )

    @cached_property
    def rules(self) -> RulesFigures:
        data, label = _load("rules.toml")
        m = validate(_RulesFile, data, label)
        if len(m.range.band_names) != len(m.range.band_modifiers):
            raise TableDataError(label, "range", "band_names and band_modifiers differ in length")
        if unknown := set(m.stray_round.target_conditions) - set(m.situational):
            raise TableDataError(label, "target_conditions", f"not situational: {sorted(unknown)}")
        return RulesFigures(
            **m.attack.model_dump(),
            band_names=tuple(m.range.band_names),
            band_modifiers=tuple(m.range.band_modifiers),
            point_blank_reach_ft=m.point_blank.reach_ft,
            long_gun_reach_ft=m.point_blank.long_gun_reach_ft,
            point_blank_bonus=dict(m.point_blank.bonus),
            long_gun_classes=frozenset(m.long_guns.classes),
            hunting=dict(m.hunting),
            situational=dict(m.situational),
            target_conditions=frozenset(m.stray_round.target_conditions),
            dodge_base_share=m.dodge.base_share,
            celerity_share=tuple(m.dodge.celerity_share),
        )

    @cached_property
    def _ammo_file(self) -> _AmmoFile:
        data, label = _load("ammo.toml")
        return validate(_AmmoFile, data, label)

    @cached_property
    def ammo(self) -> dict[str, Ammunition]:
        shipped = {a.key: _ammunition(a) for a in self._ammo_file.ammo}
        return _with_user_rows(shipped, "ammo", _AmmoModel, _ammunition)

    @cached_property
    def penetration(self) -> dict[str, str]:
        """Caliber -> the highest armor class its armor-piercing round defeats (RMU-AMMO-2)."""
        return dict(self._ammo_file.penetration)

    @cached_property
    def breakage(self) -> BreakageRules:
        """Breakage check bands and thresholds (RMU-BRK-1, RMU-BRK-2, RULINGS P-5)."""
        data, label = _load("breakage.toml")
        model = validate(_BreakageFile, data, label)
        expected = model.check.broken_below
        bands: list[BreakageBand] = []
        for number, b in enumerate(model.band, start=1):
            last = number == len(model.band)
            if (
                b.low != expected
                or (b.high is None) != last
                or (b.high is not None and b.high < b.low)
            ):
                raise TableDataError(
                    label,
                    f"band {number}",
                    f"bands must run on from {expected} without gaps, only the last open above",
                )
            bands.append(BreakageBand(low=b.low, high=b.high, penalty=b.penalty))
            expected = (b.high or 0) + 1
        return BreakageRules(
            broken_below=model.check.broken_below,
            temporary_natural=model.check.temporary_natural,
            maneuver_naturals=frozenset(model.check.maneuver_naturals),
            beaten_open_past=model.check.beaten_open_past,
            bands=tuple(bands),
        )

    def ammunition(self, key: str) -> Ammunition:
        try:
            return self.ammo[key]
        except KeyError:
            raise UnknownNameError("rmu ammunition", key, self.ammo) from None

    def weapon(self, key: str) -> Weapon:
        try:
            return self.weapons[key]
        except KeyError:
            raise UnknownNameError("rmu weapon", key, self.weapons) from None

    def armor_class(self, key: str) -> ArmorClass | None:
        """The BA class for an armor column key, or None for a naked ``AT n`` column."""
        if key in NAKED_COLUMNS:
            return None
        try:
            return self.armor[key]
        except KeyError:
            raise UnknownNameError("rmu armor", key, (*NAKED_COLUMNS, *self.armor)) from None

    def check(self) -> list[str]:
        """Load and cross-check every data file; returns what was checked."""
        checked = [
            "weapons.toml",
            "armor.toml",
            "cover.toml",
            "rules.toml",
            "ammo.toml",
            "breakage.toml",
        ]
        _ = (self.armor, self.cover, self.rules, self.penetration, self.breakage)
        for ammo in self.ammo.values():
            self.tables.critical(ammo.flesh_table)
            self.tables.critical(ammo.covered_table)
            if ammo.breakage_table:
                self.tables.critical(ammo.breakage_table)
        for weapon in self.weapons.values():
            self.tables.attack(weapon.attack_table)
            if weapon.weapon_class not in self.rules.point_blank_bonus:
                raise TableDataError(
                    "firefight/rulesets/rmu/data/weapons.toml",
                    f"weapon {weapon.key!r}",
                    f"weapon_class {weapon.weapon_class!r} has no point-blank bonus in rules.toml",
                )
        for name in self.tables:
            self.tables[name]
            checked.append(f"tables/{name}.toml")
        return checked


@cache
def default_data() -> RmuData:
    """One shared :class:`RmuData` per process (worker processes load their own)."""
    return RmuData()
