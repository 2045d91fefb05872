"""Lines of fire: who stands between a shooter and a target, and in what order (RULINGS S-3)."""

from __future__ import annotations

from collections.abc import Iterable

from firefight.errors import RuleRefusal
from firefight.geometry.bodies import Body
from firefight.geometry.plane import (
    EPSILON_FT,
    Point,
    bearing_deg,
    distance_to_segment_ft,
    unit_vector,
)

__all__ = ["bodies_between", "order_along"]


def _position(who: Body | Point) -> Point:
    return who.center if isinstance(who, Body) else who


def _along_and_across_ft(origin: Point, bearing: float, point: Point) -> tuple[float, float]:
    """How far ``point`` lies down the line from ``origin``, and how far off it to either side."""
    ux, uy = unit_vector(bearing)
    vx = point.x_ft - origin.x_ft
    vy = point.y_ft - origin.y_ft
    return vx * ux + vy * uy, abs(vx * uy - vy * ux)


def order_along(origin: Point, bearing_deg: float, bodies: Iterable[Body]) -> tuple[Body, ...]:
    """``bodies`` sorted by how far their centers lie down the line from ``origin``.

    The line runs along the compass bearing ``bearing_deg``; distance is measured along it
    (a body behind the origin comes first, at a negative distance). Ties go to the body
    nearer the line, then keep the order they were given in, so the result never depends on
    anything but the inputs.

    >>> near, far = Body(center=Point(x_ft=0, y_ft=5)), Body(center=Point(x_ft=1, y_ft=9))
    >>> order_along(Point(x_ft=0, y_ft=0), 0.0, [far, near]) == (near, far)
    True
    """
    return tuple(
        sorted(bodies, key=lambda body: _along_and_across_ft(origin, bearing_deg, body.center))
    )


def bodies_between(
    shooter: Body | Point, target: Body | Point, bodies: Iterable[Body]
) -> tuple[Body, ...]:
    """The bodies standing between shooter and target, nearest the shooter first (S-3).

    A body stands between them when its circle meets the straight segment from the shooter's
    position to the target's (touching counts). The shooter and the target never shield
    themselves: any body centred exactly where either of them is is taken to be them and left
    out, so ``bodies`` may be the whole scene.

    Raises:
        RuleRefusal: (S-3) shooter and target are on the same spot.

    >>> shooter, target = Point(x_ft=0, y_ft=0), Point(x_ft=0, y_ft=30)
    >>> a = Body(center=Point(x_ft=0.5, y_ft=20), name="a")
    >>> b = Body(center=Point(x_ft=-0.9, y_ft=10), name="b")
    >>> c = Body(center=Point(x_ft=2.5, y_ft=15), name="c")
    >>> [body.name for body in bodies_between(shooter, target, [a, b, c])]
    ['b', 'a']
    """
    start = _position(shooter)
    end = _position(target)
    if start == end:
        raise RuleRefusal(
            "S-3",
            "The shooter and the target are on the same spot, so nothing can stand between them.",
        )
    line_bearing = bearing_deg(start, end)
    between = [
        body
        for body in bodies
        if body.center not in (start, end)
        and distance_to_segment_ft(body.center, start, end) <= body.radius_ft + EPSILON_FT
    ]
    return order_along(start, line_bearing, between)
