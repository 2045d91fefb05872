"""Every cpr data file, loaded once on first use and cross-checked on demand."""

from __future__ import annotations

from collections.abc import Hashable
from functools import cached_property

from firefight.errors import TableDataError, UnknownNameError
from firefight.fuzzy import hint
from firefight.rulesets.cpr.armor import Armor, load_armor
from firefight.rulesets.cpr.cover import CoverTable, load_cover
from firefight.rulesets.cpr.datafile import label_for
from firefight.rulesets.cpr.figures import RuleFigures, load_figures
from firefight.rulesets.cpr.injuries import InjuryTables, load_injuries
from firefight.rulesets.cpr.modifiers import ModifierCatalog, load_modifiers
from firefight.rulesets.cpr.ranges import DvTable, load_dv_table
from firefight.rulesets.cpr.turn_figures import TurnFigures, load_turn_figures
from firefight.rulesets.cpr.weapons import (
    Ammo,
    Weapon,
    find_weapon,
    load_ammo,
    load_weapons,
    normalize_key,
)

__all__ = ["DATA_FILES", "CprData"]

DATA_FILES = (
    "ranges.toml",
    "autofire.toml",
    "weapons.toml",
    "ammo.toml",
    "armor.toml",
    "critical_injuries.toml",
    "cover.toml",
    "modifiers.toml",
    "rules.toml",
    "encounter.toml",
)


def _field(row: str, field: str) -> str:
    return f"{row}, {field}" if row else field


class CprData:
    """The cpr tables, catalogs and figures. Resolvers take one as their ``data`` argument.

    The shipped files are read as written (the tests hold them to their models); ``validate``
    checks each against its model first, as ``firefight tables check`` does (DEC-510, DEC-560).
    """

    def __init__(self, *, validate: bool = False) -> None:
        self.validate = validate
        #: What :func:`~firefight.tables.settled.settled` worked out from this data, by
        #: kind: kept with the data, so a catalog loaded anew starts afresh.
        self.settled: dict[str, dict[Hashable, object]] = {}

    @cached_property
    def ranges(self) -> DvTable:
        """The range DV table (CPR-RNG-1)."""
        return load_dv_table("ranges.toml", "CPR-RNG-1", "range table", validate=self.validate)

    @cached_property
    def autofire(self) -> DvTable:
        """The autofire DV table (C-5)."""
        return load_dv_table("autofire.toml", "C-5", "autofire table", validate=self.validate)

    @cached_property
    def _weapon_catalog(self) -> tuple[dict[str, Weapon], dict[str, str]]:
        return load_weapons(self._fitting_weapon, validate=self.validate)

    @property
    def weapons(self) -> dict[str, Weapon]:
        return self._weapon_catalog[0]

    @cached_property
    def ammo(self) -> dict[str, Ammo]:
        return load_ammo(self._fitting_ammo, validate=self.validate)

    @cached_property
    def armor(self) -> dict[str, Armor]:
        return load_armor(validate=self.validate)

    @cached_property
    def cover(self) -> CoverTable:
        """Cover HP by material and thickness, and shields (C-13)."""
        return load_cover(validate=self.validate)

    @cached_property
    def modifiers(self) -> ModifierCatalog:
        """Named modifiers and armor penalties (CPR-REF-1)."""
        return load_modifiers(self.armor, validate=self.validate)

    @cached_property
    def injuries(self) -> InjuryTables:
        return load_injuries(validate=self.validate)

    @cached_property
    def figures(self) -> RuleFigures:
        return load_figures(validate=self.validate)

    @cached_property
    def turns(self) -> TurnFigures:
        """Turns, initiative and movement in an encounter (CPR-REF-1)."""
        return load_turn_figures(validate=self.validate)

    @cached_property
    def known_skills(self) -> dict[str, str]:
        """Every skill an encounter reads, by normalized key -> the name the rules use
        (CPR-HIT-2): the shipped list, which a user's catalog cannot add to."""
        return {normalize_key(n): n for n in sorted(self.figures.skills)}

    def _check_skill(self, skill: str, file: str, where: str) -> None:
        """Refuse a skill no combatant can have: a mistyped one was taken as a new skill, and
        the shooter's level in the skill meant counted +0."""
        if normalize_key(skill) not in self.known_skills:
            said = hint(skill, self.known_skills.values(), listing="cpr skills are")
            raise TableDataError(
                file,
                where,
                f"{skill!r} is not a cpr skill: no combatant's level could count for it "
                f"(CPR-HIT-2, DEC-838); {said}",
            )

    def weapon(self, name: str) -> Weapon:
        """A weapon by key, name or alias (``"heavy pistol"``, ``"knife"``)."""
        weapons, names = self._weapon_catalog
        return find_weapon(weapons, names, name)

    def ammunition(self, key: str) -> Ammo:
        try:
            return self.ammo[key]
        except KeyError:
            raise UnknownNameError("cpr ammunition", key, self.ammo) from None

    def _fitting_weapon(self, weapon: Weapon, row: str = "") -> Weapon:
        """``weapon``, once the range and autofire rows and the ammunition it names are found.
        A user's row is checked as it is read, its problem named in its own file
        (:func:`~firefight.tables.user_catalogs.laid_over` places it), not in the shipped
        weapons.toml."""
        label = label_for("weapons.toml")
        self._check_skill(weapon.skill, label, _field(row, "skill"))
        for field, name, table, file in (
            ("range_row", weapon.range_row, self.ranges, "ranges.toml"),
            ("autofire_row", weapon.autofire_row, self.autofire, "autofire.toml"),
        ):
            if name is not None and name not in table.rows:
                raise TableDataError(
                    label,
                    _field(row, field),
                    f"{name!r} is not in {file}; " + hint(name, table.rows),
                )
        for kind in weapon.ammo:
            if kind not in self.ammo:
                raise TableDataError(
                    label,
                    _field(row, "ammo"),
                    f"{kind!r} is not in ammo.toml; " + hint(kind, self.ammo),
                )
        return weapon

    def _fitting_ammo(self, ammo: Ammo, row: str = "") -> Ammo:
        """``ammo``, once the critical injuries it names are found (as
        :meth:`_fitting_weapon`)."""
        if ammo.resist is not None:
            self._check_skill(ammo.resist.skill, label_for("ammo.toml"), _field(row, "resist"))
        known = self.injuries.by_key()
        named = [("lasting_injuries", key) for key in ammo.lasting_injuries]
        if ammo.injury is not None:
            named.append(("injury", ammo.injury))
        for field, key in named:
            if key not in known:
                raise TableDataError(
                    label_for("ammo.toml"),
                    _field(row, field),
                    f"{key!r} is not in critical_injuries.toml; " + hint(key, known),
                )
        return ammo

    def check(self) -> list[str]:
        """Load every file and check what one file says about another; returns the files."""
        _ = self.armor
        _ = self.cover
        _ = self.modifiers
        self._check_skill(
            self.turns.evasion_skill, label_for("encounter.toml"), "turn, evasion_skill"
        )
        leg = self.injuries.by_key().get(self.figures.aimed_leg_injury)
        if leg is None or leg.table != "body":
            raise TableDataError(
                label_for("rules.toml"),
                "aimed",
                f"leg_injury {self.figures.aimed_leg_injury!r} is not on the body table",
            )
        # A user's rows were checked as they were read, each named in its own file.
        for ammo in self.ammo.values():
            self._fitting_ammo(ammo, row=f"ammo {ammo.key!r}")
        for weapon in self.weapons.values():
            self._fitting_weapon(weapon, row=f"weapon {weapon.key!r}")
        if self.figures.throw_range_row not in self.ranges.rows:
            raise TableDataError(
                label_for("rules.toml"),
                "throw",
                f"range_row {self.figures.throw_range_row!r} is not in ranges.toml",
            )
        if self.autofire.bands != self.ranges.bands:
            raise TableDataError(
                label_for("autofire.toml"), "bands_m", "must be the range table's bands"
            )
        return list(DATA_FILES)
