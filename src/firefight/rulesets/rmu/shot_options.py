"""The declaration of an rmu aimed shot as a person gives it: one field per option of
``rmu shoot``, ``odds rmu shoot`` and ``odds sweep rmu shoot`` (:mod:`firefight.declarations`).

The fields are flat, as they are typed; :meth:`ShotOptions.build` turns them into the
:class:`~firefight.rulesets.rmu.shot.AimedShot` the resolver reads (cover and body screens
parsed, the defender's figures gathered). Bounds here are the ones no rule figure gives:
structural limits (no negative distance, dots 0-5) and sanity limits on free figures, listed in
docs/rmu.md ("Limits"); what a rule refuses (4 AP, a range past the last band) the resolver
refuses, citing the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from firefight.declarations import DeclarationError, param
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.geometry import CoverGrade, Size
from firefight.limits import MAX_GM_MODS
from firefight.rulesets.rmu.bodies import Ally, BodyScreen, Bystander
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS, default_data
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.kindred_criticals import kindred_steps, kindred_torpor
from firefight.rulesets.rmu.shot import AimedShot
from firefight.scene.gm_mods import read_mod
from firefight.trace import Modifier
from firefight.wording import counted, either

__all__ = [
    "DefenderOptions",
    "ShotOptions",
    "ammo_help",
    "armor_columns",
    "defender_of",
    "kindred_help",
    "parse_mod",
    "parse_shielder",
    "weapon_keys",
]

#: The most people one command line may place between muzzle and target, and the most named
#: situations or GM modifiers on one shot.
MAX_LISTED = 12
#: The farthest a shot may be declared at; a weapon's last band refuses far sooner (RMU-GEN-4).
MAX_DISTANCE_FT = 100_000


def weapon_keys() -> Sequence[str]:
    return tuple(default_data().weapons)


def armor_columns() -> Sequence[str]:
    return (*NAKED_COLUMNS, *default_data().armor)


def ammo_keys() -> Sequence[str]:
    return tuple(default_data().ammo)


def situation_keys() -> Sequence[str]:
    return tuple(default_data().rules.situational)


def ba_classes() -> Sequence[str]:
    return tuple(default_data().armor)


def ammo_help() -> str:
    """``--ammo``'s help: the loads the data knows (RMU-AMMO-1)."""
    return f"{either(ammo_keys())}."


#: The grades a body screen may give, as ``--body-cover`` takes them (RULINGS P-2).
_BODY_GRADES = tuple(g.value for g in CoverGrade)


def _body_cover_help() -> str:
    return f"Cover the shielders give: {either(_BODY_GRADES)}."


def _armor_help() -> str:
    at, ba = NAKED_COLUMNS, ba_classes()
    return f"Target protection: '{at[0]}'..'{at[-1]}' or '{ba[0]}'..'{ba[-1]}'."


def _ap_help() -> str:
    low, high = default_data().rules.ranged_attack_ap
    return f"AP spent on the attack ({low}-{high})."


def _prepared_help() -> str:
    return f"A Prep shot: no recoil penalty, {default_data().rules.prepare_ap} AP more."


def kindred_help(who: str) -> str:
    """The help of an option that makes someone Kindred (RULINGS V-1)."""
    steps = counted(kindred_steps(True), "severity", "severities")
    return (
        f"{who} Kindred: a critical not from an aggravated source (fire, heat) reads {steps} "
        "lower, below A a row lower (V-1)."
    )


def _ranks_help() -> str:
    return (
        f"Skill ranks (each {default_data().rules.fumble_ranks_per_step} shrink the fumble range)."
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotOptions:
    """Every option of an aimed shot, as typed."""

    weapon: str = param(help="Weapon key (see `firefight weapons`).", choices=weapon_keys)
    ob: int = param(help="The shooter's OB with the weapon.", low=-999, high=999)
    distance: float = param(
        help="Distance to the target.", unit="ft", low=0, high=MAX_DISTANCE_FT, rule="RMU-GEN-4"
    )
    armor: str = param("AT 1", help=_armor_help, choices=armor_columns)
    naked: str = param(
        "AT 1", help="The target's naked AT under ballistic armor.", choices=NAKED_COLUMNS
    )
    armor_damage: int = param(
        0, help="Breakage total the armor has taken.", low=-999, high=0, rule="RMU-BRK-1"
    )
    armor_quality: int = param(
        0, help="The armor's quality bonus on breakage checks.", low=-100, high=100
    )
    armor_broken: bool = param(
        False, help="A breakage check broke the armor: it protects no more.", sweep=False
    )
    armor_untrained: bool = param(
        False, help="The target is untrained in the armor (worse maneuver penalty)."
    )
    ammo: str = param("ball", help=ammo_help, choices=ammo_keys)
    cover: str = param("none", help="GRADE:MATERIAL, e.g. half:hard; 'none' in the open.")
    body_cover: str = param(
        "none",
        help=_body_cover_help,
        choices=_BODY_GRADES,
    )
    shielder: tuple[str, ...] = param(
        (),
        help="Someone between muzzle and target, NAME[=ARMOR[:DAMAGE]] (repeatable); "
        "a miss flies into one of them.",
        high=MAX_LISTED,
        sweep=False,
    )
    ap: int = param(3, help=_ap_help, low=0, high=4, rule="RMU-GEN-1")
    ap_left: int = param(
        4, help="AP the shooter has left this round.", low=0, high=4, rule="RMU-GEN-1"
    )
    prepared: bool = param(False, help=_prepared_help)
    mounted: bool = param(False, help="The gun is on a tripod.")
    ranks: int = param(0, help=_ranks_help, low=0, high=200, rule="RMU-GEN-8")
    size: Size = param(Size.MEDIUM, help="Target size.")
    quickness_db: int = param(0, help="Target's Quickness DB.", low=-50, high=100)
    dodge: int = param(0, help="Target's Dodge DB (Fleetness).", low=0, high=200)
    celerity: int = param(
        0, help="Target's Celerity dots (Rapid Reflexes).", low=0, high=5, rule="RMU-DOD-3"
    )
    unconscious: bool = param(
        False,
        help="The target is unconscious or otherwise helpless: no Quickness DB, Dodge or "
        "Celerity share (P-9).",
    )
    kindred: bool = param(False, help=lambda: kindred_help("The target is"), rule="V-1")
    kindred_bystander: tuple[str, ...] = param(
        (),
        help="NAME, a --shielder or the --ally, is Kindred (repeatable; V-1).",
        high=MAX_LISTED + 1,
        sweep=False,
    )
    strength: int = param(
        0,
        help="The shooter's Strength bonus: the defense against an unbraced tripod gun's "
        "recoil (RMU-TRI-2).",
        low=-50,
        high=100,
        rule="RMU-TRI-2",
    )
    shooter_armor: str | None = param(
        None, help="The shooter's own BA class.", choices=ba_classes, sweep=False
    )
    ally: str | None = param(
        None,
        help="The shooter's nearest ally, NAME[=ARMOR[:DAMAGE]]@FEET from the muzzle: the one a "
        "fumble's stray round flies toward (DEC-105).",
        sweep=False,
    )
    situation: tuple[str, ...] = param(
        (),
        help="Named situational modifier (repeatable), e.g. prone-target.",
        choices=situation_keys,
        high=MAX_LISTED,
        sweep=False,
    )
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL (repeatable).", high=MAX_GM_MODS, sweep=False
    )

    def build(self) -> AimedShot:
        """The declaration the options describe (refusing a bad cover or screen as the rules
        do)."""
        self._refuse_armor_unworn()
        kindred = _kindred_names(self.kindred_bystander, self.shielder, self.ally)
        return AimedShot(
            weapon=self.weapon,
            ob=self.ob,
            distance_ft=self.distance,
            ranks=self.ranks,
            ap=self.ap,
            ap_available=self.ap_left,
            prepared=self.prepared,
            mounted=self.mounted,
            ammo=self.ammo,
            armor=self.armor,
            naked_column=self.naked,
            armor_damage=self.armor_damage,
            armor_quality=self.armor_quality,
            armor_broken=self.armor_broken,
            cover=parse_cover(self.cover),
            screen=_screen(self.body_cover, self.shielder, kindred),
            target_size=self.size,
            defender=defender_of(self, kindred=self.kindred),
            strength_bonus=self.strength,
            shooter_armor=self.shooter_armor,
            ally=parse_ally(self.ally, kindred),
            situational=self.situation,
            extra=tuple(parse_mod(m) for m in self.mod),
        )

    def _refuse_armor_unworn(self) -> None:
        """The figures of ballistic armor given for a target in none were read by nothing, so
        the roll was a bare target's, not the one asked about (DEC-875)."""
        if self.armor not in NAKED_COLUMNS:
            return
        given = [
            option
            for option, set_ in (
                ("--naked", self.naked != NAKED_COLUMNS[0]),
                ("--armor-damage", self.armor_damage != 0),
                ("--armor-quality", self.armor_quality != 0),
                ("--armor-broken", self.armor_broken),
            )
            if set_
        ]
        if given:
            ba = ba_classes()
            raise RuleRefusal(
                "RMU-ARM-1",
                f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} for ballistic "
                f"body armor, and the target wears none ({self.armor}): give --armor {ba[0]} "
                f"to {ba[-1]}.",
            )


class DefenderOptions(Protocol):
    """The defender's figures as ``rmu shoot`` and ``rmu defend`` declare them."""

    @property
    def quickness_db(self) -> int: ...
    @property
    def dodge(self) -> int: ...
    @property
    def celerity(self) -> int: ...
    @property
    def armor_untrained(self) -> bool: ...
    @property
    def unconscious(self) -> bool: ...


def defender_of(options: DefenderOptions, *, kindred: bool = False) -> Defender:
    """The :class:`~firefight.rulesets.rmu.defense.Defender` the options describe; their flags
    name what the defender lacks. A ``kindred`` defender's criticals read lower (V-1) and
    what they leave them in reads torpor and Final Death (V-2, DEC-852)."""
    return Defender(
        quickness_db=options.quickness_db,
        dodge_db=options.dodge,
        celerity=options.celerity,
        armor_trained=not options.armor_untrained,
        conscious=not options.unconscious,
        severity_steps=kindred_steps(kindred),
        kindred=kindred_torpor(kindred),
    )


def parse_mod(text: str) -> Modifier:
    """A GM's modifier ``VALUE:LABEL`` (``+10:bright muzzle flash``); it cites no rule
    (:func:`~firefight.scene.gm_mods.read_mod`, every ruleset's reading)."""
    return read_mod(text, example="+10:bright muzzle flash")


def parse_shielder(text: str) -> Bystander:
    """``NAME``, ``NAME=ARMOR`` or ``NAME=ARMOR:DAMAGE`` (e.g. ``Ana=BA II:-20``)."""
    name, _, rest = text.partition("=")
    armor, _, damage = rest.partition(":")
    example = "e.g. 'Ana=BA II:-20'"
    if not name.strip():
        raise DeclarationError(
            "--shielder", f"takes NAME[=ARMOR[:DAMAGE]], {example}, got {text!r}."
        )
    try:
        return Bystander(
            name=name.strip(),
            armor=armor.strip() or "AT 1",
            armor_damage=int(damage) if damage.strip() else 0,
        )
    except ValueError:
        raise DeclarationError(
            "--shielder", f"DAMAGE is a whole number, {example}, got {text!r}."
        ) from None


def parse_ally(text: str | None, kindred: frozenset[str] = frozenset()) -> Ally | None:
    """``NAME[=ARMOR[:DAMAGE]]@FEET``, e.g. ``Ana=BA II@25``; Kindred if ``kindred`` names
    them (V-1)."""
    if text is None:
        return None
    who, at, feet = text.rpartition("@")
    try:
        distance = float(feet)
    except ValueError:
        distance = -1.0
    if not at or not 0 <= distance <= MAX_DISTANCE_FT:
        raise DeclarationError(
            "--ally", f"takes NAME[=ARMOR[:DAMAGE]]@FEET, e.g. 'Ana=BA II@25', got {text!r}."
        )
    return Ally(who=_as_kindred(parse_shielder(who), kindred), distance_ft=distance)


def _as_kindred(person: Bystander, kindred: frozenset[str]) -> Bystander:
    """``person``, whose criticals read lower and whose fate reads as a Kindred's if
    ``kindred`` names them (V-1, V-2)."""
    if person.name not in kindred:
        return person
    steps, torpor = kindred_steps(True), kindred_torpor(True)
    return replace(person, defender=replace(person.defender, severity_steps=steps, kindred=torpor))


def _kindred_names(
    names: Sequence[str], shielders: Sequence[str], ally: str | None
) -> frozenset[str]:
    """The names ``--kindred-bystander`` gives, each a shielder's or the ally's."""
    known = {parse_shielder(t).name for t in shielders}
    if ally is not None:
        known.add(parse_shielder(ally.rpartition("@")[0]).name)
    found = frozenset(n.strip() for n in names)
    unknown = sorted(found - known)
    if unknown:
        raise DeclarationError(
            "--kindred-bystander",
            f"names {unknown[0]!r}, who is neither a --shielder nor the --ally.",
        )
    return found


def _screen(grade: str, shielders: Sequence[str], kindred: frozenset[str]) -> BodyScreen | None:
    people = tuple(_as_kindred(parse_shielder(t), kindred) for t in shielders)
    level = CoverGrade(grade.strip().lower())
    if level is CoverGrade.NONE and not people:
        return None
    return BodyScreen(grade=level, shielders=people)
