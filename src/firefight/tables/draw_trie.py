"""Work that reads frozen values, one loaded data object and dice, kept by the faces drawn.

A simulated fight resolves the same few prepared actions again and again (a shooter firing the
same gun at someone who has not moved), and a resolution that reads nothing but its prepared
values, the data and the dice is a function of the faces it draws. :func:`settled_by_draws`
keeps, for each prepared value, a trie of those draws: each node knows the die the next draw
rolls; walking it draws each face from the real dice, in the order the work would, and a leaf
holds what the work gave. The dice are thus left as the work itself leaves them, so every later
draw, and every later fight, is the same. A face not met before for its node is worked out by
the work itself, on dice that give the faces drawn already again and then go on drawing from
the real ones; its draws become a new path.

Only seeded dice are walked: a scripted or prompted source reads the purpose of each draw, and
a recording one keeps the faces, so they are handed to the work itself. The tries are kept with
the data as :mod:`~firefight.tables.settled` keeps its values (at most :data:`KEPT` of a kind,
the oldest dropped first), each under its prepared values held by identity, with at most
:data:`KEPT_PATHS` paths each. A work that reads something else than its draws calls the
``unkept`` it is given before reading it: the node it has come to is worked out afresh every
time. A refusal keeps nothing.

>>> from types import SimpleNamespace
>>> from firefight.dice import Dice
>>> data, held = SimpleNamespace(settled={}), ("a value",)
>>> def work(dice, unkept, sides):
...     return dice.die_face(sides, "test") + dice.die_face(sides, "test")
>>> a, b = Dice.seeded(7), Dice.seeded(7)
>>> [work(a, None, 6) for _ in range(5)] == [
...     settled_by_draws(data, "sum", held, b, work, 6) for _ in range(5)
... ]
True
>>> a.die_face(100, "after") == b.die_face(100, "after")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from firefight.dice import Dice, SeededSource
from firefight.tables.settled import KEPT, Settles, settled

__all__ = ["KEPT_PATHS", "settled_by_draws"]

T = TypeVar("T")
A = TypeVar("A")

#: How many paths one trie keeps; past them a new path is worked out and not kept.
KEPT_PATHS = 256


class _Draw:
    """A node of the trie: the die its draw rolls, and the node or leaf each face leads to."""

    __slots__ = ("next", "purpose", "sides")

    def __init__(self, sides: int, purpose: str) -> None:
        self.sides = sides
        self.purpose = purpose
        self.next: dict[int, _Draw | _Done | _Live] = {}


class _Done:
    """A leaf: what the work gave for the faces that lead here."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value


class _Live:
    """Where the work reads something besides its draws: it is worked out every time."""

    __slots__ = ()


_LIVE = _Live()


class _Trie:
    """The draws of one prepared value: its first node (or leaf) under face 0 of ``start``."""

    __slots__ = ("paths", "start")

    def __init__(self) -> None:
        self.start: dict[int, _Draw | _Done | _Live] = {}
        self.paths = 0


class _Replay:
    """A source giving the faces drawn already again, then drawing on from ``source``, each
    new draw a node of the trie hung where the faces drawn lead (``into`` under ``at``), until
    the work reads something besides its draws. ``into`` None: nothing is hung."""

    __slots__ = ("at", "given", "into", "source")

    def __init__(
        self,
        faces: list[int],
        source: SeededSource,
        into: dict[int, _Draw | _Done | _Live] | None,
        at: int,
    ) -> None:
        faces.reverse()
        self.given = faces
        self.source = source
        self.into = into
        self.at = at

    def face(self, sides: int, purpose: str) -> int:
        given = self.given
        if given:
            return given.pop()
        value = self.source.face(sides, purpose)
        into = self.into
        if into is not None:
            node = into[self.at] = _Draw(sides, purpose)
            self.into = node.next
            self.at = value
        return value

    def unkept(self) -> None:
        into = self.into
        if into is not None:
            into[self.at] = _LIVE
            self.into = None


def settled_by_draws(
    data: Settles,
    kind: str,
    held: tuple[object, ...],
    dice: Dice,
    work: Callable[[Dice, Callable[[], None], A], T],
    args: A,
) -> T:
    """What ``work`` gives on ``dice``, drawing from them what it would: kept with ``data``
    under the frozen values ``held`` (by identity: the trie holds them, so no other value takes
    their ids while it is kept) and the faces drawn. ``work`` reads only ``held``, ``data`` and
    the dice it is given (and ``args``, given it as its third argument, only as far as they are
    those), and calls its second argument before reading anything else; what it
    gives is shared by every call that draws the same faces, so it must be frozen."""
    source = dice.source
    if type(source) is not SeededSource:
        return work(dice, _nothing, args)
    memo = data.settled.get(kind)
    if memo is None:
        memo = data.settled[kind] = {}
    key = tuple(map(id, held))
    found: tuple[tuple[object, ...], _Trie] | None = memo.get(key)  # type: ignore[assignment]
    # The same objects compare equal at once; others under the same ids (``held`` was dropped
    # and its ids taken) only if equal, and equal frozen values are worked out alike.
    if found is None or found[0] != held:
        if found is None and len(memo) >= KEPT:
            memo.pop(next(iter(memo)), None)
        # Equal values made anew (a cache above let the first go) walk the same trie: found
        # by value, hashed only when their objects are new here.
        found = memo[key] = (held, settled(data, f"{kind} (by value)", held, _Trie))
    trie = found[1]
    into = trie.start
    face = 0
    node = into.get(0)
    faces: list[int] = []
    draw = source.face
    while type(node) is _Draw:
        into = node.next
        face = draw(node.sides, node.purpose)
        faces.append(face)
        node = into.get(face)
    if type(node) is _Done:
        return node.value  # type: ignore[return-value]
    grows = node is None and trie.paths < KEPT_PATHS
    replay = _Replay(faces, source, into if grows else None, face)
    value = work(Dice(replay), replay.unkept, args)
    if grows:
        trie.paths += 1
        if replay.into is not None:
            replay.into[replay.at] = _Done(value)
    return value


def _nothing() -> None:
    """The ``unkept`` of a work not kept: nothing to tell."""
