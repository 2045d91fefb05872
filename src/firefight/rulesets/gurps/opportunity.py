"""Watched areas for opportunity fire in the scene (GUR-OPP-1): N hexes around a point, a
straight line from the watcher through a point, or a 30-degree cone (15 degrees to each side)
toward it; the line and the cone reach out to the weapon's Max. A figure moving into the area
is fired on where it first enters it.

N hexes are taken as a disc of the same area (a hex one yard across the flats holds sqrt(3)/2
square yards), centred on the point the watcher names (DEC-400).

>>> from firefight.geometry import Point
>>> area = WatchedArea(kind="hexes", count=1, at=Point(x_ft=0, y_ft=30),
...                    watcher=Point(x_ft=0, y_ft=0), reach_ft=300)
>>> round(area.radius_ft, 2)
1.58
>>> round(area.entry(Point(x_ft=-10, y_ft=30), Point(x_ft=10, y_ft=30)), 3)
0.421
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.geometry import bearing_deg
from firefight.geometry.plane import Point, crossing_share, distance_ft, point_at
from firefight.rulesets.gurps.arcs import arc_modifier
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.encounter_model import gurps_stats
from firefight.rulesets.gurps.ranges import feet_from_yards
from firefight.scene.points import scene_point
from firefight.scene.state import CombatantState, EncounterState

__all__ = ["WatchedArea", "check_in_arc", "watched_area", "watchers_of"]

#: A hex one yard across the flats, in square yards.
HEX_AREA_YD2 = math.sqrt(3) / 2


@dataclass(frozen=True, slots=True, kw_only=True)
class WatchedArea:
    """What a waiting shooter watches: ``kind`` "hexes" (``count`` of them around ``at``),
    "line" or "cone" (from ``watcher`` toward ``at``, out to ``reach_ft``)."""

    kind: str
    count: int
    at: Point
    watcher: Point
    reach_ft: float

    @property
    def radius_ft(self) -> float:
        return feet_from_yards(math.sqrt(self.count * HEX_AREA_YD2 / math.pi))

    def _edges(self) -> list[tuple[Point, Point]]:
        axis = bearing_deg(self.watcher, self.at)
        if self.kind == "line":
            return [(self.watcher, point_at(self.watcher, axis, self.reach_ft))]
        half = DATA.house.opportunity.cone_half_angle
        return [
            (self.watcher, point_at(self.watcher, axis + side * half, self.reach_ft))
            for side in (-1, 1)
        ]

    def inside(self, p: Point) -> bool:
        if self.kind == "hexes":
            return distance_ft(p, self.at) <= self.radius_ft + 1e-9
        if self.kind == "line" or p == self.watcher:
            return False
        off = abs((bearing_deg(self.watcher, p) - bearing_deg(self.watcher, self.at) + 180) % 360)
        off = abs(off - 180)
        half = DATA.house.opportunity.cone_half_angle
        return off <= half + 1e-9 and distance_ft(self.watcher, p) <= self.reach_ft

    def entry(self, start: Point, end: Point) -> float | None:
        """The share of the way from ``start`` to ``end`` where a mover first enters the
        area (0 if it starts inside), or None if it never does."""
        if self.inside(start):
            return 0.0
        if self.kind == "hexes":
            return _circle_entry(start, end, self.at, self.radius_ft)
        shares = [crossing_share(start, end, a, b) for a, b in self._edges()]
        found = [s for s in shares if s is not None]
        return min(found) if found else None


def _circle_entry(start: Point, end: Point, center: Point, radius: float) -> float | None:
    dx, dy = end.x_ft - start.x_ft, end.y_ft - start.y_ft
    fx, fy = start.x_ft - center.x_ft, start.y_ft - center.y_ft
    a = dx * dx + dy * dy
    if a == 0:
        return None
    b = 2 * (fx * dx + fy * dy)
    c = fx * fx + fy * fy - radius * radius
    disc = b * b - 4 * a * c
    if disc < 0:
        return None
    t = (-b - math.sqrt(disc)) / (2 * a)
    return t if 0.0 <= t <= 1.0 else None


def check_in_arc(watcher: Point, facing_deg: float, area: WatchedArea, vision: str) -> None:
    """GUR-OPP-1: the whole watched area lies in the watcher's arc of vision; a refusal if
    not."""
    if area.at == watcher:
        raise RuleRefusal("GUR-OPP-1", "Watch a place away from where the watcher stands.")
    axis = bearing_deg(watcher, area.at)
    spread = 0.0
    if area.kind == "cone":
        spread = DATA.house.opportunity.cone_half_angle
    elif area.kind == "hexes":
        spread = math.degrees(math.asin(min(1.0, area.radius_ft / distance_ft(watcher, area.at))))
    for side in (-spread, 0.0, spread):
        try:
            arc_modifier(axis + side - facing_deg, vision, DATA.house.arc)
        except RuleRefusal:
            raise RuleRefusal(
                "GUR-OPP-1",
                "The watched area must lie wholly in the watcher's arc of vision; turn to face "
                "it first.",
            ) from None


def watched_area(c: CombatantState, watch: str, at: Point) -> WatchedArea:
    weapon = c.weapon(gurps_stats(c).in_hand)
    reach = 0.0
    if weapon is not None:
        w = DATA.weapon(weapon.kind)
        most = w.max if w.max is not None else (w.max_st or 0) * gurps_stats(c).st
        reach = feet_from_yards(most)
    kind = watch if watch in ("line", "cone") else "hexes"
    return WatchedArea(
        kind=kind,
        count=int(watch) if kind == "hexes" else 0,
        at=at,
        watcher=c.position,
        reach_ft=reach,
    )


def watchers_of(
    state: EncounterState, mover: CombatantState, start: Point, end: Point
) -> list[tuple[CombatantState, float]]:
    """Who fires on ``mover`` going from ``start`` to ``end``, and where on the way (the share
    of it) each sees them enter their area (GUR-OPP-1)."""
    found = []
    for w in state.combatants:
        s = gurps_stats(w)
        if w.name == mover.name or s.watch_at is None or s.watching is None or not w.can_act():
            continue
        if s.stunned or (s.watch_for is not None and s.watch_for != mover.name):
            continue
        if s.watch_hold and (not mover.side or mover.side == w.side or mover.bystander):
            continue  # not firing automatically: they hold fire on a friend
        held = w.weapon(s.in_hand)
        if held is None or (held.loaded is not None and held.loaded.rounds < 1):
            continue
        area = watched_area(w, s.watching, scene_point(s.watch_at[0], s.watch_at[1], "ft"))
        share = area.entry(start, end)
        if share is not None:
            found.append((w, share))
    return found
