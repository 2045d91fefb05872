"""The figures of a cpr encounter's turns (``data/encounter.toml``): initiative, the Move and
the Action, running. They are the public core rules' (CPR-REF-1).

>>> from firefight.rulesets.cpr.data import CprData
>>> CprData().turns.metres_per_move
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from firefight.rulesets.cpr.datafile import CprTableHeader, load
from firefight.tables.data_files import DataModel

__all__ = ["TurnFigures", "load_turn_figures"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnFigures:
    initiative_stat: str
    metres_per_move: int
    min_move: int
    run: bool
    evasion_skill: str


class _Initiative(DataModel):
    stat: Literal["REF"]
    die: Literal[10]  # C-11: the cpr d10 of C-1, nothing else
    ties: Literal["reroll"]


class _Turn(DataModel):
    metres_per_move: int = Field(gt=0)
    min_move: int = Field(ge=0)
    run: bool
    evasion_skill: str


class _EncounterFile(DataModel):
    table: CprTableHeader
    initiative: _Initiative
    turn: _Turn


def load_turn_figures() -> TurnFigures:
    m = load(_EncounterFile, "encounter.toml")
    return TurnFigures(
        initiative_stat=m.initiative.stat,
        metres_per_move=m.turn.metres_per_move,
        min_move=m.turn.min_move,
        run=m.turn.run,
        evasion_skill=m.turn.evasion_skill,
    )
