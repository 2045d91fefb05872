"""What the encounter state says about the people and the ground around an rmu action.

The aimed shot (:mod:`.encounter`) and the firearm actions (:mod:`.encounter_fire`) read the
scene the same way, here: the armor and defense each person brings, what a shooter carries
into a roll (R-2, R-3, RMU-GEN-7, RMU-BP-3), the conditions a shot reads off its target (R-1),
the barrier on the line of fire and the share of it a dash this round has earned (RMU-COV-1..5,
P-1, RMU-MOV-2) -- and the same barrier between two fighters against a blow (RMU-COV-7,
DEC-666, DEC-667) --, where someone can get behind a barrier and whom from, and what moving
costs (R-6).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TypedDict

from firefight.errors import RuleRefusal
from firefight.geometry import (
    Body,
    CoverGrade,
    Point,
    Posture,
    Size,
    body_in_cone,
    cover_grade,
    crossing_share,
    distance_ft,
    grade_behind_barrier,
    hidden_fraction,
    sweep_cone,
)
from firefight.rulesets.rmu import rmu_data
from firefight.rulesets.rmu.afflictions import sight_modifiers
from firefight.rulesets.rmu.bodies import Ally, BodyScreen, Bystander, screen_bodies
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.clouds import smoke_cover
from firefight.rulesets.rmu.cover import Cover, CoverMaterial, price_cover, price_melee_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.kindred_criticals import reads_torpor, severity_steps
from firefight.rulesets.rmu.kindred_rules import KindredRules, kindred_rules
from firefight.rulesets.rmu.melee.holds import held_fast
from firefight.rulesets.rmu.vitals import (
    RmuStats,
    figures,
    penalty_modifiers,
    rmu_stats,
    vitals,
)
from firefight.scene.cover import standing_height_ft
from firefight.scene.spots import cover_spot, spot_taken
from firefight.scene.state import (
    Barrier,
    CombatantState,
    EncounterState,
    Surprise,
    WeaponState,
)
from firefight.tables.settled import settled_while
from firefight.trace import Modifier, Trace, TraceBuilder

__all__ = [
    "WornArmor",
    "barrier_cover",
    "body_screen",
    "can_defend",
    "check_can_move",
    "cover_share_now",
    "defender",
    "fire_target",
    "line_of_fire",
    "melee_cover",
    "move_cost",
    "nearest_ally",
    "reachable_cover",
    "shooter_modifiers",
    "situational_conditions",
    "threat_to",
    "under_sweep",
    "worn_armor",
    "worn_figures",
]

# --- people -------------------------------------------------------------------------------------


class WornArmor(TypedDict):
    """The armor fields of an aimed shot, a person in a burst or sweep, and a bystander."""

    armor: str
    naked_column: str
    armor_damage: int
    armor_quality: int
    armor_broken: bool


def worn_armor(c: CombatantState) -> WornArmor:
    """The armor ``c`` wears and what it has taken; their naked column when they wear none."""
    armor, naked, damage, quality, broken = worn_figures(c)
    return WornArmor(
        armor=armor,
        naked_column=naked,
        armor_damage=damage,
        armor_quality=quality,
        armor_broken=broken,
    )


def worn_figures(
    c: CombatantState, stats: RmuStats | None = None
) -> tuple[str, str, int, int, bool]:
    """:func:`worn_armor`'s fields in their order, as plain values; ``stats``: ``c``'s figures,
    when the caller has them already (a shot reads its target's several times)."""
    if stats is None:
        stats = rmu_stats(c)
    armor, naked = stats.armor, stats.naked_at
    if armor is None:
        return naked, naked, 0, 0, False
    return armor.kind, naked, armor.damage, armor.quality, armor.broken


def can_defend(state: EncounterState, c: CombatantState) -> bool:
    """Whether ``c`` brings any defense (P-9): none while unconscious, dying, in torpor or
    staked (V-2, V-3), nor while held fast (DEC-343), whether a blade, a shot or a blast comes."""
    return c.can_act() and not held_fast(state, c.name)


def defender(state: EncounterState, c: CombatantState, stats: RmuStats | None = None) -> Defender:
    """The defenses ``c`` brings against a shot (Quickness DB, Dodge, celerity); none while
    unable to defend (:func:`can_defend`, P-9). A Kindred's criticals read lower by the scene's
    V-1 setting, and what they leave them in as its V-2 reads it. ``stats``: ``c``'s figures,
    when the caller has them already."""
    return _defender(*_defenses(state, c, kindred_rules(state), stats))


def _defenses(
    state: EncounterState, c: CombatantState, rules: KindredRules, stats: RmuStats | None = None
) -> tuple[int, int, int, bool, bool, int, bool]:
    """:func:`defender`'s figures in the order of its fields, as plain values."""
    if stats is None:
        stats = rmu_stats(c)
    sheet = stats.kindred
    return (
        stats.quickness_db,
        stats.dodge,
        # A Kindred's Celerity counts once roused (V-4); anyone else's as given.
        sheet.celerity_in_play if sheet else stats.celerity,
        stats.armor_trained,
        can_defend(state, c),  # P-9
        severity_steps(stats, rules),
        reads_torpor(stats, rules),
    )


# A shot reads everyone's defenses afresh, and a fight's people bring the same few again and
# again: one frozen Defender for each set of figures (plain values, typed, so the key is exact) is
# cheaper than a new one, and lets a shot compare with the one settled before it without going
# through its fields (:func:`~.shot.settled_aimed_shot`). Bounded.
@lru_cache(maxsize=1024, typed=True)
def _defender(
    quickness_db: int,
    dodge_db: int,
    celerity: int,
    armor_trained: bool,
    conscious: bool,
    severity_steps: int,
    kindred: bool,
) -> Defender:
    return Defender(
        quickness_db=quickness_db,
        dodge_db=dodge_db,
        celerity=celerity,
        armor_trained=armor_trained,
        conscious=conscious,
        severity_steps=severity_steps,
        kindred=kindred,
    )


#: The plain figures :func:`_person` reads: the name, :func:`worn_figures`, :func:`_defenses`.
_Person = tuple[str, str, str, int, int, bool, int, int, int, bool, bool, int, bool]


def _person(state: EncounterState, c: CombatantState, rules: KindredRules) -> _Person:
    """The plain figures a bystander is made of, in :func:`_bystander`'s order."""
    stats = rmu_stats(c)  # read once for both
    return (c.name, *worn_figures(c, stats), *_defenses(state, c, rules, stats))


def _bystander(
    name: str,
    armor: str,
    naked_column: str,
    armor_damage: int,
    armor_quality: int,
    armor_broken: bool,
    *defenses: int | bool,
) -> Bystander:
    return Bystander(
        name=name,
        armor=armor,
        naked_column=naked_column,
        armor_damage=armor_damage,
        armor_quality=armor_quality,
        armor_broken=armor_broken,
        defender=_defender(*defenses),
    )


def nearest_ally(state: EncounterState, c: CombatantState) -> Ally | None:
    """Whom a fumble's 66 sends a round toward: the nearest living combatant on ``c``'s side
    (DEC-105); nobody when ``c`` has no side or stands alone on it."""
    if not c.side:
        return None
    near, gap = None, 0.0
    for o in state.combatants:
        if o.side == c.side and o.name != c.name and not o.dead:
            away = distance_ft(o.position, c.position)
            if near is None or away < gap:  # the first of the nearest, as listed
                near, gap = o, away
    if near is None:
        return None
    return Ally(
        who=_bystander(*_person(state, near, kindred_rules(state))), distance_ft=round(gap, 2)
    )


def shooter_modifiers(
    c: CombatantState, weapon: WeaponState | None, stats: RmuStats | None = None
) -> list[Modifier]:
    """What the shooter carries into a roll: the weapon's bonus, every penalty (R-2, R-3,
    RMU-GEN-7, CS gas RMU-EXP-16), blindness (RMU-EXP-17), a critical's bonus still owed this
    round (RMU-BP-3). ``stats``: ``c``'s figures, when the caller has them already."""
    if stats is None:
        stats = rmu_stats(c)
    extra: list[Modifier] = []
    if weapon is not None and weapon.bonus:
        extra.append(Modifier(value=weapon.bonus, label=f"{weapon.name} bonus"))
    extra.extend(penalty_modifiers(c, stats))
    # Aiming, placing a throw and a dash's maneuver all need sight (RMU-EXP-17, DEC-383).
    extra.extend(sight_modifiers(stats.afflictions, explosive_data().flash_bang.blind_penalty))
    bonus = stats.vitals.next_action_bonus
    if bonus:
        extra.append(
            Modifier(
                value=bonus,
                label="bonus from a critical earlier this round",
                rule="RMU-BP-3",
            )
        )
    return extra


def situational_conditions(
    state: EncounterState, c: CombatantState, stats: RmuStats | None = None
) -> tuple[tuple[str, str], ...]:
    """The R-1 conditions the state shows on a person under fire, each with why it holds;
    ``stats``: ``c``'s figures, when the caller has them already."""
    found = []
    if c.posture is Posture.PRONE:
        found.append(("prone-target", f"{c.name} is prone."))
    if (vitals(c) if stats is None else stats.vitals).stun_penalty:
        found.append(("stunned-foe", f"{c.name} is stunned."))
    if state.round == 1 and c.surprise is not Surprise.NONE:
        found.append(("surprised-foe", f"{c.name} was caught {c.surprise.value} this round."))
    return tuple(found)


def fire_target(
    state: EncounterState, shooter: CombatantState, name: str, *, verb: str = "fire"
) -> CombatantState:
    """The person ``shooter`` aims at; nobody aims at themselves (R-6) or at the dead (R-2)."""
    target = state.combatant(name)
    if target.name == shooter.name:
        raise RuleRefusal("R-6", f"{shooter.name} cannot {verb} at themselves.")
    if target.dead:
        raise RuleRefusal("R-2", f"{target.name} is already dead.")
    return target


# --- cover on the line of fire ----------------------------------------------------------------


def barrier_cover(
    state: EncounterState,
    shooter: CombatantState,
    target: CombatantState,
    weapon_kind: str | None,
    tb: TraceBuilder,
    data: RmuData | None = None,
) -> Cover | None:
    """The best cover a barrier gives ``target`` against this shot (RMU-COV-1..5, P-1), or the
    smoke on the line of fire (RMU-EXP-15) when it hides more. ``weapon_kind`` None is a
    missile with no gun behind it (a crossbow's bolt); ``data`` the rmu data a caller holds
    already (else looked up)."""
    return _scene_cover(state, shooter, target, weapon_kind, tb, data, melee=False)[0]


def line_of_fire(
    state: EncounterState,
    shooter: CombatantState,
    target: CombatantState,
    weapon_kind: str | None,
    tb: TraceBuilder,
    data: RmuData,
) -> tuple[Cover | None, float]:
    """:func:`barrier_cover`, and the shot's distance in feet to the hundredth: both read off
    the two places, so an aimed shot finds its distance where its cover is kept (rounding a
    distance costs some 3 K instructions, every shot)."""
    return _scene_cover(state, shooter, target, weapon_kind, tb, data, melee=False)


def melee_cover(
    state: EncounterState,
    attacker: CombatantState,
    target: CombatantState,
    tb: TraceBuilder,
) -> tuple[Cover | None, int]:
    """The cover ``target`` has against ``attacker``'s blow, read off the scene as a shot's is
    and priced by RMU-COV-7 (DEC-666), with the share of it a dash this round has earned
    (RMU-MOV-2); refuses a blow over a wall the attacker cannot reach over (DEC-667)."""
    cover = _scene_cover(state, attacker, target, None, tb, None, melee=True)[0]
    return cover, cover_share_now(state, target, tb) if cover is not None else 100


def _scene_cover(
    state: EncounterState,
    shooter: CombatantState,
    target: CombatantState,
    weapon_kind: str | None,
    tb: TraceBuilder,
    data: RmuData | None,
    *,
    melee: bool,
) -> tuple[Cover | None, float]:
    """:func:`line_of_fire`, or with ``melee`` :func:`melee_cover`'s cover (and the
    distance)."""
    if data is None:
        data = rmu_data()
    origin, barriers = shooter.position, state.barriers
    # The same people's lines of fire come back shot after shot: what the barriers give is
    # kept for each, and worked out again only when someone moved (or stood up).
    best, wall, told, distance = settled_while(
        data,
        "barrier cover",
        (shooter.name, target.name, weapon_kind, melee),
        (origin, target.position, target.posture, target.size, barriers),
        _behind_barriers,
        shooter.name,
        origin,
        target,
        barriers,
        weapon_kind,
        data,
        melee,
    )
    tb.extend(told)
    if wall is not None and wall.height_ft >= standing_height_ft(shooter):
        # DEC-667: a blow goes over a barrier, never through it.
        raise RuleRefusal(
            "DEC-667",
            f"The {wall.name} ({wall.height_ft:g} ft, {wall.material}) stands between "
            f"{shooter.name} and {target.name}, as tall as {shooter.name} standing: "
            f"{shooter.name} cannot reach over it.",
        )
    # Smoke on the line is soft cover too (RMU-EXP-15); the better of it and a barrier counts.
    # Smoke is a cloud, one of the scene's conditions: none to look for in a scene without any.
    smoke = smoke_cover(state, origin, target, tb) if state.conditions else None
    if smoke is not None:
        bonus = _rank(smoke, weapon_kind, data, melee=melee)
        if best is None or bonus > best[0]:
            if best is not None:
                tb.step(f"The smoke hides {target.name} better than the barrier.", "RMU-EXP-15")
            best = (bonus, smoke)
    return best[1] if best else None, distance


def _rank(cover: Cover, weapon_kind: str | None, data: RmuData, *, melee: bool) -> int:
    """What ``cover`` is worth against the attack, to choose the best: its melee DB
    (RMU-COV-7), or its ranged price with the impassable first (RMU-COV-2..4)."""
    if melee:
        return price_melee_cover(cover, data.cover)
    weapon = data.weapon(weapon_kind) if weapon_kind is not None else None
    price = price_cover(cover, weapon, data.cover)
    return 10**6 if price.impassable else price.bonus


def _behind_barriers(
    shooter: str,
    origin: Point,
    person: CombatantState,
    barriers: tuple[Barrier, ...],
    weapon_kind: str | None,
    data: RmuData,
    melee: bool,
) -> tuple[tuple[int, Cover] | None, Barrier | None, Trace, float]:
    """The best cover a barrier gives ``target`` against an attack from ``origin``, ranked by
    :func:`_rank`, and for a blow the tallest barrier between them a blow cannot go through
    (any but soft, DEC-667), with the steps that tell it, and the distance from ``origin`` in
    feet to the hundredth (:func:`line_of_fire`). Geometry and catalog rows alone, so
    worked out once for people who have not moved
    (:func:`~firefight.tables.settled.settled_while`): a fight's shots repeat the same lines of
    fire. ``person`` is the target, whose body is built only when the work is done."""
    target = person.body
    tb = TraceBuilder()
    best: tuple[int, Cover] | None = None
    wall: Barrier | None = None
    for barrier in barriers:
        share = crossing_share(origin, target.center, barrier.start, barrier.end)
        if share is None:
            continue
        if melee:
            if barrier.material != CoverMaterial.SOFT.value and (
                wall is None or barrier.height_ft > wall.height_ft
            ):
                wall = barrier
            if share < 0.5:
                # DEC-666: the blow crosses the barrier wherever it stands between the two.
                tb.step(
                    f"The barrier {barrier.name!r} stands nearer {shooter}, but at melee reach "
                    f"the blow goes over it all the same: it covers {target.name}.",
                    "DEC-666",
                )
        elif share <= 0.5:
            tb.step(
                f"The barrier {barrier.name!r} crosses the line of fire nearer {shooter}: "
                f"it covers the shooter's side, not {target.name}.",
                "RMU-COV-5",
            )
            continue
        hidden = hidden_fraction(target.height_ft, barrier.height_ft)
        grade = cover_grade(hidden)  # what grade_behind_barrier gives, the share read once
        tb.step(
            f"{target.name} ({target.posture.value}) is behind the barrier {barrier.name!r} "
            f"({barrier.height_ft:g} ft, {barrier.material}): {hidden:.0%} hidden, "
            f"{grade.value} cover.",
            "P-1",
        )
        if grade is CoverGrade.NONE:
            continue
        cover = Cover(grade=grade, material=CoverMaterial(barrier.material))
        rank = _rank(cover, weapon_kind, data, melee=melee)
        if best is None or rank > best[0]:
            best = (rank, cover)
    return best, wall, tb.build(), round(distance_ft(origin, target.center), 2)


def body_screen(
    state: EncounterState,
    shooter: CombatantState,
    target: CombatantState,
    rules: KindredRules,
    data: RmuData,
) -> BodyScreen | None:
    """The people standing between ``shooter`` and ``target`` and the cover they give
    (RMU-COV-5, S-3, P-1, P-2), each with what a stray round would meet (RMU-COV-6); None when
    nobody in front hides enough of the target to count."""
    placed = tuple([(c.name, c.position, c.posture, c.size) for c in state.combatants])
    in_front, grade = settled_while(
        data,
        "bodies in front",
        (shooter.name, target.name),
        placed,
        _in_front,
        shooter.name,
        target.name,
        placed,
    )
    if grade is CoverGrade.NONE:
        return None
    everyone = state.combatants
    people = [everyone[at] for at in in_front]
    dead = tuple([c.name for c in people if c.dead])
    return _screen(grade, dead, *[_person(state, c, rules) for c in people])


# Each shot reads the people in front afresh: one frozen BodyScreen for each set of figures, as
# for :func:`_defender` (all plain values, so the key hashes without going through a frozen
# value's fields), and a shot compares with one read before by identity.
@lru_cache(maxsize=1024, typed=True)
def _screen(grade: CoverGrade, dead: tuple[str, ...], *shielders: _Person) -> BodyScreen:
    return BodyScreen(
        grade=grade, shielders=tuple([_bystander(*who) for who in shielders]), dead=dead
    )


def _in_front(
    shooter: str, target: str, placed: tuple[tuple[str, Point, Posture, Size], ...]
) -> tuple[tuple[int, ...], CoverGrade]:
    """Who stands in front of ``target`` (by their place in ``placed``, the scene's order) and
    the grade they give, from where everyone stands (:func:`~.bodies.screen_bodies`): geometry
    alone, so worked out once for people who have not moved
    (:func:`~firefight.tables.settled.settled_while`)."""
    bodies = {
        name: Body(center=at, posture=posture, size=size, name=name)
        for name, at, posture, size in placed
    }
    others = [body for name, body in bodies.items() if name not in (shooter, target)]
    screen = screen_bodies(bodies[shooter], bodies[target], others)
    at = {name: i for i, (name, *_) in enumerate(placed)}
    return tuple([at[s.name] for s in screen.shielders]), screen.grade


def cover_share_now(
    state: EncounterState,
    target: CombatantState,
    tb: TraceBuilder,
    stats: RmuStats | None = None,
) -> int:
    """The share of their barrier ``target`` counts this round after a dash (RMU-MOV-2);
    ``stats``: the target's figures, when the caller has them already."""
    taken = (rmu_stats(target) if stats is None else stats).fire.cover_in(state.round)
    if taken is None:
        return 100
    if taken.share_percent < 100:
        tb.step(
            f"{target.name} dashed for the {taken.barrier} this round and reached "
            f"{taken.share_percent}% of its protection; all of it counts from next round.",
            "RMU-MOV-2",
        )
    return taken.share_percent


# --- moving and getting behind cover ------------------------------------------------------------


def check_can_move(c: CombatantState) -> None:
    """Refuse moving from prone: crawling is not modelled (R-6)."""
    if c.posture is Posture.PRONE:
        raise RuleRefusal(
            "R-6", f"{c.name} is prone: crawling is not modelled yet; stand up first (2 AP)."
        )


def move_cost(c: CombatantState, moved_ft: float) -> int:
    """AP for moving ``moved_ft``: per BMR or part of one (R-6)."""
    bmr = rmu_stats(c).bmr_ft
    return max(1, math.ceil(moved_ft / bmr - 1e-9)) * figures().move_per_bmr_ap


def reachable_cover(
    state: EncounterState, shooter: CombatantState, c: CombatantState
) -> tuple[Barrier, Point, Cover] | None:
    """The nearest barrier ``c`` could get behind, against ``shooter``, with one AP of
    movement (R-6: a BMR); None when there is none."""
    reach = rmu_stats(c).bmr_ft
    best: tuple[float, Barrier, Point, Cover] | None = None
    for barrier in state.barriers:
        spot = cover_spot(c, barrier, shooter.position)
        away = distance_ft(c.position, spot)
        if away > reach:
            continue
        share = crossing_share(shooter.position, spot, barrier.start, barrier.end)
        if share is None or share <= 0.5:
            continue
        body = Body(center=spot, posture=c.posture, size=c.size)
        grade = grade_behind_barrier(shooter.position, body, barrier.height_ft)
        if grade is CoverGrade.NONE or spot_taken(state, c, body) is not None:
            continue
        cover = Cover(grade=grade, material=CoverMaterial(barrier.material))
        if best is None or away < best[0]:
            best = (away, barrier, spot, cover)
    return best[1:] if best else None


# --- who fires on whom ----------------------------------------------------------------------------


def under_sweep(state: EncounterState, c: CombatantState) -> str | None:
    """Who has a sweep up this round over the ground ``c`` stands on (RMU-MOV-1), if anyone."""
    for other in state.combatants:
        if other.name == c.name:
            continue
        for ground in rmu_stats(other).fire.grounds_in(state.round):
            cone = sweep_cone(
                ground.muzzle, ground.bearing_deg, ground.distance_ft, ground.width_ft
            )
            if body_in_cone(c.body, cone):
                return other.name
    return None


def threat_to(state: EncounterState, c: CombatantState) -> CombatantState | None:
    """Whom ``c`` takes cover from: the last gun to fire at them this round, else the nearest
    armed person able to act on another side (anyone armed when sides are not given)."""
    fired = rmu_stats(c).fire.guns_on_in(state.round)
    if fired:
        found = state.find(fired[-1][0])
        if found is not None:
            return found
    armed = [
        o
        for o in state.combatants
        if o.name != c.name
        and o.can_act()
        and o.weapons
        and not o.bystander
        and (not c.side or not o.side or o.side != c.side)
    ]
    if not armed:
        return None
    return min(armed, key=lambda o: distance_ft(o.position, c.position))
