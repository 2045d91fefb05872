"""A missile read on a melee attack table: the crossbow's wooden bolt (RMU-STAKE-2).

The bolt is shot, not swung. It costs a ranged attack's 1-3 AP (R-6; the haste of RMU-GEN-1
counted from 3), reads the range ladder of RMU-GEN-4 with each band one short range of the
weapon, and inside the 10 ft of RMU-PB-1 takes the flat +20 point blank bonus that RMU Core
Law gives crossbows (``data/melee.toml`` [missile]). The defender's parry does not turn it, and
cover is priced as against any missile with no gun behind it (RMU-COV-2, DEC-521).

>>> from firefight.rulesets.rmu.catalog import default_data
>>> from firefight.rulesets.rmu.melee.catalog import melee_weapon
>>> from firefight.rulesets.rmu.melee.figures import melee_figures
>>> bow, figs, rules = melee_weapon("crossbow"), melee_figures(), default_data().rules
>>> [missile_range(bow, d, figs, rules).value for d in (5, 40, 60, 120, 180, 250)]
[20, 0, -10, -25, -50, -100]
"""

from __future__ import annotations

from firefight.rulesets.rmu.catalog import RulesFigures
from firefight.rulesets.rmu.melee.catalog import MeleeWeapon
from firefight.rulesets.rmu.melee.figures import MeleeFigures
from firefight.rulesets.rmu.ranges import band_index
from firefight.trace import Modifier

__all__ = ["missile_range"]


def missile_range(
    weapon: MeleeWeapon, distance_ft: float, figures: MeleeFigures, rules: RulesFigures
) -> Modifier:
    """The range term of a missile shot ``distance_ft`` away; refuses past the last band."""
    increment = weapon.short_range_ft
    assert increment is not None
    index = band_index(weapon.name, increment, distance_ft, rules)
    if distance_ft <= figures.point_blank_ft:
        return Modifier(
            value=figures.point_blank_bonus,
            label=f"point blank (within {figures.point_blank_ft:g} ft)",
            rule="RMU-PB-1",
        )
    return Modifier(
        value=rules.band_modifiers[index],
        label=f"{rules.band_names[index]} band, up to {(index + 1) * increment} ft",
        rule="RMU-GEN-4",
    )
