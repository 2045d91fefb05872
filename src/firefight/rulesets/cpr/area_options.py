"""The declarations of the cpr attacks on an area as a person gives them: suppressive fire,
shotgun shells and explosives, each at a ``--target`` list (or a ``--targets`` file) — one field
per option of ``cpr suppress``, ``cpr shotgun-shells`` and ``cpr explode``
(:mod:`firefight.declarations`). Each ``build(data)`` makes the resolver's declaration; the
shared groups of options are those of :mod:`firefight.rulesets.cpr.attack_options`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from firefight.declarations import DeclarationError, param
from firefight.rulesets.cpr.attack_options import (
    ActorFields,
    AreaFields,
    FiringFields,
    GunFields,
)
from firefight.rulesets.cpr.combatants import Aim
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.explosives import Explosion
from firefight.rulesets.cpr.option_text import (
    AIM_HELP,
    SKILL_RANGE,
    STAT_RANGE,
    ammo_keys,
    parse_d6,
    parse_spot,
    targets,
    weapon_named,
)
from firefight.rulesets.cpr.scene import distance_m
from firefight.rulesets.cpr.shotgun import ShotgunShells
from firefight.rulesets.cpr.suppression import SuppressiveFire
from firefight.rulesets.cpr.weapons import WeaponKind

__all__ = ["ExplodeOptions", "ShotgunShellsOptions", "SuppressOptions"]


@dataclass(frozen=True, kw_only=True)
class _AreaFire(ActorFields, AreaFields, GunFields):
    """A gun fired at an area: what its declarations share."""

    def shared(self, data: CprData) -> dict[str, Any]:
        """The declaration's fields every area attack takes alike (the magazine checked)."""
        self.check_loaded(data)
        return {
            "targets": targets(self.target, self.targets, data),
            "position": parse_spot(self.origin, "--from"),
            "loaded": self.loaded,
            "wound": self.wounded,
            "injuries": self.injury,
        }


@dataclass(frozen=True, kw_only=True)
class _GunFire(FiringFields, _AreaFire):
    """A check fired with the gun at an area (suppressive fire, a shell): it takes the named
    modifiers and jams as a shot does (CPR-REF-1)."""

    def fired_fields(self, data: CprData) -> dict[str, Any]:
        """:meth:`shared`, with every modifier on the check and the jam face. No distance:
        the sniping scope's 51 m is nobody's at suppressive fire's 25 m or a shell's 6 m."""
        extra, chosen = self.fired(data)
        return {**self.shared(data), "extra": extra, "jams_on": chosen.jams_on}


@dataclass(frozen=True, kw_only=True)
class SuppressOptions(_GunFire):
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
        return SuppressiveFire(
            weapon=self.weapon,
            ref=self.ref,
            skill=self.skill,
            shooter=self.shooter,
            **self.fired_fields(data),
        )


@dataclass(frozen=True, kw_only=True)
class ShotgunShellsOptions(_GunFire):
    """A shotgun shell: one attack vs DV 13 at everyone visible in the 6 m x 6 m block ahead.

    Dice order: each dodging target's d10 in the area (in the order given),
    the shooter's d10, the 3d6 once if anyone is hit,
    then any critical injury 2d6 per target hit.
    """

    weapon: str = param("shotgun", help="The shotgun.", known=weapon_named)
    skill: int = param(
        help="The shooter's Shoulder Arms skill.", low=SKILL_RANGE[0], high=SKILL_RANGE[1]
    )
    toward: str | None = param(
        None, help="X,Y the shooter faces (default: the first target's position).", sweep=False
    )
    aim: Aim | None = param(None, help=AIM_HELP)

    def title(self) -> str:
        return "cpr shotgun shells"

    def build(self, data: CprData) -> ShotgunShells:
        return ShotgunShells(
            ref=self.ref,
            skill=self.skill,
            toward=parse_spot(self.toward, "--toward") if self.toward else None,
            weapon=self.weapon,
            aim=self.aim,
            shooter=self.shooter,
            **self.fired_fields(data),
        )


@dataclass(frozen=True, kw_only=True)
class ExplodeOptions(FiringFields, _AreaFire):
    """An explosive: everyone in the 10 m square around the point takes one damage roll.

    Fired from a launcher it needs --ref and --skill; thrown grenades use `throw`.
    Dice order: each dodging target's d10 in the square, the shooter's d10 (not with --placed),
    the damage d6s if anyone is caught, then any critical injury 2d6 per target caught.
    """

    weapon: str = param(
        help="grenade launcher, rocket launcher, or grenade (with --placed).", known=weapon_named
    )
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
        if self.placed and self.modifier:
            raise DeclarationError(
                "--modifier", "weighs on the attack roll, and a placed charge rolls none."
            )
        aim_point = parse_spot(self.at, "--at")
        # The launcher's check is fired as a shot is: the named modifiers, the scope read at
        # the distance to the aim point, and a poor launcher's jam (CPR-REF-1).
        extra, chosen = self.fired(data, distance_m(parse_spot(self.origin, "--from"), aim_point))
        return Explosion(
            weapon=self.weapon,
            aim_point=aim_point,
            stat=self.ref,
            skill=self.skill,
            placed=self.placed,
            attacker=self.shooter,
            ammo=self.ammo,
            damage_d6=parse_d6(self.damage, "--damage") if self.damage else None,
            extra=extra,
            jams_on=chosen.jams_on,
            **self.shared(data),
        )
