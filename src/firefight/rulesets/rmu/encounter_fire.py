"""The rmu firearm actions in encounters: declarations built from the state, their refusals,
and their events folded back into it (docs/rmu.md, "What the encounter tracks").

The rules live in the pure resolvers (:mod:`.rapid_fire`, :mod:`.suppression`,
:mod:`.moving_cover`, :mod:`.tripod` through them); this module only reads the scene -- who
stands where, in what posture, behind which barrier, carrying what -- into their declarations,
and keeps what they leave behind on each combatant's
:class:`~firefight.rulesets.rmu.fire_state.FireState`:

- ``prepares`` rolls the preparation round and keeps its share for the next round only
  (RMU-RF-2..4, F-2, F-3); ``empties`` fires it then, everyone in the 5° cone rolled in turn
  (RMU-RF-5..12, F-6), and a belt-fed gun runs on round after round (RMU-RF-6);
- ``sweeps`` counts the sweeps and the rounds each gun sent this round (RMU-SUP-2, -3), asks
  everyone in the ground to dive or stand (the action's ``--dive`` / ``--stand``, else the
  scenario's ``under_fire``, else dive when cover is at hand) and caps their next round's AP
  (RMU-SUP-9, -10);
- ``dashes`` runs for a barrier: the share its maneuver earns counts this round, all of it
  from the next (RMU-MOV-1, -2); -40 when a sweep is up over the mover or several guns have
  fired at them this round;
- a malfunction's jam, semi-only or half effect stays on the gun until ``clears`` pays for it
  (RMU-RF-13); a broken gun fires no more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypedDict

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import replace, replacer
from firefight.geometry import (
    Body,
    CoverGrade,
    Point,
    bearing_deg,
    distance_ft,
    grade_behind_barrier,
)
from firefight.outcome import Outcome, ResolvedWord, Result, inline
from firefight.rulesets.rmu import rmu_data
from firefight.rulesets.rmu.cover import (
    GUN_PRICED,
    Cover,
    CoverMaterial,
    barrier_bonus,
    price_cover,
)
from firefight.rulesets.rmu.encounter_events import ActionPointsLost, bonus_used
from firefight.rulesets.rmu.encounter_explosives import GRENADE
from firefight.rulesets.rmu.encounter_results import Emptied, JamWorked, Prepared, Swept
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.fire_actions import (
    ClearJam,
    DashToCover,
    EmptyGun,
    FireLevel,
    PrepareRapidFire,
    Sweep,
)
from firefight.rulesets.rmu.fire_results import BurstTarget, ConeOutOfReach, SweptPerson
from firefight.rulesets.rmu.fire_state import (
    ApCap,
    CoverTaken,
    FireState,
    GunTrouble,
    Readiness,
    SweepGround,
)
from firefight.rulesets.rmu.firearm_data import firearm_figures
from firefight.rulesets.rmu.firearm_events import (
    ApForfeited,
    ApLimitedNextRound,
    CoverReached,
    FiredAt,
    JamCleared,
    LeftInTheOpen,
    PreparationWasted,
    RapidFireFired,
    RapidFirePrepared,
    SuppressionSwept,
    WeaponMalfunctioned,
)
from firefight.rulesets.rmu.grenade_reactions import answered
from firefight.rulesets.rmu.kindred_criticals import reads_torpor, severity_steps
from firefight.rulesets.rmu.kindred_rules import kindred_rules
from firefight.rulesets.rmu.loadout import (
    check_gun_fires,
    gun_state,
    loaded_rounds,
    named_as_in_scene,
    ready_weapon,
)
from firefight.rulesets.rmu.moving_cover import DashResult, MovingToCover, resolve_moving_to_cover
from firefight.rulesets.rmu.rapid_fire import (
    GunState,
    RapidFire,
    RapidFirePreparation,
    check_can_empty,
    resolve_rapid_fire,
    resolve_rapid_fire_preparation,
)
from firefight.rulesets.rmu.scene_reading import (
    barrier_cover,
    check_can_move,
    defender,
    fire_target,
    move_cost,
    nearest_ally,
    reachable_cover,
    shooter_modifiers,
    situational_conditions,
    threat_to,
    under_sweep,
    worn_armor,
)
from firefight.rulesets.rmu.shot_results import RecoilReport
from firefight.rulesets.rmu.struck import Struck
from firefight.rulesets.rmu.suppression import (
    SuppressionSweep,
    SweepTarget,
    check_sweeps_left,
    resolve_suppression_sweep,
)
from firefight.rulesets.rmu.vitals import (
    RmuStats,
    figures,
    intact_armor,
    rmu_stats,
    vitals,
    with_vitals,
)
from firefight.rulesets.rmu.volley import Person
from firefight.scene.actions import Action
from firefight.scene.apply import FoldError, People, fold_alone, named_in_log
from firefight.scene.events import moved_to
from firefight.scene.spots import cover_spot, spot_taken
from firefight.scene.state import (
    ActiveCondition,
    Barrier,
    CombatantState,
    EncounterState,
    WeaponState,
)
from firefight.trace import Entry, Trace, TraceBuilder
from firefight.wording import counted

__all__ = [
    "FIRE_ACTIONS",
    "FIRE_EVENTS",
    "ap_cap_events",
    "apply_fire_event",
    "describe_fire_event",
    "fire_figures",
    "recoil_first",
    "refuse_before_ap",
    "resolve_fire_action",
    "shot_events",
    "validate_fire_action",
]

FIRE_ACTIONS = (PrepareRapidFire, EmptyGun, Sweep, DashToCover, ClearJam)
FIRE_EVENTS: tuple[type[Event], ...] = (
    RapidFirePrepared,
    PreparationWasted,
    WeaponMalfunctioned,
    RapidFireFired,
    SuppressionSwept,
    ApForfeited,
    ApLimitedNextRound,
    CoverReached,
    LeftInTheOpen,
    FiredAt,
    JamCleared,
)

# Skills the firearm actions read from a combatant's ``skills`` (names compared loosely).
RAPID_FIRE_SKILL = "rapid-fire"
FIRE_DISCIPLINE_SKILL = "fire-discipline"
MOVING_SKILL = "moving"


# --- reading the state ----------------------------------------------------------------------------


def _fire(c: CombatantState) -> FireState:
    return rmu_stats(c).fire


def _with_fire(c: CombatantState, fire: FireState) -> CombatantState:
    return _refired(c, rmu_stats(c), fire)


def _refired(c: CombatantState, stats: RmuStats, fire: FireState) -> CombatantState:
    """``c``, whose rmu figures are ``stats``, with ``fire`` as their firearm state: for a fold
    that read the figures already (every shot's)."""
    return _with_stats(c, _stats_with_fire(stats, fire))


# The copies every shot makes (frozen.replacer: no keywords gathered).
_with_stats = replacer(CombatantState, "stats")
_stats_with_fire = replacer(RmuStats, "fire")


def _norm(name: str) -> str:
    return "-".join(name.lower().replace("_", " ").replace("-", " ").split())


def _skill(c: CombatantState, key: str, what: str, tb: TraceBuilder | None) -> int:
    """The bonus of the skill named ``key``; 0 (said in the trace) when the scenario lacks it."""
    for skill in rmu_stats(c).skills:
        if _norm(skill.name) == key:
            return skill.bonus
    if tb is not None:
        tb.step(f"{c.name} has no {what} skill in the scenario (skills.{key}): it counts as +0.")
    return 0


def _person_fields(
    state: EncounterState,
    shooter: CombatantState,
    c: CombatantState,
    weapon_kind: str,
    tb: TraceBuilder,
) -> dict[str, Any]:
    taken = _fire(c).cover_in(state.round)
    return {
        "name": c.name,
        "position": c.position,
        "posture": c.posture,
        "size": c.size,
        **worn_armor(c),
        "defender": defender(state, c),
        "cover": barrier_cover(state, shooter, c, weapon_kind, tb),
        "cover_share_percent": taken.share_percent if taken else 100,
        "situational": tuple(name for name, _ in situational_conditions(state, c)),
    }


class _GunnerFields(TypedDict):
    """The fields a :class:`RapidFire` and a :class:`SuppressionSweep` share, read alike off
    the gun and its shooter (:func:`_gunner_fields`); typed as both declare them."""

    weapon: str
    position: Point
    dead: tuple[Body, ...]
    rounds_left: int
    ap_available: int
    ammo: str
    mounted: bool
    gun: GunState
    strength_bonus: int
    naked_column: str
    severity_steps: int
    shooter_kindred: bool
    shooter_armor: str | None
    shooter: str


def _gunner_fields(
    state: EncounterState, c: CombatantState, weapon: WeaponState, stats: RmuStats
) -> _GunnerFields:
    """What a firing round and a sweep read alike off the gun and ``c``, who fires it: where
    the muzzle stands and the dead who screen (DEC-695), the load and what a malfunction left
    on the gun, the AP left, and the figures an unbraced tripod gun's recoil is read on
    (RMU-TRI-2)."""
    rounds, ammo = loaded_rounds(weapon)
    armor = intact_armor(c)
    rules = kindred_rules(state)
    return _GunnerFields(
        weapon=weapon.kind,
        position=c.position,
        dead=_dead(state),
        rounds_left=rounds,
        ap_available=vitals(c).ap_left,
        ammo=ammo,
        mounted=weapon.mounted,
        gun=gun_state(c, weapon),
        strength_bonus=stats.strength,
        naked_column=stats.naked_at,
        severity_steps=severity_steps(stats, rules),
        shooter_kindred=reads_torpor(stats, rules),
        shooter_armor=armor.kind if armor else None,
        shooter=c.name,
    )


def _targets(state: EncounterState, shooter: CombatantState) -> list[CombatantState]:
    """Everyone fire can still hurt: all but the shooter and the dead."""
    return [c for c in state.combatants if c.name != shooter.name and not c.dead]


def _dead(state: EncounterState) -> tuple[Body, ...]:
    """The bodies of the dead: nothing left to hurt, but still a screen for whoever lies or
    stands behind them (RMU-RF-11, RMU-SUP-7, DEC-695)."""
    return tuple(c.body for c in state.combatants if c.dead)


def _trace(*parts: Trace | TraceBuilder) -> Trace:
    entries: list[Entry] = []
    for part in parts:
        built = part.build() if isinstance(part, TraceBuilder) else part
        entries.extend(built.entries)
    return Trace(tuple(entries))


def _hit_text(entry: BurstTarget | ConeOutOfReach | SweptPerson) -> str:
    if isinstance(entry, ConeOutOfReach):
        return entry.result
    landing = entry.person.landing
    if isinstance(landing, Struck):
        if landing.severity:
            # A Kindred's softened critical is told as the aimed shot's is (V-1, DEC-942).
            return (
                f"{landing.total_hits} hits and a critical {landing.severity}"
                f"{landing.kindred_words}"
            )
        hits = landing.hits
        return f"{hits} hit{'' if hits == 1 else 's'}"
    return landing.result


# --- validation -------------------------------------------------------------------------------


def _firing_weapon(c: CombatantState, action: EmptyGun, round_number: int) -> WeaponState:
    ready = _fire(c).ready
    prepared = ready.weapon if ready is not None and ready.fire_round >= round_number else None
    return ready_weapon(c, action.weapon or prepared)


def _check_empty(state: EncounterState, action: EmptyGun) -> Readiness:
    """The firing round's refusals, in the order a player would want them: the gun itself
    (RMU-RF-1, RMU-RF-13), then the preparation (RMU-RF-2, RMU-RF-6). F-6's four AP and the
    people's figures are the resolver's own checks."""
    c = state.combatant(action.actor)
    fire_target(state, c, action.target)
    weapon = _firing_weapon(c, action, state.round)
    check_gun_fires(c, weapon)
    rounds, _ = loaded_rounds(weapon)
    fire = _fire(c)
    ready = fire.ready_in(state.round)
    running = ready is not None and ready.continuing and ready.weapon == weapon.name
    minimum = 1 if running else firearm_figures().rapid_fire.minimum_rounds
    check_can_empty(rmu_data().weapon(weapon.kind), rounds, gun_state(c, weapon), minimum)
    if ready is not None and ready.weapon == weapon.name:
        return ready
    if ready is not None:
        raise RuleRefusal(
            "RMU-RF-2",
            f"{c.name} prepared the {ready.weapon}, not the {weapon.name}: only the gun "
            "prepared may be emptied.",
        )
    last = fire.ready
    if last is not None and last.fire_round > state.round:
        raise RuleRefusal(
            "RMU-RF-2",
            f"{c.name} prepared in this round ({state.round}); emptying the gun takes the whole "
            f"of the next round, round {last.fire_round}.",
        )
    if last is not None:
        what = (
            f"the belt stopped when {c.name} did not fire on in round {last.fire_round}"
            if last.continuing
            else f"the preparation was for round {last.fire_round} and has lapsed"
        )
        raise RuleRefusal(
            "RMU-RF-6" if last.continuing else "RMU-RF-2",
            f"{c.name} cannot empty the {weapon.name} now: {what}. Prepare again first.",
        )
    raise RuleRefusal(
        "RMU-RF-2",
        f"{c.name} has not prepared to empty the {weapon.name}: it takes a preparation round "
        f"('{c.name} prepares rapid fire at {action.target}') and then the whole next round.",
    )


def _check_prepare(state: EncounterState, action: PrepareRapidFire) -> WeaponState:
    c = state.combatant(action.actor)
    if action.target is not None:
        fire_target(state, c, action.target)
    weapon = ready_weapon(c, action.weapon)
    check_gun_fires(c, weapon)
    ready = _fire(c).ready
    if ready is not None and ready.prepared_round == state.round and not ready.continuing:
        raise RuleRefusal(
            "RMU-RF-2",
            f"{c.name} has already prepared this round; the gun is emptied next round.",
        )
    return weapon


def _jam_ap(c: CombatantState, action: ClearJam) -> tuple[WeaponState, GunTrouble, int]:
    weapon = ready_weapon(c, action.weapon)
    trouble = _fire(c).trouble(weapon.name)
    if trouble is None:
        raise RuleRefusal("RMU-RF-13", f"{c.name}'s {weapon.name} has nothing to clear.")
    if trouble.broken:
        raise RuleRefusal(
            trouble.rule,
            f"{c.name}'s {weapon.name} is broken ({trouble.label}): no clearing fixes it in "
            "this fight.",
        )
    owed = trouble.jam_clear_ap
    ap = action.ap if action.ap is not None else min(owed, vitals(c).ap_left)
    if ap < 0 or (owed and ap < 1):
        raise RuleRefusal("RMU-RF-13", f"Clearing the {weapon.name} takes at least 1 AP.")
    if ap > owed:
        raise RuleRefusal(
            "RMU-RF-13", f"Clearing the {weapon.name} takes {owed} AP in all, not {ap}."
        )
    ap_left = vitals(c).ap_left
    if ap > ap_left:
        raise RuleRefusal(
            "RMU-GEN-1", f"Clearing {ap} AP' worth, but {c.name} has only {ap_left} left."
        )
    return weapon, trouble, ap


def refuse_before_ap(state: EncounterState, action: Action) -> None:
    """RMU-SUP-3 ahead of the AP check: two sweeps use up a round's AP, so a third one is
    refused for what it is, not only for the AP it lacks."""
    if not isinstance(action, Sweep):
        return
    c = state.combatant(action.actor)
    most = firearm_figures().suppression.sweeps_per_round
    done = _fire(c).sweeps_in(state.round)
    if c.can_act():
        check_sweeps_left(c.name, done, most)


def validate_fire_action(state: EncounterState, action: Action) -> None:
    """Refuse what the state forbids before any die. The resolvers' own checks (AP ranges, the
    class rate, a third sweep, the minimum distance...) run first thing when they resolve, also
    before any die, so a refused action changes nothing either way."""
    c = state.combatant(action.actor)
    if isinstance(action, PrepareRapidFire):
        _check_prepare(state, action)
    elif isinstance(action, EmptyGun):
        _check_empty(state, action)
    elif isinstance(action, Sweep):
        weapon = ready_weapon(c, action.weapon)
        check_gun_fires(c, weapon)
        if action.toward is not None:
            fire_target(state, c, action.toward)
    elif isinstance(action, DashToCover):
        _dash_plan(state, action, TraceBuilder())
    elif isinstance(action, ClearJam):
        _jam_ap(c, action)


# --- resolving --------------------------------------------------------------------------------


def _resolve_prepare(state: EncounterState, action: PrepareRapidFire, dice: Dice) -> Outcome:
    c = state.combatant(action.actor)
    weapon = _check_prepare(state, action)
    tb = TraceBuilder()
    rounds, ammo = loaded_rounds(weapon)
    rapid = _skill(c, RAPID_FIRE_SKILL, "Rapid Fire", tb)
    discipline = _skill(c, FIRE_DISCIPLINE_SKILL, "Fire Discipline", tb if action.ap < 4 else None)
    decl = RapidFirePreparation(
        weapon=weapon.kind,
        rapid_fire_bonus=rapid,
        fire_discipline_bonus=discipline,
        ap=action.ap,
        ap_available=vitals(c).ap_left,
        rounds_left=rounds,
        gun=gun_state(c, weapon),
        extra=(*shooter_modifiers(c, None), *action.mods),
        shooter=c.name,
        ammo=ammo,
        ally=nearest_ally(state, c),
    )
    outcome = resolve_rapid_fire_preparation(decl, dice, rmu_data())
    events = [*named_as_in_scene(outcome.events, c.name, weapon), *bonus_used(c)]
    head = f"{c.name} prepares to empty the {weapon.name}" + (
        f" at {action.target}" if action.target else ""
    )
    preparation = outcome.result
    if preparation.result == "prepared":
        headline = (
            f"{head}: {preparation.share_percent}% of the bullet bonus carried into "
            f"round {state.round + 1}."
        )
    elif preparation.result == "wasted":
        headline = f"{head}: fail to act, the preparation is wasted."
    else:
        headline = f"{head}: the gun malfunctions."
    prepared = Prepared(
        actor=c.name,
        target=action.target,
        weapon_name=weapon.name,
        preparation=preparation,
        headline=headline,
    )
    return Outcome(events=tuple(events), trace=_trace(tb, outcome.trace), result=prepared)


def _resolve_empty(state: EncounterState, action: EmptyGun, dice: Dice) -> Outcome:
    c = state.combatant(action.actor)
    ready = _check_empty(state, action)
    weapon = _firing_weapon(c, action, state.round)
    target = fire_target(state, c, action.target)
    stats = rmu_stats(c)
    skill = stats.skill(weapon.skill)
    tb = TraceBuilder()
    if ready.continuing:
        tb.step(
            f"The {weapon.name}'s belt runs on from last round at the same {ready.share_percent}%.",
            "RMU-RF-6",
        )
    else:
        tb.step(
            f"{c.name} prepared in round {ready.prepared_round}: {ready.share_percent}% of the "
            "bullet bonus is carried into this firing round.",
            "RMU-RF-2",
        )
    scratch = {o.name: TraceBuilder() for o in _targets(state, c)}
    people = {
        o.name: Person(**_person_fields(state, c, o, weapon.kind, scratch[o.name]))
        for o in _targets(state, c)
    }
    decl = RapidFire(
        **_gunner_fields(state, c, weapon, stats),
        ob=skill.bonus if skill else 0,
        share_percent=ready.share_percent,
        target=people[target.name],
        others=tuple(p for name, p in people.items() if name != target.name),
        continuing=ready.continuing,
        situational=action.situational,
        extra=(*shooter_modifiers(c, weapon), *action.mods),
    )
    outcome = resolve_rapid_fire(decl, dice, rmu_data())
    results = outcome.result.targets
    reached = tuple(t.name for t in results if t.result != "out of reach")
    bullets = outcome.result.bullets
    events = [
        *named_as_in_scene(outcome.events, c.name, weapon),
        FiredAt(
            actor=c.name,
            weapon=weapon.name,
            rounds=bullets,
            targets=reached,
        ),
        *bonus_used(c),
    ]
    covers = [scratch[name] for name in reached]
    per = "; ".join(f"{t.name}: {_hit_text(t)}" for t in results)
    emptied = Emptied(
        actor=c.name,
        target=target.name,
        weapon_name=weapon.name,
        fired=outcome.result,
        headline=(
            f"{c.name} empties the {weapon.name} at {target.name}: {counted(bullets, 'bullet')} at "
            f"+{outcome.result.carried_bonus}. {per}."
        ),
    )
    return Outcome(events=tuple(events), trace=_trace(tb, *covers, outcome.trace), result=emptied)


def sweep_aim(
    state: EncounterState, c: CombatantState, action: Sweep, tb: TraceBuilder
) -> tuple[float, float]:
    """The sweep's bearing and distance, from what the action names (RMU-SUP-1)."""
    aim: Point | None = action.toward_point
    if action.toward is not None:
        aim = fire_target(state, c, action.toward).position
    if aim is not None and aim == c.position:
        raise RuleRefusal("S-2", f"{c.name} cannot sweep the very spot they stand on.")
    if aim is not None:
        bearing = round(bearing_deg(c.position, aim), 1)
        distance = action.distance_ft or round(distance_ft(c.position, aim), 1)
        tb.step(
            f"{c.name} sweeps toward {action.toward or f'({aim.x_ft:g}, {aim.y_ft:g})'}: "
            f"bearing {bearing:g}°, {distance:g} ft out.",
            "RMU-SUP-1",
        )
        return bearing, distance
    assert action.distance_ft is not None  # the parser asks for a distance or an aim
    if action.bearing_deg is not None:
        return action.bearing_deg % 360.0, action.distance_ft
    tb.step(f"{c.name} sweeps the way they face, bearing {c.facing_deg:g}°.", "RMU-SUP-1")
    return c.facing_deg, action.distance_ft


def _resolve_sweep(state: EncounterState, action: Sweep, dice: Dice) -> Outcome:
    c = state.combatant(action.actor)
    weapon = ready_weapon(c, action.weapon)
    check_gun_fires(c, weapon)
    stats = rmu_stats(c)
    fire = _fire(c)
    tb = TraceBuilder()
    bearing, distance = sweep_aim(state, c, action, tb)
    moving: dict[str, tuple[Barrier, Point, Cover]] = {}
    scratch: dict[str, TraceBuilder] = {}
    people: list[SweepTarget] = []
    for o in _targets(state, c):
        scratch[o.name] = TraceBuilder()
        fields = _person_fields(state, c, o, weapon.kind, scratch[o.name])
        at_hand = fields["cover"] is not None
        reachable = None if at_hand else reachable_cover(state, c, o)
        if not o.can_act():
            response, why = "stand", "they cannot act, so they stay where they lie"
        elif o.name in action.dive:
            response, why = "dive", "the action says so"
        elif o.name in action.stand:
            response, why = "stand", "the action says so"
        elif rmu_stats(o).under_fire in ("dive", "stand"):
            response, why = str(rmu_stats(o).under_fire), "as the scenario has them answer fire"
        else:
            response = "dive" if at_hand else "stand"
            why = "cover is at hand" if at_hand else "no cover is at hand"
        scratch[o.name].step(f"{o.name} will {response} if the sweep reaches them: {why}.")
        if reachable is not None and response == "dive":
            barrier, spot, cover = reachable
            fields["cover"] = cover
            moving[o.name] = reachable
            scratch[o.name].step(
                f"The {barrier.name} is within a move of {o.name} "
                f"({distance_ft(o.position, spot):.1f} ft): {cover} cover to dive for.",
                "RMU-SUP-9",
            )
        people.append(
            SweepTarget(
                **fields,
                response="dive" if response == "dive" else "stand",
                cover_in_reach=reachable is None or response != "dive",
                move_bonus=_skill(o, MOVING_SKILL, "moving", None),
            )
        )
    discipline = _skill(c, FIRE_DISCIPLINE_SKILL, "Fire Discipline", tb)
    rapid = _skill(c, RAPID_FIRE_SKILL, "Rapid Fire", tb if action.ap < 4 else None)
    decl = SuppressionSweep(
        **_gunner_fields(state, c, weapon, stats),
        fire_discipline_bonus=discipline,
        bearing_deg=bearing,
        distance_ft=distance,
        width_ft=action.width_ft,
        people=tuple(people),
        rapid_fire_bonus=rapid,
        extra_rounds=action.extra_rounds,
        ap=action.ap,
        rounds_this_round=fire.rounds_fired_in(state.round, weapon.name),
        sweeps_this_round=fire.sweeps_in(state.round),
        extra=(*shooter_modifiers(c, None), *action.mods),
        ally=nearest_ally(state, c),
    )
    if decl.rounds_this_round or decl.sweeps_this_round:
        tb.step(
            f"Already this round: {decl.sweeps_this_round} sweep(s) by {c.name}, "
            f"{decl.rounds_this_round} rounds from the {weapon.name}.",
            "RMU-SUP-2",
        )
    outcome = resolve_suppression_sweep(decl, dice, rmu_data())
    sweep = outcome.result
    results = sweep.targets
    caught = tuple(t.name for t in results)
    events: list[Event] = list(named_as_in_scene(outcome.events, c.name, weapon))
    spent = sweep.rounds
    if sweep.result == "swept":
        events.append(FiredAt(actor=c.name, weapon=weapon.name, rounds=spent, targets=caught))
    for t in results:
        name = t.name
        if name not in moving or t.response != "dive":
            continue
        barrier, spot, cover = moving[name]
        events.append(moved_to(state.combatant(name), spot))
        share = t.dash.dash_share_percent if t.dash is not None else 0
        if share:
            priced = price_cover(cover, rmu_data().weapon(weapon.kind), rmu_data().cover).bonus
            load = rmu_data().ammunition(decl.ammo)
            # This round the share is of the doubled cover, as the sweep's attack counted it
            # (RMU-SUP-9); from next round the cover counts plainly, in full (RMU-MOV-2).
            doubled = firearm_figures().suppression.dive_cover_multiplier
            events.append(
                CoverReached(
                    actor=name,
                    cover=barrier.name,
                    share_percent=share,
                    bonus_this_round=barrier_bonus(
                        priced, load, multiplier=doubled, share_percent=share
                    ),
                    full_bonus=barrier_bonus(priced, load),
                    rule="RMU-SUP-9",
                )
            )
        else:
            events.append(LeftInTheOpen(actor=name, cover=barrier.name, rule="RMU-SUP-9"))
    events.extend(bonus_used(c))
    covers = [scratch[name] for name in caught]
    per = "; ".join(f"{t.name} {t.response}s: {_hit_text(t)}" for t in results)
    head = (
        f"{c.name} sweeps {distance:g} ft out, {action.width_ft:g} ft wide with the {weapon.name}"
    )
    if sweep.result == "malfunction":
        headline = f"{head}: the gun malfunctions and no sweep flies."
    else:
        headline = f"{head}: {spent} rounds at +{sweep.volume_bonus}. " + (
            f"{per}." if per else "Nobody is in the ground."
        )
    swept = Swept(
        actor=c.name, weapon_name=weapon.name, bearing_deg=bearing, sweep=sweep, headline=headline
    )
    return Outcome(events=tuple(events), trace=_trace(tb, *covers, outcome.trace), result=swept)


def live_grenade(
    state: EncounterState, c: CombatantState, which: str
) -> tuple[ActiveCondition, Point]:
    """The grenade a dash runs from (RMU-EXP-11): by id, or the nearest live one they saw land,
    else the nearest (DEC-677); and where it lies. Refused when none lies live."""
    lying = (k for k in state.conditions if k.kind == GRENADE and which in ("grenade", k.id))
    k = answered(c, lying)
    if k is None:
        raise RuleRefusal("RMU-EXP-11", f"No live grenade lies in the scene for {c.name} to "
                          "dash from.")  # fmt: skip
    return k, Point(x_ft=float(str(k.get("x_ft"))), y_ft=float(str(k.get("y_ft"))))


def blast_column_weapon() -> str:
    """A gun on the cover table's lightest column (SG & ME 1-6), the one a blast reads cover
    on (RMU-EXP-6): the lightest weapon in the catalog."""
    data = rmu_data()
    return min(data.weapons.values(), key=lambda w: (w.me, w.key)).key


def _dash_plan(
    state: EncounterState, action: DashToCover, tb: TraceBuilder
) -> tuple[MovingToCover, Barrier, Point]:
    """The dash as the scene has it: where the mover ends up, the cover that gives them
    against whom, and how much fire is coming in (RMU-MOV-1)."""
    c = state.combatant(action.actor)
    check_can_move(c)
    barrier = next(b for b in state.barriers if b.name == action.barrier)
    grenade = live_grenade(state, c, action.grenade) if action.grenade else None
    load = str(grenade[0].get("load")) if grenade else None
    threat = None
    if grenade is None:
        threat = state.combatant(action.threat) if action.threat else threat_to(state, c)
    away = grenade[1] if grenade else threat.position if threat else None
    spot = action.spot or cover_spot(c, barrier, away)
    mover = Body(center=spot, posture=c.posture, size=c.size)
    there = spot_taken(state, c, mover)
    if there is not None:
        raise RuleRefusal(
            "S-1",
            f"{there} already takes up the spot behind the {barrier.name}; give another with "
            "--at X,Y.",
        )
    distance = distance_ft(c.position, spot)
    # Even ducking behind the barrier one stands at is a move, paid as the smallest one.
    cost = move_cost(c, distance) if distance > 0 else figures().move_per_bmr_ap
    ap_left = vitals(c).ap_left
    if cost > ap_left:
        raise RuleRefusal(
            "RMU-GEN-1",
            f"Dashing {distance:.0f} ft to the {barrier.name} costs {cost} AP as ordinary "
            f"movement, but {c.name} has only {ap_left} left.",
        )
    grade = grade_behind_barrier(away or spot, mover, barrier.height_ft)
    if grade is CoverGrade.NONE:
        raise RuleRefusal(
            "P-1",
            f"The {barrier.name} ({barrier.height_ft:g} ft) hides too little of {c.name} "
            f"({c.posture.value}) to be cover.",
        )
    weapon = threat.weapon() if threat else None
    if grenade is None and weapon is None and CoverMaterial(barrier.material) in GUN_PRICED:
        # The dash's own refusal asks for the weapon firing, which no action line names.
        who = f"{threat.name} carries no gun" if threat else f"nobody armed threatens {c.name}"
        raise RuleRefusal(
            "RMU-COV-3",
            f"The {barrier.name} is {barrier.material} cover, worth what the incoming gun makes "
            f"of it, but {who}: say whom {c.name} runs from (--from NAME) or which grenade "
            "(--from grenade), or let them simply move there.",
        )
    if grenade is not None:
        tb.step(f"{c.name} dashes from the {load}: the barrier is worth what it is against "
                "a blast, on the SG & ME 1-6 column.", "RMU-EXP-11")  # fmt: skip
    level: FireLevel
    swept_by = under_sweep(state, c)
    guns = _fire(c).guns_on_in(state.round)
    if action.fire is not None:
        level = action.fire
        tb.step(f"The GM sets the fire coming in: {level}.", "RMU-MOV-1")
    elif swept_by is not None:
        level = "suppressed"
        tb.step(f"{swept_by}'s sweep is up over the ground {c.name} stands on.", "RMU-MOV-1")
    elif len(guns) > 1:
        level = "suppressed"
        shooters = ", ".join(f"{who}'s {gun}" for who, gun in guns)
        tb.step(f"Several guns have fired at {c.name} this round: {shooters}.", "RMU-MOV-1")
    else:
        level = "under-fire"
        tb.step(
            f"{c.name} dashes under fire (say --fire none when nobody is shooting).", "RMU-MOV-1"
        )
    tb.step(
        f"{c.name} runs {distance:.1f} ft to ({spot.x_ft:g}, {spot.y_ft:g}) behind the "
        f"{barrier.name} ({barrier.height_ft:g} ft, {barrier.material}), away from "
        + (f"the {load}" if grenade else threat.name if threat else "nobody in particular")
        + f": {grade.value} cover.",
        "P-1",
    )
    armor = intact_armor(c)
    stats = rmu_stats(c)
    bonus = action.bonus if action.bonus is not None else _skill(c, MOVING_SKILL, "moving", tb)
    decl = MovingToCover(
        cover=Cover(grade=grade, material=CoverMaterial(barrier.material)),
        maneuver_bonus=bonus,
        fire=level,
        weapon=blast_column_weapon() if grenade else weapon.kind if weapon else None,
        ammo=weapon.loaded.ammo if weapon and weapon.loaded else "ball",
        move_ap=cost,
        ap_available=vitals(c).ap_left,
        extra=(*shooter_modifiers(c, None), *action.mods),
        mover=c.name,
        armor=armor.kind if armor else stats.naked_at,
        armor_damage=armor.damage if armor else 0,
        armor_quality=armor.quality if armor else 0,
        armor_trained=stats.armor_trained,
    )
    return decl, barrier, spot


@dataclass(frozen=True, slots=True, kw_only=True)
class DashedForCover(Result):
    """An encounter's dash for cover: who, which barrier, the spot reached, the dash's own
    result (its figures written in its place) and the headline."""

    action: str
    actor: str
    barrier: str
    to: tuple[float, float]
    dash: DashResult | None = inline()
    headline: str

    @property
    def outcome(self) -> ResolvedWord:
        return "done" if self.dash is None else self.dash.outcome


def _resolve_dash(
    state: EncounterState, action: DashToCover, dice: Dice
) -> Outcome[DashedForCover]:
    c = state.combatant(action.actor)
    tb = TraceBuilder()
    decl, barrier, spot = _dash_plan(state, action, tb)
    outcome = resolve_moving_to_cover(decl, dice, rmu_data())
    moved = moved_to(c, spot)
    # The move comes with the AP paid for it; the cover reached is named as the scene names it.
    events: list[Event] = []
    for e in outcome.events:
        if isinstance(e, CoverReached | LeftInTheOpen):
            e = replace(e, cover=barrier.name)
        events.append(e)
        if isinstance(e, ActionPointsSpent) and e.actor == c.name:
            events.append(moved)
    events.extend(bonus_used(c))
    dash = outcome.result
    if dash.result == "in cover":
        headline = (
            f"{c.name} dashes behind the {barrier.name}: "
            f"{dash.share_percent}% of its cover this round "
            f"(+{dash.bonus_this_round} of +{dash.full_bonus}),"
            " all of it from next round."
        )
    else:
        headline = (
            f"{c.name} reaches the {barrier.name} but not behind it: in the open this round, "
            "in cover from next round."
        )
    dashed = DashedForCover(
        action="dashes",
        actor=c.name,
        barrier=barrier.name,
        to=(spot.x_ft, spot.y_ft),
        dash=dash,
        headline=headline,
    )
    return Outcome(events=tuple(events), trace=_trace(tb, outcome.trace), result=dashed)


def _resolve_clear(state: EncounterState, action: ClearJam) -> Outcome:
    c = state.combatant(action.actor)
    weapon, trouble, ap = _jam_ap(c, action)
    cleared = ap >= trouble.jam_clear_ap
    tb = TraceBuilder()
    tb.step(
        f"{c.name} works the {weapon.name} ({trouble.label}): {ap} AP of the "
        f"{trouble.jam_clear_ap} it takes"
        + ("; it is clear, and fires as before." if cleared else "; more is needed."),
        "RMU-RF-13",
    )
    events: list[Event] = []
    if ap:
        events.append(ActionPointsSpent(actor=c.name, ap=ap))
    events.append(JamCleared(actor=c.name, weapon=weapon.name, ap=ap, cleared=cleared))
    events.extend(bonus_used(c))
    head = f"{c.name} clears the {weapon.name}" if cleared else f"{c.name} works at the jam"
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        result=JamWorked(ap_spent=ap, cleared=cleared, headline=f"{head}."),
    )


def resolve_fire_action(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    """Resolve one of :data:`FIRE_ACTIONS` from the state."""
    if isinstance(action, PrepareRapidFire):
        return _resolve_prepare(state, action, dice)
    if isinstance(action, EmptyGun):
        return _resolve_empty(state, action, dice)
    if isinstance(action, Sweep):
        return _resolve_sweep(state, action, dice)
    if isinstance(action, DashToCover):
        return _resolve_dash(state, action, dice)
    if isinstance(action, ClearJam):
        return _resolve_clear(state, action)
    raise RuleRefusal("R-6", f"rmu cannot resolve a {type(action).__name__} yet.")


def shot_events(
    shooter: CombatantState, weapon: WeaponState, target: str, events: Sequence[Event]
) -> list[Event]:
    """An aimed shot's events as the encounter keeps them: the shot counted for the gun's rate
    and the target's guns (FiredAt). ``events`` name the gun as the scene does already (its
    resolver was given the name: :func:`~.shot.aimed_shot_events`)."""
    out = list(events)
    # A loop, not a generator: a shot has a handful of events and this is every shot's.
    fired = 0
    for e in out:
        if isinstance(e, RoundsFired) and e.actor == shooter.name:
            fired += e.rounds
    if fired:
        out.append(_fired_at(shooter.name, weapon.name, fired, target))
    return out


# Every aimed shot ends in one, and a fight's shooters fire the same guns at the same few
# people again and again: one frozen event per values, shared safely. Bounded.
@lru_cache(maxsize=1024)
def _fired_at(shooter: str, gun: str, rounds: int, target: str) -> FiredAt:
    return FiredAt(actor=shooter, weapon=gun, rounds=rounds, targets=(target,))


def recoil_first(shooter: str, weapon: str, recoil: RecoilReport | None, headline: str) -> str:
    """An aimed shot's headline, led by what an unbraced tripod gun did to its shooter
    (RMU-TRI-2)."""
    if recoil is None or not recoil.landing.hit:
        return headline
    landing = recoil.landing
    crit = f" and a critical {landing.severity}" if landing.severity else ""
    return (
        f"The {weapon}'s recoil hits {shooter} first: {landing.hits_taken} hits{crit}. {headline}"
    )


# --- the start of a round ---------------------------------------------------------------------


def ap_cap_events(
    c: CombatantState, stats: RmuStats, round_number: int, round_ap: int, tb: TraceBuilder
) -> list[Event]:
    """AP a dive or a duck last round takes from ``c`` (whose figures are ``stats``) in this
    one (RMU-SUP-9, RMU-SUP-10), after what a stagger already took (R-3)."""
    cap = stats.fire.cap_in(round_number)
    if cap is None:
        return []
    lost = round_ap - stats.vitals.staggered_owed - cap.ap
    if lost <= 0:
        return []
    why = "dived under a sweep" if cap.rule == "RMU-SUP-9" else "ducked under a sweep"
    tb.step(f"{c.name} {why} last round: {cap.ap} AP this round.", cap.rule)
    return [
        ActionPointsLost(
            actor=c.name, ap=lost, reason=f"{why} last round: {cap.ap} AP", rule=cap.rule
        )
    ]


# --- folding the events -----------------------------------------------------------------------


def _weapon_name(c: CombatantState, weapon: str) -> str:
    found = c.weapon(weapon)
    if found is None:
        raise FoldError(f"{c.name} carries no {weapon!r}")
    return found.name


#: The fire events that change only the people they name (folded in a run, :func:`fired_at`).
FIRED_AT: tuple[type[Event], ...] = (FiredAt,)


def fired_at(people: People, event: FiredAt) -> None:
    """The shooter's rounds this round and the guns on each target: only they change, so a
    shot's events fold in one run (:func:`firefight.scene.apply.people_fold`)."""
    now = people.scene.round
    c = people[event.actor]
    gun = _weapon_name(c, event.weapon)
    stats = rmu_stats(c)
    people[c.name] = _refired(c, stats, stats.fire.add_rounds(now, gun, event.rounds))
    for name in event.targets:
        t = people[name]
        stats = rmu_stats(t)
        people[t.name] = _refired(t, stats, stats.fire.fired_on(now, (c.name, gun)))


def apply_fire_event(state: EncounterState, event: Event) -> EncounterState:
    """The state after one of :data:`FIRE_EVENTS`."""
    now = state.round
    if isinstance(event, FiredAt):
        return fold_alone(fired_at, state, event)
    actor = getattr(event, "actor", None)
    if not isinstance(actor, str):
        raise FoldError(f"a {type(event).__name__} event names nobody")
    c = named_in_log(state, actor)
    fire = _fire(c)
    ready: Readiness | None
    if isinstance(event, RapidFirePrepared):
        ready = Readiness(
            weapon=_weapon_name(c, event.weapon),
            share_percent=event.share_percent,
            prepared_round=now,
            fire_round=now + 1,
        )
        return state.with_combatant(_with_fire(c, replace(fire, ready=ready)))
    if isinstance(event, PreparationWasted):
        return state.with_combatant(_with_fire(c, replace(fire, ready=None)))
    if isinstance(event, RapidFireFired):
        gun = _weapon_name(c, event.weapon)
        ready = (
            Readiness(
                weapon=gun,
                share_percent=event.share_percent,
                prepared_round=fire.ready.prepared_round if fire.ready else now,
                fire_round=now + 1,
                continuing=True,
            )
            if event.belt_continues
            else None
        )
        return state.with_combatant(_with_fire(c, replace(fire, ready=ready)))
    if isinstance(event, SuppressionSwept):
        gun = _weapon_name(c, event.weapon)
        counted = fire.in_round(now)
        grounds = counted.grounds
        if event.rounds:
            grounds = (
                *grounds,
                SweepGround(
                    round=now,
                    weapon=gun,
                    muzzle=c.position,
                    bearing_deg=event.bearing_deg,
                    distance_ft=event.distance_ft,
                    width_ft=event.width_ft,
                ),
            )
        counted = replace(counted, sweeps=counted.sweeps + 1, grounds=grounds)
        return state.with_combatant(_with_fire(c, counted))
    if isinstance(event, WeaponMalfunctioned):
        gun = _weapon_name(c, event.weapon)
        old = fire.trouble(gun)
        e = event.effect
        trouble = GunTrouble(
            weapon=gun,
            label=e.label,
            rule=event.rule,
            jam_clear_ap=max(e.jam_clear_ap, old.jam_clear_ap if old else 0),
            semi_only=e.semi_only or (old.semi_only if old else False),
            half_effect=e.half_effect or (old.half_effect if old else False),
            broken=e.broken or (old.broken if old else False),
        )
        keep = trouble.jammed or trouble.semi_only or trouble.half_effect or trouble.broken
        fire = fire.with_trouble(trouble if keep else None, gun)
        if fire.ready is not None and fire.ready.weapon == gun:
            fire = replace(fire, ready=None)
        v = vitals(c)
        ap_left = 0 if e.lose_round else max(0, v.ap_left - e.lose_ap)
        return state.with_combatant(with_vitals(_with_fire(c, fire), replace(v, ap_left=ap_left)))
    if isinstance(event, JamCleared):
        gun = _weapon_name(c, event.weapon)
        jam = fire.trouble(gun)
        if jam is None:
            raise FoldError(f"{c.name}'s {gun} has no malfunction to clear")
        left = replace(jam, jam_clear_ap=max(0, jam.jam_clear_ap - event.ap))
        return state.with_combatant(
            _with_fire(c, fire.with_trouble(None if event.cleared else left, gun))
        )
    if isinstance(event, ApForfeited):
        return state.with_combatant(with_vitals(c, replace(vitals(c), ap_left=0)))
    if isinstance(event, ApLimitedNextRound):
        old_cap = fire.cap_in(now + 1)
        ap = min(event.ap, old_cap.ap) if old_cap else event.ap
        rule = event.rule if old_cap is None or event.ap <= old_cap.ap else old_cap.rule
        cap = ApCap(round=now + 1, ap=ap, rule=rule)
        return state.with_combatant(_with_fire(c, replace(fire, ap_cap=cap)))
    if isinstance(event, CoverReached | LeftInTheOpen):
        share = event.share_percent if isinstance(event, CoverReached) else 0
        taken = CoverTaken(barrier=event.cover, round=now, share_percent=share)
        return state.with_combatant(_with_fire(c, replace(fire, cover=taken)))
    raise FoldError(f"rmu does not know how to apply a {type(event).__name__} event")


# --- words ------------------------------------------------------------------------------------


def describe_fire_event(event: Event, state: EncounterState) -> str | None:
    """A sentence for the narrated log (``state`` is the state before the event)."""
    if isinstance(event, RapidFirePrepared):
        return (
            f"{event.actor} is ready to empty the {event.weapon} next round: "
            f"{event.share_percent}% carried [{event.rule}]."
        )
    if isinstance(event, PreparationWasted):
        return f"{event.actor}'s preparation is wasted [{event.rule}]."
    if isinstance(event, RapidFireFired):
        tail = (
            f"; the belt runs on next round ({event.rounds_left} left)"
            if event.belt_continues
            else ""
        )
        sent = counted(event.bullets, "bullet")
        return f"{event.actor}'s {event.weapon} sends {sent}{tail} [{event.rule}]."
    if isinstance(event, SuppressionSwept):
        if not event.rounds:
            return f"{event.actor}'s sweep never flies [{event.rule}]."
        return (
            f"{event.actor} sweeps {event.distance_ft:g} ft out, {event.width_ft:g} ft wide: "
            f"{event.rounds} rounds, +{event.volume_bonus} on every attack "
            f"(sweep {event.sweep_number} this round) [{event.rule}]."
        )
    if isinstance(event, WeaponMalfunctioned):
        return (
            f"{event.actor}'s {event.weapon} malfunctions ({event.effect.label}): "
            f"{event.effect.summary()} [{event.rule}]."
        )
    if isinstance(event, ApForfeited):
        return f"{event.actor} has no AP left this round [{event.rule}]."
    if isinstance(event, ApLimitedNextRound):
        return f"{event.actor} will have {event.ap} AP next round [{event.rule}]."
    if isinstance(event, CoverReached):
        # A diver's doubling counts against the sweep alone, not other fire this round.
        now = "against the sweep" if event.rule == "RMU-SUP-9" else "this round"
        return (
            f"{event.actor} is behind the {event.cover}: +{event.bonus_this_round} {now}, "
            f"+{event.full_bonus} from next round [{event.rule}]."
        )
    if isinstance(event, LeftInTheOpen):
        return (
            f"{event.actor} is at the {event.cover} but not behind it: in the open this round "
            f"[{event.rule}]."
        )
    if isinstance(event, JamCleared):
        if event.cleared:
            return f"{event.actor}'s {event.weapon} is cleared [{event.rule}]."
        return f"{event.actor} spends {event.ap} AP on the {event.weapon}'s jam [{event.rule}]."
    return None


def fire_figures(c: CombatantState) -> dict[str, object]:
    """The firearm state for the state table, when there is any."""
    text = _fire(c).describe()
    return {"firearms": text} if text else {}
