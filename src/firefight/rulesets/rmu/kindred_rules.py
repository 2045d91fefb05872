"""The Kindred figures (``rmu/data/kindred.toml``) and the scene's options for the V-rulings.

The V-rulings stand in for a lost page of the conversion, so each is a scenario option
(``[rules.kindred]``) whose default is the ruling as written, read from the data file
(RULINGS V-1..V-5; docs/rmu.md, "Kindred"). The scene keeps the options it was set up with in
:class:`RmuScene`; a scene without one (the standalone commands) reads the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

# The figures live apart, so that a shot reads them without the scene's state.
from firefight.rulesets.rmu.kindred_figures import (
    KindredFigures,
    KindredRules,
    StakeBand,
    kindred_figures,
)
from firefight.scene.state import EncounterState, RulesetState

if TYPE_CHECKING:
    from firefight.rulesets.rmu.file_models import RmuRulesModel

__all__ = [
    "KindredFigures",
    "KindredRules",
    "RmuScene",
    "StakeBand",
    "kindred_figures",
    "kindred_rules",
    "new_rmu_scene",
]

# --- the scene's options ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RmuScene(RulesetState):
    """rmu's scene-wide state: the options the scenario set (fixed for the fight)."""

    kindred: KindredRules = field(default_factory=KindredRules)


def new_rmu_scene(rules: RmuRulesModel | None) -> RmuScene | None:
    """The scene's options from ``[rules]``; None when the scenario gives no table."""
    if rules is None:
        return None
    defaults = kindred_figures().rules
    given = {k: v for k, v in rules.kindred.model_dump().items() if v is not None}
    return RmuScene(
        kindred=KindredRules(
            **{
                "severity_steps": defaults.severity_steps,
                "torpor": defaults.torpor,
                "stake_removal_ap": defaults.stake_removal_ap,
                "rouse_checks": defaults.rouse_checks,
                "fire_keeps_burning": defaults.fire_keeps_burning,
                **given,
            }
        )
    )


def kindred_rules(state: EncounterState | None) -> KindredRules:
    """The V-ruling switches of ``state``'s scene; the data file's defaults without one."""
    scene = state.ruleset_state if state is not None else None
    return scene.kindred if isinstance(scene, RmuScene) else kindred_figures().rules
