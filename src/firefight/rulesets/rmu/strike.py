"""What an attack total does to one target: hits, a critical, and the armor's breakage check.

Everything from the attack table on is the same for an aimed shot, a stray round into a
shielder and every roll of a burst or a sweep: read the total on the weapon's attack table in
the column the :class:`~firefight.rulesets.rmu.protection.FirePlan` chose (RMU-GEN-5), deal
the concussion hits (halved for armor piercing that over-penetrates, RMU-AMMO-3), roll the
critical (a plain d100, RMU-GEN-6; pushed past 175 by RULINGS P-6), read its location and the
table that location sends it to (RMU-ARM-3), and, when the cell calls for it on armor that
covers the location, roll the breakage check (RMU-BRK-1, RMU-AMMO-5, RULINGS P-5).

Dice are asked for in that order: the critical roll, then the breakage check.

An attack that cannot fumble -- a stray round into a shielder (RMU-COV-6), each roll of a cone
(RMU-RF-12), an unbraced tripod gun's recoil (RMU-TRI-2) -- is rolled and read whole by
:func:`resolve_attack`: the attack roll first, then the dice above.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter

from firefight.dice import Dice
from firefight.events import Event
from firefight.frozen import quick_init
from firefight.rulesets.rmu.attack_table import AttackTable
from firefight.rulesets.rmu.breakage import resolve_critical_breakage
from firefight.rulesets.rmu.called import called_row
from firefight.rulesets.rmu.catalog import RmuData, Weapon
from firefight.rulesets.rmu.critical_table import CriticalEffect, HitLocation
from firefight.rulesets.rmu.events import AttackerBonusGained, CriticalInflicted, HitsInflicted
from firefight.rulesets.rmu.kindred_criticals import read_critical
from firefight.rulesets.rmu.protection import FirePlan
from firefight.rulesets.rmu.struck import BreakageCheck, CriticalEffects, Missed, Strike, Struck
from firefight.trace import Modifier, TraceBuilder
from firefight.wording import counted

__all__ = [
    "RolledAttack",
    "StrikeResult",
    "attack_roll",
    "attack_roll_term",
    "attack_total",
    "combine_effects",
    "resolve_attack",
    "resolve_strike",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class StrikeResult:
    """The events a total causes and what it did to the target."""

    hit: bool
    events: tuple[Event, ...]
    landing: Strike


def combine_effects(cells: Sequence[CriticalEffect]) -> CriticalEffects:
    """The effects of every cell read on one critical (several under RULINGS P-7)."""
    dying = [c.dying_rounds for c in cells if c.dying_rounds is not None]
    stun = [c for c in cells if c.stun_rounds]
    return CriticalEffects(
        hits=sum(c.hits for c in cells),
        bleed=sum(c.bleed for c in cells),
        stun_rounds=sum(c.stun_rounds for c in cells),
        stun_penalty=min((c.stun_penalty for c in stun), default=0),
        staggered=sum(c.staggered for c in cells),
        injury=sum(c.injury for c in cells),
        fatigue=sum(c.fatigue for c in cells),
        prone=any(c.prone for c in cells),
        dying_rounds=min(dying) if dying else None,
        dead=any(c.dead for c in cells),
        attacker_bonus=sum(c.attacker_bonus for c in cells),
        breakage=tuple(c.breakage for c in cells if c.breakage is not None),
    )


def _coverage(plan: FirePlan, location: HitLocation) -> str:
    """How the armor stands over ``location``, in words: protecting it, worn over it but
    passed through (armor piercing defeats it, RMU-AMMO-3), or not there at all."""
    if plan.covered(location):
        return "covered by armor"
    if plan.worn is not None and location in plan.worn.covers:
        return f"under the {plan.worn.key}, which the round goes through"
    return "not covered by armor"


#: A miss in a quiet resolution (most of a simulated fight's strikes): one for all, as nobody
#: reads the column it was read in nor how far short it fell.
_MISSED_QUIETLY = StrikeResult(hit=False, events=(), landing=Missed())


def resolve_strike(
    *,
    total: int,
    weapon: Weapon,
    plan: FirePlan,
    target: str,
    shooter: str,
    dice: Dice,
    data: RmuData,
    trace: TraceBuilder,
    armor_damage: int = 0,
    armor_quality: int = 0,
    severity_steps: int = 0,
    kindred: bool = False,
    called: HitLocation | None = None,
    table: AttackTable | None = None,
) -> StrikeResult:
    """Read ``total`` on the weapon's table and resolve what it does to ``target``.

    ``armor_damage`` and ``armor_quality`` are the target's armor's running breakage total and
    quality bonus, for the breakage check a covered location's cell may call for.
    ``severity_steps`` lowers a Kindred target's critical (RULINGS V-1); ``kindred`` marks a
    target whose fate reads as V-2 does, whatever the steps (DEC-852); ``called`` is the
    location a called shot aims at (RULINGS R-7). For a trace that keeps nothing
    (``trace.telling`` False: a quiet resolution) the landing gives only whether it hit, the
    hits (the critical's too) and the severity. ``table`` is the weapon's attack table when
    the caller read it already (a prepared shot keeps it).
    """
    tb = trace
    if table is None:
        table = data.tables.attack(weapon.attack_table)
    result = table.lookup(total, plan.column)
    telling = tb.telling
    if telling:
        row_label = result.row.label if result.row else f"below {table.rows[0].low}"
        tb.lookup(
            table=table.name,
            row=row_label,
            column=plan.column,
            cell=str(result.cell),
            rule="RMU-GEN-5",
        )
    if result.row is None:
        if not telling:
            return _MISSED_QUIETLY
        tb.step(f"A total of {total} is below the table: the shot misses {target}.", "RMU-GEN-5")
        return StrikeResult(
            hit=False,
            events=(),
            # How far short of the table's first row the total fell, for the headline.
            landing=Missed(column=plan.column, miss_by=table.rows[0].low - total),
        )

    events: list[Event] = []
    hits = result.hits
    if plan.half_hits and hits:
        hits = math.ceil(hits / 2)
        tb.step(
            f"Armor piercing over-penetrates: half of {result.hits} hits, rounded up, is {hits}.",
            "RMU-AMMO-3",
        )
    if hits:
        events.append(HitsInflicted(target=target, hits=hits, rule="RMU-GEN-5"))
    if result.severity is None:
        if telling:
            tb.step(f"{counted(hits, 'concussion hit')}, no critical.", "RMU-GEN-5")
        return StrikeResult(
            hit=True,
            events=tuple(events),
            landing=Struck(column=plan.column, hits=hits, severity=None),
        )

    crit_total = crit_roll = tb.die(dice, 100, "critical roll")
    if result.critical_roll_bonus:
        crit_total = tb.total(
            "critical roll",
            [
                Modifier(value=crit_roll, label="critical roll, d100", rule="RMU-GEN-6"),
                Modifier(
                    value=result.critical_roll_bonus,
                    label="attack total past 175: +1 per 5 points",
                    rule="P-6",
                ),
            ],
        ).value
    layout = data.tables.critical("ballistic-puncture")
    if called is not None:
        # every critical table shares the layout, so the row found reads on any of them.
        found = called_row(layout, crit_total, called, tb)
        if found is not layout.row_for(crit_total):
            crit_total = found.low
    location = layout.row_for(crit_total).location
    crit_table = data.tables.critical(plan.critical_table(location))
    if telling:
        tb.step(
            f"Critical {result.severity.value} to the {location.value}: "
            f"{_coverage(plan, location)}, read on {crit_table.title}.",
            plan.table_rule,
        )
    cells: list[CriticalEffect] = []
    reading = read_critical(
        crit_table, crit_total, result.severity, steps=severity_steps, who=target, trace=tb
    )
    for severity, row, cell in reading.cells:
        if telling:
            tb.lookup(
                table=crit_table.name,
                row=row.label,
                column=severity.value,
                cell=f"{cell.label}: {cell.summary()}",
                rule=reading.rule,
            )
        cells.append(cell)
        events.append(
            CriticalInflicted(
                target=target,
                table=crit_table.name,
                severity=severity.value,
                roll=crit_total,
                location=row.location.value,
                effect=cell,
                reduced_from=reading.reduced_from,
                aggravated=reading.aggravated,
            )
        )
        if cell.attacker_bonus:
            events.append(
                AttackerBonusGained(actor=shooter, bonus=cell.attacker_bonus, rule="RMU-BP-3")
            )
    taken = resolve_critical_breakage(
        plan,
        location,
        crit_total,
        result.severity,
        dice,
        data=data,
        wearer=target,
        armor_damage=armor_damage,
        armor_quality=armor_quality,
        trace=tb,
    )
    if taken is not None:
        events.append(taken)
    total_hits = hits + sum([c.hits for c in cells])
    if not telling:
        # A quiet resolution reads only what the hit costs (an unbraced gun's recoil prices
        # the hits and the severity its shooter took, RMU-TRI-2): the critical's details, its
        # effects added up and the breakage check are left out; the events carry them all.
        return StrikeResult(
            hit=True,
            events=tuple(events),
            landing=Struck(
                column=plan.column,
                hits=hits,
                severity=result.severity.value,
                total_hits=total_hits,
            ),
        )
    check = None
    if taken is not None:
        check = BreakageCheck(
            armor=taken.armor,
            check_total=taken.check_total,
            penalty=taken.penalty,
            new_total=taken.new_total,
            broken=taken.broken,
            beaten_open=taken.beaten_open,
            temporary=taken.temporary,
        )
    struck = Struck(
        column=plan.column,
        hits=hits,
        severity=result.severity.value,
        critical_roll=crit_total,
        location=reading.location,
        critical_table=crit_table.name,
        kindred_severity=reading.severity.value if reading.reduced else None,
        kindred=kindred or None,
        effects=combine_effects(cells),
        total_hits=total_hits,
        breakage=check,
    )
    return StrikeResult(hit=True, events=tuple(events), landing=struck)


def attack_roll_term(roll: int) -> Modifier:
    """The attack roll as the first term of an attack total (RMU-GEN-2: d100 open-ended, high
    end only, RULINGS D-2)."""
    return Modifier(value=roll, label="attack roll, d100 open-ended high", rule="RMU-GEN-2")


def attack_total(trace: TraceBuilder, label: str, roll: int, modifiers: Sequence[Modifier]) -> int:
    """An attack total: the roll (:func:`attack_roll_term`) and every other term, itemized in
    the trace when it keeps its entries; a quiet one (a simulated fight) only adds them up,
    building neither the roll's term nor the total (the fight's most-built values)."""
    if trace.telling:
        return trace.total(label, [attack_roll_term(roll), *modifiers]).value
    terms: int = sum(map(_VALUE, modifiers))
    return roll + terms


#: A term's value, read in C (no comprehension's frame: every shot adds up its terms).
_VALUE = attrgetter("value")


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class RolledAttack:
    """An attack rolled and read: its roll, its total, and what the total did."""

    roll: int
    total: int
    strike: StrikeResult


def resolve_attack(
    *,
    purpose: str,
    total_label: str,
    modifiers: Sequence[Modifier],
    weapon: Weapon,
    plan: FirePlan,
    target: str,
    shooter: str,
    dice: Dice,
    data: RmuData,
    trace: TraceBuilder,
    armor_damage: int = 0,
    armor_quality: int = 0,
    severity_steps: int = 0,
    kindred: bool = False,
    table: AttackTable | None = None,
) -> RolledAttack:
    """Roll an attack that cannot fumble and read it through :func:`resolve_strike`.

    ``modifiers`` are every term of the total but the roll; ``table`` the weapon's attack
    table, when the caller read it already. Dice: the attack roll, then the critical roll and
    the breakage check as the total calls for them.
    """
    _, rolled = attack_roll(dice, trace, purpose)
    total = attack_total(trace, total_label, rolled, modifiers)
    landed = resolve_strike(
        total=total,
        weapon=weapon,
        plan=plan,
        target=target,
        shooter=shooter,
        dice=dice,
        data=data,
        trace=trace,
        armor_damage=armor_damage,
        armor_quality=armor_quality,
        severity_steps=severity_steps,
        kindred=kindred,
        table=table,
    )
    return RolledAttack(roll=rolled, total=total, strike=landed)


def attack_roll(dice: Dice, tb: TraceBuilder, purpose: str) -> tuple[int, int]:
    """An attack's d100, open-ended at the high end alone (RULINGS D-2): its unmodified first
    face and its total, the roll kept in ``tb``; a quiet trace keeps none, so none is built
    (the same draws: a simulated fight rolls one at every shot)."""
    if tb.telling:
        roll = tb.roll(dice.d100_open_ended(purpose, low_end=False))
        return roll.natural, roll.total
    faces, total = dice.d100_open_ended_drawn(purpose, low_end=False)
    return faces[0], total
