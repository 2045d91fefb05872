"""What a ruleset works out from its loaded data and frozen values alone, kept with the data.

rmu's prepared aimed shot, the cover the barriers on a line of fire give, a stray round's terms;
cpr's worn armor penalty: each reads frozen values and one loaded data object (a ruleset's
tables and catalogs), so equal ones come out alike, and a fight asks for the same ones again
and again. :func:`settled` works each out once and keeps it in the data object itself (its
``settled`` attribute): a catalog loaded anew, or one a command loaded for itself (a user's
tables laid over), starts afresh and takes what it kept with it when it goes, so no cache holds
old catalogs alive. At most :data:`KEPT` values of each kind are kept, the oldest dropped first.
A refusal is not kept: it is raised again each time it is asked for.

>>> class Data:
...     def __init__(self) -> None:
...         self.settled = {}
>>> data = Data()
>>> def square(n: int) -> int:
...     return n * n
>>> settled(data, "square", 12, square, 12), settled(data, "square", 12, lambda: 0)
(144, 144)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Protocol, TypeVar, TypeVarTuple, cast

__all__ = ["KEPT", "KEPT_EACH", "Settles", "settled", "settled_while"]

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

#: How many values of one kind are kept per data object.
KEPT = 1024

#: How many values :func:`settled_while` keeps for one key, the last found or made first.
KEPT_EACH = 8

_MISSING = object()


class Settles(Protocol):
    """A loaded data object that keeps what was worked out from it, by kind and key."""

    settled: dict[str, dict[Hashable, object]]


def settled(data: Settles, kind: str, key: Hashable, work: Callable[[*Ts], T], *args: *Ts) -> T:
    """The value of ``kind`` for ``key`` (frozen values: equal keys settle alike), worked out by
    ``work(*args)`` the first time and kept with ``data``. The work's arguments are given
    apart, not bound in a closure or a partial: most asks find the value kept, and building a
    closure for each costs about what finding it does."""
    memo = data.settled.get(kind)
    if memo is None:
        memo = data.settled[kind] = {}
    found = memo.get(key, _MISSING)
    if found is not _MISSING:
        # What was kept under ``kind`` is what ``work`` gives (typing.cast would be a call).
        return found  # type: ignore[return-value]
    value = work(*args)
    if len(memo) >= KEPT:
        memo.pop(next(iter(memo)), None)
    memo[key] = value
    return value


def settled_while(
    data: Settles,
    kind: str,
    key: Hashable,
    inputs: tuple[object, ...],
    work: Callable[[*Ts], T],
    *args: *Ts,
) -> T:
    """The value of ``kind`` for ``key`` and ``inputs`` (frozen values), worked out by
    ``work(*args)`` the first time (its arguments given apart, as :func:`settled` takes them:
    most asks find the value kept). For work read off values that are costly to hash but
    mostly the very same objects from one call to the next (a scene's positions, its
    barriers): only the small ``key`` is hashed, and the inputs are compared with the
    :data:`KEPT_EACH` last ones kept for it (the last found first), which takes an object that
    is the same one as equal at once, without going through its fields.

    >>> from types import SimpleNamespace
    >>> data = SimpleNamespace(settled={})
    >>> settled_while(data, "sum", "a", (1, 2), lambda: 3)
    3
    >>> settled_while(data, "sum", "a", (2, 2), lambda: 4)
    4
    >>> settled_while(data, "sum", "a", (1, 2), lambda: 0)
    3
    """
    memo = data.settled.get(kind)
    if memo is None:
        memo = data.settled[kind] = {}
    kept = cast("list[tuple[tuple[object, ...], T]] | None", memo.get(key))
    if kept is None:
        if len(memo) >= KEPT:
            memo.pop(next(iter(memo)), None)
        kept = memo[key] = []
    for at, (was, value) in enumerate(kept):
        if was == inputs:
            if at:
                # The one found goes first: a fight comes back to a few (everyone where they
                # stood as it began), so each is found after few comparisons.
                kept.insert(0, kept.pop(at))
            return value
    value = work(*args)
    kept.insert(0, (inputs, value))
    del kept[KEPT_EACH:]
    return value
