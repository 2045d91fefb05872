"""Melee in encounters: ``attacks``, ``grapples`` and ``breaks free``, and the conditions they
leave (RULINGS R-6, P-9; RMU-BITE-2, RMU-BITE-3; DEC-343..DEC-347).

- ``Mara attacks Viktor with knife [--ap N] [--parry N] [--situation NAME]... [--mod V:L]...``
  -- a melee attack (:mod:`.attack`) with a weapon of the melee catalog; when the scenario
  lists what Mara carries, only one of those, the first swung one when none is named
  (:mod:`.carried`, DEC-826, DEC-827);
- ``Mara grapples Viktor [--ap N] [--parry N] ...`` -- a grapple: its critical's hold becomes
  the condition ``grappled`` on Viktor (holder = the victim; the grappler's name and the hold
  in its data); a further grapple by the same grappler adds to the hold, up to the cap;
- ``Viktor breaks free [from Mara] [--ap N]`` -- the opposed contest (:mod:`.grapple`); winning
  ends the hold, nothing else does while the grappler stands within reach and can act.

The attack is built from the state: the attacker's skill for the weapon (Unarmed, else the
Strength bonus, for a grapple), every penalty they carry, the hold on them; the target's AT
(or the AT its worn ballistic armor counts as), Quickness DB, parry (the condition
``parrying`` an attacker's ``--parry`` leaves until the end of the round) and whether they can
defend at all (P-9: unconscious, dying, staked, in torpor or held fast). The Table 9-5
modifiers the scene shows are added and traced: a prone attacker or target, a stunned target,
a blow from the flank or the rear (by the target's facing). A barrier between the two covers
the target as RMU-COV-7 prices it, read off the scene as a shot's cover is (DEC-666, DEC-667).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal, known_or_refused
from firefight.events import Event
from firefight.geometry import Posture, bearing_deg, distance_ft
from firefight.outcome import Outcome
from firefight.rulesets.rmu import rmu_data
from firefight.rulesets.rmu.bite import BITE_WEAPON
from firefight.rulesets.rmu.critical_table import CriticalEffect
from firefight.rulesets.rmu.encounter_events import ActionPointsLost, bonus_used
from firefight.rulesets.rmu.events import ActionPointsSpent, CriticalInflicted
from firefight.rulesets.rmu.kindred_criticals import reads_torpor, severity_steps
from firefight.rulesets.rmu.kindred_rules import kindred_rules
from firefight.rulesets.rmu.melee.attack import (
    MELEE_RULE,
    MeleeAttack,
    check_attack,
    kindred_shift_why,
    resolve_melee_attack,
)
from firefight.rulesets.rmu.melee.carried import (
    check_melee_carried,
    default_weapon,
    example_weapon,
    swung,
)
from firefight.rulesets.rmu.melee.catalog import melee_weapon
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.melee.grapple import (
    ESCAPE_RULE,
    Escape,
    check_escape,
    resolve_escape,
)
from firefight.rulesets.rmu.melee.holds import GRAPPLED, hold_of, hold_on, holds_on
from firefight.rulesets.rmu.melee.results import (
    Blow,
    EscapeActed,
    MeleeActed,
    MeleeFumble,
    MeleeHit,
)
from firefight.rulesets.rmu.scene_reading import can_defend, melee_cover, shooter_modifiers
from firefight.rulesets.rmu.vitals import dying, intact_armor, rmu_stats, vitals
from firefight.scene.actions import Action
from firefight.scene.conditions import ConditionKind, register_condition
from firefight.scene.events import ConditionEnded, ConditionStarted
from firefight.scene.lines import Line, OptionKind, example_line, name_at
from firefight.scene.state import ActiveCondition, CombatantState, EncounterState
from firefight.trace import Modifier, Trace, TraceBuilder

__all__ = [
    "MELEE_ACTIONS",
    "MELEE_OPTIONS",
    "MELEE_VERBS",
    "PARRYING",
    "Attack",
    "BreakFree",
    "Grapple",
    "build_attack",
    "check_not_held",
    "check_not_held_fast",
    "defenses",
    "held_terms",
    "helpless",
    "melee_scene_lines",
    "parse_melee_action",
    "resolve_melee_action",
    "validate_melee_action",
]

#: The condition kind of a parry: holder = the parrying combatant; data: parry (DB).
PARRYING = "parrying"
#: docs/decisions.md: reach, the hold's effects.
REACH_RULE = "DEC-346"
HOLD_RULE = "DEC-343"


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Action):
    target: str
    weapon: str
    ap: int = 4
    parry: int = 0
    situational: tuple[str, ...] = ()
    mods: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Grapple(Action):
    target: str
    ap: int = 4
    parry: int = 0
    situational: tuple[str, ...] = ()
    mods: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakFree(Action):
    holder: str | None = None
    ap: int = 4
    mods: tuple[Modifier, ...] = ()


MELEE_ACTIONS = (Attack, Grapple, BreakFree)
MELEE_VERBS: dict[str, str] = {
    "attacks": "attacks",
    "attack": "attacks",
    "strikes": "attacks",
    "strike": "attacks",
    "grapples": "grapples",
    "grapple": "grapples",
    "grabs": "grapples",
    "grab": "grapples",
    "breaks free": "breaks-free",
    "break free": "breaks-free",
    "breaks-free": "breaks-free",
    "break-free": "breaks-free",
}
_SWING: Mapping[str, OptionKind] = {
    "ap": "int",
    "parry": "int",
    "situation": "many",
    "mod": "many",
}
MELEE_OPTIONS: dict[str, Mapping[str, OptionKind]] = {
    "attacks": {**_SWING, "with": "str"},
    "grapples": _SWING,
    "breaks-free": {"ap": "int", "mod": "many"},
}


def _refuse(reason: str) -> RuleRefusal:
    return RuleRefusal(MELEE_RULE, reason)


def parse_melee_action(line: Line, state: EncounterState) -> Action:
    """The melee action a line read by :func:`~firefight.scene.lines.read_line` declares."""
    actor, verb, said = line.actor, line.verb, line.text
    words = list(line.words)
    if verb == "breaks-free":
        if words and words[0].lower() == "from":
            words = words[1:]
        holder = None
        if words:
            holder, used = name_at(words, 0, len(words), state)
            if used != len(words):
                raise _refuse(f"'breaks free' takes one name; {' '.join(words[used:])!r} is left.")
        return BreakFree(
            actor=actor,
            verb=verb,
            text=said,
            holder=holder,
            ap=line.number("ap", 4, MELEE_RULE),
            mods=line.mods(MELEE_RULE),
        )
    lowered = [w.lower() for w in words]
    weapon = line.first("with")
    # The examples name the fight's own people (a fixed "Mara attacks Viktor" named
    # strangers, or Mara's own ghoul as her foe).
    example = example_weapon(state.combatant(actor)) if verb == "attacks" else None
    blow = example_line(state, verb, actor) + (f" with {example}" if example else "")
    if "with" in lowered:
        at = lowered.index("with")
        if weapon is not None or at == len(words) - 1:
            raise _refuse(f"Name one weapon after 'with', e.g. '{blow}'.")
        weapon = "-".join(words[at + 1 :])  # "hand axe" is the catalog's hand-axe
        words = words[:at]
    if not words:
        raise _refuse(f"'{line.verb}' needs a target, e.g. '{blow}'.")
    target, used = name_at(words, 0, len(words), state)
    if used != len(words):
        raise _refuse(f"'{line.verb}' takes one target; {' '.join(words[used:])!r} is left over.")
    ap = line.number("ap", 4, MELEE_RULE)
    parry = line.number("parry", 0, MELEE_RULE)
    situational = line.options.get("situation", ())
    mods = line.mods(MELEE_RULE)
    if verb == "grapples":
        if weapon is not None:
            raise _refuse("A grapple is made bare-handed: it takes no weapon.")
        return Grapple(
            actor=actor, verb=verb, text=said, target=target, ap=ap, parry=parry,
            situational=situational, mods=mods,
        )  # fmt: skip
    if weapon is None:
        # DEC-827: with a list, the first weapon listed that is swung (not shot, not fangs).
        weapon = default_weapon(state.combatant(actor), swung, "strike", None)
    if weapon is None:
        raise _refuse(f"'attacks' needs a weapon, e.g. '{actor} attacks {target} with {example}'.")
    known_or_refused(MELEE_RULE, melee_weapon, weapon)
    return Attack(
        actor=actor, verb=verb, text=said, target=target, weapon=weapon, ap=ap, parry=parry,
        situational=situational, mods=mods,
    )  # fmt: skip


# --- reading the state ------------------------------------------------------------------------


def _grappler(condition: ActiveCondition) -> str:
    return str(condition.get("grappler"))


def held_terms(state: EncounterState, c: CombatantState) -> list[Modifier]:
    """The hold on ``c`` as a penalty on what they do (DEC-343)."""
    if not state.conditions:
        return []  # no hold in a scene without conditions (hold_on)
    hold = hold_on(state, c.name)
    if not hold:
        return []
    who = ", ".join(_grappler(k) for k in holds_on(state, c.name))
    return [Modifier(value=-hold, label=f"held {hold}% by {who}", rule=HOLD_RULE)]


def helpless(state: EncounterState, c: CombatantState) -> str | None:
    """Why ``c`` brings no defenses (P-9), or None: unconscious, dying, staked, in torpor
    (V-2, V-3), or held fast."""
    # The same test a shot and a blast read (scene_reading.can_defend); here it also says why.
    if can_defend(state, c):
        return None
    if not c.can_act():
        return f"{c.name} is {_why_down(c)}"
    return f"{c.name} is held fast"


def _why_down(c: CombatantState) -> str:
    """The word for why ``c`` cannot act, as :func:`helpless` says it."""
    if dying(c):
        return "dying"
    sheet = rmu_stats(c).kindred
    if sheet is not None and sheet.staked and not c.dead:
        return "staked"
    if sheet is not None and sheet.torpor and not c.dead:
        return "in torpor"
    return "unconscious"


def defenses(
    state: EncounterState, target: CombatantState, tb: TraceBuilder
) -> tuple[int, int, bool]:
    """What ``target`` brings against a melee attack: Quickness DB, the parry they moved into
    DB this round (DEC-345), and whether they are helpless and bring neither (P-9). A blade, a
    grapple and a bite read them here alike (RMU-BITE-1, DEC-790)."""
    reason = helpless(state, target)
    if reason is not None:
        tb.step(f"{reason}: no DB, no parry.", "P-9")
    db = rmu_stats(target).quickness_db
    return db, _parry_of(state, target.name), reason is not None


def _parry_of(state: EncounterState, name: str) -> int:
    found = [k.get("parry") for k in state.conditions if k.kind == PARRYING and k.holder == name]
    return max((int(v) for v in found if isinstance(v, int)), default=0)


def _reach(a: CombatantState, b: CombatantState) -> float:
    """The gap between two bodies' edges (S-1)."""
    return distance_ft(a.position, b.position) - a.body.radius_ft - b.body.radius_ft


def _side(target: CombatantState, attacker: CombatantState) -> str | None:
    """Flank or rear by the target's facing (DEC-346): front within 90° of it, rear past 150°."""
    off = abs(
        (bearing_deg(target.position, attacker.position) - target.facing_deg + 180) % 360 - 180
    )
    if off <= 90:
        return None
    return "rear" if off >= 150 else "flank"


def situational_terms(
    c: CombatantState, target: CombatantState, declared: tuple[str, ...], tb: TraceBuilder
) -> tuple[str, ...]:
    """Table 9-5's melee terms for ``c`` striking ``target``: ``declared`` and, each once, those
    the scene shows (DEC-340): a prone attacker or target, a stunned target, the flank or rear
    (DEC-346). A blade, a grapple and a bite read them here alike (RMU-BITE-1, DEC-780)."""
    situational = list(declared)
    seen = []
    if c.posture is Posture.PRONE:
        seen.append(("attacker-prone", f"{c.name} is prone."))
    if target.posture is Posture.PRONE:
        seen.append(("prone-target", f"{target.name} is prone."))
    if vitals(target).stun_penalty:
        seen.append(("stunned-foe", f"{target.name} is stunned."))
    side = _side(target, c)
    if side is not None:
        seen.append((side, f"{c.name} strikes from {target.name}'s {side}."))
    for name, why in seen:
        if name not in situational:
            situational.append(name)
            tb.step(why, "DEC-346" if name in ("flank", "rear") else "R-1")
    return tuple(situational)


def _unarmed(c: CombatantState, tb: TraceBuilder) -> tuple[int, int]:
    """Bonus and ranks for a hold: the Unarmed skill, else the Strength bonus (DEC-347)."""
    stats = rmu_stats(c)
    skill = stats.skill(melee_weapon("grapple").skill)
    if skill is not None:
        return skill.bonus, skill.ranks
    tb.step(f"{c.name} has no Unarmed skill: the Strength bonus {stats.strength:+d} stands in.",
            "DEC-347")  # fmt: skip
    return stats.strength, 0


def check_reach(
    attacker: CombatantState, target: CombatantState, what: str, rule: str = REACH_RULE
) -> None:
    """Refuse a blow past the reach between the bodies' edges (DEC-346): a blade's, a
    grapple's, a bite's, a stake's alike; ``rule`` the one the refusal cites."""
    gap = _reach(attacker, target)
    reach = melee_figures().reach_ft
    if gap > reach:
        raise RuleRefusal(
            rule,
            f"{target.name} is out of {attacker.name}'s reach, {gap:.0f} ft between them: "
            f"{what} reaches {reach:g} ft.",
        )


def ties_out_of_reach(
    state: EncounterState, name: str, *, leaving: bool = False
) -> tuple[ConditionEnded, ...]:
    """The holds (DEC-343) and lodged fangs (RMU-BITE-3) between ``name`` and anyone now out
    of reach of them (every one when ``name`` is ``leaving`` the scene), ended: the GM put
    ``name`` there or took them away (DEC-918), and nobody holds or feeds on someone across the
    room, or on nobody."""
    from firefight.rulesets.rmu.kindred_feeding import FANGS

    c = state.combatant(name)
    ended = []
    for k in state.conditions:
        if k.kind == GRAPPLED:
            ends = (k.holder, _grappler(k))
        elif k.kind == FANGS:
            ends = (k.holder, str(k.get("by")))
        else:
            continue
        if name not in ends:
            continue
        other = state.find(ends[1] if ends[0] == name else ends[0] or "")
        if leaving or other is None or _reach(c, other) > melee_figures().reach_ft:
            ended.append(ConditionEnded(id=k.id))
    return tuple(ended)


def check_not_held(state: EncounterState, c: CombatantState) -> None:
    """Refuse moving away while held (DEC-343): a hold pins its victim in place."""
    holds = holds_on(state, c.name)
    if holds:
        raise RuleRefusal(
            HOLD_RULE,
            f"{c.name} is held by {_grappler(holds[0])} and cannot move away; break free first.",
        )


def check_not_held_fast(state: EncounterState, c: CombatantState) -> None:
    hold = hold_on(state, c.name)
    if hold and hold >= melee_figures().hold_cap:
        raise RuleRefusal(
            HOLD_RULE, f"{c.name} is held fast: the only thing left to try is to break free."
        )


def build_attack(state: EncounterState, action: Attack | Grapple, tb: TraceBuilder) -> MeleeAttack:
    """The :class:`MeleeAttack` the state declares for ``action``; refuses what cannot be."""
    c = state.combatant(action.actor)
    grapple = not isinstance(action, Attack)
    target = state.combatant(action.target)
    if target.name == c.name:
        raise _refuse(f"{c.name} cannot {'grapple' if grapple else 'attack'} themselves.")
    if target.dead:
        raise RuleRefusal("R-2", f"{target.name} is already dead.")
    weapon = melee_weapon(action.weapon if isinstance(action, Attack) else "grapple")
    check_melee_carried(c, weapon)
    if weapon.key == BITE_WEAPON:
        # The fangs' -20 without a hold and their lodging live in the bite's rules alone.
        raise RuleRefusal(
            "RMU-BITE-2",
            f"Fangs go in by the bite's own rules (how they reach, whether they lodge): "
            f"'{c.name} bites {target.name}'.",
        )
    if weapon.ranged:
        raise _refuse(
            f"The {weapon.name} is shot, not swung: '{c.name} stakes {target.name} --with "
            f"{weapon.key}' shoots its bolt."
        )
    check_reach(c, target, "a grapple" if grapple else f"the {weapon.name}")
    check_not_held_fast(state, c)
    cover, cover_share = melee_cover(state, c, target, tb)
    if grapple:
        ob, ranks = _unarmed(c, tb)
    else:
        skill = rmu_stats(c).skill(weapon.skill)
        ob, ranks = (skill.bonus, skill.ranks) if skill else (0, 0)
        if skill is None:
            tb.step(f"{c.name} has no {weapon.skill!r} skill: OB 0.", MELEE_RULE)
    situational = situational_terms(c, target, action.situational, tb)
    target_db, target_parry, target_helpless = defenses(state, target, tb)
    stats, rules = rmu_stats(target), kindred_rules(state)
    steps = severity_steps(stats, rules)
    return MeleeAttack(
        weapon=weapon.key,
        ob=ob,
        armor=melee_column(target),
        ap=action.ap,
        ap_available=vitals(c).ap_left,
        ranks=ranks,
        parry=action.parry,
        target_db=target_db,
        target_parry=target_parry,
        cover=cover,
        cover_share_percent=cover_share,
        helpless=target_helpless,
        situational=situational,
        extra=(*shooter_modifiers(c, None), *held_terms(state, c), *action.mods),
        attacker=c.name,
        target=target.name,
        # V-1: a Kindred's wound from a blade or a blow reads lighter; a grapple's hold is no
        # wound (DEC-379). Fangs, aggravated, never come this way (DEC-696): a bite builds its own.
        severity_shift=0 if grapple else -steps,
        shift_why=kindred_shift_why(target.name),
        kindred=reads_torpor(stats, rules),
    )


def melee_column(c: CombatantState) -> str:
    """The AT a melee attack reads on ``c``: the naked AT, or what worn, unbroken ballistic
    armor counts as against blades and blows if that is heavier (DEC-348)."""
    naked = rmu_stats(c).naked_at
    armor = intact_armor(c)
    if armor is None:
        return naked
    worn = melee_figures().armor_at.get(armor.kind, naked)
    return max(naked, worn, key=lambda column: int(column.split()[-1]))


def _holder_condition(state: EncounterState, action: BreakFree) -> ActiveCondition:
    holds = holds_on(state, action.actor)
    if not holds:
        # Imported here: the feeding module builds on this one's holds.
        from firefight.rulesets.rmu.kindred_feeding import fangs_in

        fangs = fangs_in(state, action.actor, action.holder)
        if fangs is not None:
            # Lodged fangs hold like a grapple but are escaped by their own verb (RMU-BITE-3).
            raise RuleRefusal(
                "RMU-BITE-3",
                f"{fangs.get('by')}'s fangs hold {action.actor}, not a grapple: say "
                f"'{action.actor} tears free of {fangs.get('by')}'.",
            )
        raise RuleRefusal(ESCAPE_RULE, f"{action.actor} is not held: there is nothing to break.")
    if action.holder is None:
        return holds[0]
    for k in holds:
        if _grappler(k) == action.holder:
            return k
    raise RuleRefusal(ESCAPE_RULE, f"{action.holder} does not hold {action.actor}.")


def _build_escape(
    state: EncounterState, action: BreakFree, tb: TraceBuilder
) -> tuple[Escape, ActiveCondition]:
    c = state.combatant(action.actor)
    held = _holder_condition(state, action)
    holder = state.combatant(_grappler(held))
    ob, _ = _unarmed(c, tb)
    holder_ob, _ = _unarmed(holder, tb)
    escape = Escape(
        ob=ob,
        holder_ob=holder_ob,
        hold=hold_on(state, c.name),
        ap=action.ap,
        ap_available=vitals(c).ap_left,
        extra=(*shooter_modifiers(c, None), *action.mods),
        victim=c.name,
        holder=holder.name,
    )
    return escape, held


# --- validating and resolving -----------------------------------------------------------------


def validate_melee_action(state: EncounterState, action: Action) -> None:
    """Every check the resolution makes, without dice."""
    tb = TraceBuilder()
    if isinstance(action, BreakFree):
        check_escape(_build_escape(state, action, tb)[0])
        return
    assert isinstance(action, Attack | Grapple)
    check_attack(build_attack(state, action, tb))


def _hold_condition(
    state: EncounterState, grappler: str, victim: str, hold: int
) -> ActiveCondition:
    serial = sum(1 for k in state.conditions if k.kind == GRAPPLED) + 1
    return ActiveCondition(
        id=f"{GRAPPLED}-{state.round}-{serial}",
        kind=GRAPPLED,
        holder=victim,
        # The round it began: a bite that follows it this round is a secondary attack
        # (RMU-BITE-2).
        data=(("grappler", grappler), ("hold", hold), ("round", state.round)),
    )


def _fumble_events(c: CombatantState, ap_after: int, blow: Blow) -> list[Event]:
    """What a fumble does to the fumbler in the scene (DEC-342): AP, a fall, a stun."""
    if not isinstance(blow, MeleeFumble):
        return []
    fumble = blow.fumble
    effect = fumble.effect
    events: list[Event] = []
    lost = ap_after if effect.lose_round else min(ap_after, effect.lose_ap)
    if lost:
        events.append(
            ActionPointsLost(actor=c.name, ap=lost, reason="melee fumble", rule="RMU-GEN-8")
        )
    if effect.stun_rounds or effect.prone:
        events.append(
            CriticalInflicted(
                target=c.name,
                table="melee-fumble",
                severity="fumble",
                roll=fumble.total,
                location="self",
                effect=CriticalEffect(
                    label=effect.label,
                    stun_rounds=effect.stun_rounds,
                    stun_penalty=-25 if effect.stun_rounds else 0,
                    prone=effect.prone,
                ),
            )
        )
    return events


def resolve_melee_action(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    """The events and trace of a validated melee action."""
    c = state.combatant(action.actor)
    tb = TraceBuilder()
    if isinstance(action, BreakFree):
        escape, held = _build_escape(state, action, tb)
        escaped = resolve_escape(escape, dice)
        events: list[Event] = [ActionPointsSpent(actor=c.name, ap=escape.ap)]
        free = escaped.result.result == "broke free"
        if free:
            events.append(ConditionEnded(id=held.id))
        events.extend(bonus_used(c))
        verdict = "breaks free of" if free else "cannot break"
        headline = f"{c.name} {verdict} {escape.holder}'s hold ({escaped.result.contest})."
        return Outcome(
            events=tuple(events),
            trace=Trace((*tb.build().entries, *escaped.trace.entries)),
            result=EscapeActed(
                actor=c.name, holder=escape.holder, escape=escaped.result, headline=headline
            ),
        )
    assert isinstance(action, Attack | Grapple)
    attack = build_attack(state, action, tb)
    done = resolve_melee_attack(attack, dice, rmu_data())
    events = [ActionPointsSpent(actor=c.name, ap=attack.ap), *done.events]
    swung = done.result
    events.extend(_fumble_events(c, vitals(c).ap_left - attack.ap, swung.blow))
    if attack.parry:
        events.append(
            ConditionStarted(
                condition=ActiveCondition(
                    id=f"{PARRYING}-{c.name}-{state.round}",
                    kind=PARRYING,
                    holder=c.name,
                    rounds_left=1,
                    data=(("parry", attack.parry),),
                )
            )
        )
    hold = swung.blow.hold if isinstance(swung.blow, MeleeHit) else 0
    if hold:
        mine = next((k for k in holds_on(state, attack.target) if _grappler(k) == c.name), None)
        total = min(melee_figures().hold_cap, hold + (hold_of(mine) if mine else 0))
        if mine is not None:
            events.append(ConditionEnded(id=mine.id))
        events.append(
            ConditionStarted(condition=_hold_condition(state, c.name, attack.target, total))
        )
    events.extend(bonus_used(c))
    acted = MeleeActed(
        action=action.verb,
        actor=c.name,
        target=attack.target,
        attack=swung,
        headline=_headline(action, attack, swung.blow),
    )
    return Outcome(
        events=tuple(events),
        trace=Trace((*tb.build().entries, *done.trace.entries)),
        result=acted,
    )


def _headline(action: Attack | Grapple, attack: MeleeAttack, s: Blow) -> str:
    if isinstance(action, Grapple):
        head = f"{attack.attacker} grapples {attack.target}"
    else:
        head = (
            f"{attack.attacker} attacks {attack.target} with the {melee_weapon(attack.weapon).name}"
        )
    if not isinstance(s, MeleeHit):
        return f"{head}: {s.result}."
    text = f"{head}: hit, {s.total_hits} hits"
    if s.severity:
        text += f" and a critical {s.severity} to the {s.location}"
    if s.hold:
        text += f"; grappled {s.hold}%"
    return text + "."


def melee_scene_lines(state: EncounterState) -> list[str]:
    """The state table's lines for holds and parries."""
    lines = []
    for k in state.conditions:
        if k.kind == GRAPPLED:
            lines.append(f"{k.holder} is grappled {hold_of(k)}% by {_grappler(k)}.")
        elif k.kind == PARRYING:
            lines.append(f"{k.holder} parries (+{k.get('parry')} DB this round).")
    return lines


# --- the conditions ----------------------------------------------------------------------------


def _can_hold(grappler: CombatantState, victim: CombatantState) -> bool:
    """A grappler holds while up and within reach (DEC-343)."""
    down = grappler.unconscious or dying(grappler) or grappler.dead
    return not down and _reach(grappler, victim) <= melee_figures().reach_ft


class _Grappled(ConditionKind):
    """A hold on a victim (DEC-343): it lasts until broken (RMU-BITE-3), and ends at upkeep when
    the grappler can no longer hold (down, or out of reach) or the victim is dead."""

    name = GRAPPLED
    rulesets = ("rmu",)
    reads_only_conditions = True  # each hold is a condition

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        ended: list[Event] = []
        for k in state.conditions:
            if k.kind != GRAPPLED or k.holder is None:
                continue
            victim, grappler = state.find(k.holder), state.find(_grappler(k))
            if victim is None or grappler is None or victim.dead or not _can_hold(grappler, victim):
                ended.append(ConditionEnded(id=k.id))
        return ended

    def describe(self, event: Event, state: EncounterState) -> str | None:
        if isinstance(event, ConditionStarted) and event.condition.kind == GRAPPLED:
            k = event.condition
            return f"{k.holder} is grappled {hold_of(k)}% by {_grappler(k)} [RMU-BITE-2]."
        if isinstance(event, ConditionEnded):
            ended = state.condition(event.id)
            if ended is not None and ended.kind == GRAPPLED:
                return f"{_grappler(ended)}'s hold on {ended.holder} ends [RMU-BITE-3]."
        return None


class _Parrying(ConditionKind):
    """OB moved to DB (DEC-345), until the end of the round."""

    name = PARRYING
    rulesets = ("rmu",)

    def describe(self, event: Event, state: EncounterState) -> str | None:
        if isinstance(event, ConditionStarted) and event.condition.kind == PARRYING:
            k = event.condition
            return f"{k.holder} parries: +{k.get('parry')} DB until the end of the round [DEC-345]."
        if isinstance(event, ConditionEnded):
            ended = state.condition(event.id)
            if ended is not None and ended.kind == PARRYING:
                return f"{ended.holder} stops parrying [DEC-345]."
        return None


register_condition(_Grappled())
register_condition(_Parrying())
