"""Tripods (RMU-TRI-1, RMU-TRI-2): the mounted bonus, and what an unbraced tripod gun does to
the one holding it.

A gun that needs a tripod, fired without one, takes -50, and its recoil attacks the shooter
first: a Large attack at OB +0 on the Fall/Crush table, +5 for every point of ME of the gun's
attack table, with three times the shooter's Strength bonus as the only defense. Every hit the
shooter takes is -1 on the shot, and every step of critical severity -10 (A 1 ... E 5, F 6).
The recoil attack is an attack roll (d100 open-ended at the high end, D-2) read like any
attack that cannot fumble (:func:`~firefight.rulesets.rmu.strike.resolve_attack`), on the
stand-in Fall/Crush table, its criticals on the table ``firearm_actions.toml`` names. Its
setup, :func:`prepare_recoil`, and its price, :func:`recoil_penalties`, are what the odds
engine reads too.

>>> from firefight.rulesets.rmu.catalog import RmuData
>>> recoil_bonus(RmuData().weapon("m2hb")).value
145
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from firefight.dice import Dice
from firefight.events import Event
from firefight.rulesets.rmu.catalog import Ammunition, RmuData, Weapon
from firefight.rulesets.rmu.protection import FirePlan
from firefight.rulesets.rmu.ranges import RangeBand
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.shot_results import RecoilReport
from firefight.rulesets.rmu.strike import resolve_attack
from firefight.trace import Modifier, TraceBuilder

if TYPE_CHECKING:
    from firefight.rulesets.rmu.firearm_data import FirearmFigures, TripodFigures

__all__ = [
    "GunHandling",
    "PreparedRecoil",
    "Recoil",
    "TripodToll",
    "mounted_modifier",
    "prepare_recoil",
    "recoil_bonus",
    "recoil_penalties",
    "resolve_recoil",
    "tripod_toll",
    "unbraced_modifier",
]


def _tripod(figures: FirearmFigures | None = None) -> TripodFigures:
    # The firearm figures (and their data file's models) load only when a tripod rule applies,
    # not with every aimed shot.
    from firefight.rulesets.rmu.firearm_data import firearm_figures

    return (figures or firearm_figures()).tripod


def mounted_modifier(band: RangeBand, figures: FirearmFigures | None = None) -> Modifier | None:
    """RMU-TRI-1: +25 against the range penalty, never past 0 (none at point blank or Short)."""
    offset = _tripod(figures).mounted_range_offset
    if band.point_blank or band.modifier >= 0:
        return None
    return Modifier(
        value=min(offset, -band.modifier),
        label=f"tripod-mounted: +{offset} against the range penalty, never past 0",
        rule="RMU-TRI-1",
    )


def unbraced_modifier(weapon: Weapon) -> Modifier:
    """RMU-TRI-2: a gun that needs a tripod, fired without one."""
    value = _tripod().unbraced
    return Modifier(value=value, label=f"{weapon.name} fired unbraced", rule="RMU-TRI-2")


def recoil_bonus(weapon: Weapon) -> Modifier:
    """+5 per ME of the gun's attack table (an M2HB, ME 29: +145)."""
    per_me = _tripod().recoil_per_me
    return Modifier(
        value=per_me * weapon.me,
        label=f"recoil: +{per_me} per ME, ME {weapon.me}",
        rule="RMU-TRI-2",
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedRecoil:
    """An unbraced tripod gun's recoil attack on its shooter, settled before its roll.

    ``weapon`` is the gun read on the recoil's own attack table, ``plan`` the shooter's naked
    column and the critical table the data names, ``modifiers`` every term of the total but
    the roll. The resolver and the odds engine both start from here (RMU-TRI-2).
    """

    weapon: Weapon
    plan: FirePlan
    modifiers: tuple[Modifier, ...]

    @property
    def modifier_total(self) -> int:
        return sum(m.value for m in self.modifiers)


def prepare_recoil(
    *,
    shooter: str,
    weapon: Weapon,
    strength_bonus: int,
    naked_column: str,
) -> PreparedRecoil:
    """The recoil attack of ``weapon`` fired unbraced by ``shooter`` (RMU-TRI-2): a Large
    attack at OB +0, +5 per ME, three times the Strength bonus as the only defense.

    >>> from firefight.rulesets.rmu.catalog import RmuData
    >>> m2 = RmuData().weapon("m2hb")
    >>> recoil = prepare_recoil(shooter="Vic", weapon=m2, strength_bonus=5, naked_column="AT 3")
    >>> recoil.modifier_total, recoil.plan.column
    (130, 'AT 3')
    """
    fig = _tripod()
    parts = [
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
    return PreparedRecoil(
        weapon=dataclasses.replace(weapon, attack_table=fig.attack_table),
        plan=FirePlan(
            column=naked_column,
            armor=None,
            half_hits=False,
            ammo=recoil_ammo,
            tables_chosen_by="RMU-TRI-2",
        ),
        modifiers=tuple(parts),
    )


def recoil_penalties(hits_taken: int, severity: Severity | None) -> tuple[Modifier, ...]:
    """What the recoil did to the shooter costs the shot (RMU-TRI-2): -1 a hit taken, -10 a
    step of critical severity (on top of :func:`unbraced_modifier`).

    >>> [m.value for m in recoil_penalties(4, Severity("C"))]
    [-4, -30]
    """
    fig = _tripod()
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
    return tuple(mods)


@dataclass(frozen=True, slots=True, kw_only=True)
class Recoil:
    """The recoil attack's result: ``modifiers`` (-1 a hit, -10 a severity step) go on the
    shot, on top of :func:`unbraced_modifier`; ``events`` land on the shooter."""

    total: int
    hits_taken: int
    severity: str | None
    modifiers: tuple[Modifier, ...]
    events: tuple[Event, ...]
    report: RecoilReport


def resolve_recoil(
    *,
    shooter: str,
    weapon: Weapon,
    strength_bonus: int,
    naked_column: str,
    dice: Dice,
    data: RmuData,
    trace: TraceBuilder,
    severity_steps: int = 0,
    kindred: bool = False,
) -> Recoil:
    """Roll the recoil's attack on the shooter and price it for the shot (RMU-TRI-2); a
    Kindred shooter's critical reads ``severity_steps`` lower (V-1) and, ``kindred``, what it
    leaves them in as V-2 does (DEC-852).

    Dice: the recoil's attack roll, then its critical roll if it gives one.
    """
    trace.step(
        f"The {weapon.name} needs a tripod and is fired unbraced: its recoil attacks "
        f"{shooter} first, a Large attack at OB +0 on the Fall/Crush table.",
        "RMU-TRI-2",
    )
    prepared = prepare_recoil(
        shooter=shooter, weapon=weapon, strength_bonus=strength_bonus, naked_column=naked_column
    )
    attack = resolve_attack(
        purpose=f"recoil attack on {shooter}",
        total_label=f"recoil attack on {shooter}",
        modifiers=prepared.modifiers,
        weapon=prepared.weapon,
        plan=prepared.plan,
        target=shooter,
        shooter=shooter,
        dice=dice,
        data=data,
        trace=trace,
        severity_steps=severity_steps,
        kindred=kindred,
    )
    landed = attack.strike
    hits_taken = landed.landing.hits_taken
    severity_text = landed.landing.severity
    severity = Severity(severity_text) if severity_text else None
    mods = recoil_penalties(hits_taken, severity)
    report = RecoilReport(
        attack_total=attack.total,
        roll=attack.roll,
        landing=landed.landing,
        penalty=sum(m.value for m in mods) + unbraced_modifier(weapon).value,
    )
    return Recoil(
        total=attack.total,
        hits_taken=hits_taken,
        severity=severity.value if severity else None,
        modifiers=mods,
        events=landed.events,
        report=report,
    )


class GunHandling(Protocol):
    """What a declaration of rapid fire or a sweep says of the shooter and the gun's mount: the
    figures its recoil reads (RMU-TRI-2)."""

    @property
    def shooter(self) -> str: ...
    @property
    def mounted(self) -> bool: ...
    @property
    def strength_bonus(self) -> int: ...
    @property
    def naked_column(self) -> str: ...
    @property
    def severity_steps(self) -> int: ...
    @property
    def shooter_kindred(self) -> bool: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class TripodToll:
    """What a round of rapid fire or a sweep pays for its gun's tripod (RMU-TRI-2): with the
    gun off its tripod, ``modifiers`` (the unbraced penalty, then the recoil's price), the
    recoil's ``events`` on the shooter and its ``report``; nothing at all otherwise."""

    modifiers: tuple[Modifier, ...] = ()
    events: tuple[Event, ...] = ()
    report: RecoilReport | None = None


_NO_TOLL = TripodToll()


def tripod_toll(
    fire: GunHandling, weapon: Weapon, *, dice: Dice, data: RmuData, trace: TraceBuilder
) -> TripodToll:
    """Nothing for a gun that needs no tripod or stands on one; else its recoil rolled on the
    shooter (:func:`resolve_recoil`) and the unbraced penalty (RMU-TRI-2).

    Dice: those of :func:`resolve_recoil`, when the gun is unbraced.
    """
    if not weapon.requires_tripod or fire.mounted:
        return _NO_TOLL
    recoil = resolve_recoil(
        shooter=fire.shooter,
        weapon=weapon,
        strength_bonus=fire.strength_bonus,
        naked_column=fire.naked_column,
        dice=dice,
        data=data,
        trace=trace,
        severity_steps=fire.severity_steps,
        kindred=fire.shooter_kindred,
    )
    return TripodToll(
        modifiers=(unbraced_modifier(weapon), *recoil.modifiers),
        events=recoil.events,
        report=recoil.report,
    )
