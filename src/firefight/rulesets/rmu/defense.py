"""The defender's DB against a shot (RMU-DOD-1..3, RMU-ARM-5, RULINGS P-3, P-4).

Against firearms, in the open only armor defends (it picks the attack column, not a DB).
Behind cover the defender adds Quickness DB, a share of the Dodge DB, and the cover. Celerity's
Rapid Reflexes raises the share and waives the cover requirement.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from firefight.rulesets.rmu.catalog import ArmorClass, RulesFigures
from firefight.trace import Modifier

__all__ = ["Defender", "defense_modifiers", "dodge_share", "quickness_db"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Defender:
    quickness_db: int = 0
    dodge_db: int = 0
    celerity: int = 0


def quickness_db(raw: int, armor: ArmorClass | None) -> int:
    """Quickness DB after the armor's Quickness penalty, never pushed below a zero bonus's 0.

    >>> quickness_db(10, None)
    10
    """
    if armor is None or raw <= 0:
        return raw
    return max(0, raw + armor.quickness)


def dodge_share(celerity: int, rules: RulesFigures) -> Fraction:
    """The share of the Dodge DB kept against a missile (RULINGS P-4)."""
    if celerity <= 0:
        return Fraction(*rules.dodge_base_share)
    shares = rules.celerity_share
    return Fraction(*shares[min(celerity, len(shares)) - 1])


def defense_modifiers(
    *,
    defender: Defender,
    behind_cover: bool,
    armor: ArmorClass | None,
    armor_penalty: int,
    rules: RulesFigures,
) -> list[Modifier]:
    """DB terms against a firearm, as negative modifiers on the attack (RMU-DOD-1, RMU-DOD-3)."""
    waived = defender.celerity >= 1
    if not behind_cover and not waived:
        return []
    rule = "RMU-DOD-1" if behind_cover else "RMU-DOD-3"
    mods: list[Modifier] = []
    qu = quickness_db(defender.quickness_db, armor)
    if qu:
        label = "defender's Quickness DB"
        if qu != defender.quickness_db:
            label += f" ({defender.quickness_db} less armor, floored at 0)"
        mods.append(Modifier(value=-qu, label=label, rule="RMU-ARM-5" if armor else rule))
    if defender.dodge_db:
        share = dodge_share(defender.celerity, rules)
        # P-3: armor penalties come off the Dodge before it is shared out, rounding down.
        base = max(0, defender.dodge_db + armor_penalty)
        kept = (base * share.numerator) // share.denominator
        if kept:
            why = f"Celerity {defender.celerity}: {share}" if defender.celerity else f"{share}"
            mods.append(Modifier(value=-kept, label=f"Dodge DB {base} x {why}", rule=rule))
    return mods
