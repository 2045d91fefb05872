"""What rmu works out from its data and frozen values alone, kept with the data.

Preparing an aimed shot, the cover the barriers on a line of fire give, a stray round's terms:
each reads frozen declarations and one :class:`~firefight.rulesets.rmu.catalog.RmuData`, so
equal ones come out alike, and a fight asks for the same ones again and again (the same gun at
the same target from the same spot). :func:`settled` works each out once and keeps it in the
data object itself (``RmuData.settled``): a catalog loaded anew, or one a command loaded for
itself, starts afresh and takes what it kept with it when it goes. At most :data:`KEPT` values
of each kind are kept, the oldest dropped first. A refusal is not kept: it is raised again each
time it is asked for.

>>> from firefight.rulesets.rmu.catalog import RmuData
>>> data = RmuData()
>>> settled(data, "square", 12, lambda: 12 * 12), settled(data, "square", 12, lambda: 0)
(144, 144)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, TypeVar, cast

if TYPE_CHECKING:
    from firefight.rulesets.rmu.catalog import RmuData

__all__ = ["KEPT", "settled"]

T = TypeVar("T")

#: How many values of one kind are kept per data object.
KEPT = 1024

_MISSING = object()


def settled(data: RmuData, kind: str, key: Hashable, work: Callable[[], T]) -> T:
    """The value of ``kind`` for ``key`` (frozen values: equal keys settle alike), worked out by
    ``work`` the first time and kept with ``data``."""
    memo = data.settled.get(kind)
    if memo is None:
        memo = data.settled[kind] = {}
    found = memo.get(key, _MISSING)
    if found is not _MISSING:
        return cast(T, found)
    value = work()
    if len(memo) >= KEPT:
        memo.pop(next(iter(memo)), None)
    memo[key] = value
    return value
