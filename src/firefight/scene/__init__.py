"""The scene vocabulary every ruleset shares (DESIGN.md layer 5, below the rulesets).

- :mod:`.state` -- the frozen state values: combatants, weapons, barriers, conditions;
- :mod:`.actions` -- what an action line declares, before a ruleset reads it;
- :mod:`.events` -- the events every encounter shares, and the registry the log reads events by;
- :mod:`.apply` -- one event applied to the state (the shared ones here, a ruleset's by it);
- :mod:`.lines` -- the action-line reader rulesets build their grammars on;
- :mod:`.points` -- positions in a ruleset's unit, on the scene's plane;
- :mod:`.conditions` -- condition kinds ticking at upkeep, in a registry plug-ins join.

Nothing here knows a ruleset; the encounter engine, log and store sit above the rulesets.
"""
