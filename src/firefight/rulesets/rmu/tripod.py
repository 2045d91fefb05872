"""Tripods (RMU-TRI-1, RMU-TRI-2): the mounted bonus, and what an unbraced tripod gun does to
the one holding it.

A gun that needs a tripod, fired without one, takes -50, and its recoil attacks the shooter
first: a Large attack at OB +0 on the Fall/Crush table, +5 for every point of ME of the gun's
attack table, with three times the shooter's Strength bonus as the only defense. Every hit the
shooter takes is -1 on the shot, and every step of critical severity -10 (A 1 ... E 5, F 6).
The recoil attack is an attack roll (d100 open-ended at the high end, D-2); from the table on
it is read like any attack (:func:`~firefight.rulesets.rmu.strike.resolve_strike`), on the
stand-in Fall/Crush table, its criticals on the table ``firearm_actions.toml`` names.

>>> from firefight.rulesets.rmu.catalog import RmuData
>>> recoil_bonus(RmuData().weapon("m2hb")).value
145
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from firefight.dice import Dice
from firefight.events import Event
from firefight.rulesets.rmu.catalog import Ammunition, RmuData, Weapon
from firefight.rulesets.rmu.firearm_data import FirearmFigures, firearm_figures
from firefight.rulesets.rmu.protection import FirePlan
from firefight.rulesets.rmu.ranges import RangeBand
from firefight.rulesets.rmu.strike import resolve_strike
from firefight.tables.severity import Severity
from firefight.trace import Modifier, TraceBuilder

__all__ = ["Recoil", "mounted_modifier", "recoil_bonus", "resolve_recoil", "unbraced_modifier"]


def mounted_modifier(band: RangeBand, figures: FirearmFigures | None = None) -> Modifier | None:
    """RMU-TRI-1: +25 against the range penalty, never past 0 (none at point blank or Short)."""
    offset = (figures or firearm_figures()).tripod.mounted_range_offset
    if band.point_blank or band.modifier >= 0:
        return None
    return Modifier(
        value=min(offset, -band.modifier),
        label=f"tripod-mounted: +{offset} against the range penalty, never past 0",
        rule="RMU-TRI-1",
    )


def unbraced_modifier(weapon: Weapon, figures: FirearmFigures | None = None) -> Modifier:
    """RMU-TRI-2: a gun that needs a tripod, fired without one."""
    value = (figures or firearm_figures()).tripod.unbraced
    return Modifier(value=value, label=f"{weapon.name} fired unbraced", rule="RMU-TRI-2")


def recoil_bonus(weapon: Weapon, figures: FirearmFigures | None = None) -> Modifier:
    """+5 per ME of the gun's attack table (an M2HB, ME 29: +145)."""
    per_me = (figures or firearm_figures()).tripod.recoil_per_me
    return Modifier(
        value=per_me * weapon.me,
        label=f"recoil: +{per_me} per ME, ME {weapon.me}",
        rule="RMU-TRI-2",
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Recoil:
    """The recoil attack's result: ``modifiers`` (-1 a hit, -10 a severity step) go on the
    shot, on top of :func:`unbraced_modifier`; ``events`` land on the shooter."""

    total: int
    hits_taken: int
    severity: str | None
    modifiers: tuple[Modifier, ...]
    events: tuple[Event, ...]
    summary: dict[str, object]


def resolve_recoil(
    *,
    shooter: str,
    weapon: Weapon,
    strength_bonus: int,
    naked_column: str,
    dice: Dice,
    data: RmuData,
    trace: TraceBuilder,
) -> Recoil:
    """Roll the recoil's attack on the shooter and price it for the shot (RMU-TRI-2).

    Dice: the recoil's attack roll, then its critical roll if it gives one.
    """
    fig = firearm_figures().tripod
    trace.step(
        f"The {weapon.name} needs a tripod and is fired unbraced: its recoil attacks "
        f"{shooter} first, a Large attack at OB +0 on the Fall/Crush table.",
        "RMU-TRI-2",
    )
    roll = trace.roll(dice.d100_open_ended(f"recoil attack on {shooter}", low_end=False))
    parts = [
        Modifier(value=roll.total, label="attack roll, d100 open-ended high", rule="RMU-GEN-2"),
        Modifier(value=0, label="OB +0: a Large attack", rule="RMU-TRI-2"),
        recoil_bonus(weapon),
    ]
    if strength_bonus:
        parts.append(
            Modifier(
                value=-fig.strength_multiplier * strength_bonus,
                label=f"{shooter}'s Strength bonus x{fig.strength_multiplier}, in place of DB",
                rule="RMU-TRI-2",
            )
        )
    total = trace.total(f"recoil attack on {shooter}", parts)
    # The recoil is read like any blow: its own table, the shooter's naked column, and its
    # criticals on the table the data names, through the one attack pipeline.
    recoil_ammo = Ammunition(
        key="recoil",
        name="recoil",
        flesh_table=fig.critical_table,
        covered_table=fig.critical_table,
        cover_multiplier=1,
        armor_piercing=False,
    )
    plan = FirePlan(column=naked_column, armor=None, half_hits=False, ammo=recoil_ammo)
    landed = resolve_strike(
        total=total.value,
        weapon=dataclasses.replace(weapon, attack_table=fig.attack_table),
        plan=plan,
        target=shooter,
        shooter=shooter,
        dice=dice,
        data=data,
        trace=trace,
    )
    taken = landed.summary.get("total_hits", landed.summary.get("hits", 0))
    hits_taken = taken if isinstance(taken, int) else 0
    severity_text = landed.summary.get("severity")
    severity = Severity(str(severity_text)) if severity_text else None
    mods: list[Modifier] = []
    if hits_taken:
        mods.append(
            Modifier(
                value=fig.per_hit * hits_taken,
                label=f"recoil: {hits_taken} hits taken",
                rule="RMU-TRI-2",
            )
        )
    if severity is not None:
        mods.append(
            Modifier(
                value=fig.per_severity_step * severity.step,
                label=f"recoil: critical {severity.value} taken ({severity.step} steps)",
                rule="RMU-TRI-2",
            )
        )
    summary: dict[str, object] = {
        "attack_total": total.value,
        "roll": roll.total,
        **landed.summary,
        "penalty": sum(m.value for m in mods) + unbraced_modifier(weapon).value,
    }
    return Recoil(
        total=total.value,
        hits_taken=hits_taken,
        severity=severity.value if severity else None,
        modifiers=tuple(mods),
        events=landed.events,
        summary=summary,
    )
