"""The attack terms a person caught by a burst or a sweep brings by where they stand and who
they are: the range band with a tripod's help against it (RMU-GEN-4, RMU-PB-1, RMU-TRI-1), a
hunting weapon against a big target (RMU-HUNT-1) and the conditions they are in (R-1), whose
names every shot checks here; and the missile penalty of the shooter's armor (RMU-ARM-5).

Rapid fire (:mod:`.rapid_fire`) and the suppression sweep (:mod:`.suppression`) roll one
attack per person and add these the same way.

>>> from firefight.rulesets.rmu.catalog import RmuData
>>> [m.value for m in situational_terms("Mara", ("prone-target",), RmuData())] == [
...     RmuData().rules.situational["prone-target"]]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from firefight.errors import RuleRefusal
from firefight.geometry import Size
from firefight.rulesets.rmu.catalog import ArmorClass, RmuData, RulesFigures, Weapon
from firefight.rulesets.rmu.ranges import RangeBand, range_modifier
from firefight.rulesets.rmu.tripod import mounted_modifier
from firefight.trace import Modifier

if TYPE_CHECKING:  # a type only: callers pass the figures, so the aimed shot skips their module
    from firefight.rulesets.rmu.firearm_data import FirearmFigures

__all__ = [
    "check_situational",
    "hunting_terms",
    "range_terms",
    "shooter_armor_terms",
    "situational_terms",
]


def range_terms(
    band: RangeBand, weapon: Weapon, *, mounted: bool, figures: FirearmFigures
) -> list[Modifier]:
    """The range band's modifier (none when it is 0) and, on a tripod, the help against it."""
    terms = []
    rng = range_modifier(band, weapon)
    if rng.value:
        terms.append(rng)
    if mounted:
        tripod = mounted_modifier(band, figures)
        if tripod:
            terms.append(tripod)
    return terms


def hunting_terms(weapon: Weapon, size: Size, data: RmuData) -> list[Modifier]:
    """A hunting weapon's bonus against a Large or Huge target (RMU-HUNT-1)."""
    if weapon.hunting_class and size in (Size.LARGE, Size.HUGE):
        return [
            Modifier(
                value=data.rules.hunting[weapon.hunting_class],
                label=f"hunting class {weapon.hunting_class} vs a {size.value} target",
                rule="RMU-HUNT-1",
            )
        ]
    return []


def check_situational(names: Sequence[str], rules: RulesFigures) -> None:
    """Refuse a situational modifier the rules do not name (R-1), before any die."""
    for name in names:
        if name not in rules.situational:
            known = ", ".join(sorted(rules.situational))
            raise RuleRefusal("R-1", f"No situational modifier is called {name!r}; known: {known}.")


def situational_terms(who: str, names: Sequence[str], data: RmuData) -> list[Modifier]:
    """The situational modifier of each condition ``who`` is in (R-1)."""
    return [
        Modifier(
            value=data.rules.situational[name],
            label=f"{name.replace('-', ' ')} ({who})",
            rule="R-1",
        )
        for name in names
    ]


def shooter_armor_terms(armor: ArmorClass | None) -> list[Modifier]:
    """The missile penalty of the armor the shooter wears, on their own shooting (RMU-ARM-5)."""
    if armor is None or not armor.missile:
        return []
    return [
        Modifier(
            value=armor.missile,
            label=f"shooter's {armor.key} missile penalty",
            rule="RMU-ARM-5",
        )
    ]
