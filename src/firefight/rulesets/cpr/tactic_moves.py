"""The moves cpr's tactics make for ``odds simulate``, written as an action line writes a place
(to 0.1 m): the Move that suppressive fire is owed (C-6, DEC-671), and the grid a spot behind
cover is written on (the ``covered`` tactic's, DEC-631).

A tactic only offers lines; the rules refuse what does not hold (:mod:`.take_cover`). These
are built to pass them: a spot in cover is written to a point of the 0.1 m grid still in cover,
and a full Move is kept a little inside its reach.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from firefight.geometry import Point, distance_ft
from firefight.rulesets.cpr import cpr_data
from firefight.rulesets.cpr.fighter import fighter
from firefight.rulesets.cpr.take_cover import cover_ahead, move_reach_m, sheltered, suppressors
from firefight.scene.state import CombatantState, EncounterState
from firefight.scene.tactics import quoted
from firefight.units import feet_from_metres, metres_from_feet

__all__ = ["REACH_MARGIN_M", "line_point", "on_grid", "owed_move"]

#: How far inside a Move's reach a spot must lie: the action line writes it to 0.1 m, which
#: may carry it a few centimetres farther.
REACH_MARGIN_M = 0.1


def line_point(p: Point) -> str:
    """``p`` as an action line writes a place: ``X,Y`` in metres to 0.1 m (C-2)."""
    return f"{metres_from_feet(p.x_ft):.1f},{metres_from_feet(p.y_ft):.1f}"


def on_grid(spot: Point, holds: Callable[[Point], bool]) -> Point | None:
    """The nearest of the four points of the 0.1 m grid the action line writes around
    ``spot`` that ``holds`` (written to 0.1 m, a spot near a barrier's end can come out past
    it); None when none does."""
    x, y = metres_from_feet(spot.x_ft), metres_from_feet(spot.y_ft)
    xs = {math.floor(x * 10) / 10, math.ceil(x * 10) / 10}
    ys = {math.floor(y * 10) / 10, math.ceil(y * 10) / 10}
    near = sorted(((gx, gy) for gx in xs for gy in ys), key=lambda g: math.dist(g, (x, y)))
    grid = (Point(x_ft=feet_from_metres(gx), y_ft=feet_from_metres(gy)) for gx, gy in near)
    return next((p for p in grid if holds(p)), None)


def owed_move(state: EncounterState, c: CombatantState) -> list[str]:
    """The Move ``c`` owes to reaching cover (C-6), while it is still theirs to spend this
    turn: to the nearest free spot in cover from whoever broke them that one Move reaches
    (DEC-669), else a full Move straight at the nearest there is (DEC-670); nothing when no
    cover stands anywhere, or nothing is owed."""
    name = c.name
    own = fighter(c)
    # Asked at every turn: whose fire is owed a Move is looked up only when one is owed.
    if not (own.must_take_cover and own.move_left):
        return []
    threats = suppressors(state, c)
    if not threats:
        return []
    data = cpr_data()
    here = c.position
    # The Move's reach as the rules measure it: a spot in cover within it must be reached.
    reach_ft = feet_from_metres(move_reach_m(c, data))

    def holds(p: Point) -> bool:
        return distance_ft(here, p) <= reach_ft and sheltered(state, c, p, threats, data)

    def written(p: Point) -> bool:
        return on_grid(p, holds) is not None

    found = next(cover_ahead(state, c, threats, data, fits=written), None)
    if found is not None and found[0] <= reach_ft:
        spot = on_grid(found[1], holds)
        assert spot is not None  # what ``written`` found
        return [f"{quoted(name)} moves {line_point(spot)}"]
    nearest = next(cover_ahead(state, c, threats, data), None)
    if nearest is None or nearest[0] <= reach_ft:
        # No cover anywhere, or a spot in reach that no written place stays in: no line the
        # rules would take.
        return []
    away, spot, _ = nearest
    share = (reach_ft - feet_from_metres(REACH_MARGIN_M)) / away
    toward = Point(
        x_ft=here.x_ft + share * (spot.x_ft - here.x_ft),
        y_ft=here.y_ft + share * (spot.y_ft - here.y_ft),
    )
    return [f"{quoted(name)} moves {line_point(toward)}"]
