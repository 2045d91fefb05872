"""Whose turn it is (issue 17): acting before someone ahead in initiative who still has some
of their turn, or closing a round while people still have some, is asked about at the table
and refused on the command line unless forced (DEC-410, DEC-411).

What is left of a turn is the ruleset's to say (:meth:`~firefight.rulesets.base.Ruleset.
turn_left`): action points, a Move and an Action, a maneuver not yet taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firefight.errors import RuleRefusal
from firefight.scene.state import EncounterState

if TYPE_CHECKING:
    from collections.abc import Sequence

    from firefight.rulesets.base import Ruleset

__all__ = [
    "ORDER_RULE",
    "ROUND_END_RULE",
    "ahead_of",
    "check_order",
    "check_round_end",
    "decided",
    "example_now",
    "next_up",
    "turn_line",
    "unspent",
]

#: The encounter's own check that people act in initiative order.
ORDER_RULE = "ENC-ORDER"
#: The encounter's own check that a round ends when everyone has had their turn.
ROUND_END_RULE = "ENC-ROUND-END"


def ahead_of(state: EncounterState, actor: str, ruleset: Ruleset) -> list[tuple[str, str]]:
    """Who comes before ``actor`` in initiative and still has some of their turn, with what
    they have left; none when ``actor`` is not in the order (held, or joined mid-round)."""
    groups = state.initiative
    found = state.find(actor)
    name = found.name if found else actor
    at = next((i for i, group in enumerate(groups) if name in group), None)
    if at is None:
        return []
    return _turns_left([name for group in groups[:at] for name in group], state, ruleset)


def unspent(state: EncounterState, ruleset: Ruleset) -> list[tuple[str, str]]:
    """Everyone who still has some of their turn, with what they have left: in initiative
    order, then anyone out of it (held, or joined mid-round) in the scene's (DEC-715)."""
    ordered = [name for group in state.initiative for name in group]
    rest = [c.name for c in state.combatants if c.name not in ordered]
    return _turns_left([*ordered, *rest], state, ruleset)


def _turns_left(
    names: Sequence[str], state: EncounterState, ruleset: Ruleset
) -> list[tuple[str, str]]:
    """Those of ``names`` who still have some of their turn, with what they have left."""
    found = []
    for name in names:
        c = state.find(name)
        left = ruleset.turn_left(c) if c is not None else None
        if left is not None:
            found.append((name, left))
    return found


def _listed(people: list[tuple[str, str]]) -> str:
    return ", ".join(f"{name} ({left})" for name, left in people)


def check_order(state: EncounterState, actor: str, ruleset: Ruleset) -> None:
    """Refuse ``actor`` acting while someone ahead of them still has some of their turn."""
    waiting = ahead_of(state, actor, ruleset)
    if waiting:
        raise RuleRefusal(
            ORDER_RULE,
            f"{actor} acts out of initiative order: {_listed(waiting)} "
            f"{'comes' if len(waiting) == 1 else 'come'} first. Let them act or wait, "
            "'delay' or 'hold' them, or force it (--force).",
        )


def check_round_end(state: EncounterState, ruleset: Ruleset) -> None:
    """Refuse closing the round while someone still has some of their turn."""
    left = unspent(state, ruleset)
    if left:
        raise RuleRefusal(
            ROUND_END_RULE,
            f"Round {state.round} is not over: {_listed(left)} still "
            f"{'has' if len(left) == 1 else 'have'} a turn to take. Let them act or wait, "
            "or force it (--force).",
        )


def next_up(state: EncounterState, ruleset: Ruleset) -> list[tuple[str, str]]:
    """Whose turn it is: the first initiative group with anyone who still has some of their
    turn (those of them who do), else everyone who has some, in the scene's order."""
    for group in state.initiative:
        found = _turns_left(group, state, ruleset)
        if found:
            return found
    return unspent(state, ruleset)


def example_now(state: EncounterState, ruleset: Ruleset, actor: str | None = None) -> str | None:
    """The ruleset's example action line in ``state``, ``actor`` (else whoever is up) acting
    (DEC-746): what the session's ``help``, the web table's whole line and ``odds`` without a
    line show."""
    if actor is None:
        up = next_up(state, ruleset)
        actor = up[0][0] if up else None
    return ruleset.example_line(state, actor)


def decided(state: EncounterState) -> str | None:
    """That the fight is decided (DEC-810), in a few words: ``smugglers left standing``, or
    ``nobody left standing``; None while people of two sides still fight, or when the scene
    began with one side only. The table may play on (a GM's ``heal`` or ``set NAME up``)."""
    if len({c.side for c in state.combatants if not c.bystander}) < 2:
        return None
    standing = state.sides_standing()
    if len(standing) > 1:
        return None
    return f"{next(iter(standing))} left standing" if standing else "nobody left standing"


def turn_line(state: EncounterState, ruleset: Ruleset) -> str:
    """``round 2 · next: Viktor (4 AP)``, or that the round is over; led by that the fight is
    decided, once it is (:func:`decided`)."""
    up = next_up(state, ruleset)
    over = decided(state)
    head = f"round {state.round} · {over}" if over else f"round {state.round}"
    if not up:
        return f"{head} · everyone has acted: next-round"
    return f"{head} · next: {_listed(up)}"
