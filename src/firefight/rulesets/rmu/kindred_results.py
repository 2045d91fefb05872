"""What a Kindred's bite, a staking and a decapitation come to (RMU-BITE-1..5, RMU-STAKE-1..3).

A bite, a stake and a beheading are melee attacks (:class:`~.melee.results.MeleeResult`,
written in their place) with what they did besides: the fangs lodged (:class:`BiteResult`),
the stake home or the head off (:class:`StakeResult`). A helpless victim is staked by a
maneuver instead (:class:`StakingResult`). The standalone commands add what the victim is left
in (:class:`OnVictim`); the encounter wraps each with its verb (:class:`Bitten`,
:class:`KindredActed`). The encounter's other Kindred actions (feeding, letting go, tearing
free, rousing a power, pulling a stake, putting out a fire) have theirs.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.outcome import Done, ResolvedWord, Result, inline, omitted
from firefight.rulesets.rmu.melee.results import EscapeResult, MeleeResult

__all__ = [
    "BiteResult",
    "Bitten",
    "FedOn",
    "FirePutOut",
    "KindredActed",
    "LetGo",
    "OnVictim",
    "Roused",
    "StakePulled",
    "StakeResult",
    "StakingResult",
    "TornFree",
    "VictimState",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class BiteResult(Result):
    """A bite (RMU-BITE-1..3): the melee attack, who bit whom, how the fangs reached, and
    whether they lodged."""

    attack: MeleeResult = inline()
    biter: str
    victim: str
    reach: str
    lodged: bool
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.attack.outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class StakeResult(Result):
    """A staking or beheading blow (RMU-STAKE-2, -3): the melee attack, its purpose, and
    whether the victim was ``staked`` (a stake) or ``beheaded`` (a beheading)."""

    attack: MeleeResult = inline()
    purpose: str
    staked: bool | None = omitted()
    beheaded: bool | None = omitted()

    @property
    def result(self) -> str:
        return self.attack.result

    @property
    def done(self) -> bool:
        """Whether the stake went home or the head came off."""
        return bool(self.staked or self.beheaded)

    @property
    def outcome(self) -> ResolvedWord:
        return self.attack.outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class StakingResult(Done):
    """The staking maneuver on a helpless victim (RMU-STAKE-2): ``staked``, ``next-round``,
    ``missed`` or ``breaks``; the band, total and roll (none with time and no interference).
    Its outcome stays ``done``, as the log has always read it."""

    result: str
    band: str | None
    total: int | None = omitted()
    roll: int | None
    staked: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class VictimState:
    """What a bite or a staking leaves the victim in (V-2 for a Kindred, R-2 for a mortal)."""

    hits_left: int
    torpor: bool
    staked: bool
    final_death: bool
    unconscious: bool
    dead: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class OnVictim(Result):
    """A standalone bite or staking and what it leaves the victim in (``victim``, written
    over the attack's own)."""

    done: BiteResult | StakeResult | StakingResult = inline()
    victim: VictimState

    @property
    def outcome(self) -> ResolvedWord:
        return self.done.outcome

    @property
    def headline(self) -> str | None:
        return self.done.headline


@dataclass(frozen=True, slots=True, kw_only=True)
class KindredActed(Result):
    """An encounter's stake or beheading: the verb, who (a staking maneuver names neither), at
    whom, the standalone result and the headline."""

    action: str
    actor: str | None = omitted()
    target: str | None = omitted()
    done: StakeResult | StakingResult = inline()
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.done.outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class Bitten(Result):
    """An encounter's bite (``bites``): who, whom, and the bite with its headline."""

    action: str = "bites"
    actor: str
    target: str
    bite: BiteResult = inline()

    @property
    def outcome(self) -> ResolvedWord:
        return self.bite.outcome

    @property
    def headline(self) -> str | None:
        return self.bite.headline


@dataclass(frozen=True, slots=True, kw_only=True)
class LetGo(Done):
    """A biter letting go (``lets-go``)."""

    action: str = "lets-go"
    headline: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FedOn(Done):
    """Feeding (``feeds``, RMU-BITE-4): the slakes, the feeder's Hunger after, the hits
    drained from a mortal."""

    action: str = "feeds"
    actor: str
    target: str
    slakes: int
    hunger: int
    hits: int
    headline: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TornFree(Result):
    """Tearing free of lodged fangs (``tears-free``, RMU-BITE-3): the grapple contest and
    whether it broke the hold."""

    contest: EscapeResult = inline()
    action: str = "tears-free"
    free: bool
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return self.contest.outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class Roused(Done):
    """A Kindred rousing a power (``rouses``, V-4)."""

    action: str = "rouses"
    power: str
    headline: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StakePulled(Done):
    """A stake pulled from a Kindred (``pulls-stake``, V-3)."""

    action: str = "pulls-stake"
    target: str
    headline: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FirePutOut(Done):
    """Beating out a fire (``puts-out``, V-5) and whether it is out; ``done``, as the log has
    always read it."""

    action: str = "puts-out"
    target: str
    out: bool
    headline: str
