"""The bite and the staking as the odds layer sees them (RMU-BITE-1..3, RMU-STAKE-1..3, V-2).

:class:`KindredView` is what the attack left the victim in, without the dice: the result, the
severity dealt, lodged fangs, and the victim's torpor, stake and Final Death (a mortal's death).
The generic engine and Monte Carlo run the scalar resolvers over them.

>>> view = KindredView("hit", "C", True, False, True, False, False)
>>> [s.read(view) for s in KINDRED_STATS if s.name in ("p_staked", "p_final_death")]
[1.0, 0.0]
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from firefight.dice import Dice
from firefight.outcome import Outcome
from firefight.probability.stats import Stat
from firefight.rulesets.rmu.kindred_options import (
    BiteDeclaration,
    StakeDeclaration,
    resolve_bite_on,
    resolve_stake_on,
)
from firefight.rulesets.rmu.kindred_results import BiteResult, OnVictim, StakingResult
from firefight.rulesets.rmu.melee.results import MeleeHit
from firefight.rulesets.rmu.odds.views import default_data, result_stat

__all__ = [
    "KINDRED_STATS",
    "KindredView",
    "describe_kindred",
    "kindred_stats",
    "kindred_view",
    "resolve_bite_for_odds",
    "resolve_stake_for_odds",
]


Group = Literal["outcome", "effect", "summary"]


class KindredView(NamedTuple):
    result: str  # hit, miss, fumble; a staking maneuver's band outcome
    severity: str | None  # dealt, before a Kindred's V-1
    lodged: bool
    torpor: bool
    staked: bool
    final_death: bool
    dead: bool


def kindred_view(outcome: Outcome[OnVictim]) -> KindredView:
    done, victim = outcome.result.done, outcome.result.victim
    if isinstance(done, StakingResult):
        result, severity = done.result, None
    else:
        blow = done.attack.blow
        result = blow.result
        # What staking reads (DEC-373): the severity dealt before a Kindred's V-1.
        severity = (blow.dealt_severity or blow.severity) if isinstance(blow, MeleeHit) else None
    return KindredView(
        result,
        severity,
        isinstance(done, BiteResult) and done.lodged,
        victim.torpor,
        victim.staked,
        victim.final_death,
        victim.dead,
    )


def resolve_bite_for_odds(decl: BiteDeclaration, dice: Dice) -> Outcome[OnVictim]:
    return resolve_bite_on(decl, dice, default_data())


def resolve_stake_for_odds(decl: StakeDeclaration, dice: Dice) -> Outcome[OnVictim]:
    return resolve_stake_on(decl, dice, default_data())


def _p(name: str, label: str, test: Any, group: Group = "effect") -> Stat:
    return Stat(name=name, label=label, kind="probability", read=test, group=group)


_HIT = result_stat("hit")
_LODGED = _p("p_lodged", "P(fangs lodged)", lambda v: float(v.lodged))
_STAKED = _p("p_staked", "P(staked)", lambda v: float(v.staked))
#: A Kindred victim's fate (V-2): torpor, or Final Death; a mortal's death never holds for them.
_KINDRED_FATE = (
    _p("p_torpor", "P(torpor)", lambda v: float(v.torpor and not v.final_death)),
    _p("p_final_death", "P(Final Death)", lambda v: float(v.final_death)),
)
_DEAD = _p("p_dead", "P(dead)", lambda v: float(v.dead))

#: Every stat of the bite and the stake, for a victim of either kind; what one declaration
#: reports is :func:`kindred_stats`.
KINDRED_STATS = (_HIT, _LODGED, _STAKED, *_KINDRED_FATE, _DEAD)
_BITE_KINDRED = (_HIT, _LODGED, *_KINDRED_FATE)
_BITE_MORTAL = (_HIT, _LODGED, _DEAD)
_STAKE_KINDRED = (_HIT, _STAKED, *_KINDRED_FATE)
_BEHEAD_KINDRED = (_HIT, *_KINDRED_FATE)
_BLOW_MORTAL = (_HIT, _DEAD)


def kindred_stats(decl: BiteDeclaration | StakeDeclaration) -> tuple[Stat, ...]:
    """What ``odds rmu bite`` and ``stake`` report on ``decl`` (DEC-854): a Kindred victim's
    torpor and Final Death (V-2; fangs are aggravated, RMU-BITE-1, so a bite can bring
    either), a mortal's death (R-2); the stake only where it can go home, a stake in a Kindred
    (RMU-STAKE-2), and the fangs only for a bite (RMU-BITE-3)."""
    kindred = decl.victim.kindred
    if isinstance(decl, BiteDeclaration):
        return _BITE_KINDRED if kindred else _BITE_MORTAL
    if not kindred:
        return _BLOW_MORTAL
    return _BEHEAD_KINDRED if decl.behead else _STAKE_KINDRED


def describe_kindred(view: Any) -> str:
    parts = [str(view.result)]
    if view.severity:
        parts.append(f"{view.severity} critical")
    for flag, word in (
        (view.lodged, "fangs lodged"),
        (view.staked, "staked"),
        (view.final_death, "Final Death"),
        (view.torpor and not view.final_death, "torpor"),
        (view.dead and not view.final_death, "dead"),
    ):
        if flag:
            parts.append(word)
    return ", ".join(parts)
