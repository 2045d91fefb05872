"""What fire that is no aimed shot comes to: random fire over everyone exposed (GUR-FIRE-1), a
white phosphorus round's area (GUR-AMMO-1) and a round setting something alight."""

from __future__ import annotations

from dataclasses import dataclass

from firefight.outcome import ResolvedWord, Result, omitted

__all__ = ["AreaFireResult", "IgniteResult", "InTheFire", "RandomFireResult"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RandomFireResult(Result):
    """A turn under random fire: who was hit."""

    hit: tuple[str, ...]
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if self.hit else "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class InTheFire:
    """One person in the area's fire: the injury, and their state and HP left when their HP
    were given."""

    name: str
    injury: int
    state: str | None = omitted()
    hp_left: int | None = omitted()


@dataclass(frozen=True, slots=True, kw_only=True)
class AreaFireResult(Result):
    """A round that filled an area with fire: everyone in it, whether it flashed in the dark,
    and whether it hurt anyone."""

    burned: tuple[InTheFire, ...]
    flash: bool
    hit: bool
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if self.hit else "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class IgniteResult(Result):
    """Whether a round set a flammable alight."""

    alight: bool
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return "success" if self.alight else "failure"
