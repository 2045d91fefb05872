"""Cones from a muzzle, and whether any part of a body lies in one (RULINGS S-2).

A cone here is a circular sector: an apex, a compass bearing for its axis, a half-angle either
side of the axis and, optionally, a radius past which it stops. "Any part in the cone" is the
exact test of whether the body's circle meets that sector, not a sampled approximation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.geometry.bodies import Body
from firefight.geometry.plane import (
    EPSILON_FT,
    Point,
    bearing_deg,
    distance_ft,
    distance_to_segment_ft,
    point_at,
    unit_vector,
)
from firefight.limits import finite

__all__ = ["BURST_HALF_ANGLE_DEG", "Cone", "body_in_cone", "burst_cone", "sweep_cone"]

# S-2 (RMU-RF-10): the burst cone is 5° wide, split evenly about the line of fire.
BURST_HALF_ANGLE_DEG = 2.5


@dataclass(frozen=True, slots=True, kw_only=True)
class Cone:
    """A sector from ``apex`` about the compass bearing ``bearing_deg``.

    ``half_angle_deg`` is measured either side of the axis (0-180); ``max_distance_ft`` bounds
    the sector's radius, or None for a cone that runs on without end.

    >>> cone = Cone(apex=Point(x_ft=0, y_ft=0), bearing_deg=0.0, half_angle_deg=2.5)
    >>> round(cone.width_across_ft(60.0), 2)
    5.24
    """

    apex: Point
    bearing_deg: float
    half_angle_deg: float
    max_distance_ft: float | None = None

    def __post_init__(self) -> None:
        if not math.isfinite(self.bearing_deg):
            finite("a cone's bearing (degrees)", self.bearing_deg, 360.0)
        if not 0.0 <= self.half_angle_deg <= 180.0:
            raise RuleRefusal(
                "S-2",
                f"A cone opens between 0° and 180° either side of its line; "
                f"{self.half_angle_deg!r}° is not possible.",
            )
        if self.max_distance_ft is not None and not self.max_distance_ft > 0.0:
            raise RuleRefusal(
                "S-2",
                f"A cone must reach some distance past the muzzle; "
                f"{self.max_distance_ft!r} ft does not.",
            )

    def width_across_ft(self, along_ft: float) -> float:
        """Width of the cone across its axis, ``along_ft`` down the axis from the apex.

        This is how the source measures the burst cone (about 5.2 ft across at 60 ft). It is
        infinite for a cone of 90° or more either side.
        """
        if self.half_angle_deg >= 90.0:
            return math.inf
        return 2.0 * along_ft * math.tan(math.radians(self.half_angle_deg))

    def chord_ft(self, radius_ft: float) -> float:
        """Straight-line distance between the cone's two edges at ``radius_ft`` from the apex.

        >>> sweep = sweep_cone(Point(x_ft=0, y_ft=0), 0.0, distance_ft=60.0, width_ft=30.0)
        >>> round(sweep.chord_ft(60.0), 9)
        30.0
        """
        return 2.0 * radius_ft * math.sin(math.radians(min(self.half_angle_deg, 90.0)))

    def edge_bearings_deg(self) -> tuple[float, float]:
        """Compass bearings of the left and right edges, as seen from the apex."""
        return (
            (self.bearing_deg - self.half_angle_deg) % 360.0,
            (self.bearing_deg + self.half_angle_deg) % 360.0,
        )


def burst_cone(muzzle: Point, target: Point) -> Cone:
    """The 5° cone of a burst: 2.5° either side of the line from muzzle to target (S-2).

    The cone runs on past the target: the bullets that miss keep going.

    Raises:
        RuleRefusal: (S-2) the target stands at the muzzle, so there is no line of fire.

    >>> cone = burst_cone(Point(x_ft=0, y_ft=0), Point(x_ft=60, y_ft=0))
    >>> cone.bearing_deg, cone.half_angle_deg, cone.max_distance_ft
    (90.0, 2.5, None)
    """
    if muzzle == target:
        raise RuleRefusal(
            "S-2", "The target is at the muzzle itself, so there is no line to fire along."
        )
    return Cone(
        apex=muzzle,
        bearing_deg=bearing_deg(muzzle, target),
        half_angle_deg=BURST_HALF_ANGLE_DEG,
    )


def sweep_cone(muzzle: Point, aim_bearing_deg: float, distance_ft: float, width_ft: float) -> Cone:
    """The sector a suppression sweep covers (S-2, RMU-SUP-6).

    The sector reaches ``distance_ft`` from the muzzle, and the straight line between its
    edges at that distance (its chord) is ``width_ft`` long. A chord cannot be longer than the
    circle is wide, so a sweep can be at most twice as wide as it is far.

    Raises:
        RuleRefusal: (S-2) the distance is not positive, or the width is not positive or is
            more than twice the distance.

    >>> cone = sweep_cone(Point(x_ft=0, y_ft=0), 0.0, distance_ft=100.0, width_ft=100.0)
    >>> round(cone.half_angle_deg, 6), cone.max_distance_ft
    (30.0, 100.0)
    """
    if not distance_ft > 0.0:
        raise RuleRefusal(
            "S-2", f"A sweep must be declared some distance out; {distance_ft!r} ft is not."
        )
    if not 0.0 < width_ft <= 2.0 * distance_ft:
        raise RuleRefusal(
            "S-2",
            f"A sweep {distance_ft!r} ft out can be from just over 0 up to "
            f"{2.0 * distance_ft!r} ft wide; {width_ft!r} ft is not.",
        )
    half_angle = math.degrees(math.asin(width_ft / (2.0 * distance_ft)))
    return Cone(
        apex=muzzle,
        bearing_deg=aim_bearing_deg % 360.0,
        half_angle_deg=half_angle,
        max_distance_ft=distance_ft,
    )


def _off_axis_deg(cone: Cone, point: Point) -> float:
    """Unsigned angle between the cone's axis and the direction from its apex to ``point``."""
    ux, uy = unit_vector(cone.bearing_deg)
    vx = point.x_ft - cone.apex.x_ft
    vy = point.y_ft - cone.apex.y_ft
    return math.degrees(math.atan2(abs(vx * uy - vy * ux), vx * ux + vy * uy))


def _distance_to_edge_ft(cone: Cone, point: Point, edge_bearing_deg: float) -> float:
    """Distance from ``point`` to one straight edge of the cone (a ray, or a segment)."""
    if cone.max_distance_ft is not None:
        end = point_at(cone.apex, edge_bearing_deg, cone.max_distance_ft)
        return distance_to_segment_ft(point, cone.apex, end)
    ux, uy = unit_vector(edge_bearing_deg)
    vx = point.x_ft - cone.apex.x_ft
    vy = point.y_ft - cone.apex.y_ft
    along = vx * ux + vy * uy
    if along <= 0.0:
        return math.hypot(vx, vy)
    return abs(vx * uy - vy * ux)


def body_in_cone(body: Body, cone: Cone) -> bool:
    """Whether any part of ``body`` lies inside ``cone`` (S-2, RMU-RF-10, RMU-SUP-6).

    Exact: the body's circle meets the sector when its center is inside it, or when the
    circle reaches one of the sector's two straight edges or its far arc. Touching counts.
    A circle that holds the apex itself (the shooter's own body) touches every cone from it,
    so callers leave the shooter out.

    >>> cone = burst_cone(Point(x_ft=0, y_ft=0), Point(x_ft=0, y_ft=60))
    >>> body_in_cone(Body(center=Point(x_ft=3.5, y_ft=60)), cone)
    True
    >>> body_in_cone(Body(center=Point(x_ft=3.7, y_ft=60)), cone)
    False
    """
    radius = body.radius_ft
    center = body.center
    from_apex_ft = distance_ft(cone.apex, center)
    if from_apex_ft <= radius + EPSILON_FT:
        return True
    if _off_axis_deg(cone, center) <= cone.half_angle_deg:
        # Within the cone's angle, only the far arc can keep the body out.
        return (
            cone.max_distance_ft is None
            or from_apex_ft - cone.max_distance_ft <= radius + EPSILON_FT
        )
    return any(
        _distance_to_edge_ft(cone, center, edge) <= radius + EPSILON_FT
        for edge in cone.edge_bearings_deg()
    )
