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
from dataclasses import dataclass
from typing import Any

from firefight.declarations import declare, field_named, parse_value
from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import replace
from firefight.geometry import Posture, bearing_deg, distance_ft
from firefight.outcome import Outcome
from firefight.rulesets.gurps.attack import resolve_shot
from firefight.rulesets.gurps.data import DATA
from firefight.rulesets.gurps.encounter_model import GurpsStats, gurps_stats
from firefight.rulesets.gurps.ranges import yards_from_feet
from firefight.rulesets.gurps.reload import Reload, resolve_reload
from firefight.rulesets.gurps.rolls import DiceRoller
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.success import judge
from firefight.scene.actions import ACTION_RULE, Action
from firefight.scene.apply import FoldError, named_in_log
from firefight.scene.events import InitiativeOrdered, PostureChanged, moved_to
from firefight.scene.lines import OptionKind, one_name, option_point, read_line, verb_options
from firefight.scene.points import scene_point
from firefight.scene.state import DOWN_RULE, CombatantState, EncounterState, Surprise
from firefight.trace import Trace, TraceBuilder

__all__ = [
    "EVENT_TYPES",
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
    """``actor`` took ``maneuver`` this turn (aim, attack, move, wait, ready, nothing)."""

    actor: str
    maneuver: str
    aim_target: str | None = None
    aim_turns: int = 0
    braced: bool = False
    watching: str | None = None
    busy: int = 0


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


EVENT_TYPES: tuple[type[Event], ...] = (GurpsTurnStarted, GurpsManeuver, GurpsHurt, GurpsRecovered)


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
    "moves": "moves",
    "moves to": "moves",
    "move": "moves",
    "waits": "waits",
    "wait": "waits",
    "reloads": "reloads",
    "readies": "reloads",
    "reload": "reloads",
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
    "in_the_way",
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


_OPTIONS: dict[str, dict[str, OptionKind]] = {
    "aims": {"weapon": "str", "braced": "flag"},
    "shoots": {"weapon": "str", **{o.replace("_", "-"): _kind(o) for o in _SHOT_OPTIONS}},
    "moves": {},
    "waits": {"watch": "str"},
    "reloads": {"weapon": "str"},
    "recovers": {},
    "kneels": {},
    "stands": {},
    "drops": {},
}


def action_words() -> dict[str, tuple[str, ...]]:
    """gurps's verbs and their options, for completion."""
    return verb_options(_VERBS, _OPTIONS)


def parse_gurps_action(text: str, state: EncounterState) -> Action:
    line = read_line(
        text, state, _VERBS, _OPTIONS, ruleset="gurps", example="Ann shoots Bob --shots 2"
    )
    target = None
    if line.verb in ("aims", "shoots"):
        target = one_name(line.words, state, what=f"{line.verb} at")
    elif line.words and line.verb != "moves":
        raise RuleRefusal(ACTION_RULE, f"'{line.verb}' takes no name: {' '.join(line.words)!r}.")
    return GurpsAction(
        actor=line.actor,
        verb=line.verb,
        text=text,
        target=target,
        weapon=line.first("weapon"),
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
    if stats.busy:
        raise RuleRefusal("GUR-RELOAD-1", f"{c.name} is still reloading ({stats.busy} s more).")
    if stats.stunned and action.verb != "recovers":
        raise RuleRefusal(RULE, f"{c.name} is stunned: they can only try to recover.")
    if action.verb == "shoots":
        name, _ = _weapon(c, action.weapon)
        loaded = c.weapon(name)
        shots = int(dict(action.options).get("shots", ("1",))[0] or 1)
        if loaded is not None and loaded.loaded is not None and loaded.loaded.rounds < shots:
            raise RuleRefusal("GUR-RELOAD-1", f"{c.name}'s {name} is not loaded: reload it.")
        target = state.combatant(action.target or "")
        if target.dead:
            raise RuleRefusal(RULE, f"{target.name} is already dead.")


def _shot(state: EncounterState, action: GurpsAction) -> Shoot:
    shooter = state.combatant(action.actor)
    target = state.combatant(action.target or "")
    s, t = gurps_stats(shooter), gurps_stats(target)
    name, kind = _weapon(shooter, action.weapon)
    carried = shooter.weapon(name)
    ammo = carried.loaded.ammo if carried is not None and carried.loaded is not None else "standard"
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
    cover = {Posture.PRONE: "prone", Posture.KNEELING: "kneeling"}.get(target.posture)
    given = values.pop("mods", ())
    mods = tuple(str(m) for m in given) if isinstance(given, tuple) else ()
    if cover is not None:
        mods = (*mods, cover)
    aimed = s.aim_target == target.name
    caught = target.surprise is not Surprise.NONE and not t.acted and state.round == 1
    defends = target.can_act and not caught
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
        aim=s.aim_turns if aimed else 0,
        braced=s.braced and aimed,
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
    if action.verb == "shoots":
        shot = _shot(state, action)
        outcome = resolve_shot(shot, dice)
        name, _ = _weapon(c, action.weapon)
        events: list[Event] = [
            GurpsManeuver(actor=c.name, maneuver="attack"),
            RoundsFired(actor=c.name, weapon=name, rounds=shot.shots),
        ]
        summary: Mapping[str, Any] = outcome.summary
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
        said = _shot_words(summary).replace("; target ", f"; {action.target} ")
        headline = f"{c.name} shoots {action.target} with the {name}: {said}"
        return Outcome(
            events=tuple(events), trace=outcome.trace, summary={**summary, "headline": headline}
        )
    if action.verb == "aims":
        name, kind = _weapon(c, action.weapon)
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
        return Outcome(
            events=(
                GurpsManeuver(actor=c.name, maneuver="move"),
                moved_to(c, scene_point(x, y, "ft")),
            ),
            trace=Trace(()),
            summary={"headline": f"{c.name} moves."},
        )
    if action.verb == "waits":
        watch = (opts.get("watch") or ("1",))[0]
        return _done(
            GurpsManeuver(actor=c.name, maneuver="wait", watching=watch),
            f"{c.name} waits, watching {watch}.",
        )
    if action.verb == "reloads":
        name, kind = _weapon(c, action.weapon)
        out = resolve_reload(
            declare(
                Reload,
                weapon=kind,
                st=stats.st,
                skill=stats.skill(name),
            ),
            dice,
        )
        done: Mapping[str, Any] = out.summary
        seconds = int(done["seconds"])
        carried = c.weapon(name)
        assert carried is not None and carried.loaded is not None
        events = [GurpsManeuver(actor=c.name, maneuver="ready", busy=max(0, seconds - 1))]
        if done["loaded"]:
            events.append(
                RoundsFired(
                    actor=c.name,
                    weapon=name,
                    rounds=carried.loaded.rounds - carried.loaded.capacity,
                )
            )
        headline = f"{c.name} reloads the {done.get('headline', name)}"
        return Outcome(
            events=tuple(events), trace=out.trace, summary={**done, "headline": headline}
        )
    if action.verb == "recovers":
        trace = TraceBuilder()
        if not stats.stunned:
            return _done(GurpsManeuver(actor=c.name, maneuver="nothing"), f"{c.name} waits.")
        roll = DiceRoller(dice, trace).sum(3, "HT roll to recover from stun")
        verdict = judge(roll, stats.ht, DATA.core.success)
        trace.step(f"HT {stats.ht}: {verdict.result}", rule=RULE)
        events = [GurpsManeuver(actor=c.name, maneuver="nothing")]
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


def nothing() -> Outcome:
    """The end of a one-second turn brings nothing: shock and stun change at turns and HT rolls."""
    return Outcome(events=(), trace=Trace(()))


def _shot_words(summary: Mapping[str, Any]) -> str:
    """The shot's own headline, lower-cased to follow a name; a miss says by how much."""
    missed = [s["missed_by"] for s in summary.get("shots", ()) if "missed_by" in s]
    if summary.get("result") == "miss" and missed:
        return f"missed by {', '.join(str(m) for m in missed)}."
    said = str(summary.get("headline", ""))
    return said[:1].lower() + said[1:]


def _done(event: Event, headline: str) -> Outcome:
    return Outcome(events=(event,), trace=Trace(()), summary={"headline": headline})


# --- applying ---------------------------------------------------------------------------------


def _with_stats(
    state: EncounterState, c: CombatantState, stats: GurpsStats, **core: object
) -> EncounterState:
    return state.with_combatant(replace(c, stats=stats, **core))


def apply_gurps_event(state: EncounterState, event: Event) -> EncounterState:
    if isinstance(event, GurpsTurnStarted):
        people = []
        for c in state.combatants:
            s = gurps_stats(c)
            people.append(
                replace(
                    c,
                    stats=replace(
                        s, acted=False, shock=s.shock_next, shock_next=0, busy=max(0, s.busy - 1)
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
                busy=event.busy,
            ),
        )
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
        f"reloading {s.busy} s" if s.busy else "",
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
