"""Magazines: what a gun is loaded with (RMU-AMMO-1, RMU-AMMO-2).

Ammunition is chosen per magazine: ball by default, or a magazine of armor piercing or
hollowpoint. A magazine holds one type; topping a part-spent magazine up with another type, or
loading two types at once, is refused, since the shots that follow must each know what they
are. The encounter keeps one :class:`Magazine` per gun and swaps it for the value these
functions return.

>>> from firefight.rulesets.rmu.catalog import RmuData
>>> data = RmuData()
>>> mag = load_magazine(data.weapon("glock-17"), {"hollowpoint": 17}, data)
>>> mag
Magazine(weapon='glock-17', ammo='hollowpoint', rounds=17, capacity=17)
>>> mag.spend(2).rounds
15
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.rulesets.rmu.catalog import RmuData, Weapon
from firefight.rulesets.rmu.protection import check_load
from firefight.wording import counted

__all__ = ["Magazine", "load_magazine", "top_up"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Magazine:
    """The rounds in one gun's magazine, all of one ammunition type (RMU-AMMO-1).

    Raises:
        RuleRefusal: (RMU-AMMO-1) fewer than 0 rounds, or more than the magazine holds.
    """

    weapon: str
    ammo: str
    rounds: int
    capacity: int

    def __post_init__(self) -> None:
        if not 0 <= self.rounds <= self.capacity:
            raise RuleRefusal(
                "RMU-AMMO-1",
                f"The {self.weapon} magazine holds 0 to {self.capacity} rounds, not {self.rounds}.",
            )

    def spend(self, rounds: int) -> Magazine:
        """The magazine after ``rounds`` are fired.

        Raises:
            RuleRefusal: (RMU-AMMO-1) more rounds than are left.
        """
        if not 0 <= rounds <= self.rounds:
            raise RuleRefusal(
                "RMU-AMMO-1",
                f"The {self.weapon} has {counted(self.rounds, f'{self.ammo} round')} left; "
                f"{rounds} cannot be fired.",
            )
        return Magazine(
            weapon=self.weapon, ammo=self.ammo, rounds=self.rounds - rounds, capacity=self.capacity
        )


def _check_load(weapon: Weapon, ammo: str, data: RmuData) -> None:
    check_load(weapon, data.ammunition(ammo), data)


def load_magazine(weapon: Weapon, rounds_by_ammo: Mapping[str, int], data: RmuData) -> Magazine:
    """A fresh magazine for ``weapon`` with the given rounds of one ammunition type.

    Raises:
        RuleRefusal: (RMU-AMMO-1) two or more types given rounds, none given, or more rounds
            than the magazine holds; (RMU-AMMO-2) armor piercing in a caliber that has none.
        UnknownNameError: an ammunition type that does not exist.
    """
    loaded = {name: count for name, count in rounds_by_ammo.items() if count}
    for name in rounds_by_ammo:
        data.ammunition(name)
    if len(loaded) > 1:
        kinds = " and ".join(sorted(loaded))
        raise RuleRefusal(
            "RMU-AMMO-1",
            f"A magazine holds one type of ammunition; {kinds} cannot share the {weapon.name}'s. "
            "Load a separate magazine for each.",
        )
    if not loaded:
        raise RuleRefusal("RMU-AMMO-1", f"Say which ammunition goes into the {weapon.name}.")
    ((ammo, rounds),) = loaded.items()
    _check_load(weapon, ammo, data)
    return Magazine(weapon=weapon.key, ammo=ammo, rounds=rounds, capacity=weapon.magazine)


def top_up(magazine: Magazine, ammo: str, rounds: int, data: RmuData) -> Magazine:
    """``magazine`` with ``rounds`` more of ``ammo`` pushed in.

    An empty magazine takes any type; one with rounds left takes only more of the same.

    Raises:
        RuleRefusal: (RMU-AMMO-1) a second type on top of rounds already there, or more rounds
            than fit; (RMU-AMMO-2) armor piercing in a caliber that has none.
    """
    data.ammunition(ammo)
    if magazine.rounds and ammo != magazine.ammo:
        raise RuleRefusal(
            "RMU-AMMO-1",
            f"The {magazine.weapon} magazine still holds {magazine.rounds} {magazine.ammo} "
            f"rounds; {ammo} cannot go in on top of them. Empty it or load another magazine.",
        )
    _check_load(data.weapon(magazine.weapon), ammo, data)
    return Magazine(
        weapon=magazine.weapon,
        ammo=ammo,
        rounds=magazine.rounds + rounds,
        capacity=magazine.capacity,
    )
