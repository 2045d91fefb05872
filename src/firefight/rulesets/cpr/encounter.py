"""The cpr encounter seams: validating and resolving actions against the state, applying cpr's
events, and the words for the log and the state table (DESIGN.md layer 6).

Each action builds a resolver's declaration from the state (:mod:`.encounter_build`) and
calls the resolver; the rules of the attack are the resolvers' alone. What the encounter adds
is what only the state knows: the Move and the Action left this turn (CPR-REF-1), the dodge
decided before the shooter rolls (CPR-DOD-1), the move between the two shots of a ROF 2
weapon (CPR-ROF-1), the rounds carried (CPR-AMMO-1), and what a critical injury does to the
turns that follow (C-4): a held weapon falls, the next turn loses its Action.

Validation runs the same declaration through the resolver with dice that stop it at the first
die: every refusal the resolvers make comes before any die, so a refused action rolls nothing
and changes nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from firefight.dice import Dice
from firefight.errors import RuleRefusal, known_or_refused
from firefight.events import Event, RoundsFired, rounds_fired
from firefight.frozen import quick_init, replace, replacer
from firefight.geometry import Point
from firefight.outcome import Outcome, ResolvedWord, Result, inline, omitted
from firefight.rulesets.base import Ruleset, combatant_status, refused_as_in_scene
from firefight.rulesets.cpr.attack import (
    AttackResult,
    RangedAttack,
    Shot,
    ShotResult,
    ranged_attack_events,
    resolve_ranged_attack,
)
from firefight.rulesets.cpr.autofire import AutofireAttack, AutofireResult, resolve_autofire
from firefight.rulesets.cpr.combatants import Target
from firefight.rulesets.cpr.cover import the_cover
from firefight.rulesets.cpr.damage import BodyHit, CoverHit
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.death import Stabilize as StabilizeDeclaration
from firefight.rulesets.cpr.death import StabilizeResult, resolve_stabilize
from firefight.rulesets.cpr.encounter_actions import (
    Autofire,
    ClearJam,
    Extinguish,
    FireShells,
    Hold,
    Move,
    Reload,
    Shoot,
    Stabilize,
    Suppress,
    ThrowItem,
)
from firefight.rulesets.cpr.encounter_build import (
    COVER_CONDITION,
    TURN_RULE,
    able,
    barrier_cover,
    check_move,
    dodge_of,
    firing_fields,
    needs_action,
    not_dead,
    ready_weapon,
    shooter_of,
    target_of,
)
from firefight.rulesets.cpr.encounter_events import (
    ActionHeld,
    Burned,
    FireOut,
    InjuryAggravated,
    LuckSpent,
    MoveTaken,
    NextTurnCurtailed,
    TurnStarted,
    WeaponUnjammed,
)
from firefight.rulesets.cpr.events import (
    ActionTaken,
    ArmorAblated,
    CloudFormed,
    CoverDamaged,
    CriticalInjuryInflicted,
    DamageDealt,
    DeathSaveRolled,
    ItemDropped,
    ItemThrown,
    KnockedOut,
    LoadTook,
    LoadWoreOff,
    MagazineReloaded,
    MustTakeCover,
    SetOnFire,
    Stabilized,
    WeaponJammed,
    WoundStateChanged,
)
from firefight.rulesets.cpr.explosives import (
    Explosion,
    ExplosionResult,
    check_not_aimed,
    resolve_explosion,
)
from firefight.rulesets.cpr.fighter import (
    CarriedAmmo,
    CprFighter,
    armor_penalty,
    fighter,
    health,
    spot_at,
    spot_of,
    wound_of,
)
from firefight.rulesets.cpr.last_plan import planned
from firefight.rulesets.cpr.lasting import (
    apply_cloud,
    apply_load,
    apply_wore_off,
    death_ends_loads,
    lasting_lines,
)
from firefight.rulesets.cpr.modifiers import NOTHING_CHOSEN, Chosen
from firefight.rulesets.cpr.reload import Reload as ReloadDeclaration
from firefight.rulesets.cpr.reload import ReloadResult, resolve_reload
from firefight.rulesets.cpr.scene import metres_apart
from firefight.rulesets.cpr.shotgun import ShellsResult, ShotgunShells, resolve_shotgun_shells
from firefight.rulesets.cpr.suppression import (
    SuppressionResult,
    SuppressiveFire,
    resolve_suppression,
)
from firefight.rulesets.cpr.take_cover import check_owed_move
from firefight.rulesets.cpr.throwing import Throw, ThrowResult, resolve_throw
from firefight.rulesets.cpr.weapons import WeaponKind
from firefight.scene.actions import ACTION_RULE, Action
from firefight.scene.apply import FoldError, apply_all, named_in_log, personal_fold
from firefight.scene.barrier_lines import barrier_lines
from firefight.scene.events import Moved, moved_to, register_event_types, rounds_left_line
from firefight.scene.state import (
    DOWN_RULE,
    ActiveCondition,
    Barrier,
    CombatantState,
    EncounterState,
    MagazineState,
    WeaponState,
)
from firefight.trace import Entry, Modifier, QuietTraceBuilder, Trace, TraceBuilder
from firefight.units import metres_from_feet
from firefight.wording import counted

__all__ = [
    "EVENT_TYPES",
    "apply_cpr_event",
    "cpr_combatant_figures",
    "cpr_row",
    "cpr_scene_lines",
    "describe_cpr_event",
    "resolve_cpr_action",
    "resolve_cpr_quietly",
    "validate_cpr_action",
]

#: Every event a cpr encounter writes to its log beyond the shared ones.
EVENT_TYPES: tuple[type[Event], ...] = (
    ActionTaken,
    ArmorAblated,
    CoverDamaged,
    CriticalInjuryInflicted,
    DamageDealt,
    DeathSaveRolled,
    ItemDropped,
    ItemThrown,
    KnockedOut,
    MagazineReloaded,
    MustTakeCover,
    SetOnFire,
    Stabilized,
    WeaponJammed,
    WoundStateChanged,
    LoadTook,
    LoadWoreOff,
    CloudFormed,
    ActionHeld,
    Burned,
    FireOut,
    InjuryAggravated,
    WeaponUnjammed,
    LuckSpent,
    MoveTaken,
    NextTurnCurtailed,
    TurnStarted,
)
register_event_types(*EVENT_TYPES)


# --- validation: the resolver itself, stopped at its first die ----------------------------------


class _FirstDie(Exception):
    """Raised by :class:`_StopAtFirstDie`: everything before the dice has passed."""


class _StopAtFirstDie:
    def face(self, sides: int, purpose: str) -> int:
        raise _FirstDie(purpose)


def validate_cpr_action(state: EncounterState, action: Action, data: CprData) -> None:
    """Refuse what the state or the rules forbid, before any die is rolled."""
    with contextlib.suppress(_FirstDie):
        resolve_cpr_action(state, action, Dice(_StopAtFirstDie()), data)


# --- resolving ----------------------------------------------------------------------------------


def _where(p: Point) -> str:
    s = spot_at(p)
    return f"({s.x_m:g}, {s.y_m:g})"


def _held_item(c: CombatantState) -> str:
    weapon = c.weapon()
    return weapon.name if weapon is not None else "held item"


def _scene_names(events: Sequence[Event], weapon: str) -> list[Event]:
    """The resolvers name weapons by catalog key; the scene by what it calls them."""
    renamed: list[Event] = []
    for e in events:
        if isinstance(e, RoundsFired):
            e = rounds_fired(e.actor, weapon, e.rounds)
        elif isinstance(e, MagazineReloaded):
            e = replace(e, weapon=weapon)
        elif isinstance(e, ItemThrown):
            e = replace(e, item=weapon)
        elif isinstance(e, WeaponJammed):
            e = replace(e, weapon=weapon)
        renamed.append(e)
    return renamed


def _injury_effects(
    state: EncounterState, events: Sequence[Event], data: CprData, tb: TraceBuilder
) -> list[Event]:
    """What a new critical injury does beyond HP (C-4): a limb that can no longer hold drops
    the weapon in hand; a hurt spine takes the next turn's Action."""
    out: list[Event] = []
    dropped: dict[str, set[str]] = {}
    for e in events:
        out.append(e)
        if isinstance(e, ItemDropped):
            dropped.setdefault(e.target, set()).add(e.item)
        if not isinstance(e, CriticalInjuryInflicted) or e.injury is None:
            continue
        injury = data.injuries.injury(e.injury)
        victim = state.find(e.target)
        if injury.drops_item and victim is not None:
            held = next(
                (w.name for w in victim.weapons if w.name not in dropped.get(e.target, set())),
                None,
            )
            if held is not None:
                tb.step(f"{e.target}'s '{injury.label}': the {held} falls from their hand.", "C-4")
                out.append(ItemDropped(target=e.target, item=held))
                dropped.setdefault(e.target, set()).add(held)
        if injury.next_turn == "move-only":
            tb.step(f"{e.target}'s '{injury.label}': no Action next turn, only a Move.", "C-4")
            out.append(NextTurnCurtailed(target=e.target, loses="action", injury=injury.key))
    return out


def _named(
    c: CombatantState,
    weapon: WeaponState,
    action_mods: Sequence[Modifier],
    named: Sequence[str],
    distance_m: float | None,
    data: CprData,
    tb: TraceBuilder,
    *,
    thrown: bool = False,
) -> tuple[tuple[Modifier, ...], Chosen, list[Event]]:
    """The modifiers an attack carries beyond the rules': the GM's, the armor penalty on the
    stat, the named ones standing on the weapon and given on the line; what the named ones
    chose besides (the jam face, none for a weapon ``thrown``: DEC-681; a link for smart
    rounds); the LUCK spent (CPR-REF-1)."""
    own = fighter(c)
    if weapon.name in own.jammed:
        raise RuleRefusal(
            "CPR-REF-1", f"{c.name}'s {weapon.name} is jammed: 'clears jam' takes an Action."
        )
    if named and any(n.lower().startswith("armor") for n in named):
        raise RuleRefusal("CPR-REF-1", "The armor penalty comes from the armor worn; name none.")
    names = (*own.modifiers_on(weapon.name), *named)
    # Most attacks name none, and no names choose nothing: the catalog is asked only for some.
    chosen = (
        data.modifiers.resolve(names, distance_m=distance_m, thrown=thrown)
        if names
        else NOTHING_CHOSEN
    )
    if chosen.luck > own.luck:
        raise RuleRefusal(
            "CPR-REF-1", f"{c.name} has {own.luck} LUCK left, not the {chosen.luck} asked for."
        )
    for note in chosen.notes:
        tb.step(f"{c.name}'s {weapon.name}: {note}.", "CPR-REF-1")
    penalty = armor_penalty(c, data)
    extra = (*action_mods, *([penalty] if penalty else []), *chosen.attack)
    spent: list[Event] = [LuckSpent(actor=c.name, points=chosen.luck)] if chosen.luck else []
    return extra, chosen, spent


#: What the standalone resolvers behind the encounter's actions return.
Resolved = (
    AttackResult
    | AutofireResult
    | SuppressionResult
    | ShellsResult
    | ExplosionResult
    | ThrowResult
    | ReloadResult
    | StabilizeResult
)


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class CprActed(Result):
    """An action of a cpr encounter: the verb, who, at whom and with what, the standalone
    resolver's result (its figures written in its place, as the log has always kept them) and
    the headline; an action that rolls nothing has no resolver result and is ``done``."""

    action: str
    actor: str
    target: str | None = omitted()
    weapon_name: str | None = omitted()
    distance_m: float | None = omitted()
    until: str | None = omitted()
    resolved: Resolved | None = inline()
    headline: str | None = omitted()

    @property
    def outcome(self) -> ResolvedWord:
        return "done" if self.resolved is None else self.resolved.outcome


def _shot_headline(shot: ShotResult | AutofireResult | ThrowResult, data: CprData) -> str:
    if shot.result == "hit":
        times = f" x{shot.multiplier}" if isinstance(shot, AutofireResult) else ""
        return f"hit{times} ({_damage_words(shot.damage_done, data)})"
    if shot.dodge is not None:
        return "dodged"
    total, dv = getattr(shot, "attack_total", None), getattr(shot, "dv", None)
    if isinstance(total, int) and isinstance(dv, int) and total <= dv:
        # CPR-HIT-1: the total must beat the DV, so it misses by the points that would have
        # made it one more than the DV (as rmu's miss counts the points short of the table).
        return f"missed by {dv + 1 - total}"
    return "missed"


def _damage_words(done: BodyHit | CoverHit | None, data: CprData) -> str:
    """A hit's damage and HP lost; armor or cover that stopped all of it said so (C-3, C-13),
    and each critical injury it caused named (C-4), since those are what the HP alone do not
    tell."""
    if isinstance(done, CoverHit):
        gone = ", now destroyed" if done.cover_hp_after == 0 else ""
        by = the_cover(done.cover, done.holder)
        return f"{done.damage} damage, stopped by {by}{gone}: {done.hp_lost} HP lost"
    if done is None:
        return "no damage rolled"
    text = f"{done.damage} damage, {done.hp_lost} HP lost"
    if done.through == 0 and done.hp_lost == 0:
        text = f"{done.damage} damage, SP {done.sp} holds it: 0 HP lost"
    return "; ".join((text, *data.injuries.labels(done.critical_injuries)))


def _outcome(
    tb: TraceBuilder,
    outcome: Outcome[Resolved],
    events: Sequence[Event],
    acted: CprActed,
) -> Outcome[CprActed]:
    return Outcome(
        events=tuple(events),
        trace=Trace((*tb.build().entries, *outcome.trace.entries)),
        result=replace(acted, resolved=outcome.result),
    )


def _attacked(
    tb: TraceBuilder,
    outcome: Outcome[Resolved],
    events: Sequence[Event],
    by: CombatantState,
    weapon: WeaponState,
    *,
    action: str,
    at: str | None,
    headline: str,
) -> Outcome[CprActed]:
    """An attack's outcome: it names the attacker, the weapon by the scene's name for it, and
    whom or what it was aimed ``at`` (None: a place)."""
    acted = CprActed(
        action=action, actor=by.name, target=at, weapon_name=weapon.name, headline=headline
    )
    return _outcome(tb, outcome, events, acted)


def _nearest_on(barrier: Barrier, p: Point) -> Point:
    """The point of the barrier's segment nearest to ``p``."""
    ax, ay = barrier.start.x_ft, barrier.start.y_ft
    dx, dy = barrier.end.x_ft - ax, barrier.end.y_ft - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else ((p.x_ft - ax) * dx + (p.y_ft - ay) * dy) / length
    t = min(1.0, max(0.0, t))
    return Point(x_ft=ax + t * dx, y_ft=ay + t * dy)


def _shoot_cover(state: EncounterState, action: Shoot, dice: Dice, data: CprData) -> Outcome:
    """A shot at a barrier: the range DV to its nearest point, damage off its HP (C-13)."""
    c = state.combatant(action.actor)
    barrier = next(b for b in state.barriers if b.name == action.target)
    cover = barrier_cover(state, barrier, data)
    if cover.hp <= 0:
        raise RuleRefusal("C-13", f"The {barrier.name} is already destroyed.")
    needs_action(c)
    weapon = ready_weapon(c, action.weapon)
    distance = metres_apart(c.position, _nearest_on(barrier, c.position))
    shot = Shot(distance_m=distance, target=Target(name=barrier.name, cover=cover))
    tb = TraceBuilder()
    extra, chosen, spent = _named(c, weapon, action.mods, action.named, distance, data, tb)
    shots = (shot, shot) if action.twice else (shot,)
    outcome = resolve_ranged_attack(_attack(c, weapon, shots, extra, chosen, data), dice, data)
    events = [*spent, *_scene_names(outcome.events, weapon.name)]
    left = [e.hp_after for e in events if isinstance(e, CoverDamaged)]
    tail = f"{left[-1]} HP left" if left and left[-1] else "destroyed" if left else "missed"
    headline = f"{c.name} shoots the {barrier.name}: {tail}."
    return _attacked(
        tb, outcome, events, c, weapon, action="shoots", at=barrier.name, headline=headline
    )


def _attack(
    c: CombatantState,
    weapon: WeaponState,
    shots: tuple[Shot, ...],
    extra: tuple[Modifier, ...],
    chosen: Chosen,
    data: CprData,
) -> RangedAttack:
    """The attack ``c`` makes with ``weapon`` at ``shots``: their REF, skill and wounds, the
    magazine loaded, the named modifiers' terms and what they change (a jam, a guided round)."""
    return RangedAttack(
        **firing_fields(c, weapon, data.weapon(weapon.kind).skill),
        shots=shots,
        extra=extra,
        jams_on=chosen.jams_on,
        guided=chosen.guided,
    )


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class _ShotPlan:
    """What a shot at someone settles from the state before the resolver runs: the attack
    declared, the weapon and the target, the trace so far (the dodge, a move between the
    shots, the named modifiers' notes), the move's events and the LUCK spent."""

    attack: RangedAttack
    weapon: WeaponState
    target: CombatantState
    steps: tuple[Entry, ...]
    moved: tuple[Event, ...]
    spent: tuple[Event, ...]


def _at_someone(
    state: EncounterState, action: Shoot | Autofire | FireShells
) -> tuple[CombatantState, CombatantState, WeaponState]:
    """Who fires at whom with what, refused in this order: the shooter's Action spent, the
    target themselves or dead, the weapon not carried."""
    c = state.combatant(action.actor)
    needs_action(c)
    target = state.combatant(action.target)
    not_dead(target, c)
    return c, target, ready_weapon(c, action.weapon)


def _armed(
    state: EncounterState, actor: str, weapon: str | None
) -> tuple[CombatantState, WeaponState]:
    """Who acts with what, refused in this order: the actor's Action spent, the weapon not
    carried."""
    c = state.combatant(actor)
    needs_action(c)
    return c, ready_weapon(c, weapon)


def _facing(
    state: EncounterState,
    target: CombatantState,
    origin: Point | None,
    *,
    unseen: bool,
    tb: TraceBuilder,
    data: CprData,
    blast: bool = False,
) -> Target:
    """``target`` as an attack from ``origin`` meets them: the dodge they declare before the
    roll (CPR-DOD-1) and the cover in between (C-13; a ``blast`` there, DEC-146)."""
    dodge = dodge_of(state, target, unseen=unseen, tb=tb, data=data)
    return target_of(state, target, data, dodge=dodge, origin=origin, blast=blast)


def _plan_shot(
    state: EncounterState, action: Shoot, data: CprData, tb: TraceBuilder | None = None
) -> _ShotPlan:
    """A shot's plan, its steps told to ``tb`` (a fresh one if None; the quiet path's words
    none, and its plan keeps none)."""
    c, target, weapon = _at_someone(state, action)
    mag = weapon.loaded
    if mag is not None and mag.ammo == "shell":
        raise RuleRefusal(
            "C-7",
            f"{c.name}'s {weapon.name} holds shotgun shells, which hit everyone in front: "
            f"'{c.name} fires shells at {target.name}'.",
        )
    if tb is None:
        tb = TraceBuilder()
    first = Shot(
        distance_m=metres_apart(c.position, target.position),
        target=_facing(state, target, c.position, unseen=action.unseen, tb=tb, data=data),
        aim=action.aim,
        item=_held_item(target),
    )
    shots = [first]
    moved: tuple[Event, ...] = ()
    if action.twice:
        second_from = c.position
        if action.move_between is not None:
            if not fighter(c).move_left:
                raise RuleRefusal(
                    TURN_RULE, f"{c.name} has already spent this turn's Move; no move between."
                )
            metres = check_move(state, c, action.move_between, data, tb)
            check_owed_move(state, c, action.move_between, data, tb)
            tb.step(
                f"Between the two shots {c.name} moves {metres:g} m to "
                f"{_where(action.move_between)}: this turn's Move.",
                "CPR-ROF-1",
            )
            second_from = action.move_between
            moved = (moved_to(c, second_from), MoveTaken(actor=c.name, distance_m=metres))
        shots.append(replace(first, distance_m=metres_apart(second_from, target.position)))
    extra, chosen, spent = _named(c, weapon, action.mods, action.named, first.distance_m, data, tb)
    return _ShotPlan(
        attack=_attack(c, weapon, tuple(shots), extra, chosen, data),
        weapon=weapon,
        target=target,
        steps=tb.build().entries,
        moved=moved,
        spent=tuple(spent),
    )


def _replayed(steps: Sequence[Entry]) -> TraceBuilder:
    """A trace builder holding the plan's steps, for the resolution to go on from."""
    tb = TraceBuilder()
    tb.extend(Trace(tuple(steps)))
    return tb


def _shot_at(
    state: EncounterState, action: Shoot, dice: Dice, data: CprData, tb: TraceBuilder
) -> tuple[_ShotPlan, Outcome[AttackResult] | None, list[Event]]:
    """A shot at someone: its plan, the resolver's outcome, and the events in the scene's
    order (the move between the shots, what a new injury does), their steps told to ``tb``.
    A quiet ``tb`` (the quiet path's) is handed to the resolver too, which words no step and
    builds no outcome (None)."""
    outcome: Outcome[AttackResult] | None = None
    if tb.telling:
        # Validation built this plan from the same state a moment ago (cpr.last_plan).
        plan = planned(_plan_shot, state, action, data)
        outcome = resolve_ranged_attack(plan.attack, dice, data)
        fired: Sequence[Event] = outcome.events
        shot_results = outcome.result.shots
        last_hit = bool(shot_results) and shot_results[-1].result == "hit"
    else:
        # The quiet path does not validate first (resolve_validates): nothing to reuse.
        plan = _plan_shot(state, action, data, tb)
        fired, last_hit = ranged_attack_events(plan.attack, dice, data, tb)
    events = [*plan.spent, *_scene_names(fired, plan.weapon.name)]
    if plan.moved:
        # The move comes after the first shot's events: before the second shot's damage if
        # it hit, at the end if it did not.
        at = len(events)
        if last_hit:
            at = max(i for i, e in enumerate(events) if isinstance(e, DamageDealt))
        events[at:at] = plan.moved
    return plan, outcome, _injury_effects(state, events, data, tb)


def _shoot(state: EncounterState, action: Shoot, dice: Dice, data: CprData) -> Outcome:
    if action.at_cover:
        return _shoot_cover(state, action, dice, data)
    effects = TraceBuilder()
    plan, outcome, events = _shot_at(state, action, dice, data, effects)
    assert outcome is not None  # a telling trace: the resolver's outcome is built
    c, target, weapon = state.combatant(action.actor), plan.target, plan.weapon
    tb = _replayed(plan.steps)
    tb.extend(effects.build())
    shot_results = outcome.result.shots
    if len(shot_results) > 1:
        results = "; ".join(
            f"shot {n} {_shot_headline(s, data)}" for n, s in enumerate(shot_results, start=1)
        )
    else:
        results = "; ".join(_shot_headline(s, data) for s in shot_results)
    how = " twice" if action.twice else ""
    aim = f" (aimed at the {action.aim.words})" if action.aim else ""
    headline = f"{c.name} fires the {weapon.name}{how} at {target.name}{aim}: {results}."
    return _attacked(
        tb, outcome, events, c, weapon, action="shoots", at=target.name, headline=headline
    )


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class _AutofirePlan:
    """What autofire at someone settles from the state before the resolver runs (as
    :class:`_ShotPlan`)."""

    attack: AutofireAttack
    weapon: WeaponState
    target: CombatantState
    steps: tuple[Entry, ...]
    spent: tuple[Event, ...]


def _plan_autofire(
    state: EncounterState, action: Autofire, data: CprData, tb: TraceBuilder | None = None
) -> _AutofirePlan:
    """Autofire's plan, its steps told to ``tb`` (a fresh one if None; the quiet path's words
    none, and its plan keeps none)."""
    c, target, weapon = _at_someone(state, action)
    if tb is None:
        tb = TraceBuilder()
    dodge = dodge_of(state, target, unseen=action.unseen, tb=tb, data=data)
    distance = metres_apart(c.position, target.position)
    extra, chosen, spent = _named(c, weapon, action.mods, action.named, distance, data, tb)
    attack = AutofireAttack(
        **firing_fields(c, weapon, data.figures.autofire_skill),
        distance_m=distance,
        target=target_of(state, target, data, dodge=dodge, origin=c.position),
        aim=action.aim,
        extra=extra,
        jams_on=chosen.jams_on,
    )
    return _AutofirePlan(
        attack=attack, weapon=weapon, target=target, steps=tb.build().entries, spent=tuple(spent)
    )


def _autofired(
    state: EncounterState, action: Autofire, dice: Dice, data: CprData, tb: TraceBuilder
) -> tuple[_AutofirePlan, Outcome[AutofireResult], list[Event]]:
    """Autofire at someone: its plan, the resolver's outcome and the events in the scene's
    order (what a new injury does), their steps told to ``tb``; a quiet ``tb`` (the quiet
    path's) is handed to the resolver too, which words no step."""
    if tb.telling:
        # Validation built this plan from the same state a moment ago (cpr.last_plan).
        plan = planned(_plan_autofire, state, action, data)
        tb.extend(Trace(plan.steps))
        outcome = resolve_autofire(plan.attack, dice, data)
    else:
        # The quiet path does not validate first (resolve_validates): nothing to reuse.
        plan = _plan_autofire(state, action, data, tb)
        outcome = resolve_autofire(plan.attack, dice, data, tb)
    events = _injury_effects(
        state, [*plan.spent, *_scene_names(outcome.events, plan.weapon.name)], data, tb
    )
    return plan, outcome, events


def _autofire(state: EncounterState, action: Autofire, dice: Dice, data: CprData) -> Outcome:
    tb = TraceBuilder()
    plan, outcome, events = _autofired(state, action, dice, data, tb)
    c, target, weapon = state.combatant(action.actor), plan.target, plan.weapon
    said = _shot_headline(outcome.result, data)
    headline = f"{c.name} autofires the {weapon.name} at {target.name}: {said}."
    return _attacked(
        tb, outcome, events, c, weapon, action="autofires", at=target.name, headline=headline
    )


def _suppress(state: EncounterState, action: Suppress, dice: Dice, data: CprData) -> Outcome:
    c, weapon = _armed(state, action.actor, action.weapon)
    tb = TraceBuilder()
    # The check is fired with the weapon, as an attack is: the same jam, armor penalty on
    # REF, modifiers standing on it and LUCK (CPR-REF-1).
    extra, chosen, spent = _named(c, weapon, action.mods, action.named, None, data, tb)
    # The unconscious and the dead have no nerve to break.
    exposed = [o for o in state.combatants if o.name != c.name and o.can_act()]
    outcome = resolve_suppression(
        SuppressiveFire(
            **firing_fields(c, weapon, data.figures.autofire_skill),
            targets=tuple(target_of(state, o, data, shooter=c) for o in exposed),
            position=spot_of(c),
            extra=extra,
            jams_on=chosen.jams_on,
        ),
        dice,
        data,
    )
    events = [*spent, *_scene_names(outcome.events, weapon.name)]
    broken = outcome.result.must_take_cover
    tail = f"{' and '.join(broken)} must run for cover" if broken else "nobody breaks"
    if outcome.result.jammed:
        tail = f"the {weapon.name} jams, and nobody breaks"
    headline = f"{c.name} lays down suppressive fire with the {weapon.name}: {tail}."
    return _outcome(
        tb,
        outcome,
        events,
        CprActed(action="suppresses", actor=c.name, weapon_name=weapon.name, headline=headline),
    )


def _area_targets(
    state: EncounterState,
    actor: CombatantState,
    *,
    unseen: bool,
    tb: TraceBuilder,
    data: CprData,
    include_actor: bool,
    origin: Point | None = None,
    blast: bool = False,
) -> tuple[Target, ...]:
    people = [o for o in state.combatants if not o.dead and (include_actor or o.name != actor.name)]
    return tuple(
        _facing(state, o, origin, unseen=unseen, tb=tb, data=data, blast=blast) for o in people
    )


def _shells(state: EncounterState, action: FireShells, dice: Dice, data: CprData) -> Outcome:
    c, target, weapon = _at_someone(state, action)
    tb = TraceBuilder()
    distance = metres_apart(c.position, target.position)
    extra, chosen, spent = _named(c, weapon, action.mods, action.named, distance, data, tb)
    outcome = resolve_shotgun_shells(
        ShotgunShells(
            **firing_fields(c, weapon, data.weapon(weapon.kind).skill),
            # The cover between the muzzle and each person in the spread (C-13, DEC-460).
            targets=_area_targets(
                state,
                c,
                unseen=action.unseen,
                tb=tb,
                data=data,
                include_actor=False,
                origin=c.position,
            ),
            position=spot_of(c),
            toward=spot_of(target),
            aim=action.aim,
            extra=extra,
            jams_on=chosen.jams_on,
        ),
        dice,
        data,
    )
    events = _injury_effects(state, [*spent, *_scene_names(outcome.events, weapon.name)], data, tb)
    listed = outcome.result.targets
    hit = [t.target for t in listed if t.result == "hit"]
    barriers = {b.name for b in state.barriers}  # any other cover is a shield, its holder's
    covered = [
        f"{t.target} ({the_cover(str(t.cover), None if t.cover in barriers else t.target)} holds)"
        for t in listed
        if t.result == "covered"
    ]
    reached = ["hits " + " and ".join(hit)] if hit else []
    reached += ["stopped short of " + " and ".join(covered)] if covered else []
    tail = "; ".join(reached) or "hits nobody"
    if outcome.result.jammed:
        tail = f"the {weapon.name} jams and hits nobody"
    headline = f"{c.name} fires a shell from the {weapon.name} toward {target.name}: {tail}."
    return _attacked(
        tb, outcome, events, c, weapon, action="fires shells", at=target.name, headline=headline
    )


def _throw(
    state: EncounterState, action: ThrowItem, dice: Dice, data: CprData, tb: TraceBuilder
) -> Outcome:
    """A throw, its steps told to ``tb``; a quiet ``tb`` (the quiet path's) is handed to the
    resolver too, which words no step."""
    c, item = _armed(state, action.actor, action.item)
    catalog = data.weapon(item.kind)
    who = shooter_of(c)
    athletics = fighter(c).skill(data.figures.throw_skill)
    extra, _, spent = _named(c, item, action.mods, action.named, None, data, tb, thrown=True)
    point = action.point
    if point is None and catalog.kind is WeaponKind.GRENADE and action.target is not None:
        # A grenade hits an area (C-8): thrown "at" someone, it is aimed at where they stand.
        aimed_at = state.combatant(action.target)
        point = aimed_at.position
        tb.step(f"The {item.name} is aimed at where {aimed_at.name} stands.", "C-8")
    if point is not None:
        if catalog.kind is not WeaponKind.GRENADE:
            raise RuleRefusal(
                "CPR-THR-1",
                f"A {catalog.name} is thrown at someone, not at a place: "
                f"'{c.name} throws {item.name} at NAME'.",
            )
        check_not_aimed(action.aim)
        outcome: Outcome[ExplosionResult | ThrowResult] = resolve_explosion(
            Explosion(
                weapon=item.kind,
                aim_point=spot_at(point),
                targets=_area_targets(
                    state,
                    c,
                    unseen=action.unseen,
                    tb=tb,
                    data=data,
                    include_actor=True,
                    origin=point,
                    blast=True,
                ),
                position=spot_of(c),
                stat=who.dex,
                skill=athletics,
                attacker=c.name,
                wound=who.wound,
                injuries=who.injuries,
                extra=extra,
                ammo=dict(fighter(c).loads).get(item.name, "basic"),
            ),
            dice,
            data,
            None if tb.telling else tb,
        )
        blast = outcome.result
        assert isinstance(blast, ExplosionResult)
        if blast.result == "went off":
            tail = _went_off(blast) if tb.telling else ""
        elif action.lands is not None:
            outcome, landed = _landed(state, c, item, action.lands, outcome, dice, data, tb)
            tail = f"it misses and lands at {_where(action.lands)}: {_went_off(landed)}"
        else:
            tail = "it lands off target (where is the GM's call: '--lands X,Y' sets it off there)"
        headline = f"{c.name} throws the {item.name} at {_where(point)}: {tail}."
        target_name = None
    else:
        assert action.target is not None
        if action.lands is not None:
            raise RuleRefusal(
                "C-8",
                f"--lands says where a grenade that misses lands; a {catalog.name} thrown at "
                "someone hits or misses them.",
            )
        target = state.combatant(action.target)
        not_dead(target, c)
        outcome = resolve_throw(
            Throw(
                item=item.kind,
                dex=who.dex,
                athletics=athletics,
                distance_m=metres_apart(c.position, target.position),
                target=_facing(state, target, c.position, unseen=action.unseen, tb=tb, data=data),
                thrower=c.name,
                aim=action.aim,
                held_item=_held_item(target),
                wound=who.wound,
                injuries=who.injuries,
                extra=extra,
            ),
            dice,
            data,
            None if tb.telling else tb,
        )
        assert isinstance(outcome.result, ThrowResult)
        said = _shot_headline(outcome.result, data)
        headline = f"{c.name} throws the {item.name} at {target.name}: {said}."
        target_name = target.name
    events = _injury_effects(state, [*spent, *_scene_names(outcome.events, item.name)], data, tb)
    if not tb.telling:
        # The quiet path reads the events alone: no action's result is built round them.
        return Outcome(events=tuple(events), trace=tb.build(), result=outcome.result)
    return _attacked(
        tb, outcome, events, c, item, action="throws", at=target_name, headline=headline
    )


def _went_off(blast: ExplosionResult) -> str:
    hit = [t.target for t in blast.targets if t.result in ("hit", "caught")]
    return "it goes off, catching " + " and ".join(hit) if hit else "it goes off"


def _landed(
    state: EncounterState,
    c: CombatantState,
    item: WeaponState,
    lands: Point,
    thrown: Outcome[ExplosionResult | ThrowResult],
    dice: Dice,
    data: CprData,
    tb: TraceBuilder,
) -> tuple[Outcome[ExplosionResult | ThrowResult], ExplosionResult]:
    """The grenade that missed goes off where the GM says it landed (C-8): a placed charge
    there, no attack roll and so no dodge. The throw's own events and trace come first, and
    its result stays the action's (it missed: the odds count a miss); the blast's is given
    beside it for the headline."""
    people = [o for o in state.combatants if not o.dead]
    landed = resolve_explosion(
        Explosion(
            weapon=item.kind,
            aim_point=spot_at(lands),
            targets=tuple(
                target_of(state, o, data, dodge=None, origin=lands, blast=True) for o in people
            ),
            placed=True,
            attacker=c.name,
            ammo=dict(fighter(c).loads).get(item.name, "basic"),
        ),
        dice,
        data,
        None if tb.telling else tb,
    )
    both = Outcome(
        events=(*thrown.events, *landed.events),
        trace=Trace((*thrown.trace.entries, *landed.trace.entries)),
        result=thrown.result,
    )
    return both, landed.result


def _reload(state: EncounterState, action: Reload, dice: Dice, data: CprData) -> Outcome:
    c, weapon = _armed(state, action.actor, action.weapon)
    own = fighter(c)
    mag = weapon.loaded
    ammo = action.ammo
    if ammo is not None:
        known_or_refused("CPR-AMMO-1", data.ammunition, ammo)
    else:
        kinds = own.kinds_carried(weapon.name)
        ammo = mag.ammo if mag is not None and (mag.ammo in kinds or not kinds) else None
        ammo = ammo or (kinds[0] if kinds else "basic")
    if mag is not None and mag.ammo == ammo and mag.rounds >= mag.capacity:
        raise RuleRefusal("CPR-AMMO-1", f"{c.name}'s {weapon.name} is already full ({mag}).")
    tb = TraceBuilder()
    outcome = resolve_reload(
        ReloadDeclaration(
            weapon=weapon.kind,
            ammo=ammo,
            loaded=mag.rounds if mag is not None else 0,
            loaded_ammo=mag.ammo if mag is not None else None,
            actor=c.name,
            at_hand=own.rounds_carried(weapon.name, ammo),
        ),
        dice,
        data,
    )
    events = _scene_names(outcome.events, weapon.name)
    rounds = outcome.result.rounds
    name = data.ammunition(ammo).name
    headline = f"{c.name} reloads the {weapon.name}: {rounds} {name} in the magazine."
    return _outcome(
        tb,
        outcome,
        events,
        CprActed(action="reloads", actor=c.name, weapon_name=weapon.name, headline=headline),
    )


def _move(state: EncounterState, action: Move, data: CprData) -> Outcome:
    c = state.combatant(action.actor)
    own = fighter(c)
    tb = TraceBuilder()
    run = not own.move_left
    if run and not (own.action_left and data.turns.run):
        raise RuleRefusal(TURN_RULE, f"{c.name} has spent both this turn's Move and its Action.")
    metres = check_move(state, c, action.to, data, tb)
    if run:
        tb.step(
            f"{c.name} has spent this turn's Move: the Action goes on running {metres:g} m.",
            TURN_RULE,
        )
    else:
        tb.step(f"{c.name} moves {metres:g} m: this turn's Move.", TURN_RULE)
    check_owed_move(state, c, action.to, data, tb)
    events: list[Event] = [
        moved_to(c, action.to),
        MoveTaken(actor=c.name, distance_m=metres, run=run),
    ]
    verb = "runs" if run else "moves"
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        # No headline: the narration of the move itself says it.
        result=CprActed(action=verb, actor=c.name, distance_m=metres),
    )


def _stabilize(state: EncounterState, action: Stabilize, dice: Dice, data: CprData) -> Outcome:
    c = state.combatant(action.actor)
    needs_action(c)
    patient = state.combatant(action.patient) if action.patient is not None else c
    if patient.dead:
        raise RuleRefusal(DOWN_RULE, f"{patient.name} is already dead.")
    if fighter(patient).stabilized:
        raise RuleRefusal("C-12", f"{patient.name} is already stabilized.")
    reach = data.figures.stabilize_reach_m
    away = metres_apart(c.position, patient.position)
    if away > reach:
        raise RuleRefusal(
            "C-12",
            f"{c.name} must be within {reach:g} m to work on {patient.name}, who is "
            f"{away:g} m away.",
        )
    own = fighter(c)
    skill = max(own.skill(name) for name in data.figures.stabilize_skills)
    outcome = resolve_stabilize(
        StabilizeDeclaration(
            medic=c.name,
            patient=patient.name,
            tech=own.tech,
            skill=skill,
            patient_state=wound_of(patient),
            wound=wound_of(c),
            injuries=own.injuries,
            extra=action.mods,
        ),
        dice,
        data,
    )
    done = "stabilized" if outcome.result.stabilized else "still dying"
    headline = f"{c.name} works on {patient.name}: {done}."
    return _outcome(
        TraceBuilder(),
        outcome,
        outcome.events,
        CprActed(action="stabilizes", actor=c.name, target=patient.name, headline=headline),
    )


def _hold(state: EncounterState, action: Hold) -> Outcome:
    c = state.combatant(action.actor)
    if fighter(c).holding is not None:
        raise RuleRefusal("CPR-REF-1", f"{c.name} is already holding this turn's Action.")
    needs_action(c)
    tb = TraceBuilder()
    wait = f" until {action.until}" if action.until else ""
    tb.step(
        f"{c.name} holds the Action{wait}: it can be taken later this turn, out of the "
        "initiative order, and is lost if the turn ends first.",
        "CPR-REF-1",
    )
    return Outcome(
        events=(ActionHeld(actor=c.name, until=action.until),),
        trace=tb.build(),
        result=CprActed(action="holds", actor=c.name, until=action.until),
    )


def _spends_action(
    c: CombatantState, done: Event, acted: CprActed, *, logged: str, on: str, rule: str
) -> Outcome[CprActed]:
    """An Action that rolls nothing: refused when this turn's is spent, else ``c`` spends it
    ``on`` something (the trace's step under ``rule``), the log names it ``logged``, and
    ``done`` is what it changes."""
    needs_action(c)
    tb = TraceBuilder()
    tb.step(f"{c.name} spends the Action {on}.", rule)
    return Outcome(
        events=(ActionTaken(actor=c.name, action=logged), done), trace=tb.build(), result=acted
    )


def _clear_jam(state: EncounterState, action: ClearJam) -> Outcome:
    c = state.combatant(action.actor)
    weapon = ready_weapon(c, action.weapon)
    if weapon.name not in fighter(c).jammed:
        raise RuleRefusal("CPR-REF-1", f"{c.name}'s {weapon.name} is not jammed.")
    return _spends_action(
        c,
        WeaponUnjammed(actor=c.name, weapon=weapon.name),
        CprActed(action="clears a jam", actor=c.name, weapon_name=weapon.name),
        logged="clear jam",
        on=f"clearing the {weapon.name}",
        rule="CPR-REF-1",
    )


def _extinguish(state: EncounterState, action: Extinguish, data: CprData) -> Outcome:
    c = state.combatant(action.actor)
    burning = state.combatant(action.target) if action.target is not None else c
    if not fighter(burning).burning:
        raise RuleRefusal("C-14", f"{burning.name} is not on fire.")
    reach = data.figures.stabilize_reach_m
    if metres_apart(c.position, burning.position) > reach:
        raise RuleRefusal("C-14", f"{c.name} must be within {reach:g} m of {burning.name}.")
    return _spends_action(
        c,
        FireOut(target=burning.name, by=c.name),
        CprActed(action="extinguishes", actor=c.name, target=burning.name),
        logged="extinguish",
        on=f"putting out the fire on {burning.name}",
        rule="C-14",
    )


def _weapon_acted_with(state: EncounterState, action: Action) -> WeaponState | None:
    """The weapon ``action`` fires, throws, loads or clears, as the scene has it (None: the
    action uses none, or names one not carried, which R-6 refuses by the scene's names)."""
    c = state.find(action.actor)
    if c is None:  # the refusal is for the name nobody answers to
        return None
    if isinstance(action, ThrowItem):
        return c.weapon(action.item)
    if isinstance(action, (Shoot, Autofire, Suppress, FireShells, Reload, ClearJam)):
        return c.weapon(action.weapon)
    return None


def _refused_as_in_scene(
    refusal: RuleRefusal, state: EncounterState, action: Action, data: CprData
) -> RuleRefusal:
    """``refusal`` naming the weapon acted with as the scene does (:func:`refused_as_in_scene`:
    "the pistol has 0", not the catalog's "the medium pistol")."""
    return refused_as_in_scene(
        refusal, _weapon_acted_with(state, action), lambda kind: data.weapon(kind).name
    )


def resolve_cpr_quietly(
    state: EncounterState, action: Action, dice: Dice, data: CprData, ruleset: Ruleset
) -> EncounterState:
    """The state :func:`resolve_cpr_action` leads to, for simulations that read neither its
    trace nor its result: a shot at someone and autofire (most of a fight) gather only their
    events, and a throw words none of its steps."""
    try:
        if isinstance(action, Shoot) and not action.at_cover:
            able(state.combatant(action.actor))
            events: Sequence[Event] = _shot_at(state, action, dice, data, QuietTraceBuilder())[2]
        elif isinstance(action, ThrowItem):
            able(state.combatant(action.actor))
            events = _throw(state, action, dice, data, QuietTraceBuilder()).events
        elif isinstance(action, Autofire):
            able(state.combatant(action.actor))
            events = _autofired(state, action, dice, data, QuietTraceBuilder())[2]
        else:
            events = _resolved(state, action, dice, data).events
    except RuleRefusal as refusal:
        raise _refused_as_in_scene(refusal, state, action, data) from None
    return apply_all(state, events, ruleset)


def resolve_cpr_action(state: EncounterState, action: Action, dice: Dice, data: CprData) -> Outcome:
    """The events and trace of an action; refusals come before any die, and name the weapon
    as the scene does."""
    try:
        return _resolved(state, action, dice, data)
    except RuleRefusal as refusal:
        raise _refused_as_in_scene(refusal, state, action, data) from None


def _resolved(state: EncounterState, action: Action, dice: Dice, data: CprData) -> Outcome:
    c = state.combatant(action.actor)
    able(c)
    if isinstance(action, Shoot):
        return _shoot(state, action, dice, data)
    if isinstance(action, Autofire):
        return _autofire(state, action, dice, data)
    if isinstance(action, Suppress):
        return _suppress(state, action, dice, data)
    if isinstance(action, FireShells):
        return _shells(state, action, dice, data)
    if isinstance(action, ThrowItem):
        return _throw(state, action, dice, data, TraceBuilder())
    if isinstance(action, Reload):
        return _reload(state, action, dice, data)
    if isinstance(action, Move):
        return _move(state, action, data)
    if isinstance(action, Stabilize):
        return _stabilize(state, action, dice, data)
    if isinstance(action, Extinguish):
        return _extinguish(state, action, data)
    if isinstance(action, ClearJam):
        return _clear_jam(state, action)
    if isinstance(action, Hold):
        return _hold(state, action)
    raise RuleRefusal(ACTION_RULE, f"cpr cannot resolve a {type(action).__name__}.")


# --- applying cpr's events ------------------------------------------------------------------------

# The copies every turn and shot of a fight makes (frozen.replacer: no keywords gathered).
_with_stats = replacer(CombatantState, "stats")
_with_hits_taken = replacer(CombatantState, "hits_taken")
_action_spent = replacer(CprFighter, "action_left", "holding")
_turn_fresh = replacer(CprFighter, "action_left", "move_left", "lose_next", "moved_m", "holding")
_new_turn = replacer(EncounterState, "round", "combatants")
_with_body_sp = replacer(CprFighter, "body_sp")
_with_head_sp = replacer(CprFighter, "head_sp")


def _with(state: EncounterState, c: CombatantState, **changes: Any) -> EncounterState:
    return state.with_combatant(_with_stats(c, replace(fighter(c), **changes)))


# An Action taken changes only the one who takes it: folded in a run with the rounds a shot
# fires (apply_all).
@personal_fold(ActionTaken, lambda e: e.actor)
def _action_taken(c: CombatantState, event: ActionTaken) -> CombatantState:
    own = fighter(c)
    if not own.action_left:
        raise FoldError(f"{event.actor} takes a second Action in one turn")
    return _with_stats(c, _action_spent(own, False, None))


def joined_turn(c: CombatantState) -> CombatantState:
    """A newcomer the GM brings in (DEC-705), unhurt and up, with a Move and an Action, as a
    turn opens (CPR-REF-1)."""
    return _with_stats(c, _turn_fresh(fighter(c), True, True, (), 0.0, None))


def _turn_started(state: EncounterState, e: TurnStarted) -> EncounterState:
    people = []
    for c in state.combatants:
        own = fighter(c)
        up = not (c.dead or c.unconscious)
        action_left = up and "action" not in own.lose_next
        move_left = up and "move" not in own.lose_next
        if (
            c.stats is own
            and own.action_left == action_left
            and own.move_left == move_left
            and own.lose_next == ()
            and own.moved_m == 0.0
            and own.holding is None
        ):
            people.append(c)  # already so (someone down since an earlier turn): no copy
            continue
        people.append(_with_stats(c, _turn_fresh(own, action_left, move_left, (), 0.0, None)))
    return _new_turn(state, e.round, tuple(people))


def _reloaded(state: EncounterState, e: MagazineReloaded) -> EncounterState:
    c = named_in_log(state, e.actor)
    weapon = c.weapon(e.weapon)
    if weapon is None or weapon.loaded is None:
        raise FoldError(f"{e.actor} has no magazine in a {e.weapon!r} to reload")
    old = weapon.loaded
    kept = old.rounds if old.ammo == e.ammo else 0
    added = e.rounds - kept
    own = fighter(c)
    carried = list(own.carried)

    def shift(ammo: str, delta: int) -> None:
        for i, pile in enumerate(carried):
            if pile.weapon == weapon.name and pile.ammo == ammo:
                carried[i] = replace(pile, rounds=pile.rounds + delta)
                return
        carried.append(CarriedAmmo(weapon=weapon.name, ammo=ammo, rounds=delta))

    if own.rounds_carried(weapon.name, e.ammo) < added:
        raise FoldError(f"{e.actor} loads {added} {e.ammo} into the {e.weapon}, carrying fewer")
    shift(e.ammo, -added)
    if e.removed and e.removed_ammo is not None:
        shift(e.removed_ammo, e.removed)
    loaded = MagazineState(rounds=e.rounds, capacity=old.capacity, ammo=e.ammo)
    c = c.with_weapon(replace(weapon, loaded=loaded))
    return _with(state, c, carried=tuple(carried))


def _item_gone(state: EncounterState, name: str, item: str) -> EncounterState:
    """One of ``item`` gone from ``name``'s hand, thrown or dropped (CPR-THR-1, CPR-AIM-1): a
    stack carried (three grenades, two knives) loses the one in hand (DEC-762)."""
    c = named_in_log(state, name)
    weapon = c.weapon(item)
    if weapon is None:
        return state  # an item the scene does not track (a phone, a bag)
    own = fighter(c)
    left = own.count_of(weapon.name) - 1
    items = tuple((n, k) for n, k in own.items if n != weapon.name)
    if left > 0:
        return _with(state, c, items=(*items, (weapon.name, left)))
    c = replace(c, weapons=tuple(w for w in c.weapons if w.name != weapon.name))
    return _with(state, c, items=items)


def _hurt(state: EncounterState, name: str, hp_lost: int) -> EncounterState:
    return state.with_combatant(_wounded(named_in_log(state, name), hp_lost))


def _wounded(c: CombatantState, hp_lost: int) -> CombatantState:
    """HP lost; a wound that bleeds again ends a stabilization (docs/decisions.md DEC-143)."""
    c = _with_hits_taken(c, c.hits_taken + hp_lost)
    own = fighter(c)
    if hp_lost > 0 and own.stabilized:
        return replace(c, stats=replace(own, stabilized=False))
    return c


# What a hit does to its target changes only them: a shot's events fold in one run
# (apply_all), the shooter's Action and rounds and the target's damage, armor and wound state.
@personal_fold(DamageDealt, lambda e: e.target)
def _damage_dealt(c: CombatantState, event: DamageDealt) -> CombatantState:
    return _wounded(c, event.hp_lost)


@personal_fold(ArmorAblated, lambda e: e.target)
def _armor_ablated(c: CombatantState, event: ArmorAblated) -> CombatantState:
    own = fighter(c)
    now = own.head_sp if event.location == "head" else own.body_sp
    if now != event.sp_before:
        raise FoldError(f"{event.target}'s {event.location} SP is {now}, not {event.sp_before}")
    ablate = _with_head_sp if event.location == "head" else _with_body_sp
    return _with_stats(c, ablate(own, event.sp_after))


@personal_fold(WoundStateChanged, lambda e: e.target)
def _wound_state(c: CombatantState, event: WoundStateChanged) -> CombatantState:
    if c.hits_left != event.hp_after:
        raise FoldError(f"{event.target} has {c.hits_left} HP, not {event.hp_after}")
    return c  # the wound state follows from HP (C-9)


def _cover_damaged(state: EncounterState, e: CoverDamaged) -> EncounterState:
    """A shield's HP on its holder; a barrier's in a condition that never ticks (C-13)."""
    if e.holder is not None:
        c = named_in_log(state, e.holder)
        if fighter(c).shield_hp != e.hp_before:
            raise FoldError(f"{e.holder}'s shield has {fighter(c).shield_hp} HP, not {e.hp_before}")
        return _with(state, c, shield_hp=e.hp_after)
    barrier = next((b for b in state.barriers if b.name == e.cover), None)
    if barrier is None:
        raise FoldError(f"no barrier called {e.cover!r} to take damage")
    key = f"{COVER_CONDITION}:{e.cover}"
    kept = ActiveCondition(id=key, kind=COVER_CONDITION, data=(("hp", e.hp_after),))
    others = tuple(x for x in state.conditions if x.id != key)
    return replace(state, conditions=(*others, kept))


def apply_cpr_event(state: EncounterState, event: Event) -> EncounterState:
    """The state after one of cpr's own events."""
    if isinstance(event, TurnStarted):
        return _turn_started(state, event)
    if isinstance(event, ActionTaken):
        return state.with_combatant(_action_taken(named_in_log(state, event.actor), event))
    if isinstance(event, ActionHeld):
        return _with(state, named_in_log(state, event.actor), holding=event.until)
    if isinstance(event, MoveTaken):
        c = named_in_log(state, event.actor)
        own = fighter(c)
        if not (own.action_left if event.run else own.move_left):
            raise FoldError(f"{event.actor} moves with no Move or Action left")
        spent = {"action_left": False} if event.run else {"move_left": False}
        return _with(
            state,
            c,
            **spent,
            moved_m=round(own.moved_m + event.distance_m, 2),
            must_take_cover=False,
            cover_from=(),
        )
    if isinstance(event, DamageDealt):
        return state.with_combatant(_damage_dealt(named_in_log(state, event.target), event))
    if isinstance(event, CriticalInjuryInflicted):
        state = _hurt(state, event.target, event.bonus_damage)
        c = named_in_log(state, event.target)
        own = fighter(c)
        injuries = own.injuries
        if event.injury is not None and event.injury not in injuries:
            injuries = (*injuries, event.injury)
        return _with(state, c, injuries=injuries)
    if isinstance(event, InjuryAggravated):
        return _hurt(state, event.target, event.bonus_damage)
    if isinstance(event, DeathSaveRolled):
        c = named_in_log(state, event.target)
        if c.dead:
            raise FoldError(f"{event.target} is dead and rolls no death save")
        c = replace(c, dead=not event.saved)
        state = _with(state, c, death_saves=fighter(c).death_saves + 1)
        return state if event.saved else death_ends_loads(state, event.target)
    if isinstance(event, CoverDamaged):
        return _cover_damaged(state, event)
    if isinstance(event, KnockedOut):
        return state.with_combatant(replace(named_in_log(state, event.target), unconscious=True))
    if isinstance(event, LoadTook):
        named_in_log(state, event.target)
        return apply_load(state, event)
    if isinstance(event, LoadWoreOff):
        named_in_log(state, event.target)
        return apply_wore_off(state, event)
    if isinstance(event, CloudFormed):
        return apply_cloud(state, event)
    if isinstance(event, SetOnFire):
        c = named_in_log(state, event.target)
        return _with(state, c, burning=max(fighter(c).burning, event.hp_per_turn))
    if isinstance(event, Burned):
        return _hurt(state, event.target, event.hp_lost)
    if isinstance(event, FireOut):
        return _with(state, named_in_log(state, event.target), burning=0)
    if isinstance(event, WeaponJammed):
        c = named_in_log(state, event.actor)
        return _with(state, c, jammed=tuple(dict.fromkeys((*fighter(c).jammed, event.weapon))))
    if isinstance(event, WeaponUnjammed):
        c = named_in_log(state, event.actor)
        return _with(state, c, jammed=tuple(w for w in fighter(c).jammed if w != event.weapon))
    if isinstance(event, LuckSpent):
        c = named_in_log(state, event.actor)
        if fighter(c).luck < event.points:
            raise FoldError(f"{event.actor} spends {event.points} LUCK with less left")
        return _with(state, c, luck=fighter(c).luck - event.points)
    if isinstance(event, Stabilized):
        c = named_in_log(state, event.target)
        return _with(state, c, stabilized=True, death_saves=0)
    if isinstance(event, ArmorAblated):
        return state.with_combatant(_armor_ablated(named_in_log(state, event.target), event))
    if isinstance(event, WoundStateChanged):
        _wound_state(named_in_log(state, event.target), event)
        return state
    if isinstance(event, ItemDropped):
        return _item_gone(state, event.target, event.item)
    if isinstance(event, ItemThrown):
        return _item_gone(state, event.actor, event.item)
    if isinstance(event, MagazineReloaded):
        return _reloaded(state, event)
    if isinstance(event, MustTakeCover):
        c = named_in_log(state, event.target)
        by = () if event.by is None else (event.by,)
        cover_from = tuple(dict.fromkeys((*fighter(c).cover_from, *by)))
        return _with(state, c, must_take_cover=True, cover_from=cover_from)
    if isinstance(event, NextTurnCurtailed):
        c = named_in_log(state, event.target)
        lost = fighter(c).lose_next
        return _with(state, c, lose_next=tuple(dict.fromkeys((*lost, event.loses))))
    raise FoldError(f"cpr does not know how to apply a {type(event).__name__} event")


# --- words for the narrated log and the state table --------------------------------------------


def _wound_name(state_value: str, data: CprData) -> str:
    return data.figures.wounds[state_value].name


def describe_cpr_event(event: Event, state: EncounterState, data: CprData) -> str | None:
    """A sentence for the narrated log (``state`` is the state before the event)."""
    if isinstance(event, TurnStarted):
        return f"Turn {event.round} begins: a Move and an Action each [CPR-REF-1]."
    if isinstance(event, DamageDealt):
        return (
            f"{event.target} takes {event.damage} damage to the {event.location}: SP "
            f"{event.sp} stops {event.damage - event.through}, {event.hp_lost} HP lost [C-3]."
        )
    if isinstance(event, ArmorAblated):
        return (
            f"{event.target}'s {event.location} SP ablates {event.sp_before} -> "
            f"{event.sp_after} [C-3]."
        )
    if isinstance(event, CriticalInjuryInflicted):
        if event.injury is None:
            what = "every injury already suffered"
        else:
            injury = data.injuries.injury(event.injury)
            what = f"{injury.label} ({injury.effect.rstrip('.')})"
        return (
            f"{event.target} suffers a critical injury: {what}, and {event.bonus_damage} "
            "bonus damage [C-4]."
        )
    if isinstance(event, InjuryAggravated):
        label = data.injuries.injury(event.injury).label
        return f"{event.target}'s {label} worsens with moving: {event.bonus_damage} HP lost [C-4]."
    if isinstance(event, WoundStateChanged):
        c = state.find(event.target)
        top = f"/{c.hits_max}" if c else ""
        return (
            f"{event.target} is {_wound_name(event.after, data)} ({event.hp_after}{top} HP) [C-9]."
        )
    if isinstance(event, ItemDropped):
        return f"{event.target} drops the {event.item}."
    if isinstance(event, ItemThrown):
        c = state.find(event.actor)
        left = fighter(c).count_of(event.item) - 1 if c else 0
        return f"{event.actor} throws the {event.item} ({left} left)."
    if isinstance(event, MagazineReloaded):
        c = state.find(event.actor)
        carried = fighter(c).rounds_carried(event.weapon, event.ammo) if c else 0
        kept = 0
        if c is not None:
            weapon = c.weapon(event.weapon)
            if (
                weapon is not None
                and weapon.loaded is not None
                and weapon.loaded.ammo == event.ammo
            ):
                kept = weapon.loaded.rounds
        left = carried - (event.rounds - kept)
        name = data.ammunition(event.ammo).name
        out = f", {event.removed} {event.removed_ammo} taken out" if event.removed else ""
        return (
            f"{event.actor}'s {event.weapon}: {event.rounds} {name} loaded{out}; "
            f"{left} carried [CPR-AMMO-1]."
        )
    if isinstance(event, MustTakeCover):
        fire = f" from {event.by}'s fire" if event.by is not None else ""
        return f"{event.target} must spend the next Move reaching cover{fire} [C-6]."
    if isinstance(event, DeathSaveRolled):
        if event.saved:
            return (
                f"{event.target} makes the death save ({event.total} under BODY {event.body}) "
                "[C-12]."
            )
        return f"{event.target} fails the death save ({event.total}) and dies [C-12]."
    if isinstance(event, ActionHeld):
        wait = f" until {event.until}" if event.until else ""
        return f"{event.actor} holds the Action{wait} [CPR-REF-1]."
    if isinstance(event, ActionTaken):
        c = state.find(event.actor)
        if c is not None and fighter(c).holding is not None:
            return f"{event.actor} acts on the held Action [CPR-REF-1]."
    if isinstance(event, WeaponJammed):
        return f"{event.actor}'s {event.weapon} jams [CPR-REF-1]."
    if isinstance(event, WeaponUnjammed):
        return f"{event.actor} clears the {event.weapon} [CPR-REF-1]."
    if isinstance(event, LuckSpent):
        return f"{event.actor} spends {event.points} LUCK [CPR-REF-1]."
    if isinstance(event, KnockedOut):
        return f"{event.target} is knocked out by the {event.cause} [C-14]."
    if isinstance(event, LoadTook):
        what = data.ammunition(event.load).name
        return f"The {what} holds {event.target} for {counted(event.turns, 'turn')} [C-14]."
    if isinstance(event, LoadWoreOff):
        return f"The {data.ammunition(event.load).name} wears off {event.target} [C-14]."
    if isinstance(event, CloudFormed):
        what = data.ammunition(event.load).name
        return (
            f"The {what} fills a {event.side_m:g} m square at {event.x_m:g},{event.y_m:g} m "
            f"for {counted(event.turns, 'turn')} [C-14]."
        )
    if isinstance(event, SetOnFire):
        return f"{event.target} is on fire ({event.hp_per_turn} HP a turn) [C-14]."
    if isinstance(event, Burned):
        return f"{event.target} burns: {event.hp_lost} HP [C-14]."
    if isinstance(event, FireOut):
        return f"{event.by} puts out the fire on {event.target} [C-14]."
    if isinstance(event, CoverDamaged):
        what = event.cover if event.holder else f"The {event.cover}"
        if event.hp_after > 0:
            return (
                f"{what} takes {event.damage} damage: {event.hp_before} -> "
                f"{event.hp_after} HP [C-13]."
            )
        return f"{what} is destroyed ({event.damage} damage) [C-13]."
    if isinstance(event, Stabilized):
        return f"{event.by} stabilizes {event.target}: no more death saves [C-12]."
    if isinstance(event, NextTurnCurtailed):
        label = data.injuries.injury(event.injury).label
        return f"{event.target} will have no {event.loses} next turn ({label}) [C-4]."
    if isinstance(event, MoveTaken) and event.run:
        return f"{event.actor} runs: the Action goes on moving [CPR-REF-1]."
    if isinstance(event, Moved):
        metres = metres_from_feet(event.distance_ft)
        return f"{event.actor} moves {metres:.1f} m to {_where(event.to)}."
    if isinstance(event, RoundsFired):
        return rounds_left_line(event, state)
    return None


def cpr_combatant_figures(c: CombatantState, data: CprData) -> dict[str, object]:
    """What cpr derives for a combatant's JSON: HP, wound state and its penalty, the turn."""
    own = fighter(c)
    wound = data.figures.wounds[wound_of(c).value]
    spot = spot_of(c)
    return {
        "position_m": {"x_m": spot.x_m, "y_m": spot.y_m},
        "hp": health(c).hp,
        "hp_max": c.hits_max,
        "wound_state": wound.key,
        "wound_penalty": wound.action_penalty,
        "action_left": own.action_left,
        "move_left": own.move_left,
        "body_sp": own.body_sp,
        "head_sp": own.head_sp,
        "injuries": list(own.injuries),
        "must_take_cover": own.must_take_cover,
        "body": own.body,
        "death_saves": own.death_saves,
        "stabilized": own.stabilized,
        "shield": own.shield or None,
        "shield_hp": own.shield_hp,
        "burning": own.burning,
        "luck": own.luck,
        "holding": own.holding,
        "jammed": list(own.jammed),
        "weapon_modifiers": {w: list(m) for w, m in own.weapon_modifiers},
    }


def _weapons_cell(c: CombatantState) -> str:
    own = fighter(c)
    parts = []
    for w in c.weapons:
        text = w.name
        if w.loaded is not None:
            text += f" {w.loaded}"
        carried = [f"{p.rounds} {p.ammo}" for p in own.carried if p.weapon == w.name and p.rounds]
        if carried:
            text += " (+" + ", ".join(carried) + ")"
        count = own.count_of(w.name)
        if count > 1:
            text += f" x{count}"
        parts.append(text)
    return "; ".join(parts) or "-"


def cpr_scene_lines(state: EncounterState, data: CprData, unit: Literal["ft", "m"]) -> list[str]:
    """Each barrier placed as every ruleset's table places it, with its cover's HP as it
    stands (C-13): the HP alone left a GM no way to find the spot behind it to move to."""
    lines = []
    for b, placed in zip(state.barriers, barrier_lines(state, unit), strict=True):
        if not b.cover:
            lines.append(placed)
            continue
        full = data.cover.hp_of(b.cover)
        left = barrier_cover(state, b, data).hp
        status = f"{left}/{full} HP" if left else "destroyed"
        lines.append(f"{placed}; cover {b.cover}: {status}")
    return [*lines, *lasting_lines(state)]


def cpr_row(c: CombatantState, data: CprData) -> dict[str, str]:
    """One row of the state table: the turn left, HP, wound state, up or down and the posture
    (a GM's ``set V prone`` seen, as every ruleset's row shows it), its conditions (injuries
    and what else weighs on them), SP and the LUCK left, a figure of its own (CPR-REF-1)."""
    own = fighter(c)
    wound = data.figures.wounds[wound_of(c).value]
    penalty = f" {wound.action_penalty}" if wound.action_penalty else ""
    notes = [data.injuries.injury(k).label for k in own.injuries]
    # A Move owed to cover is owed by someone who can move: the dead and the out owe none.
    if own.must_take_cover and c.can_act():
        fire = f" from {' and '.join(own.cover_from)}" if own.cover_from else ""
        notes.append(f"must take cover{fire}")
    if own.shield:
        notes.append(f"{own.shield} {own.shield_hp} HP" if own.shield_hp else f"{own.shield} gone")
    if own.burning:
        notes.append(f"on fire ({own.burning} HP a turn)")
    notes.extend(f"{w} jammed" for w in own.jammed)
    if own.holding is not None:
        notes.append(f"holding the Action{' until ' + own.holding if own.holding else ''}")
    if own.stabilized:
        notes.append("stabilized")
    elif own.death_saves and not c.dead:
        notes.append(f"death saves +{own.death_saves * data.figures.death_save_per_save}")
    notes.extend(f"no {x} next turn" for x in own.lose_next)
    spot = spot_of(c)
    return {
        "name": c.name,
        "side": c.side,
        "turn": fighter(c).turn_words() if not (c.dead or c.unconscious) else "-",
        "HP": f"{c.hits_left}/{c.hits_max}",
        "wound": f"{wound.name}{penalty}",
        "state": f"{combatant_status(c)}, {c.posture.value}",
        # "conditions", as rmu's and gurps's tables say: held Actions, jams, a shield and cover
        # owed sat under "injuries" beside the broken ribs.
        "conditions": ", ".join(notes) or "-",
        "at (m)": f"{spot.x_m:g},{spot.y_m:g}",
        "weapons": _weapons_cell(c),
        "SP body/head": f"{own.body_sp}/{own.head_sp}",
        "LUCK": str(own.luck),
    }
