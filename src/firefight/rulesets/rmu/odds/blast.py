"""The rmu detonation as the odds layer sees them (RMU-EXP-1): per person near the burst,
P(in each band), P(critical), expected hits, P(dying), P(dead).

Everyone reads the one detonation roll, so the fast exact path runs over that roll alone (the
open-ended d100 followed ``depth`` rerolls): each total gives every body its band, attack-table
hits and severity; each body's critical roll is its own d100, independent of everyone else's,
so what the critical does is carried as its expectation over that d100 (expected critical hits,
P(dying), P(dead)). Per-person stats are therefore exact; the joint spread of the critical rolls
is not listed (the generic engine and Monte Carlo carry it). A Molotov has no roll: one outcome.

>>> from firefight.geometry import Point
>>> from firefight.rulesets.rmu.detonation import Blast, BlastTarget
>>> blast = Blast(load="m67", center=Point(x_ft=0, y_ft=0),
...     people=(BlastTarget(name="Bob", position=Point(x_ft=30, y_ft=0)),))
>>> dist = blast_exact(None, blast, 2)
>>> round(dist.expected(lambda v: float(v.people[0].band == "casualty")) + dist.cut_off, 9)
1.0
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, NamedTuple

from firefight.dice import Dice
from firefight.frozen import replace
from firefight.geometry import Point, scatter_point
from firefight.outcome import Outcome
from firefight.probability.distribution import Distribution
from firefight.probability.openended import open_ended
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.blast_results import (
    BlastCritical,
    BlastPerson,
    DetonationResult,
    ThrownBlastResult,
)
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.detonation import (
    DETONATION_OPENS_LOW,
    FRAGMENTATION_TABLE,
    LOWEST_BLAST_TOTAL,
    Blast,
    BlastTarget,
    Exposure,
    check_blast,
    critical_tables,
    exposure,
    in_fire,
    resolve_detonation,
)
from firefight.rulesets.rmu.explosives import Load, explosive_data
from firefight.rulesets.rmu.kindred_criticals import read_critical
from firefight.rulesets.rmu.kindred_vitals import table_fate
from firefight.rulesets.rmu.odds.views import default_data
from firefight.rulesets.rmu.placement import placement_terms, scatter_ft
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.strike import combine_effects
from firefight.rulesets.rmu.struck import CriticalEffects
from firefight.rulesets.rmu.thrown_blast import ThrownBlast, resolve_thrown_blast
from firefight.rulesets.rmu.volley import SHRAPNEL_BARE
from firefight.trace import TraceBuilder
from firefight.wording import counted

__all__ = [
    "BlastView",
    "BodyView",
    "LandingView",
    "MeanBody",
    "blast_exact",
    "blast_stats",
    "blast_view",
    "describe_blast",
    "describe_landing",
    "landing_view",
    "resolve_blast_for_odds",
    "resolve_blast_with",
    "resolve_thrown_for_odds",
    "resolve_thrown_with",
    "thrown_exact",
    "thrown_stats",
]

BANDS = ("kill", "casualty", "fringe")


class BodyView(NamedTuple):
    """What one body took: band, attack-table hits, severity, and what the critical did (one
    roll's result, or its expectation over the d100 on the fast path)."""

    name: str
    band: str | None
    severity: str | None
    hits: int
    critical_hits: float
    p_dying: float
    p_dead: float
    # The same critical read for a Kindred body (V-2); the stats of a Kindred person read these.
    p_torpor: float = 0.0
    p_final_death: float = 0.0


class BlastView(NamedTuple):
    people: tuple[BodyView, ...]


def _fates(e: CriticalEffects, table: str) -> tuple[float, float, float, float]:
    """Whether a critical's effects, read on ``table``, leave a mortal dying or dead (R-2) and
    a Kindred in torpor or destroyed (V-2, :func:`~.kindred_vitals.table_fate`)."""
    kindred = table_fate(e, table)
    return (
        float(e.dying_rounds is not None and not e.dead),
        float(e.dead),
        float(kindred.torpor),
        float(kindred.final_death),
    )


def _body(row: BlastPerson) -> BodyView:
    if not isinstance(row.critical, BlastCritical):
        return BodyView(row.name, row.band, row.severity, row.hits, 0.0, 0.0, 0.0)
    effects = row.critical.effects
    fates = _fates(effects, row.critical.critical_table)
    return BodyView(row.name, row.band, row.severity, row.hits, float(effects.hits), *fates)


def blast_view(outcome: Outcome[DetonationResult] | Outcome[ThrownBlastResult]) -> BlastView:
    """The key of a resolved detonation, read off its result."""
    done = outcome.result
    blast = done.blast if isinstance(done, ThrownBlastResult) else done
    return BlastView(tuple(_body(r) for r in blast.people))


def resolve_blast_with(data: Any, blast: Blast, dice: Dice) -> Outcome:
    return resolve_detonation(blast, dice, data)


def resolve_blast_for_odds(blast: Blast, dice: Dice) -> Outcome:
    """The scalar resolver on the default data: picklable, for process pools."""
    return resolve_detonation(blast, dice, default_data())


@cache
def _critical_mean(
    data: RmuData, load: Load, armor: str, severity: Severity, bonus: int, steps: int
) -> tuple[float, ...]:
    """Expected critical hits, P(dying), P(dead), P(torpor), P(Final Death) over a body's
    critical d100, each cell read as the resolver reads it for a body whose criticals read
    ``steps`` lower (V-1: a Kindred's; :func:`~.kindred_criticals.read_critical`), its fate as
    :func:`_fates` reads the resolver's result (by the table the result names, the first)."""
    sums = [0.0] * 5
    for face in range(1, 101):
        roll = face + bonus
        location = data.tables.critical(SHRAPNEL_BARE).row_for(roll).location
        tables = critical_tables(load, armor, location, data)
        cells = [
            cell
            for table in tables
            for _, _, cell in read_critical(
                data.tables.critical(table), roll, severity, steps=steps
            ).cells
        ]
        e = combine_effects(cells)
        for i, value in enumerate((float(e.hits), *_fates(e, tables[0]))):
            sums[i] += value
    return tuple(v / 100 for v in sums)


def blast_exact(state: Any, blast: Blast, depth: int) -> Distribution[BlastView]:
    """Every body's outcome over the detonation roll (see the module's note)."""
    data = state if isinstance(state, RmuData) else default_data()
    explosives = explosive_data()
    load = check_blast(blast, data, explosives)
    if load.effect == "molotov":
        assert load.flat_severity is not None
        flat = load.flat_severity
        view = BlastView(
            tuple(
                BodyView(
                    p.name,
                    "fire",
                    flat.value,
                    0,
                    *_critical_mean(data, load, p.armor, flat, 0, p.severity_steps),
                )
                if in_fire(p, blast, load)
                else BodyView(p.name, None, None, 0, 0.0, 0.0, 0.0)
                for p in blast.people
            )
        )
        return Distribution(probabilities={view: 1.0}, method="fast exact", depth=depth)
    exposed = [exposure(blast, p, load, data, explosives, TraceBuilder()) for p in blast.people]
    roll = open_ended(depth, low_end=DETONATION_OPENS_LOW)
    found: dict[BlastView, float] = defaultdict(float)
    for index, chance in enumerate(roll.p):
        if chance == 0.0:
            continue
        bodies = tuple(
            _body_at(p, e, roll.low + index, load, data)
            for p, e in zip(blast.people, exposed, strict=True)
        )
        found[BlastView(bodies)] += float(chance)
    return Distribution(
        probabilities=dict(found), method="fast exact", cut_off=roll.cut_off, depth=depth
    )


def _body_at(p: BlastTarget, e: Exposure, roll: int, load: Load, data: RmuData) -> BodyView:
    """What the detonation roll ``roll`` does to ``p``, its critical as an expectation."""
    band = e.placed.band
    if band is None or e.stopped:
        return BodyView(p.name, band, None, 0, 0.0, 0.0, 0.0)
    total = roll + e.offset
    if load.effect == "fragmentation":
        result = data.tables.attack(FRAGMENTATION_TABLE).lookup(total, p.armor)
        severity, hits, bonus = result.severity, result.hits, result.critical_roll_bonus
    else:
        severity = e.placed.severity if total >= LOWEST_BLAST_TOTAL else None
        hits, bonus = 0, 0
    means = (
        _critical_mean(data, load, p.armor, severity, bonus, p.severity_steps)
        if severity
        else (0.0,) * 5
    )
    return BodyView(p.name, band, severity.value if severity else None, hits, *means)


def _find(view: BlastView, name: str) -> BodyView | None:
    return next((b for b in view.people if b.name == name), None)


#: What the odds of a blast report for each person near it, in order; a Kindred's fate reads
#: torpor and Final Death where a mortal's reads dying and dead (V-2).
_PER_PERSON = (
    ("kill", "P(kill band)"),
    ("casualty", "P(casualty band)"),
    ("fringe", "P(fringe band)"),
    ("critical", "P(critical)"),
    ("hits", "expected hits"),
    ("dying", "P(dying)"),
    ("dead", "P(dead)"),
)
_KINDRED_FATE = {"dying": ("torpor", "P(torpor)"), "dead": ("final_death", "P(Final Death)")}


def _per_person(p: BlastTarget) -> tuple[tuple[str, str], ...]:
    # Told by the flag: a scene may set V-1's steps to 0 (DEC-852).
    if not p.kindred:
        return _PER_PERSON
    return tuple(_KINDRED_FATE.get(what, (what, label)) for what, label in _PER_PERSON)


def _person_stat(name: str, what: str, label: str, read: Callable[[Hashable], float]) -> Stat:
    """One person's ``what`` (a band, ``critical``, ``hits``, ``dying`` or ``dead``) as a stat
    named for them: the expected hits, else a probability."""
    expected = what == "hits"
    return Stat(
        name=f"{name}.{'expected_hits' if expected else 'p_' + what}",
        label=f"{name}: {label}",
        kind="expected" if expected else "probability",
        read=read,
        group="summary" if what in ("critical", "hits") else "effect",
    )


def _stat(name: str, what: str, label: str) -> Stat:
    def read(view: Hashable) -> float:
        assert isinstance(view, BlastView)
        b = _find(view, name)
        if b is None:
            return 0.0
        if what in BANDS:
            return float(b.band == what)
        if what == "critical":
            return float(b.severity is not None)
        if what == "hits":
            return b.hits + b.critical_hits
        return float(getattr(b, f"p_{what}"))

    return _person_stat(name, what, label, read)


def blast_stats(blast: Any) -> tuple[Stat, ...]:
    """Seven stats per person, in the order given."""
    return tuple(_stat(p.name, what, label) for p in blast.people for what, label in _per_person(p))


def describe_blast(view: Any) -> str:
    """An outcome in words."""
    parts = []
    for b in view.people:
        if b.band is None:
            parts.append(f"{b.name} outside")
            continue
        text = f"{b.name} ({b.band}) {counted(b.hits, 'hit')}"
        if b.severity:
            text += f", {b.severity} critical (+{b.critical_hits:g} hits on average)"
        parts.append(text)
    return "; ".join(parts)


# --- a throw and its blast (odds rmu throw) ----------------------------------------------------


class MeanBody(NamedTuple):
    """What one body may take from a blast at one landing point: its band there, and P(critical),
    expected hits, P(dying), P(dead) over the detonation roll and its critical."""

    name: str
    band: str | None
    p_critical: float
    expected_hits: float
    p_dying: float
    p_dead: float
    p_torpor: float = 0.0
    p_final_death: float = 0.0


class LandingView(NamedTuple):
    """Where the throw came to rest (feet, to 0.1) and every body's share of the blast there."""

    landed: tuple[float, float]
    people: tuple[MeanBody, ...]


def _mean(b: BodyView) -> MeanBody:
    return MeanBody(
        b.name,
        b.band,
        float(b.severity is not None),
        b.hits + b.critical_hits,
        b.p_dying,
        b.p_dead,
        b.p_torpor,
        b.p_final_death,
    )


def landing_view(outcome: Outcome[ThrownBlastResult]) -> LandingView:
    """The key of a resolved throw and blast, read off its result."""
    landed = outcome.result.landed
    return LandingView(
        (landed.x_ft, landed.y_ft),
        tuple(_mean(b) for b in blast_view(outcome).people),
    )


def resolve_thrown_for_odds(action: ThrownBlast, dice: Dice) -> Outcome:
    """The scalar resolver on the default data: picklable, for process pools."""
    return resolve_thrown_blast(action, dice, default_data())


def resolve_thrown_with(data: Any, action: ThrownBlast, dice: Dice) -> Outcome:
    return resolve_thrown_blast(action, dice, data)


def _landings(action: ThrownBlast, depth: int) -> tuple[dict[Point, float], float]:
    """Every landing point with its probability, over the placement roll and the d12 (X-1,
    X-2; an unmodified 01-04 at the thrower's feet, RMU-EXP-3), and the cut-off."""
    explosives = explosive_data()
    throw = action.throw
    distance, terms = placement_terms(throw, explosives)
    offset = sum(m.value for m in terms)
    roll = open_ended(depth)
    found: dict[Point, float] = defaultdict(float)
    for index, chance in enumerate(roll.p):
        if chance == 0.0:
            continue
        face = roll.low + index
        if face <= explosives.throw.fumble_max:  # totals 1-4 come only from those faces
            found[throw.thrower] += float(chance)
            continue
        total = face + offset
        off = scatter_ft(total, distance)[1] if total < 100 else 0.0
        if off == 0:
            found[throw.aim] += float(chance)
            continue
        for hour in range(1, 13):
            found[scatter_point(throw.thrower, throw.aim, off, hour)] += float(chance) / 12
    return dict(found), roll.cut_off


def thrown_exact(state: Any, action: ThrownBlast, depth: int) -> Distribution[LandingView]:
    """Each body's band and share of the blast at every landing point, weighted by where the
    throw lands; exact over the placement roll x the d12 and the detonation roll."""
    data = state if isinstance(state, RmuData) else default_data()
    explosives = explosive_data()
    load = check_blast(action.blast, data, explosives)
    landings, placement_cut = _landings(action, depth)
    detonation = (
        None if load.effect == "molotov" else open_ended(depth, low_end=DETONATION_OPENS_LOW)
    )
    listed = 1.0 - (detonation.cut_off if detonation else 0.0)
    means: dict[tuple[object, ...], MeanBody] = {}

    def mean_body(blast: Blast, p: BlastTarget) -> MeanBody:
        if detonation is None:
            if not in_fire(p, blast, load):
                return MeanBody(p.name, None, 0.0, 0.0, 0.0, 0.0)
            assert load.flat_severity is not None
            flat = load.flat_severity
            hits, *fates = _critical_mean(data, load, p.armor, flat, 0, p.severity_steps)
            return MeanBody(p.name, "fire", 1.0, hits, *fates)
        e = exposure(blast, p, load, data, explosives, TraceBuilder())
        key = (p.name, e.placed.band, e.placed.severity, e.offset, e.stopped)
        if key not in means:
            sums = [0.0] * 6
            for index, chance in enumerate(detonation.p):
                b = _mean(_body_at(p, e, detonation.low + index, load, data))
                for i, value in enumerate(b[2:]):
                    sums[i] += float(chance) * value
            means[key] = MeanBody(p.name, e.placed.band, *(v / listed for v in sums))
        return means[key]

    found: dict[LandingView, float] = defaultdict(float)
    for point, chance in landings.items():
        blast = replace(action.blast, center=point)
        view = LandingView(
            (round(point.x_ft, 1), round(point.y_ft, 1)),
            tuple(mean_body(blast, p) for p in blast.people),
        )
        found[view] += chance * listed
    return Distribution(
        probabilities=dict(found),
        method="fast exact",
        cut_off=1.0 - (1.0 - placement_cut) * listed,
        depth=depth,
    )


def _thrown_stat(name: str, what: str, label: str) -> Stat:
    def read(view: Hashable) -> float:
        assert isinstance(view, LandingView)
        b = next((b for b in view.people if b.name == name), None)
        if b is None:
            return 0.0
        if what in BANDS:
            return float(b.band == what)
        if what == "hits":
            return b.expected_hits
        return float(getattr(b, f"p_{what}"))

    return _person_stat(name, what, label, read)


def thrown_stats(action: Any) -> tuple[Stat, ...]:
    """Seven stats per person, in the order given."""
    return tuple(
        _thrown_stat(p.name, w, label) for p in action.blast.people for w, label in _per_person(p)
    )


def describe_landing(view: Any) -> str:
    """A landing and what it does, in words."""
    x, y = view.landed
    parts = [
        f"{b.name} in the {b.band} band ({b.expected_hits:.1f} hits on average)"
        if b.band
        else f"{b.name} outside"
        for b in view.people
    ]
    return f"lands at ({x:g}, {y:g}): " + "; ".join(parts)
