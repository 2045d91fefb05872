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
from collections.abc import Hashable, Mapping
from functools import cache
from typing import Any, NamedTuple

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.distribution import Distribution
from firefight.probability.openended import open_ended
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.detonation import (
    FRAGMENTATION_TABLE,
    LOWEST_BLAST_TOTAL,
    Blast,
    check_blast,
    critical_tables,
    exposure,
    in_fire,
    resolve_detonation,
)
from firefight.rulesets.rmu.explosives import Load, explosive_data
from firefight.rulesets.rmu.odds.views import default_data
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.strike import combine_effects
from firefight.rulesets.rmu.volley import SHRAPNEL_BARE
from firefight.trace import TraceBuilder

__all__ = [
    "BlastView",
    "BodyView",
    "blast_exact",
    "blast_stats",
    "blast_view",
    "describe_blast",
    "resolve_blast_for_odds",
    "resolve_blast_with",
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


class BlastView(NamedTuple):
    people: tuple[BodyView, ...]


def _body(row: Mapping[str, object]) -> BodyView:
    effects = row.get("effects")
    crit_hits, dying, dead = 0.0, 0.0, 0.0
    if isinstance(effects, dict):
        crit_hits = float(effects["hits"])
        dead = float(bool(effects["dead"]))
        dying = float(effects["dying_rounds"] is not None and not dead)
    band, severity, hits = row.get("band"), row.get("severity"), row.get("hits", 0)
    return BodyView(
        str(row["name"]),
        str(band) if band is not None else None,
        str(severity) if severity is not None else None,
        int(hits) if isinstance(hits, int) else 0,
        crit_hits,
        dying,
        dead,
    )


def blast_view(outcome: Outcome) -> BlastView:
    """The key of a resolved detonation, read off its summary."""
    listed = outcome.summary.get("people")
    rows = listed if isinstance(listed, list) else []
    return BlastView(tuple(_body(r) for r in rows if isinstance(r, dict)))


def resolve_blast_with(data: Any, blast: Blast, dice: Dice) -> Outcome:
    return resolve_detonation(blast, dice, data)


def resolve_blast_for_odds(blast: Blast, dice: Dice) -> Outcome:
    """The scalar resolver on the default data: picklable, for process pools."""
    return resolve_detonation(blast, dice, default_data())


@cache
def _critical_mean(
    data: RmuData, load: Load, armor: str, severity: Severity, bonus: int
) -> tuple[float, float, float]:
    """Expected critical hits, P(dying), P(dead) over a body's critical d100."""
    hits = dying = dead = 0.0
    for face in range(1, 101):
        roll = face + bonus
        location = data.tables.critical(SHRAPNEL_BARE).row_for(roll).location
        cells = [
            cell
            for table in critical_tables(load, armor, location, data)
            for _, cell in data.tables.critical(table).lookup(roll, severity)
        ]
        e = combine_effects(cells)
        hits += float(e["hits"])  # type: ignore[arg-type]
        dead += float(bool(e["dead"]))
        dying += float(e["dying_rounds"] is not None and not e["dead"])
    return hits / 100, dying / 100, dead / 100


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
                    p.name, "fire", flat.value, 0, *_critical_mean(data, load, p.armor, flat, 0)
                )
                if in_fire(p, blast, load)
                else BodyView(p.name, None, None, 0, 0.0, 0.0, 0.0)
                for p in blast.people
            )
        )
        return Distribution(probabilities={view: 1.0}, method="fast exact", depth=depth)
    exposed = [exposure(blast, p, load, data, explosives, TraceBuilder()) for p in blast.people]
    table = data.tables.attack(FRAGMENTATION_TABLE)
    roll = open_ended(depth)
    found: dict[BlastView, float] = defaultdict(float)
    for index, chance in enumerate(roll.p):
        if chance == 0.0:
            continue
        bodies = []
        for p, e in zip(blast.people, exposed, strict=True):
            band = e.placed.band
            if band is None or e.stopped:
                bodies.append(BodyView(p.name, band, None, 0, 0.0, 0.0, 0.0))
                continue
            total = roll.low + index + e.offset
            if load.effect == "fragmentation":
                result = table.lookup(total, p.armor)
                severity, hits, bonus = result.severity, result.hits, result.critical_roll_bonus
            else:
                severity = e.placed.severity if total >= LOWEST_BLAST_TOTAL else None
                hits, bonus = 0, 0
            means = (
                _critical_mean(data, load, p.armor, severity, bonus)
                if severity
                else (0.0, 0.0, 0.0)
            )
            bodies.append(
                BodyView(p.name, band, severity.value if severity else None, hits, *means)
            )
        found[BlastView(tuple(bodies))] += float(chance)
    return Distribution(
        probabilities=dict(found), method="fast exact", cut_off=roll.cut_off, depth=depth
    )


def _find(view: BlastView, name: str) -> BodyView | None:
    return next((b for b in view.people if b.name == name), None)


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
        return b.p_dying if what == "dying" else b.p_dead

    expected = what == "hits"
    return Stat(
        name=f"{name}.{'expected_hits' if expected else 'p_' + what}",
        label=f"{name}: {label}",
        kind="expected" if expected else "probability",
        read=read,
        group="summary" if what in ("critical", "hits") else "effect",
    )


def blast_stats(blast: Any) -> tuple[Stat, ...]:
    """Seven stats per person, in the order given."""
    return tuple(
        _stat(p.name, what, label)
        for p in blast.people
        for what, label in (
            ("kill", "P(kill band)"),
            ("casualty", "P(casualty band)"),
            ("fringe", "P(fringe band)"),
            ("critical", "P(critical)"),
            ("hits", "expected hits"),
            ("dying", "P(dying)"),
            ("dead", "P(dead)"),
        )
    )


def describe_blast(view: Any) -> str:
    """An outcome in words."""
    parts = []
    for b in view.people:
        if b.band is None:
            parts.append(f"{b.name} outside")
            continue
        text = f"{b.name} ({b.band}) {b.hits} hits"
        if b.severity:
            text += f", {b.severity} critical (+{b.critical_hits:g} hits on average)"
        parts.append(text)
    return "; ".join(parts)
