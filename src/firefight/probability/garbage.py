"""The cyclic garbage collector held back while many samples run.

A simulated fight allocates hundreds of thousands of short-lived frozen values (states,
combatants, events), almost none of them in reference cycles, which reference counting frees
as they go. The collector's youngest generation is examined every 700 allocations by default,
so a long simulation spends about a tenth of its time walking objects it cannot free.
:func:`fewer_collections` raises that threshold for the duration and moves everything alive at
its start (catalogs, tables, the loaded scenario) out of every collection with
:func:`gc.freeze`; both are undone at its end. The cycles a run does make (an exception's
traceback, a refused action's) are still collected, only less often.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["SAMPLING_THRESHOLD", "fewer_collections"]

#: Allocations between two collections of the youngest generation while samples run.
SAMPLING_THRESHOLD = 20_000


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the body with the youngest generation collected every :data:`SAMPLING_THRESHOLD`
    allocations and what was alive before it frozen out of collections.

    >>> before = gc.get_threshold()
    >>> with fewer_collections():
    ...     gc.get_threshold()[0]
    20000
    >>> gc.get_threshold() == before
    True
    """
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(threshold[0], SAMPLING_THRESHOLD), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()
