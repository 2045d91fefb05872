"""The rmu aimed shot as the odds layer sees it: outcome keys and headline numbers.

:class:`ShotView` is what the resolver's result says happened to the target (result,
concussion hits, severity, location, critical table, combined effects, total hits, the breakage
check on the armor, the stray round into a shielder) without the dice that produced it: paths
with the same view are one outcome. :data:`SHOT_STATS` are the numbers ``odds rmu shoot``
reports. Nothing here needs numpy: the generic engine works with these alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.catalog import default_data
from firefight.rulesets.rmu.kindred_vitals import KindredFate, table_fate
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.shot import AimedShot, resolve_aimed_shot
from firefight.rulesets.rmu.shot_results import AimedShotResult, OutOfReach
from firefight.rulesets.rmu.struck import CriticalEffects, Strike, Struck

__all__ = [
    "CANNOT_HIT",
    "EXPECTED_HITS",
    "FUMBLE",
    "MISS",
    "OUT_OF_REACH",
    "SHOT_STATS",
    "BreakageView",
    "ShotEffects",
    "ShotView",
    "StrayView",
    "default_data",
    "effects_of",
    "kindred_fate_of",
    "kindred_fate_stats",
    "recoil_class",
    "resolve_for_odds",
    "result_stat",
    "shot_stats",
    "shot_view",
]


# --- the key ------------------------------------------------------------------------------------


class ShotEffects(NamedTuple):
    """The combined critical effects, as the resolver's summary lists them (RMU-GEN-7).

    NamedTuples rather than frozen dataclasses for the keys: the fast path builds and hashes
    thousands of them per signature, and a tuple is several times cheaper to make and hash
    (the resolver's :class:`CriticalEffects` as the key cost the M2HB's odds 1.9% more
    instructions). tests/test_odds_rmu.py holds the two to the same fields.
    """

    hits: int
    bleed: int
    stun_rounds: int
    stun_penalty: int
    staggered: int
    injury: int
    fatigue: int
    prone: bool
    dying_rounds: int | None
    dead: bool
    attacker_bonus: int
    breakage: tuple[int, ...]


class BreakageView(NamedTuple):
    """What a breakage check did to the armor (RMU-BRK-1, RULINGS P-5), without its roll."""

    armor: str
    penalty: int
    new_total: int
    broken: bool
    beaten_open: bool
    temporary: bool


class ShotView(NamedTuple):
    """One outcome of a shot as the odds layer merges them (no dice, no trace)."""

    result: str  # hit, miss, fumble or cannot hit
    hits: int  # concussion hits from the attack table
    severity: str | None
    location: str | None
    critical_table: str | None
    effects: ShotEffects | None
    total_hits: int
    breakage: BreakageView | None = None
    shielder: StrayView | None = None
    recoil: ShotView | None = None  # what an unbraced tripod gun did to its shooter first
    ally: StrayView | None = None  # a fumble's round toward the nearest ally (DEC-105)
    kindred_severity: str | None = None  # the severity a Kindred read it at (V-1)
    kindred: bool = False  # the target is Kindred: its fate reads as V-2 does


class StrayView(NamedTuple):
    """Where a round went besides the target: the shielder a miss met (RMU-COV-6), or the ally
    a fumble's 66 sent it toward (DEC-105), and what it did."""

    name: str
    landing: ShotView


FUMBLE = ShotView("fumble", 0, None, None, None, None, 0)
MISS = ShotView("miss", 0, None, None, None, None, 0)
CANNOT_HIT = ShotView("cannot hit", 0, None, None, None, None, 0)
#: A fumble's round toward an ally standing past the weapon's last band (RMU-GEN-4).
OUT_OF_REACH = ShotView("out of reach", 0, None, None, None, None, 0)


def effects_of(e: CriticalEffects) -> ShotEffects:
    return ShotEffects(
        e.hits,
        e.bleed,
        e.stun_rounds,
        e.stun_penalty,
        e.staggered,
        e.injury,
        e.fatigue,
        e.prone,
        e.dying_rounds,
        e.dead,
        e.attacker_bonus,
        e.breakage,
    )


def _landing_view(s: Strike) -> ShotView:
    if not isinstance(s, Struck) or s.severity is None:
        return ShotView(s.result, s.hits, None, None, None, None, s.hits)
    assert s.location and s.critical_table and s.effects and s.total_hits is not None
    check = s.breakage
    breakage = None
    if check is not None:
        breakage = BreakageView(
            check.armor,
            check.penalty,
            check.new_total,
            check.broken,
            check.beaten_open,
            check.temporary,
        )
    return ShotView(
        s.result,
        s.hits,
        s.severity,
        s.location,
        s.critical_table,
        effects_of(s.effects),
        s.total_hits,
        breakage,
        kindred_severity=s.kindred_severity,
        kindred=bool(s.kindred),
    )


def recoil_class(landing: ShotView) -> ShotView:
    """What an unbraced tripod gun's recoil did to its shooter, as the odds merge it (DEC-470):
    whether it hit and the severity of its critical. The outcomes of the shot are told apart by
    what happened to the target; keeping every recoil detail multiplied them by the recoil's
    hundreds (an M2HB shot listed 119,880 outcomes, its top ten all "miss")."""
    return ShotView(landing.result, 0, landing.severity, None, None, None, 0)


def shot_view(outcome: Outcome[AimedShotResult]) -> ShotView:
    """The key of a resolved shot, read off its result."""
    shot = outcome.result
    view = _landing_view(shot.landing)
    stray = shot.shielder
    if stray is not None:
        view = view._replace(shielder=StrayView(stray.name, _landing_view(stray.landing)))
    if shot.recoil is not None:
        view = view._replace(recoil=recoil_class(_landing_view(shot.recoil.landing)))
    ally = shot.toward_ally.ally if shot.toward_ally else None
    if isinstance(ally, OutOfReach):
        view = view._replace(ally=StrayView(ally.name, OUT_OF_REACH))
    elif ally is not None:
        view = view._replace(ally=StrayView(ally.name, _landing_view(ally.landing)))
    return view


def resolve_for_odds(shot: AimedShot, dice: Dice) -> Outcome[AimedShotResult]:
    """The scalar resolver on the default data: picklable, for process pools."""
    return resolve_aimed_shot(shot, dice, default_data())


# --- headline numbers -----------------------------------------------------------------------


def result_stat(result: str) -> Stat:
    """P(``result``): the share of outcomes whose view's ``result`` is that word."""
    return Stat(
        name=f"p_{result.replace(' ', '_')}",
        label=f"P({result})",
        kind="probability",
        read=lambda v: float(v.result == result),
    )


def _severity(letter: str) -> Stat:
    return Stat(
        name=f"p_critical_{letter}",
        label=f"P(critical {letter})",
        kind="probability",
        read=lambda v: float(v.severity == letter),
    )


def _effect(name: str, label: str, test: str) -> Stat:
    def read(v: ShotView) -> float:
        e = v.effects
        if e is None:
            return 0.0
        if test == "bleed":
            return float(e.bleed > 0)
        if test == "stun":
            return float(e.stun_rounds > 0)
        if test == "dying":
            return float(e.dying_rounds is not None and not e.dead)
        return float(e.dead)

    return Stat(name=name, label=label, kind="probability", read=read, group="effect")


def kindred_fate_of(effects: ShotEffects | None, critical_table: str | None) -> KindredFate:
    """Where a critical's ``effects`` leave a Kindred target (V-2); none with no critical."""
    if effects is None or critical_table is None:
        return KindredFate(torpor=False, final_death=False)
    return table_fate(effects, critical_table)


def kindred_fate_stats(fate: Callable[[Any], KindredFate]) -> dict[str, Stat]:
    """P(torpor) and P(Final Death) for a Kindred target (V-2), by the name of the mortal's
    stat each stands in for (P(dying), P(dead)); ``fate`` reads a view's."""
    return {
        "p_dying": Stat(
            name="p_torpor",
            label="P(torpor)",
            kind="probability",
            read=lambda v: float(fate(v).torpor),
            group="effect",
        ),
        "p_dead": Stat(
            name="p_final_death",
            label="P(Final Death)",
            kind="probability",
            read=lambda v: float(fate(v).final_death),
            group="effect",
        ),
    }


def _shot_fate(v: ShotView) -> KindredFate:
    return kindred_fate_of(v.effects, v.critical_table)


#: The hits a view's ``total_hits`` counts, on average: a shot's or a melee attack's.
EXPECTED_HITS = Stat(
    name="expected_hits",
    label="expected hits",
    kind="expected",
    read=lambda v: float(v.total_hits),
    group="summary",
)

_MORTAL_FATE = (_effect("p_dying", "P(dying)", "dying"), _effect("p_dead", "P(dead)", "dead"))

#: What ``odds rmu shoot`` reports, in order; sweeps and plots read the same list.
SHOT_STATS: tuple[Stat, ...] = (
    result_stat("fumble"),
    result_stat("miss"),
    result_stat("cannot hit"),
    Stat(
        name="p_hits_hurt",
        label="P(hits that hurt, no critical)",
        kind="probability",
        read=lambda v: float(v.result == "hit" and v.severity is None and v.total_hits > 0),
    ),
    Stat(
        name="p_stopped",
        label="P(hit, stopped by armor)",
        kind="probability",
        read=lambda v: float(v.result == "hit" and v.severity is None and v.total_hits == 0),
    ),
    Stat(
        name="p_hits_only",
        label="P(hits only)",
        kind="probability",
        read=lambda v: float(v.result == "hit" and v.severity is None),
        group="summary",
    ),
    Stat(
        name="p_critical",
        label="P(any critical)",
        kind="probability",
        read=lambda v: float(v.severity is not None),
        group="summary",
    ),
    *(_severity(s.value) for s in Severity),
    EXPECTED_HITS,
    _effect("p_bleeding", "P(bleeding)", "bleed"),
    _effect("p_stunned", "P(stunned)", "stun"),
    *_MORTAL_FATE,
    Stat(
        name="p_armor_checked",
        label="P(breakage check)",
        kind="probability",
        read=lambda v: float(v.breakage is not None),
        group="effect",
    ),
    Stat(
        name="p_armor_broken",
        label="P(armor broken)",
        kind="probability",
        read=lambda v: float(v.breakage is not None and v.breakage.broken),
        group="effect",
    ),
    Stat(
        name="p_shielder_hit",
        label="P(stray round hits a shielder)",
        kind="probability",
        read=lambda v: float(v.shielder is not None and v.shielder.landing.result == "hit"),
        group="effect",
    ),
    Stat(
        name="p_ally_hit",
        label="P(a fumble's round hits the ally)",
        kind="probability",
        read=lambda v: float(v.ally is not None and v.ally.landing.result == "hit"),
        group="effect",
    ),
)


# One tuple for every Kindred target: a sweep batches the points that share their stats.
_KINDRED_SHOT_STATS = tuple(kindred_fate_stats(_shot_fate).get(s.name, s) for s in SHOT_STATS)


def shot_stats(shot: AimedShot | None) -> tuple[Stat, ...]:
    """What ``odds rmu shoot`` reports on ``shot`` (None: a mortal target): a Kindred target's
    fate reads torpor and Final Death where a mortal's reads dying and dead (V-2), by its flag,
    not its V-1 steps, which a scene may set to 0 (DEC-852)."""
    if shot is None or not shot.defender.kindred:
        return SHOT_STATS
    return _KINDRED_SHOT_STATS
