"""Which attack column and which critical table a shot reads (RMU-ARM-1..4, RMU-AMMO-1..6,
RMU-BRK-2, RULINGS P-5).

Order matters (RMU-ARM-4): the column is settled from the armor as a whole before the attack
roll; the critical table can only be settled once the critical roll has named a location.

Two pieces of armor are tracked apart. ``FirePlan.armor`` is the armor that still decides the
column and the critical tables: None when the target is bare, when armor piercing defeats the
vest, or when the vest is beaten open or broken. ``FirePlan.worn`` is the armor that still takes
punishment: a vest defeated by armor piercing was still shot through, so a covered location
calls for its breakage check either way (000: the armor takes punishment whether the round is
defeated or stopped).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from firefight.errors import RuleRefusal
from firefight.rulesets.rmu.catalog import (
    ARMOR_CLASSES,
    NAKED_COLUMNS,
    Ammunition,
    ArmorClass,
    RmuData,
    Weapon,
)
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.trace import TraceBuilder

__all__ = [
    "FirePlan",
    "Wearer",
    "breakage_total_refused",
    "check_armor_figures",
    "check_load",
    "plan_fire",
]


def breakage_total_refused(total: int, whose: str | None = None) -> RuleRefusal:
    """What a breakage total above 0 meets (RMU-BRK-2: penalties only accumulate); the callers
    test the total themselves, so a shot pays no call. ``whose``: the wearer, when named."""
    owner = f"{whose}'s" if whose else "A"
    return RuleRefusal(
        "RMU-BRK-2",
        f"{owner} breakage total counts penalties, so it is 0 or less; {total} was given.",
    )


def check_load(weapon: Weapon, ammo: Ammunition, data: RmuData) -> None:
    """RMU-AMMO-2: armor-piercing rounds are made only for the calibers the penetration table
    rates; a magazine, a shot and the fire plan all refuse any other."""
    if ammo.armor_piercing and weapon.caliber not in data.penetration:
        raise RuleRefusal(
            "RMU-AMMO-2",
            f"There is no armor-piercing load for the {weapon.caliber} {weapon.name}.",
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class FirePlan:
    """The protection decisions taken before the attack roll."""

    column: str
    armor: ArmorClass | None  # the armor that still protects, if any
    half_hits: bool
    ammo: Ammunition
    worn: ArmorClass | None = None  # the armor that still takes breakage checks, if any
    # The rule that picked the critical tables when it is not the load and armor's own: a
    # burst's Shrapnel (RMU-RF-8), a tripod gun's recoil (RMU-TRI-2).
    tables_chosen_by: str | None = None

    @property
    def table_rule(self) -> str:
        """The rule that chose the critical tables, for the trace."""
        if self.tables_chosen_by is not None:
            return self.tables_chosen_by
        if self.ammo.armor_piercing:
            return "RMU-AMMO-3" if self.half_hits else "RMU-AMMO-4"
        if self.ammo.cover_multiplier > 1:
            return "RMU-AMMO-6"
        return "RMU-ARM-3" if self.armor is not None else "RMU-GEN-6"

    def covered(self, location: HitLocation) -> bool:
        """Whether protecting armor covers ``location`` (RMU-ARM-2)."""
        return self.armor is not None and location in self.armor.covers

    def critical_table(self, location: HitLocation) -> str:
        """RMU-ARM-3 / AMMO-3..6: covered locations take blunt trauma, the rest the flesh table."""
        return self.ammo.covered_table if self.covered(location) else self.ammo.flesh_table

    def breakage_table(self, location: HitLocation) -> str | None:
        """The table whose cell gives the breakage modifier, or None when no armor was struck.

        Only worn armor covering ``location`` is checked: a round that hits the head above a
        plate never touched the plate. Armor piercing reads AP's deeper modifier even where the
        plate stops it and the wound is read on Ballistic Impact (RMU-AMMO-5; docs/decisions.md).
        """
        if self.worn is None or location not in self.worn.covers:
            return None
        return self.ammo.breakage_table or self.critical_table(location)


class Wearer(Protocol):
    """Someone a shot may meet, as far as their armor goes: what a
    :class:`~firefight.rulesets.rmu.bodies.Bystander` and a
    :class:`~firefight.rulesets.rmu.volley.Person` both carry."""

    @property
    def name(self) -> str: ...
    @property
    def armor(self) -> str: ...
    @property
    def naked_column(self) -> str: ...
    @property
    def armor_damage(self) -> int: ...


def check_armor_figures(who: Wearer, data: RmuData) -> None:
    """Refuse, before any die, armor figures ``who`` cannot have.

    A bystander or a person caught in a cone may be attacked by a roll nobody planned for (a
    stray round, RMU-COV-6; a cone, RMU-RF-12), so their figures are checked up front: the
    naked column (RMU-ARM-1), the armor's name, and a breakage total of 0 or less (RMU-BRK-2).

    >>> from firefight.rulesets.rmu.bodies import Bystander
    >>> try:
    ...     check_armor_figures(Bystander(name="Ana", armor="BA II", armor_damage=5), RmuData())
    ... except RuleRefusal as refusal:
    ...     print(refusal.rule)
    RMU-BRK-2
    """
    if who.naked_column not in NAKED_COLUMNS:
        raise RuleRefusal(
            "RMU-ARM-1",
            f"{who.name}'s {who.naked_column!r} is not a naked armor column (AT 1 to AT 10).",
        )
    data.armor_class(who.armor)
    if who.armor_damage > 0:
        raise breakage_total_refused(who.armor_damage, who.name)


def plan_fire(
    *,
    weapon: Weapon,
    armor_key: str,
    naked_column: str,
    armor_damage: int,
    ammo: Ammunition,
    data: RmuData,
    trace: TraceBuilder,
    armor_broken: bool = False,
) -> FirePlan:
    """Choose the attack column (RMU-ARM-1, -4) and how criticals will be read.

    ``armor_damage`` is the armor's running breakage total; past the threshold in
    ``data/breakage.toml`` it is beaten open (RMU-BRK-2). ``armor_broken`` marks armor a
    breakage check broke outright (RULINGS P-5). Either way the target is fired at as bare.
    """
    armor = data.armor_class(armor_key)
    if armor is None:
        trace.step(f"No ballistic armor: fire the naked {armor_key} column.", "RMU-ARM-1")
        return FirePlan(column=armor_key, armor=None, half_hits=ammo.armor_piercing, ammo=ammo)
    if armor_damage > 0:
        raise breakage_total_refused(armor_damage)
    if armor_broken:
        trace.step(
            f"{armor.key} was broken by a breakage check and protects no more; fire the naked "
            f"{naked_column} column.",
            "P-5",
        )
        return FirePlan(column=naked_column, armor=None, half_hits=ammo.armor_piercing, ammo=ammo)
    past = data.breakage.beaten_open_past
    if armor_damage < past:
        trace.step(
            f"{armor.key} has taken {armor_damage} in breakage, past {past}: beaten open, it no "
            f"longer protects; fire the naked {naked_column} column.",
            "RMU-BRK-2",
        )
        return FirePlan(column=naked_column, armor=None, half_hits=ammo.armor_piercing, ammo=ammo)
    if ammo.armor_piercing:
        check_load(weapon, ammo, data)
        rating = data.penetration[weapon.caliber]
        if ARMOR_CLASSES.index(armor.key) <= ARMOR_CLASSES.index(rating):
            trace.step(
                f"Armor piercing {weapon.caliber} defeats up to {rating}: {armor.key} is defeated; "
                f"fire the naked {naked_column} column for half hits, criticals on Armor Piercing.",
                "RMU-AMMO-3",
            )
            return FirePlan(column=naked_column, armor=None, half_hits=True, ammo=ammo, worn=armor)
        trace.step(
            f"Armor piercing {weapon.caliber} defeats only up to {rating}: {armor.key} stops it; "
            "fire the armor's column for full hits.",
            "RMU-AMMO-4",
        )
        return FirePlan(column=armor.key, armor=armor, half_hits=False, ammo=ammo, worn=armor)
    trace.step(
        f"Fire the {armor.key} column ({'soft' if armor.soft else 'hard'} armor covering "
        f"{', '.join(sorted(loc.value for loc in armor.covers))}).",
        "RMU-ARM-1",
    )
    return FirePlan(column=armor.key, armor=armor, half_hits=False, ammo=ammo, worn=armor)
