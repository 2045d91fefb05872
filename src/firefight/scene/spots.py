"""Where people stand on the scene, whatever the ruleset: who already takes up a spot (RULINGS
S-1: two bodies never overlap) and where someone crouches behind a barrier.

>>> from firefight.geometry import Point
>>> from firefight.scene.state import Barrier, CombatantState
>>> mara = CombatantState(name="Mara", position=Point(x_ft=0, y_ft=0))
>>> wall = Barrier(name="wall", start=Point(x_ft=-5, y_ft=10), end=Point(x_ft=5, y_ft=10),
...                height_ft=3, material="hard")
>>> cover_spot(mara, wall, threat=Point(x_ft=0, y_ft=30))
Point(x_ft=0.0, y_ft=8.5)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from firefight.geometry import Body, Point, bearing_deg, distance_ft
from firefight.scene.cover import covering
from firefight.scene.state import Barrier, CombatantState, EncounterState

__all__ = ["cover_spot", "cover_spots", "cover_within", "spot_taken"]

#: How far from a barrier's face a person crouches behind it, past their own radius (feet).
_CROUCH_GAP_FT = 0.5


def spot_taken(state: EncounterState, mover: CombatantState, body: Body) -> str | None:
    """Who already stands where ``body`` would (S-1), if anyone."""
    for other in state.combatants:
        if other.name != mover.name and (
            distance_ft(other.position, body.center) < other.body.radius_ft + body.radius_ft
        ):
            return other.name
    return None


def cover_spot(mover: CombatantState, barrier: Barrier, threat: Point | None) -> Point:
    """Where ``mover`` crouches behind ``barrier``: the nearest point along it (kept off its
    ends), a body's radius and a little more out on the side away from ``threat`` (on their own
    side when there is no threat, or it stands on the barrier's line)."""
    a, b = barrier.start, barrier.end
    dx, dy = b.x_ft - a.x_ft, b.y_ft - a.y_ft
    length = math.hypot(dx, dy)
    gap = mover.body.radius_ft + _CROUCH_GAP_FT
    p = mover.position
    if length == 0:
        away = bearing_deg(threat, a) if threat is not None and threat != a else 0.0
        rad = math.radians(away)
        return Point(
            x_ft=round(a.x_ft + gap * math.sin(rad), 1), y_ft=round(a.y_ft + gap * math.cos(rad), 1)
        )
    t = ((p.x_ft - a.x_ft) * dx + (p.y_ft - a.y_ft) * dy) / (length * length)
    margin = min(0.5, gap / length)
    t = min(1.0 - margin, max(margin, t))
    base_x, base_y = a.x_ft + t * dx, a.y_ft + t * dy
    nx, ny = -dy / length, dx / length

    def side(q: Point) -> float:
        return (q.x_ft - a.x_ft) * nx + (q.y_ft - a.y_ft) * ny

    sign = 0.0
    if threat is not None and abs(side(threat)) > 1e-9:
        sign = -math.copysign(1.0, side(threat))
    elif abs(side(p)) > 1e-9:
        sign = math.copysign(1.0, side(p))
    else:
        sign = 1.0
    return Point(x_ft=round(base_x + sign * gap * nx, 1), y_ft=round(base_y + sign * gap * ny, 1))


def cover_within(
    state: EncounterState,
    c: CombatantState,
    enemy: CombatantState,
    reach_ft: float,
    counts: Callable[[Barrier], bool],
    fits: Callable[[Point], bool] | None = None,
) -> Point | None:
    """The nearest spot within ``reach_ft`` of ``c`` where a barrier ``counts`` covers them
    against ``enemy`` (:func:`~firefight.scene.cover.covering`), nobody stands (S-1) and, if
    given, which ``fits``: the crouch behind it of :func:`cover_spot`; None when there is none.
    A tactic's cover to run for (cpr, gurps)."""
    found = next(cover_spots(state, c, enemy, counts, fits, within_ft=reach_ft), None)
    return found[1] if found else None


def cover_spots(
    state: EncounterState,
    c: CombatantState,
    enemy: CombatantState,
    counts: Callable[[Barrier], bool],
    fits: Callable[[Point], bool] | None = None,
    *,
    within_ft: float = math.inf,
) -> Iterator[tuple[float, Point, Barrier]]:
    """Each spot of :func:`cover_within` (the crouch behind every barrier that ``counts``,
    covering ``c`` there against ``enemy``, free and ``fit``), with how far it lies from
    ``c`` in feet and its barrier, the nearest first (barriers as far in the scene's order);
    only those within ``within_ft``. ``fits`` is asked of each in turn, as it is reached."""
    near: list[tuple[float, Point, Barrier]] = []
    for barrier in state.barriers:
        if counts(barrier):
            spot = cover_spot(c, barrier, enemy.position)
            away = distance_ft(c.position, spot)
            if away <= within_ft:
                near.append((away, spot, barrier))
    near.sort(key=lambda found: found[0])  # stable: equal distances keep the scene's order
    for away, spot, barrier in near:
        if fits is not None and not fits(spot):
            continue
        body = Body(center=spot, posture=c.posture, size=c.size)
        if barrier in covering(state, enemy.position, spot) and spot_taken(state, c, body) is None:
            yield away, spot, barrier
