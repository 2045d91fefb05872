"""The Kindred figures (``rmu/data/kindred.toml``) and the scene's options for the V-rulings.

The V-rulings stand in for a lost page of the conversion, so each is a scenario option
(``[rules.kindred]``) whose default is the ruling as written, read from the data file
(RULINGS V-1..V-5; docs/rmu.md, "Kindred"). The scene keeps the options it was set up with in
:class:`RmuScene`; a scene without one (the standalone commands) reads the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from pydantic import Field

from firefight.rulesets.rmu.catalog import PACKAGE
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.rulesets.rmu.severity import Severity
from firefight.scene.state import EncounterState, RulesetState
from firefight.tables.data_files import DataModel, package_data, read_toml, validate

__all__ = [
    "KindredFigures",
    "KindredRules",
    "RmuRulesModel",
    "RmuScene",
    "StakeBand",
    "kindred_figures",
    "kindred_rules",
    "new_rmu_scene",
]

#: What a staking maneuver's band does (DATA.md stand-in).
StakeBand = Literal["breaks", "missed", "next-round", "staked"]


@dataclass(frozen=True, slots=True, kw_only=True)
class KindredRules:
    """The scene's switches for the V-rulings; each default is the ruling as written.

    ``severity_steps`` how many severities lower a non-aggravated critical reads on a Kindred
    (V-1; 0 turns it off); ``torpor`` Kindred fall into torpor and die only of aggravated damage
    (V-2; off: they drop and die as mortals do); ``stake_removal_ap`` (V-3); ``rouse_checks``
    (V-4; off: powers cost no blood); ``fire_keeps_burning`` (V-5; off: fire on a Kindred is a
    single critical, as on anyone).
    """

    severity_steps: int = 1
    torpor: bool = True
    stake_removal_ap: int = 3
    rouse_checks: bool = True
    fire_keeps_burning: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class KindredFigures:
    rules: KindredRules
    aggravated_tables: frozenset[str]
    rouse_sides: int
    rouse_calm_at: int
    hunger_max: int
    burn_table: str
    burn_severity: Severity
    put_out_ap: int
    roll_difficulty: str
    bite_ranks: int
    bite_rank_bonus: int
    feed_ap: int
    fangs_hold: int
    bite_penalty: int
    feral_weapons_protean: int
    feed_hits_base: int
    feed_hits_die: int
    brutal_feed_potence: int
    brutal_feed_slakes: int
    called_any: int
    called_stake_or_behead: int
    wood_stabbing: int
    stake_location: HitLocation
    stake_severity: Severity
    behead_location: HitLocation
    behead_severity: Severity
    staking: dict[str, StakeBand] = field(default_factory=dict)


class _Source(DataModel):
    text: str
    provisional: bool
    derivation: str


class _Rules(DataModel):
    severity_steps: int = Field(ge=0, le=4)
    torpor: bool
    stake_removal_ap: int = Field(ge=0, le=4)
    rouse_checks: bool
    fire_keeps_burning: bool


class _Aggravated(DataModel):
    critical_tables: list[str]


class _Rouse(DataModel):
    sides: int = Field(gt=1)
    calm_at: int = Field(ge=1)
    hunger_max: int = Field(ge=1)


class _Burning(DataModel):
    critical_table: str
    severity: Severity
    put_out_ap: int = Field(ge=0, le=4)
    roll_difficulty: str


class _Bite(DataModel):
    unarmed_ranks: int = Field(ge=0)
    rank_bonus: int
    feed_ap: int = Field(ge=0, le=4)
    fangs_hold: int = Field(ge=1, le=100)
    penalty: int = Field(le=0)
    feral_weapons_protean: int = Field(ge=0, le=5)
    feed_hits_base: int = Field(ge=0)
    feed_hits_die: int = Field(ge=2)
    brutal_feed_potence: int = Field(ge=0, le=5)
    brutal_feed_slakes: int = Field(ge=1)


class _Called(DataModel):
    any_location: int = Field(le=0)
    stake_or_behead: int = Field(le=0)
    wood_stabbing: int = Field(le=0)
    stake_location: HitLocation
    stake_severity: Severity
    behead_location: HitLocation
    behead_severity: Severity


class _File(DataModel):
    source: _Source
    rules: _Rules
    aggravated: _Aggravated
    rouse: _Rouse
    burning: _Burning
    bite: _Bite
    called: _Called
    staking: dict[str, StakeBand]


_FILE = "data/kindred.toml"
_LABEL = f"firefight/rulesets/rmu/{_FILE}"


@cache
def kindred_figures() -> KindredFigures:
    """The shipped Kindred figures, read and checked once."""
    m = validate(_File, read_toml(package_data(PACKAGE, _FILE), _LABEL), _LABEL)
    return KindredFigures(
        rules=KindredRules(**m.rules.model_dump()),
        aggravated_tables=frozenset(m.aggravated.critical_tables),
        rouse_sides=m.rouse.sides,
        rouse_calm_at=m.rouse.calm_at,
        hunger_max=m.rouse.hunger_max,
        burn_table=m.burning.critical_table,
        burn_severity=m.burning.severity,
        put_out_ap=m.burning.put_out_ap,
        roll_difficulty=m.burning.roll_difficulty,
        bite_ranks=m.bite.unarmed_ranks,
        bite_rank_bonus=m.bite.rank_bonus,
        feed_ap=m.bite.feed_ap,
        fangs_hold=m.bite.fangs_hold,
        bite_penalty=m.bite.penalty,
        feral_weapons_protean=m.bite.feral_weapons_protean,
        feed_hits_base=m.bite.feed_hits_base,
        feed_hits_die=m.bite.feed_hits_die,
        brutal_feed_potence=m.bite.brutal_feed_potence,
        brutal_feed_slakes=m.bite.brutal_feed_slakes,
        called_any=m.called.any_location,
        called_stake_or_behead=m.called.stake_or_behead,
        wood_stabbing=m.called.wood_stabbing,
        stake_location=m.called.stake_location,
        stake_severity=m.called.stake_severity,
        behead_location=m.called.behead_location,
        behead_severity=m.called.behead_severity,
        staking=dict(m.staking),
    )


# --- the scenario's [rules] table ----------------------------------------------------------------


class KindredRulesModel(DataModel):
    """``[rules.kindred]``: any switch left out keeps the ruling's default."""

    severity_steps: int | None = Field(default=None, ge=0, le=4)
    torpor: bool | None = None
    stake_removal_ap: int | None = Field(default=None, ge=0, le=4)
    rouse_checks: bool | None = None
    fire_keeps_burning: bool | None = None


class RmuRulesModel(DataModel):
    """The rmu scenario's ``[rules]`` table (docs/scenarios.md)."""

    kindred: KindredRulesModel = Field(default_factory=KindredRulesModel)


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
