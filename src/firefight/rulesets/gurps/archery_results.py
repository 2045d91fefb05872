"""What 002's archery beyond the shot comes to (GUR-ARROW-1): a shot for distance, arrows
gleaned, an incendiary arrow lit, a bow heard."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.outcome import Done, ResolvedWord, Result

__all__ = ["GleanResult", "HearBowResult", "IncendiaryArrowResult", "LongShotResult"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LongShotResult(Done):
    """How far the missile carried (yd), and the ST its range was read at."""

    yards: int
    st: int
    headline: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GleanResult(Done):
    """Arrows fit to shoot again: of those that missed, of those pulled from the dead, in all."""

    missed: int
    from_dead: int
    fit: int
    headline: str


@dataclass(frozen=True, slots=True, kw_only=True)
class IncendiaryArrowResult(Result):
    """The turns it took to light, and whether it still burns after its flight."""

    turns: int
    burning: bool
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return "success" if self.burning else "failure"


@dataclass(frozen=True, slots=True, kw_only=True)
class HearBowResult(Result):
    """Whether the listener heard the bow."""

    heard: bool
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return "success" if self.heard else "failure"
