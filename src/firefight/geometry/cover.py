"""Cover grade from geometry: how much of a body a barrier hides (RMU-COV-1, RULINGS P-1, P-2).

A barrier is reduced to its height above the ground the target stands on. What it hides is the
share of the target's front silhouette below its top edge, and the silhouette is not a
rectangle: shins are narrow and the chest is broad, so the share hidden grows slowly at
first and fast at the torso. The shape is data (``firefight/data/body_profile.toml``, a
provisional stand-in), read once and integrated exactly.

Sight lines are taken as level: the shooter's height, the distance to the barrier and any
difference in ground level are ignored. A GM who sees the scene differently overrides the
grade.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

from firefight.errors import RuleRefusal, TableDataError
from firefight.files import read_toml
from firefight.geometry.bodies import Body
from firefight.geometry.plane import Point
from firefight.tables.shipped import package_data

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = [
    "BodyProfile",
    "CoverGrade",
    "cover_grade",
    "default_body_profile",
    "grade_behind_barrier",
    "hidden_fraction",
    "load_body_profile",
]

# Fractions are computed with floating point; a silhouette hidden to within this of a P-1
# threshold counts as reaching it.
_FRACTION_TOLERANCE = 1e-9


class CoverGrade(Enum):
    """How much of a target the shooter cannot see (RMU-COV-1), graded by RULINGS P-1.

    >>> CoverGrade.PARTIAL.one_up()
    <CoverGrade.HALF: 'half'>
    """

    NONE = "none"
    PARTIAL = "partial"
    HALF = "half"
    FULL = "full"

    def one_up(self) -> CoverGrade:
        """The next grade up (P-2: partial to half to full; full stays full).

        No cover steps up to partial, so the ladder has no gap.
        """
        order = tuple(CoverGrade)
        return order[min(order.index(self) + 1, len(order) - 1)]


def cover_grade(fraction_hidden: float) -> CoverGrade:
    """The grade for the share of the target hidden (P-1).

    Under 25% is none, 25-49% partial, 50-89% half, 90% or more full.

    Raises:
        RuleRefusal: (P-1) the fraction is not between 0 and 1.

    >>> [cover_grade(f).value for f in (0.2, 0.25, 0.5, 0.89, 0.9)]
    ['none', 'partial', 'half', 'half', 'full']
    """
    if not -_FRACTION_TOLERANCE <= fraction_hidden <= 1.0 + _FRACTION_TOLERANCE:
        raise RuleRefusal(
            "P-1",
            f"The share of a target hidden is between 0 and 1; {fraction_hidden!r} is not.",
        )
    reached = fraction_hidden + _FRACTION_TOLERANCE
    if reached >= 0.9:
        return CoverGrade.FULL
    if reached >= 0.5:
        return CoverGrade.HALF
    if reached >= 0.25:
        return CoverGrade.PARTIAL
    return CoverGrade.NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class BodyProfile:
    """A body's front silhouette: relative width at fractions of its height, linear between.

    ``points`` run from the soles (0.0) to the crown (1.0) as ``(height_fraction,
    relative_width)`` pairs.

    >>> box = BodyProfile(points=((0.0, 1.0), (1.0, 1.0)), source="s", provisional=False,
    ...                   derivation="")
    >>> box.area_below(0.3) / box.total_area
    0.3
    """

    points: tuple[tuple[float, float], ...]
    source: str
    provisional: bool
    derivation: str

    def area_below(self, height_fraction: float) -> float:
        """Silhouette area from the soles up to ``height_fraction`` (clamped to 0..1).

        Exact for the piecewise-linear shape: whole segments are trapezoids, and the cut one
        is a trapezoid up to the width interpolated at the cut.
        """
        cut = min(1.0, max(0.0, height_fraction))
        area = 0.0
        for (low, low_width), (high, high_width) in pairwise(self.points):
            if cut <= low:
                break
            top = min(cut, high)
            top_width = low_width + (high_width - low_width) * (top - low) / (high - low)
            area += (low_width + top_width) / 2.0 * (top - low)
        return area

    @property
    def total_area(self) -> float:
        """Area of the whole silhouette, in height-fraction × relative-width units."""
        return self.area_below(1.0)


_PACKAGED = "data/body_profile.toml"


def load_body_profile(source: Traversable | Path | None = None) -> BodyProfile:
    """Read a body profile from a TOML data file (the packaged stand-in by default).

    Raises:
        TableDataError: the file is missing or malformed; the message names the file and row.
    """
    label = str(source) if source is not None else f"firefight/{_PACKAGED}"
    path = source if source is not None else package_data("firefight", _PACKAGED)
    # The file's model loads pydantic: only what measures cover pays for it.
    from firefight.geometry.profile_file import ProfileFile
    from firefight.tables.data_files import validate

    model = validate(ProfileFile, read_toml(path, label), label)
    head = model.table
    rows = model.rows
    if rows[0].height_fraction != 0.0:
        raise TableDataError(label, "row 1", "the profile must start at height_fraction 0")
    if rows[-1].height_fraction != 1.0:
        raise TableDataError(label, f"row {len(rows)}", "the profile must end at height_fraction 1")
    for number, (before, row) in enumerate(pairwise(rows), start=2):
        if row.height_fraction <= before.height_fraction:
            raise TableDataError(
                label,
                f"row {number}",
                f"height_fraction {row.height_fraction} does not rise above the row before "
                f"({before.height_fraction})",
            )
    profile = BodyProfile(
        points=tuple((row.height_fraction, row.relative_width) for row in rows),
        source=head.source,
        provisional=head.provisional,
        derivation=head.derivation,
    )
    if profile.total_area <= 0.0:
        raise TableDataError(label, "rows", "every width is 0, so there is no silhouette")
    return profile


@functools.cache
def default_body_profile() -> BodyProfile:
    """The packaged stand-in profile, read once."""
    return load_body_profile()


def hidden_fraction(
    body_height_ft: float, barrier_height_ft: float, profile: BodyProfile | None = None
) -> float:
    """Share of a body's silhouette below the top of a barrier (RMU-COV-1).

    The profile is stretched to ``body_height_ft``; ``barrier_height_ft`` is measured from the
    ground the body stands on. A barrier at or above the body's height hides all of it.

    Raises:
        RuleRefusal: (RMU-COV-1) the body's height is not positive or the barrier's is
            negative.

    >>> round(hidden_fraction(6.0, 3.0), 3)  # half the height hides well under half the body
    0.446
    """
    if not body_height_ft > 0.0:
        raise RuleRefusal(
            "RMU-COV-1", f"A body must have some height to hide; {body_height_ft!r} ft has none."
        )
    if barrier_height_ft < 0.0:
        raise RuleRefusal(
            "RMU-COV-1",
            f"A barrier cannot be {barrier_height_ft!r} ft tall; heights start at the ground.",
        )
    shape = profile if profile is not None else default_body_profile()
    return min(1.0, shape.area_below(barrier_height_ft / body_height_ft) / shape.total_area)


def grade_behind_barrier(
    shooter: Body | Point,
    target_body: Body,
    barrier_height_ft: float,
    override: CoverGrade | None = None,
) -> CoverGrade:
    """The cover grade a barrier of the given height gives ``target_body`` (RMU-COV-1, P-1).

    The GM's ``override``, when given, is the answer whatever the geometry says. Otherwise the
    target's posture sets the height the silhouette is stretched to (S-1), and the share
    hidden below the barrier's top is graded by P-1. ``shooter`` names whose view is graded;
    sight lines are taken level, so where the shooter stands does not change the grade.

    >>> target = Body(center=Point(x_ft=0, y_ft=30))
    >>> [grade_behind_barrier(Point(x_ft=0, y_ft=0), target, h).value for h in (2, 3.5, 5)]
    ['partial', 'half', 'full']
    >>> grade_behind_barrier(Point(x_ft=0, y_ft=0), target, 5, override=CoverGrade.HALF).value
    'half'
    """
    if override is not None:
        return override
    return cover_grade(hidden_fraction(target_body.height_ft, barrier_height_ft))
