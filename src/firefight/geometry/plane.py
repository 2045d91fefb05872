"""Points on the scene's plane, in feet, and the bearing convention every other module uses.

Bearings are compass-style: 0° points along +y ("north"), and angles grow clockwise seen from
above, so 90° is +x ("east"). A bearing is always reported in ``[0, 360)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.limits import MAX_COORDINATE_FT, finite

__all__ = ["Point", "bearing_deg", "crossing_share", "distance_ft", "point_at"]

# Tolerance in feet for "touching counts": a body exactly tangent to a cone edge, a line of
# fire or a band edge is inside, even when the trigonometry lands a hair on the wrong side.
EPSILON_FT = 1e-9


@dataclass(frozen=True, slots=True, kw_only=True)
class Point:
    """A position on the scene's plane, in feet.

    >>> Point(x_ft=3.0, y_ft=4.0)
    Point(x_ft=3.0, y_ft=4.0)
    """

    x_ft: float
    y_ft: float

    def __post_init__(self) -> None:
        # The scene's edge: inf, nan and far-off places would overflow the range and blast
        # arithmetic later, so they are refused where a place comes into being.
        if not (abs(self.x_ft) <= MAX_COORDINATE_FT and abs(self.y_ft) <= MAX_COORDINATE_FT):
            finite("a position's x (ft)", self.x_ft, MAX_COORDINATE_FT)
            finite("a position's y (ft)", self.y_ft, MAX_COORDINATE_FT)


def distance_ft(a: Point, b: Point) -> float:
    """Straight-line distance between two points.

    >>> distance_ft(Point(x_ft=0, y_ft=0), Point(x_ft=3, y_ft=4))
    5.0
    """
    return math.hypot(b.x_ft - a.x_ft, b.y_ft - a.y_ft)


def bearing_deg(a: Point, b: Point) -> float:
    """Compass bearing from ``a`` to ``b``: 0 = +y (north), clockwise, in ``[0, 360)``.

    Raises:
        RuleRefusal: (S-2) the two points coincide, so there is no direction between them.

    >>> bearing_deg(Point(x_ft=0, y_ft=0), Point(x_ft=0, y_ft=10))
    0.0
    >>> bearing_deg(Point(x_ft=0, y_ft=0), Point(x_ft=10, y_ft=0))
    90.0
    >>> bearing_deg(Point(x_ft=0, y_ft=0), Point(x_ft=-1, y_ft=-1))
    225.0
    """
    dx = b.x_ft - a.x_ft
    dy = b.y_ft - a.y_ft
    if dx == 0 and dy == 0:
        raise RuleRefusal(
            "S-2",
            f"Both places are ({a.x_ft:g}, {a.y_ft:g}) ft: there is no direction from a spot to "
            "itself.",
        )
    # atan2(dx, dy) rather than atan2(dy, dx): measured from +y, growing toward +x.
    bearing = math.degrees(math.atan2(dx, dy)) % 360.0
    # A hair west of north wraps to 360.0 in floating point; keep the promise of [0, 360).
    return 0.0 if bearing >= 360.0 else bearing


def unit_vector(bearing_deg: float) -> tuple[float, float]:
    """The (x, y) unit vector pointing along a compass bearing.

    Quarter turns are taken out before the trigonometry, so the four cardinal bearings give
    exact axis vectors and bearings mirrored about an axis give mirrored vectors.

    >>> unit_vector(90.0), unit_vector(-90.0)
    ((1.0, 0.0), (-1.0, 0.0))
    """
    quarter = round((bearing_deg % 360.0) / 90.0)
    rest = math.radians(bearing_deg % 360.0 - 90.0 * quarter)
    s, c = math.sin(rest), math.cos(rest)
    # sin and cos of (90° * quarter + rest), clockwise from +y.
    x, y = ((s, c), (c, -s), (-s, -c), (-c, s))[quarter % 4]
    return x + 0.0, y + 0.0  # adding 0.0 turns -0.0 into 0.0, keeping reprs stable


def point_at(origin: Point, bearing_deg: float, distance_ft: float) -> Point:
    """The point ``distance_ft`` from ``origin`` along the compass bearing ``bearing_deg``.

    >>> point_at(Point(x_ft=1, y_ft=1), 90.0, 2.0)
    Point(x_ft=3.0, y_ft=1.0)
    """
    ux, uy = unit_vector(bearing_deg)
    return Point(x_ft=origin.x_ft + distance_ft * ux, y_ft=origin.y_ft + distance_ft * uy)


def distance_to_segment_ft(p: Point, a: Point, b: Point) -> float:
    """Shortest distance from ``p`` to the segment from ``a`` to ``b`` (a point if they meet)."""
    dx = b.x_ft - a.x_ft
    dy = b.y_ft - a.y_ft
    length_sq = dx * dx + dy * dy
    if length_sq == 0:
        return distance_ft(p, a)
    t = ((p.x_ft - a.x_ft) * dx + (p.y_ft - a.y_ft) * dy) / length_sq
    t = min(1.0, max(0.0, t))
    return math.hypot(p.x_ft - (a.x_ft + t * dx), p.y_ft - (a.y_ft + t * dy))


def crossing_share(a: Point, b: Point, c: Point, d: Point) -> float | None:
    """Where the segment a-b crosses the segment c-d, as the share of the way from a to b.

    None when they do not cross; parallel segments never cross (a wall seen edge-on hides
    nothing along the line).

    >>> wall = (Point(x_ft=-5, y_ft=10), Point(x_ft=5, y_ft=10))
    >>> crossing_share(Point(x_ft=0, y_ft=0), Point(x_ft=0, y_ft=40), *wall)
    0.25
    >>> crossing_share(Point(x_ft=0, y_ft=0), Point(x_ft=0, y_ft=5), *wall) is None
    True
    """
    rx, ry = b.x_ft - a.x_ft, b.y_ft - a.y_ft
    sx, sy = d.x_ft - c.x_ft, d.y_ft - c.y_ft
    denom = rx * sy - ry * sx
    if denom == 0:
        return None
    qx, qy = c.x_ft - a.x_ft, c.y_ft - a.y_ft
    t = (qx * sy - qy * sx) / denom
    u = (qx * ry - qy * rx) / denom
    if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0:
        return t
    return None
