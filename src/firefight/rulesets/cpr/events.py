"""Events the cpr resolvers return, for the encounter layer to fold into its state.

With :class:`~firefight.events.RoundsFired` from the core, these are everything a cpr
encounter needs to track: the Action spent, ammunition, HP, armor SP, wound states, critical
injuries, dropped and thrown items, and who must run for cover.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from firefight.events import Event
from firefight.frozen import quick_init

__all__ = [
    "ActionTaken",
    "ArmorAblated",
    "CloudFormed",
    "CoverDamaged",
    "CriticalInjuryInflicted",
    "DamageDealt",
    "DeathSaveRolled",
    "ItemDropped",
    "ItemThrown",
    "KnockedOut",
    "LoadTook",
    "LoadWoreOff",
    "MagazineReloaded",
    "MustTakeCover",
    "SetOnFire",
    "Stabilized",
    "WeaponJammed",
    "WoundStateChanged",
    "action_taken",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ActionTaken(Event):
    """The actor's Action for the turn went on this (an attack, a reload, a throw)."""

    actor: str
    action: str


# A fight's shots repeat (the same shooter's Action): the frozen event is built once per
# values (a bounded cache; its rounds by firefight.events.rounds_fired).
@lru_cache(maxsize=256)
def action_taken(actor: str, action: str) -> ActionTaken:
    """``actor``'s Action went on ``action``."""
    return ActionTaken(actor=actor, action=action)


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class DamageDealt(Event):
    """A hit's damage against one location (CPR-DMG-1, C-3).

    ``hp_lost`` is what got through the SP, multiplied for an aimed head shot; the critical
    bonus is carried by :class:`CriticalInjuryInflicted`.
    """

    target: str
    location: str
    damage: int
    sp: int
    through: int
    hp_lost: int


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ArmorAblated(Event):
    """Damage got through, so the location's SP drops (C-3)."""

    target: str
    location: str
    sp_before: int
    sp_after: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalInjuryInflicted(Event):
    """A critical injury and its bonus damage straight to HP (C-4, CPR-AIM-1 for a leg).

    ``injury`` is None when the target already suffers every injury on the table; the bonus
    damage still lands. ``roll`` is None when the injury was not rolled (an aimed leg shot).
    """

    target: str
    table: str
    roll: int | None
    injury: str | None
    bonus_damage: int
    cause: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemDropped(Event):
    """An aimed shot at a held item got damage through: the target drops it (CPR-AIM-1)."""

    target: str
    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemThrown(Event):
    """A thrown weapon or object left the thrower's hand (CPR-THR-1)."""

    actor: str
    item: str


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class WoundStateChanged(Event):
    """HP crossed a wound-state threshold (C-9)."""

    target: str
    hp_before: int
    hp_after: int
    before: str
    after: str


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class MagazineReloaded(Event):
    """The magazine reloaded with one ammunition kind (CPR-AMMO-1).

    ``rounds`` is what it holds afterwards: full, unless fewer rounds were at hand.
    ``removed`` rounds of ``removed_ammo`` came out first when they were another kind.
    """

    actor: str
    weapon: str
    ammo: str
    rounds: int
    removed: int
    removed_ammo: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class MustTakeCover(Event):
    """Suppressive fire broke the target's nerve: their next Move goes to reaching cover (C-6)
    from the fire of ``by`` (DEC-669; None in logs written before it was kept)."""

    target: str
    by: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DeathSaveRolled(Event):
    """A mortally wounded character's death save (C-12): ``total`` is the d10 with its
    penalties; ``saved`` is whether it came in under ``body`` (a natural 10 never does).
    A failed save is death."""

    target: str
    faces: tuple[int, ...]
    total: int
    body: int
    saved: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Stabilized(Event):
    """A First Aid or Paramedic check stabilized a mortally wounded character: no more death
    saves, and the penalty from earlier saves is gone (C-12)."""

    target: str
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverDamaged(Event):
    """An attack hit cover instead of the person behind it (C-13): ``holder`` names who holds
    it (a shield), None for a barrier in the scene. At 0 HP it is destroyed."""

    cover: str
    holder: str | None
    hp_before: int
    hp_after: int
    damage: int


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockedOut(Event):
    """Less-lethal rounds or a sleep load put the target out (C-14)."""

    target: str
    cause: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LoadTook(Event):
    """A grenade load's effect took hold of the target for ``turns`` turns (C-14): the load's
    lasting injuries stand on them, or the sleep it brought, until it wears off."""

    target: str
    load: str
    turns: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LoadWoreOff(Event):
    """A grenade load's effect on the target ran out (C-14)."""

    target: str
    load: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CloudFormed(Event):
    """A smoke or teargas load filled its square, centred at (``x_m``, ``y_m``), for ``turns``
    turns (C-8, C-14)."""

    load: str
    x_m: float
    y_m: float
    side_m: float
    turns: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SetOnFire(Event):
    """Incendiary rounds set the target burning: ``hp_per_turn`` at each turn's end until an
    Action puts it out (C-14)."""

    target: str
    hp_per_turn: int
    cause: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponJammed(Event):
    """A poor quality weapon jammed on a natural 1: it fires no more until an Action clears it
    (CPR-REF-1, the modifier catalog's poor-quality)."""

    actor: str
    weapon: str
