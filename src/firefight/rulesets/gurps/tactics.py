"""gurps's tactics for ``odds simulate`` (:mod:`firefight.scene.tactics`)."""

from __future__ import annotations

from firefight.scene.state import EncounterState
from firefight.scene.tactics import plain, quoted

__all__ = ["steady"]


def steady(state: EncounterState, name: str) -> list[str]:
    """shoot the nearest enemy it can; else reload; else, stunned, try to recover; else wait"""
    *shots_and_reload, wait = plain(state, name)
    # GUR-CORE-1: a stunned fighter may only Do Nothing, rolling HT to shake it off.
    return [*shots_and_reload, f"{quoted(name)} recovers", wait]
