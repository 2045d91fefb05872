"""Tactics: how a simulated fighter decides, as the action lines it tries in turn.

The rules never decide for a fighter; ``odds simulate`` must. A tactic reads the scene and
lists the action lines a fighter would say on their turn, best first; the simulation takes the
first the rules accept (a refused line changes nothing) and, if none is, the fighter does
nothing. Every ruleset offers its tactics by name (:meth:`Ruleset.fight_tactics
<firefight.rulesets.base.Ruleset.fight_tactics>`), its default first; :func:`plain` is the one
every ruleset has. A tactic's docstring's first line is how the reports name it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # Only named: the ruleset base class imports this module, and ``firefight --help`` loads
    # that without the scene's state (nor pydantic).
    from firefight.scene.state import CombatantState, EncounterState

__all__ = [
    "Tactic",
    "enemies_by_distance",
    "enemies_of",
    "plain",
    "plain_lines",
    "quoted",
    "rounds_carried",
    "rounds_left",
]

#: The action lines ``name`` tries this turn, best first: a list, or lines offered one by one
#: (a line behind the one the rules take is then never worked out).
Tactic = Callable[["EncounterState", str], Iterable[str]]


def rounds_carried(c: CombatantState) -> int:
    """The rounds in ``c``'s guns and in the magazines carried for them."""
    # Added up in a plain loop: every turn of a simulated fight asks it (can_still_harm), and
    # a generator over a tuple joined for each weapon costs several times as much.
    rounds = 0
    for w in c.weapons:
        if w.loaded is not None:
            rounds += w.loaded.rounds
        for m in w.spares:
            rounds += m.rounds
    return rounds


def rounds_left(c: CombatantState) -> bool:
    """Whether a round is left in any of ``c``'s guns or the magazines carried for them."""
    return rounds_carried(c) > 0


def quoted(name: str) -> str:
    """A name as an action line spells it."""
    return f'"{name}"' if " " in name else name


def enemies_by_distance(state: EncounterState, name: str) -> list[CombatantState]:
    """Everyone of another side still able to act, nearest first."""
    return enemies_of(state, state.combatant(name))


def enemies_of(state: EncounterState, me: CombatantState) -> list[CombatantState]:
    """:func:`enemies_by_distance` for ``me``, found already (a tactic reads them too)."""
    side, x, y = me.side, me.position.x_ft, me.position.y_ft
    found = [c for c in state.combatants if c.side != side and c.in_fight()]
    if len(found) < 2:  # one enemy left, as most fights end: nothing to put in order
        return found
    return sorted(found, key=lambda c: math.hypot(c.position.x_ft - x, c.position.y_ft - y))


def plain(state: EncounterState, name: str) -> list[str]:
    """shoot the nearest enemy it can; else reload; else wait"""
    return plain_lines(name, enemies_by_distance(state, name))


def plain_lines(name: str, enemies: Sequence[CombatantState], verb: str = "shoots") -> list[str]:
    """:func:`plain`'s lines for ``name`` with ``enemies`` already found, nearest first (a
    tactic built on it reads them too, and sorting them again would cost as much); ``verb``
    fires at each (a ruleset whose line throws a thrown weapon says so)."""
    me = quoted(name)
    return [*(f"{me} {verb} {quoted(e.name)}" for e in enemies), f"{me} reloads", f"{me} waits"]
