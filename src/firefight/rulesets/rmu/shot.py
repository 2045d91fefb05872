"""The rmu aimed shot: one trigger pull at one target, resolved with every step traced.

``resolve_aimed_shot(shot, dice, data)`` is pure: it reads the declaration and the data, asks
the dice, and returns an :class:`~firefight.outcome.Outcome` of events and trace. It refuses
(raising :class:`~firefight.errors.RuleRefusal`) before touching any die.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import ActionPointsSpent, Event, RoundsFired
from firefight.geometry import Size
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS, RmuData, Weapon
from firefight.rulesets.rmu.cover import Cover, price_cover
from firefight.rulesets.rmu.defense import Defender, defense_modifiers
from firefight.rulesets.rmu.events import (
    AttackerBonusGained,
    CriticalInflicted,
    HitsInflicted,
)
from firefight.rulesets.rmu.protection import plan_fire
from firefight.rulesets.rmu.ranges import range_band, range_modifier
from firefight.tables.critical import CriticalEffect
from firefight.trace import Modifier, TraceBuilder

__all__ = ["AimedShot", "resolve_aimed_shot"]


@dataclass(frozen=True, slots=True, kw_only=True)
class AimedShot:
    """A declared single shot. Figures are the shooter's and target's, as the GM knows them.

    ``armor`` is the target's protection: a naked column ``AT 1``-``AT 10`` or ``BA I``-``BA IV``
    (worn over ``naked_column``). ``armor_damage`` is the armor's running breakage total.
    """

    weapon: str
    ob: int
    distance_ft: float
    ranks: int = 0
    ap: int = 3
    ap_available: int = 4
    prepared: bool = False
    mounted: bool = False
    ammo: str = "ball"
    armor: str = "AT 1"
    naked_column: str = "AT 1"
    armor_damage: int = 0
    cover: Cover | None = None
    target_size: Size = Size.MEDIUM
    defender: Defender = field(default_factory=Defender)
    shooter_armor: str | None = None
    situational: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()
    shooter: str = "shooter"
    target: str = "target"


def _validate(shot: AimedShot, weapon: Weapon, data: RmuData) -> int:
    """Refuse what the rules refuse; return the AP the shot costs."""
    rules = data.rules
    low, high = rules.ranged_attack_ap
    if not low <= shot.ap <= high:
        raise RuleRefusal(
            "RMU-GEN-1", f"A ranged attack takes {low} to {high} AP; {shot.ap} AP was declared."
        )
    cost = shot.ap + (rules.prepare_ap if shot.prepared else 0)
    if shot.prepared and cost > shot.ap_available:
        raise RuleRefusal(
            "RMU-GEN-3",
            f"A prepared shot needs {rules.prepare_ap} AP to prepare plus {shot.ap} AP to fire, "
            f"but only {shot.ap_available} AP are left this round.",
        )
    if cost > shot.ap_available:
        raise RuleRefusal(
            "RMU-GEN-1",
            f"The shot costs {cost} AP but only {shot.ap_available} AP are left this round.",
        )
    if weapon.requires_tripod and not shot.mounted:
        raise RuleRefusal(
            "RMU-TRI-2",
            f"The {weapon.name} needs a tripod; firing it unbraced (its recoil attacking the "
            "shooter first) is not supported yet, so declare it mounted.",
        )
    if shot.naked_column not in NAKED_COLUMNS:
        raise RuleRefusal(
            "RMU-ARM-1", f"{shot.naked_column!r} is not a naked armor column (AT 1 to AT 10)."
        )
    for name in shot.situational:
        if name not in rules.situational:
            known = ", ".join(sorted(rules.situational))
            raise RuleRefusal("R-1", f"No situational modifier is called {name!r}; known: {known}.")
    return cost


def _combine(cells: list[CriticalEffect]) -> dict[str, object]:
    """The effects of every cell read on one critical (several under RULINGS P-7)."""
    dying = [c.dying_rounds for c in cells if c.dying_rounds is not None]
    stun = [c for c in cells if c.stun_rounds]
    return {
        "hits": sum(c.hits for c in cells),
        "bleed": sum(c.bleed for c in cells),
        "stun_rounds": sum(c.stun_rounds for c in cells),
        "stun_penalty": min((c.stun_penalty for c in stun), default=0),
        "staggered": sum(c.staggered for c in cells),
        "injury": sum(c.injury for c in cells),
        "fatigue": sum(c.fatigue for c in cells),
        "prone": any(c.prone for c in cells),
        "dying_rounds": min(dying) if dying else None,
        "dead": any(c.dead for c in cells),
        "attacker_bonus": sum(c.attacker_bonus for c in cells),
        "breakage": [c.breakage for c in cells if c.breakage is not None],
    }


def resolve_aimed_shot(shot: AimedShot, dice: Dice, data: RmuData) -> Outcome:
    """Resolve one aimed shot (RMU-GEN-1..8, RMU-PB-1, RMU-COV-1..4, RMU-DOD-1, RMU-ARM-1..4)."""
    rules = data.rules
    weapon = data.weapon(shot.weapon)
    ammo = data.ammunition(shot.ammo)
    cost = _validate(shot, weapon, data)
    band = range_band(weapon, shot.distance_ft, rules)
    shooter_armor = data.armor_class(shot.shooter_armor) if shot.shooter_armor else None
    tb = TraceBuilder()
    tb.step(
        f"{shot.shooter} fires the {weapon.name} ({weapon.caliber}, {ammo.name}) at {shot.target}, "
        f"{shot.distance_ft:g} ft away: {band.label}.",
        "RMU-GEN-4",
    )
    events: list[Event] = [
        ActionPointsSpent(actor=shot.shooter, ap=cost),
        RoundsFired(actor=shot.shooter, weapon=weapon.key, rounds=1),
    ]
    summary: dict[str, object] = {
        "weapon": weapon.key,
        "ammo": ammo.key,
        "distance_ft": shot.distance_ft,
        "range_band": band.name,
        "ap_spent": cost,
    }

    price = price_cover(shot.cover, weapon, data.cover) if shot.cover else None
    if shot.cover and price and price.impassable:
        tb.step(
            f"{shot.target} is fully behind impenetrable cover and cannot be hit at all; the round "
            "is fired for nothing.",
            "RMU-COV-4",
        )
        summary |= {"result": "cannot hit", "hit": False, "hits": 0}
        return _outcome(events, tb, summary)

    armor_for_target = data.armor_class(shot.armor)
    plan = plan_fire(
        weapon=weapon,
        armor_key=shot.armor,
        naked_column=shot.naked_column,
        armor_damage=shot.armor_damage,
        ammo=ammo,
        data=data,
        trace=tb,
    )

    mods: list[Modifier] = [Modifier(value=shot.ob, label=f"{shot.shooter}'s OB", rule=None)]
    if not shot.prepared:
        mods.append(
            Modifier(
                value=rules.recoil_unprepared, label="recoil, shot not prepared", rule="RMU-GEN-3"
            )
        )
    short = rules.ranged_attack_ap[1] - shot.ap
    if short:
        mods.append(
            Modifier(
                value=short * rules.haste_per_ap,
                label=f"haste: {shot.ap} AP of {rules.ranged_attack_ap[1]}",
                rule="RMU-GEN-1",
            )
        )
    range_mod = range_modifier(band, weapon)
    if range_mod.value:
        mods.append(range_mod)
    if shot.mounted and band.modifier < 0 and not band.point_blank:
        mods.append(
            Modifier(
                value=min(25, -band.modifier),
                label="tripod-mounted: +25 against the range penalty, never past 0",
                rule="RMU-TRI-1",
            )
        )
    if weapon.hunting_class and shot.target_size in (Size.LARGE, Size.HUGE):
        mods.append(
            Modifier(
                value=rules.hunting[weapon.hunting_class],
                label=f"hunting class {weapon.hunting_class} vs a {shot.target_size.value} target",
                rule="RMU-HUNT-1",
            )
        )
    if shooter_armor and shooter_armor.missile:
        mods.append(
            Modifier(
                value=shooter_armor.missile,
                label=f"shooter's {shooter_armor.key} missile penalty",
                rule="RMU-ARM-5",
            )
        )
    for name in shot.situational:
        mods.append(
            Modifier(value=rules.situational[name], label=name.replace("-", " "), rule="R-1")
        )
    mods.extend(shot.extra)

    behind_cover = price is not None
    if price is not None and shot.cover is not None:
        bonus = price.bonus * ammo.cover_multiplier
        label = f"{shot.cover.grade.value} {shot.cover.material.value} cover ({price.column})"
        if ammo.cover_multiplier > 1:
            label += f", x{ammo.cover_multiplier} against {ammo.name}"
        mods.append(
            Modifier(
                value=-bonus,
                label=label,
                rule="RMU-COV-8" if ammo.cover_multiplier > 1 else "RMU-COV-3",
            )
        )
    armor_penalty = (
        armor_for_target.maneuver_trained + min(0, shot.armor_damage) if armor_for_target else 0
    )
    mods.extend(
        defense_modifiers(
            defender=shot.defender,
            behind_cover=behind_cover,
            armor=armor_for_target if plan.armor else None,
            armor_penalty=armor_penalty,
            rules=rules,
        )
    )
    if (
        not behind_cover
        and shot.defender.celerity < 1
        and (shot.defender.quickness_db or shot.defender.dodge_db)
    ):
        tb.step(
            f"{shot.target} is in the open: against a firearm only armor defends (no Quickness DB, "
            "no Dodge).",
            "RMU-DOD-1",
        )

    # RMU-GEN-8: every 5 ranks take one off the fumble number, never below 1.
    fumble = max(rules.fumble_minimum, weapon.fumble - shot.ranks // rules.fumble_ranks_per_step)
    roll = tb.roll(dice.d100_open_ended("attack roll", low_end=False))
    if roll.natural <= fumble:
        tb.step(
            f"Unmodified {roll.natural:02d} is within the {weapon.name}'s fumble range "
            f"01-{fumble:02d}: "
            "the shot fumbles and does nothing to the target (stand-in result until the Firearm "
            "Fumble table is consulted).",
            "RMU-GEN-8",
        )
        summary |= {"result": "fumble", "hit": False, "hits": 0, "fumble": True, "roll": roll.total}
        return _outcome(events, tb, summary)

    total = tb.total(
        "attack total",
        [
            Modifier(value=roll.total, label="attack roll, d100 open-ended high", rule="RMU-GEN-2"),
            *mods,
        ],
    )
    table = data.tables.attack(weapon.attack_table)
    result = table.lookup(total.value, plan.column)
    row_label = result.row.label if result.row else f"below {table.rows[0].low}"
    tb.lookup(
        table=table.name, row=row_label, column=plan.column, cell=str(result.cell), rule="RMU-GEN-5"
    )
    summary |= {"attack_total": total.value, "column": plan.column, "roll": roll.total}
    if result.row is None:
        tb.step(f"A total of {total.value} is below the table: the shot misses.", "RMU-GEN-5")
        summary |= {"result": "miss", "hit": False, "hits": 0}
        return _outcome(events, tb, summary)

    hits = result.hits
    if plan.half_hits and hits:
        hits = math.ceil(hits / 2)
        tb.step(
            f"Armor piercing over-penetrates: half of {result.hits} hits, rounded up, is {hits}.",
            "RMU-AMMO-3",
        )
    if hits:
        events.append(HitsInflicted(target=shot.target, hits=hits, rule="RMU-GEN-5"))
    summary |= {"result": "hit", "hit": True, "hits": hits, "severity": None}
    if result.severity is None:
        tb.step(f"{hits} concussion hits, no critical.", "RMU-GEN-5")
        return _outcome(events, tb, summary)

    crit = tb.roll(dice.d100("critical roll"))
    crit_total = crit.total
    if result.critical_roll_bonus:
        crit_total = tb.total(
            "critical roll",
            [
                Modifier(value=crit.total, label="critical roll, d100", rule="RMU-GEN-6"),
                Modifier(
                    value=result.critical_roll_bonus,
                    label="attack total past 175: +1 per 5 points",
                    rule="P-6",
                ),
            ],
        ).value
    location = data.tables.critical("ballistic-puncture").row_for(crit_total).location
    table_name = plan.critical_table(location)
    crit_table = data.tables.critical(table_name)
    covered = plan.armor is not None and location in plan.armor.covers
    tb.step(
        f"Critical {result.severity.value} to the {location.value}: "
        f"{'covered' if covered else 'not covered'} by armor, read on {crit_table.title}.",
        "RMU-ARM-3" if plan.armor or ammo.key != "ball" else "RMU-GEN-6",
    )
    cells: list[CriticalEffect] = []
    for severity, cell in crit_table.lookup(crit_total, result.severity):
        tb.lookup(
            table=crit_table.name,
            row=crit_table.row_for(crit_total).label,
            column=severity.value,
            cell=f"{cell.label}: {cell.summary()}",
            rule="P-7" if len(result.severity.components) > 1 else "RMU-GEN-7",
        )
        cells.append(cell)
        events.append(
            CriticalInflicted(
                target=shot.target,
                table=crit_table.name,
                severity=severity.value,
                roll=crit_total,
                location=location.value,
                effect=cell,
            )
        )
        if cell.attacker_bonus:
            events.append(
                AttackerBonusGained(actor=shot.shooter, bonus=cell.attacker_bonus, rule="RMU-BP-3")
            )
    effects = _combine(cells)
    summary |= {
        "severity": result.severity.value,
        "critical_roll": crit_total,
        "location": location.value,
        "critical_table": crit_table.name,
        "effects": effects,
        "total_hits": hits + sum(c.hits for c in cells),
    }
    return _outcome(events, tb, summary)


def _outcome(events: list[Event], tb: TraceBuilder, summary: dict[str, object]) -> Outcome:
    return Outcome(events=tuple(events), trace=tb.build(), summary=summary)
