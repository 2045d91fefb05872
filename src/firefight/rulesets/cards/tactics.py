"""The cards ruleset's tactics for ``odds simulate`` (:mod:`firefight.scene.tactics`)."""

from __future__ import annotations

from firefight.scene.state import EncounterState
from firefight.scene.tactics import plain, quoted

__all__ = ["ready"]


def ready(state: EncounterState, name: str) -> list[str]:
    """get up when knocked down, cock a single-shot gun that must be, then shoot the nearest
    enemy it can; else reload; else wait"""
    me = quoted(name)
    # K-4 and CRD-MODE-1: a turn owed to getting up or to cocking goes to that alone; the
    # rules refuse both when nothing is owed.
    return [f"{me} gets up", f"{me} cocks", *plain(state, name)]
