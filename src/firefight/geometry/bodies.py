"""Bodies on the plane: circles whose radius and height follow posture and size (RULINGS S-1)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from firefight.frozen import quick_init
from firefight.geometry.plane import Point

__all__ = ["Body", "Posture", "Size"]


class Posture(Enum):
    """How a body is holding itself; changes its footprint and its height (S-1)."""

    STANDING = "standing"
    KNEELING = "kneeling"
    PRONE = "prone"


class Size(Enum):
    """RMU size categories; each scales a human body's footprint (S-1).

    >>> Size.LARGE.scale
    2.0
    """

    SMALL = "small"
    MEDIUM = "medium"
    BIG = "big"
    LARGE = "large"
    HUGE = "huge"

    @property
    def scale(self) -> float:
        """Factor applied to a medium (human) body's radius and height."""
        return _SIZE_SCALE[self]


_SIZE_SCALE = {
    Size.SMALL: 0.75,
    Size.MEDIUM: 1.0,
    Size.BIG: 1.5,
    Size.LARGE: 2.0,
    Size.HUGE: 3.0,
}

# S-1, for a medium (human) body. Lying down, the footprint is the body's length, so the
# circle that holds it has half that length as its radius.
_RADIUS_FT = {Posture.STANDING: 1.0, Posture.KNEELING: 1.0, Posture.PRONE: 3.0}
_HEIGHT_FT = {Posture.STANDING: 6.0, Posture.KNEELING: 3.5, Posture.PRONE: 1.0}


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Body:
    """A combatant or bystander on the plane, as a circle with a height (S-1).

    ``name`` is for the caller to map a body back to whoever it is; the geometry never reads
    it, but it keeps two otherwise identical bodies distinct.

    >>> b = Body(center=Point(x_ft=0, y_ft=0), posture=Posture.PRONE)
    >>> b.radius_ft, b.height_ft
    (3.0, 1.0)
    >>> Body(center=Point(x_ft=0, y_ft=0), size=Size.BIG).radius_ft
    1.5
    """

    center: Point
    posture: Posture = Posture.STANDING
    size: Size = Size.MEDIUM
    name: str = ""

    @property
    def radius_ft(self) -> float:
        """Radius of the body's footprint: 1 ft standing or kneeling, 3 ft prone, times size."""
        return _RADIUS_FT[self.posture] * self.size.scale

    @property
    def height_ft(self) -> float:
        """Height of the body: 6 ft standing, 3.5 ft kneeling, 1 ft prone, times size."""
        return _HEIGHT_FT[self.posture] * self.size.scale
