"""The defender's DB against a shot (RMU-DOD-1..3, RMU-ARM-5, RMU-BRK-2, RULINGS P-3, P-4).

Against firearms, in the open only armor defends (it picks the attack column, not a DB).
Behind cover the defender adds Quickness DB, a share of the Dodge DB, and the cover. Other
missiles (arrows, thrown blades, spat venom) get the same share of the Dodge with no cover
needed. Celerity's Rapid Reflexes raises the share and waives the cover requirement. The Dodge
DB itself is the character's Fleetness: it is simply the ``dodge_db`` given here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from firefight.frozen import quick_init
from firefight.rulesets.rmu.catalog import ArmorClass, RulesFigures
from firefight.trace import Modifier, TraceBuilder

__all__ = [
    "Defender",
    "MissileKind",
    "armor_maneuver_penalty",
    "defense_modifiers",
    "dodge_share",
    "firearm_defense",
    "note_open_ground",
    "quickness_db",
]

#: What is coming in: gunfire, or any other missile (RMU-DOD-1 against RMU-DOD-2).
MissileKind = Literal["firearm", "other"]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Defender:
    """The defender's own figures. ``dodge_db`` is the Dodge DB Fleetness gives (RMU-DOD-3);
    ``armor_trained`` picks the trained end of the armor's maneuver penalty (RMU-ARM-5).
    ``conscious`` False (unconscious, staked, torpid or otherwise helpless) takes every one of
    these defenses away (P-9). ``severity_steps``: how many severities lower a non-aggravated
    critical reads on them (RULINGS V-1: a Kindred's; 0 for a mortal). ``kindred``: what a
    critical leaves them in reads as torpor and Final Death (V-2: a Kindred, the scene's V-2
    on), said outright, since a scene may set V-1's steps to 0 (DEC-852)."""

    quickness_db: int = 0
    dodge_db: int = 0
    celerity: int = 0
    armor_trained: bool = True
    conscious: bool = True
    severity_steps: int = 0
    kindred: bool = False


def armor_maneuver_penalty(
    armor: ArmorClass | None, *, trained: bool = True, breakage_total: int = 0
) -> int:
    """The wearer's armor maneuver penalty (RMU-ARM-5) with breakage stacked on it (RMU-BRK-2).

    The class penalty runs from its trained value to its untrained one; every breakage penalty
    the piece has taken makes it heavier to move in as well as thinner.

    >>> from firefight.rulesets.rmu.catalog import RmuData
    >>> ba3 = RmuData().armor["BA III"]
    >>> armor_maneuver_penalty(ba3), armor_maneuver_penalty(ba3, trained=False, breakage_total=-20)
    (-15, -60)
    """
    if armor is None:
        return 0
    base = armor.maneuver_trained if trained else armor.maneuver_untrained
    return base + min(0, breakage_total)


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
    missile: MissileKind = "firearm",
) -> list[Modifier]:
    """DB terms against a missile, as negative modifiers on the attack (RMU-DOD-1..3).

    ``armor_penalty`` is the wearer's armor maneuver penalty (see
    :func:`armor_maneuver_penalty`); it comes off the Dodge before the share is taken (P-3).
    Against a firearm nothing applies in the open unless Celerity waives the cover requirement;
    against any other missile the Quickness DB and the share of the Dodge always apply. A
    defender who is not conscious has none of them (P-9).
    """
    if not defender.conscious:
        return []
    waived = defender.celerity >= 1
    if missile == "other":
        rule = "RMU-DOD-2"
    elif behind_cover:
        rule = "RMU-DOD-1"
    elif waived:
        rule = "RMU-DOD-3"
    else:
        return []
    mods: list[Modifier] = []
    qu = quickness_db(defender.quickness_db, armor)
    if qu:
        label = "defender's Quickness DB"
        if qu != defender.quickness_db:
            label += f" ({defender.quickness_db} less armor, floored at 0)"
        cite = "RMU-ARM-5" if qu != defender.quickness_db else rule
        mods.append(Modifier(value=-qu, label=label, rule=cite))
    if defender.dodge_db:
        share = dodge_share(defender.celerity, rules)
        # P-3: armor penalties come off the Dodge before it is shared out, rounding down.
        base = max(0, defender.dodge_db + armor_penalty)
        kept = (base * share.numerator) // share.denominator
        if kept:
            why = f"Celerity {defender.celerity}: {share}" if defender.celerity else f"{share}"
            shown = f"{base}" if base == defender.dodge_db else f"{defender.dodge_db} less armor"
            if base != defender.dodge_db:
                shown += f" {armor_penalty:+d} = {base}"
            share_rule = "RMU-DOD-3" if defender.celerity else rule
            mods.append(Modifier(value=-kept, label=f"Dodge DB {shown}, x {why}", rule=share_rule))
    return mods


def firearm_defense(
    *,
    defender: Defender,
    armor: ArmorClass | None,
    breakage_total: int,
    behind_cover: bool,
    rules: RulesFigures,
) -> list[Modifier]:
    """DB terms against gunfire for someone wearing ``armor`` that has taken ``breakage_total``.

    The armor still weighs whatever the round does to it: its maneuver penalty, breakage
    stacked on (RMU-ARM-5, RMU-BRK-2), comes off the Dodge first (:func:`defense_modifiers`).
    """
    penalty = armor_maneuver_penalty(
        armor, trained=defender.armor_trained, breakage_total=breakage_total
    )
    return defense_modifiers(
        defender=defender,
        behind_cover=behind_cover,
        armor=armor,
        armor_penalty=penalty,
        rules=rules,
    )


def note_open_ground(
    who: str, defender: Defender, *, behind_cover: bool, trace: TraceBuilder
) -> None:
    """Tell the table why ``who``'s Quickness and Dodge did not count: unable to defend (P-9),
    or in the open, where against gunfire only armor defends (RMU-DOD-1). Says nothing when
    there was nothing to lose."""
    if not defender.conscious and (defender.quickness_db or defender.dodge_db):
        # A staked Kindred is awake: the line names every way of being unable to defend.
        trace.step(
            f"{who} cannot defend (out cold, staked, in torpor or helpless): no Quickness DB,"
            " no Dodge, no Celerity share.",
            "P-9",
        )
        return
    if behind_cover or defender.celerity >= 1 or not (defender.quickness_db or defender.dodge_db):
        return
    trace.step(
        f"{who} is in the open: against a firearm only armor defends (no Quickness DB, no Dodge).",
        "RMU-DOD-1",
    )
