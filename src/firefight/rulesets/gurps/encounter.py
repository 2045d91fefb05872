"""gurps in an encounter: one-second turns in 3e maneuver terms (docs/gurps.md).

Each round is one second (:class:`GurpsTurnStarted`); everyone able takes one maneuver, fastest
Move first. Verbs: ``aims at T`` (Aim: +Acc, then +1 a turn), ``shoots T`` (Attack, with the
shot's own options), ``moves X,Y`` (Move, feet), ``waits --watch N|line|cone`` (Wait for
opportunity fire, GUR-OPP-1), ``reloads`` (Ready: 002's reload times, GUR-RELOAD-1),
``recovers`` (Do Nothing; a stunned fighter's HT roll), ``kneels``/``stands``/``drops``
(Change Position). Shock lasts the next turn; a major wound may stun and knock down; HP, death
checks and the rest come from the shot's resolution (GUR-CORE-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from firefight.declarations import declare, field_named, parse_value
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import replace
from firefight.geometry import Point, Posture, bearing_deg, distance_ft
from firefight.geometry.areas import area_in_front, body_in_rectangle
from firefight.outcome import Outcome
from firefight.rulesets.gurps.attack import resolve_shot, run_shot, stray_hit
from firefight.rulesets.gurps.burning import burn
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.draw import Draw, resolve_draw
from firefight.rulesets.gurps.encounter_model import GurpsStats, gurps_stats
from firefight.rulesets.gurps.injury import Condition
from firefight.rulesets.gurps.line_of_fire import InTheWay, down_range, in_the_way
from firefight.rulesets.gurps.maneuvers import advance
from firefight.rulesets.gurps.opportunity import WatchedArea, check_in_arc
from firefight.rulesets.gurps.ranges import (
    feet_from_yards,
    speed_range_modifier,
    yards_from_feet,
)
from firefight.rulesets.gurps.reload import Reload, resolve_reload
from firefight.rulesets.gurps.rolls import DiceRoller
from firefight.rulesets.gurps.setup import aim_on_the_move_barred, opportunity_modifier, settle
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.stray import Candidate, spare_enemies, strike_roll, walk
from firefight.rulesets.gurps.success import judge
from firefight.scene.actions import ACTION_RULE, Action
from firefight.scene.apply import FoldError, named_in_log
from firefight.scene.events import InitiativeOrdered, PostureChanged, moved_to
from firefight.scene.lines import OptionKind, one_name, option_point, read_line
from firefight.scene.points import scene_point
from firefight.scene.state import DOWN_RULE, CombatantState, EncounterState, Surprise
from firefight.trace import Trace, TraceBuilder

__all__ = [
    "EVENT_TYPES",
    "GurpsDrew",
    "GurpsHurt",
    "GurpsManeuver",
    "GurpsRecovered",
    "GurpsTurnStarted",
    "apply_gurps_event",
    "gurps_row",
    "initiative",
    "parse_gurps_action",
    "resolve_gurps_action",
    "start_turn",
    "validate_gurps_action",
]

RULE = "GUR-CORE-1"


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsTurnStarted(Event):
    """A new one-second turn: everyone may take a maneuver; last turn's shock wears off."""

    round: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsManeuver(Event):
    """``actor`` took ``maneuver`` this turn (aim, attack, all-out attack, move and attack,
    move, wait, ready, nothing)."""

    actor: str
    maneuver: str
    aim_target: str | None = None
    aim_turns: int = 0
    braced: bool = False
    watching: str | None = None
    watch_x: float | None = None
    watch_y: float | None = None
    watch_for: str | None = None
    watch_hold: bool = False
    busy: int = 0
    reloading: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsDrew(Event):
    """``actor`` drew ``weapon``: ``ready`` unless it was dropped (GUR-RELOAD-1)."""

    actor: str
    weapon: str
    ready: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsHurt(Event):
    """``target`` took ``injury`` HP, with what it did to them."""

    target: str
    injury: int
    shock: int
    stunned: bool
    knocked_down: bool
    unconscious: bool
    dead: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsRecovered(Event):
    actor: str


EVENT_TYPES: tuple[type[Event], ...] = (
    GurpsTurnStarted,
    GurpsManeuver,
    GurpsDrew,
    GurpsHurt,
    GurpsRecovered,
)


# --- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsAction(Action):
    target: str | None = None
    weapon: str | None = None
    options: tuple[tuple[str, tuple[str, ...]], ...] = ()
    words: tuple[str, ...] = ()


_VERBS = {
    "aims": "aims",
    "aims at": "aims",
    "aim": "aims",
    "shoots": "shoots",
    "shoots at": "shoots",
    "fires at": "shoots",
    "shoot": "shoots",
    "all-out attacks": "all-out",
    "all-out attack": "all-out",
    "moves and shoots": "move-and-attack",
    "moves and fires at": "move-and-attack",
    "move and shoot": "move-and-attack",
    "moves": "moves",
    "moves to": "moves",
    "move": "moves",
    "waits": "waits",
    "wait": "waits",
    "reloads": "reloads",
    "readies": "reloads",
    "reload": "reloads",
    "draws": "draws",
    "draw": "draws",
    "recovers": "recovers",
    "does nothing": "recovers",
    "kneels": "kneels",
    "stands": "stands",
    "drops": "drops",
    "drops prone": "drops",
}
#: The shot's options an action line may give (the rest come from the scene).
_SHOT_OPTIONS = (
    "shots",
    "mods",
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


def _kind(option: str) -> OptionKind:
    if option == "mods":
        return "many"
    return "flag" if field_named(Shoot, option).kind is bool else "str"


_LINE_SHOT: dict[str, OptionKind] = {
    **{o.replace("_", "-"): _kind(o) for o in _SHOT_OPTIONS},
    "stray-damage": "str",
}
#: The verbs that attack, and the 3e maneuver each is (GUR-CORE-1).
_ATTACKS = {"shoots": "attack", "all-out": "all-out", "move-and-attack": "move-and-attack"}
_OPTIONS: dict[str, dict[str, OptionKind]] = {
    "aims": {"weapon": "str", "braced": "flag"},
    "shoots": {"weapon": "str", **_LINE_SHOT},
    "all-out": {"weapon": "str", "to": "str", **_LINE_SHOT},
    "move-and-attack": {"weapon": "str", "to": "str", **_LINE_SHOT},
    "moves": {},
    "waits": {"watch": "str", "at": "str", "for": "str", "hold": "flag"},
    "reloads": {"weapon": "str", "fast-draw": "flag", "random-arrow": "flag"},
    "draws": {"fast-draw": "flag"},
    "recovers": {},
    "kneels": {},
    "stands": {},
    "drops": {},
}


def parse_gurps_action(text: str, state: EncounterState) -> Action:
    line = read_line(
        text, state, _VERBS, _OPTIONS, ruleset="gurps", example="Ann shoots Bob --shots 2"
    )
    target = None
    if line.verb == "aims" or line.verb in _ATTACKS:
        target = one_name(line.words, state, what=f"{line.verb} at")
    elif line.words and line.verb not in ("moves", "draws"):
        raise RuleRefusal(ACTION_RULE, f"'{line.verb}' takes no name: {' '.join(line.words)!r}.")
    return GurpsAction(
        actor=line.actor,
        verb=line.verb,
        text=text,
        target=target,
        weapon=" ".join(line.words) if line.verb == "draws" else line.first("weapon"),
        options=tuple(line.options.items()),
        words=line.words,
    )


def start_turn(round_number: int) -> Outcome:
    return Outcome(events=(GurpsTurnStarted(round=round_number),), trace=Trace(()))


def initiative(state: EncounterState) -> Outcome:
    """3e: the fastest acts first (Move), ties together."""
    able = [c for c in state.combatants if c.can_act]
    moves = sorted({gurps_stats(c).move for c in able}, reverse=True)
    groups = tuple(tuple(c.name for c in able if gurps_stats(c).move == m) for m in moves)
    return Outcome(events=(InitiativeOrdered(groups=groups),), trace=Trace(()))


def _weapon(c: CombatantState, name: str | None) -> tuple[str, str]:
    weapon = c.weapon(name)
    if weapon is None:
        raise RuleRefusal(RULE, f"{c.name} carries no weapon called {name!r}.")
    return weapon.name, weapon.kind


def validate_gurps_action(state: EncounterState, action: Action) -> None:
    assert isinstance(action, GurpsAction)
    c = state.combatant(action.actor)
    stats = gurps_stats(c)
    if not c.can_act:
        raise RuleRefusal(DOWN_RULE, f"{c.name} is down and takes no maneuver.")
    fires_on_wait = stats.watching is not None and action.verb == "shoots"
    if stats.acted and not fires_on_wait:
        raise RuleRefusal(ACTION_RULE, f"{c.name} has taken this second's maneuver already.")
    if action.verb == "draws" and not action.weapon:
        raise RuleRefusal("GUR-RELOAD-1", f"Say which weapon {c.name} draws.")
    if stats.stunned and action.verb != "recovers":
        raise RuleRefusal(RULE, f"{c.name} is stunned: they can only try to recover.")
    if action.verb in _ATTACKS:
        name, _ = _weapon(c, action.weapon)
        if name != stats.in_hand:
            raise RuleRefusal(
                "GUR-RELOAD-1", f"{c.name}'s {name} is not in hand: draw it first ('draws {name}')."
            )
        loaded = c.weapon(name)
        shots = int(dict(action.options).get("shots", ("1",))[0] or 1)
        if loaded is not None and loaded.loaded is not None and loaded.loaded.rounds < shots:
            raise RuleRefusal("GUR-RELOAD-1", f"{c.name}'s {name} is not loaded: reload it.")
        target = state.combatant(action.target or "")
        if target.dead:
            raise RuleRefusal(RULE, f"{target.name} is already dead.")


def _line_values(action: GurpsAction) -> dict[str, object]:
    """The shot's options the action line gave, read as the command line reads them."""
    values: dict[str, object] = {}
    for option, texts in action.options:
        field = option.replace("-", "_")
        if field not in _SHOT_OPTIONS:
            continue
        spec = field_named(Shoot, field)
        if spec.kind is bool:
            values[field] = True
        elif field == "mods":
            values[field] = tuple(texts)
        else:
            values[field] = parse_value(spec, texts[0])
    return values


def _shot(
    state: EncounterState,
    action: GurpsAction,
    trace: TraceBuilder,
    *,
    maneuver: str = "attack",
    moving: str = "no",
    in_the_way: int = 0,
) -> Shoot:
    """The shot ``action`` takes in ``state`` (with the shooter where the maneuver's move left
    them): the line's options plus everything the scene knows."""
    shooter = state.combatant(action.actor)
    target = state.combatant(action.target or "")
    s, t = gurps_stats(shooter), gurps_stats(target)
    name, kind = _weapon(shooter, action.weapon)
    carried = shooter.weapon(name)
    ammo = carried.loaded.ammo if carried is not None and carried.loaded is not None else "standard"
    values = _line_values(action)
    cover = {Posture.PRONE: "prone", Posture.KNEELING: "kneeling"}.get(target.posture)
    given = values.pop("mods", ())
    mods = tuple(str(m) for m in given) if isinstance(given, tuple) else ()
    if cover is not None:
        mods = (*mods, cover)
    aimed = s.aim_target == target.name
    aim = s.aim_turns if aimed else 0
    if maneuver != "attack":
        values.pop("moving", None)
        values.pop("pace", None)
        values |= {"maneuver": maneuver, "moving": moving}
        if moving != "no":
            pace = round(
                yards_from_feet(
                    distance_ft(state.combatant(action.actor).position, shooter.position)
                ),
                2,
            )
            values["pace"] = pace
    if aim and values.get("moving", "no") != "no":
        why = aim_on_the_move_barred(
            str(values["moving"]),
            float(str(values.get("pace", 0.0))),
            s.move,
            DATA.weapon(kind),
            bool(values.get("bad_terrain", False)),
        )
        if why is not None:
            trace.step(f"the aim is lost: {why}", rule="GUR-MOVE-1")
            aim = 0
    caught = target.surprise is not Surprise.NONE and not t.acted and state.round == 1
    defends = target.can_act and not caught and not t.all_out
    if t.all_out and target.can_act:
        trace.step(f"{target.name} made an All-Out Attack: no active defense", rule=RULE)
    dodge = t.dodge // 2 if t.hp_left <= DATA.core.injury.halved_at_or_below else t.dodge
    return declare(
        Shoot,
        weapon=kind,
        skill=max(1, s.skill(name) + s.shock),
        st=s.st,
        ammo=ammo if ammo in DATA.ammo else "standard",
        arrow=ammo if ammo in DATA.arrows else None,
        distance=round(yards_from_feet(distance_ft(shooter.position, target.position)), 2),
        bearing=round(bearing_deg(shooter.position, target.position) - shooter.facing_deg, 1),
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
        **values,
    )


def resolve_gurps_action(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    """The maneuver's events; at 0 HP or less a HT roll to stay conscious comes first and a
    failure ends the turn there (GUR-CORE-1, DEC-209)."""
    assert isinstance(action, GurpsAction)
    stats = gurps_stats(state.combatant(action.actor))
    if stats.hp_left > DATA.core.injury.conscious_roll_at_or_below:
        return _maneuver(state, action, dice)
    trace = TraceBuilder()
    roll = DiceRoller(dice, trace).check(stats.ht, "HT roll to stay conscious")
    verdict = judge(roll, stats.ht, DATA.core.success)
    trace.step(f"{action.actor} at {stats.hp_left} HP: HT {stats.ht} {verdict.result}", rule=RULE)
    if not verdict.success:
        faint = GurpsHurt(
            target=action.actor,
            injury=0,
            shock=0,
            stunned=False,
            knocked_down=True,
            unconscious=True,
            dead=False,
        )
        return Outcome(
            events=(faint,),
            trace=trace.build(),
            summary={"headline": f"{action.actor} passes out."},
        )
    after = _maneuver(state, action, dice)
    return Outcome(
        events=after.events,
        trace=Trace((*trace.build().entries, *after.trace.entries)),
        summary=after.summary,
    )


def _maneuver(state: EncounterState, action: GurpsAction, dice: Dice) -> Outcome:
    c = state.combatant(action.actor)
    stats = gurps_stats(c)
    opts = dict(action.options)
    if action.verb in _ATTACKS:
        return _attack(state, action, dice)
    if action.verb == "aims":
        _weapon(c, action.weapon)
        target = state.combatant(action.target or "")
        turns = stats.aim_turns + 1 if stats.aim_target == target.name else 1
        return _done(
            GurpsManeuver(
                actor=c.name,
                maneuver="aim",
                aim_target=target.name,
                aim_turns=turns,
                braced="braced" in opts,
            ),
            f"{c.name} aims at {target.name} ({turns} turn(s)).",
        )
    if action.verb == "moves":
        x, y = option_point(action.words, what="'moves'", unit="ft")
        return _move_under_fire(state, c, scene_point(x, y, "ft"), dice)
    if action.verb == "waits":
        return _wait(state, c, opts)
    if action.verb == "reloads":
        return _reload(c, action, dice)
    if action.verb == "draws":
        return _draw(c, action, dice)
    if action.verb == "recovers":
        trace = TraceBuilder()
        if not stats.stunned:
            return _done(GurpsManeuver(actor=c.name, maneuver="nothing"), f"{c.name} waits.")
        roll = DiceRoller(dice, trace).sum(3, "HT roll to recover from stun")
        verdict = judge(roll, stats.ht, DATA.core.success)
        trace.step(f"HT {stats.ht}: {verdict.result}", rule=RULE)
        events: list[Event] = [GurpsManeuver(actor=c.name, maneuver="nothing")]
        if verdict.success:
            events.append(GurpsRecovered(actor=c.name))
        word = "recovers" if verdict.success else "is still stunned"
        return Outcome(
            events=tuple(events), trace=trace.build(), summary={"headline": f"{c.name} {word}."}
        )
    posture = {"kneels": Posture.KNEELING, "stands": Posture.STANDING, "drops": Posture.PRONE}
    return Outcome(
        events=(
            GurpsManeuver(actor=c.name, maneuver="change position"),
            PostureChanged(actor=c.name, posture=posture[action.verb]),
        ),
        trace=Trace(()),
        summary={"headline": f"{c.name} {action.verb}."},
    )


def _attack(state: EncounterState, action: GurpsAction, dice: Dice) -> Outcome:
    """An attack maneuver: Attack, All-Out Attack (after an advance of up to half Move) or Move
    and Attack (firing while walking or running, GUR-MOVE-1)."""
    c = state.combatant(action.actor)
    maneuver = _ATTACKS[action.verb]
    trace = TraceBuilder()
    opts = dict(action.options)
    events: list[Event] = [GurpsManeuver(actor=c.name, maneuver=_MANEUVER_NAMES[maneuver])]
    moving = "no"
    fired_at: list[Mapping[str, Any]] = []
    if maneuver != "attack":
        to = opts.get("to")
        point = option_point(to, what="--to", unit="ft") if to else None
        went = advance(c, point, maneuver, move=gurps_stats(c).move)
        if went.event is not None:
            trace.step(f"{c.name} moves {went.yards:g} yd ({_MANEUVER_NAMES[maneuver]})", rule=RULE)
            volley = _volley(state, c, went.event.to, dice, trace)
            if volley is not None and volley.stop is not None:
                events += [moved_to(c, volley.stop), *volley.events]
                return Outcome(
                    events=tuple(events),
                    trace=trace.build(),
                    summary={
                        "headline": f"{c.name} is dropped by opportunity fire before attacking.",
                        "opportunity_fire": list(volley.fired),
                    },
                )
            events.append(went.event)
            if volley is not None:
                events += volley.events
                fired_at = list(volley.fired)
            state = state.with_combatant(went.mover)
        moving = went.moving
    name, _ = _weapon(c, action.weapon)
    carried = c.weapon(name)
    ammo = DATA.ammo.get(carried.loaded.ammo) if carried and carried.loaded else None
    if ammo is not None and ammo.area_damage is not None:
        events += _area_attack(state, action, ammo.key, dice, trace)
        return Outcome(events=tuple(events), trace=trace.build(), summary={"headline": "Fire."})
    way = _in_the_way(state, action, trace)
    shot = _shot(
        state, action, trace, maneuver=maneuver, moving=moving, in_the_way=len(way.interfering)
    )
    outcome = resolve_shot(shot, dice)
    events.append(RoundsFired(actor=c.name, weapon=name, rounds=shot.shots))
    summary: dict[str, Any] = dict(outcome.summary)
    if "state" in summary and summary["injury"]:
        events.append(
            GurpsHurt(
                target=action.target or "",
                injury=int(summary["injury"]),
                shock=int(summary["shock"]),
                stunned=summary["state"] == "stunned",
                knocked_down=bool(summary["knocked_down"]),
                unconscious=summary["state"] == "unconscious",
                dead=summary["state"] == "dead",
            )
        )
    after = TraceBuilder()
    strays = _strays(state, action, shot, summary, way, dice, after)
    if strays:
        summary["strays"] = [s.record for s in strays]
        hit = ", ".join(str(s.record["hit"]) for s in strays)
        summary["headline"] = f"{summary['headline']} A stray strikes {hit}."
        events += [s.event for s in strays if s.event is not None]
    if fired_at:
        summary["opportunity_fire"] = fired_at
    return Outcome(
        events=tuple(events),
        trace=Trace((*trace.build().entries, *outcome.trace.entries, *after.build().entries)),
        summary=summary,
    )


def _area_attack(
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
        condition = Condition(hp=t.hp, ht=t.ht, lost=t.lost, stunned=t.stunned, dead=p.dead)
        people.append((p.name, DATA.armor[t.armor].dr, condition))
    trace.step(
        f"{spec.name}: {', '.join(p.name for p in inside) or 'nobody'} in the fire",
        rule="GUR-AMMO-1",
    )
    burned = burn(ammo, people, DiceRoller(dice, trace), trace)
    name, _ = _weapon(shooter, action.weapon)
    events: list[Event] = [RoundsFired(actor=shooter.name, weapon=name, rounds=1)]
    for b in burned:
        if b.injury and b.condition is not None:
            events.append(
                GurpsHurt(
                    target=b.name,
                    injury=b.injury,
                    shock=b.shock,
                    stunned=b.condition.stunned,
                    knocked_down=b.condition.knocked_down,
                    unconscious=b.condition.unconscious,
                    dead=b.condition.dead,
                )
            )
    return events


def _in_the_way(state: EncounterState, action: GurpsAction, trace: TraceBuilder) -> InTheWay:
    """GUR-WRONG-1: who stands between shooter and target, read from the scene."""
    shooter = state.combatant(action.actor)
    target = state.combatant(action.target or "")
    _, kind = _weapon(shooter, action.weapon)
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
    record: dict[str, object]
    event: GurpsHurt | None


def _strays(
    state: EncounterState,
    action: GurpsAction,
    shot: Shoot,
    summary: Mapping[str, Any],
    way: InTheWay,
    dice: Dice,
    trace: TraceBuilder,
) -> list[_Stray]:
    """Each missed or dodged missile's walk through the scene (GUR-WRONG-2, GUR-WRONG-3): past
    the people in the way, then down range; whoever it strikes may still dodge, then takes
    normal damage (or half with --stray-damage half) to the body (DEC-399)."""
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
    for i, record in enumerate(summary["shots"]):
        dodged = record.get("defended") == "dodge"
        if record["result"] in ("success", "critical success") and not dodged:
            continue
        if record.get("defended") in ("block", "parry") or "scatter_yd" in record:
            continue  # knocked away (GUR-WRONG-3), or a lob that scattered (GUR-IND-2)
        if "target" not in record:
            continue  # spent on hard cover (GUR-AMMO-1)
        walker = _Walker(
            state=state,
            action=action,
            shooter=shooter,
            target=target,
            number=int(record["target"]) - at_target,
            max_range=setup.max_range,
            critical="critical" in str(record["result"]) and not dodged,
            halved=half == "half",
            shot_number=i + 1,
            roller=roller,
            trace=trace,
        )
        in_way = [] if dodged else [walker.candidate(c) for c in way.possible]
        if walker.critical:
            in_way = spare_enemies(in_way, trace)
        wide = 0 if dodged else int(record.get("wide_hexes", 0))
        if not in_way and not any(walker.beyond(d, wide) for d in ("through", "left", "right")):
            continue  # nobody it could strike: no need to follow it
        trace.step(f"shot {i + 1} flies on", rule="GUR-WRONG-3" if dodged else "GUR-WRONG-2")
        missed_by = None if dodged else int(record["missed_by"])
        walk(missed_by, in_way, walker.beyond, walker.strike, roller, trace, DATA)
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
        listed = [self.candidate(c) for c in people]
        return spare_enemies(listed, self.trace) if self.critical else listed

    def strike(self, c: Candidate) -> bool:
        if not strike_roll(c, self.roller, self.trace, DATA):
            return False
        victim = self.state.combatant(c.name)
        if victim.dead:
            self.struck.append(_Stray(record={"shot": self.shot_number, "hit": c.name}, event=None))
            return True
        aimed = _shot(self.state, replace(self.action, target=c.name), self.trace)
        wound = stray_hit(aimed, self.roller, self.trace, halved=self.halved)
        if wound is None:
            return False
        event = None
        if wound.condition is not None and wound.injury:
            event = GurpsHurt(
                target=c.name,
                injury=wound.injury,
                shock=wound.shock,
                stunned=wound.condition.stunned,
                knocked_down=wound.condition.knocked_down,
                unconscious=wound.condition.unconscious,
                dead=wound.condition.dead,
            )
        record = {"shot": self.shot_number, "hit": c.name, "injury": wound.injury}
        self.struck.append(_Stray(record=record, event=event))
        return True


def _wait(state: EncounterState, c: CombatantState, opts: Mapping[str, tuple[str, ...]]) -> Outcome:
    """Wait (GUR-OPP-1): watch N hexes, a line or a cone; with ``--at X,Y`` the area is placed
    in the scene and fires by itself on whoever moves into it (``--for NAME``: only at them;
    ``--hold``: not automatically, only at a foe)."""
    watch = (opts.get("watch") or ("1",))[0]
    opportunity_modifier(watch, DATA)
    at = opts.get("at")
    point = option_point(at, what="--at", unit="ft") if at else None
    for_ = (opts.get("for") or (None,))[0]
    if for_ is not None:
        for_ = state.combatant(for_).name
    if point is not None:
        area = _area(c, watch, scene_point(point[0], point[1], "ft"))
        check_in_arc(c.position, c.facing_deg, area, gurps_stats(c).vision)
    where = f" at {point[0]:g},{point[1]:g}" if point is not None else ""
    return _done(
        GurpsManeuver(
            actor=c.name,
            maneuver="wait",
            watching=watch,
            watch_x=point[0] if point is not None else None,
            watch_y=point[1] if point is not None else None,
            watch_for=for_,
            watch_hold="hold" in opts,
        ),
        f"{c.name} waits, watching {watch}{where}.",
    )


def _area(c: CombatantState, watch: str, at: Point) -> WatchedArea:
    weapon = c.weapon(gurps_stats(c).in_hand)
    reach = 0.0
    if weapon is not None:
        w = DATA.weapon(weapon.kind)
        most = w.max if w.max is not None else (w.max_st or 0) * gurps_stats(c).st
        reach = feet_from_yards(most)
    kind = watch if watch in ("line", "cone") else "hexes"
    return WatchedArea(
        kind=kind,
        count=int(watch) if kind == "hexes" else 0,
        at=at,
        watcher=c.position,
        reach_ft=reach,
    )


def _watchers(
    state: EncounterState, mover: CombatantState, start: Point, end: Point
) -> list[tuple[CombatantState, float]]:
    """Who fires on ``mover`` going from ``start`` to ``end``, and where on the way (the share
    of it) each sees them enter their area (GUR-OPP-1)."""
    found = []
    for w in state.combatants:
        s = gurps_stats(w)
        if w.name == mover.name or s.watch_at is None or s.watching is None or not w.can_act:
            continue
        if s.stunned or (s.watch_for is not None and s.watch_for != mover.name):
            continue
        if s.watch_hold and (not mover.side or mover.side == w.side or mover.bystander):
            continue  # not firing automatically: they hold fire on a friend
        held = w.weapon(s.in_hand)
        if held is None or (held.loaded is not None and held.loaded.rounds < 1):
            continue
        area = _area(w, s.watching, scene_point(s.watch_at[0], s.watch_at[1], "ft"))
        share = area.entry(start, end)
        if share is not None:
            found.append((w, share))
    return found


@dataclass(frozen=True, slots=True, kw_only=True)
class _Volley:
    """Opportunity fire at a mover: the events, where the mover was dropped (None: not), who
    fired and each shot's summary."""

    events: tuple[Event, ...]
    stop: Point | None
    names: str
    fired: tuple[Mapping[str, Any], ...]


def _volley(
    state: EncounterState, c: CombatantState, to: Point, dice: Dice, trace: TraceBuilder
) -> _Volley | None:
    """Whoever watches an area ``c``'s move to ``to`` enters fires where ``c`` comes into it.
    The shots are simultaneous (GUR-OPP-1, DEC-401): each is set up on the scene as it stood
    before any of them (a knockdown or stun from one does not change another's aim), every
    one is fired whatever the others did, and the wounds add up. A mover knocked down, out or
    dead stops where the first shot that dropped them was fired. A miss walks on down range
    like any other (GUR-WRONG-2)."""
    start = c.position
    watchers = sorted(_watchers(state, c, start, to), key=lambda pair: pair[1])
    if not watchers:
        return None
    names = ", ".join(w.name for w, _ in watchers)
    trace.step(f"{c.name} moves into the areas {names} watch: they fire together", rule="GUR-OPP-1")
    events: list[Event] = []
    lost = gurps_stats(c).lost
    stop: Point | None = None
    fired = []
    for w, share in watchers:
        entry = Point(
            x_ft=round(start.x_ft + share * (to.x_ft - start.x_ft), 2),
            y_ft=round(start.y_ft + share * (to.y_ft - start.y_ft), 2),
        )
        facing = moved_to(c, entry).facing_deg if entry != start else c.facing_deg
        there = state.with_combatant(replace(c, position=entry, facing_deg=facing))
        trace.step(
            f"{w.name} fires as {c.name} comes in at {entry.x_ft:g},{entry.y_ft:g}",
            rule="GUR-OPP-1",
        )
        s = gurps_stats(w)
        wanted = (("specific-target", s.watch_for is not None), ("identify-target", s.watch_hold))
        mods = tuple(key for key, on in wanted if on)
        line = GurpsAction(
            actor=w.name,
            verb="shoots",
            text=f"{w.name} shoots {c.name}",
            target=c.name,
            weapon=s.in_hand,
            options=(("mods", mods),) if mods else (),
        )
        way = _in_the_way(there, line, trace)
        shot = replace(_shot(there, line, trace, in_the_way=len(way.interfering)), injured=lost)
        summary: dict[str, Any] = run_shot(shot, DiceRoller(dice, trace), trace)
        held = w.weapon(s.in_hand)
        assert held is not None
        events += [
            GurpsManeuver(actor=w.name, maneuver="opportunity fire"),
            RoundsFired(actor=w.name, weapon=held.name, rounds=shot.shots),
        ]
        if "state" in summary and summary["injury"]:
            lost += int(summary["injury"])
            down = summary["state"] in ("unconscious", "dead") or bool(summary["knocked_down"])
            if down and stop is None:
                stop = entry
            events.append(
                GurpsHurt(
                    target=c.name,
                    injury=int(summary["injury"]),
                    shock=int(summary["shock"]),
                    stunned=summary["state"] == "stunned",
                    knocked_down=bool(summary["knocked_down"]),
                    unconscious=summary["state"] == "unconscious",
                    dead=summary["state"] == "dead",
                )
            )
        strays = _strays(there, line, shot, summary, way, dice, trace)
        if strays:
            summary["strays"] = [x.record for x in strays]
            events += [x.event for x in strays if x.event is not None]
        fired.append({"shooter": w.name, **summary})
    if stop is not None:
        trace.step(f"{c.name} goes down at {stop.x_ft:g},{stop.y_ft:g}", rule="GUR-OPP-1")
    return _Volley(events=tuple(events), stop=stop, names=names, fired=tuple(fired))


def _move_under_fire(state: EncounterState, c: CombatantState, to: Point, dice: Dice) -> Outcome:
    """Move, perhaps into opportunity fire (:func:`_volley`)."""
    trace = TraceBuilder()
    volley = _volley(state, c, to, dice, trace)
    if volley is None:
        return Outcome(
            events=(GurpsManeuver(actor=c.name, maneuver="move"), moved_to(c, to)),
            trace=Trace(()),
            summary={"headline": f"{c.name} moves."},
        )
    moved = moved_to(c, volley.stop if volley.stop is not None else to)
    return Outcome(
        events=(GurpsManeuver(actor=c.name, maneuver="move"), moved, *volley.events),
        trace=trace.build(),
        summary={
            "headline": f"{c.name} moves into opportunity fire from {volley.names}.",
            "opportunity_fire": list(volley.fired),
        },
    )


def _fast_draw(c: CombatantState, name: str, opts: Mapping[str, tuple[str, ...]]) -> int | None:
    if "fast-draw" not in opts:
        return None
    level = gurps_stats(c).fast_draw(name)
    if level is None:
        raise RuleRefusal("GUR-RELOAD-1", f"{c.name} has no Fast-Draw skill for the {name}.")
    return level


def _reload(c: CombatantState, action: GurpsAction, dice: Dice) -> Outcome:
    """Ready: a reload takes its seconds across turns and loads when they are over; any other
    maneuver in between abandons it (GUR-RELOAD-1, DEC-397)."""
    stats = gurps_stats(c)
    name, kind = _weapon(c, action.weapon)
    if stats.busy and stats.reloading == name:
        return _done(
            GurpsManeuver(actor=c.name, maneuver="ready", busy=stats.busy, reloading=name),
            f"{c.name} keeps reloading the {name} ({stats.busy} s more).",
        )
    opts = dict(action.options)
    out = resolve_reload(
        declare(
            Reload,
            weapon=kind,
            st=stats.st,
            skill=stats.skill(name),
            fast_draw=_fast_draw(c, name, opts),
            random_arrow="random-arrow" in opts,
        ),
        dice,
    )
    done: Mapping[str, Any] = out.summary
    seconds = int(done["seconds"])
    carried = c.weapon(name)
    assert carried is not None and carried.loaded is not None
    if seconds > 1:
        ready = GurpsManeuver(
            actor=c.name,
            maneuver="ready",
            busy=seconds - 1,
            reloading=name if done["loaded"] else None,
        )
        return Outcome(events=(ready,), trace=out.trace, summary=out.summary)
    events: list[Event] = [GurpsManeuver(actor=c.name, maneuver="ready")]
    if done["loaded"]:
        events.append(
            RoundsFired(
                actor=c.name, weapon=name, rounds=carried.loaded.rounds - carried.loaded.capacity
            )
        )
    return Outcome(events=tuple(events), trace=out.trace, summary=out.summary)


def _draw(c: CombatantState, action: GurpsAction, dice: Dice) -> Outcome:
    """Ready a weapon into the hand: a made Fast-Draw roll costs no maneuver, a failed one or
    none a Ready, a critical failure drops it (GUR-RELOAD-1)."""
    name, kind = _weapon(c, action.weapon)
    level = _fast_draw(c, name, dict(action.options))
    out = resolve_draw(declare(Draw, weapon=kind, fast_draw=level), dice)
    done: Mapping[str, Any] = out.summary
    drew = GurpsDrew(actor=c.name, weapon=name, ready=bool(done["ready"]))
    if done["seconds"] == 0:
        return Outcome(events=(drew,), trace=out.trace, summary=out.summary)
    events = (GurpsManeuver(actor=c.name, maneuver="ready"), drew)
    return Outcome(events=events, trace=out.trace, summary=out.summary)


_MANEUVER_NAMES = {
    "attack": "attack",
    "all-out": "all-out attack",
    "move-and-attack": "move and attack",
}


def nothing() -> Outcome:
    """The end of a one-second turn brings nothing: shock and stun change at turns and HT rolls."""
    return Outcome(events=(), trace=Trace(()))


def _done(event: Event, headline: str) -> Outcome:
    return Outcome(events=(event,), trace=Trace(()), summary={"headline": headline})


# --- applying ---------------------------------------------------------------------------------


def _with_stats(
    state: EncounterState, c: CombatantState, stats: GurpsStats, **core: object
) -> EncounterState:
    return state.with_combatant(replace(c, stats=stats, **core))


def _refilled(c: CombatantState, name: str) -> CombatantState:
    """``c`` with the weapon called ``name`` full: a timed reload has run its seconds."""
    weapon = c.weapon(name)
    if weapon is None or weapon.loaded is None:
        return c
    return c.with_weapon(
        replace(weapon, loaded=replace(weapon.loaded, rounds=weapon.loaded.capacity))
    )


def apply_gurps_event(state: EncounterState, event: Event) -> EncounterState:
    if isinstance(event, GurpsTurnStarted):
        people = []
        for c in state.combatants:
            s = gurps_stats(c)
            done = s.busy == 1 and s.reloading is not None
            if done:
                c = _refilled(c, str(s.reloading))
            people.append(
                replace(
                    c,
                    stats=replace(
                        s,
                        acted=False,
                        shock=s.shock_next,
                        shock_next=0,
                        busy=max(0, s.busy - 1),
                        reloading=None if done else s.reloading,
                    ),
                )
            )
        return replace(state, round=event.round, combatants=tuple(people))
    if isinstance(event, GurpsManeuver):
        c = named_in_log(state, event.actor)
        s = gurps_stats(c)
        keeps_aim = event.maneuver == "aim"
        return _with_stats(
            state,
            c,
            replace(
                s,
                acted=True,
                aim_target=event.aim_target if keeps_aim else None,
                aim_turns=event.aim_turns if keeps_aim else 0,
                braced=event.braced if keeps_aim else False,
                watching=event.watching if event.maneuver == "wait" else None,
                watch_at=(event.watch_x, event.watch_y)
                if event.maneuver == "wait"
                and event.watch_x is not None
                and event.watch_y is not None
                else None,
                watch_for=event.watch_for if event.maneuver == "wait" else None,
                watch_hold=event.watch_hold and event.maneuver == "wait",
                busy=event.busy,
                reloading=event.reloading,
                all_out=event.maneuver == "all-out attack",
            ),
        )
    if isinstance(event, GurpsDrew):
        c = named_in_log(state, event.actor)
        held = event.weapon if event.ready else None
        return _with_stats(state, c, replace(gurps_stats(c), in_hand=held, busy=0, reloading=None))
    if isinstance(event, GurpsHurt):
        c = named_in_log(state, event.target)
        s = gurps_stats(c)
        stats = replace(
            s,
            lost=s.lost + event.injury,
            shock_next=max(DATA.core.injury.shock_cap, s.shock_next + event.shock),
            stunned=s.stunned or event.stunned,
            knocked_down=s.knocked_down or event.knocked_down,
            aim_target=None,
            aim_turns=0,
        )
        posture = Posture.PRONE if event.knocked_down else c.posture
        return _with_stats(
            state,
            c,
            stats,
            posture=posture,
            unconscious=c.unconscious or event.unconscious,
            dead=c.dead or event.dead,
        )
    if isinstance(event, GurpsRecovered):
        c = named_in_log(state, event.actor)
        return _with_stats(state, c, replace(gurps_stats(c), stunned=False))
    raise FoldError(f"the gurps ruleset has no {type(event).__name__} events")


# --- describing -------------------------------------------------------------------------------


def gurps_figures(c: CombatantState) -> Mapping[str, object]:
    s = gurps_stats(c)
    return {
        "hp_left": s.hp_left,
        "hp": s.hp,
        "shock": s.shock,
        "stunned": s.stunned,
        "aim": f"{s.aim_turns} at {s.aim_target}" if s.aim_target else None,
        "watching": s.watching,
        "busy": s.busy,
        "reloading": s.reloading,
        "in_hand": s.in_hand,
    }


def gurps_row(c: CombatantState) -> Mapping[str, str]:
    s = gurps_stats(c)
    state = (
        "dead" if c.dead else "unconscious" if c.unconscious else ("stunned" if s.stunned else "up")
    )
    conditions = [
        f"shock {s.shock}" if s.shock else "",
        "knocked down" if s.knocked_down else "",
        f"aiming at {s.aim_target} ({s.aim_turns})" if s.aim_target else "",
        f"watching {s.watching}" if s.watching else "",
        f"reloading {s.reloading} {s.busy} s"
        if s.reloading
        else f"busy {s.busy} s"
        if s.busy
        else "",
    ]
    weapons = (
        "; ".join(
            f"{w.name} {w.loaded.rounds}/{w.loaded.capacity}" if w.loaded else w.name
            for w in c.weapons
        )
        or "-"
    )
    return {
        "name": c.name,
        "side": c.side,
        "HP": f"{s.hp_left}/{s.hp}",
        "state": f"{state}, {c.posture.value}",
        "conditions": ", ".join(x for x in conditions if x) or "-",
        "at (yd)": f"{round(yards_from_feet(c.position.x_ft), 1):g},"
        f"{round(yards_from_feet(c.position.y_ft), 1):g}",
        "weapons": weapons,
        "armor": s.armor,
    }
