"""Smoke and CS clouds in the scene and what they do to people (RMU-EXP-15, RMU-EXP-16).

A cloud is a ``cloud`` condition of the scene (:mod:`.encounter_explosives`): a load, a centre
and a radius, counted down until it clears.

* **Smoke** hides: a line of sight that runs through it is soft cover, graded by how much of the
  target the smoke on that line hides (RMU-COV-1, RMU-COV-2). A body behind one radius of smoke
  or more is wholly hidden; less hides the same share of it (DEC-380). Smoke stops nothing, so a
  blast ignores it (RMU-EXP-6).
* **CS** works on whoever is in it: -30 on everything and a Constitution maneuver for a
  breathing victim, only -10 on the eyes for one holding their breath or one who does not
  breathe, nothing behind a gas mask; once out of it, -10 for 2 more rounds (RMU-EXP-16).

>>> from firefight.geometry import Point
>>> chord_ft(Point(x_ft=-30, y_ft=0), Point(x_ft=30, y_ft=0), Point(x_ft=0, y_ft=0), 20)
40.0
>>> smoke_hides(10, 20)
0.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from firefight.frozen import replace
from firefight.geometry import CoverGrade, Point, band_of, cover_grade
from firefight.rulesets.rmu.afflictions import Afflictions
from firefight.rulesets.rmu.cover import Cover, CoverMaterial
from firefight.rulesets.rmu.explosives import CloudFigures, explosive_data
from firefight.rulesets.rmu.gas import GasLevel, gas_level_for
from firefight.rulesets.rmu.vitals import rmu_stats
from firefight.scene.state import ActiveCondition, CombatantState, EncounterState
from firefight.trace import TraceBuilder

__all__ = [
    "CLOUD",
    "Cloud",
    "breathes",
    "chord_ft",
    "clouds_in",
    "gas_level",
    "inside",
    "smoke_cover",
    "smoke_hides",
    "wanted_gas",
]

CLOUD = "cloud"


@dataclass(frozen=True, slots=True, kw_only=True)
class Cloud:
    """One cloud in the scene, read off its condition."""

    id: str
    load: str
    effect: str
    center: Point
    radius_ft: float


def clouds_in(state: EncounterState, effect: str | None = None) -> list[Cloud]:
    """The clouds in the scene (of one ``effect``, ``"smoke"`` or ``"gas"``), in order."""
    found = []
    for k in state.conditions:
        if k.kind != CLOUD:
            continue
        cloud = _cloud(k)
        if effect is None or cloud.effect == effect:
            found.append(cloud)
    return found


def _cloud(k: ActiveCondition) -> Cloud:
    load = explosive_data().load(str(k.get("load")))
    x, y, r = k.get("x_ft"), k.get("y_ft"), k.get("radius_ft")
    assert isinstance(x, int | float) and isinstance(y, int | float) and isinstance(r, int | float)
    return Cloud(id=k.id, load=load.key, effect=load.effect,
                 center=Point(x_ft=float(x), y_ft=float(y)), radius_ft=float(r))  # fmt: skip


def chord_ft(a: Point, b: Point, center: Point, radius_ft: float) -> float:
    """How many feet of the segment from ``a`` to ``b`` lie inside the circle."""
    dx, dy = b.x_ft - a.x_ft, b.y_ft - a.y_ft
    fx, fy = a.x_ft - center.x_ft, a.y_ft - center.y_ft
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return 0.0
    # |a + t (b - a) - centre| = r, solved for t and clipped to the segment.
    half_b = fx * dx + fy * dy
    c = fx * fx + fy * fy - radius_ft * radius_ft
    disc = half_b * half_b - length2 * c
    if disc <= 0:
        return 0.0
    root = math.sqrt(disc)
    t0 = max(0.0, (-half_b - root) / length2)
    t1 = min(1.0, (-half_b + root) / length2)
    return round(max(0.0, t1 - t0) * math.sqrt(length2), 6)


def smoke_hides(depth_ft: float, opaque_ft: float) -> float:
    """The share of a body that ``depth_ft`` of smoke hides (DEC-380)."""
    return min(1.0, depth_ft / opaque_ft)


def smoke_cover(
    state: EncounterState,
    seer: Point,
    seen: CombatantState,
    tb: TraceBuilder,
) -> Cover | None:
    """The soft cover the smoke on the line from ``seer`` to ``seen`` gives (RMU-EXP-15)."""
    smoke = clouds_in(state, "smoke")
    if not smoke:
        return None  # most scenes, asked at every shot
    depth = sum(chord_ft(seer, seen.position, k.center, k.radius_ft) for k in smoke)
    if depth <= 0:
        return None
    figs = explosive_data().clouds
    hidden = smoke_hides(depth, figs.smoke_opaque_ft)
    grade = cover_grade(hidden)
    tb.step(
        f"{depth:.1f} ft of smoke lies on the line to {seen.name}: {hidden:.0%} hidden "
        f"(all of it past {figs.smoke_opaque_ft:g} ft), {grade.value} soft cover.",
        "RMU-EXP-15",
    )
    if grade is CoverGrade.NONE:
        return None
    return Cover(grade=grade, material=CoverMaterial.SOFT)


def inside(c: CombatantState, cloud: Cloud) -> bool:
    """Whether any part of ``c`` is in ``cloud``."""
    return band_of(c.body, cloud.center, [cloud.radius_ft])[0] is not None


def breathes(c: CombatantState) -> bool:
    """Whether ``c`` draws breath (RMU-EXP-16): every mortal does; a Kindred only under an
    active Blush of Life."""
    sheet = rmu_stats(c).kindred
    return sheet is None or sheet.breathes


def gas_level(c: CombatantState, figures: CloudFigures | None = None) -> GasLevel:
    """RMU-EXP-16 for ``c`` inside a CS cloud (:func:`.gas.gas_level_for`)."""
    stats = rmu_stats(c)
    return gas_level_for(mask=stats.gas_mask, breathes=breathes(c),
                         holding_breath=stats.afflictions.held_breath, figures=figures)  # fmt: skip


def wanted_gas(
    state: EncounterState,
    c: CombatantState,
    gas_clouds: Sequence[Cloud],
    *,
    ending: bool = False,
) -> tuple[Afflictions, str] | None:
    """``c``'s gas figures as the scene now has them, and why, when they differ from what is
    stored: in a cloud, its level; just out of one, the after-effect through two more rounds;
    past that, nothing (RMU-EXP-16). ``gas_clouds``: the scene's CS clouds
    (:func:`clouds_in`), read once for everyone. ``ending``: the round is ending (upkeep), so an
    after-effect lasting through this round is over. None when nothing changes."""
    now = rmu_stats(c).afflictions
    figs = explosive_data().clouds
    in_gas = [k for k in gas_clouds if inside(c, k)]
    if in_gas:
        level = gas_level(c, figs)
        if now.gas_inside and now.gas == level.penalty:
            return None
        wanted = _gas(now, gas=level.penalty, inside=True, until=0)
        return wanted, f"in the {in_gas[0].load} cloud, {level.why}"
    if now.gas_inside:
        if now.gas == 0:
            return _gas(now, gas=0, inside=False, until=0), "out of the CS"
        until = state.round + figs.gas_after_rounds
        left = _gas(now, gas=figs.gas_after, inside=False, until=until)
        return left, f"out of the CS: {figs.gas_after} through round {until}"
    last = state.round if ending else state.round - 1
    if now.gas and now.gas_until <= last:
        return _gas(now, gas=0, inside=False, until=0), "the CS has worn off"
    return None


def _gas(now: Afflictions, *, gas: int, inside: bool, until: int) -> Afflictions:
    return replace(now, gas=gas, gas_inside=inside, gas_until=until)
