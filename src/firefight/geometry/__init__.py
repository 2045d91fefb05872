"""Scene geometry: pure functions on a plane measured in feet (RULINGS S-1..S-3, X-2, P-1).

Conventions shared by every function here:

- Positions are :class:`Point` values in feet. Bearings are compass-style in degrees: 0 points
  along +y ("north") and they grow clockwise seen from above (90 = +x, "east").
- A body is a circle with a height (:class:`Body`); posture and size set both (S-1).
- Touching counts: a body tangent to a cone, a line of fire or a band edge is inside it.
- Nothing here rolls dice or reads a ruleset; the rulesets call in.

>>> shooter = Point(x_ft=0, y_ft=0)
>>> target = Body(center=Point(x_ft=0, y_ft=60), name="target")
>>> bystander = Body(center=Point(x_ft=2.0, y_ft=40), name="bystander")
>>> body_in_cone(bystander, burst_cone(shooter, target.center))
True
>>> [b.name for b in bodies_between(shooter, target, [target, bystander])]
[]
"""

from __future__ import annotations

from firefight.geometry.blast import band_of, scatter_point
from firefight.geometry.bodies import Body, Posture, Size
from firefight.geometry.cones import (
    BURST_HALF_ANGLE_DEG,
    Cone,
    body_in_cone,
    burst_cone,
    sweep_cone,
)
from firefight.geometry.cover import (
    BodyProfile,
    CoverGrade,
    cover_grade,
    default_body_profile,
    grade_behind_barrier,
    hidden_fraction,
    load_body_profile,
)
from firefight.geometry.lines import bodies_between, order_along
from firefight.geometry.plane import Point, bearing_deg, crossing_share, distance_ft, point_at

__all__ = [
    "BURST_HALF_ANGLE_DEG",
    "Body",
    "BodyProfile",
    "Cone",
    "CoverGrade",
    "Point",
    "Posture",
    "Size",
    "band_of",
    "bearing_deg",
    "bodies_between",
    "body_in_cone",
    "burst_cone",
    "cover_grade",
    "crossing_share",
    "default_body_profile",
    "distance_ft",
    "grade_behind_barrier",
    "hidden_fraction",
    "load_body_profile",
    "order_along",
    "point_at",
    "scatter_point",
    "sweep_cone",
]
