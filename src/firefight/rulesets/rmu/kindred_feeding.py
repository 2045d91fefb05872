"""Bites and feeding in rmu encounters (RMU-BITE-1..5; RULINGS V-4).

- ``bites TARGET [--ap N] [--feral] [--unaware] [--unresisting]`` -- a Kindred's bite (2-4 AP,
  R-6), its reach read from the scene (:mod:`firefight.rulesets.rmu.bite`): the fangs already
  lodged, a victim who is helpless (P-9) or declared unaware or unresisting, a hold by the biter
  (this round: secondary; earlier: held), or a direct bite. ``--feral`` uses Feral Weapons,
  roused at a Rouse check first when it is not active yet (V-4, RMU-BITE-5). A hold on the
  biter, the victim's Quickness DB and parry and whether they are helpless are read as for a
  blade (DEC-343, DEC-345, P-9, DEC-790).
- ``feeds on TARGET [--brutal]`` -- a turn of feeding through lodged fangs, once a round
  (DEC-369): slake 1 Hunger; a mortal victim takes 10 + 1d10 aggravated hits, a Kindred victim's
  Hunger rises by 1 (RMU-BITE-4). ``--brutal`` (Potence 3, roused at a Rouse check when not
  active) compresses three slakes into the turn (DEC-362).
- ``lets go of TARGET`` -- the fangs out, 0 AP.

Lodged fangs are the condition ``fangs-lodged`` on the victim (``by`` the biter): the victim
counts as grappled by the bite (RMU-BITE-3): neither may walk away while it lasts; the victim
escapes only by winning a grapple contest (``tears free of BITER``). It ends when the biter lets
go or goes down, or the victim is dead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.outcome import Outcome
from firefight.rulesets.rmu import rmu_data
from firefight.rulesets.rmu.bite import Bite, Reach, resolve_bite
from firefight.rulesets.rmu.encounter_events import bonus_used
from firefight.rulesets.rmu.events import ActionPointsSpent, HitsInflicted
from firefight.rulesets.rmu.haste import hastier
from firefight.rulesets.rmu.kindred_actions import check_rouse
from firefight.rulesets.rmu.kindred_events import Fed, HungerChanged, PowerRoused, RouseChecked
from firefight.rulesets.rmu.kindred_results import Bitten, FedOn, LetGo, TornFree
from firefight.rulesets.rmu.kindred_rules import kindred_figures, kindred_rules
from firefight.rulesets.rmu.kindred_vitals import rouse_check, sheet_of
from firefight.rulesets.rmu.melee.encounter import (
    check_not_held_fast,
    check_reach,
    defenses,
    held_terms,
    helpless,
    melee_column,
    situational_terms,
)
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.melee.grapple import Escape, HoldBroken, resolve_escape
from firefight.rulesets.rmu.melee.holds import holds_on
from firefight.rulesets.rmu.scene_reading import melee_cover, shooter_modifiers
from firefight.rulesets.rmu.vitals import penalty_modifiers, rmu_stats, vitals
from firefight.scene.actions import Action
from firefight.scene.conditions import ConditionKind, register_condition
from firefight.scene.events import ConditionEnded, ConditionStarted
from firefight.scene.lines import Line, OptionKind, one_name
from firefight.scene.state import ActiveCondition, CombatantState, EncounterState, Surprise
from firefight.trace import Trace, TraceBuilder

__all__ = [
    "FANGS",
    "FEEDING_ACTIONS",
    "FEEDING_OPTIONS",
    "FEEDING_VERBS",
    "Bites",
    "Feeds",
    "LetsGo",
    "TearsFree",
    "check_fangs_free",
    "fangs_in",
    "fangs_scene_lines",
    "parse_feeding_action",
    "resolve_feeding_action",
    "validate_feeding_action",
]

#: The condition kind of lodged fangs (RMU-BITE-3).
FANGS = "fangs-lodged"


@dataclass(frozen=True, slots=True, kw_only=True)
class Bites(Action):
    target: str
    ap: int = 4
    feral: bool = False
    unaware: bool = False
    unresisting: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Feeds(Action):
    target: str
    brutal: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class LetsGo(Action):
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TearsFree(Action):
    """The victim's grapple contest against the biter (RMU-BITE-3)."""

    target: str
    ap: int = 4


FEEDING_ACTIONS = (Bites, Feeds, LetsGo, TearsFree)

FEEDING_VERBS: dict[str, str] = {
    "bites": "bites",
    "bite": "bites",
    "feeds on": "feeds",
    "feed on": "feeds",
    "feeds": "feeds",
    "lets go of": "lets-go",
    "let go of": "lets-go",
    "lets-go": "lets-go",
    "tears free of": "tears-free",
    "tear free of": "tears-free",
    "tears-free": "tears-free",
    "tears free": "tears-free",
    "tear free": "tears-free",
}
FEEDING_OPTIONS: dict[str, Mapping[str, OptionKind]] = {
    "bites": {"ap": "int", "feral": "flag", "unaware": "flag", "unresisting": "flag"},
    "feeds": {"brutal": "flag"},
    "lets-go": {},
    "tears-free": {"ap": "int"},
}


def parse_feeding_action(line: Line, state: EncounterState, rule: str) -> Action:
    base = {"actor": line.actor, "verb": line.verb, "text": line.text}
    if line.verb == "tears-free" and not line.words:
        # Left out, the biter is the one whose fangs hold the victim (RMU-BITE-3).
        held = fangs_in(state, line.actor)
        if held is None:
            raise RuleRefusal("RMU-BITE-3", f"{line.actor} is held by no fangs to tear free of.")
        return TearsFree(**base, target=str(held.get("by")), ap=line.number("ap", 4, rule))
    target = one_name(line.words, state, what="who", rule=rule)
    if line.verb == "bites":
        if target == line.actor:
            # It asked the way from her place to her place (S-2) and said so in Points (DEC-897).
            raise RuleRefusal(rule, f"{line.actor} cannot bite themselves.")
        return Bites(
            **base,
            target=target,
            ap=line.number("ap", melee_figures().attack_ap[1], rule),
            feral=line.has("feral"),
            unaware=line.has("unaware"),
            unresisting=line.has("unresisting"),
        )
    if line.verb == "feeds":
        return Feeds(**base, target=target, brutal=line.has("brutal"))
    if line.verb == "tears-free":
        return TearsFree(**base, target=target, ap=line.number("ap", 4, rule))
    return LetsGo(**base, target=target)


# --- the condition ------------------------------------------------------------------------------


def fangs_in(
    state: EncounterState, victim: str, biter: str | None = None
) -> ActiveCondition | None:
    """The fangs lodged in ``victim`` (by ``biter``, when named), if any."""
    return next(
        (
            k
            for k in state.conditions
            if k.kind == FANGS and k.holder == victim and (biter is None or k.get("by") == biter)
        ),
        None,
    )


def _biting(state: EncounterState, biter: str) -> ActiveCondition | None:
    return next((k for k in state.conditions if k.kind == FANGS and k.get("by") == biter), None)


def check_fangs_free(state: EncounterState, c: CombatantState) -> None:
    """Refuse walking away from lodged fangs, either end of them (RMU-BITE-3)."""
    held = fangs_in(state, c.name)
    if held is not None:
        raise RuleRefusal(
            "RMU-BITE-3",
            f"{held.get('by')}'s fangs are lodged in {c.name}: they count as grappled and get "
            f"away only by winning a grapple contest ('{c.name} tears free of {held.get('by')}').",
        )
    biting = _biting(state, c.name)
    if biting is not None:
        raise RuleRefusal(
            "RMU-BITE-3",
            f"{c.name}'s fangs are in {biting.holder}: let go first "
            f"('{c.name} lets go of {biting.holder}').",
        )


def fangs_scene_lines(state: EncounterState) -> list[str]:
    """The lines under the state table for lodged fangs (RMU-BITE-3)."""
    lodged = (k for k in state.conditions if k.kind == FANGS)
    return [f"{k.get('by')}'s fangs are lodged in {k.holder}." for k in lodged]


class _Fangs(ConditionKind):
    """Lodged fangs last until let go; they end at upkeep once the biter is down or the victim
    dead."""

    name = FANGS
    rulesets = ("rmu",)
    reads_only_conditions = True  # lodged fangs or holds, each a condition

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        ended: list[Event] = []
        for k in state.conditions:
            if k.kind != FANGS:
                continue
            biter = state.find(str(k.get("by")))
            victim = state.find(k.holder or "")
            if biter is None or victim is None or biter.unconscious or victim.dead:
                ended.append(ConditionEnded(id=k.id))
            else:
                sheet = sheet_of(biter)
                if sheet is not None and sheet.down:
                    ended.append(ConditionEnded(id=k.id))
        return ended

    def begun(self, condition: ActiveCondition) -> str:
        return f"{condition.get('by')}'s fangs lodged in {condition.holder}"

    def describe(self, event: Event, state: EncounterState) -> str | None:
        if isinstance(event, ConditionStarted) and event.condition.kind == FANGS:
            return (
                f"{event.condition.get('by')}'s fangs are lodged in {event.condition.holder} "
                "[RMU-BITE-3]."
            )
        if isinstance(event, ConditionEnded):
            k = next((c for c in state.conditions if c.id == event.id), None)
            if k is not None and k.kind == FANGS:
                return f"{k.get('by')}'s fangs are out of {k.holder} [RMU-BITE-3]."
        return None


register_condition(_Fangs())


# --- validation ---------------------------------------------------------------------------------


def _kindred(c: CombatantState, what: str) -> None:
    if sheet_of(c) is None:
        raise RuleRefusal("RMU-BITE-5", f"{c.name} is mortal: only a vampire's {what} works so.")


def _power_ready(state: EncounterState, c: CombatantState, power: str) -> bool:
    """Whether ``power`` is active; refuses when it cannot be roused now (V-4)."""
    sheet = sheet_of(c)
    assert sheet is not None
    if sheet.is_roused(power):
        return True
    check_rouse(c, power, kindred_rules(state))
    return False


def _reach(state: EncounterState, c: CombatantState, target: CombatantState, a: Bites) -> Reach:
    if fangs_in(state, target.name, c.name) is not None:
        return "lodged"
    unaware = a.unaware or (state.round == 1 and target.surprise is Surprise.FLAT_FOOTED)
    if a.unresisting or unaware:
        return "helpless"
    hold = _hold_round(state, c.name, target.name)
    # RMU-BITE-2 sets the bite that follows the biter's grapple in the round it lands at -20,
    # however well it holds; a victim held fast still brings no DB (P-9, DEC-790).
    if hold == state.round and target.can_act():
        return "secondary"
    # Otherwise held fast counts, by anyone's hold: a victim who may only try to break free
    # resists no fangs (P-9, DEC-343, DEC-790).
    if helpless(state, target) is not None:
        return "helpless"
    # Any hold lasting on the victim is one the fangs follow at full OB: the biter's from an
    # earlier round, or another's, which costs the biter no second attack (RMU-BITE-2, DEC-943).
    return "held" if hold is not None or holds_on(state, target.name) else "direct"


def _hold_round(state: EncounterState, holder: str, victim: str) -> int | None:
    """The round ``holder``'s grapple on ``victim`` began, when one lasts (the melee rules'
    ``grappled`` condition)."""
    for k in holds_on(state, victim):
        if k.get("grappler") == holder:
            started = k.get("round")
            return int(started) if isinstance(started, int) else None
    return None


def validate_feeding_action(state: EncounterState, action: Action) -> None:
    c = state.combatant(action.actor)
    assert isinstance(action, Bites | Feeds | LetsGo | TearsFree)
    target = state.combatant(action.target)
    if isinstance(action, LetsGo):
        if fangs_in(state, target.name, c.name) is None:
            raise RuleRefusal("RMU-BITE-3", f"{c.name}'s fangs are not in {target.name}.")
        return
    if isinstance(action, TearsFree):
        if fangs_in(state, c.name, target.name) is None:
            raise RuleRefusal("RMU-BITE-3", f"{target.name}'s fangs are not in {c.name}.")
        low, high = melee_figures().escape_ap
        if not low <= action.ap <= high:
            raise RuleRefusal("RMU-BITE-3", f"Tearing free takes {low} to {high} AP.")
        _ap(c, action.ap, "Tearing free", low)
        return
    _kindred(c, "bite" if isinstance(action, Bites) else "feeding")
    if target.dead:
        raise RuleRefusal("R-2", f"{target.name} is dead.")
    if isinstance(action, Bites):
        # A bite is a melee attack: its reach is a blade's, between the bodies (DEC-346, DEC-835).
        check_reach(c, target, "a bite", "RMU-BITE-2")
        check_not_held_fast(state, c)  # held fast, fangs or blade, one only breaks free
        melee_cover(state, c, target, TraceBuilder())  # a wall no bite reaches over (DEC-667)
        low, high = melee_figures().attack_ap
        if not low <= action.ap <= high:
            raise RuleRefusal("R-6", f"A bite is a melee attack: {low} to {high} AP.")
        if action.feral:
            _power_ready(state, c, "feral-weapons")
        _ap(c, action.ap, "The bite", low)
        return
    if fangs_in(state, target.name, c.name) is None:
        raise RuleRefusal(
            "RMU-BITE-4",
            f"{c.name} feeds only through lodged fangs: bite {target.name} first.",
        )
    sheet = sheet_of(c)
    assert sheet is not None
    if sheet.fed_round == state.round:
        raise RuleRefusal("RMU-BITE-4", f"{c.name} has fed this round already: once a turn.")
    if action.brutal:
        need = kindred_figures().brutal_feed_potence
        if sheet.potence < need:
            raise RuleRefusal(
                "RMU-BITE-4", f"A Brutal Feed needs Potence {need}; {c.name} has {sheet.potence}."
            )
        _power_ready(state, c, "potence")
    _ap(c, kindred_figures().feed_ap, "Feeding")


def _ap(c: CombatantState, ap: int, what: str, fewest: int | None = None) -> None:
    """Refuse ``ap`` beyond what is left; an attack (``fewest`` the least it takes) points to
    the hastier one that fits, as a melee attack's and a shot's refusals do (R-6)."""
    left = vitals(c).ap_left
    if ap > left:
        tail = "" if fewest is None else hastier(fewest, left)
        raise RuleRefusal(
            "RMU-GEN-1", f"{what} costs {ap} AP, but {c.name} has only {left} left{tail}."
        )


# --- resolution ---------------------------------------------------------------------------------


def _rouse_first(
    state: EncounterState, c: CombatantState, power: str, dice: Dice, tb: TraceBuilder
) -> list[Event]:
    """The Rouse check and activation a power not yet active costs (V-4)."""
    sheet = sheet_of(c)
    assert sheet is not None
    if sheet.is_roused(power):
        return []
    checked = rouse_check(c, power, dice, kindred_rules(state), tb)
    return [*([checked] if checked else []), PowerRoused(actor=c.name, power=power)]


def _bite_bonus(c: CombatantState) -> int:
    stats = rmu_stats(c)
    skill = stats.skill("bite") or stats.skill("unarmed-bite")
    return skill.bonus if skill is not None else kindred_figures().bite_rank_bonus


def resolve_feeding_action(state: EncounterState, action: Action, dice: Dice) -> Outcome:
    c = state.combatant(action.actor)
    assert isinstance(action, Bites | Feeds | LetsGo | TearsFree)
    target = state.combatant(action.target)
    if isinstance(action, LetsGo):
        fangs = fangs_in(state, target.name, c.name)
        assert fangs is not None
        return Outcome(
            events=(ConditionEnded(id=fangs.id),),
            trace=Trace(()),
            result=LetGo(headline=f"{c.name} lets go of {target.name}."),
        )
    if isinstance(action, TearsFree):
        return _tear_free(state, c, target, action.ap, dice)
    if isinstance(action, Bites):
        return _bite(state, c, target, action, dice)
    return _feed(state, c, target, action.brutal, dice)


def _bite(
    state: EncounterState, c: CombatantState, target: CombatantState, a: Bites, dice: Dice
) -> Outcome:
    tb = TraceBuilder()
    events: list[Event] = [ActionPointsSpent(actor=c.name, ap=a.ap)]
    if a.feral:
        events.extend(_rouse_first(state, c, "feral-weapons", dice, tb))
    reach = _reach(state, c, target, a)
    cover, cover_share = melee_cover(state, c, target, tb)
    db, parry, defenseless = defenses(state, target, tb)
    bite = Bite(
        biter=c.name,
        victim=target.name,
        ob=_bite_bonus(c),
        reach=reach,
        ap=a.ap,
        ap_available=vitals(c).ap_left,
        feral=a.feral,
        victim_column=melee_column(target),
        victim_db=db,
        victim_parry=parry,
        victim_helpless=defenseless,
        victim_kindred=sheet_of(target) is not None,
        # The reach prices getting at flesh (RMU-BITE-2); the side and postures are the melee
        # attack's own terms, read by the same function a blade's are (DEC-780).
        situational=situational_terms(c, target, (), tb),
        # A hold on the biter weighs on the fangs as on a blade (DEC-343).
        extra=(*shooter_modifiers(c, None), *held_terms(state, c)),
        cover=cover,
        cover_share_percent=cover_share,
    )
    bitten = resolve_bite(bite, dice, rmu_data())
    events.extend(bitten.events)
    lodged = bitten.result.lodged
    if lodged and fangs_in(state, target.name, c.name) is None:
        events.append(
            ConditionStarted(
                condition=ActiveCondition(
                    id=f"fangs:{c.name}>{target.name}",
                    kind=FANGS,
                    holder=target.name,
                    data=(("by", c.name),),
                )
            )
        )
    events.extend(bonus_used(c))
    return Outcome(
        events=tuple(events),
        trace=Trace((*tb.build().entries, *bitten.trace.entries)),
        result=Bitten(actor=c.name, target=target.name, bite=bitten.result),
    )


def _feed(
    state: EncounterState, c: CombatantState, target: CombatantState, brutal: bool, dice: Dice
) -> Outcome:
    figs = kindred_figures()
    tb = TraceBuilder()
    events: list[Event] = [ActionPointsSpent(actor=c.name, ap=figs.feed_ap)]
    slakes = 1
    sheet = sheet_of(c)
    assert sheet is not None
    before = sheet.hunger
    if brutal:
        roused = _rouse_first(state, c, "potence", dice, tb)
        events.extend(roused)
        # The slakes come off the Hunger the Rouse check left (V-4): read before it, a failed
        # check's +1 was lost, and a Brutal Feed from Hunger 3 ended at 0, not 1.
        before = next((e.hunger for e in roused if isinstance(e, RouseChecked)), before)
        slakes = figs.brutal_feed_slakes
        tb.step(f"Brutal Feed: {slakes} slakes in one turn.", "RMU-BITE-4")
    after = max(0, before - slakes)
    tb.step(f"{c.name} feeds on {target.name}: Hunger {before} to {after}.", "RMU-BITE-4")
    events.append(Fed(actor=c.name, victim=target.name, round=state.round, slakes=slakes,
                      hunger=after))  # fmt: skip
    victim = sheet_of(target)
    drained = 0
    if victim is None:
        for n in range(slakes):
            d10 = tb.roll(dice.die(figs.feed_hits_die, f"blood drawn ({n + 1})")).total
            hits = figs.feed_hits_base + d10
            drained += hits
            tb.step(
                f"{target.name} loses {figs.feed_hits_base} + {d10} = {hits} hits, aggravated.",
                "RMU-BITE-4",
            )
            events.append(
                HitsInflicted(target=target.name, hits=hits, rule="RMU-BITE-4", aggravated=True)
            )
    else:
        hunger = min(figs.hunger_max, victim.hunger + slakes)
        tb.step(f"{target.name} is Kindred: their Hunger rises to {hunger}.", "RMU-BITE-4")
        events.append(HungerChanged(target=target.name, hunger=hunger, rule="RMU-BITE-4"))
    events.extend(bonus_used(c))
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        result=FedOn(
            actor=c.name,
            target=target.name,
            slakes=slakes,
            hunger=after,
            hits=drained,
            headline=f"{c.name} feeds on {target.name}: Hunger {after}"
            + (f", {drained} hits drained." if victim is None else "."),
        ),
    )


def _unarmed(c: CombatantState) -> int:
    """The Strength-based Unarmed bonus a grapple contest rolls (RMU-BITE-3): the scenario's
    ``unarmed`` or ``grapple`` skill, else the Strength bonus (DEC-371)."""
    stats = rmu_stats(c)
    skill = stats.skill("unarmed") or stats.skill("grapple")
    return skill.bonus if skill is not None else stats.strength


def _tear_free(
    state: EncounterState, c: CombatantState, biter: CombatantState, ap: int, dice: Dice
) -> Outcome:
    """The grapple contest (RMU-BITE-3) against the fangs' hold (DEC-371)."""
    contest = resolve_escape(
        Escape(
            ob=_unarmed(c),
            holder_ob=_unarmed(biter),
            hold=kindred_figures().fangs_hold,
            ap=ap,
            ap_available=vitals(c).ap_left,
            extra=tuple(penalty_modifiers(c)),
            victim=c.name,
            holder=biter.name,
        ),
        dice,
    )
    free = any(isinstance(e, HoldBroken) for e in contest.events)
    fangs = fangs_in(state, c.name, biter.name)
    assert fangs is not None
    events: list[Event] = [ActionPointsSpent(actor=c.name, ap=ap)]
    if free:
        events.append(ConditionEnded(id=fangs.id))
    events.extend(bonus_used(c))
    return Outcome(
        events=tuple(events),
        trace=contest.trace,
        result=TornFree(
            contest=contest.result,
            free=free,
            headline=f"{c.name} {'tears free of' if free else 'cannot tear free of'} {biter.name}.",
        ),
    )
