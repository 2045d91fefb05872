"""The file formats of rmu's data files (``rulesets/rmu/data/*.toml``), as pydantic models: what
the tests hold every shipped file to, and what ``firefight tables check`` validates. Imported
only to validate (:mod:`firefight.tables.shipped`): a run reads the shipped files without them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from firefight.rulesets.rmu.catalog import ARMOR_CLASSES, WeaponAction
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.rulesets.rmu.kindred_figures import StakeBand
from firefight.rulesets.rmu.severity import Severity
from firefight.tables.data_files import DataModel, TableHeader

__all__ = [
    "AmmoFile",
    "AmmoModel",
    "ArmorFile",
    "ArmorModel",
    "BreakageFile",
    "CoverFile",
    "EncounterFile",
    "FumbleCellModel",
    "FumbleFile",
    "KindredFile",
    "KindredRulesModel",
    "RmuRulesModel",
    "RulesFile",
    "WeaponModel",
    "WeaponsFile",
]


# --- the catalog (catalog.py) ----------------------------------------------------------------


class _CatalogHeader(DataModel):
    kind: str
    source: str
    provisional: tuple[str, ...] = ()
    derivation: str = ""


class WeaponModel(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$")
    name: str
    model: str | None = None
    caliber: str
    attack_table: str
    weapon_class: str
    action: WeaponAction
    short_range_ft: int = Field(gt=0)
    magazine: int = Field(gt=0)
    me: int = Field(ge=1)
    fumble: int = Field(ge=1, le=10)
    requires_tripod: bool = False
    hunting_class: Literal["I", "II", "III"] | None = None
    shotgun: bool = False
    provisional: tuple[str, ...] = ()
    derivation: str = ""


class WeaponsFile(DataModel):
    catalog: _CatalogHeader
    weapon: list[WeaponModel] = Field(min_length=1)


class ArmorModel(DataModel):
    key: str
    name: str
    soft: bool
    covers: list[HitLocation]
    maneuver_trained: int = Field(le=0)
    maneuver_untrained: int = Field(le=0)
    missile: int = Field(le=0)
    quickness: int = Field(le=0)
    strength: int

    @field_validator("key")
    @classmethod
    def _a_class(cls, value: str) -> str:
        # A user's armor row cannot add a class: the gun would have no column to fire on.
        if value not in ARMOR_CLASSES:
            raise ValueError(
                f"{value!r} is not an armor class; rmu armor is BA I, BA II, BA III or BA IV, "
                "each a column of the attack tables (RMU-ARM-1): a row of yours replaces one"
            )
        return value


class ArmorFile(DataModel):
    catalog: _CatalogHeader
    armor: list[ArmorModel] = Field(min_length=1)


class _HardModel(DataModel):
    label: str
    me_max: int
    values: tuple[int, int, int]


class _RangedCover(DataModel):
    soft: tuple[int, int, int]
    impenetrable: tuple[int, int, int]


class _MeleeCover(DataModel):
    values: tuple[int, int, int]
    hard_multiplier: int


class CoverFile(DataModel):
    catalog: _CatalogHeader
    ranged: _RangedCover
    melee: _MeleeCover
    hard: list[_HardModel] = Field(min_length=1)


class _AttackFigures(DataModel):
    recoil_unprepared: int
    haste_per_ap: int
    ranged_attack_ap: tuple[int, int]
    prepare_ap: int
    fumble_ranks_per_step: int
    fumble_minimum: int


class _RangeFigures(DataModel):
    band_names: list[str]
    band_modifiers: list[int]


class _PointBlank(DataModel):
    provisional: bool
    derivation: str
    reach_ft: int
    long_gun_reach_ft: int
    bonus: dict[str, int]


class _LongGuns(DataModel):
    classes: list[str]


class _Dodge(DataModel):
    base_share: tuple[int, int]
    celerity_share: list[tuple[int, int]]


class _StrayRound(DataModel):
    target_conditions: list[str]


class _Source(DataModel):
    text: str


class RulesFile(DataModel):
    source: _Source
    attack: _AttackFigures
    range: _RangeFigures
    point_blank: _PointBlank
    long_guns: _LongGuns
    hunting: dict[str, int]
    situational: dict[str, int]
    stray_round: _StrayRound
    dodge: _Dodge


class AmmoModel(DataModel):
    key: str
    name: str
    flesh_table: str
    covered_table: str
    cover_multiplier: int = Field(ge=1)
    armor_piercing: bool
    breakage_table: str | None = None


class AmmoFile(DataModel):
    catalog: _CatalogHeader
    penetration: dict[str, str]
    ammo: list[AmmoModel] = Field(min_length=1)


class _BreakageCheck(DataModel):
    broken_below: int
    temporary_natural: int = Field(ge=1, le=100)
    maneuver_naturals: list[int]
    beaten_open_past: int = Field(le=0)


class _BreakageBandModel(DataModel):
    low: int
    high: int | None = None
    penalty: int = Field(le=0)


class BreakageFile(DataModel):
    catalog: _CatalogHeader
    check: _BreakageCheck
    band: list[_BreakageBandModel] = Field(min_length=1)


# --- the encounter's figures (vitals.py) ----------------------------------------------------


class _Round(DataModel):
    ap: int = Field(gt=0)


class _LossBand(DataModel):
    over_percent: int = Field(ge=0, le=100)
    penalty: int = Field(le=0)


class _Hits(DataModel):
    loss_bands: list[_LossBand] = Field(min_length=1)
    fatigue_check_at: int
    dying_at: int
    dies_at: int


class _Stun(DataModel):
    tiers: list[int] = Field(min_length=1)


class _Initiative(DataModel):
    dice: int = Field(gt=0)
    sides: int = Field(gt=1)
    penalty_step: int = Field(lt=0)
    surprised_ap_lost: int = Field(ge=0)
    flat_footed_ap_lost: int = Field(ge=0)


class _Actions(DataModel):
    drop_prone: int = Field(ge=0)
    stand_up: int = Field(ge=0)
    reload: int = Field(ge=0)
    move_per_bmr: int = Field(gt=0)


class EncounterFile(DataModel):
    source: _Source
    round: _Round
    hits: _Hits
    stun: _Stun
    initiative: _Initiative
    actions: _Actions


# --- Kindred (kindred_rules.py) --------------------------------------------------------------


class _KindredSource(DataModel):
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
    stake_location: HitLocation
    stake_severity: Severity
    behead_location: HitLocation
    behead_severity: Severity


class KindredFile(DataModel):
    source: _KindredSource
    rules: _Rules
    aggravated: _Aggravated
    rouse: _Rouse
    burning: _Burning
    bite: _Bite
    called: _Called
    staking: dict[str, StakeBand]


# --- the scenario's [rules] table (kindred_rules.py) ---------------------------------------


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


# --- the fumble tables (fumble.py) -------------------------------------------------------------


class FumbleCellModel(DataModel):
    label: str = Field(min_length=1, max_length=60)
    lose_ap: int = Field(default=0, ge=0, le=4)
    jam_clear_ap: int = Field(default=0, ge=0)
    semi_only: bool = False
    half_effect: bool = False
    lose_round: bool = False
    nearest_ally: bool = False
    broken: bool = False
    drops_weapon: bool = False
    self_hits: int = Field(default=0, ge=0)
    prone: bool = False
    stun_rounds: int = Field(default=0, ge=0)


class _FumbleHeader(TableHeader):
    columns: list[str] = Field(min_length=1)


class _FumbleRow(DataModel):
    # The cells, one per column the header names, are each held to FumbleCellModel.
    model_config = DataModel.model_config | {"extra": "allow"}
    low: int = Field(ge=1, le=100)
    high: int = Field(ge=1, le=100)


class FumbleFile(DataModel):
    table: _FumbleHeader
    rows: list[_FumbleRow] = Field(min_length=1)
