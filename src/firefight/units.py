"""Units shared by every ruleset: the scene geometry measures in feet, some rulesets in metres.

The geometry layer works in feet (RULINGS S-1, X-5). A ruleset whose rules are written in
metres (cpr, C-2) converts at its edge with these functions, so the geometry never learns
which ruleset is asking. The international foot is exactly 0.3048 m; RULINGS X-5's
3.2808 ft per metre is that figure rounded.

>>> feet_from_metres(10.0)
32.808398950131235
>>> metres_from_feet(feet_from_metres(6.0))
6.0
"""

from __future__ import annotations

__all__ = ["METRES_PER_FOOT", "feet_from_metres", "metres_from_feet"]

#: Exact by definition of the international foot.
METRES_PER_FOOT = 0.3048

# Converting there and back in floating point can land a hair off a whole number of metres;
# this many decimals is far finer than any table reads and coarse enough to absorb that.
_METRE_DECIMALS = 9


def feet_from_metres(metres: float) -> float:
    """A length in metres, in feet."""
    return metres / METRES_PER_FOOT


def metres_from_feet(feet: float) -> float:
    """A length in feet, in metres, cleaned of floating-point dust (to 1e-9 m)."""
    return round(feet * METRES_PER_FOOT, _METRE_DECIMALS)
