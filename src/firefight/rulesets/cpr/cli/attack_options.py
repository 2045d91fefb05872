"""The options that declare a cpr attack on one target, shared by ``cpr shoot`` / ``cpr
autofire`` and ``odds cpr shoot`` / ``odds cpr autofire``.

Each option is defined once here (flag, type and help; the commands give the defaults) and each
declaration is built once, by :func:`ranged_attack_from_options` and
:func:`autofire_from_options`; a command takes the options by listing the aliases and passes
them on by name (:data:`SHOOT_OPTION_NAMES`, :data:`AUTOFIRE_OPTION_NAMES`). The other ``cpr``
commands take their shared options (the target's armor and HP, the attacker's wounds,
``--mod``) from here too. Input syntax only: the rules are in the resolvers.
"""

from __future__ import annotations

import re
from typing import Annotated

import typer

from firefight.cli.common import fail
from firefight.rulesets.cpr.armor import sp_from_text
from firefight.rulesets.cpr.attack import RangedAttack, Shot
from firefight.rulesets.cpr.autofire import AutofireAttack
from firefight.rulesets.cpr.combatants import Aim, Dodge, Target
from firefight.rulesets.cpr.cover import Cover
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.wounds import Health, WoundState
from firefight.trace import Modifier

__all__ = [
    "AUTOFIRE_OPTION_NAMES",
    "SHOOT_OPTION_NAMES",
    "autofire_from_options",
    "parse_dodge",
    "parse_health",
    "parse_mod",
    "ranged_attack_from_options",
    "single_target",
]

# --- the options -----------------------------------------------------------------------------

WeaponOpt = Annotated[
    str, typer.Option("--weapon", help="Weapon (see `firefight weapons -r cpr`).")
]
RefOpt = Annotated[int, typer.Option("--ref", help="The attacker's REF.")]
ShootSkillOpt = Annotated[
    int, typer.Option("--skill", help="The weapon's skill (Handgun, Shoulder Arms...).")
]
AutofireSkillOpt = Annotated[int, typer.Option("--skill", help="The shooter's Autofire skill.")]
ShootDistanceOpt = Annotated[
    list[float],
    typer.Option(
        "--distance", help="Metres to the target; give it twice for a ROF 2 weapon's two shots."
    ),
]
AutofireDistanceOpt = Annotated[float, typer.Option("--distance", help="Metres to the target.")]
ArmorOpt = Annotated[
    str, typer.Option("--armor", help="Target's body SP: a number or an armor name.")
]
HeadArmorOpt = Annotated[
    str, typer.Option("--head-armor", help="Target's head SP (only aimed head shots meet it).")
]
AimOpt = Annotated[Aim | None, typer.Option("--aim", help="Aimed shot: head, held-item or leg.")]
ItemOpt = Annotated[str, typer.Option("--item", help="What the target holds (--aim held-item).")]
ShootAmmoOpt = Annotated[
    str, typer.Option("--ammo", help="basic, or shell for a shotgun (refused).")
]
LoadedOpt = Annotated[
    int | None, typer.Option("--loaded", help="Rounds in the magazine (default: full).")
]
HpOpt = Annotated[
    str | None, typer.Option("--hp", help="Target's HP/MAX, e.g. 30/35 (for wound states).")
]
DodgeOpt = Annotated[
    str | None,
    typer.Option("--dodge", help="The target dodges: REF/DEX/EVASION, e.g. 8/7/6 (REF 8+)."),
]
TargetInjuryOpt = Annotated[
    list[str] | None,
    typer.Option("--target-injury", help="A critical injury the target already has (repeat)."),
]
TargetNameOpt = Annotated[str, typer.Option("--target-name", help="The target's name.")]
ShooterOpt = Annotated[str, typer.Option("--shooter", help="The shooter's name.")]
WoundedOpt = Annotated[
    WoundState, typer.Option("--wounded", help="The attacker's wound state (C-9).")
]
InjuryOpt = Annotated[
    list[str] | None,
    typer.Option("--injury", help="A critical injury the attacker has (repeat)."),
]
ModOpt = Annotated[
    list[str] | None, typer.Option("--mod", help="Extra modifier VALUE:LABEL (repeatable).")
]
BehindOpt = Annotated[
    str | None,
    typer.Option(
        "--behind", help="Cover with HP in front of the target, e.g. 'concrete thick' (C-13)."
    ),
]
NamedOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--modifier",
        help="A named modifier (repeatable): smartgun-link, sniping-scope, excellent-quality, "
        "poor-quality, luck:N, armor:NAME (the shooter's armor penalty).",
    ),
]

#: The parameters of ``cpr shoot`` and ``odds cpr shoot`` that declare the attack.
SHOOT_OPTION_NAMES = (
    "weapon",
    "ref",
    "skill",
    "distance",
    "armor",
    "head_armor",
    "aim",
    "item",
    "ammo",
    "loaded",
    "hp",
    "dodge",
    "target_injury",
    "target_name",
    "shooter",
    "wounded",
    "injury",
    "mod",
    "modifier",
    "behind",
)

#: The parameters of ``cpr autofire`` and ``odds cpr autofire`` that declare the attack.
AUTOFIRE_OPTION_NAMES = (
    "weapon",
    "ref",
    "skill",
    "distance",
    "armor",
    "aim",
    "loaded",
    "hp",
    "dodge",
    "target_injury",
    "target_name",
    "shooter",
    "wounded",
    "injury",
    "mod",
)


# --- parsing ---------------------------------------------------------------------------------


def parse_mod(text: str) -> Modifier:
    """``VALUE:LABEL``, e.g. ``-2:smoke``."""
    value, _, label = text.partition(":")
    try:
        return Modifier(value=int(value), label=label.strip() or "GM modifier", rule=None)
    except ValueError:
        fail(f"error: --mod takes VALUE:LABEL, e.g. '-2:smoke', got {text!r}")


def parse_health(text: str, option: str) -> Health:
    """``HP/MAX``, e.g. ``30/35``."""
    match = re.fullmatch(r"\s*(-?\d+)\s*/\s*(\d+)\s*", text)
    if not match:
        fail(f"error: {option} takes HP/MAX, e.g. '30/35', got {text!r}")
    return Health(hp=int(match[1]), max_hp=int(match[2]))


def parse_dodge(text: str, option: str) -> Dodge:
    """``REF/DEX/EVASION``, e.g. ``8/7/6``."""
    parts = re.split(r"[/,]", text.replace(" ", ""))
    if len(parts) != 3 or not all(re.fullmatch(r"-?\d+", p) for p in parts):
        fail(f"error: {option} takes REF/DEX/EVASION, e.g. '8/7/6', got {text!r}")
    ref, dex, evasion = (int(p) for p in parts)
    return Dodge(ref=ref, dex=dex, evasion=evasion)


def single_target(
    *,
    name: str,
    armor: str,
    head_armor: str,
    hp: str | None,
    dodge: str | None,
    injuries: list[str] | None,
    data: CprData,
    behind: str | None = None,
) -> Target:
    """The one target the single-target options describe."""
    return Target(
        name=name,
        body_sp=sp_from_text(armor, data.armor),
        head_sp=sp_from_text(head_armor, data.armor),
        health=parse_health(hp, "--hp") if hp else None,
        dodge=parse_dodge(dodge, "--dodge") if dodge else None,
        injuries=tuple(injuries or ()),
        cover=Cover(name=behind, hp=data.cover.hp_of(behind)) if behind else None,
    )


# --- the declarations ------------------------------------------------------------------------


def ranged_attack_from_options(
    *,
    data: CprData,
    weapon: str,
    ref: int,
    skill: int,
    distance: list[float],
    armor: str = "0",
    head_armor: str = "0",
    aim: Aim | None = None,
    item: str = "held item",
    ammo: str = "basic",
    loaded: int | None = None,
    hp: str | None = None,
    dodge: str | None = None,
    target_injury: list[str] | None = None,
    target_name: str = "target",
    shooter: str = "shooter",
    wounded: WoundState = WoundState.UNHURT,
    injury: list[str] | None = None,
    mod: list[str] | None = None,
    modifier: list[str] | None = None,
    behind: str | None = None,
) -> RangedAttack:
    """The Attack Action ``cpr shoot`` declares: a shot per ``distance`` at one target."""
    target = single_target(
        name=target_name,
        armor=armor,
        head_armor=head_armor,
        hp=hp,
        dodge=dodge,
        injuries=target_injury,
        data=data,
        behind=behind,
    )
    named = data.modifiers.resolve(modifier or (), distance_m=distance[0] if distance else None)
    return RangedAttack(
        weapon=weapon,
        ref=ref,
        skill=skill,
        shots=tuple(Shot(distance_m=d, target=target, aim=aim, item=item) for d in distance),
        shooter=shooter,
        ammo=ammo,
        loaded=loaded,
        wound=wounded,
        injuries=tuple(injury or ()),
        extra=(*(parse_mod(m) for m in mod or ()), *named.on_roll()),
        jams_on=named.jams_on,
    )


def autofire_from_options(
    *,
    data: CprData,
    weapon: str,
    ref: int,
    skill: int,
    distance: float,
    armor: str = "0",
    aim: Aim | None = None,
    loaded: int | None = None,
    hp: str | None = None,
    dodge: str | None = None,
    target_injury: list[str] | None = None,
    target_name: str = "target",
    shooter: str = "shooter",
    wounded: WoundState = WoundState.UNHURT,
    injury: list[str] | None = None,
    mod: list[str] | None = None,
) -> AutofireAttack:
    """The autofire ``cpr autofire`` declares: 10 rounds at one target."""
    return AutofireAttack(
        weapon=weapon,
        ref=ref,
        skill=skill,
        distance_m=distance,
        target=single_target(
            name=target_name,
            armor=armor,
            head_armor="0",
            hp=hp,
            dodge=dodge,
            injuries=target_injury,
            data=data,
        ),
        shooter=shooter,
        loaded=loaded,
        aim=aim,
        wound=wounded,
        injuries=tuple(injury or ()),
        extra=tuple(parse_mod(m) for m in mod or ()),
    )
