"""Positions as a scenario or an action line writes them, in the ruleset's unit, on the scene's
plane, which the geometry measures in feet (RULINGS S-1)."""

from __future__ import annotations

from typing import Literal

from firefight.geometry import Point
from firefight.limits import MAX_COORDINATE_M, finite
from firefight.units import feet_from_metres

__all__ = ["scene_point"]


def scene_point(x: float, y: float, unit: Literal["ft", "m"]) -> Point:
    """A position as the scenario writes it, on the scene's plane (feet).

    >>> scene_point(3, 0, "m").x_ft == feet_from_metres(3)
    True
    """
    if unit == "m":
        # Checked as typed, in metres: a limit broken in feet names a number nobody wrote.
        x = finite("a position's x (m)", x, MAX_COORDINATE_M)
        y = finite("a position's y (m)", y, MAX_COORDINATE_M)
        return Point(x_ft=feet_from_metres(x), y_ft=feet_from_metres(y))
    return Point(x_ft=x, y_ft=y)
