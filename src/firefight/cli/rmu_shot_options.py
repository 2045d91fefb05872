"""The options that declare an rmu aimed shot, shared by ``rmu shoot`` and ``odds rmu shoot``.

Each option is defined once here (name, type, help and default) and the declaration is built
once, by :func:`aimed_shot_from_options`; a command takes the options by listing the aliases
and passes them on by name. ``odds sweep rmu shoot`` reads the same names and help texts, each
option taking a list of values.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from firefight.cli.common import fail
from firefight.geometry import CoverGrade, Size
from firefight.rulesets.rmu.bodies import Ally, BodyScreen, Bystander
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.shot import AimedShot
from firefight.trace import Modifier

__all__ = ["SHOT_OPTION_HELP", "SHOT_OPTION_NAMES", "aimed_shot_from_options"]

SHOT_OPTION_HELP: dict[str, str] = {
    "weapon": "Weapon key (see `firefight weapons`).",
    "ob": "The shooter's OB with the weapon.",
    "distance": "Distance to the target in feet.",
    "armor": "Target protection: 'AT 1'..'AT 10' or 'BA I'..'BA IV'.",
    "naked": "The target's naked AT under ballistic armor.",
    "armor_damage": "Breakage total the armor has taken (<= 0).",
    "armor_quality": "The armor's quality bonus on breakage checks.",
    "armor_broken": "A breakage check broke the armor: it protects no more.",
    "armor_untrained": "The target is untrained in the armor (worse maneuver penalty).",
    "ammo": "ball, hollowpoint or armor-piercing.",
    "cover": "GRADE:MATERIAL, e.g. half:hard; 'none' in the open.",
    "body_cover": "Cover the shielders give: none, partial, half or full.",
    "shielder": "Someone between muzzle and target, NAME[=ARMOR[:DAMAGE]] (repeatable); "
    "a miss flies into one of them.",
    "ap": "AP spent on the attack (1-3).",
    "ap_left": "AP the shooter has left this round.",
    "prepared": "A Prep shot: no recoil penalty, 1 AP more.",
    "mounted": "The gun is on a tripod.",
    "ranks": "Skill ranks (each 5 shrink the fumble range).",
    "size": "Target size.",
    "quickness_db": "Target's Quickness DB.",
    "dodge": "Target's Dodge DB (Fleetness).",
    "celerity": "Target's Celerity dots (Rapid Reflexes).",
    "unconscious": "The target is unconscious or otherwise helpless: no Quickness DB, Dodge or "
    "Celerity share (P-9).",
    "strength": "The shooter's Strength bonus: the defense against an unbraced tripod gun's "
    "recoil (RMU-TRI-2).",
    "shooter_armor": "The shooter's own BA class.",
    "ally": "The shooter's nearest ally, NAME[=ARMOR[:DAMAGE]]@FEET from the muzzle: where a "
    "fumble's 66 sends a round.",
    "situation": "Named situational modifier (repeatable), e.g. prone-target.",
    "mod": "Extra modifier VALUE:LABEL (repeatable).",
}

SHOT_OPTION_NAMES = tuple(SHOT_OPTION_HELP)


def _opt(name: str) -> Any:
    # typer.Option is typed Any; it returns the OptionInfo typer reads from Annotated.
    return typer.Option(help=SHOT_OPTION_HELP[name])


WeaponOpt = Annotated[str, _opt("weapon")]
ObOpt = Annotated[int, _opt("ob")]
DistanceOpt = Annotated[float, _opt("distance")]
ArmorOpt = Annotated[str, _opt("armor")]
NakedOpt = Annotated[str, _opt("naked")]
ArmorDamageOpt = Annotated[int, _opt("armor_damage")]
ArmorQualityOpt = Annotated[int, _opt("armor_quality")]
ArmorBrokenOpt = Annotated[bool, _opt("armor_broken")]
ArmorUntrainedOpt = Annotated[bool, _opt("armor_untrained")]
AmmoOpt = Annotated[str, _opt("ammo")]
CoverOpt = Annotated[str, _opt("cover")]
BodyCoverOpt = Annotated[str, _opt("body_cover")]
ShielderOpt = Annotated[list[str] | None, _opt("shielder")]
ApOpt = Annotated[int, _opt("ap")]
ApLeftOpt = Annotated[int, _opt("ap_left")]
PreparedOpt = Annotated[bool, _opt("prepared")]
MountedOpt = Annotated[bool, _opt("mounted")]
RanksOpt = Annotated[int, _opt("ranks")]
SizeOpt = Annotated[Size, _opt("size")]
QuicknessOpt = Annotated[int, _opt("quickness_db")]
DodgeOpt = Annotated[int, _opt("dodge")]
CelerityOpt = Annotated[int, _opt("celerity")]
UnconsciousOpt = Annotated[bool, _opt("unconscious")]
StrengthOpt = Annotated[int, _opt("strength")]
ShooterArmorOpt = Annotated[str | None, _opt("shooter_armor")]
AllyOpt = Annotated[str | None, _opt("ally")]
SituationOpt = Annotated[list[str] | None, _opt("situation")]
ModOpt = Annotated[list[str] | None, _opt("mod")]


def parse_mod(text: str) -> Modifier:
    value, _, label = text.partition(":")
    try:
        return Modifier(value=int(value), label=label.strip() or "GM modifier", rule=None)
    except ValueError:
        fail(f"error: --mod takes VALUE:LABEL, e.g. '+10:bright muzzle flash', got {text!r}")


def parse_shielder(text: str) -> Bystander:
    """``NAME``, ``NAME=ARMOR`` or ``NAME=ARMOR:DAMAGE`` (e.g. ``Ana=BA II:-20``)."""
    name, _, rest = text.partition("=")
    armor, _, damage = rest.partition(":")
    if not name.strip():
        fail(f"error: --shielder takes NAME[=ARMOR[:DAMAGE]], e.g. 'Ana=BA II:-20', got {text!r}")
    try:
        return Bystander(
            name=name.strip(),
            armor=armor.strip() or "AT 1",
            armor_damage=int(damage) if damage.strip() else 0,
        )
    except ValueError:
        fail(f"error: --shielder DAMAGE is a whole number, e.g. 'Ana=BA II:-20', got {text!r}")


def parse_ally(text: str | None) -> Ally | None:
    """``NAME[=ARMOR[:DAMAGE]]@FEET``, e.g. ``Ana=BA II@25``."""
    if text is None:
        return None
    who, at, feet = text.rpartition("@")
    try:
        distance = float(feet)
    except ValueError:
        distance = -1.0
    if not at or distance < 0:
        fail(f"error: --ally takes NAME[=ARMOR[:DAMAGE]]@FEET, e.g. 'Ana=BA II@25', got {text!r}")
    return Ally(who=parse_shielder(who), distance_ft=distance)


def parse_screen(grade: str, shielders: list[str] | None) -> BodyScreen | None:
    people = tuple(parse_shielder(t) for t in shielders or ())
    try:
        level = CoverGrade(grade.strip().lower())
    except ValueError:
        fail(f"error: --body-cover is none, partial, half or full, got {grade!r}")
    if level is CoverGrade.NONE and not people:
        return None
    return BodyScreen(grade=level, shielders=people)


def aimed_shot_from_options(
    *,
    weapon: str,
    ob: int,
    distance: float,
    armor: str = "AT 1",
    naked: str = "AT 1",
    armor_damage: int = 0,
    armor_quality: int = 0,
    armor_broken: bool = False,
    armor_untrained: bool = False,
    ammo: str = "ball",
    cover: str = "none",
    body_cover: str = "none",
    shielder: list[str] | None = None,
    ap: int = 3,
    ap_left: int = 4,
    prepared: bool = False,
    mounted: bool = False,
    ranks: int = 0,
    size: Size = Size.MEDIUM,
    quickness_db: int = 0,
    dodge: int = 0,
    celerity: int = 0,
    unconscious: bool = False,
    strength: int = 0,
    shooter_armor: str | None = None,
    ally: str | None = None,
    situation: list[str] | None = None,
    mod: list[str] | None = None,
) -> AimedShot:
    """The declaration the options describe (refusing a bad cover or screen as the rules do)."""
    return AimedShot(
        weapon=weapon,
        ob=ob,
        distance_ft=distance,
        ranks=ranks,
        ap=ap,
        ap_available=ap_left,
        prepared=prepared,
        mounted=mounted,
        ammo=ammo,
        armor=armor,
        naked_column=naked,
        armor_damage=armor_damage,
        armor_quality=armor_quality,
        armor_broken=armor_broken,
        cover=parse_cover(cover),
        screen=parse_screen(body_cover, shielder),
        target_size=size,
        defender=Defender(
            quickness_db=quickness_db,
            dodge_db=dodge,
            celerity=celerity,
            armor_trained=not armor_untrained,
            conscious=not unconscious,
        ),
        strength_bonus=strength,
        shooter_armor=shooter_armor,
        ally=parse_ally(ally),
        situational=tuple(situation or ()),
        extra=tuple(parse_mod(m) for m in mod or ()),
    )
