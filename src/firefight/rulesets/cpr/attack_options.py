"""The declarations of a cpr attack on one target as a person gives them: one field per option
of ``cpr shoot`` / ``cpr autofire`` (and ``odds cpr shoot`` / ``odds cpr autofire``, which take
the same ones), ``cpr throw`` and ``cpr damage`` (:mod:`firefight.declarations`).

The fields are flat, as they are typed; each ``build(data)`` turns them into the declaration the
resolver reads. The option groups every command shares (the attacker's wounds, the gun, the
target) are base classes here and in :mod:`firefight.rulesets.cpr.area_options`. Bounds here
are structural (no negative distance or count) and sanity limits where the rules give none
(DEC-188, docs/cpr.md "Limits"); what a rule refuses (out of range, too few rounds) the
resolver refuses, citing the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from firefight.declarations import DeclarationError, param
from firefight.errors import RuleRefusal
from firefight.limits import MAX_GM_MODS
from firefight.rulesets.cpr.attack import RangedAttack, Shot
from firefight.rulesets.cpr.autofire import AutofireAttack
from firefight.rulesets.cpr.combatants import Aim, Target
from firefight.rulesets.cpr.damage_roll import DamageRoll
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.explosives import Explosion, check_not_aimed
from firefight.rulesets.cpr.modifiers import Chosen
from firefight.rulesets.cpr.option_text import (
    AIM_HELP,
    MAX_COORDINATE_M,
    MAX_TARGETS,
    SKILL_RANGE,
    STAT_RANGE,
    TARGET_HELP,
    ammo_keys,
    dodge_help,
    fired_ammo_help,
    injury_keys,
    parse_d6,
    parse_mod,
    parse_spot,
    single_target,
    targets,
    weapon_named,
)
from firefight.rulesets.cpr.throwing import IMPROVISED, Throw
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.rulesets.cpr.wounds import WoundState
from firefight.trace import Modifier

__all__ = [
    "MAX_DISTANCE_M",
    "MAX_LISTED",
    "MAX_ROUNDS",
    "ActorFields",
    "AreaFields",
    "AutofireOptions",
    "DamageOptions",
    "FiringFields",
    "GunFields",
    "ShootOptions",
    "ThrowOptions",
]

#: The farthest an attack may be declared at, in metres; the range table refuses past 800 m
#: (CPR-RNG-1), so this only keeps absurd figures out.
MAX_DISTANCE_M = MAX_COORDINATE_M
#: The most injuries, modifiers or GM modifiers one option may list.
MAX_LISTED = 12
#: The most rounds a magazine count may name (the largest magazine holds 40).
MAX_ROUNDS = 10_000

_STAT_LOW, _STAT_HIGH = STAT_RANGE
_SKILL_LOW, _SKILL_HIGH = SKILL_RANGE


@dataclass(frozen=True, kw_only=True)
class ActorFields:
    """What every check takes from the one acting: wounds, injuries, a GM's modifiers."""

    wounded: WoundState = param(WoundState.UNHURT, help="The attacker's wound state (C-9).")
    injury: tuple[str, ...] = param(
        (),
        help="A critical injury the attacker has (repeat).",
        choices=injury_keys,
        high=MAX_LISTED,
        sweep=False,
    )
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL (repeatable).", high=MAX_GM_MODS, sweep=False
    )

    def extra(self) -> tuple[Modifier, ...]:
        return tuple(parse_mod(m) for m in self.mod)


@dataclass(frozen=True, kw_only=True)
class FiringFields(ActorFields):
    """A check made with a weapon, fired (a shot, a burst, suppressive fire, a shell, a
    launcher's explosive) or thrown: besides the actor's, the named modifiers standing on it
    or spent, as an encounter's line takes them (CPR-REF-1)."""

    modifier: tuple[str, ...] = param(
        (),
        help="A named modifier (repeatable): smartgun-link, sniping-scope, excellent-quality, "
        "poor-quality, luck:N, armor:NAME (the shooter's armor penalty).",
        high=MAX_LISTED,
        sweep=False,
    )

    def fired(
        self, data: CprData, distance_m: float | None = None, *, thrown: bool = False
    ) -> tuple[tuple[Modifier, ...], Chosen]:
        """Every modifier on the check (the GM's, then the armor penalty and the named ones)
        and what the names chose besides: the jam face (none for a weapon ``thrown``,
        DEC-681), a link for smart rounds. An unknown name is refused (CPR-REF-1);
        ``distance_m`` decides the sniping scope."""
        chosen = data.modifiers.resolve(self.modifier, distance_m=distance_m, thrown=thrown)
        return (*self.extra(), *chosen.on_roll()), chosen


@dataclass(frozen=True, kw_only=True)
class GunFields:
    """A firearm's attack: REF + skill, the shooter and the rounds in the gun."""

    weapon: str = param(help="Weapon (see `firefight weapons -r cpr`).", known=weapon_named)
    ref: int = param(help="The attacker's REF.", low=_STAT_LOW, high=_STAT_HIGH)
    skill: int = param(help="The weapon's skill.", low=_SKILL_LOW, high=_SKILL_HIGH)
    loaded: int | None = param(
        None,
        help="Rounds in the magazine (default: full).",
        low=0,
        high=MAX_ROUNDS,
        rule="CPR-AMMO-1",
    )
    shooter: str = param("shooter", help="The shooter's name.", sweep=False)

    def check_loaded(self, data: CprData) -> None:
        """A count of rounds only for a gun with a magazine (CPR-AMMO-1)."""
        gun = data.weapon(self.weapon)
        if self.loaded is not None and gun.magazine is None:
            raise RuleRefusal(
                "CPR-AMMO-1", f"A {gun.name} has no magazine, so it has no rounds to count."
            )


@dataclass(frozen=True, kw_only=True)
class _Struck:
    """The one target an attack strikes."""

    armor: str = param("0", help="Target's body SP: a number or an armor name.")
    hp: str | None = param(None, help="Target's HP/MAX, e.g. 30/35 (for wound states).")
    target_injury: tuple[str, ...] = param(
        (),
        help="A critical injury the target already has (repeat).",
        choices=injury_keys,
        high=MAX_LISTED,
        sweep=False,
    )
    target_name: str = param("target", help="The target's name.", sweep=False)


@dataclass(frozen=True, kw_only=True)
class _Dodging:
    dodge: str | None = param(None, help=dodge_help)


@dataclass(frozen=True, kw_only=True)
class _Aimed:
    """Where a blow or shot is aimed, and the head's armor an aimed head shot meets."""

    aim: Aim | None = param(None, help=AIM_HELP)
    item: str = param("held item", help="What the target holds (--aim held-item).", sweep=False)
    head_armor: str = param("0", help="Target's head SP (only aimed head shots meet it).")


@dataclass(frozen=True, kw_only=True)
class AreaFields:
    """Everyone an area attack may catch, and where it comes from."""

    target: tuple[str, ...] = param((), help=TARGET_HELP, high=MAX_TARGETS, sweep=False)
    targets: Path | None = param(
        None, help="A TOML file of [[target]] tables (docs/cpr.md).", sweep=False
    )
    origin: str = param(
        "0,0", flag="from", help="Where the attacker stands, X,Y in metres.", sweep=False
    )


def _target(
    struck: _Struck,
    data: CprData,
    *,
    head_armor: str = "0",
    dodge: str | None = None,
    behind: str | None = None,
) -> Target:
    return single_target(
        name=struck.target_name,
        armor=struck.armor,
        head_armor=head_armor,
        hp=struck.hp,
        dodge=dodge,
        injuries=struck.target_injury,
        data=data,
        behind=behind,
    )


@dataclass(frozen=True, kw_only=True)
class ShootOptions(FiringFields, _Aimed, _Dodging, _Struck, GunFields):
    """One Attack Action: a single shot, two with a ROF 2 weapon, or one aimed shot.

    Dice order per shot: the target's dodge d10 (with --dodge), the shooter's d10,
    then on a hit the damage d6s and any critical injury 2d6.
    A d10 that shows 10 or 1 takes one more d10 right after it.
    """

    skill: int = param(
        help="The weapon's skill (Handgun, Shoulder Arms...).", low=_SKILL_LOW, high=_SKILL_HIGH
    )
    distance: tuple[float, ...] = param(
        help="Metres to the target; give it twice for a ROF 2 weapon's two shots.",
        unit="m",
        low=0,
        high=MAX_DISTANCE_M,
        rule="CPR-RNG-1",
    )
    ammo: str = param(
        "basic",
        help=fired_ammo_help,
        choices=ammo_keys,
    )
    behind: str | None = param(
        None,
        help="Cover with HP in front of the target, e.g. 'concrete thick' (C-13).",
        sweep=False,
    )

    def title(self) -> str:
        return f"cpr {'aimed shot' if self.aim else 'attack'}: {self.weapon}"

    def build(self, data: CprData) -> RangedAttack:
        """The Attack Action ``cpr shoot`` declares: a shot per ``distance``."""
        self.check_loaded(data)
        target = _target(
            self, data, head_armor=self.head_armor, dodge=self.dodge, behind=self.behind
        )
        extra, named = self.fired(data, self.distance[0])
        return RangedAttack(
            weapon=self.weapon,
            ref=self.ref,
            skill=self.skill,
            shots=tuple(
                Shot(distance_m=d, target=target, aim=self.aim, item=self.item)
                for d in self.distance
            ),
            shooter=self.shooter,
            ammo=self.ammo,
            loaded=self.loaded,
            wound=self.wounded,
            injuries=self.injury,
            extra=extra,
            jams_on=named.jams_on,
            guided=named.guided,
        )


@dataclass(frozen=True, kw_only=True)
class AutofireOptions(FiringFields, _Dodging, _Struck, GunFields):
    """Autofire: 10 rounds at one target, 2d6 times how far the roll won, capped by the weapon.

    Dice order: the target's dodge d10 (with --dodge), the shooter's d10,
    then on a hit the 2d6 and any critical injury 2d6.
    """

    skill: int = param(help="The shooter's Autofire skill.", low=_SKILL_LOW, high=_SKILL_HIGH)
    distance: float = param(
        help="Metres to the target.", unit="m", low=0, high=MAX_DISTANCE_M, rule="CPR-RNG-1"
    )
    aim: Aim | None = param(None, help=AIM_HELP)

    def title(self) -> str:
        return f"cpr autofire: {self.weapon}"

    def build(self, data: CprData) -> AutofireAttack:
        """The autofire ``cpr autofire`` declares."""
        self.check_loaded(data)
        extra, named = self.fired(data, self.distance)
        return AutofireAttack(
            weapon=self.weapon,
            ref=self.ref,
            skill=self.skill,
            distance_m=self.distance,
            target=_target(self, data, dodge=self.dodge),
            shooter=self.shooter,
            loaded=self.loaded,
            aim=self.aim,
            wound=self.wounded,
            injuries=self.injury,
            extra=extra,
            jams_on=named.jams_on,
        )


def _thrown_named(name: str) -> object:
    """What ``throw --weapon`` names: a catalog weapon, or an improvised object (CPR-THR-1)."""
    return None if name == IMPROVISED else weapon_named(name)


@dataclass(frozen=True, kw_only=True)
class ThrowOptions(FiringFields, AreaFields, _Aimed, _Dodging, _Struck):
    """Throw: DEX + Athletics + d10 against the grenade launcher's DV, up to 25 m.

    A knife or a bottle hits one target (--distance and the target options).
    A grenade goes off in the 10 m square at --at, among the --target list.
    Dice order as for `shoot` (one target) or `explode` (a grenade).
    """

    weapon: str = param(
        help="A melee weapon (knife...), grenade, or improvised (with --damage).",
        known=_thrown_named,
    )
    dex: int = param(help="The thrower's DEX.", low=_STAT_LOW, high=_STAT_HIGH)
    athletics: int = param(help="The thrower's Athletics skill.", low=_SKILL_LOW, high=_SKILL_HIGH)
    distance: float | None = param(
        None,
        help="Metres to the target (not for a grenade).",
        unit="m",
        low=0,
        high=MAX_DISTANCE_M,
        rule="CPR-THR-1",
    )
    at: str | None = param(None, help="Grenade: X,Y it is thrown at.", sweep=False)
    damage: str | None = param(
        None, help="Improvised object's damage, e.g. 1d6 (a weapon does its own)."
    )
    item_name: str | None = param(
        None, help="What the improvised object is (a bottle).", sweep=False
    )
    thrower: str = param("thrower", help="The thrower's name.", sweep=False)
    ammo: str | None = param(
        None,
        help="Grenade: its load (basic, flashbang, smoke...); default basic.",
        choices=ammo_keys,
    )

    def title(self) -> str:
        return f"cpr throw: {self.weapon}"

    def is_grenade(self, data: CprData) -> bool:
        return self.weapon != IMPROVISED and data.weapon(self.weapon).kind is WeaponKind.GRENADE

    def build(self, data: CprData) -> Throw | Explosion:
        if self.is_grenade(data):
            return self._grenade(data)
        if self.distance is None:
            raise DeclarationError("--distance", "is needed: the metres to the target.")
        if self.at is not None:
            raise DeclarationError("--at", "is for a grenade; give --distance to the target.")
        if self.ammo is not None:
            raise DeclarationError("--ammo", "is a grenade's load; a thrown weapon has none.")
        return Throw(
            item=self.weapon,
            dex=self.dex,
            athletics=self.athletics,
            distance_m=self.distance,
            target=_target(self, data, head_armor=self.head_armor, dodge=self.dodge),
            thrower=self.thrower,
            item_name=self.item_name,
            damage_d6=parse_d6(self.damage, "--damage") if self.damage else None,
            aim=self.aim,
            held_item=self.item,
            wound=self.wounded,
            injuries=self.injury,
            extra=self.fired(data, thrown=True)[0],
        )

    def _grenade(self, data: CprData) -> Explosion:
        if self.at is None:
            raise DeclarationError("--at", "is needed for a grenade: X,Y where it is thrown.")
        check_not_aimed(self.aim)
        return Explosion(
            weapon=self.weapon,
            aim_point=parse_spot(self.at, "--at"),
            targets=targets(self.target, self.targets, data),
            position=parse_spot(self.origin, "--from"),
            stat=self.dex,
            skill=self.athletics,
            attacker=self.thrower,
            ammo=self.ammo or "basic",
            wound=self.wounded,
            injuries=self.injury,
            extra=self.fired(data, thrown=True)[0],
        )


@dataclass(frozen=True, kw_only=True)
class DamageOptions(_Aimed, _Struck):
    """Damage for a hit decided at the table (a melee blow): armor, criticals, wound state.

    Dice order: the damage d6s, then any critical injury 2d6.
    """

    weapon: str | None = param(
        None, help="The weapon that hit (melee halves SP).", known=weapon_named
    )
    damage: str | None = param(None, help="Damage dice instead of the weapon's, e.g. 3d6.")
    thrown: bool = param(False, help="The melee weapon was thrown: full SP.", sweep=False)
    attacker: str = param("attacker", help="The attacker's name.", sweep=False)

    def title(self) -> str:
        return f"cpr damage: {self.weapon or self.damage}"

    def build(self, data: CprData) -> DamageRoll:
        if self.thrown:
            weapon = data.weapon(self.weapon) if self.weapon else None
            if weapon is None or not weapon.halves_sp:
                raise RuleRefusal(
                    "CPR-THR-1",
                    "Throwing changes only how a melee weapon meets armor; "
                    f"{weapon.name if weapon else 'bare damage dice'} is not one.",
                )
        return DamageRoll(
            target=_target(self, data, head_armor=self.head_armor),
            weapon=self.weapon,
            damage_d6=parse_d6(self.damage, "--damage") if self.damage else None,
            aim=self.aim,
            held_item=self.item,
            thrown=self.thrown,
            attacker=self.attacker,
        )
