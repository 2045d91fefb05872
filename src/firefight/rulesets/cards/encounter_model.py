"""The cards part of a scenario's ``[[combatant]]`` and of the scene (docs/cards.md, "In an
encounter"): skill, Reflex-like stat, Size, armor, the wound track, weapons with magazines, and
which deck the combatant draws from. The figures the fight changes live in :class:`CardsStats`;
the shared deck lives in :class:`CardsScene`, the scene's ruleset state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from firefight.frozen import replace
from firefight.rulesets.base import refuse_weapons_named_alike
from firefight.rulesets.cards.data import cards_data
from firefight.rulesets.cards.deck import FULL_DECK_NAMES
from firefight.rulesets.cards.wounds import Track, boxes_per_level
from firefight.scene.state import (
    CombatantState,
    CombatantStats,
    EncounterState,
    MagazineState,
    RulesetState,
    WeaponState,
)
from firefight.tables.data_files import DataModel

__all__ = [
    "CardsCombatant",
    "CardsScene",
    "CardsStats",
    "new_combatant",
    "shared_deck",
    "stats_of",
]

#: What a magazine holds in this ruleset: the source has one kind of ammunition.
AMMO = "standard"


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsStats(CombatantStats):
    """A combatant's cards figures: fixed (skill, reflex, Size, armor) and running (the wound
    track, armor wear, knocked down, this round's turn, what the next turn is owed to)."""

    skill: int
    skills: tuple[tuple[str, int], ...] = ()
    reflex: int = 0
    size_rating: int = 4
    armor: str = "none"
    wear: int = 0
    green: int = 0
    yellow: int = 0
    red: int = 0
    knocked_down: bool = False
    acted: bool = False
    owes: tuple[str, ...] = ()
    uncocked: tuple[str, ...] = ()
    aiming: int = 0
    shared_deck: bool = False

    def skill_for(self, range_class: str) -> int:
        return dict(self.skills).get(range_class, self.skill)

    @property
    def track(self) -> Track:
        return _track(self.size_rating, self.green, self.yellow, self.red)


# Read at every shot and turn (the target's track, the shooter's wound modifier, whether
# someone is down), and the same until they are hurt: the frozen track is built once per
# figures (a bounded cache).
@lru_cache(maxsize=256)
def _track(size_rating: int, green: int, yellow: int, red: int) -> Track:
    return Track(boxes=boxes_per_level(size_rating), green=green, yellow=yellow, red=red)


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsScene(RulesetState):
    """The shared deck's cards left (D-4), in deck order."""

    deck_left: tuple[str, ...]


def stats_of(c: CombatantState) -> CardsStats:
    assert isinstance(c.stats, CardsStats), f"{c.name} has no cards figures"
    return c.stats


def shared_deck(state: EncounterState) -> tuple[str, ...]:
    """The shared deck's cards left; before its first draw, or once empty, the whole deck
    shuffled (the discards gathered, nothing being on the table between actions)."""
    scene = state.ruleset_state
    left = scene.deck_left if isinstance(scene, CardsScene) else ()
    return left or FULL_DECK_NAMES


class CardsWeaponModel(DataModel):
    """One ``[[combatant.weapon]]``: the first listed is the one in hand."""

    weapon: str
    name: str | None = Field(default=None, min_length=1)
    loaded: int | None = Field(default=None, ge=0)
    magazines: int = Field(default=0, ge=0, le=50)

    @field_validator("weapon")
    @classmethod
    def _known(cls, value: str) -> str:
        if value not in cards_data().weapons:
            raise ValueError(f"{value!r} is not in the cards weapon list")
        return value

    @model_validator(mode="after")
    def _fits(self) -> CardsWeaponModel:
        ammo = cards_data().weapon(self.weapon).ammo
        if self.loaded is not None and self.loaded > ammo:
            raise ValueError(f"loaded {self.loaded}, but the magazine holds {ammo}")
        return self


class CardsCombatant(DataModel):
    """The cards part of a ``[[combatant]]``."""

    skill: int = Field(ge=0, le=20)
    skills: dict[str, int] = Field(default_factory=dict)
    reflex: int = Field(default=0, ge=0, le=52)
    size_rating: int = Field(default=4, ge=1, le=20)
    armor: str = "none"
    wounds: tuple[int, int, int] = (0, 0, 0)
    deck: Literal["fresh", "shared"] = "fresh"
    weapon: list[CardsWeaponModel] = Field(default_factory=list)

    @field_validator("skills")
    @classmethod
    def _skills(cls, value: dict[str, int]) -> dict[str, int]:
        rows = cards_data().ranges
        for name, level in value.items():
            if name not in rows:
                raise ValueError(f"{name!r} is not a weapon type; types: {', '.join(rows)}")
            if not 0 <= level <= 20:
                raise ValueError(f"skill {name!r} must be 0 to 20")
        return value

    @field_validator("armor")
    @classmethod
    def _armor(cls, value: str) -> str:
        if value not in cards_data().armor:
            raise ValueError(f"{value!r} is not armor the cards data lists")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> CardsCombatant:
        boxes = boxes_per_level(self.size_rating)
        if any(not 0 <= w <= boxes for w in self.wounds):
            raise ValueError(f"wounds are boxes filled per level, 0 to {boxes} at this Size (K-3)")
        refuse_weapons_named_alike(self.weapon)
        return self


def new_combatant(spec: BaseModel, core: CombatantState) -> CombatantState:
    assert isinstance(spec, CardsCombatant)
    data = cards_data()
    weapons = []
    for w in spec.weapon:
        ammo = data.weapon(w.weapon).ammo
        full = MagazineState(rounds=ammo, capacity=ammo, ammo=AMMO)
        loaded = full if w.loaded is None else replace(full, rounds=w.loaded)
        weapons.append(
            WeaponState(
                name=w.name or w.weapon, kind=w.weapon, loaded=loaded, spares=(full,) * w.magazines
            )
        )
    green, yellow, red = spec.wounds
    stats = CardsStats(
        skill=spec.skill,
        skills=tuple(sorted(spec.skills.items())),
        reflex=spec.reflex,
        size_rating=spec.size_rating,
        armor=spec.armor,
        green=green,
        yellow=yellow,
        red=red,
        shared_deck=spec.deck == "shared",
    )
    down = stats.track.down
    return replace(core, weapons=tuple(weapons), stats=stats, unconscious=down)
