"""What a gurps encounter's fire comes to (docs/gurps.md): an attack maneuver, with the strays
of its misses and the opportunity fire its move drew, and a move into opportunity fire
(GUR-CORE-1, GUR-WRONG-2, GUR-OPP-1). The shot's figures are written in place beside these, as
the log has always kept them."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.frozen import quick_init
from firefight.outcome import Done, ResolvedWord, Result, inline, omitted
from firefight.rulesets.gurps.shot_result import ShotResult
from firefight.rulesets.gurps.stray_results import StrayHit

__all__ = ["Attacked", "MovedUnderFire", "OpportunityShot"]


@dataclass(frozen=True, slots=True, kw_only=True)
class OpportunityShot:
    """One watcher's shot at a mover (GUR-OPP-1): who fired, the shot and its strays."""

    shooter: str
    shot: ShotResult | None = inline()
    strays: tuple[StrayHit, ...] | None = omitted()


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Attacked(Result):
    """An attack maneuver: the shot (None when none was aimed: an area round, or the attacker
    dropped by opportunity fire on the way), the strays that struck someone, and the
    opportunity fire the attacker's move drew. It comes to the shot's word (``done`` without
    one): a stray that strikes someone else does not make a missed shot a hit."""

    headline: str
    strays: tuple[StrayHit, ...] | None = omitted()
    opportunity_fire: tuple[OpportunityShot, ...] | None = omitted()
    shot: ShotResult | None = inline()

    @property
    def outcome(self) -> ResolvedWord:
        return "done" if self.shot is None else self.shot.outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class MovedUnderFire(Done):
    """A move into the areas others watch, and the shots they fired together (GUR-OPP-1):
    ``done``, whatever the shots did."""

    headline: str
    opportunity_fire: tuple[OpportunityShot, ...]
