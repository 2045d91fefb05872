"""Between rounds in rmu: upkeep in the RULINGS R-4 order, the start of a round, initiative.

Upkeep ships as condition kinds registered with :mod:`firefight.scene.conditions`, one per
R-4 step: bleeding hits (phase 100), the dying countdown with the other durations (200), stun
wearing off one round worst tier first (300), staggered cleared once its AP were lost (400).
A round starts with 4 AP each (RMU-GEN-1), less the AP a stagger still owes (R-3) and, in round
1, what surprise takes (R-5). Initiative is 2d10 + Quickness bonus - 1 per full -10 of total
penalties; ties act together (R-5).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from firefight.dice import Dice, pool_kind
from firefight.events import Event
from firefight.frozen import maker
from firefight.outcome import Happened, InitiativeOrder, Outcome, RoundOpened
from firefight.rulesets.rmu.encounter_events import (
    ActionPointsLost,
    Bled,
    Died,
    DyingCountdown,
    RoundStarted,
    StaggerCleared,
    StaggerPaid,
    StunWoreOff,
)
from firefight.rulesets.rmu.encounter_fire import ap_cap_events
from firefight.rulesets.rmu.kindred_rules import kindred_rules
from firefight.rulesets.rmu.vitals import (
    RmuStats,
    figures,
    penalty_sum,
    rmu_stats,
    total_penalty,
)
from firefight.scene.apply import EventApplier, apply_all
from firefight.scene.conditions import (
    PHASE_BLEEDING,
    PHASE_DURATIONS,
    PHASE_STAGGER,
    PHASE_STUN,
    ConditionKind,
    register_condition,
    run_upkeep,
)
from firefight.scene.events import InitiativeOrdered, InitiativeRolled
from firefight.scene.state import EncounterState, Surprise
from firefight.trace import Modifier, QuietTraceBuilder, Total, Trace, TraceBuilder

__all__ = [
    "Bleeding",
    "Dying",
    "Staggered",
    "Stun",
    "end_round",
    "initiative",
    "initiative_events",
    "start_round",
    "start_round_events",
]


class Bleeding(ConditionKind):
    """R-4 step 1: every bleeding combatant still alive takes their bleeding hits."""

    name = "rmu-bleeding"
    phase = PHASE_BLEEDING
    rulesets = ("rmu",)

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        events: list[Event] = []
        for c in state.combatants:
            if c.dead:
                continue
            stats = c.stats  # rmu_stats(c) without its call: see _initiative
            v = (stats if isinstance(stats, RmuStats) else rmu_stats(c)).vitals
            if v.bleed:
                events.append(Bled(target=c.name, hits=v.bleed))
        return events

    def describe(self, event: Event, state: EncounterState) -> str | None:
        if isinstance(event, Bled):
            return f"{event.target} bleeds {event.hits} hit{'' if event.hits == 1 else 's'} [R-4]."
        return None


class Dying(ConditionKind):
    """R-4 step 2 (durations): a dying count runs down and ends in death; a total penalty of
    -300 or worse kills at this upkeep (R-2)."""

    name = "rmu-dying"
    phase = PHASE_DURATIONS
    rulesets = ("rmu",)

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        figs = figures()
        events: list[Event] = []
        torpor = kindred_rules(state).torpor
        for c in state.combatants:
            if c.dead:
                continue
            stats = c.stats  # read once, without rmu_stats' call (see _initiative)
            if not isinstance(stats, RmuStats):
                stats = rmu_stats(c)
            # V-2: a Kindred never dies of the penalties or a count; they lie in torpor.
            if torpor and stats.kindred is not None:
                continue
            v = stats.vitals
            penalty = total_penalty(c, v)
            if penalty <= figs.dies_at:
                events.append(Died(target=c.name, cause=f"total penalty {penalty}", rule="R-2"))
            elif dying_rounds := v.dying_rounds:
                left = dying_rounds - 1
                events.append(
                    DyingCountdown(target=c.name, rounds_left=left)
                    if left
                    else Died(target=c.name, cause="the dying count ran out", rule="RMU-GEN-7")
                )
        return events

    def describe(self, event: Event, state: EncounterState) -> str | None:
        if isinstance(event, DyingCountdown):
            return f"{event.target} is dying: {event.rounds_left} rounds left [RMU-GEN-7]."
        if isinstance(event, Died):
            return f"{event.target} dies: {event.cause} [{event.rule}]."
        return None


class Stun(ConditionKind):
    """R-4 step 3: one round of stun wears off, from the worst tier (R-3)."""

    name = "rmu-stun"
    phase = PHASE_STUN
    rulesets = ("rmu",)

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        events: list[Event] = []
        for c in state.combatants:
            if c.dead:
                continue
            stats = c.stats  # rmu_stats(c) without its call: see _initiative
            v = (stats if isinstance(stats, RmuStats) else rmu_stats(c)).vitals
            if v.stun:
                events.append(StunWoreOff(target=c.name, penalty=v.stun[0][0]))
        return events

    def describe(self, event: Event, state: EncounterState) -> str | None:
        if isinstance(event, StunWoreOff):
            return f"One round of {event.target}'s stun at {event.penalty} wears off [R-3]."
        return None


class Staggered(ConditionKind):
    """R-4 step 4: staggered is cleared once the AP it takes have been lost (R-3)."""

    name = "rmu-staggered"
    phase = PHASE_STAGGER
    rulesets = ("rmu",)

    def upkeep(self, state: EncounterState) -> Sequence[Event]:
        events: list[Event] = []
        for c in state.combatants:
            if c.dead:
                continue
            stats = c.stats  # rmu_stats(c) without its call: see _initiative
            v = (stats if isinstance(stats, RmuStats) else rmu_stats(c)).vitals
            if v.staggered and not v.staggered_owed:
                events.append(StaggerCleared(target=c.name))
        return events

    def describe(self, event: Event, state: EncounterState) -> str | None:
        if isinstance(event, StaggerCleared):
            return f"{event.target} is no longer staggered [R-3]."
        if isinstance(event, StaggerPaid):
            return f"{event.target} loses {event.ap} AP to the stagger [R-3]."
        return None


for _kind in (Bleeding(), Dying(), Stun(), Staggered()):
    register_condition(_kind)


# What every upkeep's outcome holds besides its events: frozen, so shared by all.
_UNTRACED = Trace()
_UPKEPT = Happened()


def end_round(state: EncounterState, ruleset: EventApplier) -> tuple[Outcome, EncounterState]:
    """Upkeep: every condition kind in R-4's order, and the state its events leave."""
    # Each kind reads the state the kinds before it left, so each kind's events are folded
    # before the next kind's are worked out: the state they reach is the round's end.
    events, after = run_upkeep(state, lambda s, found: apply_all(s, found, ruleset))
    return Outcome(events=events, trace=_UNTRACED, result=_UPKEPT), after


def start_round(state: EncounterState, round_number: int) -> Outcome:
    """RoundStarted with the round's AP (RMU-GEN-1), then AP lost at its start (R-3, R-5, and
    RMU-SUP-9/10 after a dive or a duck)."""
    tb = TraceBuilder()
    events = _round_start(state, round_number, tb)
    return Outcome(events=tuple(events), trace=tb.build(), result=RoundOpened(round=round_number))


def start_round_events(state: EncounterState, round_number: int) -> list[Event]:
    """:func:`start_round`'s events alone, no trace nor result: a simulated fight's quiet path
    reads nothing else."""
    return _round_start(state, round_number, QuietTraceBuilder())


def _round_start(state: EncounterState, round_number: int, tb: TraceBuilder) -> list[Event]:
    figs = figures()
    tb.step(f"Round {round_number}: {figs.round_ap} AP each.", "RMU-GEN-1")
    events: list[Event] = [RoundStarted(round=round_number, ap=figs.round_ap)]
    for c in state.combatants:
        if c.dead:
            continue
        stats = c.stats  # read once, without rmu_stats' call (see _initiative)
        if not isinstance(stats, RmuStats):
            stats = rmu_stats(c)
        owed = stats.vitals.staggered_owed
        if owed:
            events.append(StaggerPaid(target=c.name, ap=owed))
            tb.step(f"{c.name} is staggered: {owed} AP lost at the start.", "R-3")
        events.extend(ap_cap_events(c, stats, round_number, figs.round_ap, tb))
        if round_number == 1 and c.surprise is Surprise.SURPRISED:
            events.append(
                ActionPointsLost(
                    actor=c.name,
                    ap=figs.surprised_ap_lost,
                    reason="surprised: the first AP are lost",
                    rule="R-5",
                )
            )
            tb.step(f"{c.name} is surprised: loses the first {figs.surprised_ap_lost} AP.", "R-5")
        if round_number == 1 and c.surprise is Surprise.FLAT_FOOTED:
            events.append(
                ActionPointsLost(
                    actor=c.name,
                    ap=figs.flat_footed_ap_lost,
                    reason="flat-footed: no action in round 1",
                    rule="R-5",
                )
            )
            tb.step(f"{c.name} is flat-footed: no action in round 1.", "R-5")
    return events


# A total hangs on these immutable figures alone, and a fight rolls the same few again and
# again (19 totals of 2d10 for each fighter, a few Quickness bonuses and penalties): the frozen
# Total is shared safely; bounded.
@lru_cache(maxsize=1024)
def _initiative_total(
    name: str, rolled: int, kind: str, quickness: int, penalty: int, step: int
) -> Total:
    """R-5's total for ``name``: the roll, the Quickness bonus, -1 per full ``step`` (-10) of
    ``penalty``."""
    parts = [
        Modifier(value=rolled, label=kind, rule="R-5"),
        Modifier(value=quickness, label="Quickness bonus", rule="R-5"),
    ]
    steps = penalty // step  # full steps of -10 (both negative)
    if steps:
        parts.append(
            Modifier(value=-steps, label=f"total penalty {penalty}: -1 per full -10", rule="R-5")
        )
    return Total(label=f"{name}'s initiative", parts=tuple(parts))


# The events every round's initiative builds, one per fighter (frozen.maker: no keywords
# gathered, about half the class call).
_rolled = maker(InitiativeRolled)
_ordered = maker(InitiativeOrdered)


def initiative(state: EncounterState, dice: Dice) -> Outcome:
    """R-5: 2d10 + Quickness bonus - 1 per full -10 of total penalties, for everyone able to
    act this round (not a bystander, not down, some AP left -- so not a flat-footed combatant
    in round 1), in scene order; equal totals form one group acting together."""
    tb = TraceBuilder()
    events, groups = _initiative(state, dice, tb)
    for group in groups:
        if len(group) > 1:
            tb.step(f"{' and '.join(group)} tie: they act at the same time.", "R-5")
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        result=InitiativeOrder(initiative=groups),
    )


def initiative_events(state: EncounterState, dice: Dice) -> list[Event]:
    """:func:`initiative`'s events alone (the same rolls), no trace nor result: a simulated
    fight's quiet path reads nothing else."""
    return _initiative(state, dice, QuietTraceBuilder())[0]


def _initiative(
    state: EncounterState, dice: Dice, tb: TraceBuilder
) -> tuple[list[Event], tuple[tuple[str, ...], ...]]:
    """The rolls and their events, and the groups of equal totals, highest first."""
    figs = figures()
    count, sides = figs.initiative_dice, figs.initiative_sides
    kind = pool_kind(count, sides)
    events: list[Event] = []
    # Everyone of each total, in scene order.
    totals: dict[int, list[str]] = {}
    for c in state.combatants:
        # rmu_stats(c) read in place: a round change reads everyone's figures in each of its
        # passes (upkeep's, the opening's, initiative), some 30 reads a round, and the call
        # costs twice the read.
        stats = c.stats
        if not isinstance(stats, RmuStats):
            stats = rmu_stats(c)
        if not c.in_fight() or stats.vitals.ap_left <= 0:
            continue
        purpose = f"initiative for {c.name}"
        if tb.telling:
            roll = tb.roll(dice.pool(count, sides, purpose))
            faces, rolled = roll.faces, roll.total
        else:
            # A quiet trace keeps no roll: the same draws, without building one.
            faces, rolled = dice.pool_drawn(count, sides, purpose)
        # Every penalty counts here, the gas's too: it is -30 on everything (RMU-EXP-16).
        penalty = penalty_sum(c, stats)
        total = tb.add(
            _initiative_total(
                c.name,
                rolled,
                kind,
                stats.quickness,
                penalty,
                figs.initiative_penalty_step,
            )
        )
        totals.setdefault(total.value, []).append(c.name)
        events.append(_rolled(c.name, faces, total.value))
    # Highest first; scene order breaks nothing, since equal totals share a group.
    groups = tuple(tuple(totals[value]) for value in sorted(totals, reverse=True))
    events.append(_ordered(groups))
    return events, groups
