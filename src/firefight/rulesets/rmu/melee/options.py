"""The declarations of ``rmu melee``, ``rmu grapple`` and ``rmu escape`` as a person gives them:
one field per option of the command, of ``odds rmu ...`` and of ``odds sweep`` where swept
(:mod:`firefight.declarations`). ``build`` turns the flat fields into the resolver's
declaration; the resolver refuses what a rule forbids, citing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from firefight.declarations import param
from firefight.fuzzy import match
from firefight.limits import MAX_GM_MODS
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.kindred_criticals import kindred_steps, kindred_torpor
from firefight.rulesets.rmu.melee.attack import MeleeAttack, kindred_shift_why
from firefight.rulesets.rmu.melee.catalog import melee_catalog
from firefight.rulesets.rmu.melee.figures import WeaponSize, melee_figures
from firefight.rulesets.rmu.melee.grapple import Escape
from firefight.rulesets.rmu.shot_options import MAX_LISTED, kindred_help, parse_mod

__all__ = [
    "EscapeOptions",
    "GrappleOptions",
    "MeleeOptions",
    "attack_ap_help",
    "melee_keys",
    "melee_ranks_help",
    "modifier_keys",
    "naked_help",
    "naked_param",
    "situation_param",
]


def melee_keys() -> Sequence[str]:
    """The weapons a melee attack swings (not the missile weapons of the catalog)."""
    return tuple(k for k, w in melee_catalog().items() if not w.ranged and k != "grapple")


def modifier_keys() -> Sequence[str]:
    return tuple(melee_figures().modifiers)


def naked_help(who: str) -> str:
    """The help of the armor a melee attack reads: an AT column, never a BA class."""
    return f"The {who}'s AT (melee reads {NAKED_COLUMNS[0]}-{NAKED_COLUMNS[-1].split()[-1]})."


def _ballistic_named(value: str) -> str | None:
    """DEC-911: why a BA class is refused where a melee attack or a bite reads an AT column,
    with the column it counts as against blades, blows and fangs (DEC-348): the closest
    column by spelling ('BA II' -> 'AT 2') was the wrong one to give."""
    armor_at = melee_figures().armor_at
    worn = match(value, tuple(armor_at))
    if worn is None:
        return None
    column = armor_at[worn]
    return (
        f"{value!r} is ballistic armor, and a melee attack reads an AT column: {worn} counts as "
        f"{column} against blades, blows and fangs (DEC-348). Give {column!r}, or the naked AT "
        "if it is heavier."
    )


def naked_param(who: str) -> Any:
    """The ``--armor`` of a melee attack or a bite: an AT column, never a BA class."""
    return param("AT 1", help=naked_help(who), choices=NAKED_COLUMNS, misnamed=_ballistic_named)


def attack_ap_help() -> str:
    low, high = melee_figures().attack_ap
    return f"AP spent on the attack ({low}-{high})."


def _escape_ap_help() -> str:
    low, high = melee_figures().escape_ap
    return f"AP spent ({low}-{high})."


def melee_ranks_help() -> str:
    step = melee_figures().fumble_ranks_per_step
    return f"Skill ranks (each {step} shrink the fumble range)."


def situation_param() -> Any:
    """The ``--situation`` option of every melee attack's calculator, a blade's or a bite's
    (DEC-780): Table 9-5's melee modifiers by name."""
    return param(
        (),
        help="Table 9-5 melee modifier (repeatable), e.g. flank, rear, prone-target.",
        choices=modifier_keys,
        high=MAX_LISTED,
        sweep=False,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _Swing:
    """The options a melee attack and a grapple share."""

    ob: int = param(
        help="The attacker's OB with the weapon (a grapple: Unarmed).", low=-999, high=999
    )
    armor: str = naked_param("target")
    ap: int = param(4, help=attack_ap_help, low=0, high=4, rule="R-6")
    ap_left: int = param(4, help="AP the attacker has left.", low=0, high=4, rule="RMU-GEN-1")
    ranks: int = param(0, help=melee_ranks_help, low=0, high=200, rule="RMU-GEN-8")
    parry: int = param(0, help="OB the attacker moves into their own DB.", low=0, high=999)
    quickness_db: int = param(0, help="The target's Quickness DB.", low=-50, high=100)
    target_parry: int = param(0, help="OB the target moved into DB to parry.", low=0, high=999)
    cover: str = param("none", help="The target's cover, GRADE:MATERIAL (RMU-COV-7).")
    helpless: bool = param(
        False, help="The target is unconscious or helpless: no DB, no parry (P-9)."
    )
    situation: tuple[str, ...] = situation_param()
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL (repeatable).", high=MAX_GM_MODS, sweep=False
    )

    def _attack(
        self, weapon: str, size: WeaponSize | None, *, kindred: bool = False
    ) -> MeleeAttack:
        return MeleeAttack(
            weapon=weapon,
            ob=self.ob,
            armor=self.armor,
            ap=self.ap,
            ap_available=self.ap_left,
            ranks=self.ranks,
            size=size,
            parry=self.parry,
            target_db=self.quickness_db,
            target_parry=self.target_parry,
            cover=parse_cover(self.cover),
            helpless=self.helpless,
            situational=self.situation,
            extra=tuple(parse_mod(m) for m in self.mod),
            severity_shift=-kindred_steps(kindred),
            shift_why=kindred_shift_why("target"),
            kindred=kindred_torpor(kindred),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeOptions(_Swing):
    """Every option of a melee attack, as typed."""

    weapon: str = param(help="Melee weapon key (see docs/rmu.md).", choices=melee_keys)
    size: WeaponSize | None = param(
        None,
        help="Read the table at this size instead of the weapon's "
        f"({', '.join(s.value for s in WeaponSize)}).",
    )
    # A grapple's hold is no wound (DEC-379): only a blow's critical reads lighter.
    kindred: bool = param(False, help=lambda: kindred_help("The target is"), rule="V-1")

    def build(self) -> MeleeAttack:
        return self._attack(self.weapon, self.size, kindred=self.kindred)


@dataclass(frozen=True, slots=True, kw_only=True)
class GrappleOptions(_Swing):
    """Every option of a grapple (RMU-BITE-2): a melee attack on the Grapple table."""

    def build(self) -> MeleeAttack:
        return self._attack("grapple", None)


@dataclass(frozen=True, slots=True, kw_only=True)
class EscapeOptions:
    """Every option of the try to break a hold (RMU-BITE-3)."""

    ob: int = param(help="The victim's Unarmed bonus (Strength-based).", low=-999, high=999)
    holder_ob: int = param(help="The holder's Unarmed bonus.", low=-999, high=999)
    hold: int = param(help="The hold on the victim.", unit="%", low=0, high=100)
    ap: int = param(4, help=_escape_ap_help, low=0, high=4, rule="DEC-344")
    ap_left: int = param(4, help="AP the victim has left.", low=0, high=4, rule="RMU-GEN-1")
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL (repeatable).", high=MAX_GM_MODS, sweep=False
    )

    def build(self) -> Escape:
        return Escape(
            ob=self.ob,
            holder_ob=self.holder_ob,
            hold=self.hold,
            ap=self.ap,
            ap_available=self.ap_left,
            extra=tuple(parse_mod(m) for m in self.mod),
        )
