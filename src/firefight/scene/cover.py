"""Which barriers of the scene cover someone against an attack, for the rulesets that read
cover off the line alone (cpr's HP, gurps' and cards' cover modifiers): those the line from the
attacker crosses on the target's half of the way (DEC-630, DEC-632). rmu reads its own, graded
by RMU-COV-1..5.
"""

from __future__ import annotations

from firefight.frozen import replace
from firefight.geometry import Point, Posture, crossing_share
from firefight.scene.state import Barrier, CombatantState, EncounterState

__all__ = ["THEIR_HALF", "between", "covering", "standing_height_ft", "tallest_covering"]

#: From this share of the way from the attacker on, a barrier is the target's (DEC-630): one
#: exactly halfway still covers them.
THEIR_HALF = 0.5

#: How far under THEIR_HALF a crossing may come out and still be halfway: positions given in
#: metres are kept in feet, and a wall drawn exactly halfway can come out a hair short.
HALFWAY_SLACK = 1e-9


def covering(state: EncounterState, origin: Point, at: Point) -> list[Barrier]:
    """The barriers that cover someone ``at`` a place against an attack from ``origin``, the
    nearest to them first: those the line crosses on their half of the way (DEC-630); one
    nearer the attacker is the attacker's own cover, which their attack leaves by.

    >>> def wall(name: str, y: float) -> Barrier:
    ...     ends = Point(x_ft=-5, y_ft=y), Point(x_ft=5, y_ft=y)
    ...     return Barrier(name=name, start=ends[0], end=ends[1], height_ft=3, material="hard")
    >>> scene = EncounterState(title="t", ruleset="cpr", barriers=(wall("near", 2), wall("far", 8)))
    >>> [b.name for b in covering(scene, Point(x_ft=0, y_ft=0), Point(x_ft=0, y_ft=10))]
    ['far']
    """
    return [b for share, b in _crossed(state, origin, at) if share >= THEIR_HALF - HALFWAY_SLACK]


def tallest_covering(state: EncounterState, origin: Point, at: Point) -> Barrier | None:
    """The tallest of the barriers :func:`covering` someone ``at`` a place against ``origin``
    (the one whose height counts); None when none does."""
    barriers = covering(state, origin, at)
    return max(barriers, key=lambda b: b.height_ft) if barriers else None


def standing_height_ft(c: CombatantState) -> float:
    """How tall ``c`` is on their feet, whatever their posture now: what they rise to over a
    barrier of their own (gurps' DEC-655, cards' DEC-656)."""
    return replace(c.body, posture=Posture.STANDING).height_ft


def between(state: EncounterState, origin: Point, at: Point) -> list[Barrier]:
    """Every barrier the line from ``origin`` to ``at`` crosses, the nearest to ``at`` first,
    on whichever half of the way: what stands between a blast and someone (cpr's DEC-146,
    which DEC-630 leaves as it was)."""
    return [b for _, b in _crossed(state, origin, at)]


def _crossed(state: EncounterState, origin: Point, at: Point) -> tuple[tuple[float, Barrier], ...]:
    """The barriers the line crosses with the share of the way at which it does, nearest
    ``at`` first."""
    barriers = state.barriers
    if not barriers:
        return ()
    key = (id(barriers), id(origin), id(at))
    found = _CROSSINGS.get(key)
    if found is not None and found[0] is barriers and found[1] is origin and found[2] is at:
        return found[3]
    crossings = []
    for b in barriers:
        share = crossing_share(origin, at, b.start, b.end)
        if share is not None:
            crossings.append((share, b))
    crossed = tuple(sorted(crossings, key=lambda x: -x[0]))
    if len(_CROSSINGS) >= _CROSSINGS_HELD:
        _CROSSINGS.clear()
    _CROSSINGS[key] = (barriers, origin, at, crossed)
    return crossed


#: Lines worked out, by the identity of the frozen barriers and the two frozen places each was
#: worked out for: a gurps turn asks of the same line in its tactic, its validation and its
#: shot, and a scene's barriers and whoever did not move are the same values at the next turn.
#: The entry holds the three values themselves, so no other value can take their ids while it
#: is cached; cleared when full (a search for cover asks of many spots once each).
_CROSSINGS: dict[
    tuple[int, int, int],
    tuple[tuple[Barrier, ...], Point, Point, tuple[tuple[float, Barrier], ...]],
] = {}
_CROSSINGS_HELD = 256
