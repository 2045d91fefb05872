"""Building the cpr resolvers' declarations from an encounter's state.

The resolvers take figures as they stand; this module reads them off the state: REF, DEX and
skills, the shooter's wound state and injuries (C-9, C-4), the rounds in the magazine and
their kind (CPR-AMMO-1), the distance in metres (C-2), and each target's SP left, HP and
injuries. It also decides each target's dodge before anything is rolled (CPR-DOD-1): a REF 8+
target who can see the attack may dodge unless the scenario says they do not (they take it
where it is likely to beat the DV, DEC-867, decided where the DV is read), and whether the
rules allow it is asked of the resolvers' own check, so the rule lives in one place.

Refusals here are the encounter's checks on the state (who is down, what is carried, what the
turn has left); every rule of the attack itself is the resolver's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from firefight.errors import RuleRefusal
from firefight.geometry import Body, Point, distance_ft
from firefight.rulesets.cpr.checks import check_dodge
from firefight.rulesets.cpr.combatants import Dodge, Target
from firefight.rulesets.cpr.cover import Cover
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.fighter import (
    armor_penalty,
    fighter,
    health,
    move_allowance,
    spot_of,
    wound_of,
)
from firefight.rulesets.cpr.ranges import to_the_centimetre
from firefight.rulesets.cpr.wounds import WoundState
from firefight.scene.actions import ACTION_RULE
from firefight.scene.cover import between, covering
from firefight.scene.spots import spot_taken
from firefight.scene.state import (
    DOWN_RULE,
    Barrier,
    CombatantState,
    EncounterState,
    Surprise,
    WeaponState,
)
from firefight.tables.settled import settled
from firefight.trace import TraceBuilder
from firefight.units import metres_from_feet

__all__ = [
    "COVER_CONDITION",
    "TURN_RULE",
    "FiringFields",
    "Shooter",
    "able",
    "barrier_cover",
    "check_move",
    "cover_of",
    "dodge_of",
    "firing_fields",
    "in_cover",
    "magazine_of",
    "needs_action",
    "not_dead",
    "ready_weapon",
    "resist_skills",
    "shelters",
    "shooter_of",
    "target_of",
]

#: A turn is one Move Action and one Action: the public core rules (CPR-REF-1).
TURN_RULE = "CPR-REF-1"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shooter:
    """The acting combatant's side of a declaration."""

    name: str
    ref: int
    dex: int
    wound: WoundState
    injuries: tuple[str, ...]


def able(c: CombatantState) -> None:
    """Refuse an actor who is dead or unconscious."""
    if c.dead:
        raise RuleRefusal(DOWN_RULE, f"{c.name} is dead and takes no more actions.")
    if c.unconscious:
        raise RuleRefusal(DOWN_RULE, f"{c.name} is unconscious and cannot act.")


def needs_action(c: CombatantState) -> None:
    """Refuse when this turn's Action is spent (CPR-REF-1)."""
    if not fighter(c).action_left:
        raise RuleRefusal(
            TURN_RULE,
            f"{c.name} has already spent this turn's Action (a turn is one Move and one "
            "Action); wait for the next turn.",
        )


def not_dead(target: CombatantState, actor: CombatantState) -> None:
    if target.name == actor.name:
        raise RuleRefusal(ACTION_RULE, f"{actor.name} cannot attack themselves.")
    if target.dead:
        raise RuleRefusal(DOWN_RULE, f"{target.name} is already dead.")


def ready_weapon(c: CombatantState, name: str | None) -> WeaponState:
    """The weapon called ``name`` (or the one in hand); a refusal naming what is carried."""
    return c.weapon_carried(name, ACTION_RULE)


def magazine_of(weapon: WeaponState) -> tuple[str, int | None]:
    """The kind of round loaded and how many (CPR-AMMO-1); a weapon the scene gives no
    magazine fires basic rounds and the resolvers count it full (None)."""
    mag = weapon.loaded
    if mag is None:
        return "basic", None
    return mag.ammo, mag.rounds


def shooter_of(c: CombatantState) -> Shooter:
    own = fighter(c)
    return Shooter(name=c.name, ref=own.ref, dex=own.dex, wound=wound_of(c), injuries=own.injuries)


class FiringFields(TypedDict):
    """What every declaration of firing a weapon reads off the state alike: the weapon, the
    shooter with their REF, the skill it is fired with, their wound and injuries (C-9, C-4),
    and the magazine loaded (CPR-AMMO-1)."""

    weapon: str
    shooter: str
    ref: int
    skill: int
    ammo: str
    loaded: int | None
    wound: WoundState
    injuries: tuple[str, ...]


def firing_fields(c: CombatantState, weapon: WeaponState, skill: str) -> FiringFields:
    """``c`` firing ``weapon`` with the skill named ``skill``, for a declaration to take."""
    ammo, loaded = magazine_of(weapon)
    own = fighter(c)
    return FiringFields(
        weapon=weapon.kind,
        shooter=c.name,
        ref=own.ref,
        skill=own.skill(skill),
        ammo=ammo,
        loaded=loaded,
        wound=wound_of(c),
        injuries=own.injuries,
    )


def dodge_of(
    state: EncounterState,
    c: CombatantState,
    *,
    unseen: bool,
    tb: TraceBuilder,
    data: CprData,
) -> Dodge | None:
    """The dodge ``c`` declares against this attack, decided before anyone rolls (CPR-DOD-1).

    A REF 8+ target may dodge every attack they can see (taking it where it is likely to beat
    the DV, :func:`~.checks.dodges_against`), unless the scenario set ``dodges =
    false``. They cannot see it when the GM says so (``--unseen``) or, in the first turn, when
    they were caught by surprise. The resolvers' own check says whether the dodge is allowed
    (REF, unconscious, a lost leg...); a refusal there means no dodge, and the trace says why.
    """
    own = fighter(c)
    # The armor's penalty weighs on REF, and so on the REF 8 gate, and on DEX (CPR-REF-1).
    penalty = armor_penalty(c, data)
    cut = penalty.value if penalty is not None else 0
    if own.ref >= data.figures.dodge_min_ref > own.ref + cut:
        tb.step(
            f"{c.name}'s REF {own.ref} is {own.ref + cut} in the {penalty.label if penalty else ''}"
            f": below {data.figures.dodge_min_ref}, no dodge.",
            "CPR-DOD-1",
        )
        return None
    if own.ref + cut < data.figures.dodge_min_ref:
        return None
    if not own.dodges:
        tb.step(f"{c.name} does not dodge (the scenario says so): the DV applies.", "CPR-DOD-1")
        return None
    surprised = state.round == 1 and c.surprise is not Surprise.NONE
    dodge = Dodge(
        ref=own.ref + cut,
        dex=own.dex + cut,
        evasion=own.skill(data.turns.evasion_skill),
        if_better=True,
    )
    if cut:
        tb.step(
            f"{c.name}'s {penalty.label if penalty else ''}: DEX {own.dex} -> {own.dex + cut}.",
            "CPR-REF-1",
        )
    try:
        check_dodge(
            c.name,
            dodge,
            data,
            conscious=not c.unconscious,
            shield=own.shield_hp > 0,
            sees_attack=not (unseen or surprised),
            injuries=own.injuries,
        )
    except RuleRefusal as why:
        cause = f" ({c.name} was caught {c.surprise.value})" if surprised and not unseen else ""
        tb.step(f"No dodge{cause}: {why.reason}", "CPR-DOD-1")
        return None
    return dodge


def in_cover(
    state: EncounterState, shooter: CombatantState, c: CombatantState, data: CprData
) -> bool:
    """Whether a barrier covers ``c`` against ``shooter`` (docs/cpr.md: a barrier drawn in a
    cpr scene is cover, whatever its height) and :func:`shelters` them."""
    return any(
        shelters(state, barrier, data) for barrier in covering(state, shooter.position, c.position)
    )


def shelters(state: EncounterState, barrier: Barrier, data: CprData) -> bool:
    """Whether ``barrier`` is cover to stand behind (C-6): any barrier is, unless its cover
    kind has no HP left: destroyed, it stops nothing more (C-13, DEC-645)."""
    return not barrier.cover or barrier_cover(state, barrier, data).hp > 0


#: The condition id under which a barrier's HP left is kept once it has been hit (C-13).
COVER_CONDITION = "cpr-cover"


def barrier_cover(state: EncounterState, barrier: Barrier, data: CprData) -> Cover:
    """A barrier as cover with HP: its kind's HP, or what the last hit left (C-13)."""
    if not barrier.cover:
        raise RuleRefusal(
            "C-13",
            f"The {barrier.name} has no cover kind, so cpr cannot tell how much it stops: give "
            'the barrier `cover = "concrete thick"` (material and thin or thick).',
        )
    kept = state.condition(f"{COVER_CONDITION}:{barrier.name}")
    hp = kept.get("hp") if kept is not None else None
    return Cover(
        name=barrier.name,
        hp=int(hp) if isinstance(hp, int) else data.cover.hp_of(barrier.cover),
    )


def cover_of(
    state: EncounterState, c: CombatantState, origin: Point, data: CprData, *, blast: bool = False
) -> Cover | None:
    """The cover with HP left that an attack from ``origin`` meets in front of ``c`` (C-13):
    the barrier covering them (:func:`covering`) nearest to them, else the shield they block
    with. A ``blast`` at ``origin`` meets any barrier in between, on whichever half of the way
    (DEC-146, kept by DEC-630)."""
    if state.barriers:  # most scenes have none: no line to work out
        barriers = between if blast else covering
        for barrier in barriers(state, origin, c.position):
            cover = barrier_cover(state, barrier, data)
            if cover.hp > 0:
                return cover
    own = fighter(c)
    if own.shield_hp > 0:
        return Cover(name=f"{c.name}'s {own.shield}", hp=own.shield_hp, holder=c.name)
    return None


def resist_skills(data: CprData) -> tuple[str, ...]:
    """The skills loads are resisted with (C-14); read for every target, so worked out once
    and kept with the catalog."""
    return settled(data, "resist skills", None, _resist_skills, data)


def _resist_skills(data: CprData) -> tuple[str, ...]:
    return tuple(sorted({a.resist.skill for a in data.ammo.values() if a.resist is not None}))


def target_of(
    state: EncounterState,
    c: CombatantState,
    data: CprData,
    *,
    dodge: Dodge | None = None,
    shooter: CombatantState | None = None,
    origin: Point | None = None,
    blast: bool = False,
) -> Target:
    """``c`` as the resolvers see a target: SP left, HP, injuries, place, nerve, and the cover
    an attack from ``origin`` meets (C-13; :func:`cover_of`, a ``blast`` there)."""
    own = fighter(c)
    resisting = [own.skill(r) for r in resist_skills(data)]
    return Target(
        name=c.name,
        body_sp=own.body_sp,
        head_sp=own.head_sp,
        health=health(c),
        injuries=own.injuries,
        dodge=dodge,
        conscious=not c.unconscious,
        position=spot_of(c),
        in_cover=in_cover(state, shooter, c, data) if shooter is not None else False,
        will=own.will,
        concentration=own.skill(data.figures.suppression_resist_skill),
        resist=max(resisting) if resisting else 0,
        shield=own.shield_hp > 0,
        cover=cover_of(state, c, origin, data, blast=blast) if origin is not None else None,
    )


def check_move(
    state: EncounterState,
    c: CombatantState,
    to: Point,
    data: CprData,
    tb: TraceBuilder | None = None,
) -> float:
    """The distance in metres of a move to ``to``, refused when it is no move, too far for one
    Move Action (MOVE x 2 m, CPR-REF-1), or onto someone (RULINGS S-1)."""
    metres = to_the_centimetre(metres_from_feet(distance_ft(c.position, to)))
    if metres <= 0:
        raise RuleRefusal(ACTION_RULE, f"{c.name} is already there.")
    move, parts = move_allowance(c, data)
    reach = move * data.turns.metres_per_move
    if tb is not None:
        tb.total(f"{c.name}'s MOVE", parts)
    if metres > reach:
        raise RuleRefusal(
            TURN_RULE,
            f"{c.name} can move {reach} m in one Move (MOVE {move} x "
            f"{data.turns.metres_per_move} m); {metres:g} m is too far.",
        )
    there = spot_taken(state, c, Body(center=to, posture=c.posture, size=c.size))
    if there is not None:
        raise RuleRefusal("S-1", f"{there} already takes up that spot.")
    return metres
