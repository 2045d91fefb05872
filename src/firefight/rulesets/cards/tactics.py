"""The cards ruleset's tactics for ``odds simulate`` (:mod:`firefight.scene.tactics`)."""

from __future__ import annotations

from firefight.rulesets.cards.encounter_model import stats_of
from firefight.scene.state import EncounterState
from firefight.scene.tactics import plain, quoted

__all__ = ["ready"]


def ready(state: EncounterState, name: str) -> list[str]:
    """get up when knocked down, cock a single-shot gun that must be, then shoot the nearest
    enemy it can; else reload; else wait"""
    me = quoted(name)
    # K-4 and CRD-MODE-1: a turn owed to getting up or to cocking goes to that alone. Neither
    # is offered when nothing is owed: the rules refuse it then, drawing nothing, so offering
    # it only spent the time of refusing it (most turns).
    own = stats_of(state.combatant(name))
    owed = [f"{me} gets up"] if own.knocked_down else []
    if own.uncocked:
        owed.append(f"{me} cocks")
    return [*owed, *plain(state, name)]
