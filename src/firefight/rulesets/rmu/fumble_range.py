"""A fumble range shrunk by skill (RMU-GEN-8): a gun's aimed shot and a melee weapon read it
alike, each on its own figures."""

from __future__ import annotations

from typing import Protocol

__all__ = ["FumbleFigures", "shrunk_fumble_range"]


class FumbleFigures(Protocol):
    """The figures RMU-GEN-8 reads: how many ranks take one off a fumble range, and its least."""

    @property
    def fumble_ranks_per_step(self) -> int: ...
    @property
    def fumble_minimum(self) -> int: ...


def shrunk_fumble_range(fumble: int, ranks: int, figures: FumbleFigures) -> int:
    """The ``fumble`` range of a weapon wielded with ``ranks`` skill ranks: one less for every
    ``figures.fumble_ranks_per_step`` ranks, never below ``figures.fumble_minimum`` (RMU-GEN-8).

    >>> from firefight.rulesets.rmu.catalog import RmuData
    >>> rules = RmuData().rules
    >>> shrunk_fumble_range(5, 12, rules), shrunk_fumble_range(3, 40, rules)
    (3, 1)
    """
    return max(figures.fumble_minimum, fumble - ranks // figures.fumble_ranks_per_step)
