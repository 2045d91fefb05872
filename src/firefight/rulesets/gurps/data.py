"""Reading the gurps data files (``rulesets/gurps/data``): the 3e core figures, the modifier
catalog, weapons, armor, ammunition, arrows and the house-rule figures, each file with a
``[table]`` header saying where its figures come from."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cached_property
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, Field, model_validator

from firefight.errors import RuleRefusal
from firefight.fuzzy import closest
from firefight.rulesets.gurps.dice_formula import DiceFormula, MuscleFormula
from firefight.tables.data_files import (
    DataModel,
    Key,
    TableHeader,
    package_data,
    read_toml,
    validate,
)
from firefight.tables.user_catalogs import laid_over

__all__ = [
    "Ammo",
    "Armor",
    "Arrow",
    "DamageType",
    "GurpsData",
    "Location",
    "ModifierEntry",
    "Weapon",
    "WeaponKind",
]

PACKAGE = "firefight.rulesets.gurps"
M = TypeVar("M", bound=BaseModel)

DamageType = Literal["crushing", "cutting", "impaling", "fire"]
WeaponKind = Literal["firearm", "bow", "crossbow", "sling", "thrown", "beam"]


class Header(TableHeader):
    rules: list[str] = Field(default_factory=list)


class Sourced(DataModel):
    """A section's source; a provisional (recalled) one says how its figures were made."""

    source: str
    provisional: bool = False
    derivation: str = ""

    @model_validator(mode="after")
    def _derived(self) -> Sourced:
        if self.provisional and not self.derivation:
            raise ValueError(f"a provisional section ({self.source}) needs its derivation")
        return self


# --- core.toml --------------------------------------------------------------------------------


class Success(Sourced):
    always_succeed_at_most: int
    always_fail_at_least: int
    critical_failure_margin: int
    critical_success: list[tuple[int, int]]
    critical_failure: list[tuple[int, int]]


class SpeedRange(Sourced):
    rows: list[tuple[float, int]]


class Wounding(Sourced):
    crushing: float
    cutting: float
    impaling: float
    fire: float

    def of(self, kind: DamageType) -> float:
        return float(getattr(self, kind))


class MinimumDamage(Sourced):
    crushing: int
    cutting: int
    impaling: int
    fire: int

    def of(self, kind: DamageType) -> int:
        return int(getattr(self, kind))


class Injury(Sourced):
    shock_per_hp: int
    shock_cap: int
    major_wound_fraction: float
    conscious_roll_at_or_below: int
    death_check_multiples: list[int]
    dead_at_multiple: int
    stunned_defense: int
    halved_at_or_below: int


class Ranges(Sourced):
    half_damage_divisor: int


class Defenses(Sourced):
    dodge: list[str]
    block: list[str]
    parry: list[str]
    parry_modifier: int
    long_flight_bonus: int


class Locations(Sourced):
    skull_dr: int


def _exact_share(value: object) -> object:
    if isinstance(value, bool):
        raise ValueError("takes a share of HP, not true or false")
    if isinstance(value, int | float):
        if not math.isfinite(value):
            raise ValueError("takes a finite share of HP")
        return Fraction(value).limit_denominator(100)
    return value


#: A share of HP (HP/3, HP/2) taken exactly: the file writes a third as 0.3333333333, and HP
#: 12 times that falls a hair short of 4, which would cripple a hand or stun at a wound of
#: just HP/3 (GUR-CORE-1, GUR-LOC-1).
HpShare = Annotated[Fraction, BeforeValidator(_exact_share)]


class Location(DataModel):
    key: str
    rolls: list[int]
    penalty: int
    multiplier: float | None = None
    stun_over: HpShare | None = None
    knockout_over: HpShare | None = None
    cripple_over: HpShare | None = None
    #: what impaling weapons and bullets multiply by here, past the armor (vitals: x3)
    vitals_multiplier: float | None = None


class CriticalHits(Sourced):
    pass


class CriticalHit(DataModel):
    rolls: list[int]
    effect: Literal[
        "torso-knockout",
        "bypass-armor",
        "triple",
        "double",
        "stun",
        "cripple-limb",
        "normal",
        "drop-weapon",
    ]


class Muscle(Sourced):
    rows: list[tuple[int, int, int, int, int]]


class Maneuvers(Sourced):
    all_out_ranged_hit: int
    all_out_move_fraction: float


class FastDraw(Sourced):
    ready_seconds: int
    reload_saving: int
    minimum_reload: int


class CoreFile(DataModel):
    table: Header
    success: Success
    speed_range: SpeedRange
    wounding: Wounding
    minimum_damage: MinimumDamage
    injury: Injury
    ranges: Ranges
    defenses: Defenses
    locations: Locations
    location: list[Location]
    critical_hits: CriticalHits
    critical_hit: list[CriticalHit]
    muscle: Muscle
    maneuvers: Maneuvers
    fast_draw: FastDraw

    @model_validator(mode="after")
    def _tables_cover_3d6(self) -> CoreFile:
        for name, rows in (("location", self.location), ("critical_hit", self.critical_hit)):
            rolled = sorted(r for row in rows for r in row.rolls)
            if rolled != list(range(3, 19)):
                raise ValueError(f"the {name} rows must cover 3..18 once each, got {rolled}")
        return self


# --- modifiers.toml ---------------------------------------------------------------------------


class ModifierEntry(DataModel):
    key: str
    label: str
    group: str
    value: int
    low: int
    high: int
    exclusive: bool = False
    #: cover or posture that stands for aiming at the part left exposed (DEC-642)
    exposure: bool = False
    aimed: bool = False
    rule: str = "GUR-MOD-1"
    doubled_beyond_half_damage: bool = False
    darkness: bool = False
    cancels_darkness: bool = False
    #: worth no more than the target's speed costs on the Speed/Range table (002's targeting
    #: system, DEC-724)
    cancels_speed: bool = False
    laser: bool = False
    #: added to the weapon's SS number while fitted (002's stabilizers: +2)
    ss: int = 0

    @model_validator(mode="after")
    def _value_in_bounds(self) -> ModifierEntry:
        if not self.low <= self.value <= self.high:
            raise ValueError(f"{self.key}: value {self.value} outside {self.low}..{self.high}")
        return self


class ModifiersFile(DataModel):
    table: Header
    modifier: list[ModifierEntry]


# --- weapons, armor, ammo, arrows -------------------------------------------------------------


class Weapon(DataModel):
    # DEC-672: a user's catalog row keeps to what a weapon can be -- no negative Acc, SS or ST,
    # a penalty for recoil, ranges past 0 with 1/2D within Max, one shot or more, a RoF of
    # "3~", N or 1/N (GUR-GUN-1) -- so that a mistyped figure is named, not fired.
    key: Key
    name: str
    kind: WeaponKind
    damage: str
    type: DamageType
    ss: int = Field(ge=0)
    acc: int = Field(ge=0)
    half_damage: float | None = Field(default=None, gt=0)
    max: float | None = Field(default=None, gt=0)
    half_damage_st: float | None = Field(default=None, gt=0)
    max_st: float | None = Field(default=None, gt=0)
    rof: str = Field(pattern=r"^(3~|[1-9][0-9]{0,2}|1/[1-9][0-9]{0,2})$")
    shots: int = Field(ge=1)
    st: int = Field(ge=0)
    rcl: int = Field(le=0)
    wide: bool = False
    black_powder: bool = False
    load_seconds: int | None = Field(default=None, ge=1)
    reload_seconds: int | None = Field(default=None, ge=1)
    #: GUR-RELOAD-1 (DEC-785): a weapon loaded a round at a time (a cylinder, tube or internal
    #: magazine) adds these seconds for each round put in to its ``reload_seconds``; 0 for a
    #: detachable magazine, which takes its seconds however many rounds are left in it.
    reload_seconds_a_round: int = Field(default=0, ge=0)
    st_bonus: int = Field(default=0, ge=0)
    pistol: bool = False
    #: GUR-AMMO-1: what a handgun or SMG cartridge loaded subsonic does, by its caliber (002);
    #: None for a gun whose subsonic load halves damage and ranges (rifles, shotguns).
    subsonic_damage: str | None = None

    @model_validator(mode="after")
    def _ranges_given(self) -> Weapon:
        fixed = self.half_damage is not None and self.max is not None
        muscle = self.half_damage_st is not None and self.max_st is not None
        if fixed == muscle:
            raise ValueError(f"{self.key}: give half_damage and max, or their _st multiples")
        half, most = (self.half_damage, self.max) if fixed else (self.half_damage_st, self.max_st)
        if half is not None and most is not None and half > most:
            raise ValueError(f"{self.key}: 1/2D ({half:g}) lies beyond Max ({most:g})")
        if MuscleFormula.parse(self.damage) is None:
            DiceFormula.parse(self.damage)
        if self.subsonic_damage is not None:
            DiceFormula.parse(self.subsonic_damage)
        return self

    @property
    def muscle_powered(self) -> bool:
        return self.half_damage_st is not None

    @property
    def reloadable(self) -> bool:
        """Whether it is reloaded at all (GUR-RELOAD-1): loose powder and ball, a bow,
        crossbow or sling, or a gun with its reload seconds; a thrown weapon is thrown or
        drawn anew."""
        return (
            self.black_powder
            or (self.muscle_powered and self.kind != "thrown")
            or self.reload_seconds is not None
        )

    def check_barrel(self, barrel: str) -> None:
        """GUR-GUN-1: only a pistol's barrel is cut down or lengthened (for a shot, a draw)."""
        if barrel != "normal" and not (self.pistol and self.kind == "firearm"):
            raise RuleRefusal("GUR-GUN-1", "Only a pistol's barrel can be cut down or lengthened.")

    @property
    def three_shot(self) -> bool:
        """RoF "3~": up to three trigger pulls a turn (GUR-GUN-1)."""
        return self.rof == "3~"

    @property
    def shots_per_turn(self) -> int:
        if self.three_shot:
            return 3
        if "/" in self.rof:
            return 1
        return int(self.rof)


class Armor(DataModel):
    key: Key
    name: str
    pd: int = Field(ge=0)
    dr: int = Field(ge=0)
    rigid: bool = False


#: A multiplier of an ammunition's figure: past 0 (DEC-672).
Multiplier = Annotated[float, Field(gt=0)]
#: A chance in six: 0 (never) to 6 (always).
InSix = Annotated[int, Field(ge=0, le=6)]
#: A count or a figure that cannot be negative.
Count = Annotated[int, Field(ge=0)]


class Ammo(DataModel):
    key: Key
    name: str
    type: DamageType | None = None
    per_die: int = 0
    dice_less: Count = 0
    damage_multiplier: Multiplier = 1.0
    dr_multiplier: Multiplier = 1.0
    wound_multiplier: Multiplier = 1.0
    range_multiplier: Multiplier = 1.0
    max_multiplier: Multiplier = 1.0
    acc: int = 0
    acc_multiplier: Multiplier = 1.0
    hit: int = 0
    malf: int = 0
    cost: float = Field(default=1.0, ge=0)
    legality: Count | None = None
    burn: Count = 0
    chance: Literal["expands", "wound-explosion"] | None = None
    chance_in_6: InSix = 0
    expanded_dr_multiplier: Multiplier = 1.0
    expanded_wound_multiplier: Multiplier = 1.0
    explosion_dice: Count = 0
    explosion_multiplier: int = Field(default=1, ge=1)
    explosion_dice_per_6d: Count = 0
    contact_burst_in_6: InSix = 0
    contact_wound_multiplier: Multiplier = 1.0
    cover_shrapnel: str | None = None
    blunt_trauma_on: Count = 0
    flexible_dr: Count | None = None
    rigid_dr_multiplier: Multiplier = 1.0
    shotgun_keeps_acc_and_range: bool = False
    #: GUR-AMMO-1: from a shotgun, each group of this many damage dice meets the armor on its
    #: own (flechettes, DEC-722).
    shotgun_dice_against_armor: int | None = Field(default=None, ge=1)
    shotgun_only: bool = False
    useless_beyond_half_damage: bool = False
    blank: bool = False
    dual: bool = False
    #: GUR-AMMO-1: a subsonic load; a gun listing its own subsonic damage takes that instead of
    #: this load's multipliers.
    subsonic: bool = False
    #: the second missile's bonus to hit when the first hit (a dual bullet)
    second_missile_hit: int = 0
    tracer: bool = False
    area_damage: str | None = None
    area_width: float = Field(default=0.0, ge=0)
    area_length: float = Field(default=0.0, ge=0)
    flash_in_dark: bool = False
    ignites_a_in_6: InSix = 0
    ignites_b_in_6: InSix = 0

    @model_validator(mode="after")
    def _formulas_read(self) -> Ammo:
        # Read when a shot needs them; a row that cannot be read is named as it loads.
        for formula in (self.cover_shrapnel, self.area_damage):
            if formula is not None:
                DiceFormula.parse(formula)
        return self


class Arrow(DataModel):
    key: str
    adds: int
    per_die: int = 0
    type: DamageType
    max: str
    half_damage_st: float
    max_st: float
    dr_less: int = 0
    dr_multiplier: float = 1.0
    wound_multiplier: float = 1.0
    explosion: str | None = None
    explosion_multiplier: int = 1
    hit: int = 0

    @property
    def max_formula(self) -> DiceFormula:
        return DiceFormula.parse(self.max)

    @property
    def explosion_formula(self) -> DiceFormula | None:
        """The head's blast before the contact multiplier (GUR-ARROW-1), if it carries one."""
        return DiceFormula.parse(self.explosion) if self.explosion is not None else None


class WeaponsFile(DataModel):
    table: Header
    weapon: list[Weapon]


class ArmorFile(DataModel):
    table: Header
    armor: list[Armor]


class AmmoFile(DataModel):
    table: Header
    ammo: list[Ammo]


class ArrowsFile(DataModel):
    table: Header
    arrow: list[Arrow]


# --- house.toml -------------------------------------------------------------------------------


class Arc(DataModel):
    front_cone: float
    front_hexes: float
    rear_side_hexes: float
    side_penalty: int


class Opportunity(DataModel):
    hexes: list[tuple[int, int]]
    line: int
    cone: int
    cone_half_angle: float


class Targeting(DataModel):
    snap_shot: int
    aim_per_further_turn: int = Field(gt=0)
    aim_further_most: int
    braced: int
    pop_up: int
    unaware_stationary: int
    laser_snap_near: int
    laser_snap_middle_from_yd: float
    laser_snap_middle: int
    laser_snap_far_beyond_yd: float
    laser_snap_far: int

    def aim_bonus(self, turns: int) -> int:
        """What aiming ``turns`` turns adds past the first turn's Acc (GUR-MOD-1)."""
        return min((turns - 1) * self.aim_per_further_turn, self.aim_further_most)

    def laser_snap(self, distance_yd: float) -> int:
        """A snap shot's penalty with a laser sight at ``distance_yd`` (DEC-204)."""
        if distance_yd < self.laser_snap_middle_from_yd:
            return self.laser_snap_near
        if distance_yd <= self.laser_snap_far_beyond_yd:
            return self.laser_snap_middle
        return self.laser_snap_far


class Moving(DataModel):
    walking: int
    running: int
    crossbow_multiplier: int
    bow_multiplier: int
    aim_speed_yd: float
    aim_bonus_cap: int


class WrongTarget(DataModel):
    in_the_way: int
    in_the_way_wide: int
    passes_through_within: int
    points_per_hex_wide: int
    direction: list[Literal["over", "under", "left", "right"]]
    stray_hit_number: int
    hesitation: int

    def hexes_wide(self, missed_by: int) -> int:
        """How many hexes wide of the target a miss by ``missed_by`` goes (GUR-WRONG-2): none
        within 4 (it passes through the target's hex), else a hex per 2 points past 4, and at
        least one, since only a miss by 4 or less passes through (DEC-721)."""
        past = missed_by - self.passes_through_within
        if past <= 0:
            return 0
        return max(1, past // self.points_per_hex_wide)


class RandomFire(DataModel):
    heavy: int
    light_low: int
    light_high: int


class Indirect(DataModel):
    thrown_close: int
    low_tech_close: int
    overhead_worst: int
    kinds: list[WeaponKind]


class Recoil(DataModel):
    below_min_st_multiplier: int


class Reload(DataModel):
    sling: int
    bow: int
    crossbow: int
    crossbow_heavy: int
    crossbow_heavy_st_over: int
    mixed_quiver_choosing: int
    bow_faster_points_per_second: int
    bow_faster_minimum: int
    black_powder_critical_saving: int
    coarse_fouling_after_shots: int
    coarse_reload_multiplier: float


class Powder(DataModel):
    hit: int = 0
    range_multiplier: float = 1.0
    extra_dice: int = 0
    rcl: int = 0
    burst_on: int = 0


class Barrel(DataModel):
    per_die: int
    acc: int
    holdout: int
    fast_draw: int


class ArrowRules(DataModel):
    trade_off_cap: int
    trade_off_damage_per_st: int
    light_arrow_st_per_penalty: int
    flight_time_seconds: int
    flight_kinds: list[WeaponKind]
    true_max_multiplier: float
    st_per_point_made: int
    glean_missed_on: int
    glean_dead_on: int
    incendiary_light_dice: int
    incendiary_out_on: int
    damper_hearing: int
    damper_hexes: int


class SceneCover(Sourced):
    """DEC-632: the cover-group modifier a barrier of the scene gives, by its height as a share
    of the target's; from ``hidden_from`` on, the target is out of sight; ``prone`` is a prone
    target's behind any lower one."""

    hidden_from: float = Field(gt=0)
    rows: list[tuple[float, str]]
    prone: str

    @model_validator(mode="after")
    def _tallest_first(self) -> SceneCover:
        shares = [share for share, _ in self.rows]
        if shares != sorted(shares, reverse=True) or not 0 < shares[-1] <= shares[0] < 1:
            raise ValueError("rows run from the tallest share down, each between 0 and 1")
        if self.hidden_from < shares[0]:
            raise ValueError("hidden_from is at least the tallest row's share")
        return self

    def modifier(self, share: float) -> str | None:
        """The modifier's key for a barrier ``share`` of the target's height (below
        ``hidden_from``), None for one too low to count."""
        return next((key for least, key in self.rows if share >= least), None)


class HouseFile(DataModel):
    """house.toml: ``powder`` holds coarse and fine, ``barrel`` short and long."""

    table: Header
    arc: Arc
    opportunity: Opportunity
    targeting: Targeting
    moving: Moving
    wrong_target: WrongTarget
    random_fire: RandomFire
    indirect: Indirect
    recoil: Recoil
    reload: Reload
    powder: dict[str, Powder]
    barrel: dict[str, Barrel]
    arrows: ArrowRules
    scene_cover: SceneCover

    @model_validator(mode="after")
    def _grades(self) -> HouseFile:
        if set(self.powder) != {"coarse", "fine"} or set(self.barrel) != {"short", "long"}:
            raise ValueError("powder holds coarse and fine, barrel short and long")
        return self


# --- the whole set ------------------------------------------------------------------------------


def _load(model: type[M], name: str) -> M:
    label = f"firefight/rulesets/gurps/data/{name}"
    raw: dict[str, Any] = read_toml(package_data(PACKAGE, f"data/{name}"), label)
    return validate(model, raw, label)


def _by_key(rows: list[Any], what: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for row in rows:
        if row.key in found:
            raise ValueError(f"two {what} rows are called {row.key!r}")
        found[row.key] = row
    return found


#: The kinds of row a user catalog may give gurps (issue 17), each read as the shipped file's.
USER_KINDS = ("weapon", "armor", "ammo")

_Row = TypeVar("_Row", Weapon, Armor, Ammo)


def _with_user_rows(shipped: dict[str, _Row], kind: str, model: type[_Row]) -> dict[str, _Row]:
    """``shipped`` with the user's catalog rows of ``kind`` laid over it: a row is validated
    by the shipped file's own model, and is what the rules read."""
    return laid_over(
        shipped,
        ruleset="gurps",
        kind=kind,
        known=USER_KINDS,
        model=lambda: model,
        build=lambda row: row,
    )


def unknown(rule: str, what: str, name: str, known: list[str]) -> RuleRefusal:
    """A refusal for a name the catalog does not hold, offering the closest ones."""
    close = closest(name, known, n=2)
    said = f" Did you mean {' or '.join(close)}?" if close else f" Known: {', '.join(known)}."
    return RuleRefusal(rule, f"There is no {what} called {name!r}.{said}")


class GurpsData:
    """Every gurps data file, each read once on first use."""

    @cached_property
    def core(self) -> CoreFile:
        return _load(CoreFile, "core.toml")

    @cached_property
    def house(self) -> HouseFile:
        return _load(HouseFile, "house.toml")

    @cached_property
    def modifiers(self) -> dict[str, ModifierEntry]:
        return _by_key(_load(ModifiersFile, "modifiers.toml").modifier, "modifier")

    @cached_property
    def weapons(self) -> dict[str, Weapon]:
        shipped = _by_key(_load(WeaponsFile, "weapons.toml").weapon, "weapon")
        return _with_user_rows(shipped, "weapon", Weapon)

    @cached_property
    def armor(self) -> dict[str, Armor]:
        shipped = _by_key(_load(ArmorFile, "armor.toml").armor, "armor")
        return _with_user_rows(shipped, "armor", Armor)

    @cached_property
    def ammo(self) -> dict[str, Ammo]:
        shipped = _by_key(_load(AmmoFile, "ammo.toml").ammo, "ammo")
        return _with_user_rows(shipped, "ammo", Ammo)

    @cached_property
    def arrows(self) -> dict[str, Arrow]:
        return _by_key(_load(ArrowsFile, "arrows.toml").arrow, "arrow")

    def weapon(self, key: str) -> Weapon:
        found = self.weapons.get(key)
        if found is None:
            raise unknown("GUR-CORE-1", "weapon", key, sorted(self.weapons))
        return found

    def location(self, key: str) -> Location:
        for row in self.core.location:
            if row.key == key:
                return row
        raise unknown("GUR-LOC-1", "hit location", key, [r.key for r in self.core.location])

    def location_rolled(self, total: int) -> Location:
        return next(r for r in self.core.location if total in r.rolls)

    @cached_property
    def location_rows(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(r.rolls) for r in self.core.location if r.rolls)

    @cached_property
    def critical_rows(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(r.rolls) for r in self.core.critical_hit)

    def critical_hit(self, total: int) -> CriticalHit:
        return next(r for r in self.core.critical_hit if total in r.rolls)

    def check(self) -> list[str]:
        """Load every file (raising on the first bad one); the names of the files read."""
        loaded = (
            self.core,
            self.house,
            self.modifiers,
            self.weapons,
            self.armor,
            self.ammo,
            self.arrows,
        )
        return [f"{name}.toml" for name, part in zip(FILES, loaded, strict=True) if part]


#: The data files, in the order they are checked.
FILES = ("core", "house", "modifiers", "weapons", "armor", "ammo", "arrows")

DATA = GurpsData()


def weapon_keys() -> list[str]:
    """The weapon catalog's keys, for the declarations' choices."""
    return sorted(DATA.weapons)
