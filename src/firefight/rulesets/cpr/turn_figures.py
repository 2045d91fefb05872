"""The figures of a cpr encounter's turns (``data/encounter.toml``): initiative, the Move and
the Action, running. They are the public core rules' (CPR-REF-1).

>>> from firefight.rulesets.cpr.data import CprData
>>> CprData().turns.metres_per_move
2
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.rulesets.cpr.datafile import load

__all__ = ["TurnFigures", "load_turn_figures"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnFigures:
    initiative_stat: str
    metres_per_move: int
    min_move: int
    run: bool
    evasion_skill: str
    short_of_cover_m: float


def load_turn_figures(*, validate: bool = False) -> TurnFigures:
    m = load("encounter.toml", "EncounterFile", validate=validate)
    turn = m["turn"]
    return TurnFigures(
        initiative_stat=m["initiative"]["stat"],
        metres_per_move=turn["metres_per_move"],
        min_move=turn["min_move"],
        run=turn["run"],
        evasion_skill=turn["evasion_skill"],
        # Read as written, TOML gives a whole number where the model gives a float.
        short_of_cover_m=float(turn["short_of_cover_m"]),
    )
