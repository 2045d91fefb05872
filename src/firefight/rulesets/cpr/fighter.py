"""A cpr combatant in an encounter: the figures cpr keeps beside the shared state.

The shared :class:`~firefight.scene.state.CombatantState` holds the name, the position (in
feet), HP as its damage track (``hits_max``, ``hits_taken``), the weapons with their magazines,
and whether someone is unconscious or dead. :class:`CprFighter` (its ``stats``) holds the rest:
REF, DEX, WILL, MOVE, BODY, TECH and skills; body and head SP as they ablate (C-3); the
critical injuries suffered (C-4); death saves taken and whether stabilized (C-12); the Move
and the Action left this turn (CPR-REF-1); the rounds carried for each weapon (CPR-AMMO-1);
and what suppressive fire (C-6) or an injury owes the next turn.

Wound states are not stored: they follow from HP (C-9), so they can never disagree with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from firefight.geometry import Point
from firefight.rulesets.cpr.combatants import Spot
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.weapons import normalize_key
from firefight.rulesets.cpr.wounds import Health, WoundState
from firefight.scene.state import CombatantState, CombatantStats
from firefight.tables.settled import settled
from firefight.trace import Modifier
from firefight.units import metres_from_feet

__all__ = [
    "CarriedAmmo",
    "CprFighter",
    "armor_penalty",
    "fighter",
    "health",
    "move_allowance",
    "spot_at",
    "spot_of",
    "wound_of",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class CarriedAmmo:
    """Loose rounds of one kind carried for one weapon (by the scene's name for it)."""

    weapon: str
    ammo: str
    rounds: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CprFighter(CombatantStats):
    """cpr's own figures for a combatant.

    ``skills`` pairs canonical skill names with their levels; ``dodges`` is whether a REF 8+
    combatant dodges the attacks they see (CPR-DOD-1; the scenario may turn it off).
    ``lose_next`` lists what the next turn will lack (``"action"``, ``"move"``);
    ``moved_m`` is how far they went on foot this turn; ``items`` counts thrown things
    (grenades, knives) by weapon name. ``body`` is None when the scenario gave no BODY (no
    death save can be rolled); ``death_saves`` counts the saves taken since the last
    stabilization, ``stabilized`` ends them (C-12). ``shield`` names the shield they block
    with and ``shield_hp`` is what it has left (C-13; 0: none, or destroyed). ``burning`` is
    the HP a fire takes at each turn's end (C-14; 0: not on fire). ``luck`` is the LUCK
    left to spend, ``weapon_modifiers`` the named modifiers standing on each weapon (a
    smartgun link, poor quality) and ``jammed`` the weapons that must be cleared first.
    ``holding`` is set while the turn's Action is held (what they wait for, maybe "").
    ``loads`` names the load of each grenade carried that is not the basic blast (C-14).
    ``must_take_cover`` is set when suppressive fire broke them, until their next Move, and
    ``cover_from`` names whose fire that Move must reach cover from (C-6, DEC-669).
    """

    ref: int = 0
    dex: int = 0
    will: int = 0
    move: int = 0
    body: int | None = None
    tech: int = 0
    skills: tuple[tuple[str, int], ...] = ()
    dodges: bool = True
    body_armor: str = ""
    head_armor: str = ""
    body_sp_max: int = 0
    head_sp_max: int = 0
    body_sp: int = 0
    head_sp: int = 0
    injuries: tuple[str, ...] = ()
    death_saves: int = 0
    stabilized: bool = False
    shield: str = ""
    shield_hp: int = 0
    burning: int = 0
    luck: int = 0
    holding: str | None = None
    weapon_modifiers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    jammed: tuple[str, ...] = ()
    action_left: bool = False
    move_left: bool = False
    moved_m: float = 0.0
    must_take_cover: bool = False
    cover_from: tuple[str, ...] = ()
    lose_next: tuple[str, ...] = ()
    carried: tuple[CarriedAmmo, ...] = ()
    items: tuple[tuple[str, int], ...] = ()
    loads: tuple[tuple[str, str], ...] = ()

    def turn_words(self) -> str:
        """What is left of the turn (CPR-REF-1), in the one wording the prompt and the state
        table's turn column share: ``Move and Action``, ``Action``, ``Move``, or ``-``."""
        left = [n for n, ok in (("Move", self.move_left), ("Action", self.action_left)) if ok]
        return " and ".join(left) or "-"

    def skill(self, name: str) -> int:
        """The level in ``name`` (0 for a skill not listed)."""
        # Asked at every shot, dodge and check (some 140 times a fight): the levels are kept by
        # the identity of the skills tuple (fighters share theirs until a GM sets a skill),
        # which is told without hashing its pairs; the entry holds the tuple, so no other can
        # take its id while it is kept. Each name asked (a handful, as the rules spell them) is
        # normalized once and kept beside the normalized ones: normalizing twice changes
        # nothing, so a name that is itself a normalized key already has that very level.
        skills = self.skills
        found = _LEVELS.get(id(skills))
        if found is None or found[0] is not skills:
            found = (skills, _levels(skills))
            if len(_LEVELS) >= _LEVELS_HELD:
                _LEVELS.clear()
            _LEVELS[id(skills)] = found
        levels = found[1]
        level = levels.get(name)
        if level is None:
            level = levels[name] = levels.get(normalize_key(name), 0)
        return level

    def rounds_carried(self, weapon: str, ammo: str) -> int:
        return sum(c.rounds for c in self.carried if c.weapon == weapon and c.ammo == ammo)

    def kinds_carried(self, weapon: str) -> tuple[str, ...]:
        return tuple(c.ammo for c in self.carried if c.weapon == weapon and c.rounds > 0)

    def count_of(self, weapon: str) -> int:
        return next((n for name, n in self.items if name == weapon), 1)

    def modifiers_on(self, weapon: str) -> tuple[str, ...]:
        # Asked at every attack: a plain loop, not a generator built for a list mostly empty.
        for name, mods in self.weapon_modifiers:
            if name == weapon:
                return mods
        return ()


#: Each skills tuple's levels (``CprFighter.skill``), by the tuple's identity; cleared when
#: full. Private: only ``skill`` writes to a dict kept here, adding the names asked for.
_LEVELS: dict[int, tuple[tuple[tuple[str, int], ...], dict[str, int]]] = {}
_LEVELS_HELD = 256


def _levels(skills: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """Each listed skill's level by normalized name, the first listing of a name winning."""
    levels: dict[str, int] = {}
    for name, level in skills:
        levels.setdefault(normalize_key(name), level)
    return levels


def fighter(c: CombatantState) -> CprFighter:
    """The cpr figures of ``c`` (all zero for a combatant set up by another ruleset)."""
    return c.stats if isinstance(c.stats, CprFighter) else CprFighter()


def health(c: CombatantState) -> Health:
    """HP now and at most (C-9)."""
    return _health_of(c)[0]


def wound_of(c: CombatantState) -> WoundState:
    """The wound state HP put ``c`` in (C-9)."""
    return _health_of(c)[1]


def _health_of(c: CombatantState) -> tuple[Health, WoundState]:
    # Read for every shooter, target and death save: the frozen value and its state for the
    # two whole numbers of the damage track, kept in a plain dict by them (a bounded cache,
    # cleared when full; a refusal, HP above the maximum, is never kept).
    key = (c.hits_max, c.hits_taken)
    found = _HEALTHS.get(key)
    if found is None:
        made = Health(hp=c.hits_left, max_hp=max(1, c.hits_max))
        found = (made, made.state)
        if len(_HEALTHS) >= _HEALTHS_HELD:
            _HEALTHS.clear()
        _HEALTHS[key] = found
    return found


_HEALTHS: dict[tuple[int, int], tuple[Health, WoundState]] = {}
_HEALTHS_HELD = 1024


def spot_of(c: CombatantState) -> Spot:
    """Where ``c`` stands, in metres (C-2): the scene keeps feet, cpr reads metres."""
    return spot_at(c.position)


def spot_at(p: Point) -> Spot:
    """The place ``p`` in metres (C-2)."""
    found = _SPOTS.get(id(p))
    if found is not None and found[0] is p:
        return found[1]
    spot = Spot(x_m=metres_from_feet(p.x_ft), y_m=metres_from_feet(p.y_ft))
    if len(_SPOTS) >= _SPOTS_HELD:
        _SPOTS.clear()
    _SPOTS[id(p)] = (p, spot)
    return spot


#: Spots worked out, by the identity of the frozen place each was worked out for: every shot
#: reads its target's spot, and a combatant keeps the same place until they move. The entry
#: holds the place itself, so no other value can take its id while it is cached; cleared when
#: full, and kept small (the scene's own combatants and the points aimed at are all it needs).
_SPOTS: dict[int, tuple[Point, Spot]] = {}
_SPOTS_HELD = 64


def armor_penalty(c: CombatantState, data: CprData) -> Modifier | None:
    """The worn armor's penalty on REF, DEX and MOVE: the worst piece's, not the sum
    (CPR-REF-1; armor named from the catalog only, bare SP carries none)."""
    own = fighter(c)
    worn = (own.body_armor, own.head_armor)
    # Asked of every dodge, attack and MOVE: worked out once per pair of armor names and kept
    # with the catalog it reads (a refusal, armor not in the catalog, is never kept).
    return settled(data, "worn armor penalty", worn, _worn_penalty, data, *worn)


def _worn_penalty(data: CprData, body: str, head: str) -> Modifier | None:
    chosen = data.modifiers.resolve(f"armor:{n}" for n in (body, head) if n and not n.isdigit())
    if not chosen.penalty:
        return None
    return Modifier(value=chosen.penalty, label=chosen.penalty_label, rule="CPR-REF-1")


def move_allowance(c: CombatantState, data: CprData) -> tuple[int, list[Modifier]]:
    """MOVE after the wound state (C-9) and injuries (C-4), never below the floor
    (CPR-REF-1), with what changed it."""
    own = fighter(c)
    figures = data.figures
    parts = [Modifier(value=own.move, label=f"{c.name}'s MOVE", rule="CPR-REF-1")]
    wound = figures.wounds[wound_of(c).value]
    if wound.move_penalty:
        parts.append(Modifier(value=wound.move_penalty, label=f"{wound.name}", rule="C-9"))
    penalty = armor_penalty(c, data)
    if penalty is not None:
        parts.append(penalty)
    for key in own.injuries:
        injury = data.injuries.injury(key)
        if injury.move:
            parts.append(Modifier(value=injury.move, label=injury.label, rule="C-4"))
    total = sum(p.value for p in parts)
    floor = data.turns.min_move
    if total < floor:
        parts.append(Modifier(value=floor - total, label=f"MOVE never below {floor}", rule="C-4"))
    return max(floor, total), parts
