"""Where an explosive lands (RULINGS X-2) and which of its bands a body is in (RMU-EXP-5)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from firefight.errors import RuleRefusal
from firefight.geometry.bodies import Body
from firefight.geometry.plane import EPSILON_FT, Point, bearing_deg, distance_ft, point_at

__all__ = ["band_of", "scatter_point"]


def band_of(body: Body, center: Point, radii: Sequence[float]) -> tuple[int | None, bool]:
    """The innermost band any part of ``body`` occupies, and whether it straddles (RMU-EXP-5).

    ``radii`` are the bands' outer radii in feet, innermost first and strictly growing (for a
    fragmentation grenade: kill, casualty, fringe). Band ``i`` is the ring between
    ``radii[i - 1]`` and ``radii[i]``. The body is in the band its nearest part reaches
    (touching an edge counts), and straddles when its farthest part lies beyond that band's
    outer edge, i.e. it does not fit wholly inside. A body with no part inside the outermost
    radius gives ``(None, False)``.

    Raises:
        RuleRefusal: (RMU-EXP-5) no radii, or radii that are not positive and growing.

    >>> radii = (15.0, 50.0, 100.0)
    >>> band_of(Body(center=Point(x_ft=10, y_ft=0)), Point(x_ft=0, y_ft=0), radii)
    (0, False)
    >>> band_of(Body(center=Point(x_ft=15.5, y_ft=0)), Point(x_ft=0, y_ft=0), radii)
    (0, True)
    >>> band_of(Body(center=Point(x_ft=101.5, y_ft=0)), Point(x_ft=0, y_ft=0), radii)
    (None, False)
    """
    if not radii or radii[0] <= 0.0 or any(b <= a for a, b in pairwise(radii)):
        raise RuleRefusal(
            "RMU-EXP-5",
            f"A blast's radii must be positive and grow outward band by band; got {list(radii)!r}.",
        )
    from_center_ft = distance_ft(center, body.center)
    nearest_ft = max(0.0, from_center_ft - body.radius_ft)
    farthest_ft = from_center_ft + body.radius_ft
    for index, outer_ft in enumerate(radii):
        if nearest_ft <= outer_ft + EPSILON_FT:
            return index, farthest_ft > outer_ft + EPSILON_FT
    return None, False


def scatter_point(thrower: Point, aim: Point, distance_off_ft: float, clock_hour: int) -> Point:
    """Where a thrown explosive lands when it misses its aim point (RULINGS X-2, RMU-EXP-2).

    The clock is laid on the throw: 12 o'clock points on along the line of the throw, past the
    aim point; hours run clockwise seen from above, so 3 o'clock is to the right of the throw
    line as the thrower sees it, 6 back toward the thrower and 9 to the left. The explosive
    lands ``distance_off_ft`` from the aim point in that direction.

    Raises:
        RuleRefusal: (X-2) the hour is not 1-12, the distance is negative, or the aim point is
            where the thrower stands (the clock then has no 12 o'clock).

    >>> scatter_point(Point(x_ft=0, y_ft=0), Point(x_ft=0, y_ft=45), 6.3, 12)
    Point(x_ft=0.0, y_ft=51.3)
    """
    if clock_hour not in range(1, 13):
        raise RuleRefusal("X-2", f"A d12 read as a clock shows 1 to 12, not {clock_hour!r}.")
    if distance_off_ft < 0.0:
        raise RuleRefusal(
            "X-2", f"A throw cannot land a negative distance off target ({distance_off_ft!r} ft)."
        )
    if thrower == aim:
        raise RuleRefusal(
            "X-2",
            "The aim point is where the thrower stands, so there is no line of throw to lay "
            "the clock on.",
        )
    # Each hour is 30° clockwise, which is also the direction compass bearings grow.
    direction = bearing_deg(thrower, aim) + 30.0 * (clock_hour % 12)
    return point_at(aim, direction, distance_off_ft)
