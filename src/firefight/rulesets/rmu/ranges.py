"""Range bands and point blank (RMU-GEN-4, RMU-PB-1, RMU-PB-2)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.rulesets.rmu.catalog import RulesFigures, Weapon
from firefight.trace import Modifier

__all__ = ["RangeBand", "band_index", "range_band"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RangeBand:
    """Where a distance falls on a weapon's ladder; ``index`` 0 is Short."""

    index: int
    name: str
    low_ft: float
    high_ft: float
    modifier: int
    point_blank: bool

    @property
    def label(self) -> str:
        if self.point_blank:
            return f"point blank (within {self.high_ft:g} ft)"
        return f"{self.name} band, up to {self.high_ft:g} ft"


def point_blank_reach_ft(weapon: Weapon, rules: RulesFigures) -> int:
    """10 ft, or 20 ft for a rifle or longer (RMU-PB-1)."""
    if weapon.weapon_class in rules.long_gun_classes:
        return rules.long_gun_reach_ft
    return rules.point_blank_reach_ft


def band_index(weapon_name: str, increment_ft: int, distance_ft: float, rules: RulesFigures) -> int:
    """Which band of the ladder ``distance_ft`` falls in (0 is Short), each band one range
    increment wide; refuses what is no distance, or one past the last band (RMU-GEN-4).

    >>> from firefight.rulesets.rmu.catalog import default_data
    >>> [band_index("pistol", 30, d, default_data().rules) for d in (0, 30, 31, 90)]
    [0, 0, 1, 2]
    """
    if not 0 <= distance_ft < math.inf:
        raise RuleRefusal("RMU-GEN-4", f"A distance of {distance_ft!r} ft is not a distance.")
    bands = len(rules.band_modifiers)
    index = max(0, math.ceil(distance_ft / increment_ft) - 1)
    if index >= bands:
        raise RuleRefusal(
            "RMU-GEN-4",
            f"The {weapon_name} does not reach {distance_ft:g} ft: its last band ends at "
            f"{increment_ft * bands} ft.",
        )
    return index


def range_band(
    weapon: Weapon, distance_ft: float, rules: RulesFigures, *, allow_point_blank: bool = True
) -> RangeBand:
    """The band ``distance_ft`` falls in; refuses a distance past the last band (RMU-GEN-4).

    Each band is one range increment (the weapon's short range). Point blank sits inside Short;
    fire that is not aimed at one person (a sweep, a burst's bystanders) passes
    ``allow_point_blank=False`` and reads Short there instead.
    """
    increment = weapon.short_range_ft
    index = band_index(weapon.name, increment, distance_ft, rules)
    reach = point_blank_reach_ft(weapon, rules)
    if allow_point_blank and distance_ft <= reach:
        return RangeBand(
            index=0,
            name="Point blank",
            low_ft=0,
            high_ft=reach,
            modifier=rules.point_blank_bonus[weapon.weapon_class],
            point_blank=True,
        )
    return RangeBand(
        index=index,
        name=rules.band_names[index],
        low_ft=index * increment,
        high_ft=(index + 1) * increment,
        modifier=rules.band_modifiers[index],
        point_blank=False,
    )


def range_modifier(band: RangeBand, weapon: Weapon) -> Modifier:
    if band.point_blank:
        return Modifier(
            value=band.modifier,
            label=f"point blank, {weapon.weapon_class} (within {band.high_ft:g} ft)",
            rule="RMU-PB-1",
        )
    return Modifier(
        value=band.modifier,
        label=f"range: {band.name} ({band.low_ft:g}-{band.high_ft:g} ft)",
        rule="RMU-GEN-4",
    )
