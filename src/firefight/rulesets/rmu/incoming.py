"""The DB a defender brings against one incoming attack, by what is coming in (RMU-DOD-1..3,
RMU-COV-1..8, RMU-ARM-5, RULINGS P-3, P-4, P-9).

- gunfire: armor alone in the open; behind cover, the cover by the gun's weight plus the
  Quickness DB and the Dodge share (RMU-DOD-1); Celerity waives the cover requirement (RMU-DOD-3);
- any other missile (an arrow, a thrown blade, spat venom): the Quickness DB and the Dodge share
  with no cover needed (RMU-DOD-2), and any cover on the lightest column (DEC-103);
- melee: the cover's melee value, +10/+20/+50 doubled for anything harder than soft (RMU-COV-7).
  The melee DB of Quickness and a parry belongs to melee rules this conversion does not give
  (DEC-103), so only the cover is priced.

A defender who is not conscious has no Quickness DB or Dodge at all (P-9).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from firefight.outcome import Done, Outcome
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import Cover, check_gun_named, price_cover, price_melee_cover
from firefight.rulesets.rmu.defense import (
    Defender,
    armor_maneuver_penalty,
    defense_modifiers,
    note_open_ground,
)
from firefight.trace import Modifier, TraceBuilder

__all__ = ["DefenseResult", "Incoming", "IncomingKind", "resolve_defense"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DefenseResult(Done):
    """The DB a defender has against one kind of attack (nothing is rolled: ``done``)."""

    against: str
    db: int


#: What is coming in.
IncomingKind = Literal["firearm", "missile", "melee"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Incoming:
    """An attack coming at ``defender``; ``weapon`` is the gun, which prices hard cover against
    gunfire (RMU-COV-3). ``armor`` is the BA class worn, if any, with its breakage total."""

    against: IncomingKind
    defender: Defender = field(default_factory=Defender)
    cover: Cover | None = None
    weapon: str | None = None
    armor: str | None = None
    armor_damage: int = 0
    who: str = "defender"


def resolve_defense(decl: Incoming, data: RmuData) -> Outcome[DefenseResult]:
    """Price the defender's DB against ``decl`` (no dice): a total of the terms, each a
    negative modifier on the attack, with its rule.

    Raises:
        RuleRefusal: (RMU-COV-3) hard or hardened cover against gunfire with no gun named.

    >>> from firefight.rulesets.rmu.cover import parse_cover
    >>> out = resolve_defense(
    ...     Incoming(against="melee", cover=parse_cover("half:hard")), RmuData()
    ... )
    >>> out.result.db
    40
    """
    tb = TraceBuilder()
    armor = data.armor_class(decl.armor) if decl.armor else None
    mods: list[Modifier] = []
    cover = decl.cover
    if decl.against == "melee":
        if cover is not None:
            bonus = price_melee_cover(cover, data.cover)
            mods.append(
                Modifier(value=-bonus, label=f"{cover} cover against melee", rule="RMU-COV-7")
            )
        tb.step(
            "Against melee only the cover is priced here: the melee DB itself is not part of "
            "the firearms conversion.",
            "RMU-COV-7",
        )
        return _outcome(decl, tb, mods)
    if decl.against == "firearm" and cover:
        check_gun_named(cover, decl.weapon)
    weapon = data.weapon(decl.weapon) if decl.weapon else None
    if cover is not None:
        price = price_cover(cover, weapon, data.cover)
        what = weapon.name if weapon else ("gunfire" if decl.against == "firearm" else "a missile")
        mods.append(
            Modifier(
                value=-price.bonus,
                label=f"{cover} cover against {what} ({price.column})",
                rule=price.rule,
            )
        )
    mods.extend(
        defense_modifiers(
            defender=decl.defender,
            behind_cover=cover is not None,
            armor=armor,
            armor_penalty=armor_maneuver_penalty(
                armor, trained=decl.defender.armor_trained, breakage_total=decl.armor_damage
            ),
            rules=data.rules,
            missile="firearm" if decl.against == "firearm" else "other",
        )
    )
    if decl.against == "firearm":
        note_open_ground(decl.who, decl.defender, behind_cover=cover is not None, trace=tb)
    elif not decl.defender.conscious:
        note_open_ground(decl.who, decl.defender, behind_cover=True, trace=tb)
    return _outcome(decl, tb, mods)


def _outcome(decl: Incoming, tb: TraceBuilder, mods: list[Modifier]) -> Outcome[DefenseResult]:
    total = tb.total(f"{decl.who}'s DB against {decl.against}", mods)
    result = DefenseResult(against=decl.against, db=-total.value)
    return Outcome(events=(), trace=tb.build(), result=result)
