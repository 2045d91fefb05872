"""The state of an encounter: frozen values, changed only by applying events (DESIGN.md 6).

:class:`EncounterState` is the scene at one moment: the round, every combatant with what the
fight has done to them, the barriers, the initiative order and the conditions in play. A ruleset
adds its own figures to a combatant through a :class:`CombatantStats` subclass; everything else
here is shared by every ruleset that runs encounters.

Penalties are stored as negative numbers, as the critical tables print them.

>>> mara = CombatantState(name="Mara", position=Point(x_ft=0, y_ft=0), hits_max=50)
>>> scene = EncounterState(title="t", ruleset="rmu", combatants=(mara,))
>>> scene.combatant("Mara").hits_left
50
>>> scene.find("mara") is mara
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from firefight.errors import RuleRefusal
from firefight.frozen import replace, replacer
from firefight.fuzzy import hint
from firefight.geometry import Body, Point, Posture, Size
from firefight.serialize import TaggedSubclasses
from firefight.text import composed

__all__ = [
    "DOWN_RULE",
    "SCENE_RULE",
    "ActiveCondition",
    "Barrier",
    "CombatantState",
    "CombatantStats",
    "EncounterState",
    "MagazineState",
    "RulesetState",
    "Surprise",
    "WeaponState",
    "unknown_combatant",
]

#: The rule an action naming someone who is not in the scene is refused under. It is the
#: encounter's own check, not a rule of any ruleset, so it has its own ID.
SCENE_RULE = "ENC-SCENE"

#: The encounter's own check that the dead and the unconscious take no actions, for a ruleset
#: whose rules do not say so themselves (rmu cites its ruling R-2 instead).
DOWN_RULE = "ENC-DOWN"


class Surprise(Enum):
    """How a combatant was caught when the fight began (RULINGS R-5)."""

    NONE = "none"
    SURPRISED = "surprised"
    FLAT_FOOTED = "flat-footed"


@dataclass(frozen=True, slots=True, kw_only=True)
class MagazineState:
    """One magazine (or belt): rounds in it, how many it holds, and its one ammunition type."""

    rounds: int
    capacity: int
    ammo: str

    def __str__(self) -> str:
        return f"{self.rounds}/{self.capacity} {self.ammo}"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponState:
    """A weapon a combatant carries, the magazine in it and the spares carried for it.

    ``name`` is what the scene calls it (unique per combatant); ``kind`` is the ruleset's
    catalog key.
    """

    name: str
    kind: str
    skill: str | None = None
    bonus: int = 0
    mounted: bool = False
    loaded: MagazineState | None = None
    spares: tuple[MagazineState, ...] = ()

    def with_spare_loaded(self, index: int) -> WeaponState:
        """This gun with the spare at ``index`` loaded and the load it held (if any) carried
        last among the spares: a reload, whichever ruleset times it."""
        spares = list(self.spares)
        fresh = spares.pop(index)
        if self.loaded is not None:
            spares.append(self.loaded)
        return replace(self, loaded=fresh, spares=tuple(spares))

    def spare_with_rounds(self, ammo: str | None = None) -> int | None:
        """The place of the first spare (in the order carried) with rounds in it and, when
        asked, of that ammunition: a magazine a reload took out empty is kept, never loaded."""
        return next(
            (
                i
                for i, mag in enumerate(self.spares)
                if mag.rounds > 0 and (ammo is None or mag.ammo == ammo)
            ),
            None,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatantStats(TaggedSubclasses):
    """Base of a ruleset's own figures for a combatant: fixed ones (skills, bonuses, movement)
    and running ones the shared fields have no place for (cpr's armor SP left, critical
    injuries, the Move and Action left this turn; rmu's AP, bleeding, stun and armor wear).
    Only the ruleset's events change them. Stored as the subclass it is
    (:class:`~firefight.serialize.TaggedSubclasses`)."""

    def incapacitated(self) -> bool:
        """Whether the ruleset's own figures keep the combatant from acting while neither
        unconscious nor dead (rmu: dying); a ruleset with no such state keeps the default."""
        return False


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesetState(TaggedSubclasses):
    """Base of a ruleset's own scene-wide figures (the cards ruleset's shared deck): what the
    scene as a whole carries for one ruleset. Only the ruleset's events change them.
    Stored as the subclass it is (:class:`~firefight.serialize.TaggedSubclasses`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatantState:
    """One person in the scene: what every ruleset shares of them.

    ``hits_max`` and ``hits_taken`` are the ruleset's damage track (rmu concussion hits, cpr
    HP); ``unconscious`` and ``dead`` the state label every ruleset sets and the encounter's own
    checks read (ENC-DOWN). Everything else the fight does to them -- a turn's action points or
    actions, bleeding, stun, armor worn and its wear -- is the ruleset's, in ``stats``.
    """

    name: str
    position: Point
    side: str = ""
    bystander: bool = False
    posture: Posture = Posture.STANDING
    facing_deg: float = 0.0
    size: Size = Size.MEDIUM
    surprise: Surprise = Surprise.NONE
    hits_max: int = 0
    hits_taken: int = 0
    unconscious: bool = False
    dead: bool = False
    initiative: int | None = None
    weapons: tuple[WeaponState, ...] = ()
    stats: CombatantStats = field(default_factory=CombatantStats)

    @property
    def hits_left(self) -> int:
        return self.hits_max - self.hits_taken

    def can_act(self) -> bool:
        return not (self.dead or self.unconscious or self.stats.incapacitated())

    def in_fight(self) -> bool:
        """Someone the fight still counts: able to act, and not a bystander (who takes turns,
        rolls initiative, is aimed at by a tactic, keeps a side standing)."""
        # The bystander flag first: a field, where can_act asks the ruleset's figures too.
        return not self.bystander and self.can_act()

    @property
    def body(self) -> Body:
        """The body on the plane (RULINGS S-1)."""
        return Body(center=self.position, posture=self.posture, size=self.size, name=self.name)

    def weapon(self, name: str | None = None) -> WeaponState | None:
        """The weapon called ``name``, or the first one carried (the one in hand)."""
        if name is None:
            return self.weapons[0] if self.weapons else None
        weapons = self.weapons
        if weapons and weapons[0].name == name:
            return weapons[0]  # the one in hand, spelled as the scene spells it: most asks
        wanted = name.lower()
        for w in weapons:
            if w.name == name or w.name.lower() == wanted or w.kind.lower() == wanted:
                return w
        return None

    def weapon_carried(self, name: str | None, rule: str) -> WeaponState:
        """:meth:`weapon`, or ``rule``'s refusal of one not carried, naming what is."""
        weapon = self.weapon(name)
        if weapon is None:
            if not self.weapons:
                raise RuleRefusal(rule, f"{self.name} carries no weapon.")
            carried = ", ".join(w.name for w in self.weapons)
            raise RuleRefusal(
                rule, f"{self.name} carries no weapon called {name!r}; they carry {carried}."
            )
        return weapon

    def with_weapon(self, weapon: WeaponState) -> CombatantState:
        name = weapon.name
        weapons = self.weapons
        if len(weapons) == 1 and weapons[0].name == name:
            return _with_weapons(self, (weapon,))  # one weapon carried: most people
        return _with_weapons(self, tuple([weapon if w.name == name else w for w in weapons]))


# The copies every event of a fight makes (frozen.replacer: no keywords gathered).
_with_weapons = replacer(CombatantState, "weapons")


@dataclass(frozen=True, slots=True, kw_only=True)
class Barrier:
    """A straight barrier on the plane: a wall, a row of crates, a car."""

    name: str
    start: Point
    end: Point
    height_ft: float
    material: str
    cover: str = ""  # a ruleset's own cover kind (cpr: material and thickness, C-13)


@dataclass(frozen=True, slots=True, kw_only=True)
class ActiveCondition:
    """A condition with a life of its own: a burning fuse, a smoke cloud, lodged fangs.

    ``kind`` names a registered :class:`~firefight.scene.conditions.ConditionKind`;
    ``holder`` is the combatant it sits on, or None for something in the scene. ``data`` is the
    kind's own figures as ``(key, value)`` pairs, so that the state stays a plain value.
    """

    id: str
    kind: str
    holder: str | None = None
    rounds_left: int | None = None
    data: tuple[tuple[str, str | int | float | bool], ...] = ()

    def get(self, key: str) -> str | int | float | bool | None:
        return next((v for k, v in self.data if k == key), None)


def unknown_combatant(name: str, known: tuple[str, ...]) -> RuleRefusal:
    """The refusal for a name nobody in the scene answers to, offering the closest names."""
    said = hint(name, known, listing="the scene holds")
    if not name.strip():  # a verb with no one after it: not a person called ''
        return RuleRefusal(SCENE_RULE, f"The line names nobody where it needs someone; {said}")
    return RuleRefusal(SCENE_RULE, f"Nobody called {name!r} is in the scene; {said}")


@dataclass(frozen=True, slots=True, kw_only=True)
class EncounterState:
    """The whole scene at one moment. ``round`` is 0 before the first round starts.

    ``initiative`` lists the groups that act together, best first (ties act at once, R-5).
    ``ruleset_state`` is the ruleset's own scene-wide state, if it keeps any. ``starts`` holds
    each person as they began: the scenario's as it set them up, a newcomer as they
    joined (the GM's ``add NEW like NAME`` copies the model from there, DEC-705).
    """

    title: str
    ruleset: str
    round: int = 0
    combatants: tuple[CombatantState, ...] = ()
    barriers: tuple[Barrier, ...] = ()
    initiative: tuple[tuple[str, ...], ...] = ()
    conditions: tuple[ActiveCondition, ...] = ()
    ruleset_state: RulesetState | None = None
    starts: tuple[CombatantState, ...] = ()

    def start_of(self, name: str) -> CombatantState | None:
        """``name`` as they began (DEC-705); None for a scene built without its starts."""
        return next((c for c in self.starts if c.name == name), None)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.combatants)

    def find(self, name: str) -> CombatantState | None:
        """The combatant called ``name`` (exact first, then ignoring case and how its accents
        were typed, DEC-954), or None."""
        for c in self.combatants:
            if c.name == name:
                return c
        wanted = composed(name).lower()
        return next((c for c in self.combatants if c.name.lower() == wanted), None)

    def sides_standing(self) -> set[str]:
        """The sides someone still fights for (:meth:`CombatantState.in_fight`): with one left
        the fight is decided, with none nobody is left standing (DEC-810)."""
        return {c.side for c in self.combatants if c.in_fight()}

    def combatant(self, name: str) -> CombatantState:
        """The combatant called ``name``; a refusal naming the closest names otherwise."""
        # The name as the scene spells it, nearly every ask (a fight's turns, shots and folds:
        # some 200 a fight), found here without calling find, whose loop this is.
        for c in self.combatants:
            if c.name == name:
                return c
        found = self.find(name)
        if found is None:
            raise unknown_combatant(name, self.names)
        return found

    def with_combatant(self, combatant: CombatantState) -> EncounterState:
        """This state with ``combatant`` replacing whoever has its name."""
        name = combatant.name
        return _with_combatants(
            self, tuple([combatant if c.name == name else c for c in self.combatants])
        )

    def with_combatants(self, changed: Mapping[str, CombatantState]) -> EncounterState:
        """This state with each of ``changed`` replacing whoever has its name, in one copy."""
        return _with_combatants(self, tuple([changed.get(c.name, c) for c in self.combatants]))

    def condition(self, condition_id: str) -> ActiveCondition | None:
        return next((c for c in self.conditions if c.id == condition_id), None)


_with_combatants = replacer(EncounterState, "combatants")
