"""What a weapon has loaded, checked before anything is rolled (CPR-AMMO-1, C-5, C-6).

A magazine holds one ammunition kind. A declaration that does not say how many rounds are
loaded means a full magazine; an encounter passes the count it tracks.
"""

from __future__ import annotations

from firefight.errors import RuleRefusal
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.weapons import Weapon
from firefight.wording import counted

__all__ = ["check_ammo", "check_rounds"]


def check_ammo(weapon: Weapon, ammo: str, data: CprData) -> None:
    """Refuse an ammunition kind the weapon's magazine (or a grenade's load, C-14) is not."""
    kind = data.ammunition(ammo)
    if not weapon.ammo:
        return
    if kind.key not in weapon.ammo:
        takes = ", ".join(data.ammo[k].name for k in weapon.ammo)
        what = "magazine takes" if weapon.magazine is not None else "comes as"
        raise RuleRefusal("CPR-AMMO-1", f"A {weapon.name} {what} {takes}, not {kind.name}.")


def check_rounds(
    weapon: Weapon, loaded: int | None, need: int, *, what: str, rule: str = "CPR-AMMO-1"
) -> int | None:
    """The rounds in the magazine, refusing when fewer than ``need`` are loaded.

    Returns None for a weapon with no magazine (bows, melee weapons, grenades).
    """
    if weapon.magazine is None:
        return None
    rounds = weapon.magazine if loaded is None else loaded
    if rounds < 0:
        raise RuleRefusal("CPR-AMMO-1", f"A magazine cannot hold {rounds!r} rounds.")
    if rounds > weapon.magazine:
        raise RuleRefusal(
            "CPR-AMMO-1",
            f"A {weapon.name} magazine holds {counted(weapon.magazine, 'round')}, not {rounds}.",
        )
    if rounds < need:
        raise RuleRefusal(
            rule,
            f"{what.capitalize()} needs {counted(need, 'round')} loaded; the "
            f"{weapon.name} has {rounds}. Reloading takes an Action.",
        )
    return rounds
