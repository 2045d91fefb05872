"""The pydantic models of cpr's data files: each file's schema, whose errors name the file and
the row.

Imported only to validate: by the tests (tests/test_shipped_data.py holds every shipped file to
its model), by ``firefight tables check``, and for the rows of a user's catalog. A run reads the
shipped files as written (:mod:`firefight.tables.shipped`, DEC-510, DEC-560).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from firefight.limits import MAX_POOL_DICE
from firefight.rulesets.cpr.armor import Location
from firefight.rulesets.cpr.injuries import Applies, InjuryTable
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.tables.data_files import DataModel, TableHeader

__all__ = [
    "AmmoFile",
    "AmmoModel",
    "ArmorFile",
    "ArmorModel",
    "CoverFile",
    "CprTableHeader",
    "DvFile",
    "EncounterFile",
    "InjuriesFile",
    "ModifiersFile",
    "RulesFile",
    "WeaponModel",
    "WeaponsFile",
]


class CprTableHeader(TableHeader):
    """The ``[table]`` header of a cpr data file: the shared header plus the rule IDs it serves."""

    rules: list[str] = Field(default_factory=list)


class _Row(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    dv: list[int | Literal["—"]]


class DvFile(DataModel):
    table: CprTableHeader
    bands_m: list[tuple[int, int]] = Field(min_length=1)
    row: list[_Row] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> DvFile:
        expected_low = 0
        for number, (low, high) in enumerate(self.bands_m, start=1):
            if low != expected_low or high < low:
                raise ValueError(
                    f"band {number} ({low}-{high} m) must start at {expected_low} m and not end "
                    "before it starts"
                )
            expected_low = high + 1
        for row in self.row:
            if len(row.dv) != len(self.bands_m):
                raise ValueError(
                    f"row {row.key!r} has {len(row.dv)} cells for {len(self.bands_m)} bands"
                )
        keys = [r.key for r in self.row]
        if len(set(keys)) != len(keys):
            raise ValueError(f"duplicate row keys in {keys}")
        return self


class WeaponModel(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    kind: WeaponKind
    skill: str
    # A pool past the limit is refused where it is rolled; named here, with its row (DEC-876).
    damage_d6: int = Field(ge=1, le=MAX_POOL_DICE)
    rof: int = Field(ge=1, le=2)
    range_row: str | None = None
    magazine: int | None = Field(default=None, ge=1)
    autofire_cap: int | None = Field(default=None, ge=1)
    autofire_row: str | None = None
    ammo: list[str] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)
    source: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> WeaponModel:
        if (self.autofire_cap is None) != (self.autofire_row is None):
            raise ValueError("autofire_cap and autofire_row come together or not at all")
        loaded = self.kind in (WeaponKind.FIREARM, WeaponKind.LAUNCHER)
        if loaded and (self.magazine is None or not self.ammo):
            raise ValueError(f"a {self.kind.value} needs a magazine and its ammo kinds")
        if not loaded and self.magazine is not None:
            raise ValueError(f"a {self.kind.value} is not loaded from a magazine")
        # A grenade has no magazine but comes with one load or another (C-14).
        if not loaded and self.ammo and self.kind is not WeaponKind.GRENADE:
            raise ValueError(f"a {self.kind.value} takes no ammunition")
        ranged = self.kind is not WeaponKind.MELEE
        if ranged and self.range_row is None:
            raise ValueError(f"a {self.kind.value} needs a range_row")
        return self


class WeaponsFile(DataModel):
    table: CprTableHeader
    weapon: list[WeaponModel] = Field(min_length=1)


class _ResistModel(DataModel):
    stat: Literal["WILL"]
    skill: str
    dv: int
    damage_d6: int = Field(default=0, ge=0, le=MAX_POOL_DICE)
    unconscious: bool = False

    @model_validator(mode="after")
    def _one_outcome(self) -> _ResistModel:
        if (self.damage_d6 > 0) == self.unconscious:
            raise ValueError("a failed resist either deals damage_d6 or knocks out, not both")
        return self


class AmmoModel(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    ablation: int | None = Field(default=None, ge=0)
    injury: str | None = None
    nonlethal: bool = False
    burn_hp: int = Field(default=0, ge=0)
    resist: _ResistModel | None = None
    smart: bool = False
    smart_base: int = Field(default=0, ge=0, le=30)
    load: bool = False
    effect: str = ""
    lasting_turns: int = Field(default=0, ge=0, le=1000)
    lasting_injuries: list[str] = Field(default_factory=list)
    cloud: bool = False
    source: str = Field(min_length=1)
    provisional: bool = False
    derivation: str = ""

    @model_validator(mode="after")
    def _marked(self) -> AmmoModel:
        if self.provisional and not self.derivation:
            raise ValueError("a provisional row says how it was derived (derivation)")
        if self.load and not self.effect:
            raise ValueError("a grenade load says what it does (effect)")
        if self.smart and not self.smart_base:
            raise ValueError("smart rounds say the base of their own attack (smart_base)")
        if (self.lasting_injuries or self.cloud) and not self.lasting_turns:
            raise ValueError("an effect that lasts says for how many turns (lasting_turns)")
        return self


class AmmoFile(DataModel):
    table: CprTableHeader
    ammo: list[AmmoModel] = Field(min_length=1)


class ArmorModel(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    sp: int = Field(ge=0)
    penalty: int = Field(le=0)
    locations: list[Location] = Field(min_length=1)


class ArmorFile(DataModel):
    table: CprTableHeader
    armor: list[ArmorModel] = Field(min_length=1)


class _Material(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    thin: int = Field(ge=0)
    thick: int = Field(ge=0)


class _Shield(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    hp: int = Field(gt=0)


class CoverFile(DataModel):
    table: CprTableHeader
    material: list[_Material] = Field(min_length=1)
    shield: list[_Shield] = Field(default_factory=list)


class _Aimed(DataModel):
    penalty: int = Field(lt=0)
    head_multiplier: int = Field(ge=1)
    leg_injury: str


class _DodgeFigures(DataModel):
    min_ref: int


class _ArmorFigures(DataModel):
    ablation: int = Field(ge=1)


class _Critical(DataModel):
    sixes: int = Field(ge=2)
    bonus_damage: int = Field(ge=0)


class _DeathSave(DataModel):
    die: int = Field(ge=2)
    always_fails: int = Field(ge=1)
    per_save: int = Field(ge=0)


class _Stabilize(DataModel):
    dv: int
    stat: str
    skills: list[str] = Field(min_length=1)
    reach_m: float = Field(gt=0)


class _AutofireFigures(DataModel):
    bullets: int = Field(ge=1)
    damage_d6: int = Field(ge=1, le=MAX_POOL_DICE)
    skill: str


class _Suppression(DataModel):
    bullets: int = Field(ge=1)
    radius_m: int = Field(gt=0)
    resist_skill: str


class _Shells(DataModel):
    dv: int
    damage_d6: int = Field(ge=1)
    depth_m: float = Field(gt=0)
    width_m: float = Field(gt=0)


class _Explosive(DataModel):
    square_m: float = Field(gt=0)


class _Throw(DataModel):
    max_distance_m: int = Field(gt=0)
    range_row: str
    skill: str


class _Wound(DataModel):
    key: str
    name: str
    action_penalty: int = Field(le=0)
    move_penalty: int = Field(le=0)


class _Skills(DataModel):
    names: list[str] = Field(min_length=1)


class RulesFile(DataModel):
    table: CprTableHeader
    skills: _Skills
    aimed: _Aimed
    dodge: _DodgeFigures
    armor: _ArmorFigures
    critical: _Critical
    death_save: _DeathSave
    stabilize: _Stabilize
    autofire: _AutofireFigures
    suppression: _Suppression
    shells: _Shells
    explosive: _Explosive
    throw: _Throw
    wound: list[_Wound]

    @model_validator(mode="after")
    def _every_wound_state(self) -> RulesFile:
        keys = [w.key for w in self.wound]
        if keys != ["unhurt", "light", "serious", "mortal"]:
            raise ValueError(f"wound states must be unhurt, light, serious, mortal; got {keys}")
        named = (
            *self.stabilize.skills,
            self.autofire.skill,
            self.suppression.resist_skill,
            self.throw.skill,
        )
        for skill in named:
            if skill not in self.skills.names:
                raise ValueError(f"skill {skill!r} is not in [skills] names (CPR-HIT-2)")
        return self


class _PenaltyModel(DataModel):
    applies: Applies
    value: int = Field(lt=0)


class _InjuryModel(DataModel):
    table: InjuryTable
    roll: int = Field(ge=2, le=12)
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    label: str
    effect: str
    penalties: list[_PenaltyModel] = Field(default_factory=list)
    move: int = Field(default=0, le=0)
    death_save: int = Field(default=0, ge=0)
    drops_item: bool = False
    no_evasion: bool = False
    aimed_head_multiplier: int | None = Field(default=None, ge=2)
    on_move_over_m: int | None = Field(default=None, ge=0)
    on_move: Literal["bonus-damage", "no-move-next-turn"] | None = None
    next_turn: Literal["move-only"] | None = None


class InjuriesFile(DataModel):
    table: CprTableHeader
    injury: list[_InjuryModel]

    @model_validator(mode="after")
    def _complete(self) -> InjuriesFile:
        for table in ("body", "head"):
            rolls = sorted(i.roll for i in self.injury if i.table == table)
            if rolls != list(range(2, 13)):
                raise ValueError(f"the {table} table must have one row for each 2d6 roll 2-12")
        keys = [i.key for i in self.injury]
        if len(set(keys)) != len(keys):
            raise ValueError("injury keys must be unique across both tables")
        return self


class _NamedModel(DataModel):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    label: str
    value: int = 0
    min_distance_m: int | None = Field(default=None, gt=0)
    jams_on: int | None = Field(default=None, ge=1, le=10)
    per_point: int | None = Field(default=None, ge=1)
    guides_smart: bool = False
    source: str = Field(min_length=1)


class ModifiersFile(DataModel):
    table: CprTableHeader
    modifier: list[_NamedModel] = Field(min_length=1)


class _Initiative(DataModel):
    stat: Literal["REF"]
    die: Literal[10]  # C-11: the cpr d10 of C-1, nothing else
    ties: Literal["reroll"]


class _Turn(DataModel):
    metres_per_move: int = Field(gt=0)
    min_move: int = Field(ge=0)
    run: bool
    evasion_skill: str
    short_of_cover_m: float = Field(ge=0)


class EncounterFile(DataModel):
    table: CprTableHeader
    initiative: _Initiative
    turn: _Turn
