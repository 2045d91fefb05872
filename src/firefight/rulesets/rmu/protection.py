"""Which attack column and which critical table a shot reads (RMU-ARM-1..4, RMU-AMMO-1..6,
RMU-BRK-2).

Order matters (RMU-ARM-4): the column is settled from the armor as a whole before the attack
roll; the critical table can only be settled once the critical roll has named a location.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.rulesets.rmu.catalog import Ammunition, ArmorClass, RmuData, Weapon
from firefight.tables.critical import HitLocation
from firefight.trace import TraceBuilder

__all__ = ["FirePlan", "plan_fire"]

#: Breakage totals past this leave the armor beaten open (RMU-BRK-2).
BEATEN_OPEN_BELOW = -50

_ORDER = ("BA I", "BA II", "BA III", "BA IV")


@dataclass(frozen=True, slots=True, kw_only=True)
class FirePlan:
    """The protection decisions taken before the attack roll."""

    column: str
    armor: ArmorClass | None  # the armor that still protects, if any
    half_hits: bool
    ammo: Ammunition

    def critical_table(self, location: HitLocation) -> str:
        """RMU-ARM-3 / AMMO-3..6: covered locations take blunt trauma, the rest the flesh table."""
        if self.armor is not None and location in self.armor.covers:
            return self.ammo.covered_table
        return self.ammo.flesh_table


def plan_fire(
    *,
    weapon: Weapon,
    armor_key: str,
    naked_column: str,
    armor_damage: int,
    ammo: Ammunition,
    data: RmuData,
    trace: TraceBuilder,
) -> FirePlan:
    """Choose the attack column (RMU-ARM-1, -4) and how criticals will be read."""
    armor = data.armor_class(armor_key)
    if armor is None:
        trace.step(f"No ballistic armor: fire the naked {armor_key} column.", "RMU-ARM-1")
        return FirePlan(column=armor_key, armor=None, half_hits=ammo.armor_piercing, ammo=ammo)
    if armor_damage < BEATEN_OPEN_BELOW:
        trace.step(
            f"{armor.key} has taken {armor_damage} in breakage, past -50: beaten open, it no "
            "longer "
            f"protects; fire the naked {naked_column} column.",
            "RMU-BRK-2",
        )
        return FirePlan(column=naked_column, armor=None, half_hits=ammo.armor_piercing, ammo=ammo)
    if ammo.armor_piercing:
        rating = data.penetration.get(weapon.caliber)
        if rating is None:
            raise RuleRefusal(
                "RMU-AMMO-2",
                f"There is no armor-piercing load for the {weapon.caliber} {weapon.name}.",
            )
        if _ORDER.index(armor.key) <= _ORDER.index(rating):
            trace.step(
                f"Armor piercing {weapon.caliber} defeats up to {rating}: {armor.key} is defeated; "
                f"fire the naked {naked_column} column for half hits, criticals on Armor Piercing.",
                "RMU-AMMO-3",
            )
            return FirePlan(column=naked_column, armor=None, half_hits=True, ammo=ammo)
        trace.step(
            f"Armor piercing {weapon.caliber} defeats only up to {rating}: {armor.key} stops it; "
            "fire the armor's column for full hits.",
            "RMU-AMMO-4",
        )
        return FirePlan(column=armor.key, armor=armor, half_hits=False, ammo=ammo)
    trace.step(
        f"Fire the {armor.key} column ({'soft' if armor.soft else 'hard'} armor covering "
        f"{', '.join(sorted(loc.value for loc in armor.covers))}).",
        "RMU-ARM-1",
    )
    return FirePlan(column=armor.key, armor=armor, half_hits=False, ammo=ammo)
