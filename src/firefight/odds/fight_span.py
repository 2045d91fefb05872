"""How long a simulated fight runs before it is called undecided (DEC-541): apart from
:mod:`firefight.odds.fights`, so that ``odds simulate``'s help reads the figures without
importing the engine."""

from __future__ import annotations

__all__ = ["FIGHT_SECONDS", "MIN_ROUNDS"]

#: The span of fight every ruleset's simulation is given before it is called undecided: 20
#: rmu rounds of 5 seconds, the limit odds simulate always had (DEC-541).
FIGHT_SECONDS = 100.0
#: The fewest rounds a fight is given, whatever its rounds last.
MIN_ROUNDS = 20
