"""Where the Move that suppressive fire is owed must end (C-6): in cover from the fire that
broke the fighter (DEC-669), or, with no cover within one Move, as near it as one Move gets
(DEC-670).

Cover here is what suppressive fire itself counts (:func:`.encounter_build.in_cover`): a
barrier on the fighter's half of the line from the suppressor (DEC-630) that still has HP or
has no cover kind (DEC-645), read from where each suppressor stands now. Broken by several
before moving, the fighter needs cover from each of them. A spot to run for is the crouch
behind a barrier that the tactics take too (:func:`~firefight.scene.spots.cover_spots`), and
nobody stands on (S-1).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator

from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.geometry import Point, distance_ft
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.encounter_build import in_cover, shelters
from firefight.rulesets.cpr.fighter import fighter, move_allowance, spot_at
from firefight.scene.spots import cover_spots
from firefight.scene.state import Barrier, CombatantState, EncounterState
from firefight.trace import TraceBuilder
from firefight.units import metres_from_feet

__all__ = ["check_owed_move", "cover_ahead", "move_reach_m", "sheltered", "suppressors"]

#: The rule a suppressed fighter's Move answers to.
RULE = "C-6"


def suppressors(state: EncounterState, c: CombatantState) -> tuple[CombatantState, ...]:
    """Those whose suppressive fire ``c`` still owes a Move to cover from (DEC-669)."""
    found = (state.find(name) for name in fighter(c).cover_from)
    return tuple(s for s in found if s is not None)


def sheltered(
    state: EncounterState,
    c: CombatantState,
    at: Point,
    threats: tuple[CombatantState, ...],
    data: CprData,
) -> bool:
    """Whether ``c``, standing ``at`` a place, is in cover from each of ``threats`` (C-6)."""
    there = replace(c, position=at)
    return all(in_cover(state, t, there, data) for t in threats)


def move_reach_m(c: CombatantState, data: CprData) -> int:
    """How far one Move takes ``c``: MOVE x 2 m (CPR-REF-1), after wounds and injuries."""
    move, _ = move_allowance(c, data)
    return move * data.turns.metres_per_move


def cover_ahead(
    state: EncounterState,
    c: CombatantState,
    threats: tuple[CombatantState, ...],
    data: CprData,
    fits: Callable[[Point], bool] | None = None,
) -> Iterator[tuple[float, Point, Barrier]]:
    """Every free spot in cover from all of ``threats`` (the crouch behind each barrier that
    :func:`~.encounter_build.shelters`, on the side away from each threat in turn), with its
    distance from ``c`` in feet and its barrier, the nearest first; only those that ``fits``
    too, if given."""

    def counts(barrier: Barrier) -> bool:
        return shelters(state, barrier, data)

    def holds(spot: Point) -> bool:
        return sheltered(state, c, spot, threats, data) and (fits is None or fits(spot))

    return heapq.merge(
        *(cover_spots(state, c, t, counts, holds) for t in threats), key=lambda found: found[0]
    )


def _at(p: Point) -> str:
    """A place as an action line writes it, in metres (C-2)."""
    s = spot_at(p)
    return f"{s.x_m:.1f},{s.y_m:.1f}"


def check_owed_move(
    state: EncounterState, c: CombatantState, to: Point, data: CprData, tb: TraceBuilder
) -> None:
    """Refuse a move to ``to`` that ``c`` owes to reaching cover (C-6) and that does not end
    in cover while cover lies within one Move (DEC-669), or, with none that near, that does
    not end as near it as one Move gets (DEC-670); say in ``tb`` how an accepted one pays the
    debt. A fighter who owes nothing is not asked."""
    own = fighter(c)
    if not own.must_take_cover:
        return
    threats = suppressors(state, c)
    if not threats:
        # A log written before DEC-669 did not keep whose fire it was: any Move pays it.
        tb.step(f"{c.name} spends the Move suppressive fire made them owe to reaching cover.", RULE)
        return
    fire = " and ".join(f"{t.name}'s" for t in threats) + " suppressive fire"
    if sheltered(state, c, to, threats, data):
        tb.step(f"{c.name} reaches cover from {fire}: the Move it made them owe.", RULE)
        return
    reach = move_reach_m(c, data)
    spots = cover_ahead(state, c, threats, data)
    nearest = next(spots, None)
    if nearest is None:
        tb.step(
            f"No cover from {fire} stands anywhere in the scene: {c.name}'s Move pays what it "
            "made them owe wherever it ends (DEC-670).",
            RULE,
        )
        return
    away_ft, spot, barrier = nearest
    away = metres_from_feet(away_ft)
    owes = f"{c.name} owes this Move to reaching cover from {fire}"
    if away <= reach:
        raise RuleRefusal(
            RULE,
            f"{owes}, and {_at(to)} is in the open; cover lies within the Move's {reach} m, "
            f"e.g. behind the {barrier.name} at {_at(spot)} ({away:.1f} m away).",
        )
    # DEC-670: none within one Move, so it must end as near cover as a full Move straight at
    # the nearest would, give or take the slack for places set by eye. A spot farther than
    # that from the start cannot be nearer the end (one Move apart), so none is asked.
    slack = data.turns.short_of_cover_m
    rivals = itertools.takewhile(lambda found: metres_from_feet(found[0]) <= away + slack, spots)
    short, behind = min(
        ((metres_from_feet(distance_ft(to, s)), b) for _, s, b in (nearest, *rivals)),
        key=lambda found: found[0],
    )
    if short > away - reach + slack:
        raise RuleRefusal(
            RULE,
            f"{owes}; no cover lies within the Move's {reach} m, so it must end as near cover "
            f"as it can: the nearest is behind the {barrier.name} at {_at(spot)}, {away:.1f} m "
            f"away, and a full Move toward it leaves {away - reach:.1f} m to go; from "
            f"{_at(to)} it would be {metres_from_feet(distance_ft(to, spot)):.1f} m.",
        )
    tb.step(
        f"No cover from {fire} lies within {c.name}'s Move ({reach} m): it goes as near cover "
        f"as it can, {short:.1f} m short of the {behind.name} (DEC-670).",
        RULE,
    )
