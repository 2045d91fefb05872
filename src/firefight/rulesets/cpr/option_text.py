"""The text a cpr option is given in, read into the resolvers' figures: ``HP/MAX``,
``REF/DEX/EVASION``, ``X,Y``, ``Nd6``, ``VALUE:LABEL``, a target ``NAME:X,Y[:key=value...]`` or
a TOML file of targets.

Input syntax and its limits only (the rules are in the resolvers): a bad text is a
:class:`~firefight.declarations.DeclarationError` naming the option. The limits are sanity
limits where the rules give none (docs/decisions.md DEC-188); the bounds of the plain options
are on the declarations' fields (:mod:`firefight.rulesets.cpr.attack_options`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from firefight.declarations import DeclarationError
from firefight.rulesets.cpr.armor import sp_from_text
from firefight.rulesets.cpr.combatants import Aim, Dodge, Spot, Target
from firefight.rulesets.cpr.cover import Cover
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.rulesets.cpr.wounds import Health
from firefight.scene.gm_mods import read_mod
from firefight.trace import Modifier
from firefight.wording import either

__all__ = [
    "AIM_HELP",
    "MAX_COORDINATE_M",
    "MAX_DAMAGE_D6",
    "MAX_HP",
    "MAX_SP",
    "MAX_TARGETS",
    "SKILL_RANGE",
    "STAT_RANGE",
    "TARGET_HELP",
    "ammo_keys",
    "death_saves_help",
    "dodge_help",
    "fired_ammo_help",
    "injury_keys",
    "loaded_ammo_help",
    "parse_d6",
    "parse_dodge",
    "parse_health",
    "parse_mod",
    "parse_sp",
    "parse_spot",
    "parse_target",
    "single_target",
    "targets",
    "weapon_named",
]

#: A STAT (REF, DEX, BODY, TECH, WILL) and a skill level on the cpr scale (DEC-188).
STAT_RANGE = (0, 10)
SKILL_RANGE = (0, 10)
#: The most d6 a damage option may name: a rocket is 8d6; a GM's charge may be bigger, not
#: unboundedly so (DEC-188).
MAX_DAMAGE_D6 = 100
#: The most HP, and the most SP given as a number (DEC-188).
MAX_HP = 999
MAX_SP = 999
#: How far from the scene's origin a position may be, in metres (DEC-188).
MAX_COORDINATE_M = 100_000
#: The most targets one command line or file may hold.
MAX_TARGETS = 48

TARGET_HELP = (
    "A target as NAME:X,Y (metres) then optional :key=value fields and flags, e.g. "
    "'Ana:12,3:sp=11:hp=30/35:dodge=8/7/6'. Keys: sp (body SP or armor name), head (head SP), "
    "hp (HP/MAX), dodge (REF/DEX/EVASION), will, conc (Concentration), resist (Resist "
    "Torture/Drugs), behind (cover with HP, e.g. concrete-thick), injuries (a+b). Flags: "
    "hidden (the attacker cannot see them), cover (in cover), vehicle (not on foot), "
    "unconscious, shield, unaware (cannot see the attack). Repeat for each target."
)


@cache
def _catalog() -> CprData:
    return CprData()


def dodge_help() -> str:
    """``--dodge``'s help, with the REF a dodge needs (CPR-DOD-1) as the data gives it."""
    least = _catalog().figures.dodge_min_ref
    return f"The target dodges: REF/DEX/EVASION, e.g. 8/7/6 (REF {least}+)."


def death_saves_help() -> str:
    """``--saves``'s help, with what each save taken adds (C-12) as the data gives it."""
    return f"Death saves already taken ({_catalog().figures.death_save_per_save:+d} each)."


#: ``--aim``'s help: the places an aimed shot may be aimed at (CPR-AIM-1).
AIM_HELP = f"Aimed shot: {either([a.value for a in Aim])}."


def _rounds() -> str:
    """The rounds the catalog's firearms fire, in the data's order, but the shotgun's shells,
    which the helps name apart (C-7, C-14)."""
    catalog = _catalog()
    fired = {a for w in catalog.weapons.values() if w.kind is WeaponKind.FIREARM for a in w.ammo}
    return ", ".join(key for key in catalog.ammo if key in fired and key != "shell")


def fired_ammo_help() -> str:
    """``--ammo``'s help on a shot (C-14)."""
    return (
        f"The rounds fired (C-14): {_rounds()}; shell is refused (shells are `cpr shotgun-shells`)."
    )


def loaded_ammo_help() -> str:
    """``--ammo``'s help on a reload (C-14)."""
    return (
        f"Ammunition to load (C-14): {_rounds()}; shell for a shotgun; a grenade load for a "
        "launcher."
    )


def injury_keys() -> Sequence[str]:
    """The critical injuries an ``--injury`` or ``--target-injury`` may name (C-4)."""
    return tuple(_catalog().injuries.by_key())


def ammo_keys() -> Sequence[str]:
    return tuple(_catalog().ammo)


def weapon_named(name: str) -> object:
    """The weapon a ``--weapon`` names, by key, name or alias (C-10): the declarations' check
    that refuses an unknown one as every ruleset's option does."""
    return _catalog().weapon(name)


def _whole(text: str, option: str, low: int, high: int, what: str) -> int:
    if not re.fullmatch(r"\s*-?\d{1,9}\s*", text):
        raise DeclarationError(option, f"takes a whole number for {what}, got {text!r}.")
    value = int(text)
    if not low <= value <= high:
        raise DeclarationError(option, f"{what} {value} is not within {low} to {high}.")
    return value


def parse_mod(text: str) -> Modifier:
    """``VALUE:LABEL``, e.g. ``-2:smoke``, VALUE -999 to 999 (DEC-188;
    :func:`~firefight.scene.gm_mods.read_mod`, every ruleset's reading)."""
    return read_mod(text)


def parse_health(text: str, option: str) -> Health:
    """``HP/MAX``, e.g. ``30/35``."""
    match = re.fullmatch(r"\s*(-?\d{1,9})\s*/\s*(\d{1,9})\s*", text)
    if not match:
        raise DeclarationError(option, f"takes HP/MAX, e.g. '30/35', got {text!r}.")
    max_hp = _whole(match[2], option, 1, MAX_HP, "MAX")
    return Health(hp=_whole(match[1], option, -MAX_HP, MAX_HP, "HP"), max_hp=max_hp)


def parse_dodge(text: str, option: str) -> Dodge:
    """``REF/DEX/EVASION``, e.g. ``8/7/6``."""
    parts = re.split(r"[/,]", text.replace(" ", ""))
    if len(parts) != 3:
        raise DeclarationError(option, f"takes REF/DEX/EVASION, e.g. '8/7/6', got {text!r}.")
    return Dodge(
        ref=_whole(parts[0], option, *STAT_RANGE, "REF"),
        dex=_whole(parts[1], option, *STAT_RANGE, "DEX"),
        evasion=_whole(parts[2], option, *SKILL_RANGE, "EVASION"),
    )


def parse_spot(text: str, option: str) -> Spot:
    """``X,Y`` in metres, finite and within :data:`MAX_COORDINATE_M` of the origin."""
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise DeclarationError(option, f"takes X,Y in metres, e.g. '12,3', got {text!r}.") from None
    if not all(math.isfinite(v) and abs(v) <= MAX_COORDINATE_M for v in (x, y)):
        raise DeclarationError(
            option, f"takes finite X,Y within {MAX_COORDINATE_M:,} m, got {text!r}."
        )
    return Spot(x_m=x, y_m=y)


def parse_d6(text: str, option: str) -> int:
    """``Nd6`` with N at most :data:`MAX_DAMAGE_D6`, refused before anything is rolled."""
    match = re.fullmatch(r"\s*(\d{1,9})\s*d6\s*", text.lower())
    if not match:
        raise DeclarationError(option, f"takes damage dice as Nd6, e.g. '2d6', got {text!r}.")
    count = int(match[1])
    if count > MAX_DAMAGE_D6:
        raise DeclarationError(option, f"{count}d6 is more than {MAX_DAMAGE_D6}d6, the most.")
    return count


def parse_sp(text: str, option: str, data: CprData) -> int:
    """SP as a number (at most :data:`MAX_SP`) or an armor name."""
    if text.strip().isdigit():
        return _whole(text, option, 0, MAX_SP, "SP")
    return sp_from_text(text, data.armor)


def single_target(
    *,
    name: str,
    armor: str,
    head_armor: str,
    hp: str | None,
    dodge: str | None,
    injuries: Sequence[str],
    data: CprData,
    behind: str | None = None,
) -> Target:
    """The one target the single-target options describe."""
    return Target(
        name=name,
        body_sp=parse_sp(armor, "--armor", data),
        head_sp=parse_sp(head_armor, "--head-armor", data),
        health=parse_health(hp, "--hp") if hp else None,
        dodge=parse_dodge(dodge, "--dodge") if dodge else None,
        injuries=tuple(injuries),
        cover=Cover(name=behind, hp=data.cover.hp_of(behind)) if behind else None,
    )


_FLAGS = {
    "hidden": ("visible", False),
    "cover": ("in_cover", True),
    "vehicle": ("on_foot", False),
    "unconscious": ("conscious", False),
    "shield": ("shield", True),
    "unaware": ("sees_attack", False),
}
#: The whole-number fields of a target spec: (Target field, range).
_NUMBERS = {
    "will": ("will", STAT_RANGE),
    "conc": ("concentration", SKILL_RANGE),
    "resist": ("resist", SKILL_RANGE),
}


def parse_target(spec: str, data: CprData) -> Target:
    """A target from ``NAME:X,Y[:key=value|flag...]`` (see TARGET_HELP).

    >>> t = parse_target("Ana:12,3:sp=11:hp=30/35:dodge=8/7/6:cover", CprData())
    >>> t.name, t.position, t.body_sp, t.health.hp, t.dodge.ref, t.in_cover
    ('Ana', Spot(x_m=12.0, y_m=3.0), 11, 30, 8, True)
    """
    parts = spec.split(":")
    if len(parts) < 2 or not parts[0].strip():
        raise DeclarationError("--target", f"takes NAME:X,Y[:key=value...], got {spec!r}.")
    fields: dict[str, Any] = {
        "name": parts[0].strip(),
        "position": parse_spot(parts[1], "--target position"),
    }
    for item in parts[2:]:
        key, eq, value = (s.strip() for s in item.partition("="))
        if not eq:
            if key not in _FLAGS:
                raise DeclarationError(
                    "--target", f"unknown flag {key!r}; flags: {', '.join(_FLAGS)}."
                )
            name, setting = _FLAGS[key]
            fields[name] = setting
        elif key == "sp":
            fields["body_sp"] = parse_sp(value, "--target sp=", data)
        elif key == "head":
            fields["head_sp"] = parse_sp(value, "--target head=", data)
        elif key == "hp":
            fields["health"] = parse_health(value, "--target hp=")
        elif key == "dodge":
            fields["dodge"] = parse_dodge(value, "--target dodge=")
        elif key in _NUMBERS:
            name, (low, high) = _NUMBERS[key]
            fields[name] = _whole(value, f"--target {key}=", low, high, key)
        elif key == "injuries":
            fields["injuries"] = tuple(v for v in value.split("+") if v)
        elif key == "behind":
            fields["cover"] = Cover(name=value, hp=data.cover.hp_of(value))
        else:
            raise DeclarationError(
                "--target",
                f"unknown field {key!r}; fields: sp, head, hp, dodge, will, conc, resist, "
                "behind, injuries.",
            )
    return Target(**fields)


def targets(specs: Sequence[str], file: Path | None, data: CprData) -> tuple[Target, ...]:
    """The targets of ``--target`` options, then those of a ``--targets`` file."""
    found = [parse_target(s, data) for s in specs]
    if file is not None:
        # Its model loads pydantic: only when a command is given a file.
        from firefight.rulesets.cpr.targets_file import load_targets_file

        found.extend(load_targets_file(file, data))
    return tuple(found)
