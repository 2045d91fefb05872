"""The Kindred figures (``rmu/data/kindred.toml``) and the V-ruling switches' defaults.

Kept apart from the scene's options (:mod:`firefight.rulesets.rmu.kindred_rules`), so that a
shot, which reads these figures, loads no scene state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Literal

from firefight.files import read_toml
from firefight.rulesets.rmu.catalog import PACKAGE
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.rulesets.rmu.severity import Severity
from firefight.tables.shipped import checked, package_data

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = ["KindredFigures", "KindredRules", "StakeBand", "kindred_figures"]

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
    stake_location: HitLocation
    stake_severity: Severity
    behead_location: HitLocation
    behead_severity: Severity
    staking: dict[str, StakeBand] = field(default_factory=dict)


_FILE = "data/kindred.toml"
_LABEL = f"firefight/rulesets/rmu/{_FILE}"


def _file_model() -> type[BaseModel]:
    from firefight.rulesets.rmu.file_models import KindredFile

    return KindredFile


@cache
def kindred_figures(*, validate: bool = False) -> KindredFigures:
    """The shipped Kindred figures, read once; ``validate`` checks the file against its model
    first (``firefight tables check``; the tests hold the shipped file to it)."""
    raw = read_toml(package_data(PACKAGE, _FILE), _LABEL)
    m = checked(_file_model, raw, _LABEL, validate=validate)
    rules, burning, bite, called = m["rules"], m["burning"], m["bite"], m["called"]
    return KindredFigures(
        rules=KindredRules(**rules),
        aggravated_tables=frozenset(m["aggravated"]["critical_tables"]),
        rouse_sides=m["rouse"]["sides"],
        rouse_calm_at=m["rouse"]["calm_at"],
        hunger_max=m["rouse"]["hunger_max"],
        burn_table=burning["critical_table"],
        burn_severity=Severity(burning["severity"]),
        put_out_ap=burning["put_out_ap"],
        roll_difficulty=burning["roll_difficulty"],
        bite_ranks=bite["unarmed_ranks"],
        bite_rank_bonus=bite["rank_bonus"],
        feed_ap=bite["feed_ap"],
        fangs_hold=bite["fangs_hold"],
        bite_penalty=bite["penalty"],
        feral_weapons_protean=bite["feral_weapons_protean"],
        feed_hits_base=bite["feed_hits_base"],
        feed_hits_die=bite["feed_hits_die"],
        brutal_feed_potence=bite["brutal_feed_potence"],
        brutal_feed_slakes=bite["brutal_feed_slakes"],
        called_any=called["any_location"],
        called_stake_or_behead=called["stake_or_behead"],
        stake_location=HitLocation(called["stake_location"]),
        stake_severity=Severity(called["stake_severity"]),
        behead_location=HitLocation(called["behead_location"]),
        behead_severity=Severity(called["behead_severity"]),
        staking=dict(m["staking"]),
    )
