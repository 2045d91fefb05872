"""Encounters: event-sourced fights, run round by round (DESIGN.md layer 6).

An encounter is its initial scene (from a scenario) plus an append-only log of records; the
state is the fold of the log's events over the scene. Modules:

- :mod:`.scenario` -- the TOML scenario schema, validated with pydantic;
- :mod:`.state` -- the frozen state values;
- :mod:`.events` -- the events every encounter shares;
- :mod:`.log` -- records as JSON and the event type registry;
- :mod:`.fold` -- ``apply``, ``fold`` and ``fold_from``; undone records are skipped;
- :mod:`.snapshot` -- the folded state at one record, cached beside the log;
- :mod:`.conditions` -- condition kinds ticking at upkeep, in a registry plug-ins join;
- :mod:`.engine` -- act and change rounds; :mod:`.narrate` -- the narrated log;
- :mod:`.service` -- the service the interfaces call, over a store.

The package imports nothing heavy on its own, so rulesets can use its vocabulary
(``state``, ``events``, ``actions``, ``conditions``) without pulling in the engine.
"""
