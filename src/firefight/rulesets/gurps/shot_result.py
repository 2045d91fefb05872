"""What one turn's shooting comes to (GUR-CORE-1 with 002's house rules): each missile's roll
and where it went, the hits and their injury, and the target's condition after them when its
HP were given (docs/architecture.md, "How a ruleset returns a result")."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.frozen import quick_init
from firefight.outcome import ResolvedWord, Result, inline, omitted

__all__ = ["BarrelBurst", "ShotResult", "ShotRoll", "TargetCondition"]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ShotRoll:
    """One missile's attack roll and what became of it: a miss's path (GUR-WRONG-2) and a
    lobbed miss's scatter (GUR-IND-2), the defense that stopped a hit (G-3, GUR-WRONG-3), or a
    hit's location and injury. A round spent on hard cover rolls nothing (GUR-AMMO-1)."""

    roll: int | None = omitted()
    #: The hit number this missile was rolled against.
    target: int | None = omitted()
    #: The roll's verdict (``success``, ``critical failure``...), or ``burst on the cover``.
    result: str
    missed_by: int | None = omitted()
    #: The active defense that stopped the hit.
    defended: str | None = omitted()
    path: str | None = omitted()
    #: Hexes wide of the target (none on a critical miss: it harms no enemy).
    wide_hexes: int | None = omitted()
    scatter_yd: int | None = omitted()
    scatter_direction: int | None = omitted()
    location: str | None = omitted()
    injury: int | None = omitted()


@dataclass(frozen=True, slots=True, kw_only=True)
class BarrelBurst:
    """Too-fine powder burst the barrel: the shot is lost, half a damage roll to the firer's
    face (GUR-RELOAD-1, DEC-212)."""

    firer_injury: int


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class TargetCondition:
    """The target after the shot, when its HP were given: a major wound, the shock it takes
    next turn, HP left, its state (up, stunned, unconscious, dead) and a knockdown."""

    major_wound: bool
    shock: int
    hp_left: int
    state: str
    knocked_down: bool

    @property
    def down(self) -> bool:
        """Out of the fight for now: knocked down, unconscious or dead."""
        return self.state in ("unconscious", "dead") or self.knocked_down


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ShotResult(Result):
    """One turn's shooting at one target. ``result`` is ``hit``, ``defended`` (every hit
    stopped) or ``miss``; ``injury`` counts hits and shrapnel through hard cover."""

    result: str
    hits: int
    injury: int
    critical: bool
    critical_miss: bool
    effective_skill: int
    snap_shot: bool
    distance_yd: float
    shots: tuple[ShotRoll, ...]
    barrel_burst: BarrelBurst | None = omitted()
    #: Shrapnel of an APE round through hard cover (GUR-AMMO-1), when it did any.
    shrapnel_injury: int | None = omitted()
    headline: str
    condition: TargetCondition | None = inline()

    @property
    def outcome(self) -> ResolvedWord:
        """A burst barrel or a critical miss that struck nobody is a fumble."""
        if self.barrel_burst is not None:
            return "fumble"
        if self.hits:
            return "hit"
        return "fumble" if self.critical_miss else "miss"
