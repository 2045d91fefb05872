"""What an rmu combatant carries in an encounter: the gun named for an action, the magazines
for it, and what a malfunction has left on it (RULINGS R-6, RMU-RF-13).

Both the aimed shot (:mod:`.encounter`) and the firearm actions (:mod:`.encounter_fire`) pick
their gun and refuse a jammed or broken one here, so the two say the same thing.

>>> from firefight.scene.state import CombatantState, MagazineState, WeaponState
>>> from firefight.geometry import Point
>>> mag = MagazineState(rounds=12, capacity=17, ammo="ball")
>>> mara = CombatantState(name="Mara", position=Point(x_ft=0, y_ft=0),
...                       weapons=(WeaponState(name="glock", kind="glock-17", loaded=mag),))
>>> loaded_rounds(ready_weapon(mara, None))
(12, 'ball')
>>> ready_weapon(mara, "rifle")
Traceback (most recent call last):
...
firefight.errors.RuleRefusal: R-6: Mara carries no weapon called 'rifle'; they carry glock.
"""

from __future__ import annotations

from collections.abc import Sequence

from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import replace
from firefight.rulesets.rmu.fire_state import GunTrouble
from firefight.rulesets.rmu.firearm_events import (
    PreparationWasted,
    RapidFireFired,
    RapidFirePrepared,
    SuppressionSwept,
    WeaponMalfunctioned,
)
from firefight.rulesets.rmu.rapid_fire import GunState
from firefight.rulesets.rmu.vitals import RmuStats, rmu_stats
from firefight.scene.state import CombatantState, WeaponState

__all__ = [
    "check_gun_fires",
    "gun_state",
    "loaded_rounds",
    "named_as_in_scene",
    "ready_weapon",
    "spare_for",
    "trouble_in_hand",
]


def ready_weapon(c: CombatantState, name: str | None) -> WeaponState:
    """The weapon called ``name`` (the one in hand for None); R-6 refuses one not carried."""
    weapon = c.weapon(name)
    # Asked at every shot and every option a tactic weighs: the refusal's lookup only when the
    # weapon is not there.
    return weapon if weapon is not None else c.weapon_carried(name, "R-6")


def spare_for(c: CombatantState, weapon: WeaponState, ammo: str | None) -> int:
    """The spare to load (:meth:`WeaponState.spare_with_rounds`); none left is refused."""
    spare = weapon.spare_with_rounds(ammo)
    if spare is not None:
        return spare
    kind = f" of {ammo}" if ammo else ""
    raise RuleRefusal(
        "R-6", f"{c.name} has no loaded spare magazine{kind} for the {weapon.name} left to load."
    )


def loaded_rounds(weapon: WeaponState) -> tuple[int, str]:
    """Rounds in the loaded magazine and their ammunition (none loaded: 0 of ball)."""
    mag = weapon.loaded
    return (mag.rounds, mag.ammo) if mag is not None else (0, "ball")


def gun_state(c: CombatantState, weapon: WeaponState) -> GunState:
    """What a malfunction still leaves on the gun, as the resolvers read it (RMU-RF-13)."""
    trouble = rmu_stats(c).fire.trouble(weapon.name)
    if trouble is None:
        return GunState()
    return GunState(
        jammed=trouble.jammed, semi_only=trouble.semi_only, half_effect=trouble.half_effect
    )


def check_gun_fires(c: CombatantState, weapon: WeaponState, stats: RmuStats | None = None) -> None:
    """Refuse a gun a malfunction left broken or jammed, before any die (RMU-RF-13); ``stats``:
    ``c``'s figures, when the caller has them."""
    trouble = (rmu_stats(c) if stats is None else stats).fire.trouble(weapon.name)
    if trouble is None or not trouble.holds_fire:
        return
    if trouble.broken:
        raise RuleRefusal(
            trouble.rule,
            f"{c.name}'s {weapon.name} is broken ({trouble.label}) and fires no more until "
            "repaired.",
        )
    raise RuleRefusal(
        trouble.rule,
        f"{c.name}'s {weapon.name} is jammed ({trouble.label}): clearing it takes "
        f"{trouble.jam_clear_ap} AP first ('{c.name} clears {weapon.name}').",
    )


def trouble_in_hand(c: CombatantState) -> GunTrouble | None:
    """What a malfunction left on the gun in hand (the one a shot or a clear names by
    default), if anything (RMU-RF-13)."""
    fire = rmu_stats(c).fire
    # Asked at every turn of a simulated fight (the tactic): no gun troubled at most of them.
    if not fire.guns or not c.weapons:
        return None
    return fire.trouble(c.weapons[0].name)


#: The events that name the gun they were fired from.
_NAMING_A_GUN = (
    RoundsFired,
    RapidFirePrepared,
    PreparationWasted,
    RapidFireFired,
    SuppressionSwept,
    WeaponMalfunctioned,
)


def named_as_in_scene(events: Sequence[Event], actor: str, weapon: WeaponState) -> list[Event]:
    """The resolvers name guns by catalog key; the encounter names them as the scene does."""
    out: list[Event] = []
    for e in events:
        if isinstance(e, _NAMING_A_GUN) and e.actor == actor and e.weapon == weapon.kind:
            out.append(replace(e, weapon=weapon.name))
        else:
            out.append(e)
    return out
