"""CS gas and a flash-bang's blindness in rmu encounters (RMU-EXP-16, RMU-EXP-17).

* After every action and at every upkeep the scene's CS clouds are read against everyone: who is
  in one, at what level, and who has just come out (:func:`exposure_events`, RMU-EXP-16).
* A breathing victim in the CS makes a Constitution maneuver before their first action of a
  round, an absolute maneuver (M-3) on their Constitution bonus and every penalty, the gas's
  -30 among them (DEC-381). Failure or worse: that action's AP go to no effect and they take no
  other coherent action that round (:func:`roll_gas_check`).
* ``holds-breath`` and ``breathes`` are declared at no AP (DEC-381).
* Upkeep wears a round of a flash-bang's blindness and deafness off (RMU-EXP-17).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.outcome import Outcome
from firefight.rulesets.rmu.acted import Acted
from firefight.rulesets.rmu.affliction_events import (
    BreathHeld,
    GasChecked,
    GasExposure,
    SensesReturning,
)
from firefight.rulesets.rmu.clouds import breathes, clouds_in, gas_level, wanted_gas
from firefight.rulesets.rmu.gas import GasCheck, con_maneuver
from firefight.rulesets.rmu.vitals import RmuStats, penalty_modifiers, rmu_stats
from firefight.scene.actions import Action
from firefight.scene.conditions import PHASE_DURATIONS, ConditionKind, register_condition
from firefight.scene.state import CombatantState, EncounterState
from firefight.trace import TraceBuilder

__all__ = [
    "BREATH_VERBS",
    "HoldsBreath",
    "check_coherent",
    "exposure_events",
    "needs_gas_check",
    "resolve_holds_breath",
    "roll_gas_check",
    "validate_holds_breath",
]

GAS_RULE = "RMU-EXP-16"
BREATH_VERBS = {"holds-breath": "holds-breath", "hold-breath": "holds-breath",
                "holds breath": "holds-breath", "hold breath": "holds-breath",
                "breathes": "breathes", "breathe": "breathes"}  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldsBreath(Action):
    """Hold the breath (``held``) or breathe again: no AP (DEC-381)."""

    held: bool


def exposure_events(state: EncounterState, *, ending: bool = False) -> list[Event]:
    """The CS figures that change for anyone alive as the scene now stands (RMU-EXP-16)."""
    events: list[Event] = []
    # A cloud is one of the scene's conditions: none to look for in a scene without any.
    gas_clouds = clouds_in(state, "gas") if state.conditions else ()
    for c in state.combatants:
        if c.dead:
            continue
        stats = c.stats  # rmu_stats(c) without a call for each of everyone, after every action
        now = (stats if isinstance(stats, RmuStats) else rmu_stats(c)).afflictions
        if not gas_clouds and not now.gas_inside and not now.gas:
            # No cloud to be in, no CS on them to change (most of every fight, read after
            # every action): nothing to ask.
            continue
        found = wanted_gas(state, c, gas_clouds, ending=ending)
        if found is None:
            continue
        a, why = found
        events.append(GasExposure(target=c.name, penalty=a.gas, inside=a.gas_inside,
                                  until=a.gas_until, why=why))  # fmt: skip
    return events


def check_coherent(
    state: EncounterState, c: CombatantState, action: Action, stats: RmuStats | None = None
) -> None:
    """Refuse any action but letting AP go or holding the breath after a failed Constitution
    maneuver this round (RMU-EXP-16). ``stats``: ``c``'s figures, when the caller has them."""
    if isinstance(action, HoldsBreath) or action.verb == "waits":
        return
    if (rmu_stats(c) if stats is None else stats).afflictions.incoherent_in(state.round):
        raise RuleRefusal(
            GAS_RULE,
            f"{c.name} failed the Constitution maneuver against the CS this round and can hold "
            "no coherent action until the next.",
        )


def needs_gas_check(
    state: EncounterState, c: CombatantState, action: Action, stats: RmuStats | None = None
) -> bool:
    """Whether ``action`` must first pass the CS Constitution maneuver: a breathing victim in
    the cloud, first action of the round (RMU-EXP-16, DEC-381). ``stats``: ``c``'s figures,
    when the caller has them."""
    if isinstance(action, HoldsBreath) or action.verb == "waits":
        return False
    a = (rmu_stats(c) if stats is None else stats).afflictions
    return a.gas_inside and gas_level(c).check and a.gas_checked != state.round


def roll_gas_check(
    state: EncounterState, c: CombatantState, dice: Dice
) -> tuple[bool, Outcome[GasCheck]]:
    """Roll ``c``'s Constitution maneuver against the CS: whether they may act, and the check."""
    passed, total, result, trace = con_maneuver(
        c.name, rmu_stats(c).constitution, penalty_modifiers(c), dice
    )
    event = GasChecked(actor=c.name, round=state.round, total=total, result=result,
                       passed=passed)  # fmt: skip
    said = GasCheck(gas_check=result, gas_total=total)
    return passed, Outcome(events=(event,), trace=trace, result=said)


def validate_holds_breath(state: EncounterState, action: HoldsBreath) -> None:
    c = state.combatant(action.actor)
    if not breathes(c):
        # DEC-971: "Lucia breathes again" was said of a Kindred who draws no breath.
        raise RuleRefusal(
            GAS_RULE,
            f"{c.name} does not breathe (a Kindred draws breath only under Blush of Life, "
            "V-4): there is no breath to hold or take again, and the gas finds none.",
        )
    if rmu_stats(c).afflictions.held_breath == action.held:
        what = "holding their breath" if action.held else "breathing"
        raise RuleRefusal(GAS_RULE, f"{c.name} is already {what}.")


def resolve_holds_breath(state: EncounterState, action: HoldsBreath) -> Outcome[Acted]:
    c = state.combatant(action.actor)
    tb = TraceBuilder()
    what = "holds their breath" if action.held else "breathes again"
    tb.step(f"{c.name} {what}: no AP.", GAS_RULE)
    return Outcome(
        events=(BreathHeld(actor=c.name, held=action.held),),
        trace=tb.build(),
        result=Acted(action=action.verb, actor=c.name, headline=f"{c.name} {what}."),
    )


class _Afflictions(ConditionKind):
    """After the clouds have counted down: the CS read again (who the clearing cloud leaves,
    whose after-effect is over) and a round of blindness and deafness gone."""

    name = "rmu-afflictions"
    phase = PHASE_DURATIONS + 50
    rulesets = ("rmu",)

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        senses: list[Event] = []
        for c in state.combatants:
            if c.dead:
                continue
            stats = c.stats  # rmu_stats(c) without its call, as exposure_events reads it
            if (stats if isinstance(stats, RmuStats) else rmu_stats(c)).afflictions.blind:
                senses.append(SensesReturning(target=c.name))
        return [*exposure_events(state, ending=True), *senses]


register_condition(_Afflictions())
