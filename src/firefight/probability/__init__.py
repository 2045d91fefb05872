"""Probability primitives a ruleset's odds fast paths and the odds layer share (below both).

- :mod:`.distribution` -- a finite distribution of outcomes, with what was cut off;
- :mod:`.enumeration` -- every dice path a pure resolver can ask for, exactly;
- :mod:`.montecarlo` -- a scalar resolver run many times, seeded;
- :mod:`.openended` -- the open-ended d100 as vectors (numpy, imported on first use);
- :mod:`.stats` -- headline stats read off a distribution;
- :mod:`.action_odds` -- what a ruleset tells the odds layer about one kind of action.
"""
