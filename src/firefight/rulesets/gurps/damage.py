"""From a hit to injury (G-3, GUR-CORE-1, GUR-AMMO-1, GUR-ARROW-1): roll the damage, halve it
beyond 1/2D, subtract DR as the ammunition or arrow changes it, multiply what gets through by
the damage type (or the location), cap a limb's injury, and apply a critical hit's effect.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.frozen import quick_init
from firefight.rulesets.gurps.data import Armor, CriticalHit, GurpsData, Location
from firefight.rulesets.gurps.rolls import Roller
from firefight.rulesets.gurps.setup import ShotSetup
from firefight.trace import Modifier, TraceBuilder

__all__ = ["Hit", "damage_hit"]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Hit:
    """One hit's result: rolled and basic damage, DR, what got through, injury."""

    location: str
    rolled: int
    basic: int
    dr: int
    penetrating: int
    injury: int
    crippled: bool = False
    stuns: bool = False
    knocks_out: bool = False
    critical: str | None = None


def _armor_groups(setup: ShotSetup) -> tuple[int, ...]:
    """The damage dice in the groups that meet the armor one at a time: a shotgun's flechettes
    by their ammunition's group of dice, the last group what is left (GUR-AMMO-1, DEC-722);
    any other hit meets it whole."""
    dice = setup.damage.dice
    size = setup.ammo.shotgun_dice_against_armor
    if size is None or not setup.weapon.wide or dice <= size:
        return (dice,)
    whole, left = divmod(dice, size)
    return (size,) * whole + ((left,) if left else ())


def _dr(
    armor: Armor, dr: int, setup: ShotSetup, location: Location, expanded: bool, data: GurpsData
) -> list[Modifier]:
    """The DR against this hit, itemized (G-3, GUR-AMMO-1, GUR-ARROW-1)."""
    ammo, arrow = setup.ammo, setup.arrow
    parts = [Modifier(value=dr, label=f"{armor.name} DR", rule="G-3")]
    effective = dr
    if ammo.flexible_dr is not None and dr and not armor.rigid:
        effective = min(dr, ammo.flexible_dr)
    elif ammo.flexible_dr is not None and armor.rigid:
        effective = math.floor(dr * ammo.rigid_dr_multiplier)
    else:
        effective = math.floor(dr * ammo.dr_multiplier)
    if expanded:
        effective = math.floor(effective * ammo.expanded_dr_multiplier)
    if arrow is not None:
        if arrow.dr_less and effective:
            effective = max(1, effective - arrow.dr_less)
        effective = math.floor(effective * arrow.dr_multiplier)
    if effective != dr:
        rule = "GUR-ARROW-1" if arrow is not None else "GUR-AMMO-1"
        parts.append(Modifier(value=effective - dr, label="against this missile", rule=rule))
    if location.key == "brain":
        parts.append(Modifier(value=data.core.locations.skull_dr, label="skull", rule="GUR-LOC-1"))
    return parts


def _multiplier(setup: ShotSetup, location: Location, data: GurpsData) -> tuple[float, str, str]:
    """The wounding multiplier, its label and rule: the location's where it has one (brain x4;
    vitals x3 for impaling and bullets), else the damage type's (G-3)."""
    if location.multiplier is not None:
        return location.multiplier, f"{location.key} x{location.multiplier:g}", "GUR-LOC-1"
    vitals = location.vitals_multiplier
    if vitals is not None and (setup.damage_type == "impaling" or setup.weapon.kind == "firearm"):
        return vitals, f"{location.key} x{vitals:g}", "GUR-LOC-1"
    kind = setup.damage_type
    return data.core.wounding.of(kind), f"{kind} x{data.core.wounding.of(kind):g}", "G-3"


def damage_hit(
    setup: ShotSetup,
    location: Location,
    armor: Armor,
    dr: int,
    hp: int | None,
    critical: CriticalHit | None,
    roller: Roller,
    trace: TraceBuilder,
    data: GurpsData,
    *,
    halved: bool = False,
) -> Hit:
    """The injury one hit does to someone with ``dr`` (and ``hp``, for limbs); ``halved`` for a
    stray that does half damage (GUR-WRONG-2)."""
    ammo = setup.ammo
    formula = setup.damage
    groups = _armor_groups(setup)
    # Each group is rolled on its own, so that each meets the armor on its own (DEC-722).
    rolls = [
        roller.sum(
            n, f"damage {formula}" if len(groups) == 1 else f"damage {formula}, group {i + 1}"
        )
        for i, n in enumerate(groups)
    ]
    minimum = data.core.minimum_damage.of(setup.damage_type)
    parts = [
        Modifier(value=sum(rolls) + formula.adds, label=f"damage {formula}", rule="GUR-CORE-1")
    ]
    if setup.trade_off_damage:
        parts.append(
            Modifier(value=setup.trade_off_damage, label="heavier missile", rule="GUR-ARROW-1")
        )
    raw = max(minimum, sum(p.value for p in parts))
    effect = critical.effect if critical is not None else None
    if ammo.blank:
        trace.step(
            f"a blank does {1 if setup.distance <= 1 else 0} at {setup.distance:g} yd",
            rule="GUR-AMMO-1",
        )

    def adjusted_damage(value: int) -> int:
        """``value`` after the ammunition, 1/2D or a close lob, a stray's half and a critical."""
        if ammo.blank:
            value = 1 if setup.distance <= 1 else 0
        value = math.floor(value * ammo.damage_multiplier)
        if ammo.useless_beyond_half_damage and setup.beyond_half_damage:
            value = 0
        if setup.beyond_half_damage or setup.lobbed_close:
            value //= data.core.ranges.half_damage_divisor
        if halved:
            value //= 2
        if effect in ("double", "triple") or (
            effect == "torso-knockout" and location.key != "body"
        ):
            value *= 2 if effect == "double" else 3
        return value

    if len(groups) == 1:
        pieces = [adjusted_damage(raw)]
    else:
        # The formula's adds go with the first group.
        adds = formula.adds + setup.trade_off_damage
        pieces = [
            adjusted_damage(max(minimum, r + (adds if i == 0 else 0))) for i, r in enumerate(rolls)
        ]
    basic = sum(pieces)
    adjusted = Modifier(value=basic - raw, label="ammunition, 1/2D or a close lob, critical, stray")
    total = trace.total(
        "basic damage",
        [Modifier(value=raw, label="rolled"), *([adjusted] if adjusted.value else [])],
    )
    burst = False
    if ammo.contact_burst_in_6:
        on = ammo.contact_burst_in_6
        burst = roller.chance(on, f"{ammo.name} bursts on contact (1-{on})")
        if burst:
            trace.step(
                "it bursts on contact: the armor is damaged, shrapnel goes in", rule="GUR-AMMO-1"
            )
    expanded = False
    if ammo.chance == "expands":
        expanded = roller.chance(ammo.chance_in_6, f"{ammo.name} expands (1-{ammo.chance_in_6})")
    dr_parts = _dr(armor, dr, setup, location, expanded, data)
    dr_total = 0 if effect == "bypass-armor" else sum(p.value for p in dr_parts)
    if effect != "bypass-armor":
        trace.total("DR", dr_parts)
    penetrating = sum(max(0, piece - dr_total) for piece in pieces)
    if len(pieces) > 1:
        trace.step(
            f"{ammo.name}: {len(groups)} groups against DR {dr_total} one at a time: "
            + ", ".join(f"{p} -> {max(0, p - dr_total)}" for p in pieces),
            rule="GUR-AMMO-1",
        )
    factor, label, rule = _multiplier(setup, location, data)
    injury = math.floor(penetrating * factor)
    wound = ammo.wound_multiplier * (ammo.expanded_wound_multiplier if expanded else 1.0)
    if burst:
        wound *= ammo.contact_wound_multiplier
    if setup.arrow is not None:
        wound *= setup.arrow.wound_multiplier
    injury = math.floor(injury * wound)
    if penetrating and ammo.burn:
        injury += ammo.burn
    if not penetrating and total.value and ammo.blunt_trauma_on:
        blunt = roller.sum(ammo.explosion_dice, "blast on the armor") >= ammo.blunt_trauma_on
        injury += int(blunt)
    if penetrating and ammo.explosion_dice:
        injury += ammo.explosion_multiplier * roller.sum(
            ammo.explosion_dice, "explosion in the wound"
        )
    if (
        penetrating
        and not burst
        and ammo.explosion_dice_per_6d
        and formula.dice >= 6
        and roller.chance(
            ammo.chance_in_6, f"{ammo.name} bursts in the wound (1-{ammo.chance_in_6})"
        )
    ):
        injury += roller.sum(ammo.explosion_dice_per_6d * (formula.dice // 6), "wound burst")
    arrow = setup.arrow
    blast = arrow.explosion_formula if arrow is not None else None
    if arrow is not None and blast is not None:
        # GUR-ARROW-1: a custom explosive head bursts on contact, its blast multiplied for
        # going off against the target; the armor stops it as it stops any blow (DEC-741).
        burst_damage = arrow.explosion_multiplier * (
            roller.sum(blast.dice, "the head bursts on contact") + blast.adds
        )
        through = max(0, burst_damage - dr_total)
        injury += math.floor(through * factor)
        trace.step(
            f"the head bursts: {burst_damage} against DR {dr_total}, {through} through",
            rule="GUR-ARROW-1",
        )
    trace.step(
        f"{penetrating} through DR {dr_total}, {label}, x{wound:g} -> {injury} injury", rule=rule
    )
    crippled = False
    if location.cripple_over is not None and hp is not None:
        cap = math.floor(hp * location.cripple_over)
        crippled = injury > cap or effect == "cripple-limb"
        if injury > cap:
            trace.step(
                f"the {location.key} is crippled; injury past {cap} is lost", rule="GUR-LOC-1"
            )
            injury = cap + 1
    stuns = knocks_out = False
    if hp is not None and location.stun_over is not None and injury > hp * location.stun_over:
        stuns = True
    if (
        hp is not None
        and location.knockout_over is not None
        and injury > hp * location.knockout_over
    ):
        knocks_out = True
    if effect == "torso-knockout" and location.key == "body":
        knocks_out = True
    if effect == "stun":
        stuns = True
    return Hit(
        location=location.key,
        rolled=sum(rolls),
        basic=total.value,
        dr=dr_total,
        penetrating=penetrating,
        injury=injury,
        crippled=crippled,
        stuns=stuns,
        knocks_out=knocks_out,
        critical=effect,
    )
