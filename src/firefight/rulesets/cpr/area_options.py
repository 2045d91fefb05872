"""The declarations of the other cpr actions as a person gives them: suppressive fire, shotgun
shells and explosives (an area and the ``--target`` list), reloading, death saves and
stabilizing — one field per option of ``cpr suppress``, ``cpr shotgun-shells``, ``cpr
explode``, ``cpr reload``, ``cpr death-save`` and ``cpr stabilize``
(:mod:`firefight.declarations`). Each ``build(data)`` makes the resolver's declaration; the
shared groups of options are those of :mod:`firefight.rulesets.cpr.attack_options`.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.declarations import DeclarationError, param
from firefight.rulesets.cpr.attack_options import (
    MAX_LISTED,
    MAX_ROUNDS,
    _Actor,
    _Area,
    _Gun,
)
from firefight.rulesets.cpr.combatants import Aim
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.death import DeathSave, Stabilize
from firefight.rulesets.cpr.explosives import Explosion
from firefight.rulesets.cpr.option_text import (
    SKILL_RANGE,
    STAT_RANGE,
    ammo_keys,
    injury_keys,
    parse_d6,
    parse_spot,
    targets,
)
from firefight.rulesets.cpr.reload import Reload
from firefight.rulesets.cpr.shotgun import ShotgunShells
from firefight.rulesets.cpr.suppression import SuppressiveFire
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.rulesets.cpr.wounds import WoundState

__all__ = [
    "DeathSaveOptions",
    "ExplodeOptions",
    "ReloadOptions",
    "ShotgunShellsOptions",
    "StabilizeOptions",
    "SuppressOptions",
]

#: The most death saves a character may have taken already: far past any BODY.
MAX_SAVES = 100


@dataclass(frozen=True, kw_only=True)
class SuppressOptions(_Actor, _Area, _Gun):
    """Suppressive fire: 10 rounds, no damage; who fails WILL + Concentration runs for cover.

    Targets need will= and conc=.
    Dice order: the shooter's d10, then each affected target's d10 in the order given.
    """

    skill: int = param(
        help="The shooter's Autofire skill.", low=SKILL_RANGE[0], high=SKILL_RANGE[1]
    )

    def title(self) -> str:
        return f"cpr suppressive fire: {self.weapon}"

    def build(self, data: CprData) -> SuppressiveFire:
        self.check_loaded(data)
        return SuppressiveFire(
            weapon=self.weapon,
            ref=self.ref,
            skill=self.skill,
            targets=targets(self.target, self.targets, data),
            position=parse_spot(self.origin, "--from"),
            shooter=self.shooter,
            loaded=self.loaded,
            wound=self.wounded,
            injuries=self.injury,
            extra=self.extra(),
        )


@dataclass(frozen=True, kw_only=True)
class ShotgunShellsOptions(_Actor, _Area, _Gun):
    """A shotgun shell: one attack vs DV 13 at everyone visible in the 6 m x 6 m block in
    front.

    Dice order: each dodging target's d10 in the area (in the order given),
    the shooter's d10, the 3d6 once if anyone is hit,
    then any critical injury 2d6 per target hit.
    """

    weapon: str = param("shotgun", help="The shotgun.")
    skill: int = param(
        help="The shooter's Shoulder Arms skill.", low=SKILL_RANGE[0], high=SKILL_RANGE[1]
    )
    toward: str | None = param(
        None, help="X,Y the shooter faces (default: the first target's position).", sweep=False
    )
    aim: Aim | None = param(None, help="Aimed shot: head, held-item or leg.")

    def title(self) -> str:
        return "cpr shotgun shells"

    def build(self, data: CprData) -> ShotgunShells:
        self.check_loaded(data)
        return ShotgunShells(
            ref=self.ref,
            skill=self.skill,
            targets=targets(self.target, self.targets, data),
            position=parse_spot(self.origin, "--from"),
            toward=parse_spot(self.toward, "--toward") if self.toward else None,
            weapon=self.weapon,
            aim=self.aim,
            shooter=self.shooter,
            loaded=self.loaded,
            wound=self.wounded,
            injuries=self.injury,
            extra=self.extra(),
        )


@dataclass(frozen=True, kw_only=True)
class ExplodeOptions(_Actor, _Area, _Gun):
    """An explosive: everyone in the 10 m square around the point takes one damage roll.

    Fired from a launcher it needs --ref and --skill; thrown grenades use `throw`.
    Dice order: each dodging target's d10 in the square, the shooter's d10 (not with --placed),
    the damage d6s if anyone is caught, then any critical injury 2d6 per target caught.
    """

    weapon: str = param(help="grenade launcher, rocket launcher, or grenade (with --placed).")
    at: str = param(help="X,Y in metres where it is aimed or goes off.", sweep=False)
    ref: int = param(
        0, help="The shooter's REF (launchers).", low=STAT_RANGE[0], high=STAT_RANGE[1]
    )
    skill: int = param(
        0, help="The shooter's Heavy Weapons skill.", low=SKILL_RANGE[0], high=SKILL_RANGE[1]
    )
    placed: bool = param(
        False, help="No attack roll: it is already where it goes off.", sweep=False
    )
    damage: str | None = param(None, help="Override the damage dice, e.g. 4d6 (a GM's charge).")
    ammo: str = param(
        "basic",
        help="The load: basic, armor-piercing, poison, biotoxin, flashbang...",
        choices=ammo_keys,
    )

    def title(self) -> str:
        return f"cpr explosive: {self.weapon}"

    def build(self, data: CprData) -> Explosion:
        if not self.placed and data.weapon(self.weapon).kind is WeaponKind.GRENADE:
            raise DeclarationError(
                "--weapon",
                "a thrown grenade is DEX + Athletics: use `firefight cpr throw --weapon grenade`.",
            )
        self.check_loaded(data)
        return Explosion(
            weapon=self.weapon,
            aim_point=parse_spot(self.at, "--at"),
            targets=targets(self.target, self.targets, data),
            position=parse_spot(self.origin, "--from"),
            stat=self.ref,
            skill=self.skill,
            placed=self.placed,
            attacker=self.shooter,
            loaded=self.loaded,
            ammo=self.ammo,
            damage_d6=parse_d6(self.damage, "--damage") if self.damage else None,
            wound=self.wounded,
            injuries=self.injury,
            extra=self.extra(),
        )


@dataclass(frozen=True, kw_only=True)
class ReloadOptions:
    """Reload: an Action that fills the magazine with one kind of ammunition."""

    weapon: str = param(help="Weapon (see `firefight weapons -r cpr`).")
    ammo: str = param(
        "basic", help="Ammunition to load: basic, or shell (shotgun).", choices=ammo_keys
    )
    loaded: int = param(
        0, help="Rounds in the magazine now.", low=0, high=MAX_ROUNDS, rule="CPR-AMMO-1"
    )
    loaded_ammo: str | None = param(
        None, help="Kind of the rounds in it now (default: same as --ammo).", choices=ammo_keys
    )
    actor: str = param("shooter", help="Who reloads.", sweep=False)

    def title(self) -> str:
        return f"cpr reload: {self.weapon}"

    def build(self, data: CprData) -> Reload:
        return Reload(
            weapon=self.weapon,
            ammo=self.ammo,
            loaded=self.loaded,
            loaded_ammo=self.loaded_ammo,
            actor=self.actor,
        )


@dataclass(frozen=True, kw_only=True)
class DeathSaveOptions:
    """A mortally wounded character's death save (C-12): d10 + saves taken + injuries' death
    save penalties must come in under BODY; a natural 10 always fails. One d10."""

    body: int = param(help="The character's BODY.", low=STAT_RANGE[0], high=STAT_RANGE[1])
    saves: int = param(0, help="Death saves already taken (+1 each).", low=0, high=MAX_SAVES)
    injury: tuple[str, ...] = param(
        (),
        help="A critical injury the character has (repeat).",
        choices=injury_keys,
        high=MAX_LISTED,
        sweep=False,
    )
    name: str = param("target", help="Who is dying.", sweep=False)

    def title(self) -> str:
        return "cpr death save"

    def build(self, data: CprData) -> DeathSave:
        return DeathSave(
            name=self.name, body=self.body, saves_made=self.saves, injuries=self.injury
        )


@dataclass(frozen=True, kw_only=True)
class StabilizeOptions(_Actor):
    """Stabilizing a mortally wounded character (C-12): TECH + First Aid or Paramedic + d10
    against DV 13; success ends the death saves. One d10 (a 10 or 1 takes one more)."""

    tech: int = param(help="The medic's TECH.", low=STAT_RANGE[0], high=STAT_RANGE[1])
    skill: int = param(
        help="The medic's First Aid or Paramedic.", low=SKILL_RANGE[0], high=SKILL_RANGE[1]
    )
    medic: str = param("medic", help="Who works on the patient.", sweep=False)
    patient: str = param("patient", help="Who is dying.", sweep=False)
    patient_state: WoundState = param(
        WoundState.MORTAL, help="The patient's wound state (only the mortal are helped)."
    )

    def title(self) -> str:
        return "cpr stabilize"

    def build(self, data: CprData) -> Stabilize:
        return Stabilize(
            medic=self.medic,
            patient=self.patient,
            patient_state=self.patient_state,
            tech=self.tech,
            skill=self.skill,
            wound=self.wounded,
            injuries=self.injury,
            extra=self.extra(),
        )
