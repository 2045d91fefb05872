"""An explosive going off: one detonation roll read by every body in reach (RMU-EXP-1, -5..8,
-13, RULINGS X-3).

The detonation is rolled once: d100 open-ended plus the thrower's Ranged Weapon: Thrown ranks.
Each body reads it on its own: its band's modifier (and -20 straddling, one band out when prone,
:mod:`~firefight.rulesets.rmu.bands`), minus its Quickness DB, minus a barrier only when the
barrier stands between the burst and the body and is material (priced on the cover table's
SG & ME 1-6 column), and never a dodge.

* **Fragmentation** reads the total on its own attack table in the body's armor column (the BA
  columns for a vest); a critical lands on Ballistic Shrapnel, the covered clause where the vest
  covers the location struck and the bare clause elsewhere (RMU-EXP-8).
* **Concussion and incendiary** never ask about armor: the band sets the severity (X-3) and one
  d100 per body reads the load's critical table; concussion reads the same roll on Subdual too
  (DEC-301). A total below the first row of the Ball tables (15) does nothing (DEC-302).
* **Molotov**: no roll and no columns: a flat critical to everyone in its radius (RMU-EXP-13).

>>> from firefight.dice import Dice
>>> from firefight.geometry import Point
>>> blast = Blast(load="m67", center=Point(x_ft=0, y_ft=0), thrown_ranks=10,
...     people=(BlastTarget(name="Bob", position=Point(x_ft=30, y_ft=0)),))
>>> outcome = resolve_detonation(blast, Dice.scripted([60, 50]))
>>> person = outcome.result.people[0]
>>> person.band, person.total, person.hits, person.severity
('casualty', 70, 11, 'B')
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace
from firefight.geometry import Body, CoverGrade, Point, Posture, Size, band_of
from firefight.outcome import Outcome
from firefight.rulesets.rmu.bands import InBlast, place_in_blast
from firefight.rulesets.rmu.blast_results import (
    BlastCritical,
    BlastPerson,
    DetonationResult,
    NoCritical,
)
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import Cover, CoverMaterial, reached_bonus
from firefight.rulesets.rmu.critical_landed import cell_landed
from firefight.rulesets.rmu.critical_table import CriticalEffect, HitLocation
from firefight.rulesets.rmu.events import HitsInflicted
from firefight.rulesets.rmu.explosives import ExplosiveData, Load, explosive_data
from firefight.rulesets.rmu.kindred_criticals import read_critical
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.strike import combine_effects
from firefight.rulesets.rmu.volley import SHRAPNEL_BARE, SHRAPNEL_COVERED
from firefight.trace import Modifier, TraceBuilder

__all__ = [
    "DETONATION_OPENS_LOW",
    "FRAGMENTATION_TABLE",
    "LOWEST_BLAST_TOTAL",
    "WOUNDING_EFFECTS",
    "Blast",
    "BlastTarget",
    "Exposure",
    "barrier_between",
    "blast_cover_bonus",
    "check_blast",
    "critical_cells",
    "critical_tables",
    "exposure",
    "in_fire",
    "resolve_detonation",
]

#: RULINGS D-2: the detonation roll is open-ended at both ends (an area attack has no fumble
#: range to read a low roll against instead; DEC-730). The odds engine reads the same.
DETONATION_OPENS_LOW = True
#: RMU-EXP-8: fragmentation's own attack table (a generated stand-in).
FRAGMENTATION_TABLE = "fragmentation"
#: Concussion's secondary critical (RMU-EXP-8).
SECONDARY_TABLE = "subdual"
#: DEC-302: the first row of RMU's Ball tables; a blast total below it does nothing.
LOWEST_BLAST_TOTAL = 15
#: The effects of the loads that wound (RMU-EXP-1); flash, smoke and gas go off otherwise.
WOUNDING_EFFECTS = ("fragmentation", "concussion", "incendiary", "molotov")
_GRADE_INDEX = {CoverGrade.PARTIAL: 0, CoverGrade.HALF: 1, CoverGrade.FULL: 2}


@dataclass(frozen=True, slots=True, kw_only=True)
class BlastTarget:
    """A body near the burst. ``cover`` is a barrier they have; ``barrier`` is where it stands
    (None: the GM says it is between them and the burst); ``obscured`` marks cover that only
    hides (smoke, darkness, a curtain), which subtracts nothing from a blast (RMU-EXP-6);
    ``cover_share_percent`` the share of the barrier a dash for it reached (RMU-EXP-11)."""

    name: str
    position: Point
    posture: Posture = Posture.STANDING
    size: Size = Size.MEDIUM
    armor: str = "AT 1"
    quickness_db: int = 0
    cover: Cover | None = None
    barrier: Point | None = None
    obscured: bool = False
    cover_share_percent: int = 100
    # A Kindred's V-1 steps: non-aggravated criticals (fragments, concussion) read lower; and
    # whether what they leave them in reads as V-2 does, said apart from the steps (DEC-852).
    severity_steps: int = 0
    kindred: bool = False

    def body(self) -> Body:
        return Body(center=self.position, posture=self.posture, size=self.size, name=self.name)


@dataclass(frozen=True, slots=True, kw_only=True)
class Blast:
    """``load`` going off at ``center``; ``enclosed`` in a closed room (MK3A2's larger radius)."""

    load: str
    center: Point
    thrown_ranks: int = 0
    people: tuple[BlastTarget, ...] = ()
    enclosed: bool = False
    extra: tuple[Modifier, ...] = ()
    thrower: str = "thrower"


def barrier_between(body: Point, barrier: Point, burst: Point) -> bool:
    """Whether a barrier at ``barrier`` stands on the burst's side of the body (RMU-EXP-6): a
    wall you are behind counts, a wall at your back does not.

    >>> o = Point(x_ft=0, y_ft=0)
    >>> barrier_between(Point(x_ft=10, y_ft=0), Point(x_ft=9, y_ft=0), o)
    True
    >>> barrier_between(Point(x_ft=10, y_ft=0), Point(x_ft=11, y_ft=0), o)
    False
    """
    to_barrier = (barrier.x_ft - body.x_ft, barrier.y_ft - body.y_ft)
    to_burst = (burst.x_ft - body.x_ft, burst.y_ft - body.y_ft)
    return to_barrier[0] * to_burst[0] + to_barrier[1] * to_burst[1] > 0


def blast_cover_bonus(cover: Cover, data: RmuData) -> tuple[int, bool]:
    """A barrier's value against a blast and whether it stops it outright: the cover table's
    SG & ME 1-6 column, the lightest (RMU-EXP-6), where hardened reads as impenetrable."""
    values = data.cover
    i = _GRADE_INDEX[cover.grade]
    if cover.material is CoverMaterial.SOFT:
        return values.soft[i], False
    if cover.material is CoverMaterial.HARD:
        return values.hard[0].values[i], False
    return values.impenetrable[i], cover.grade is CoverGrade.FULL


@dataclass(frozen=True, slots=True, kw_only=True)
class Exposure:
    """What one body brings to the detonation: its band and every term of its total but the
    roll; ``stopped`` when full impenetrable cover keeps the blast off it."""

    placed: InBlast
    terms: tuple[Modifier, ...]
    stopped: bool

    @property
    def offset(self) -> int:
        return sum(m.value for m in self.terms)


def check_blast(blast: Blast, data: RmuData, explosives: ExplosiveData) -> Load:
    """The load, after refusing what cannot go off as declared (before any die)."""
    load = explosives.load(blast.load)
    if load.effect not in WOUNDING_EFFECTS:
        what = {"flash": "use rmu flash-bang (RMU-EXP-17)", "smoke": "it only hides (RMU-EXP-15)",
                "gas": "it works on eyes and lungs (RMU-EXP-16)"}[load.effect]  # fmt: skip
        raise RuleRefusal("RMU-EXP-1", f"The {load.name} wounds nobody: {what}.")
    if not blast.people:
        raise RuleRefusal("RMU-EXP-1", "Name at least one person near the burst.")
    names = [p.name for p in blast.people]
    if len(set(names)) != len(names):
        raise RuleRefusal("RMU-EXP-1", f"Each person is named once; {names} repeats a name.")
    for p in blast.people:
        if p.armor not in data.tables.attack(FRAGMENTATION_TABLE).columns:
            raise RuleRefusal("RMU-EXP-8", f"{p.name}'s armor {p.armor!r} is no AT or BA column.")
    return load


def exposure(
    blast: Blast,
    p: BlastTarget,
    load: Load,
    data: RmuData,
    explosives: ExplosiveData,
    tb: TraceBuilder,
) -> Exposure:
    """``p``'s band and terms (RMU-EXP-5..7): band modifiers, Quickness DB, cover between."""
    placed = place_in_blast(p.body(), blast.center, load, enclosed=blast.enclosed,
                            data=explosives)  # fmt: skip
    cover, stopped = _cover_terms(p, blast.center, data, tb) if placed.band else ([], False)
    terms = (
        Modifier(value=blast.thrown_ranks, label="Thrown ranks", rule="RMU-EXP-1"),
        *placed.modifiers,
        Modifier(value=-p.quickness_db, label="Quickness DB (no dodge)", rule="RMU-EXP-6"),
        *cover,
        *blast.extra,
    )
    return Exposure(placed=placed, terms=terms, stopped=stopped)


def critical_tables(
    load: Load, armor: str, location: HitLocation, data: RmuData
) -> tuple[str, ...]:
    """The tables a critical to ``location`` is read on, in order, for a body wearing ``armor``
    (RMU-EXP-8, X-3, DEC-301)."""
    if load.effect == "fragmentation":
        vest = data.armor_class(armor)
        return (SHRAPNEL_COVERED if vest and location in vest.covers else SHRAPNEL_BARE,)
    assert load.critical_table is not None
    if load.effect == "concussion":
        return (load.critical_table, SECONDARY_TABLE)
    return (load.critical_table,)


def in_fire(p: BlastTarget, blast: Blast, load: Load) -> bool:
    """Whether any part of ``p`` is inside a flat-critical load's radius (RMU-EXP-13)."""
    return band_of(p.body(), blast.center, [load.radius_ft])[0] is not None


def resolve_detonation(
    blast: Blast,
    dice: Dice,
    data: RmuData | None = None,
    explosives: ExplosiveData | None = None,
) -> Outcome[DetonationResult]:
    """Every body's share of ``blast``. Dice: the detonation roll (not for a Molotov), then for
    each body in reach, in the order given, the critical roll it calls for."""
    data = data or RmuData()
    explosives = explosives or explosive_data()
    load = check_blast(blast, data, explosives)
    tb = TraceBuilder()
    if load.effect == "molotov":
        return _molotov(blast, load, dice, data, tb)
    roll = tb.roll(dice.d100_open_ended("detonation", low_end=DETONATION_OPENS_LOW))
    events: list[Event] = []
    people: list[BlastPerson] = []
    for p in blast.people:
        exposed = exposure(blast, p, load, data, explosives, tb)
        placed = exposed.placed
        if placed.band is None:
            tb.step(f"{p.name} is outside the blast.", "RMU-EXP-5")
            people.append(BlastPerson(name=p.name, band=None, total=None, hits=0))
            continue
        terms = [
            Modifier(value=roll.total, label="detonation, d100 open-ended", rule="RMU-EXP-1"),
            *exposed.terms,
        ]
        total = tb.total(f"detonation against {p.name}", terms).value
        row = BlastPerson(name=p.name, band=placed.band, total=total, hits=0)
        if exposed.stopped:
            tb.step(f"Full impenetrable cover stops the blast short of {p.name}.", "RMU-EXP-6")
        elif load.effect == "fragmentation":
            hits, critical = _fragments(p, load, total, dice, data, tb, events)
            row = replace(row, hits=hits, critical=critical)
        else:
            assert placed.severity is not None
            critical = _band_critical(p, load, total, placed.severity, dice, data, tb, events)
            row = replace(row, critical=critical)
        people.append(row)
    done = DetonationResult(load=load.key, roll=roll.total, people=tuple(people))
    return Outcome(events=tuple(events), trace=tb.build(), result=done)


def _cover_terms(
    p: BlastTarget, center: Point, data: RmuData, tb: TraceBuilder
) -> tuple[list[Modifier], bool]:
    if p.obscured:
        tb.step(f"What hides {p.name} is no barrier: it subtracts nothing.", "RMU-EXP-6")
    if p.cover is None:
        return [], False
    if p.barrier is not None and not barrier_between(p.position, p.barrier, center):
        tb.step(f"{p.name}'s barrier is not between them and the burst.", "RMU-EXP-6")
        return [], False
    bonus, stopped = blast_cover_bonus(p.cover, data)
    if p.cover_share_percent < 100:
        # RMU-EXP-11: the dash's fraction of the barrier, whatever it is; none stops it outright.
        reached = reached_bonus(bonus, p.cover_share_percent)
        tb.step(f"{p.name} dashed for the barrier and reached {p.cover_share_percent}% of its "
                f"+{bonus}: +{reached}.", "RMU-EXP-11")  # fmt: skip
        label = f"cover {p.cover} (SG & ME 1-6), {p.cover_share_percent}% reached"
        return [Modifier(value=-reached, label=label, rule="RMU-EXP-11")], False
    return [Modifier(value=-bonus, label=f"cover {p.cover} (SG & ME 1-6)", rule="RMU-EXP-6")], (
        stopped
    )


def critical_cells(
    who: BlastTarget,
    table_name: str,
    roll: int,
    severity: Severity,
    data: RmuData,
    tb: TraceBuilder,
    events: list[Event],
) -> tuple[list[CriticalEffect], str | None]:
    """Read ``roll`` at ``severity`` on ``table_name`` for ``who``: the cells, traced, each
    told as a :class:`CriticalInflicted` added to ``events``, and the severity read when it is
    lower than the one struck (a Kindred's, V-1), else None."""
    table = data.tables.critical(table_name)
    reading = read_critical(table, roll, severity, steps=who.severity_steps, who=who.name, trace=tb)
    rule = "V-1" if reading.reduced else "RMU-EXP-1"
    cells: list[CriticalEffect] = []
    for sev, row, cell in reading.cells:
        events.append(
            cell_landed(target=who.name, table=table.name, roll=roll, severity=sev, row=row,
                        cell=cell, rule=rule, trace=tb, reduced_from=reading.reduced_from,
                        aggravated=reading.aggravated)
        )  # fmt: skip
        cells.append(cell)
    return cells, reading.severity.value if reading.reduced else None


def _fragments(
    p: BlastTarget,
    load: Load,
    total: int,
    dice: Dice,
    data: RmuData,
    tb: TraceBuilder,
    events: list[Event],
) -> tuple[int, NoCritical | BlastCritical]:
    table = data.tables.attack(FRAGMENTATION_TABLE)
    result = table.lookup(total, p.armor)
    tb.lookup(table=table.name, row=result.row.label if result.row else "below the table",
              column=p.armor, cell=str(result.cell), rule="RMU-EXP-8")  # fmt: skip
    if result.hits:
        events.append(HitsInflicted(target=p.name, hits=result.hits, rule="RMU-EXP-8"))
    if result.severity is None:
        return result.hits, NoCritical()
    crit = tb.roll(dice.d100(f"critical roll for {p.name}")).total + result.critical_roll_bonus
    location = data.tables.critical(SHRAPNEL_BARE).row_for(crit).location
    (table_name,) = critical_tables(load, p.armor, location, data)
    covered = table_name == SHRAPNEL_COVERED
    tb.step(
        f"Fragments strike {p.name}'s {location.value}, {'covered' if covered else 'bare'}: "
        f"Ballistic Shrapnel, {'covered' if covered else 'bare'} clause.",
        "RMU-EXP-8",
    )
    cells, read_as = critical_cells(p, table_name, crit, result.severity, data, tb, events)
    return result.hits, BlastCritical(severity=result.severity.value, read_as=read_as,
                                      critical_roll=crit, location=location.value,
                                      critical_table=table_name,
                                      effects=combine_effects(cells))  # fmt: skip


def _band_critical(
    p: BlastTarget,
    load: Load,
    total: int,
    severity: Severity,
    dice: Dice,
    data: RmuData,
    tb: TraceBuilder,
    events: list[Event],
) -> NoCritical | BlastCritical:
    if total < LOWEST_BLAST_TOTAL:
        tb.step(f"{total} is below {LOWEST_BLAST_TOTAL}: nothing reaches {p.name}.", "DEC-302")
        return NoCritical()
    assert load.critical_table is not None
    tb.step(f"The band sets the severity: {severity.value}, whatever {p.name} wears.", "X-3")
    crit = tb.roll(dice.d100(f"critical roll for {p.name}")).total
    location = data.tables.critical(load.critical_table).row_for(crit).location
    cells: list[CriticalEffect] = []
    read_as = None
    for table in critical_tables(load, p.armor, location, data):
        read, lower = critical_cells(p, table, crit, severity, data, tb, events)
        cells += read
        read_as = read_as or lower
    effects = combine_effects(cells)
    return BlastCritical(severity=severity.value, read_as=read_as, critical_roll=crit,
                         critical_table=load.critical_table, effects=effects)  # fmt: skip


def _molotov(
    blast: Blast, load: Load, dice: Dice, data: RmuData, tb: TraceBuilder
) -> Outcome[DetonationResult]:
    assert load.flat_severity is not None and load.critical_table is not None
    events: list[Event] = []
    people: list[BlastPerson] = []
    for p in blast.people:
        if not in_fire(p, blast, load):
            tb.step(f"{p.name} is outside the {load.radius_ft:g} ft of fire.", "RMU-EXP-13")
            people.append(BlastPerson(name=p.name, band=None, total=None, hits=0))
            continue
        tb.step(f"{p.name} is in the fire: a flat {load.flat_severity.value} critical, no armor "
                "column.", "RMU-EXP-13")  # fmt: skip
        crit = tb.roll(dice.d100(f"critical roll for {p.name}")).total
        cells, read_as = critical_cells(p, load.critical_table, crit, load.flat_severity, data,
                                        tb, events)  # fmt: skip
        burnt = BlastCritical(severity=load.flat_severity.value, read_as=read_as,
                              critical_roll=crit,
                              critical_table=load.critical_table,
                              effects=combine_effects(cells))  # fmt: skip
        people.append(BlastPerson(name=p.name, band="fire", total=None, hits=0, critical=burnt))
    done = DetonationResult(load=load.key, roll=None, people=tuple(people))
    return Outcome(events=tuple(events), trace=tb.build(), result=done)
