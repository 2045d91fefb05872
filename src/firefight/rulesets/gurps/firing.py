"""Shooting in an encounter (docs/gurps.md): the shot an action line and the scene make, the
attack maneuvers (Attack, All-Out Attack, Move and Attack: GUR-CORE-1, GUR-MOVE-1), who is in
the way and where a miss goes in the scene (GUR-WRONG-1..3), white phosphorus's fire
(GUR-AMMO-1) and the simultaneous shots of opportunity fire (GUR-OPP-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from firefight.declarations import declare, field_named, parse_value
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import replace
from firefight.geometry import Point, bearing_deg, distance_ft
from firefight.geometry.areas import area_in_front, body_in_rectangle
from firefight.outcome import Happened, Outcome
from firefight.rulesets.gurps.attack import resolve_shot, run_shot, stray_hit
from firefight.rulesets.gurps.burning import burn
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.encounter_model import carried_weapon, gurps_stats
from firefight.rulesets.gurps.encounter_results import Attacked, MovedUnderFire, OpportunityShot
from firefight.rulesets.gurps.injury import Condition
from firefight.rulesets.gurps.line_of_fire import InTheWay, down_range, in_the_way
from firefight.rulesets.gurps.maneuvers import Advance, advance
from firefight.rulesets.gurps.opportunity import watchers_of
from firefight.rulesets.gurps.ranges import feet_from_yards, speed_range_modifier, yards_from_feet
from firefight.rulesets.gurps.rolls import DiceRoller
from firefight.rulesets.gurps.scene_cover import hiding_barrier, rising_over, scene_cover
from firefight.rulesets.gurps.setup import aim_on_the_move_barred, settle
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.shot_result import ShotResult
from firefight.rulesets.gurps.stray import Candidate, spare_enemies, strike_roll, walk
from firefight.rulesets.gurps.stray_results import StrayHit
from firefight.rulesets.gurps.turn_events import (
    GurpsAction,
    GurpsHurt,
    GurpsManeuver,
    hurt_by,
    hurt_from_shot,
    maneuver_taken,
)
from firefight.scene.events import moved_to
from firefight.scene.lines import option_point
from firefight.scene.state import CombatantState, EncounterState, Surprise
from firefight.trace import Trace, TraceBuilder

__all__ = [
    "ATTACKS",
    "MISSILE_VERBS",
    "SAYS_WHICH",
    "SHOT_OPTIONS",
    "attack",
    "attack_advance",
    "bearing_off_facing",
    "move_under_fire",
    "shot_for",
]

RULE = "GUR-CORE-1"

#: The shot's options an action line may give (the rest come from the scene).
SHOT_OPTIONS = (
    "shots",
    "mods",
    "mod",
    "location",
    "hesitate",
    "pop_up",
    "moving",
    "pace",
    "range_known",
    "crosswind",
    "indirect",
    "overhead",
    "trade_off",
)

#: The verbs that attack, and the 3e maneuver each is (GUR-CORE-1).
ATTACKS = {
    "shoots": "attack",
    "throws": "attack",
    "all-out": "all-out",
    "move-and-attack": "move-and-attack",
    "move-and-throw": "move-and-attack",
}
#: The Attack that shoots and the one that throws: each takes only its own weapons, as `gurps
#: shoot` and `gurps throw` do (GUR-IND-1, DEC-890); a Wait fires with either.
MISSILE_VERBS = ("shoots", "throws")
#: The lines that say whether their roll is a shot or a throw, each with the pair of words
#: (shot, throw) its refusal sends the GM to: Attack's and Move and Attack's (DEC-890,
#: DEC-948). An All-Out Attack's line names the maneuver alone and takes either.
SAYS_WHICH = {
    "shoots": (False, MISSILE_VERBS),
    "throws": (True, MISSILE_VERBS),
    "move-and-attack": (False, ("moves and shoots", "moves and throws")),
    "move-and-throw": (True, ("moves and shoots", "moves and throws")),
}
MANEUVER_NAMES = {
    "attack": "attack",
    "all-out": "all-out attack",
    "move-and-attack": "move and attack",
}


def line_values(action: GurpsAction) -> dict[str, object]:
    """The shot's options the action line gave, read as the command line reads them."""
    values: dict[str, object] = {}
    for option, texts in action.options:
        field = option.replace("-", "_")
        if field not in SHOT_OPTIONS:
            continue
        spec = field_named(Shoot, field)
        if spec.kind is bool:
            values[field] = True
        elif field in ("mods", "mod"):
            values[field] = tuple(texts)
        else:
            values[field] = parse_value(spec, texts[0])
    return values


def shot_for(
    state: EncounterState,
    action: GurpsAction,
    trace: TraceBuilder,
    *,
    maneuver: str = "attack",
    moving: str = "no",
    pace: float = 0.0,
    in_the_way: int = 0,
) -> Shoot:
    """The shot ``action`` takes in ``state`` (with the shooter where the maneuver's move left
    them, ``pace`` the yards it covered in its second): the line's options plus everything the
    scene knows."""
    shooter = state.combatant(action.actor)
    target = state.combatant(action.target or "")
    s, t = gurps_stats(shooter), gurps_stats(target)
    name, kind = carried_weapon(shooter, action.weapon)
    carried = shooter.weapon(name)
    ammo = carried.loaded.ammo if carried is not None and carried.loaded is not None else "standard"
    values = line_values(action)
    given = values.pop("mods", ())
    mods = tuple(str(m) for m in given) if isinstance(given, tuple) else ()
    cover, said = scene_cover(state, shooter, target, given=mods)
    if said is not None:
        trace.step(said, rule="DEC-632")
    if cover is not None:
        mods = (*mods, cover)
    aimed = s.aim_target == target.name
    aim = s.aim_turns if aimed else 0
    # DEC-633: wholly behind a barrier of their own against the target, the shooter can only
    # rise from it to fire: a pop-up attack, which takes no aim.
    own = rising_over(state, shooter, target)
    if own is not None and not values.get("pop_up"):
        lost = ", and the aim is lost" if aim else ""
        trace.step(
            f"{shooter.name} is out of {target.name}'s sight behind the {own.name}: a pop-up "
            f"attack{lost}",
            rule="DEC-633",
        )
        values["pop_up"] = True
        aim = 0
    if maneuver != "attack":
        values.pop("moving", None)
        values.pop("pace", None)
        values |= {"maneuver": maneuver, "moving": moving}
        if moving != "no":
            # GUR-MOVE-1 (DEC-950): the pace (the move's yards in its second) bars an aim past
            # 2 yd/s or half Move; it is handed in, as the state shows the shooter moved already.
            values["pace"] = pace
    if aim and values.get("moving", "no") != "no":
        why = aim_on_the_move_barred(
            str(values["moving"]),
            float(str(values.get("pace", 0.0))),
            s.move,
            DATA.weapon(kind),
            bool(values.get("bad_terrain", False)),
            DATA.house.moving,
        )
        if why is not None:
            trace.step(f"the aim is lost: {why}", rule="GUR-MOVE-1")
            aim = 0
    caught = target.surprise is not Surprise.NONE and not t.acted and state.round == 1
    defends = target.can_act() and not caught and not t.all_out
    if t.all_out and target.can_act():
        trace.step(f"{target.name} made an All-Out Attack: no active defense", rule=RULE)
    dodge = t.dodge // 2 if t.hp_left <= DATA.core.injury.halved_at_or_below else t.dodge
    skill = max(1, s.skill(name) + s.shock)
    if s.shock:
        # The shot's sum starts from the skill it is given: say where the shock went.
        trace.step(
            f"{shooter.name}'s shock {s.shock} from a wound since their last turn: skill "
            f"{s.skill(name)} less {-s.shock}, {skill}",
            rule=RULE,
        )
    return _declared(
        weapon=kind,
        skill=skill,
        st=s.st,
        ammo=ammo if ammo in DATA.ammo else "standard",
        arrow=ammo if ammo in DATA.arrows else None,
        distance=round(yards_from_feet(distance_ft(shooter.position, target.position)), 2),
        bearing=bearing_off_facing(shooter, target),
        vision=s.vision,
        aim=aim,
        braced=s.braced and aimed and aim > 0,
        move=s.move,
        in_the_way=in_the_way,
        opportunity=s.watching,
        mods=mods,
        surprised=caught,
        defense="dodge" if defends else "none",
        defense_value=dodge if defends else 0,
        armor=t.armor,
        shield_pd=t.shield_pd,
        hp=t.hp,
        ht=t.ht,
        injured=t.lost,
        stunned=t.stunned,
        unconscious=target.unconscious,
        **values,
    )


def bearing_off_facing(shooter: CombatantState, target: CombatantState) -> float:
    """The target's direction off the shooter's facing, to a tenth of a degree. A hair to the
    left rounds to -0.0, which equals 0.0 but prints "-0": it is read as 0.0, so equal shots,
    kept by equality, always print alike."""
    return round(bearing_deg(shooter.position, target.position) - shooter.facing_deg, 1) + 0.0


# A fight's shots repeat (the same shooter at the same target from the same place, turn after
# turn: some nineteen in twenty of a simulation's shots were declared before), and checking a
# declaration's forty-odd options costs more than the rest of the shot's setting up: each
# declared once, keyed on the plain values given (text, numbers, yes/no, a tuple of text;
# typed, so 1, 1.0 and True stay apart) in a bounded cache. The checks read nothing but those
# values and the fixed catalog (DATA); a refusal is never kept. A kept shot equals the one
# declared anew, and equal shots are alike to every reader (the bearing is never -0.0, see
# `bearing_off_facing`): the set-up worked out from a shot is itself kept by equality
# (setup.settle).
@lru_cache(maxsize=512, typed=True)
def _declared(**values: object) -> Shoot:
    return declare(Shoot, **values)


def attack_advance(c: CombatantState, action: GurpsAction) -> Advance | None:
    """The move an attack maneuver makes before its shot, to ``--to`` (All-Out Attack, Move and
    Attack); None for a plain Attack. Refuses one past the maneuver's limits."""
    maneuver = ATTACKS[action.verb]
    if maneuver == "attack":
        return None
    to = dict(action.options).get("to")
    point = option_point(to, what="--to", unit="ft") if to else None
    return advance(c, point, maneuver, move=gurps_stats(c).move)


def attack(
    state: EncounterState, action: GurpsAction, dice: Dice, trace: TraceBuilder
) -> Outcome[Attacked]:
    """An attack maneuver: Attack, All-Out Attack (after an advance of up to half Move) or Move
    and Attack (firing while walking or running, GUR-MOVE-1), its steps told to ``trace``; a
    quiet one (the quiet path's) is handed to the shot's resolver too, which words no step,
    and the shot's outcome then words no headline."""
    c = state.combatant(action.actor)
    maneuver = ATTACKS[action.verb]
    events: list[Event] = [maneuver_taken(c.name, MANEUVER_NAMES[maneuver])]
    moving = "no"
    fired_at: tuple[OpportunityShot, ...] = ()
    went = attack_advance(c, action)
    if went is not None:
        if went.event is not None:
            trace.step(f"{c.name} moves {went.yards:g} yd ({MANEUVER_NAMES[maneuver]})", rule=RULE)
            volley = opportunity_volley(state, c, went.event.to, dice, trace)
            if volley is not None and volley.stop is not None:
                events += [moved_to(c, volley.stop), *volley.events]
                return Outcome(
                    events=tuple(events),
                    trace=trace.build(),
                    result=Attacked(
                        headline=f"{c.name} is dropped by opportunity fire before attacking.",
                        opportunity_fire=volley.fired,
                    ),
                )
            events.append(went.event)
            if volley is not None:
                events += volley.events
                fired_at = volley.fired
            state = state.with_combatant(went.mover)
        moving = went.moving
    name, kind = carried_weapon(c, action.weapon)
    carried = c.weapon(name)
    ammo = DATA.ammo.get(carried.loaded.ammo) if carried and carried.loaded else None
    if ammo is not None and ammo.area_damage is not None:
        events += area_attack(state, action, ammo.key, dice, trace)
        return Outcome(events=tuple(events), trace=trace.build(), result=Attacked(headline="Fire."))
    way = people_in_the_way(state, action, trace)
    shot = shot_for(
        state,
        action,
        trace,
        maneuver=maneuver,
        moving=moving,
        pace=went.yards if went is not None else 0.0,
        in_the_way=len(way.interfering),
    )
    telling = trace.telling
    outcome = resolve_shot(shot, dice, trace=None if telling else trace)
    fired = outcome.result
    events.append(RoundsFired(actor=c.name, weapon=name, rounds=shot.shots))
    if fired.condition is not None and fired.injury:
        events.append(hurt_from_shot(action.target or "", fired))
    after = TraceBuilder() if telling else trace
    strays = strays_of(state, action, shot, fired, way, dice, after)
    events += [s.event for s in strays if s.event is not None]
    if not telling:
        # The quiet path reads the events alone: no headline worded for it.
        return Outcome(events=tuple(events), trace=trace.build(), result=_UNTOLD)
    said = _shot_words(fired).replace("; target ", f"; {action.target} ")
    # The maneuver is named when it is not a plain Attack: an All-Out Attack gives up every
    # defense until the next turn (GUR-CORE-1), which the table must know.
    how = "" if maneuver == "attack" else f" ({MANEUVER_NAMES[maneuver]})"
    # A throw says so (DEC-890), whatever the maneuver (DEC-948): "Ann throws the knife at
    # Bob (all-out attack)".
    doing = (
        f"throws the {name} at {action.target}{how}"
        if DATA.weapon(kind).kind == "thrown"
        else f"shoots {action.target} with the {name}{how}"
    )
    headline = f"{c.name} {doing}: {said}"
    if strays:
        headline += f" A stray strikes {', '.join(s.record.hit for s in strays)}."
    return Outcome(
        events=tuple(events),
        trace=Trace((*trace.build().entries, *outcome.trace.entries, *after.build().entries)),
        result=Attacked(
            headline=headline,
            strays=tuple(s.record for s in strays) or None,
            opportunity_fire=fired_at or None,
            shot=fired,
        ),
    )


#: What an attack resolved on a quiet trace says: nothing, as its trace (nobody reads either).
_UNTOLD = Attacked(headline="")


def _shot_words(shot: ShotResult) -> str:
    """The shot's own headline, lower-cased to follow a name; a miss says by how much, a
    critical failure says so (G-1: it is no near miss, whatever the margin)."""
    missed = [s.missed_by for s in shot.shots if s.missed_by is not None]
    if shot.result == "miss" and shot.critical_miss:
        return "a critical failure."
    if shot.result == "miss" and missed:
        return f"missed by {', '.join(str(m) for m in missed)}."
    return shot.headline[:1].lower() + shot.headline[1:]


def area_attack(
    state: EncounterState, action: GurpsAction, ammo: str, dice: Dice, trace: TraceBuilder
) -> list[Event]:
    """A white phosphorus shell fired toward the target: everyone whose body touches the block
    2 hexes wide and 6 long in front of the muzzle burns (GUR-AMMO-1)."""
    shooter = state.combatant(action.actor)
    target = state.combatant(action.target or "")
    spec = DATA.ammo[ammo]
    block = area_in_front(
        shooter.position,
        bearing_deg(shooter.position, target.position),
        feet_from_yards(spec.area_length),
        feet_from_yards(spec.area_width),
    )
    inside = [
        p for p in state.combatants if p.name != shooter.name and body_in_rectangle(p.body, block)
    ]
    people = []
    for p in inside:
        t = gurps_stats(p)
        condition = Condition(
            hp=t.hp, ht=t.ht, lost=t.lost, stunned=t.stunned, unconscious=p.unconscious, dead=p.dead
        )
        people.append((p.name, DATA.armor[t.armor].dr, condition))
    trace.step(
        f"{spec.name}: {', '.join(p.name for p in inside) or 'nobody'} in the fire",
        rule="GUR-AMMO-1",
    )
    burned = burn(ammo, people, DiceRoller(dice, trace), trace)
    name, _ = carried_weapon(shooter, action.weapon)
    events: list[Event] = [RoundsFired(actor=shooter.name, weapon=name, rounds=1)]
    for b in burned:
        if b.injury and b.condition is not None:
            events.append(hurt_by(b.name, b.injury, b.shock, b.condition))
    return events


def people_in_the_way(state: EncounterState, action: GurpsAction, trace: TraceBuilder) -> InTheWay:
    """GUR-WRONG-1: who stands between shooter and target, read from the scene."""
    shooter = state.combatant(action.actor)
    target = state.combatant(action.target or "")
    _, kind = carried_weapon(shooter, action.weapon)
    weapon = DATA.weapon(kind)
    shots = int(dict(action.options).get("shots", ("1",))[0] or 1)
    burst = shots >= 2 and weapon.rcl <= -1 and weapon.shots_per_turn >= 2
    way = in_the_way(state, shooter, target, burst=burst)
    if way.interfering:
        names = ", ".join(c.name for c in way.interfering)
        trace.step(f"in the line of fire: {names}", rule="GUR-WRONG-1")
    low = [c.name for c in way.possible if c not in way.interfering]
    if low:
        trace.step(
            f"a burst may still strike {', '.join(low)}, low in the line of fire",
            rule="GUR-WRONG-1",
        )
    return way


@dataclass(frozen=True, slots=True, kw_only=True)
class _Stray:
    record: StrayHit
    event: GurpsHurt | None


def strays_of(
    state: EncounterState,
    action: GurpsAction,
    shot: Shoot,
    fired: ShotResult,
    way: InTheWay,
    dice: Dice,
    trace: TraceBuilder,
) -> list[_Stray]:
    """Each missed or dodged missile's walk through the scene (GUR-WRONG-2, GUR-WRONG-3): past
    the people in the way, then down range; whoever it strikes may still dodge, then takes
    normal damage (or half with --stray-damage half) to the body (DEC-399); nobody out of the
    shooter's sight behind a barrier (DEC-644)."""
    shooter = state.combatant(action.actor)
    target = state.combatant(action.target or "")
    setup = settle(shot, DATA)
    rows = DATA.core.speed_range.rows
    at_target = speed_range_modifier(setup.distance + shot.speed, rows)
    half = (dict(action.options).get("stray-damage") or ("normal",))[0]
    if half not in ("normal", "half"):
        raise RuleRefusal("GUR-WRONG-2", f"A stray does normal or half damage, not {half!r}.")
    roller = DiceRoller(dice, trace)
    found: list[_Stray] = []
    for i, record in enumerate(fired.shots):
        dodged = record.defended == "dodge"
        if record.result in ("success", "critical success") and not dodged:
            continue
        if record.defended in ("block", "parry") or record.scatter_yd is not None:
            continue  # knocked away (GUR-WRONG-3), or a lob that scattered (GUR-IND-2)
        if record.target is None:
            continue  # spent on hard cover (GUR-AMMO-1)
        walker = _Walker(
            state=state,
            action=action,
            shooter=shooter,
            target=target,
            number=record.target - at_target,
            max_range=setup.max_range,
            critical="critical" in record.result and not dodged,
            halved=half == "half",
            shot_number=i + 1,
            roller=roller,
            trace=trace,
        )
        in_way = [] if dodged else [walker.candidate(c) for c in way.possible if walker.sees(c)]
        in_way = walker.spare(in_way)
        wide = 0 if dodged else record.wide_hexes or 0
        if not in_way and not any(walker.beyond(d, wide) for d in ("through", "left", "right")):
            continue  # nobody it could strike: no need to follow it
        trace.step(f"shot {i + 1} flies on", rule="GUR-WRONG-3" if dodged else "GUR-WRONG-2")
        missed_by = None if dodged else record.missed_by
        walk(missed_by, in_way, walker.beyond, walker.strike, roller, trace)
        found += walker.struck
    return found


@dataclass(slots=True, kw_only=True)
class _Walker:
    """One missile's possible targets in the scene and what striking one does (GUR-WRONG-2).
    ``number`` is the shot's hit number without its speed/range modifier: each possible target
    adds its own range's (size and speed are the same for every scene figure, DEC-399)."""

    state: EncounterState
    action: GurpsAction
    shooter: CombatantState
    target: CombatantState
    number: int
    max_range: float
    critical: bool
    halved: bool
    shot_number: int
    roller: DiceRoller
    trace: TraceBuilder
    struck: list[_Stray] = field(default_factory=list)
    #: Whether the trace has said that a critical miss spares the enemies.
    spared: bool = False

    def candidate(self, c: CombatantState) -> Candidate:
        yards = yards_from_feet(distance_ft(self.shooter.position, c.position))
        rows = DATA.core.speed_range.rows
        foe = bool(c.side) and c.side != self.shooter.side and not c.bystander
        return Candidate(
            name=c.name, number=self.number + speed_range_modifier(yards, rows), foe=foe
        )

    def beyond(self, direction: str, wide: int) -> list[Candidate]:
        people = down_range(
            self.state,
            self.shooter,
            self.target,
            direction=direction,
            wide=wide,
            max_range_yd=self.max_range,
        )
        return self.spare([self.candidate(c) for c in people if self.sees(c)])

    def spare(self, listed: list[Candidate]) -> list[Candidate]:
        """``listed`` less the shooter's enemies on a critical miss (GUR-WRONG-2), said once
        a missile however often its way is looked along."""
        if not self.critical:
            return listed
        kept = spare_enemies(listed, None if self.spared else self.trace)
        self.spared = self.spared or len(kept) != len(listed)
        return kept

    def sees(self, c: CombatantState) -> bool:
        """Whether ``c`` shows to the shooter: one wholly behind a barrier (DEC-632) is out of
        the missile's reach, and no die is rolled for them (DEC-644)."""
        return hiding_barrier(self.state, self.shooter, c) is None

    def strike(self, c: Candidate) -> bool:
        if not strike_roll(c, self.roller, self.trace):
            return False
        victim = self.state.combatant(c.name)
        if victim.dead:
            self.struck.append(
                _Stray(record=StrayHit(shot=self.shot_number, hit=c.name), event=None)
            )
            return True
        aimed = shot_for(self.state, replace(self.action, target=c.name), self.trace)
        wound = stray_hit(aimed, self.roller, self.trace, halved=self.halved)
        if wound is None:
            return False
        event = None
        if wound.condition is not None and wound.injury:
            event = hurt_by(c.name, wound.injury, wound.shock, wound.condition)
        record = StrayHit(shot=self.shot_number, hit=c.name, injury=wound.injury)
        self.struck.append(_Stray(record=record, event=event))
        return True


def _watcher_line(w: CombatantState, mover: CombatantState) -> GurpsAction:
    """The shot watcher ``w`` fires at ``mover``: the weapon in hand, and the waiting's own
    modifiers (a specific target -4, telling friend from foe -2: GUR-OPP-1)."""
    s = gurps_stats(w)
    wanted = (("specific-target", s.watch_for is not None), ("identify-target", s.watch_hold))
    mods = tuple(key for key, on in wanted if on)
    return GurpsAction(
        actor=w.name,
        verb="shoots",
        text=f"{w.name} shoots {mover.name}",
        target=mover.name,
        weapon=s.in_hand,
        options=(("mods", mods),) if mods else (),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _Volley:
    """Opportunity fire at a mover: the events, where the mover was dropped (None: not), who
    fired and each shot."""

    events: tuple[Event, ...]
    stop: Point | None
    names: str
    fired: tuple[OpportunityShot, ...]


def opportunity_volley(
    state: EncounterState, c: CombatantState, to: Point, dice: Dice, trace: TraceBuilder
) -> _Volley | None:
    """Whoever watches an area ``c``'s move to ``to`` enters fires where ``c`` comes into it.
    The shots are simultaneous (GUR-OPP-1, DEC-401): each is set up on the scene as it stood
    before any of them (a knockdown or stun from one does not change another's aim), every
    one is fired whatever the others did, and the wounds add up. A mover knocked down, out or
    dead stops where the first shot that dropped them was fired. A miss walks on down range
    like any other (GUR-WRONG-2). A watcher who cannot see the mover come in, wholly behind a
    barrier there (DEC-632), or cannot take the shot (past the weapon's Max, say), does not
    fire; nobody's move is refused for it. The mover's speed is the move's yards in its
    second (G-2, DEC-641)."""
    start = c.position
    # G-2: the mover is fired on mid-move; the yards the move covers in its second are their
    # speed, which adds to the range (DEC-641).
    pace = round(yards_from_feet(distance_ft(start, to)), 2)
    watchers = []
    unseen = []
    for w, share in sorted(watchers_of(state, c, start, to), key=lambda pair: pair[1]):
        entry = Point(
            x_ft=round(start.x_ft + share * (to.x_ft - start.x_ft), 2),
            y_ft=round(start.y_ft + share * (to.y_ft - start.y_ft), 2),
        )
        facing = moved_to(c, entry).facing_deg if entry != start else c.facing_deg
        there = state.with_combatant(replace(c, position=entry, facing_deg=facing))
        # DEC-632: a mover wholly behind a barrier where they come in is out of the watcher's
        # sight, and draws no shot.
        hiding = hiding_barrier(there, w, there.combatant(c.name))
        line = _watcher_line(w, c)
        if hiding is not None:
            words = f"{w.name} cannot see {c.name} come in behind the {hiding.name}: no shot"
            unseen.append((words, "DEC-632"))
            continue
        # A watcher fires only a shot the rules allow from there (not past the weapon's Max,
        # say): one they cannot take is theirs to miss, and refuses nobody's move.
        try:
            settle(replace(shot_for(there, line, TraceBuilder()), speed=pace), DATA)
        except RuleRefusal as why:
            words = f"{w.name} fires no shot at {c.name}: {why.reason.rstrip('.')}"
            unseen.append((words, why.rule))
            continue
        watchers.append((w, entry, there, line))
    if not watchers:
        for words, rule in unseen:
            trace.step(words, rule=rule)
        return None
    names = ", ".join(w.name for w, _, _, _ in watchers)
    trace.step(f"{c.name} moves into the areas {names} watch: they fire together", rule="GUR-OPP-1")
    for words, rule in unseen:
        trace.step(words, rule=rule)
    events: list[Event] = []
    lost = gurps_stats(c).lost
    stop: Point | None = None
    fired: list[OpportunityShot] = []
    for w, entry, there, line in watchers:
        trace.step(
            f"{w.name} fires as {c.name} comes in at {entry.x_ft:g},{entry.y_ft:g}",
            rule="GUR-OPP-1",
        )
        way = people_in_the_way(there, line, trace)
        aimed = shot_for(there, line, trace, in_the_way=len(way.interfering))
        shot = replace(aimed, injured=lost, speed=pace)
        result = run_shot(shot, DiceRoller(dice, trace), trace)
        held = w.weapon(gurps_stats(w).in_hand)
        assert held is not None
        events += [
            GurpsManeuver(actor=w.name, maneuver="opportunity fire"),
            RoundsFired(actor=w.name, weapon=held.name, rounds=shot.shots),
        ]
        if result.condition is not None and result.injury:
            lost += result.injury
            if result.condition.down and stop is None:
                stop = entry
            events.append(hurt_from_shot(c.name, result))
        strays = strays_of(there, line, shot, result, way, dice, trace)
        events += [x.event for x in strays if x.event is not None]
        fired.append(
            OpportunityShot(
                shooter=w.name, shot=result, strays=tuple(x.record for x in strays) or None
            )
        )
    if stop is not None:
        trace.step(f"{c.name} goes down at {stop.x_ft:g},{stop.y_ft:g}", rule="GUR-OPP-1")
    return _Volley(events=tuple(events), stop=stop, names=names, fired=tuple(fired))


def move_under_fire(
    state: EncounterState, c: CombatantState, to: Point, dice: Dice
) -> Outcome[Happened | MovedUnderFire]:
    """Move, perhaps into opportunity fire (:func:`opportunity_volley`)."""
    trace = TraceBuilder()
    volley = opportunity_volley(state, c, to, dice, trace)
    if volley is None:
        return Outcome(
            events=(GurpsManeuver(actor=c.name, maneuver="move"), moved_to(c, to)),
            trace=trace.build(),
            result=Happened(headline=f"{c.name} moves."),
        )
    moved = moved_to(c, volley.stop if volley.stop is not None else to)
    return Outcome(
        events=(GurpsManeuver(actor=c.name, maneuver="move"), moved, *volley.events),
        trace=trace.build(),
        result=MovedUnderFire(
            headline=f"{c.name} moves into opportunity fire from {volley.names}.",
            opportunity_fire=volley.fired,
        ),
    )
