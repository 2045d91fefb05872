"""The melee weapons an rmu combatant carries, when the scenario lists them (DEC-826..DEC-828).

A scenario's ``melee = ["knife", "stake"]`` keeps the list in
:attr:`~firefight.rulesets.rmu.vitals.RmuStats.melee`: a blow, a stake or a beheading with a
weapon not in it is refused before any die (DEC-826), a line naming no weapon takes the first
listed that fits (DEC-827), and a stake driven home stays in the body, a broken one is gone,
and a stake pulled out is in the puller's hand (DEC-828; the two events here say so in the
log). A combatant without a list (None) strikes with whatever is declared, as before. Fangs and
bare hands are no weapon to carry: a bite and a grapple are never refused here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import overload

from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace
from firefight.rulesets.rmu.melee.catalog import MeleeWeapon, melee_catalog, melee_weapon
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.scene.state import CombatantState

__all__ = [
    "CARRIED_RULE",
    "MeleeWeaponLeft",
    "MeleeWeaponTaken",
    "check_melee_carried",
    "default_weapon",
    "describe_carried_event",
    "drop_melee",
    "example_weapon",
    "melee_carried",
    "melee_text",
    "stake_left",
    "swung",
    "take_melee",
]

#: docs/decisions.md: the list and its refusal; the weapon a line naming none takes; what a
#: stake driven home, broken or pulled out does to the list.
CARRIED_RULE = "DEC-826"
_DEFAULT_RULE = "DEC-827"
_LEFT_RULE = "DEC-828"


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeWeaponLeft(Event):
    """A carried ``weapon`` out of ``actor``'s hand: driven home into ``target``, or broken
    there (``broke``) (DEC-828)."""

    actor: str
    weapon: str
    target: str
    broke: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeWeaponTaken(Event):
    """A stake pulled from ``target``, now in ``actor``'s hand (DEC-828)."""

    actor: str
    weapon: str
    target: str


def melee_carried(c: CombatantState) -> tuple[str, ...] | None:
    """The catalog keys ``c`` carries, in the scenario's order; None when nobody lists them."""
    return rmu_stats(c).melee


def _listed(carried: tuple[str, ...]) -> str:
    return ", ".join(carried) or "no melee weapon"


def check_melee_carried(c: CombatantState, weapon: MeleeWeapon) -> None:
    """Refuse a blow, a stake or a beheading with a ``weapon`` ``c``'s list lacks."""
    carried = melee_carried(c)
    if carried is None or weapon.natural or weapon.key in carried:
        return
    raise RuleRefusal(
        CARRIED_RULE,
        f"{c.name} carries no {weapon.name.lower()}; they carry: {_listed(carried)}.",
    )


def swung(weapon: MeleeWeapon) -> bool:
    """A weapon a blow strikes with: not shot, not fangs or bare hands."""
    return not (weapon.ranged or weapon.natural)


def example_weapon(c: CombatantState) -> str:
    """The weapon a refusal's example blow names: the first ``c`` carries that is swung, else
    (no list, or none swung in it) the catalog's first -- a fixed "with knife" was offered to
    a combatant whose list held no knife, and refused when tried (DEC-826)."""
    carried = melee_carried(c) or ()
    listed = [melee_weapon(key) for key in carried]
    return next(w.key for w in (*listed, *melee_catalog().values()) if swung(w))


@overload
def default_weapon(
    c: CombatantState, fits: Callable[[MeleeWeapon], bool], what: str, fallback: str
) -> str: ...
@overload
def default_weapon(
    c: CombatantState, fits: Callable[[MeleeWeapon], bool], what: str, fallback: None
) -> str | None: ...
def default_weapon(
    c: CombatantState, fits: Callable[[MeleeWeapon], bool], what: str, fallback: str | None
) -> str | None:
    """The weapon a line naming none takes: with a list, the first listed that ``fits``
    (refused, saying ``what`` it was for, when none does); without, ``fallback``."""
    carried = melee_carried(c)
    if carried is None:
        return fallback
    for key in carried:
        if fits(melee_weapon(key)):
            return key
    raise RuleRefusal(
        _DEFAULT_RULE, f"{c.name} carries nothing to {what} with; they carry: {_listed(carried)}."
    )


def stake_left(
    c: CombatantState, weapon: str, target: str, *, broke: bool = False
) -> tuple[Event, ...]:
    """The event of a stake ``c`` drove by hand staying in ``target`` (or breaking there), when
    ``c``'s list holds it; nothing otherwise (a bolt is shot, the crossbow stays in hand)."""
    carried = melee_carried(c)
    key = melee_weapon(weapon).key
    if carried is None or key not in carried or melee_weapon(key).ranged:
        return ()
    return (MeleeWeaponLeft(actor=c.name, weapon=key, target=target, broke=broke),)


def drop_melee(c: CombatantState, weapon: str) -> CombatantState:
    """``c`` with one ``weapon`` fewer in their list."""
    stats = rmu_stats(c)
    carried = list(stats.melee or ())
    carried.remove(weapon)
    return replace(c, stats=replace(stats, melee=tuple(carried)))


def take_melee(c: CombatantState, weapon: str) -> CombatantState:
    """``c`` with ``weapon`` added at the end of their list."""
    stats = rmu_stats(c)
    return replace(c, stats=replace(stats, melee=(*(stats.melee or ()), weapon)))


def melee_text(c: CombatantState) -> str | None:
    """What ``c`` carries, as the state table shows it: ``knife, stake``; None when unlisted."""
    carried = melee_carried(c)
    return None if carried is None else _listed(carried)


def describe_carried_event(event: Event) -> str | None:
    if isinstance(event, MeleeWeaponLeft):
        name = melee_weapon(event.weapon).name.lower()
        if event.broke:
            return f"{event.actor}'s {name} breaks on {event.target} [{_LEFT_RULE}]."
        return f"{event.actor}'s {name} stays in {event.target} [{_LEFT_RULE}]."
    if isinstance(event, MeleeWeaponTaken):
        name = melee_weapon(event.weapon).name.lower()
        return f"{event.actor} holds the {name} pulled from {event.target} [{_LEFT_RULE}]."
    return None
