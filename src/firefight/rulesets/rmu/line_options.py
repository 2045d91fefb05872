"""What each rmu action-line option means, declared (:mod:`firefight.declarations`) for a form's
hints: the web table's action form shows each one's help on hover, and its choices where the
data lists them (DEC-775, as DEC-773 did for gurps and cpr). The parsers (``encounter_actions``,
``fire_actions``, ``encounter_explosives``, the Kindred and melee modules) read the values off
the line; this says only what they are, one declaration per verb, since ``--ap`` or ``--with``
means something else on each. Places and distances are in feet, as the scenario writes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, get_args

from firefight.declarations import param
from firefight.rulesets.rmu.bite import BITE_WEAPON
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.fire_actions import FireLevel
from firefight.rulesets.rmu.firearm_data import firearm_figures
from firefight.rulesets.rmu.kindred_rules import kindred_figures
from firefight.rulesets.rmu.kindred_stakes import BEHEAD_WEAPON, STAKE_WEAPON
from firefight.rulesets.rmu.melee.options import melee_keys, modifier_keys
from firefight.rulesets.rmu.shot_options import ammo_keys, situation_keys

__all__ = ["LINE_DECLARATIONS"]


def _ap(text: str) -> Any:
    return param(None, help=text, line=True)


def _sweep_extra_help() -> str:
    base = firearm_figures().suppression.base_rounds
    return f"Rounds spent past the {base} a sweep takes, for volume (RMU-SUP-2)."


def _enclosed_help() -> str:
    bonus = explosive_data().flash_bang.enclosed
    return f"It lands in a closed room: a flash-bang's {bonus:+d}, an MK3A2's wider blast."


def _stake_at() -> str:
    return kindred_figures().stake_location.value


def _behead_at() -> str:
    return kindred_figures().behead_location.value


def _mod() -> Any:
    return param(
        (),
        help="A GM's modifier VALUE:LABEL, e.g. -10:slick floor (any number of them).",
        line=True,
        gm=True,
    )


def _gun() -> Any:
    return param(
        None,
        flag="with",
        help="Their gun, by its name in the scenario (default: in hand).",
        line=True,
    )


def _shot_situation() -> Any:
    return param(
        (),
        help="A Table 9-5 condition by name, e.g. prone-target (R-1; any number).",
        choices=situation_keys,
        line=True,
    )


def _melee_situation() -> Any:
    return param(
        (),
        help="A Table 9-5 melee condition by name, e.g. higher-ground (R-1, DEC-340; any "
        "number); a prone or stunned foe, flank and rear are read off the scene.",
        choices=modifier_keys,
        line=True,
    )


def _swung() -> Sequence[str]:
    """The melee weapons an attack line may name: not the fangs, which go in by their own verb
    (``bites``; the attack refuses them, RMU-BITE-2)."""
    return tuple(k for k in melee_keys() if k != BITE_WEAPON)


def _locations() -> Sequence[str]:
    return tuple(h.value for h in HitLocation)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Shoots:
    ap: int | None = _ap(
        "AP on the shot (default: a full shot's); each AP short costs (RMU-GEN-1)."
    )
    prepared: bool = param(
        False, help="A prepared shot: no recoil penalty, at a cost in AP (RMU-GEN-3).", line=True
    )
    weapon: str | None = _gun()
    situation: tuple[str, ...] = _shot_situation()
    mod: tuple[str, ...] = _mod()
    called: str | None = param(
        None, help="A called shot at one location (R-7).", choices=_locations, line=True
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _Reloads:
    ammo: str | None = param(
        None,
        help="Load a spare of this ammunition (default: the first spare).",
        choices=ammo_keys,
        line=True,
    )
    weapon: str | None = param(
        None,
        flag="with",
        help="The gun to reload, by its name (or name it after the verb, not both).",
        line=True,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _Waits:
    ap: int | None = _ap("The AP let go (default: all they have left).")


@dataclass(frozen=True, slots=True, kw_only=True)
class _Prepares:
    ap: int | None = _ap("AP on the preparation (default: the most); fewer is hastier (RMU-RF-3).")
    weapon: str | None = _gun()
    mod: tuple[str, ...] = _mod()


@dataclass(frozen=True, slots=True, kw_only=True)
class _Empties:
    weapon: str | None = _gun()
    situation: tuple[str, ...] = _shot_situation()
    mod: tuple[str, ...] = _mod()


@dataclass(frozen=True, slots=True, kw_only=True)
class _Sweeps:
    distance: str | None = param(
        None, help="How far out the ground is, in feet (or say it in the words; RMU-SUP-1).",
        line=True,
    )  # fmt: skip
    width: str | None = param(
        None, help="How wide the ground is, in feet (or say it in the words; RMU-SUP-1).",
        line=True,
    )  # fmt: skip
    bearing: str | None = param(
        None,
        help="The sweep's middle in degrees, 0 = +y, 90 = +x (default: toward the one named, "
        "else the way they face).",
        line=True,
    )
    extra: int | None = param(None, help=_sweep_extra_help, line=True)
    ap: int | None = _ap("AP on the sweep (default: the most); fewer costs (RMU-SUP-3).")
    weapon: str | None = _gun()
    dive: tuple[str, ...] = param(
        (), help="Someone in the ground who dives for cover (RMU-SUP-9; any number).", line=True
    )
    stand: tuple[str, ...] = param(
        (), help="Someone in the ground who stands (RMU-SUP-10; any number).", line=True
    )
    mod: tuple[str, ...] = _mod()


@dataclass(frozen=True, slots=True, kw_only=True)
class _Dashes:
    at: str | None = param(
        None,
        help="The spot behind the cover, X,Y in feet (default: nearest, away from the threat).",
        line=True,
    )
    threat: str | None = param(
        None,
        flag="from",
        help="Whom they run from, or 'grenade' or its id for a live grenade (RMU-EXP-11).",
        line=True,
    )
    fire: str | None = param(
        None,
        help="The fire coming in, if not as the scene shows it (RMU-MOV-1).",
        choices=get_args(FireLevel),
        line=True,
    )
    bonus: int | None = param(
        None, help="Their moving maneuver bonus (default: their sheet's).", line=True
    )
    mod: tuple[str, ...] = _mod()


@dataclass(frozen=True, slots=True, kw_only=True)
class _Clears:
    ap: int | None = _ap(
        "AP spent on the jam (default: what it needs, as far as AP go; RMU-RF-13)."
    )
    weapon: str | None = _gun()


@dataclass(frozen=True, slots=True, kw_only=True)
class _ThrowsBack:
    difficulty: int | None = param(
        None, help="The GM's difficulty for the spot wanted (RMU-EXP-2).", line=True, gm=True
    )
    mod: tuple[str, ...] = _mod()


@dataclass(frozen=True, slots=True, kw_only=True)
class _Throws(_ThrowsBack):
    ap: int | None = _ap(
        "AP on the throw (default: a full throw's); each AP short costs (RMU-EXP-3)."
    )
    enclosed: bool = param(
        False,
        help=_enclosed_help,
        line=True,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _Bites:
    ap: int | None = _ap("AP on the bite, as for a melee attack (default: the most; R-6).")
    feral: bool = param(
        False, help="With Feral Weapons, roused first if need be (RMU-BITE-5, V-4).", line=True
    )
    unaware: bool = param(
        False, help="The victim does not see it coming: the fangs reach them (RMU-BITE-2).",
        line=True,
    )  # fmt: skip
    unresisting: bool = param(
        False, help="The victim lets it happen: the fangs reach them (RMU-BITE-2).", line=True
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _Feeds:
    brutal: bool = param(
        False,
        help="A Brutal Feed: more Hunger slaked in the turn; needs Potence (DEC-362).",
        line=True,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _TearsFree:
    ap: int | None = _ap("AP on the contest (default: the most; RMU-BITE-3).")


@dataclass(frozen=True, slots=True, kw_only=True)
class _Beheads:
    called: str | None = param(
        None,
        help=lambda: f"The location, which can only be the {_behead_at()} (RMU-STAKE-3).",
        choices=lambda: (_behead_at(),),
        line=True,
    )
    weapon: str | None = param(
        None,
        flag="with",
        help=f"A heavy edged weapon (default: {BEHEAD_WEAPON}; RMU-STAKE-3).",
        line=True,
    )
    ap: int | None = _ap("AP on the attack (default: the most; R-6).")


@dataclass(frozen=True, slots=True, kw_only=True)
class _Stakes:
    called: str | None = param(
        None,
        help=lambda: f"The location, which can only be the {_stake_at()} (RMU-STAKE-2).",
        choices=lambda: (_stake_at(),),
        line=True,
    )
    weapon: str | None = param(
        None,
        flag="with",
        help=f"A wooden weapon: {STAKE_WEAPON} (default), or crossbow to shoot a bolt "
        "(RMU-STAKE-2).",
        line=True,
    )
    ap: int | None = _ap(
        "AP on the attack (default: the weapon's most); a helpless victim takes the round."
    )
    untroubled: bool = param(
        False,
        help="The GM says nobody interferes: a stake into a helpless victim needs no roll.",
        line=True,
        gm=True,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _BreaksFree:
    ap: int | None = _ap("AP on the contest (default: the most; DEC-344).")
    mod: tuple[str, ...] = _mod()


@dataclass(frozen=True, slots=True, kw_only=True)
class _Grapples(_BreaksFree):
    ap: int | None = _ap("AP on the attack (default: the most); each AP short costs (RMU-GEN-1).")
    parry: int | None = param(
        None, help="OB moved into their own DB until the round ends (default 0).", line=True
    )
    situation: tuple[str, ...] = _melee_situation()


@dataclass(frozen=True, slots=True, kw_only=True)
class _Attacks(_Grapples):
    weapon: str | None = param(
        None,
        flag="with",
        help="The melee weapon (or say 'with WEAPON' in the words).",
        choices=_swung,
        line=True,
    )


#: Each rmu verb's declaration, by its key in the verb table.
LINE_DECLARATIONS: Mapping[str, tuple[type, ...]] = {
    "shoots": (_Shoots,),
    "reloads": (_Reloads,),
    "waits": (_Waits,),
    "prepares": (_Prepares,),
    "empties": (_Empties,),
    "sweeps": (_Sweeps,),
    "dashes": (_Dashes,),
    "clears": (_Clears,),
    "throws": (_Throws,),
    "throws-back": (_ThrowsBack,),
    "bites": (_Bites,),
    "feeds": (_Feeds,),
    "tears-free": (_TearsFree,),
    "stakes": (_Stakes,),
    "beheads": (_Beheads,),
    "attacks": (_Attacks,),
    "grapples": (_Grapples,),
    "breaks-free": (_BreaksFree,),
}
