"""Events the rmu resolvers return (applied by the encounter layer)."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.events import Event
from firefight.frozen import quick_init
from firefight.rulesets.rmu.critical_table import CriticalEffect
from firefight.serialize import omitted_when

__all__ = [
    "ActionPointsSpent",
    "AttackerBonusGained",
    "BreakageTaken",
    "CriticalInflicted",
    "HitsInflicted",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ActionPointsSpent(Event):
    """AP an action costs (RMU-GEN-1)."""

    actor: str
    ap: int


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class HitsInflicted(Event):
    """Concussion hits from an attack table (RMU-GEN-5)."""

    target: str
    hits: int
    rule: str
    # Aggravated to a Kindred (a vampire's fangs, RMU-BITE-1): what can bring Final Death (V-2).
    # Left out of the log when false, so logs written before Kindred read back byte for byte.
    aggravated: bool = omitted_when(lambda flag: not flag, False)


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalInflicted(Event):
    """One critical cell's effects landing on the target (RMU-GEN-6, RMU-GEN-7)."""

    target: str
    table: str
    severity: str
    roll: int
    location: str
    effect: CriticalEffect
    # A Kindred's V-1: the severity the attack dealt, when the cell read is a lower one.
    # Both left out of the log at their defaults, so older logs read back byte for byte.
    reduced_from: str | None = omitted_when(lambda text: text is None, None)
    # Aggravated to a Kindred (fire and heat, fangs): what can bring Final Death (V-2).
    aggravated: bool = omitted_when(lambda flag: not flag, False)


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackerBonusGained(Event):
    """A cell that rewards the attacker on their next action this round (RMU-BP-3)."""

    actor: str
    bonus: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakageTaken(Event):
    """The result of one breakage check on a piece of armor (RMU-BRK-1, RMU-BRK-2, RULINGS P-5).

    ``penalty`` is what this check adds to the armor's running total (0: it held);
    ``new_total`` is the running total after it, which the encounter keeps per piece of armor.
    ``broken``: the armor stops protecting at once. ``beaten_open``: the running total has passed
    the threshold, so from the next shot on the armor no longer protects. ``temporary``: an
    unmodified 66 made this failure a passing one (a strap torn loose, a plate knocked askew) that
    needs no workshop to put right.
    """

    wearer: str
    armor: str
    check_total: int
    penalty: int
    new_total: int
    broken: bool
    beaten_open: bool
    temporary: bool
    rule: str
