"""What an rmu encounter's actions come to: the verb, who, and the standalone resolver's result.

An encounter action wraps the result of the resolver it calls (a shot, a burst, a sweep) with
the verb, the actor, their target and weapon as the scene names them, and the headline; the
resolver's figures are written in its place (:func:`~firefight.outcome.inline`), as the log
has always kept them. An action that failed a check it had to pass first (the CS
Constitution maneuver, RMU-EXP-16; a fatigue check, R-2) has :class:`NoEffect`.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.frozen import quick_init
from firefight.outcome import Done, ResolvedWord, Result, inline
from firefight.rulesets.rmu.fire_results import PreparationResult, RapidFireResult, SweepResult
from firefight.rulesets.rmu.placement import Landing
from firefight.rulesets.rmu.shot_results import AimedShotResult

__all__ = [
    "Emptied",
    "JamWorked",
    "NoEffect",
    "Prepared",
    "ShotTaken",
    "Swept",
    "Thrown",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ShotTaken(Result):
    """An encounter's aimed shot (``shoots``)."""

    action: str = "shoots"
    actor: str
    target: str
    weapon_name: str
    shot: AimedShotResult = inline()
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.shot.outcome

    @property
    def odds_word(self) -> str:
        """The outcome word, but a miss whose round flies on into a shielder (RMU-COV-6) says
        so: counted as a plain "hit", "Mara shoots Viktor: hit 21%" read as Viktor hit when
        the bodies in front left him all but out of reach. Nobody is named (a shielder may be
        hidden from the players, DEC-674): the effects say who comes to what."""
        stray = self.shot.shielder
        if not self.shot.landing.hit and stray is not None and stray.landing.hit:
            return "stray round hits someone in the way"
        return self.outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class Prepared(Result):
    """An encounter's Rapid Fire preparation (``prepares``); the target is None when none was
    named."""

    action: str = "prepares"
    actor: str
    target: str | None
    weapon_name: str
    preparation: PreparationResult = inline()
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.preparation.outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class Emptied(Result):
    """An encounter's firing round (``empties``)."""

    action: str = "empties"
    actor: str
    target: str
    weapon_name: str
    fired: RapidFireResult = inline()
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.fired.outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class Swept(Result):
    """An encounter's suppression sweep (``sweeps``), with the bearing swept."""

    action: str = "sweeps"
    actor: str
    weapon_name: str
    bearing_deg: float
    sweep: SweepResult = inline()
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.sweep.outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class JamWorked(Done):
    """AP spent clearing a jam (``clears``, RMU-RF-13), and whether it is clear."""

    action: str = "clears"
    ap_spent: int
    cleared: bool
    headline: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NoEffect(Done):
    """A failed check (RMU-EXP-16, R-2): the AP the action would have spent, lost to no
    effect (the checks' figures are written after it, :class:`~.merged.Merged`)."""

    action: str
    actor: str
    ap_spent: int
    headline: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Thrown(Result):
    """An encounter's throw (``throws``) or a grenade thrown back (``throws-back``): where it
    landed, the fuse's condition, and the headline (where it landed and when it goes off)."""

    action: str
    actor: str
    landing: Landing = inline()
    condition: str
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.landing.outcome

    @property
    def odds_word(self) -> str:
        return self.landing.said(self.actor)
