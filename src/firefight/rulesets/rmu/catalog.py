"""The rmu data: weapons, armor classes, cover values and rule figures, loaded and checked.

Everything here is read from ``rulesets/rmu/data/*.toml``; a bad file raises
:class:`~firefight.errors.TableDataError` naming the file and the row. The files' pydantic
models are in :mod:`firefight.rulesets.rmu.file_models`, loaded only to validate.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property, partial
from typing import TYPE_CHECKING, Any, TypeVar

from firefight.errors import RuleRefusal, TableDataError, UnknownNameError
from firefight.files import read_toml
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.tables.shipped import checked, package_data

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = [
    "ARMOR_CLASSES",
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
#: How an error names a shipped data file.
DATA_LABEL = "firefight/rulesets/rmu/data"

NAKED_COLUMNS = tuple(f"AT {n}" for n in range(1, 11))
#: The ballistic armor classes, lightest first: each a column of every attack table (RMU-ARM-1).
ARMOR_CLASSES = ("BA I", "BA II", "BA III", "BA IV")


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


def _file_model(name: str) -> type[BaseModel]:
    from firefight.rulesets.rmu import file_models

    model: type[BaseModel] = getattr(file_models, name)
    return model


def _weapon(w: dict[str, Any]) -> Weapon:
    return Weapon(
        **{
            **w,
            "model": w.get("model") or w["name"],
            "action": WeaponAction(w["action"]),
            "provisional": tuple(w.get("provisional", ())),
        }
    )


def _armor(a: dict[str, Any]) -> ArmorClass:
    return ArmorClass(**{**a, "covers": frozenset(map(HitLocation, a["covers"]))})


#: The kinds of row a user catalog may give rmu (issue 17), each read as the shipped file's.
USER_KINDS = ("weapon", "armor", "ammo")

_Built = TypeVar("_Built", Weapon, ArmorClass, Ammunition)


def _with_user_rows(
    shipped: dict[str, _Built], kind: str, model: str, build: Callable[[dict[str, Any]], _Built]
) -> dict[str, _Built]:
    """``shipped`` with the user's catalog rows of ``kind`` laid over it (issue 17), each
    validated with the shipped file's row model ``model``."""
    from firefight.tables.user_catalogs import laid_over

    return laid_over(
        shipped,
        ruleset="rmu",
        kind=kind,
        known=USER_KINDS,
        model=partial(_file_model, model),
        build=lambda row: build(row.model_dump()),
    )


def _field(row: str, field: str) -> str:
    return f"{row}, {field}" if row else field


def _three(values: Any) -> tuple[int, int, int]:
    low, middle, high = values
    return (low, middle, high)


class RmuData:
    """Every rmu data file, loaded once on first use. The shipped files are read as written
    (the tests hold them to their models); ``validate`` checks each against its model first,
    as ``firefight tables check`` does (:mod:`firefight.tables.shipped`)."""

    def __init__(self, *, validate: bool = False) -> None:
        from firefight.rulesets.rmu.table_kinds import RmuTables

        self.validate = validate
        self.tables = RmuTables(validate_shipped=validate)
        #: What :func:`~firefight.tables.settled.settled` worked out from this data, by
        #: kind: kept with the data, so a catalog loaded anew starts afresh.
        self.settled: dict[str, dict[Hashable, object]] = {}

    def _load(self, name: str, model: str) -> tuple[dict[str, Any], str]:
        label = f"{DATA_LABEL}/{name}"
        data = read_toml(package_data(PACKAGE, f"data/{name}"), label)
        return checked(partial(_file_model, model), data, label, validate=self.validate), label

    @cached_property
    def weapons(self) -> dict[str, Weapon]:
        data, label = self._load("weapons.toml", "WeaponsFile")
        result: dict[str, Weapon] = {}
        for number, w in enumerate(data["weapon"], start=1):
            if w["key"] in result:
                raise TableDataError(label, f"weapon {number}", f"duplicate key {w['key']!r}")
            result[w["key"]] = _weapon(w)
        return _with_user_rows(
            result, "weapon", "WeaponModel", lambda w: self._user_weapon(_weapon(w))
        )

    @cached_property
    def armor(self) -> dict[str, ArmorClass]:
        data, _ = self._load("armor.toml", "ArmorFile")
        shipped = {a["key"]: _armor(a) for a in data["armor"]}
        return _with_user_rows(shipped, "armor", "ArmorModel", _armor)

    @cached_property
    def cover(self) -> CoverValues:
        data, label = self._load("cover.toml", "CoverFile")
        hard = tuple(
            HardColumn(label=h["label"], me_max=h["me_max"], values=_three(h["values"]))
            for h in data["hard"]
        )
        if [h.me_max for h in hard] != sorted(h.me_max for h in hard):
            raise TableDataError(
                label, "hard", "columns must run from the lightest gun to the heaviest"
            )
        ranged, melee = data["ranged"], data["melee"]
        return CoverValues(
            soft=_three(ranged["soft"]),
            impenetrable=_three(ranged["impenetrable"]),
            melee=_three(melee["values"]),
            melee_hard_multiplier=melee["hard_multiplier"],
            hard=hard,
        )

    @cached_property
    def rules(self) -> RulesFigures:
        data, label = self._load("rules.toml", "RulesFile")
        attack, ranges, point_blank = data["attack"], data["range"], data["point_blank"]
        situational, strays = data["situational"], data["stray_round"]["target_conditions"]
        if len(ranges["band_names"]) != len(ranges["band_modifiers"]):
            raise TableDataError(label, "range", "band_names and band_modifiers differ in length")
        if unknown := set(strays) - set(situational):
            raise TableDataError(label, "target_conditions", f"not situational: {sorted(unknown)}")
        ranged_low, ranged_high = attack["ranged_attack_ap"]
        base_share, base_of = data["dodge"]["base_share"]
        return RulesFigures(
            recoil_unprepared=attack["recoil_unprepared"],
            haste_per_ap=attack["haste_per_ap"],
            ranged_attack_ap=(ranged_low, ranged_high),
            prepare_ap=attack["prepare_ap"],
            fumble_ranks_per_step=attack["fumble_ranks_per_step"],
            fumble_minimum=attack["fumble_minimum"],
            band_names=tuple(ranges["band_names"]),
            band_modifiers=tuple(ranges["band_modifiers"]),
            point_blank_reach_ft=point_blank["reach_ft"],
            long_gun_reach_ft=point_blank["long_gun_reach_ft"],
            point_blank_bonus=dict(point_blank["bonus"]),
            long_gun_classes=frozenset(data["long_guns"]["classes"]),
            hunting=dict(data["hunting"]),
            situational=dict(situational),
            target_conditions=frozenset(strays),
            dodge_base_share=(base_share, base_of),
            celerity_share=tuple((low, high) for low, high in data["dodge"]["celerity_share"]),
        )

    @cached_property
    def _ammo_file(self) -> dict[str, Any]:
        return self._load("ammo.toml", "AmmoFile")[0]

    @cached_property
    def ammo(self) -> dict[str, Ammunition]:
        shipped = {a["key"]: Ammunition(**a) for a in self._ammo_file["ammo"]}
        return _with_user_rows(
            shipped, "ammo", "AmmoModel", lambda a: self._fitting_ammo(Ammunition(**a))
        )

    @cached_property
    def penetration(self) -> dict[str, str]:
        """Caliber -> the highest armor class its armor-piercing round defeats (RMU-AMMO-2)."""
        return dict(self._ammo_file["penetration"])

    @cached_property
    def breakage(self) -> BreakageRules:
        """Breakage check bands and thresholds (RMU-BRK-1, RMU-BRK-2, RULINGS P-5)."""
        data, label = self._load("breakage.toml", "BreakageFile")
        check, found = data["check"], data["band"]
        expected = check["broken_below"]
        bands: list[BreakageBand] = []
        for number, b in enumerate(found, start=1):
            low, high = b["low"], b.get("high")
            last = number == len(found)
            if low != expected or (high is None) != last or (high is not None and high < low):
                raise TableDataError(
                    label,
                    f"band {number}",
                    f"bands must run on from {expected} without gaps, only the last open above",
                )
            bands.append(BreakageBand(low=low, high=high, penalty=b["penalty"]))
            expected = (high or 0) + 1
        return BreakageRules(
            broken_below=check["broken_below"],
            temporary_natural=check["temporary_natural"],
            maneuver_naturals=frozenset(check["maneuver_naturals"]),
            beaten_open_past=check["beaten_open_past"],
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

    def _fitting_weapon(self, weapon: Weapon, row: str = "") -> Weapon:
        """``weapon``, once what it names is found: an attack table, and a class with a
        point-blank bonus (RMU-GEN-4). A user's row is checked as it is read, its problem named
        in its own file (:func:`~firefight.tables.user_catalogs.laid_over` places it): a row
        whose every field passed but whose class the rules lack failed at its first
        point-blank shot, a KeyError."""
        label = f"{DATA_LABEL}/weapons.toml"
        self._names_table(
            self.tables.attack, "an attack table", weapon.attack_table, label, row, "attack_table"
        )
        if weapon.weapon_class not in self.rules.point_blank_bonus:
            raise TableDataError(
                label,
                _field(row, "weapon_class"),
                f"{weapon.weapon_class!r} has no point-blank bonus in rules.toml; the classes "
                f"are {', '.join(sorted(self.rules.point_blank_bonus))}",
            )
        return weapon

    def _user_weapon(self, weapon: Weapon) -> Weapon:
        """A weapon of the user's catalog, checked as a shipped one is
        (:meth:`_fitting_weapon`) and for its rate of fire: an automatic weapon's rate class is
        read by its key from the shipped firearm_actions.toml (RMU-RF-5), which no catalog
        adds to. Said in the user's row, as what the row can do, not as a fault of a shipped
        file to edit."""
        from firefight.rulesets.rmu.firearm_data import rate_class  # a catalog import cycle

        self._fitting_weapon(weapon)
        try:
            rate_class(weapon)
        except RuleRefusal:
            raise TableDataError(
                f"{DATA_LABEL}/weapons.toml",
                "action",
                f"{weapon.action.value!r} fires automatically, and an automatic weapon's rate of "
                "fire is read by its key from the shipped firearm_actions.toml (RMU-RF-5), "
                f"which has none for {weapon.key!r}: a catalog row can replace a shipped "
                "automatic weapon (by its key) or add a semi-automatic one",
            ) from None
        return weapon

    def _fitting_ammo(self, ammo: Ammunition, row: str = "") -> Ammunition:
        """``ammo``, once the critical tables it reads are found (as :meth:`_fitting_weapon`)."""
        label = f"{DATA_LABEL}/ammo.toml"
        for field, name in (
            ("flesh_table", ammo.flesh_table),
            ("covered_table", ammo.covered_table),
            ("breakage_table", ammo.breakage_table),
        ):
            if name is not None:
                self._names_table(self.tables.critical, "a critical table", name, label, row, field)
        return ammo

    @staticmethod
    def _names_table(
        read: Callable[[str], object], words: str, name: str, label: str, row: str, field: str
    ) -> None:
        """``read`` (``tables.attack``, ``tables.critical``) finds the table ``name``, one of
        the kind ``words`` says, or the row's ``field`` is refused."""
        try:
            read(name)
        except UnknownNameError as exc:
            raise TableDataError(label, _field(row, field), str(exc)) from None
        except TableDataError as exc:
            raise TableDataError(
                label, _field(row, field), f"the table {name!r} cannot be read as {words}: {exc}"
            ) from None

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
        # A user's rows were checked as they were read, each named in its own file.
        for ammo in self.ammo.values():
            self._fitting_ammo(ammo, row=f"ammo {ammo.key!r}")
        for weapon in self.weapons.values():
            self._fitting_weapon(weapon, row=f"weapon {weapon.key!r}")
        for name in self.tables:
            self.tables[name]
            checked.append(f"tables/{name}.toml")
        return checked


@cache
def default_data() -> RmuData:
    """One shared :class:`RmuData` per process (worker processes load their own)."""
    return RmuData()
