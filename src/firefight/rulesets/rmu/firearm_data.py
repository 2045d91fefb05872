"""Figures for the RMU firearm actions, read from ``rulesets/rmu/data/firearm_actions.toml``.

Rate classes and their modifiers (RMU-RF-5, RMU-RF-9), the bullet ladder (RULINGS F-1), and the
fixed figures of rapid fire, suppression, moving to cover and tripods. Nothing here resolves
anything; the action modules read these.

>>> bullet_bonus(30), bullet_bonus(5), bullet_bonus(12)
(70, 25, 44)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

from pydantic import Field

from firefight.errors import RuleRefusal, TableDataError
from firefight.rulesets.rmu.catalog import PACKAGE, RmuData, Weapon, WeaponAction
from firefight.tables.data_files import DataModel, package_data, read_toml, validate

__all__ = [
    "FirearmFigures",
    "LadderStep",
    "MovingCoverFigures",
    "RapidFireFigures",
    "RateClass",
    "SuppressionFigures",
    "TripodFigures",
    "bullet_bonus",
    "check_firearm_data",
    "firearm_figures",
    "rate_class",
    "round_half_up",
]

_FILE = "data/firearm_actions.toml"
LABEL = f"firefight/rulesets/rmu/{_FILE}"


def round_half_up(value: Fraction) -> int:
    """Nearest whole number, halves up (F-2: 70% of +70 is +49; 50% of +25 is +13).

    >>> round_half_up(Fraction(49)), round_half_up(Fraction(25, 2)), round_half_up(Fraction(-5, 2))
    (49, 13, -2)
    """
    return (value + Fraction(1, 2)).__floor__()


@dataclass(frozen=True, slots=True, kw_only=True)
class RateClass:
    """A weapon's rate class: rounds per round (RMU-RF-5) and its modifier (RMU-RF-9)."""

    name: str
    rate: int
    modifier: int | None  # None: the class cannot empty a gun at one man (single fire)


@dataclass(frozen=True, slots=True, kw_only=True)
class LadderStep:
    through: int
    each: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RapidFireFigures:
    minimum_rounds: int
    prep_difficulty: str
    prep_ap: tuple[int, int]
    firing_ap: int
    share_cap_percent: int
    malfunction_column: str
    malfunction_push_per_step: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SuppressionFigures:
    maneuver_difficulty: str
    base_rounds: int
    ap: tuple[int, int]
    sweeps_per_round: int
    free_width_share: Fraction
    free_width_cap_share: Fraction
    quarter_penalty: int
    short_of_distance: int
    dive_cover_multiplier: int
    dive_ap_next_round: int
    duck_ap_next_round: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MovingCoverFigures:
    under_fire: int
    suppressed: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TripodFigures:
    mounted_range_offset: int
    unbraced: int
    recoil_per_me: int
    strength_multiplier: int
    per_hit: int
    per_severity_step: int
    attack_table: str
    critical_table: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FirearmFigures:
    rates: dict[str, int]
    modifiers: dict[str, int]
    weapon_rate_class: dict[str, str]
    bullet_ladder: tuple[LadderStep, ...]
    rapid_fire: RapidFireFigures
    suppression: SuppressionFigures
    moving_cover: MovingCoverFigures
    tripod: TripodFigures
    provisional: tuple[str, ...]
    derivation: str


# --- file models --------------------------------------------------------------------------------


class _Source(DataModel):
    text: str


class _Classes(DataModel):
    provisional: tuple[str, ...] = ()
    derivation: str = ""
    rates: dict[str, int]
    modifiers: dict[str, int]


class _Step(DataModel):
    through: int = Field(gt=0)
    each: int = Field(ge=0)


class _RapidFire(DataModel):
    minimum_rounds: int = Field(ge=1)
    prep_difficulty: str
    prep_ap: tuple[int, int]
    firing_ap: int = Field(ge=1)
    share_cap_percent: int = Field(gt=0)
    malfunction_column: str
    malfunction_push_per_step: int = Field(ge=0)


class _Suppression(DataModel):
    maneuver_difficulty: str
    base_rounds: int = Field(ge=1)
    ap: tuple[int, int]
    sweeps_per_round: int = Field(ge=1)
    free_width_share: tuple[int, int]
    free_width_cap_share: tuple[int, int]
    quarter_penalty: int = Field(le=0)
    short_of_distance: int = Field(le=0)
    dive_cover_multiplier: int = Field(ge=1)
    dive_ap_next_round: int = Field(ge=0)
    duck_ap_next_round: int = Field(ge=0)


class _MovingCover(DataModel):
    under_fire: int = Field(le=0)
    suppressed: int = Field(le=0)


class _Tripod(DataModel):
    mounted_range_offset: int = Field(ge=0)
    unbraced: int = Field(le=0)
    recoil_per_me: int
    strength_multiplier: int
    per_hit: int = Field(le=0)
    per_severity_step: int = Field(le=0)
    attack_table: str
    critical_table: str


class _File(DataModel):
    source: _Source
    classes: _Classes
    weapon_rate_class: dict[str, str]
    bullet_ladder: list[_Step] = Field(min_length=1)
    rapid_fire: _RapidFire
    suppression: _Suppression
    moving_cover: _MovingCover
    tripod: _Tripod


def load_firearm_figures() -> FirearmFigures:
    """Read and validate the shipped figures."""
    m = validate(_File, read_toml(package_data(PACKAGE, _FILE), LABEL), LABEL)
    for key in m.classes.modifiers:
        if key not in m.classes.rates:
            raise TableDataError(LABEL, f"classes.modifiers {key!r}", "no rate for this class")
    for weapon, cls in m.weapon_rate_class.items():
        if cls not in m.classes.rates:
            raise TableDataError(LABEL, f"weapon_rate_class {weapon!r}", f"no class {cls!r}")
    throughs = [s.through for s in m.bullet_ladder]
    if throughs != sorted(set(throughs)):
        raise TableDataError(LABEL, "bullet_ladder", "steps must rise in `through`")
    return FirearmFigures(
        rates=dict(m.classes.rates),
        modifiers=dict(m.classes.modifiers),
        weapon_rate_class=dict(m.weapon_rate_class),
        bullet_ladder=tuple(LadderStep(through=s.through, each=s.each) for s in m.bullet_ladder),
        rapid_fire=RapidFireFigures(**m.rapid_fire.model_dump()),
        suppression=SuppressionFigures(
            **{
                **m.suppression.model_dump(),
                "free_width_share": Fraction(*m.suppression.free_width_share),
                "free_width_cap_share": Fraction(*m.suppression.free_width_cap_share),
            }
        ),
        moving_cover=MovingCoverFigures(**m.moving_cover.model_dump()),
        tripod=TripodFigures(**m.tripod.model_dump()),
        provisional=tuple(m.classes.provisional),
        derivation=m.classes.derivation,
    )


@functools.cache
def firearm_figures() -> FirearmFigures:
    """The shipped figures, read and checked once."""
    return load_firearm_figures()


def bullet_bonus(bullets: int, figures: FirearmFigures | None = None) -> int:
    """The F-1 ladder: +5 a bullet for 1-5, +3 for 6-10, +2 for 11-20, +1 for 21-30, then 0."""
    total = 0
    below = 0
    for step in (figures or firearm_figures()).bullet_ladder:
        if bullets <= below:
            break
        total += (min(bullets, step.through) - below) * step.each
        below = step.through
    return total


def rate_class(weapon: Weapon, figures: FirearmFigures | None = None) -> RateClass:
    """The weapon's rate class (RMU-RF-5): listed in the data, or single fire if it is
    semi-automatic and unlisted."""
    fig = figures or firearm_figures()
    name = fig.weapon_rate_class.get(weapon.key)
    if name is None:
        if weapon.action is not WeaponAction.SEMI_AUTOMATIC:
            raise RuleRefusal(
                "RMU-RF-5",
                f"The {weapon.name} fires automatically but has no rate class in "
                "firearm_actions.toml; add it under weapon_rate_class.",
            )
        name = "single-fire"
    return RateClass(name=name, rate=fig.rates[name], modifier=fig.modifiers.get(name))


def check_firearm_data(data: RmuData) -> list[str]:
    """Load the firearm actions' data afresh and cross-check it with the catalog and tables:
    every automatic weapon has a rate class and every listed weapon exists, the difficulties
    and the fumble column named exist, and the tripod's tables load. Returns what was checked.
    """
    from firefight.rulesets.rmu.fumble import load_fumble_table
    from firefight.rulesets.rmu.maneuvers import load_maneuver_figures

    fig = load_firearm_figures()
    maneuvers = load_maneuver_figures()
    fumbles = load_fumble_table(validate=True)
    for key in fig.weapon_rate_class:
        if key not in data.weapons:
            raise TableDataError(
                LABEL, f"weapon_rate_class {key!r}", "no such weapon in weapons.toml"
            )
    for weapon in data.weapons.values():
        try:
            rate_class(weapon, fig)
        except RuleRefusal as exc:
            raise TableDataError(LABEL, "weapon_rate_class", exc.reason) from None
    for where, name in (
        ("rapid_fire.prep_difficulty", fig.rapid_fire.prep_difficulty),
        ("suppression.maneuver_difficulty", fig.suppression.maneuver_difficulty),
    ):
        if name not in maneuvers.difficulty:
            raise TableDataError(LABEL, where, f"no difficulty {name!r} in maneuvers.toml")
    if fig.rapid_fire.malfunction_column not in fumbles.columns:
        raise TableDataError(
            LABEL, "rapid_fire.malfunction_column", "not a column of firearm_fumble.toml"
        )
    data.tables.attack(fig.tripod.attack_table)
    data.tables.critical(fig.tripod.critical_table)
    return ["firearm_actions.toml", "maneuvers.toml", "firearm_fumble.toml"]
