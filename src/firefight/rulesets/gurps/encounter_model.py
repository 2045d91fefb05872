"""The gurps part of a scenario's ``[[combatant]]`` and the figures a gurps combatant carries
through a fight (:class:`GurpsStats`): ST, HT, HP and what has been lost, Move and Dodge, armor,
skills by weapon, and the state of the one-second turn -- aim, shock, stun, waiting, readying.

Positions are in feet like every scenario (``scene_unit`` "ft"); a yard is 3 feet (G-4,
DEC-205).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, Field, field_validator, model_validator

from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.rulesets.base import refuse_weapons_named_alike
from firefight.rulesets.gurps.data import DATA
from firefight.scene.state import CombatantState, CombatantStats, MagazineState, WeaponState
from firefight.tables.data_files import DataModel

__all__ = [
    "GurpsCombatant",
    "GurpsStats",
    "can_still_harm",
    "carried_weapon",
    "gurps_stats",
    "missile_verb",
    "new_gurps_combatant",
    "next_usable",
    "still_usable",
]


class GurpsWeapon(DataModel):
    """One ``[[combatant.weapon]]``: the first listed is the one in hand."""

    weapon: str
    name: str | None = Field(default=None, min_length=1)
    skill: int = Field(ge=1, le=30)
    loaded: int | None = Field(default=None, ge=0)
    ammo: str = "standard"
    fast_draw: int | None = Field(default=None, ge=1, le=30)
    #: GUR-RELOAD-1 (DEC-906): the full reloads carried for it (spare magazines, a cylinder's
    #: or tube's worth, arrows or bolts, loads of powder and ball); None: not counted, they
    #: never run out.
    magazines: int | None = Field(default=None, ge=0, le=50)

    @field_validator("weapon")
    @classmethod
    def _known(cls, value: str) -> str:
        DATA.weapon(value)
        return value

    @model_validator(mode="after")
    def _fits(self) -> GurpsWeapon:
        w = DATA.weapon(self.weapon)
        if self.loaded is not None and self.loaded > w.shots:
            raise ValueError(f"loaded {self.loaded}, but a {w.name} holds {w.shots}")
        if self.ammo not in DATA.ammo and self.ammo not in DATA.arrows:
            raise ValueError(f"no ammunition or arrow called {self.ammo!r}")
        if self.magazines is not None and not w.reloadable:
            raise ValueError(f"a {w.name} is thrown or drawn anew, not reloaded: no magazines")
        return self


class GurpsCombatant(DataModel):
    """The gurps figures of a combatant (3e): ST, HT, HP, Move, Dodge, armor, weapons."""

    st: int = Field(default=10, ge=3, le=30)
    ht: int = Field(default=10, ge=3, le=25)
    hp: int | None = Field(default=None, ge=1, le=200)
    move: int = Field(default=5, ge=0, le=30)
    dodge: int | None = Field(default=None, ge=0, le=30)
    armor: str = "none"
    shield_pd: int = Field(default=0, ge=0, le=6)
    vision: str = Field(default="normal", pattern="^(normal|peripheral|360)$")
    weapon: list[GurpsWeapon] = Field(default_factory=list)

    @field_validator("armor")
    @classmethod
    def _armor(cls, value: str) -> str:
        if value not in DATA.armor:
            raise ValueError(f"no armor called {value!r}; known: {', '.join(sorted(DATA.armor))}")
        return value

    @model_validator(mode="after")
    def _weapons_apart(self) -> GurpsCombatant:
        refuse_weapons_named_alike(self.weapon)
        return self


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsStats(CombatantStats):
    """A gurps combatant's figures, fixed and running."""

    st: int
    ht: int
    hp: int
    move: int
    dodge: int
    armor: str
    shield_pd: int
    vision: str
    skills: tuple[tuple[str, int], ...]
    fast_draws: tuple[tuple[str, int], ...] = ()
    in_hand: str | None = None
    lost: int = 0
    shock: int = 0
    shock_next: int = 0
    stunned: bool = False
    knocked_down: bool = False
    acted: bool = False
    aim_target: str | None = None
    aim_turns: int = 0
    braced: bool = False
    watching: str | None = None
    #: GUR-OPP-1: where the watched area lies (feet), and for whom the watcher waits
    watch_at: tuple[float, float] | None = None
    watch_for: str | None = None
    watch_hold: bool = False
    busy: int = 0
    #: GUR-RELOAD-1: the weapon a timed reload fills when ``busy`` runs out
    reloading: str | None = None
    #: GUR-CORE-1: an All-Out Attack leaves no active defense until the attacker's next turn
    all_out: bool = False
    #: GUR-RELOAD-1 (DEC-906): the weapons whose reloads are counted, loaded from their spares
    counted_reloads: tuple[str, ...] = ()

    @property
    def hp_left(self) -> int:
        return self.hp - self.lost

    @property
    def shock_to_come(self) -> int:
        """The shock on the fighter's own next turn (GUR-CORE-1, DEC-895): this second's while
        they have yet to take their maneuver, else the next second's."""
        return self.shock_next if self.acted else self.shock

    def with_shock_to_come(self, shock: int) -> GurpsStats:
        """These figures with :attr:`shock_to_come` at ``shock``: a wound's and the GM's
        ``set`` alike (DEC-895, DEC-905)."""
        return replace(self, shock_next=shock) if self.acted else replace(self, shock=shock)

    def skill(self, weapon_name: str) -> int:
        return next(s for n, s in self.skills if n == weapon_name)

    def fast_draw(self, weapon_name: str) -> int | None:
        return next((s for n, s in self.fast_draws if n == weapon_name), None)


def new_gurps_combatant(spec: BaseModel, core: CombatantState) -> CombatantState:
    assert isinstance(spec, GurpsCombatant)
    weapons = []
    for w in spec.weapon:
        entry = DATA.weapon(w.weapon)
        loaded = entry.shots if w.loaded is None else w.loaded
        full = MagazineState(rounds=entry.shots, capacity=entry.shots, ammo=w.ammo)
        weapons.append(
            WeaponState(
                name=w.name or w.weapon,
                kind=w.weapon,
                skill=str(w.skill),
                loaded=replace(full, rounds=loaded),
                spares=(full,) * (w.magazines or 0),
            )
        )
    stats = GurpsStats(
        st=spec.st,
        ht=spec.ht,
        hp=spec.hp if spec.hp is not None else spec.ht,  # 3e: HP equal HT unless bought up
        move=spec.move,
        dodge=spec.dodge if spec.dodge is not None else spec.move,  # 3e: Dodge equals Move
        armor=spec.armor,
        shield_pd=spec.shield_pd,
        vision=spec.vision,
        skills=tuple((w.name or w.weapon, w.skill) for w in spec.weapon),
        fast_draws=tuple(
            (w.name or w.weapon, w.fast_draw) for w in spec.weapon if w.fast_draw is not None
        ),
        in_hand=(spec.weapon[0].name or spec.weapon[0].weapon) if spec.weapon else None,
        counted_reloads=tuple(w.name or w.weapon for w in spec.weapon if w.magazines is not None),
    )
    return replace(core, weapons=tuple(weapons), stats=stats)


def gurps_stats(c: CombatantState) -> GurpsStats:
    stats = c.stats
    assert isinstance(stats, GurpsStats)
    return stats


def can_still_harm(c: CombatantState) -> bool:
    """Whether ``c`` keeps a weapon to use (DEC-540): one :func:`still_usable`."""
    return any(still_usable(c, w) for w in c.weapons)


def still_usable(c: CombatantState, w: WeaponState) -> bool:
    """Whether ``c`` can still fire or throw ``w``: a round in it, or a load to put in, from
    a spare left where its reloads are counted (DEC-906), else without end. A thrown weapon
    once thrown has neither: it is not reloaded (GUR-RELOAD-1, DEC-926)."""
    if w.loaded is not None and w.loaded.rounds > 0:
        return True
    if not DATA.weapon(w.kind).reloadable:
        return False
    return w.name not in gurps_stats(c).counted_reloads or w.spare_with_rounds() is not None


def next_usable(c: CombatantState, spent: WeaponState | None) -> WeaponState | None:
    """The first weapon other than ``spent`` that ``c`` can still use (:func:`still_usable`):
    the one to draw once the weapon in hand is spent for good (DEC-926)."""
    return next((w for w in c.weapons if w is not spent and still_usable(c, w)), None)


def carried_weapon(c: CombatantState, name: str | None) -> tuple[str, str]:
    """The weapon ``name`` (its scene name and catalog key); a line naming none means the one
    in hand (GUR-RELOAD-1: a weapon drawn is the one used), else the first listed."""
    weapon = c.weapon(name if name is not None else gurps_stats(c).in_hand)
    if weapon is None:
        carried = ", ".join(w.name for w in c.weapons)
        if not carried:
            raise RuleRefusal("GUR-CORE-1", f"{c.name} carries no weapon.")
        raise RuleRefusal(
            "GUR-CORE-1", f"{c.name} carries no weapon called {name!r}; they carry {carried}."
        )
    return weapon.name, weapon.kind


def missile_verb(c: CombatantState) -> str:
    """The line that fires ``c``'s weapon in hand (else the first listed) at someone:
    ``throws`` for a thrown weapon, else ``shoots`` (GUR-IND-1, DEC-890), as the tactics and
    the session's example write it; ``shoots`` for someone with none, whose line is refused
    saying so."""
    weapon = c.weapon(gurps_stats(c).in_hand)
    thrown = weapon is not None and DATA.weapon(weapon.kind).kind == "thrown"
    return "throws" if thrown else "shoots"
