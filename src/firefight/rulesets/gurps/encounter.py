"""gurps in an encounter: one-second turns in 3e maneuver terms (docs/gurps.md).

Each round is one second (:class:`GurpsTurnStarted`); everyone able takes one maneuver, fastest
Move first. Verbs: ``aims at T`` (Aim: +Acc, then +1 a turn), ``shoots T`` and ``throws T``
(Attack, with the shot's own options: a gun, a thrown weapon, GUR-IND-1), ``all-out attacks
T`` (either) and ``moves and shoots``/``moves and throws T --to X,Y`` (GUR-CORE-1,
GUR-MOVE-1), ``moves X,Y`` (Move, feet),
``turns to face T|X,Y`` (a Move of no yards, DEC-657), ``waits --watch N|line|cone [--at X,Y]``
(Wait for opportunity fire, GUR-OPP-1), ``reloads`` and ``draws W`` (Ready, GUR-RELOAD-1),
``recovers`` (Do Nothing; a stunned fighter's HT roll), ``kneels``/``stands``/``drops`` (Change
Position). Shock lasts the next turn; a major wound may stun and knock down; HP, death checks
and the rest come from the shot's resolution (GUR-CORE-1). Shooting lives in :mod:`.firing`,
readying in :mod:`.readying`, the events in :mod:`.turn_events`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial
from typing import Any

from firefight.declarations import field_named
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace, replacer
from firefight.geometry import Posture, bearing_deg
from firefight.outcome import Happened, Outcome
from firefight.rulesets.base import Ruleset, refused_as_in_scene
from firefight.rulesets.gurps.arcs import arc_modifier
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.encounter_model import (
    GurpsStats,
    carried_weapon,
    gurps_stats,
    next_usable,
)
from firefight.rulesets.gurps.firing import (
    ATTACKS,
    MISSILE_VERBS,
    SAYS_WHICH,
    SHOT_OPTIONS,
    attack,
    bearing_off_facing,
    line_values,
    move_under_fire,
)
from firefight.rulesets.gurps.maneuver_options import ManeuverOptions
from firefight.rulesets.gurps.maneuvers import check_reach
from firefight.rulesets.gurps.opportunity import check_in_arc, watched_area
from firefight.rulesets.gurps.readying import draw_maneuver, reload_maneuver
from firefight.rulesets.gurps.rolls import DiceRoller
from firefight.rulesets.gurps.scene_cover import check_in_sight
from firefight.rulesets.gurps.setup import opportunity_modifier, watched_words
from firefight.rulesets.gurps.shot import Shoot, check_missile
from firefight.rulesets.gurps.success import judge
from firefight.rulesets.gurps.turn_events import (
    EVENT_TYPES,
    GurpsAction,
    GurpsDrew,
    GurpsHurt,
    GurpsManeuver,
    GurpsRecovered,
    GurpsStoodUp,
    GurpsTurnStarted,
    announced,
    maneuver_taken,
)
from firefight.scene.actions import ACTION_RULE, Action
from firefight.scene.apply import FoldError, apply_all, personal_fold_into
from firefight.scene.events import InitiativeOrdered, Moved, PostureChanged
from firefight.scene.lines import (
    OptionKind,
    Verb,
    one_name,
    option_point,
    read_line,
    verb_table,
)
from firefight.scene.points import scene_point
from firefight.scene.state import DOWN_RULE, CombatantState, EncounterState, WeaponState
from firefight.trace import QuietTraceBuilder, Trace, TraceBuilder
from firefight.wording import counted

__all__ = [
    "EVENT_TYPES",
    "GurpsDrew",
    "GurpsHurt",
    "GurpsManeuver",
    "GurpsRecovered",
    "GurpsStoodUp",
    "GurpsTurnStarted",
    "apply_gurps_event",
    "gurps_row",
    "gurps_verbs",
    "initiative",
    "parse_gurps_action",
    "resolve_gurps_action",
    "resolve_gurps_quietly",
    "start_turn",
    "validate_gurps_action",
]

RULE = "GUR-CORE-1"


# --- actions ----------------------------------------------------------------------------------


_VERBS = {
    "aims": "aims",
    "aims at": "aims",
    "aim": "aims",
    "shoots": "shoots",
    "shoots at": "shoots",
    "fires at": "shoots",
    "shoot": "shoots",
    "throws": "throws",
    "throws at": "throws",
    "throw": "throws",
    "all-out attacks": "all-out",
    "all-out attack": "all-out",
    "moves and shoots": "move-and-attack",
    "moves and fires at": "move-and-attack",
    "move and shoot": "move-and-attack",
    "moves and throws": "move-and-throw",
    "moves and throws at": "move-and-throw",
    "move and throw": "move-and-throw",
    "moves": "moves",
    "moves to": "moves",
    "move": "moves",
    "turns to face": "turns",
    "turns": "turns",
    "turn to face": "turns",
    "faces": "turns",
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


def _kind(option: str) -> OptionKind:
    if option in ("mods", "mod"):
        return "many"
    return "flag" if field_named(Shoot, option).kind is bool else "str"


_LINE_SHOT: dict[str, OptionKind] = {
    **{o.replace("_", "-"): _kind(o) for o in SHOT_OPTIONS},
    "stray-damage": "str",
}
_OPTIONS: dict[str, dict[str, OptionKind]] = {
    "aims": {"weapon": "str", "braced": "flag"},
    "shoots": {"weapon": "str", **_LINE_SHOT},
    "throws": {"weapon": "str", **_LINE_SHOT},
    "all-out": {"weapon": "str", "to": "str", **_LINE_SHOT},
    "move-and-attack": {"weapon": "str", "to": "str", **_LINE_SHOT},
    "move-and-throw": {"weapon": "str", "to": "str", **_LINE_SHOT},
    "moves": {},
    "turns": {},
    "waits": {"watch": "str", "at": "str", "for": "str", "hold": "flag"},
    "reloads": {"weapon": "str", "fast-draw": "flag", "random-arrow": "flag"},
    "draws": {"fast-draw": "flag"},
    "recovers": {},
    "kneels": {},
    "stands": {},
    "drops": {},
}

#: The options a line may not give because a maneuver does what they would, each with that
#: maneuver (DEC-961): ``--aim 2`` was refused with a list of options that did not say how.
_INSTEAD = {
    "aim": "a turn of aim is the maneuver '{actor} aims at {target}', one a turn; the shot "
    "after counts them all (GUR-MOD-1).",
}


# Places on a line are in feet, as the scenario writes them (DEC-205), though the state table
# shows yards: the hint says which (DEC-773), as the options' help does (ManeuverOptions).
_WORDS = {
    "aims": "[at] TARGET",
    "shoots": "[at] TARGET",
    "throws": "[at] TARGET",
    "all-out": "[at] TARGET",
    "move-and-attack": "[at] TARGET",
    "move-and-throw": "[at] TARGET",
    "moves": "[to] X,Y",
    "turns": "[to face] TARGET | X,Y",
    "reloads": "[WEAPON]",
    "draws": "WEAPON",
}


def gurps_verbs() -> tuple[Verb, ...]:
    """The verbs :func:`parse_gurps_action` reads, for a form (:meth:`Ruleset.action_verbs`)."""
    # A fighter's weapon is named as the scenario names it, not by catalog key: theirs first.
    shot: tuple[type, ...] = (ManeuverOptions, Shoot)
    declarations: dict[str, tuple[type, ...]] = dict.fromkeys(_OPTIONS, (ManeuverOptions,))
    declarations.update(dict.fromkeys(ATTACKS, shot))
    return verb_table(_VERBS, _OPTIONS, words=_WORDS, declarations=declarations)


def parse_gurps_action(text: str, state: EncounterState) -> Action:
    line = read_line(text, state, _VERBS, _OPTIONS, ruleset="gurps", instead=_INSTEAD)
    target = None
    if line.verb == "aims" or line.verb in ATTACKS:
        target = one_name(line.words, state, what=f"{line.verb} at")
    elif line.verb == "turns":
        target = _facing_whom(line.words, line.actor, state)
    elif line.words and line.verb not in ("moves", "turns", "draws", "reloads"):
        raise RuleRefusal(ACTION_RULE, f"'{line.verb}' takes no name: {' '.join(line.words)!r}.")
    weapon = line.first("weapon")
    if line.verb == "draws":
        weapon = " ".join(line.words)
    elif line.verb == "reloads":
        weapon = line.weapon_said("weapon")
    return GurpsAction(
        actor=line.actor,
        verb=line.verb,
        text=text,
        target=target,
        weapon=weapon,
        options=tuple(line.options.items()),
        words=line.words,
    )


def _facing_whom(words: tuple[str, ...], actor: str, state: EncounterState) -> str | None:
    """Whom a turn faces: a name; None for a place (``X,Y``, read when the turn resolves)."""
    if not words:
        raise RuleRefusal(
            ACTION_RULE, f"Say whom or where {actor} turns to face: a name, or X,Y in feet."
        )
    if "," in " ".join(words):
        option_point(words, what="'turns to face'", unit="ft")  # refuses a place it cannot read
        return None
    return one_name(words, state, what="turns to face")


# The same second opens the same way in every fight of a simulation: its frozen outcome is
# built once per second's number (a bounded cache).
@lru_cache(maxsize=256)
def start_turn(round_number: int) -> Outcome:
    return Outcome(
        events=(GurpsTurnStarted(round=round_number),), trace=Trace(()), result=Happened()
    )


def initiative(state: EncounterState) -> Outcome:
    """3e: the fastest acts first (Move), ties together; bystanders take no place (DEC-73)."""
    # Asked at every second of a fight: each Move's names gathered in one pass, scene order.
    by_move: dict[int, list[str]] = {}
    for c in state.combatants:
        if c.in_fight():
            by_move.setdefault(gurps_stats(c).move, []).append(c.name)
    return _ordered(tuple(tuple(by_move[m]) for m in sorted(by_move, reverse=True)))


# A fight's seconds come round with the same order, most of them: the same frozen outcome for
# the same groups, built once (a bounded cache keyed on the groups).
@lru_cache(maxsize=256)
def _ordered(groups: tuple[tuple[str, ...], ...]) -> Outcome:
    return Outcome(events=(InitiativeOrdered(groups=groups),), trace=Trace(()), result=Happened())


def _refused_as_in_scene(refusal: RuleRefusal, c: CombatantState, action: Action) -> RuleRefusal:
    """``refusal`` naming the weapon ``c`` acts with (the one named, else the one in hand) as
    the scene does (:func:`refused_as_in_scene`: "the 38 fires at most 3 shot(s) a turn", not
    the catalog's "a .38 revolver")."""
    name = action.weapon if isinstance(action, GurpsAction) else None
    weapon = c.weapon(name if name is not None else gurps_stats(c).in_hand)
    return refused_as_in_scene(refusal, weapon, lambda kind: DATA.weapon(kind).name)


def validate_gurps_action(state: EncounterState, action: Action) -> None:
    """Refuse what the state forbids before any die is rolled, naming the weapon as the scene
    does."""
    c = state.combatant(action.actor)
    try:
        _validate(state, action, c)
    except RuleRefusal as refusal:
        raise _refused_as_in_scene(refusal, c, action) from None


def _validate(state: EncounterState, action: Action, c: CombatantState) -> None:
    assert isinstance(action, GurpsAction)
    stats = gurps_stats(c)
    if not c.can_act():
        raise RuleRefusal(DOWN_RULE, f"{c.name} is down and takes no maneuver.")
    fires_on_wait = stats.watching is not None and action.verb in MISSILE_VERBS
    if stats.acted and not fires_on_wait:
        raise RuleRefusal(
            RULE,
            f"{c.name} has already taken this second's maneuver (a second is one maneuver "
            "each, DEC-216); wait for the next second.",
        )
    if action.verb == "draws" and not action.weapon:
        raise RuleRefusal("GUR-RELOAD-1", f"Say which weapon {c.name} draws.")
    if stats.stunned and action.verb != "recovers":
        raise RuleRefusal(RULE, f"{c.name} is stunned: they can only try to recover.")
    if action.verb in ATTACKS or action.verb == "aims":
        aimed_at = state.combatant(action.target or "")
        if aimed_at.name == c.name:
            raise RuleRefusal(ACTION_RULE, f"{c.name} cannot {_doing(c, action)} at themselves.")
    if action.verb in ATTACKS:
        name, kind = carried_weapon(c, action.weapon)
        if name != stats.in_hand:
            raise RuleRefusal(
                "GUR-RELOAD-1", f"{c.name}'s {name} is not in hand: draw it first ('draws {name}')."
            )
        if action.verb in SAYS_WHICH:
            # GUR-IND-1, DEC-890, DEC-948: the line says which the roll is, as `gurps shoot` and
            # `throw` do.
            thrown, verbs = SAYS_WHICH[action.verb]
            check_missile(kind, thrown=thrown, said=f"{c.name}'s {name}", verbs=verbs)
        loaded = c.weapon(name)
        # Read as the shot reads it (G-5's bounds): a count that is no number is refused here.
        shots = line_values(action).get("shots", 1)
        assert isinstance(shots, int)
        rounds = loaded.loaded.rounds if loaded is not None and loaded.loaded is not None else None
        if rounds == 0 and stats.busy and stats.reloading == name:
            # Mid-reload, "reload it" read as starting over (DEC-397): it goes on instead.
            raise RuleRefusal(
                "GUR-RELOAD-1",
                f"{c.name} is still reloading the {name} ({stats.busy} s more): "
                f"'{c.name} reloads' goes on with it.",
            )
        if rounds == 0 and not DATA.weapon(kind).reloadable:
            # A thrown weapon is not reloaded: "reload it" would send the GM to a refusal.
            raise RuleRefusal("GUR-RELOAD-1", _thrown_already(c, name))
        if rounds == 0:
            raise RuleRefusal("GUR-RELOAD-1", f"{c.name}'s {name} is not loaded: reload it.")
        if rounds is not None and rounds < shots:
            raise RuleRefusal(
                "GUR-RELOAD-1",
                f"{c.name}'s {name} has {counted(rounds, 'round')} loaded, too few for {shots} "
                "shots.",
            )
        target = state.combatant(action.target or "")
        if target.dead:
            raise RuleRefusal(RULE, f"{target.name} is already dead.")
    if action.verb in _POSTURES and c.posture is _POSTURES[action.verb]:
        raise RuleRefusal(
            ACTION_RULE, f"{c.name} is already {c.posture.value}: no position to change to."
        )
    if action.verb == "aims":
        # DEC-632: nobody aims at what they cannot see; DEC-643: nor where they cannot fire.
        target = state.combatant(action.target or "")
        check_in_sight(state, c, target)
        arc_modifier(bearing_off_facing(c, target), stats.vision, DATA.house.arc)


def _doing(c: CombatantState, action: GurpsAction) -> str:
    """What ``action`` does, as a refusal says it: aim, throw (a throwing line, or an All-Out
    Attack with a thrown weapon, DEC-948) or shoot."""
    if action.verb == "aims":
        return "aim"
    if action.verb in SAYS_WHICH:
        return "throw" if SAYS_WHICH[action.verb][0] else "shoot"
    weapon = c.weapon(action.weapon if action.weapon is not None else gurps_stats(c).in_hand)
    thrown = weapon is not None and DATA.weapon(weapon.kind).kind == "thrown"
    return "throw" if thrown else "shoot"


def _thrown_already(c: CombatantState, name: str) -> str:
    """Why ``c`` cannot throw their ``name`` again, and what they may use instead (DEC-927)."""
    other = next_usable(c, c.weapon(name))
    if other is None:
        return f"{c.name}'s {name} is thrown already, and {c.name} has nothing left to use."
    return f"{c.name}'s {name} is thrown already: draw another ('draws {other.name}')."


def resolve_gurps_action(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    """The maneuver's events; at 0 HP or less a HT roll to stay conscious comes first and a
    failure ends the turn there (GUR-CORE-1, DEC-209). A refusal names the weapon as the scene
    does."""
    try:
        return _resolved(state, action, dice)
    except RuleRefusal as refusal:
        raise _refused_as_in_scene(refusal, state.combatant(action.actor), action) from None


def _resolved(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    assert isinstance(action, GurpsAction)
    stats = gurps_stats(state.combatant(action.actor))
    if not _rolls_to_stay_conscious(stats):
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
            result=Happened(headline=f"{action.actor} passes out."),
        )
    after = _maneuver(state, action, dice)
    return Outcome(
        events=after.events,
        trace=Trace((*trace.build().entries, *after.trace.entries)),
        result=after.result,
    )


def _rolls_to_stay_conscious(stats: GurpsStats) -> bool:
    """GUR-CORE-1, DEC-209: at 0 HP or less a fighter rolls HT before each maneuver."""
    return stats.hp_left <= DATA.core.injury.conscious_roll_at_or_below


def resolve_gurps_quietly(
    state: EncounterState, action: Action, dice: Dice, ruleset: Ruleset
) -> EncounterState:
    """The state :func:`resolve_gurps_action` leads to, for simulations that read neither its
    trace nor its result: an attack by someone conscious enough not to roll for it (most of a
    fight) words none of its steps."""
    assert isinstance(action, GurpsAction)
    stats = gurps_stats(state.combatant(action.actor))
    events: Sequence[Event]
    try:
        if _rolls_to_stay_conscious(stats):
            events = _resolved(state, action, dice).events
        elif action.verb in ATTACKS:
            events = attack(state, action, dice, QuietTraceBuilder()).events
        elif action.verb == "aims":
            events = (_aim(state, action),)  # most of a simulation's other turns
        else:
            events = _maneuver(state, action, dice).events
    except RuleRefusal as refusal:
        raise _refused_as_in_scene(refusal, state.combatant(action.actor), action) from None
    return apply_all(state, events, ruleset)


def _aim(state: EncounterState, action: GurpsAction) -> GurpsManeuver:
    """The Aim maneuver: one more turn of aim at the same target, else the first."""
    c = state.combatant(action.actor)
    stats = gurps_stats(c)
    carried_weapon(c, action.weapon)
    target = state.combatant(action.target or "")
    turns = stats.aim_turns + 1 if stats.aim_target == target.name else 1
    return maneuver_taken(c.name, "aim", target.name, turns, "braced" in dict(action.options))


def _maneuver(state: EncounterState, action: GurpsAction, dice: Dice) -> Outcome:
    c = state.combatant(action.actor)
    stats = gurps_stats(c)
    opts = dict(action.options)
    if action.verb in ATTACKS:
        return attack(state, action, dice, TraceBuilder())
    if action.verb == "aims":
        aimed = _aim(state, action)
        turns = counted(aimed.aim_turns, "turn")
        return announced(aimed, f"{c.name} aims at {aimed.aim_target} ({turns}).")
    if action.verb == "moves":
        x, y = option_point(action.words, what="'moves'", unit="ft")
        to = scene_point(x, y, "ft")
        check_reach(c, to, stats.move, rule=RULE)
        return move_under_fire(state, c, to, dice)
    if action.verb == "turns":
        return _turn_in_place(state, c, action)
    if action.verb == "waits":
        return _wait(state, c, opts)
    if action.verb == "reloads":
        return reload_maneuver(c, action, dice)
    if action.verb == "draws":
        return draw_maneuver(c, action, dice)
    if action.verb == "recovers":
        trace = TraceBuilder()
        if not stats.stunned:
            # Do Nothing, said so: "waits" is the Wait maneuver, which watches and may fire.
            nothing = GurpsManeuver(actor=c.name, maneuver="nothing")
            return announced(nothing, f"{c.name} does nothing.")
        roll = DiceRoller(dice, trace).sum(3, "HT roll to recover from stun")
        verdict = judge(roll, stats.ht, DATA.core.success)
        trace.step(f"HT {stats.ht}: {verdict.result}", rule=RULE)
        events: list[Event] = [GurpsManeuver(actor=c.name, maneuver="nothing")]
        if verdict.success:
            events.append(GurpsRecovered(actor=c.name))
        word = "recovers" if verdict.success else "is still stunned"
        return Outcome(
            events=tuple(events),
            trace=trace.build(),
            result=Happened(headline=f"{c.name} {word}."),
        )
    posture = _POSTURES[action.verb]
    # The posture change tells itself in the narration; a headline would say it twice.
    return Outcome(
        events=(
            GurpsManeuver(actor=c.name, maneuver="change position"),
            PostureChanged(actor=c.name, posture=posture),
        ),
        trace=Trace(()),
        result=Happened(action=action.verb),
    )


#: The posture each Change Position verb takes.
_POSTURES = {"kneels": Posture.KNEELING, "stands": Posture.STANDING, "drops": Posture.PRONE}


def _turn_in_place(state: EncounterState, c: CombatantState, action: GurpsAction) -> Outcome:
    """A Move maneuver of no yards that leaves ``c`` facing someone or a place (DEC-657): the
    sources give no free turn, so turning takes the second as any move does."""
    if action.target is not None:
        toward, what = state.combatant(action.target).position, action.target
    else:
        x, y = option_point(action.words, what="'turns to face'", unit="ft")
        toward, what = scene_point(x, y, "ft"), f"{x:g},{y:g}"
    if what == c.name or toward == c.position:
        raise RuleRefusal(ACTION_RULE, f"{c.name} cannot turn to face their own place.")
    facing = round(bearing_deg(c.position, toward), 1)
    trace = TraceBuilder()
    trace.step(f"{c.name} turns to face {what}: a Move of no yards", rule="DEC-657")
    # The turn tells itself in the narration (the facing it leaves); no headline repeats it.
    # Facing that way already, nothing is narrated, so the headline says the second went.
    same = round(c.facing_deg, 1) == facing
    headline = f"{c.name} already faces {what}: the second is spent." if same else None
    return Outcome(
        events=(
            GurpsManeuver(actor=c.name, maneuver="move"),
            Moved(actor=c.name, to=c.position, distance_ft=0.0, facing_deg=facing),
        ),
        trace=trace.build(),
        result=Happened(action="turns", headline=headline),
    )


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
        if for_ == c.name:
            raise RuleRefusal("GUR-OPP-1", f"{c.name} cannot wait to fire at themselves.")
    if point is not None:
        area = watched_area(c, watch, scene_point(point[0], point[1], "ft"))
        check_in_arc(c.position, c.facing_deg, area, gurps_stats(c).vision)
    where = f" at {point[0]:g},{point[1]:g}" if point is not None else ""
    return announced(
        GurpsManeuver(
            actor=c.name,
            maneuver="wait",
            watching=watch,
            watch_x=point[0] if point is not None else None,
            watch_y=point[1] if point is not None else None,
            watch_for=for_,
            watch_hold="hold" in opts,
        ),
        f"{c.name} waits, watching {watched_words(watch)}{where}.",
    )


def nothing() -> Outcome:
    """The end of a one-second turn brings nothing: shock and stun change at turns and HT rolls."""
    return Outcome(events=(), trace=Trace(()), result=Happened())


# --- applying ---------------------------------------------------------------------------------


#: The folds of the events that change only the one combatant they name, by event class: each
#: is also a personal fold, so a shot's events fold in one run with its rounds (apply_all) and
#: the scene is copied once for them all.
_PERSONAL: dict[type[Event], Callable[[EncounterState, Any], EncounterState]] = {}
_personal = partial(personal_fold_into, _PERSONAL)


def _refilled(c: CombatantState, name: str) -> CombatantState:
    """``c`` with the weapon called ``name`` full: a timed reload has run its seconds, from a
    spare where the weapon's reloads are counted (DEC-906)."""
    weapon = c.weapon(name)
    if weapon is None or weapon.loaded is None:
        return c
    if name in gurps_stats(c).counted_reloads:
        # The first spare with rounds goes in (GUR-RELOAD-1), as the shared Reloaded folds.
        spare = weapon.spare_with_rounds()
        return c if spare is None else c.with_weapon(weapon.with_spare_loaded(spare))
    return c.with_weapon(
        replace(weapon, loaded=replace(weapon.loaded, rounds=weapon.loaded.capacity))
    )


# The copies every second and maneuver of a fight makes (frozen.replacer: no keywords
# gathered).
_with_stats = replacer(CombatantState, "stats")
_new_turn = replacer(EncounterState, "round", "combatants")
_turn_fresh = replacer(GurpsStats, "acted", "shock", "shock_next", "busy", "reloading")
_maneuvered = replacer(
    GurpsStats,
    "acted",
    "aim_target",
    "aim_turns",
    "braced",
    "watching",
    "watch_at",
    "watch_for",
    "watch_hold",
    "busy",
    "reloading",
    "all_out",
    "knocked_down",
)


def apply_gurps_event(state: EncounterState, event: Event) -> EncounterState:
    personal = _PERSONAL.get(type(event))
    if personal is not None:
        return personal(state, event)
    if isinstance(event, GurpsTurnStarted):
        people = []
        for c in state.combatants:
            s = gurps_stats(c)
            done = s.busy == 1 and s.reloading is not None
            if done:
                c = _refilled(c, str(s.reloading))
            fresh = _turn_fresh(
                s,
                acted=False,
                shock=s.shock_next,
                shock_next=0,
                busy=max(0, s.busy - 1),
                reloading=None if done else s.reloading,
            )
            people.append(_with_stats(c, fresh))
        return _new_turn(state, event.round, tuple(people))
    raise FoldError(f"the gurps ruleset has no {type(event).__name__} events")


@_personal(GurpsManeuver, lambda e: e.actor)
def _maneuver_taken(c: CombatantState, event: GurpsManeuver) -> CombatantState:
    s = gurps_stats(c)
    keeps_aim = event.maneuver == "aim"
    return _with_stats(
        c,
        _maneuvered(
            s,
            acted=True,
            aim_target=event.aim_target if keeps_aim else None,
            aim_turns=event.aim_turns if keeps_aim else 0,
            braced=event.braced if keeps_aim else False,
            watching=event.watching if event.maneuver == "wait" else None,
            watch_at=(event.watch_x, event.watch_y)
            if event.maneuver == "wait" and event.watch_x is not None and event.watch_y is not None
            else None,
            watch_for=event.watch_for if event.maneuver == "wait" else None,
            watch_hold=event.watch_hold and event.maneuver == "wait",
            busy=event.busy,
            reloading=event.reloading,
            all_out=event.maneuver == "all-out attack",
            # Knocked down is lying where the wound threw them: rising to kneel or stand ends it.
            knocked_down=s.knocked_down and event.maneuver != "change position",
        ),
    )


@_personal(GurpsDrew, lambda e: e.actor)
def _drawn(c: CombatantState, event: GurpsDrew) -> CombatantState:
    held = event.weapon if event.ready else None
    return replace(c, stats=replace(gurps_stats(c), in_hand=held, busy=0, reloading=None))


@_personal(GurpsHurt, lambda e: e.target)
def _hurt(c: CombatantState, event: GurpsHurt) -> CombatantState:
    s = gurps_stats(c)
    cap = DATA.core.injury.shock_cap
    # Shock weighs on the wounded fighter's own next turn (GUR-CORE-1, DEC-209, DEC-895).
    stats = replace(
        s.with_shock_to_come(max(cap, s.shock_to_come + event.shock)),
        lost=s.lost + event.injury,
        stunned=s.stunned or event.stunned,
        knocked_down=s.knocked_down or event.knocked_down,
        aim_target=None,
        aim_turns=0,
    )
    posture = Posture.PRONE if event.knocked_down else c.posture
    return replace(
        c,
        stats=stats,
        posture=posture,
        unconscious=c.unconscious or event.unconscious,
        dead=c.dead or event.dead,
    )


@_personal(GurpsRecovered, lambda e: e.actor)
def _recovered(c: CombatantState, event: GurpsRecovered) -> CombatantState:
    return replace(c, stats=replace(gurps_stats(c), stunned=False))


@_personal(GurpsStoodUp, lambda e: e.actor)
def _stood_up(c: CombatantState, event: GurpsStoodUp) -> CombatantState:
    return replace(c, stats=replace(gurps_stats(c), knocked_down=False))


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


def _watch_words(s: GurpsStats) -> str:
    """A Wait as the state table shows it (GUR-OPP-1): what is watched and where, in feet as the
    line placed it and the table shows places, for whom, holding fire on friends."""
    if s.watching is None:
        return ""
    where = f" at {s.watch_at[0]:g},{s.watch_at[1]:g} ft" if s.watch_at is not None else ""
    whom = f" for {s.watch_for}" if s.watch_for else ""
    hold = ", holding fire on friends" if s.watch_hold else ""
    return f"watching {watched_words(s.watching)}{where}{whom}{hold}"


def _reloads_left(weapon: WeaponState) -> str:
    """The counted reloads still to be had for ``weapon`` (DEC-906), as its row shows them."""
    left = sum(1 for m in weapon.spares if m.rounds > 0)
    return f" +{counted(left, 'reload')}"


def gurps_row(c: CombatantState) -> Mapping[str, str]:
    s = gurps_stats(c)
    state = (
        "dead" if c.dead else "unconscious" if c.unconscious else ("stunned" if s.stunned else "up")
    )
    conditions = [
        f"shock {s.shock}" if s.shock else "",
        # A wound's shock weighs on the next turn only (GUR-CORE-1): shown from the wound on,
        # not from the turn it weighs on, so that the GM sees it coming (DEC-788).
        f"shock {s.shock_next} next turn" if s.shock_next else "",
        "knocked down" if s.knocked_down else "",
        f"aiming at {s.aim_target} ({s.aim_turns}{', braced' if s.braced else ''})"
        if s.aim_target
        else "",
        _watch_words(s),
        f"reloading {s.reloading} {s.busy} s"
        if s.reloading
        else f"busy {s.busy} s"
        if s.busy
        else "",
    ]
    # With more than one weapon, the one a line naming none fires (GUR-RELOAD-1) is marked.
    held = s.in_hand if len(c.weapons) > 1 else None
    weapons = (
        "; ".join(
            (f"{w.name} {w.loaded.rounds}/{w.loaded.capacity}" if w.loaded else w.name)
            + (_reloads_left(w) if w.name in s.counted_reloads else "")
            + (" (in hand)" if w.name == held else "")
            for w in c.weapons
        )
        or "-"
    )
    # Whose maneuver is still to come this turn, as rmu's AP and cpr's and cards's turn show it:
    # the prompt named them, but the table a GM reads between turns did not.
    turn = "-" if not c.in_fight() else "taken" if s.acted else "maneuver"
    return {
        "name": c.name,
        "side": c.side,
        "turn": turn,
        "HP": f"{s.hp_left}/{s.hp}",
        "state": f"{state}, {c.posture.value}",
        "conditions": ", ".join(x for x in conditions if x) or "-",
        # In feet, as every place is typed (`moves X,Y`, `--at`, the GM's `move`; DEC-205):
        # yards here had a GM type 0,8 for two yards and walk 22 ft (DEC-779).
        "at (ft)": f"{round(c.position.x_ft, 1):g},{round(c.position.y_ft, 1):g}",
        "weapons": weapons,
        "armor": s.armor,
    }
