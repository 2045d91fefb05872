"""Events the rmu firearm actions return: rapid fire, suppression, moving to cover, tripods.

They are the facts the encounter folds into its state; each names the rule it comes from.
What the encounter keeps from them is written down in ``docs/rmu.md`` ("What the encounter
tracks").
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.events import Event
from firefight.frozen import quick_init
from firefight.rulesets.rmu.fumble import FumbleEffect, Malfunction
from firefight.rulesets.rmu.severity import Severity

__all__ = [
    "ApForfeited",
    "ApLimitedNextRound",
    "CoverReached",
    "FiredAt",
    "JamCleared",
    "LeftInTheOpen",
    "PreparationWasted",
    "RapidFireFired",
    "RapidFirePrepared",
    "SuppressionSwept",
    "WeaponMalfunctioned",
    "malfunction_event",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class RapidFirePrepared(Event):
    """A preparation earned ``percent`` (M-1); ``share_percent`` (capped at 100) is carried into
    the firing round that must follow next round (RMU-RF-2, RMU-RF-4, F-2)."""

    actor: str
    weapon: str
    percent: int
    share_percent: int
    rule: str = "RMU-RF-4"


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparationWasted(Event):
    """A preparation that failed to act: no firing round follows, nothing is spent (F-3)."""

    actor: str
    weapon: str
    rule: str = "F-3"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponMalfunctioned(Event):
    """A maneuver's critical result read on the Firearm Fumble table (RMU-RF-13, F-3, F-5).

    No bullets leave with it; ``effect`` is what the gun and the shooter suffer.
    """

    actor: str
    weapon: str
    severity: str
    roll: int
    row: str
    column: str
    effect: FumbleEffect
    rule: str


def malfunction_event(
    bad: Malfunction, *, actor: str, weapon: str, severity: Severity | None, rule: str
) -> WeaponMalfunctioned:
    """The event of a roll on the Firearm Fumble table; ``severity`` None for an attack roll's
    fumble, which no maneuver pushed (RMU-GEN-8)."""
    return WeaponMalfunctioned(
        actor=actor,
        weapon=weapon,
        severity=severity.value if severity is not None else "",
        roll=bad.total,
        row=bad.row,
        column=bad.column,
        effect=bad.effect,
        rule=rule,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class RapidFireFired(Event):
    """One firing round of rapid fire (RMU-RF-5, RMU-RF-6, F-6).

    ``belt_continues``: a belt-fed gun with rounds left may fire again next round on the same
    preparation's ``share_percent``.
    """

    actor: str
    weapon: str
    bullets: int
    share_percent: int
    rounds_left: int
    belt_continues: bool
    rule: str = "RMU-RF-5"


@dataclass(frozen=True, slots=True, kw_only=True)
class SuppressionSwept(Event):
    """One suppression sweep (RMU-SUP-1..3). ``rounds`` is 0 when the gun malfunctioned and no
    sweep flew; ``volume_bonus`` is what every target's attack carried (F-5)."""

    actor: str
    weapon: str
    rounds: int
    distance_ft: float
    width_ft: float
    bearing_deg: float
    volume_bonus: int
    sweep_number: int
    rule: str = "RMU-SUP-1"


@dataclass(frozen=True, slots=True, kw_only=True)
class ApForfeited(Event):
    """``actor`` loses whatever AP they had left this round (RMU-SUP-9: a diver)."""

    actor: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ApLimitedNextRound(Event):
    """``actor`` has only ``ap`` AP next round (RMU-SUP-9: 2 for a diver; RMU-SUP-10: 3 for
    ducking behind cover already held)."""

    actor: str
    ap: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverReached(Event):
    """``actor`` reached ``cover`` (RMU-MOV-2): ``bonus_this_round`` of its protection counts
    this round, the full value from next round on with no roll. For a dive (``rule``
    RMU-SUP-9) ``bonus_this_round`` is the share of the doubled cover the sweep met."""

    actor: str
    cover: str
    share_percent: int
    bonus_this_round: int
    full_bonus: int
    rule: str = "RMU-MOV-2"


@dataclass(frozen=True, slots=True, kw_only=True)
class LeftInTheOpen(Event):
    """A failed move to cover: at the cover but not behind it, in the open this round; from
    next round on the cover counts in full (RMU-MOV-2)."""

    actor: str
    cover: str
    rule: str = "RMU-MOV-2"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class FiredAt(Event):
    """In an encounter: ``actor``'s ``weapon`` sent ``rounds`` rounds this round at ``targets``
    (everyone its fire reached). The rounds count toward the gun's class rate this round
    (RMU-SUP-2); each target counts the guns firing on them (RMU-MOV-1: several guns)."""

    actor: str
    weapon: str
    rounds: int
    targets: tuple[str, ...]
    rule: str = "RMU-MOV-1"


@dataclass(frozen=True, slots=True, kw_only=True)
class JamCleared(Event):
    """``ap`` AP spent clearing a malfunction on ``weapon``; ``cleared`` once all it asked for
    are paid, which also ends its semi-only and half-effect (RMU-RF-13)."""

    actor: str
    weapon: str
    ap: int
    cleared: bool
    rule: str = "RMU-RF-13"
