"""What automatic fire comes to: a Rapid Fire preparation, a firing round, a suppression sweep.

Each person a burst's cone or a sweep catches takes an attack of their own
(:class:`PersonAttacked`: where they stood, the cover that counted, what the total did). A
preparation (RMU-RF-4, RMU-RF-13, F-3) and a sweep (F-5) rest on a maneuver, whose critical
malfunctions the gun (the parts of :mod:`shot_results`).
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.outcome import ResolvedWord, Result, inline, omitted
from firefight.rulesets.rmu.malfunction import Malfunction
from firefight.rulesets.rmu.maneuvers import by_percent
from firefight.rulesets.rmu.shot_results import RecoilReport, TowardAlly
from firefight.rulesets.rmu.struck import Strike

__all__ = [
    "BurstTarget",
    "ConeOutOfReach",
    "DiveDash",
    "PersonAttacked",
    "PreparationResult",
    "RapidFireResult",
    "SweepResult",
    "SweptPerson",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonAttacked:
    """One person's own attack in a burst or a sweep: where they stood, who shielded them,
    the cover that counted, the roll and total (none behind impenetrable cover) and what the
    total did."""

    name: str
    distance_ft: float
    shielded_by: tuple[str, ...]
    body_cover: str
    cover: str
    cover_bonus: int
    roll: int | None = omitted()
    attack_total: int | None = omitted()
    landing: Strike = inline()

    @property
    def hit(self) -> bool:
        return self.landing.hit


class _Attacked:
    """A row that wraps a :class:`PersonAttacked`: named and judged by that person's attack."""

    __slots__ = ()
    person: PersonAttacked

    @property
    def name(self) -> str:
        return self.person.name

    @property
    def result(self) -> str:
        return self.person.landing.result


@dataclass(frozen=True, slots=True, kw_only=True)
class BurstTarget(_Attacked):
    """A person a firing round attacks: the aimed man (``aimed``) or one in the cone."""

    role: str
    person: PersonAttacked = inline()


@dataclass(frozen=True, slots=True, kw_only=True)
class ConeOutOfReach:
    """Someone in the cone past the weapon's last band: the burst does not reach them."""

    name: str
    role: str = "cone"
    result: str = "out of reach"


@dataclass(frozen=True, slots=True, kw_only=True)
class RapidFireResult(Result):
    """A firing round (RMU-RF-5..12): the bullets, their ladder and the share carried, the
    rounds left, whether a belt fires on, everyone attacked, and an unbraced gun's recoil."""

    weapon: str
    ammo: str
    rate_class: str
    bullets: int
    bullet_bonus: int
    share_percent: int
    carried_bonus: int
    rounds_left: int
    belt_continues: bool
    ap_spent: int
    targets: tuple[BurstTarget | ConeOutOfReach, ...]
    recoil: RecoilReport | None = omitted()

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if any(t.result == "hit" for t in self.targets) else "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparationResult(Result):
    """A Rapid Fire preparation: its maneuver, then ``malfunction`` (its critical, RMU-RF-13),
    ``wasted`` (fail to act, F-3) or ``prepared`` with the share carried into the firing
    round (RMU-RF-4)."""

    weapon: str
    rate_class: str
    maneuver_total: int
    maneuver_result: str
    ap_spent: int
    result: str
    malfunction: Malfunction | None = omitted()
    toward_ally: TowardAlly | None = inline()
    percent: int | None = omitted()
    share_percent: int | None = omitted()
    bullets_next_round: int | None = omitted()
    carried_bonus: int | None = omitted()

    @property
    def outcome(self) -> ResolvedWord:
        """A malfunction a ``fumble``, a wasted preparation a ``failure``, else by the
        percentage."""
        if self.result == "malfunction":
            return "fumble"
        if self.result == "wasted":
            return "failure"
        return by_percent(self.percent)


@dataclass(frozen=True, slots=True, kw_only=True)
class DiveDash:
    """A diver's moving maneuver to cover that must be reached (RMU-SUP-9)."""

    dash_total: int
    dash_result: str
    dash_share_percent: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SweptPerson(_Attacked):
    """A person in swept ground: dove or stood (and the dash to cover a dive needed), short
    of the declared distance or not, and their own attack."""

    response: str
    dash: DiveDash | None = inline()
    short: bool
    person: PersonAttacked = inline()


@dataclass(frozen=True, slots=True, kw_only=True)
class SweepResult(Result):
    """A suppression sweep (RMU-SUP-1..10, F-5): the ground, the width's penalty, the Fire
    Discipline maneuver, the recoil of an unbraced gun; then ``malfunction`` (no sweep flies)
    or ``swept``: the rounds, the volume bonus and everyone in the ground."""

    weapon: str
    ammo: str
    distance_ft: float
    width_ft: float
    free_width_ft: float
    width_penalty: int
    maneuver_total: int
    maneuver_result: str
    ap_spent: int
    sweep_number: int
    recoil: RecoilReport | None = omitted()
    result: str
    malfunction: Malfunction | None = omitted()
    toward_ally: TowardAlly | None = inline()
    rounds: int
    rounds_left: int | None = omitted()
    bullet_bonus: int | None = omitted()
    volume_bonus: int
    targets: tuple[SweptPerson, ...]

    @property
    def outcome(self) -> ResolvedWord:
        if self.result == "malfunction":
            return "fumble"
        return "hit" if any(t.result == "hit" for t in self.targets) else "miss"
