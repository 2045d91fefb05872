"""Staking and decapitation in rmu encounters (RMU-STAKE-1..3; RULINGS V-3, P-9).

- ``stakes TARGET [--called chest] [--with WEAPON] [--ap N] [--untroubled]`` -- against someone
  who can resist, a called melee attack at the chest with a wooden weapon (the catalog's
  ``stake`` unless ``--with`` names another), -20 (RMU-STAKE-1); against a helpless victim (P-9)
  the staking maneuver, a whole round's 4 AP (DEC-374), or with ``--untroubled`` (the GM's
  word that nobody interferes) no roll at all.
- ``beheads TARGET [--with WEAPON] [--ap N]`` -- a called melee attack at the head with a heavy
  edged weapon (``broadsword`` unless ``--with`` names another).

The attack's OB is the scenario's skill the weapon names (``stake``, ``blade``, ``axe``,
``crossbow``), its ranks shrinking the fumble range; the weapon is taken from the melee catalog
(DEC-374). ``stakes TARGET --with crossbow`` shoots a wooden bolt from where the staker stands:
a called shot at the chest, 1-3 AP (3 unless ``--ap`` says), the range ladder and the cover on
the line of fire instead of reach; a helpless victim is shot too, with no DB (P-9; DEC-522).

When the scenario lists the staker's melee weapons, only those are used, the first that stakes
or beheads when ``--with`` names none, and a stake driven home leaves the list
(:mod:`firefight.rulesets.rmu.melee.carried`, DEC-826..DEC-828).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.geometry import distance_ft
from firefight.outcome import Outcome
from firefight.rulesets.rmu import rmu_data
from firefight.rulesets.rmu.called import Purpose, parse_location
from firefight.rulesets.rmu.cover import Cover
from firefight.rulesets.rmu.defense import Defender, armor_maneuver_penalty
from firefight.rulesets.rmu.encounter_events import bonus_used
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.haste import hastier
from firefight.rulesets.rmu.kindred_events import Staked
from firefight.rulesets.rmu.kindred_results import KindredActed
from firefight.rulesets.rmu.kindred_rules import kindred_figures
from firefight.rulesets.rmu.kindred_vitals import sheet_of
from firefight.rulesets.rmu.melee.attack import attack_ap, kindred_shift_why
from firefight.rulesets.rmu.melee.carried import (
    check_melee_carried,
    default_weapon,
    melee_carried,
    stake_left,
)
from firefight.rulesets.rmu.melee.catalog import melee_weapon
from firefight.rulesets.rmu.melee.encounter import check_reach, melee_column
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.scene_reading import (
    barrier_cover,
    can_defend,
    cover_share_now,
    defender,
    melee_cover,
    shooter_modifiers,
    situational_conditions,
)
from firefight.rulesets.rmu.staking import (
    StakingManeuver,
    check_weapon,
    resolve_stake_attack,
    resolve_staking_maneuver,
    stake_attack,
    stake_words,
)
from firefight.rulesets.rmu.vitals import armor_of, penalty_modifiers, rmu_stats, vitals
from firefight.scene.actions import Action
from firefight.scene.conditions import ConditionKind, register_condition
from firefight.scene.events import ConditionStarted
from firefight.scene.lines import Line, OptionKind, one_name
from firefight.scene.state import ActiveCondition, CombatantState, EncounterState
from firefight.trace import Trace, TraceBuilder

__all__ = [
    "BEHEAD_WEAPON",
    "STAKE_ACTIONS",
    "STAKE_OPTIONS",
    "STAKE_VERBS",
    "STAKE_WEAPON",
    "Beheads",
    "Stakes",
    "parse_stake_action",
    "resolve_stake_action",
    "stake_scene_lines",
    "validate_stake_action",
]

#: A partial staking maneuver: the stake goes in next round if the staker is left alone.
STAKE_GOING_IN = "stake-going-in"

#: The weapon a line that names none staking with (RMU-STAKE-2) or beheading with (RMU-STAKE-3).
STAKE_WEAPON = "stake"
BEHEAD_WEAPON = "broadsword"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes(Action):
    target: str
    weapon: str = STAKE_WEAPON
    ap: int = 4
    untroubled: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Beheads(Action):
    target: str
    weapon: str = BEHEAD_WEAPON
    ap: int = 4


STAKE_ACTIONS = (Stakes, Beheads)
STAKE_VERBS: dict[str, str] = {
    "stakes": "stakes",
    "stake": "stakes",
    "beheads": "beheads",
    "behead": "beheads",
    "decapitates": "beheads",
    "decapitate": "beheads",
}
STAKE_OPTIONS: dict[str, Mapping[str, OptionKind]] = {
    "stakes": {"called": "str", "with": "str", "ap": "int", "untroubled": "flag"},
    "beheads": {"called": "str", "with": "str", "ap": "int"},
}


def parse_stake_action(line: Line, state: EncounterState, rule: str) -> Action:
    base = {"actor": line.actor, "verb": line.verb, "text": line.text}
    target = one_name(line.words, state, what="who", rule=rule)
    if target == line.actor:
        # Rolled, the blow came at the striker's own place (a miss, the AP spent: DEC-897).
        raise RuleRefusal(rule, f"{line.actor} cannot {line.verb[:-1]} themselves.")
    figs = kindred_figures()
    called = line.first("called")
    if line.verb == "stakes":
        if called is not None and parse_location(called) is not figs.stake_location:
            raise RuleRefusal(
                "RMU-STAKE-2", f"A stake goes to the {figs.stake_location.value}, not the {called}."
            )
        # DEC-827: a combatant who lists what they carry stakes with the first that can
        # (DEC-865: a wooden point, not a club).
        weapon = line.first("with") or default_weapon(
            state.combatant(line.actor), lambda w: w.stakes, "stake", STAKE_WEAPON
        )
        check_weapon("stake", weapon)
        most = attack_ap(melee_weapon(weapon), melee_figures())[1]
        return Stakes(
            **base,
            target=target,
            weapon=weapon,
            ap=line.number("ap", most, rule),
            untroubled=line.has("untroubled"),
        )
    if called is not None and parse_location(called) is not figs.behead_location:
        raise RuleRefusal(
            "RMU-STAKE-3",
            f"A head comes off at the {figs.behead_location.value}, not the {called}.",
        )
    weapon = line.first("with") or default_weapon(
        state.combatant(line.actor), lambda w: w.beheads, "behead", BEHEAD_WEAPON
    )
    return Beheads(**base, target=target, weapon=weapon, ap=line.number("ap", 4, rule))


def _helpless(state: EncounterState, target: CombatantState) -> bool:
    return not can_defend(state, target)


def _maneuver(state: EncounterState, action: Stakes | Beheads, target: CombatantState) -> bool:
    """A stake driven by hand into a helpless victim is the maneuver; a bolt is always shot."""
    shot = melee_weapon(action.weapon).ranged
    return isinstance(action, Stakes) and not shot and _helpless(state, target)


def _check_arm_reaches(state: EncounterState, c: CombatantState, target: CombatantState) -> None:
    """A blow or a stake driven by hand reaches ``target`` (RMU-STAKE-1) and not over a wall
    as tall as ``c`` standing (DEC-667): the check for the blow and for a stake going in."""
    # A blow's reach, between the bodies (DEC-346, DEC-835): a victim lying at a staker's feet
    # was "5 ft away: out of reach (5 ft)" by the centres.
    check_reach(c, target, "an arm", "RMU-STAKE-1")
    # The maneuver rolls no attack and so prices no cover, but the arm must go over the wall.
    melee_cover(state, c, target, TraceBuilder())


def validate_stake_action(state: EncounterState, action: Action) -> None:
    assert isinstance(action, Stakes | Beheads)
    c = state.combatant(action.actor)
    target = state.combatant(action.target)
    purpose: Purpose = "stake" if isinstance(action, Stakes) else "behead"
    check_weapon(purpose, action.weapon)
    weapon = melee_weapon(action.weapon)
    check_melee_carried(c, weapon)
    if not weapon.ranged:
        _check_arm_reaches(state, c, target)
    if target.dead:
        raise RuleRefusal("R-2", f"{target.name} is dead already.")
    maneuver = _maneuver(state, action, target)
    victim = sheet_of(target)
    if isinstance(action, Stakes) and victim is not None and victim.staked:
        raise RuleRefusal("V-3", f"{target.name} is staked already.")
    if maneuver:
        if victim is None:
            raise RuleRefusal("RMU-STAKE-2", f"{target.name} is mortal: there is no one to stake.")
        ap = melee_figures().attack_ap[1]
    else:
        if isinstance(action, Stakes) and action.untroubled:
            raise RuleRefusal(
                "RMU-STAKE-2",
                f"{action.weapon}: only a stake driven by hand into someone who cannot resist "
                "goes in without a roll.",
            )
        low, high = attack_ap(weapon, melee_figures())
        what = "shot" if weapon.ranged else "melee attack"
        if not low <= action.ap <= high:
            raise RuleRefusal("R-6", f"A {what} takes {low} to {high} AP, not {action.ap}.")
        ap = action.ap
    left = vitals(c).ap_left
    if ap > left:
        # The maneuver's AP are all it takes; an attack may be made hastier.
        tail = "" if maneuver else hastier(attack_ap(weapon, melee_figures())[0], left)
        # Named, as every other AP refusal names what costs them ("That costs" named nothing):
        # a staking maneuver takes its AP whole, an attack may be hastier.
        what = "The staking maneuver" if maneuver else f"The {purpose}"
        raise RuleRefusal(
            "RMU-GEN-1", f"{what} costs {ap} AP, but {c.name} has only {left} left{tail}."
        )


def _cover(
    state: EncounterState, c: CombatantState, target: CombatantState, shot: bool, tb: TraceBuilder
) -> tuple[Cover | None, int]:
    """What covers ``target`` against the bolt (on the line of fire) or the blow (RMU-COV-7,
    DEC-666, DEC-667), and the share of it a dash this round has earned (RMU-MOV-2)."""
    if not shot:
        return melee_cover(state, c, target, tb)
    cover = barrier_cover(state, c, target, None, tb)
    return cover, cover_share_now(state, target, tb) if cover is not None else 100


def _skill(c: CombatantState, key: str) -> tuple[int, int]:
    skill = rmu_stats(c).skill(melee_weapon(key).skill)
    return (skill.bonus, skill.ranks) if skill is not None else (0, 0)


def resolve_stake_action(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    assert isinstance(action, Stakes | Beheads)
    c = state.combatant(action.actor)
    target = state.combatant(action.target)
    bonus, ranks = _skill(c, action.weapon)
    if isinstance(action, Stakes) and _maneuver(state, action, target):
        ap = melee_figures().attack_ap[1]
        done = resolve_staking_maneuver(
            StakingManeuver(
                staker=c.name,
                victim=target.name,
                bonus=bonus,
                untroubled=action.untroubled,
                extra=tuple(penalty_modifiers(c)),
            ),
            dice,
        )
        events: list[Event] = [ActionPointsSpent(actor=c.name, ap=ap), *done.events]
        outcome = done.result.result
        if outcome in ("staked", "breaks"):
            # DEC-828: driven home it stays in the body; broken it is gone.
            events.extend(stake_left(c, action.weapon, target.name, broke=outcome == "breaks"))
        if outcome == "next-round":
            # The stake it will be, kept only for a staker who lists what they carry (DEC-828).
            kept = melee_carried(c) is not None
            events.append(
                ConditionStarted(
                    condition=ActiveCondition(
                        id=f"stake:{c.name}>{target.name}:{state.round}",
                        kind=STAKE_GOING_IN,
                        holder=target.name,
                        rounds_left=2,
                        data=(("by", c.name), *((("weapon", action.weapon),) if kept else ())),
                    )
                )
            )
        events.extend(bonus_used(c))
        return Outcome(
            events=tuple(events),
            trace=done.trace,
            result=KindredActed(
                action="stakes",
                done=done.result,
                headline=f"{c.name} stakes the helpless {target.name}: {done.result.result}.",
            ),
        )
    purpose: Purpose = "stake" if isinstance(action, Stakes) else "behead"
    guard = defender(state, target)
    melee = set(melee_figures().modifiers)
    seen = TraceBuilder()
    shot = melee_weapon(action.weapon).ranged
    cover, cover_share = _cover(state, c, target, shot, seen)
    attack = stake_attack(
        purpose,
        weapon=action.weapon,
        ob=bonus,
        armor=melee_column(target),
        ap=action.ap,
        ap_available=vitals(c).ap_left,
        ranks=ranks,
        target_db=guard.quickness_db if guard.conscious else 0,
        target_dodge=_bolt_dodge(target, guard) if shot else 0,
        target_celerity=guard.celerity,
        helpless=not guard.conscious,
        distance_ft=distance_ft(c.position, target.position) if shot else None,
        cover=cover,
        cover_share_percent=cover_share,
        situational=tuple(n for n, _ in situational_conditions(state, target) if n in melee),
        extra=tuple(shooter_modifiers(c, None)),
        attacker=c.name,
        target=target.name,
        severity_shift=-guard.severity_steps,
        shift_why=kindred_shift_why(target.name),
        kindred=guard.kindred,
    )
    swung = resolve_stake_attack(
        purpose, attack, victim_kindred=sheet_of(target) is not None, dice=dice, data=rmu_data()
    )
    told = stake_words(swung.result)
    home = any(isinstance(e, Staked) for e in swung.events)
    left = stake_left(c, action.weapon, target.name) if home else ()
    return Outcome(
        events=(
            ActionPointsSpent(actor=c.name, ap=action.ap),
            *swung.events,
            *left,
            *bonus_used(c),
        ),
        trace=Trace((*seen.build().entries, *swung.trace.entries)),
        result=KindredActed(
            action=action.verb,
            actor=c.name,
            target=target.name,
            done=swung.result,
            headline=f"{c.name} {action.verb} {target.name}: {told}.",
        ),
    )


def stake_scene_lines(state: EncounterState) -> list[str]:
    """The lines under the state table for a stake going in (RMU-STAKE-2): when it goes home
    if the staker is left alone (the count runs out at a round's end)."""
    return [
        f"A stake goes into {k.holder} at "
        f"{'this' if k.rounds_left == 1 else 'the next'} round's end unless {k.get('by')} is "
        "disturbed."
        for k in state.conditions
        if k.kind == STAKE_GOING_IN
    ]


class _StakeGoingIn(ConditionKind):
    """A partial staking: the stake goes in when the count runs out, if the staker is still up
    and their arm reaches the victim as the staking's did (within reach, over no wall as tall
    as them: DEC-667; DATA.md's 'staked next round if undisturbed')."""

    name = STAKE_GOING_IN
    rulesets = ("rmu",)

    def begun(self, condition: ActiveCondition) -> str:
        return f"{condition.get('by')}'s stake going into {condition.holder}"

    def expire(self, state: EncounterState, condition: ActiveCondition) -> Sequence[Event]:
        staker = state.find(str(condition.get("by")))
        victim = state.find(condition.holder or "")
        if staker is None or victim is None or staker.unconscious or staker.dead:
            return ()
        sheet = sheet_of(victim)
        if sheet is None or sheet.staked or sheet.final_death:
            return ()
        try:
            _check_arm_reaches(state, staker, victim)
        except RuleRefusal:
            return ()  # stepped out of reach or behind a wall: the stake does not go home
        weapon = condition.get("weapon")
        left = stake_left(staker, str(weapon), victim.name) if weapon is not None else ()
        return (Staked(target=victim.name, by=staker.name, rule="RMU-STAKE-2"), *left)


register_condition(_StakeGoingIn())


def _bolt_dodge(target: CombatantState, guard: Defender) -> int:
    """The Dodge DB ``target`` brings against a bolt: less their armor's maneuver penalty and
    its wear, first (P-3, RMU-ARM-5, RMU-BRK-2); the attack takes its share (RMU-DOD-2)."""
    worn = armor_of(target)
    vest = rmu_data().armor_class(worn.kind) if worn is not None and not worn.broken else None
    penalty = armor_maneuver_penalty(
        vest, trained=guard.armor_trained, breakage_total=worn.damage if worn else 0
    )
    return max(0, guard.dodge_db + penalty)
