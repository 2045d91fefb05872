"""``firefight rmu bite | stake``: a vampire's bite, a staking or a decapitation, and what it
leaves the victim in (RMU-BITE-1..5, RMU-STAKE-1..3, RULINGS V-2, V-3)."""

from __future__ import annotations

import typer

from firefight.cli.declared import declared_command
from firefight.outcome import Outcome
from firefight.rulesets.rmu.cli.melee import melee_text
from firefight.rulesets.rmu.cli.resolved import resolving
from firefight.rulesets.rmu.kindred_options import (
    BiteOptions,
    StakeOptions,
    resolve_bite_on,
    resolve_stake_on,
)
from firefight.rulesets.rmu.kindred_results import (
    OnVictim,
    StakeResult,
    StakingResult,
    VictimState,
)
from firefight.rulesets.rmu.staking import stake_words

__all__ = ["app", "victim_text"]

app = typer.Typer(add_completion=False)


def victim_text(victim: VictimState) -> str:
    """What the victim is left in, in words."""
    for left, word in (
        (victim.final_death, "FINAL DEATH"),
        (victim.dead, "dead"),
        (victim.staked, "staked"),
        (victim.torpor, "torpor"),
        (victim.unconscious, "unconscious"),
    ):
        if left:
            return word
    return f"up, {victim.hits_left} hits left"


def _headline(outcome: Outcome[OnVictim]) -> str:
    s = outcome.result.done
    left = f"; the victim: {victim_text(outcome.result.victim)}"
    if isinstance(s, StakingResult):
        band = f" ({s.band}, {s.total})" if s.band else " (no roll)"
        return f"STAKING MANEUVER: {s.result}{band}{left}"
    if isinstance(s, StakeResult):
        return f"{s.purpose.upper()}: {stake_words(s)}{left}"
    return f"{melee_text(s.attack)}{left}"


declared_command(
    app,
    "bite",
    BiteOptions,
    help="Resolve one vampire's bite (RMU-BITE-1..3, -5): the reach's penalty, the Bite table, "
    "lodged fangs, and torpor or Final Death for a Kindred victim.",
)(
    resolving(
        BiteOptions,
        "bite",
        resolve_bite_on,
        lambda decl: f"rmu bite: {decl.bite.reach}",
        _headline,
    )
)


declared_command(
    app,
    "stake",
    StakeOptions,
    help="Resolve a staking (RMU-STAKE-1, -2) or with --behead a decapitation (RMU-STAKE-3): "
    "the called attack, or the staking maneuver on a helpless victim, and the verdict.",
)(
    resolving(
        StakeOptions,
        "stake",
        resolve_stake_on,
        lambda decl: "rmu stake" + (": behead" if decl.behead else ""),
        _headline,
    )
)
