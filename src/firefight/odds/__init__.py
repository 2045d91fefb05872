"""The odds layer (DESIGN.md layer 8): what an action will do, before anyone rolls.

- :func:`odds` -- ``odds(state, action) -> Distribution`` for any registered action: exact by
  the action's fast path (rmu aimed shot, cpr shot and autofire), exact by the generic engine
  (:func:`enumerate_outcomes`, every dice path a pure resolver can ask for), or Monte Carlo;
- :func:`sweep` -- headline stats over a grid of parameters, on any executor;
- :func:`simulate` -- any scalar resolver or whole scenario run many times, seeded.

Importing this package needs neither numpy nor matplotlib nor dask: the fast paths, kernels and
plots import them when first used (``pip install 'firefight[odds]'``, ``[dask]``).
"""

from firefight.odds.api import ActionOdds, action_odds, odds, odds_stats, register
from firefight.odds.sweep import SweepResult, sweep
from firefight.probability.distribution import Distribution
from firefight.probability.enumeration import enumerate_outcomes, result_key
from firefight.probability.montecarlo import simulate
from firefight.probability.stats import Stat, StatValue, read_stats

__all__ = [
    "ActionOdds",
    "Distribution",
    "Stat",
    "StatValue",
    "SweepResult",
    "action_odds",
    "enumerate_outcomes",
    "odds",
    "odds_stats",
    "read_stats",
    "register",
    "result_key",
    "simulate",
    "sweep",
]
