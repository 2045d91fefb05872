"""Encounters: event-sourced fights, run round by round (DESIGN.md layer 6).

An encounter is its initial scene (from a scenario) plus an append-only log of records; the
state is the fold of the log's events over the scene. Modules:

- :mod:`.scenario` -- the TOML scenario schema, validated with pydantic;
- :mod:`.log` -- records as JSON payloads;
- :mod:`.fold` -- ``fold`` and ``fold_from``; undone records are skipped;
- :mod:`.snapshot` -- the folded state at one record, cached beside the log;
- :mod:`.engine` -- act and change rounds; :mod:`.narrate` -- the narrated log.

The vocabulary the rulesets share with the engine (state, actions, events, the action-line
reader, conditions) lives below the rulesets in :mod:`firefight.scene`; the service the
interfaces call sits above the store in :mod:`firefight.service`.
"""
