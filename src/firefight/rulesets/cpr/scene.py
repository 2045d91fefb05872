"""Where cpr targets stand, handed to the shared geometry (which measures in feet).

cpr measures in metres (C-2); the geometry layer in feet. Positions are converted at this edge
and distances converted back, so the geometry stays ruleset-blind. A body is the geometry's
standing human circle (RULINGS S-1); any part of it inside an area puts the target in it.

>>> a, b = Spot(x_m=0, y_m=0), Spot(x_m=3, y_m=4)
>>> distance_m(a, b)
5.0
"""

from __future__ import annotations

from collections.abc import Iterable

from firefight.errors import RuleRefusal
from firefight.geometry import Body, Point, bearing_deg, distance_ft
from firefight.geometry.areas import Rectangle, area_in_front, body_in_rectangle, square_around
from firefight.rulesets.cpr.combatants import Spot, Target
from firefight.rulesets.cpr.ranges import to_the_centimetre
from firefight.units import feet_from_metres, metres_from_feet

__all__ = [
    "body_of",
    "check_names",
    "distance_m",
    "front_area",
    "in_front",
    "metres_apart",
    "point_of",
    "position_of",
    "square_area",
    "touches",
]


def check_names(targets: Iterable[Target], rule: str) -> None:
    """Refuse two targets with one name: results and events are keyed by name."""
    seen: set[str] = set()
    for target in targets:
        if target.name in seen:
            raise RuleRefusal(
                rule, f"Two targets are called {target.name!r}; give each its own name."
            )
        seen.add(target.name)


def point_of(spot: Spot) -> Point:
    return Point(x_ft=feet_from_metres(spot.x_m), y_ft=feet_from_metres(spot.y_m))


def distance_m(a: Spot, b: Spot) -> float:
    """Straight-line distance between two spots, in metres."""
    return metres_from_feet(distance_ft(point_of(a), point_of(b)))


def metres_apart(a: Point, b: Point) -> float:
    """How far apart two places of the scene are as cpr counts it (to the centimetre, C-2):
    the distance every shot, throw and reach of an encounter reads, and the tactics with them.

    >>> metres_apart(Point(x_ft=0, y_ft=0), Point(x_ft=10, y_ft=0))
    3.05
    """
    # Read for every shot (each of two shots): a fighter keeps the very same frozen place until
    # they move, and every fight of a simulation starts from the same places, so the distance
    # (two roundings, some 8,000 instructions) is kept by the identity of the two places. The
    # entry holds them, so no other value can take their ids while it is kept; cleared when
    # full.
    key = (id(a), id(b))
    found = _DISTANCES.get(key)
    if found is not None and found[0] is a and found[1] is b:
        return found[2]
    metres = to_the_centimetre(metres_from_feet(distance_ft(a, b)))
    if len(_DISTANCES) >= _DISTANCES_HELD:
        _DISTANCES.clear()
    _DISTANCES[key] = (a, b, metres)
    return metres


_DISTANCES: dict[tuple[int, int], tuple[Point, Point, float]] = {}
_DISTANCES_HELD = 256


def position_of(target: Target, rule: str) -> Spot:
    """The target's position; an area attack cannot place a target without one."""
    if target.position is None:
        raise RuleRefusal(
            rule, f"{target.name} has no position, so nobody can tell whether the area holds them."
        )
    return target.position


def body_of(target: Target, rule: str) -> Body:
    return Body(center=point_of(position_of(target, rule)), name=target.name)


def front_area(origin: Spot, toward: Spot, depth_m: float, width_m: float) -> Rectangle:
    """The block directly in front of ``origin``, facing ``toward`` (C-7)."""
    if origin == toward:
        raise RuleRefusal("C-7", "The shooter must face somewhere other than where they stand.")
    return area_in_front(
        point_of(origin),
        bearing_deg(point_of(origin), point_of(toward)),
        feet_from_metres(depth_m),
        feet_from_metres(width_m),
    )


def in_front(target: Target, area: Rectangle, rule: str) -> bool:
    """Whether ``target`` stands ahead of where ``area``, a block in front of someone, starts:
    a body level with the shooter or behind them is beside the spread, not in it, even where
    its edge reaches over the block's near side (C-7, DEC-866)."""
    along, _ = area.local(body_of(target, rule).center)
    return along > -area.depth_ft / 2.0


def square_area(center: Spot, side_m: float) -> Rectangle:
    """A square of ``side_m`` centred on ``center``, squared to the scene's grid (C-8)."""
    return square_around(point_of(center), feet_from_metres(side_m))


def touches(target: Target, area: Rectangle, rule: str) -> bool:
    """Whether any part of the target is inside ``area``."""
    return body_in_rectangle(body_of(target, rule), area)
