"""What a stray missile comes to (GUR-WRONG-2, GUR-WRONG-3): the standalone walk down range,
and a stray that struck someone in an encounter's scene."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.outcome import ResolvedWord, Result, omitted

__all__ = ["StrayHit", "StrayResult"]


@dataclass(frozen=True, slots=True, kw_only=True)
class StrayResult(Result):
    """Where a missed shot went: whom it struck (None: nobody), how many hexes wide, the last
    direction rolled (``through`` when none was) and the damage a stray does."""

    hit: str | None
    wide_hexes: int
    direction: str
    damage: str
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if self.hit else "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class StrayHit:
    """A missile of shot number ``shot`` that flew on and struck ``hit`` in the scene, with
    the injury it did (none when the one struck was already dead)."""

    shot: int
    hit: str
    injury: int | None = omitted()
