"""Rectangular areas on the plane, and whether any part of a body lies in one.

Area attacks that fill a square or a block in front of the shooter (cpr's shotgun shells and
explosives, RULINGS C-7 and C-8) ask the same question cones answer for bursts: does any part
of this body lie inside? As with cones, the test is exact: the body's circle meets the
rectangle, touching counts, and nothing is sampled.

A :class:`Rectangle` is centred on a point and turned to a compass bearing (the same
convention as the rest of the geometry: 0 = +y, clockwise): ``depth_ft`` runs along the
bearing, ``width_ft`` across it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.geometry.bodies import Body
from firefight.geometry.plane import EPSILON_FT, Point, point_at, unit_vector

__all__ = ["Rectangle", "area_in_front", "body_in_rectangle", "square_around"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Rectangle:
    """A rectangle centred on ``center``, ``depth_ft`` along ``bearing_deg`` and ``width_ft``
    across it.

    >>> r = square_around(Point(x_ft=0, y_ft=0), 10.0)
    >>> r.depth_ft, r.width_ft, r.bearing_deg
    (10.0, 10.0, 0.0)
    """

    center: Point
    depth_ft: float
    width_ft: float
    bearing_deg: float = 0.0

    def __post_init__(self) -> None:
        if not (self.depth_ft > 0.0 and self.width_ft > 0.0):
            raise RuleRefusal(
                "S-2",
                f"An area must have some depth and width; {self.depth_ft!r} ft by "
                f"{self.width_ft!r} ft does not.",
            )

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """The four corners, going round: front left, front right, back right, back left.

        >>> square = square_around(Point(x_ft=0, y_ft=0), 2)
        >>> [(round(p.x_ft), round(p.y_ft)) for p in square.corners()]
        [(-1, 1), (1, 1), (1, -1), (-1, -1)]
        """
        ux, uy = unit_vector(self.bearing_deg)
        # The right-hand side of a compass bearing is the bearing turned 90° clockwise.
        rx, ry = uy, -ux
        d, w = self.depth_ft / 2.0, self.width_ft / 2.0
        c = self.center

        def at(along: float, across: float) -> Point:
            return Point(
                x_ft=c.x_ft + along * ux + across * rx, y_ft=c.y_ft + along * uy + across * ry
            )

        return at(d, -w), at(d, w), at(-d, w), at(-d, -w)

    def local(self, point: Point) -> tuple[float, float]:
        """``point`` as (along the bearing, across it to the right) from the centre, in feet."""
        ux, uy = unit_vector(self.bearing_deg)
        vx = point.x_ft - self.center.x_ft
        vy = point.y_ft - self.center.y_ft
        # The right-hand side of a compass bearing is the bearing turned 90° clockwise.
        return vx * ux + vy * uy, vx * uy - vy * ux


def square_around(center: Point, side_ft: float, bearing_deg: float = 0.0) -> Rectangle:
    """A square of side ``side_ft`` centred on ``center`` (by default squared to the grid)."""
    return Rectangle(center=center, depth_ft=side_ft, width_ft=side_ft, bearing_deg=bearing_deg)


def area_in_front(origin: Point, bearing_deg: float, depth_ft: float, width_ft: float) -> Rectangle:
    """The block directly in front of ``origin``: it starts at ``origin`` and runs ``depth_ft``
    along ``bearing_deg``, ``width_ft`` wide and centred on that line.

    >>> block = area_in_front(Point(x_ft=0, y_ft=0), 90.0, 20.0, 20.0)
    >>> block.center
    Point(x_ft=10.0, y_ft=0.0)
    """
    return Rectangle(
        center=point_at(origin, bearing_deg, depth_ft / 2.0),
        depth_ft=depth_ft,
        width_ft=width_ft,
        bearing_deg=bearing_deg,
    )


def body_in_rectangle(body: Body, area: Rectangle) -> bool:
    """Whether any part of ``body`` lies inside ``area`` (touching counts).

    The circle meets the rectangle when the rectangle's nearest point to the circle's centre
    is within the radius.

    >>> sq = square_around(Point(x_ft=0, y_ft=0), 10.0)
    >>> body_in_rectangle(Body(center=Point(x_ft=6.0, y_ft=0)), sq)
    True
    >>> body_in_rectangle(Body(center=Point(x_ft=6.1, y_ft=0)), sq)
    False
    >>> body_in_rectangle(Body(center=Point(x_ft=5.7, y_ft=5.7)), sq)
    True
    """
    along, across = area.local(body.center)
    gap_along = max(0.0, abs(along) - area.depth_ft / 2.0)
    gap_across = max(0.0, abs(across) - area.width_ft / 2.0)
    return math.hypot(gap_along, gap_across) <= body.radius_ft + EPSILON_FT
