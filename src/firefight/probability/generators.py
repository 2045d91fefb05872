"""numpy's random generator for a Monte Carlo kernel, from the seed the user gave.

A seed is any whole number: the scalar engines' sampling (:mod:`.montecarlo`) takes any, and
the kernels answer the same ``--seed``. numpy seeds with non-negative numbers only, so a
negative seed is given as its magnitude and a word for its sign (the seeds stay distinct, and
the same seed gives the same generator).

>>> draw = lambda seed: int(seeded_generator(seed).integers(0, 10**9))
>>> draw(-3) == draw(-3), draw(-3) != draw(3)
(True, True)
>>> draw(3) == int(np.random.default_rng(3).integers(0, 10**9))
True
"""

from __future__ import annotations

import numpy as np

__all__ = ["seeded_generator"]


def seeded_generator(seed: int) -> np.random.Generator:
    """The generator of ``seed``: numpy's own for 0 and up (the counts a seed gave before)."""
    return np.random.default_rng(seed if seed >= 0 else [-seed, 1])
