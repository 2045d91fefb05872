"""Seeing a grenade land and reacting to it in rmu encounters (RMU-EXP-10).

At the round change after a grenade is thrown it has landed (RMU-EXP-9). Everyone able to act
with any part of them inside its reach (its outermost band or radius, DEC-386) gets the noticing
row for where it lies against where they face (:func:`.noticing.noticing_row`): seen without a
roll near in front or to the sides; a Perception roll farther in front, or at -25 behind and to
the flanks. The roll is an absolute maneuver (M-3) on their ``perception`` skill, looking with
the full 2 AP out of the new round (DEC-386); Partial Success or better sees it. A blind person
sees nothing, and a deaf one does not hear it land behind them (DEC-383). The thrower knows where
their own grenade went: no roll and no look, only the row for where it lies (DEC-880).

What they may spend reacting this round -- dropping prone, a dash to cover from it, throwing it
back; a plain move is left to the GM (DEC-386) -- is the smaller of the row's AP and what is
left of the round; a reaction past it is refused (:func:`check_reaction`). Each grenade seen
keeps its own reaction (DEC-668): a throw-back or a dash answers the grenade it picks up or runs
from, which is the nearest they saw when they name none (:func:`answered`), and may spend what
that one leaves; going flat answers them all, and may spend the most any of them leaves
(DEC-677).
"""

from __future__ import annotations

from collections.abc import Iterable

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace
from firefight.geometry import Point, band_of, distance_ft
from firefight.outcome import Outcome
from firefight.rulesets.rmu.affliction_events import GrenadeNoticed
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.maneuvers import (
    ABSOLUTE_PASSES,
    AbsoluteResult,
    Maneuver,
    resolve_maneuver,
)
from firefight.rulesets.rmu.noticing import NoticingRow, noticing_row, reaction_ap
from firefight.rulesets.rmu.round_results import Noticed, NoticedGrenades
from firefight.rulesets.rmu.vitals import penalty_modifiers, rmu_stats, vitals
from firefight.scene.state import ActiveCondition, CombatantState, EncounterState
from firefight.trace import Entry, Modifier, Trace, TraceBuilder

__all__ = ["answered", "check_reaction", "notice_landed", "reach_ft"]

GRENADE = "grenade"
RULE = "RMU-EXP-10"


def reach_ft(condition: ActiveCondition) -> float:
    """How far a grenade reaches: its outermost band (closed room too) or its radius."""
    load = explosive_data().load(str(condition.get("load")))
    bands = load.bands_in(enclosed=condition.get("enclosed") is True)
    return bands[-1][1] if bands else load.radius_ft


def _at(condition: ActiveCondition) -> Point:
    return Point(x_ft=float(str(condition.get("x_ft"))), y_ft=float(str(condition.get("y_ft"))))


def _row(c: CombatantState, at: Point, *, threw: bool) -> NoticingRow:
    if threw:
        # DEC-880: the thrower knows where their own grenade went, so nothing is left to
        # notice -- no roll, no look, no sense to lose -- but where it lies against their facing
        # still bounds the reaction, as it does anyone's.
        return replace(noticing_row(c.position, c.facing_deg, at), perception=False, penalty=0)
    senses = rmu_stats(c).afflictions
    row = noticing_row(c.position, c.facing_deg, at, unaware=bool(senses.blind))
    if senses.deaf and row.where == "behind":
        return noticing_row(c.position, c.facing_deg, at, unaware=True)
    return row


def _perceives(
    c: CombatantState, row: NoticingRow, dice: Dice, entries: list[Entry], *, again: bool
) -> bool:
    """Roll ``c``'s Perception for a grenade in ``row``; ``again`` when it is the same look
    that took in an earlier grenade this round change (DEC-660)."""
    skill = rmu_stats(c).skill("perception")
    f = explosive_data().noticing
    extra = [*([Modifier(value=row.penalty, label=f"it lies {row.where}", rule=RULE)]
               if row.penalty else []), *penalty_modifiers(c)]  # fmt: skip
    rolled = resolve_maneuver(
        Maneuver(kind="absolute", bonus=skill.bonus if skill else 0, actor=c.name,
                 skill="perception", extra=tuple(extra)),
        dice,
    )  # fmt: skip
    result = AbsoluteResult(rolled.result.result)
    tb = TraceBuilder()
    cost = "the same look" if again else f"{f.perception_ap_full} AP"
    tb.step(f"{c.name} looks ({cost}): {result.value}.", RULE)
    entries.extend((*rolled.trace.entries, *tb.build().entries))
    return result in ABSOLUTE_PASSES


def notice_landed(state: EncounterState, dice: Dice, data: RmuData) -> Outcome[NoticedGrenades]:
    """Everyone in reach of a grenade that has just landed notices it or not (RMU-EXP-10).
    Dice: a Perception maneuver for each who needs one, grenade by grenade, in scene order."""
    del data
    f = explosive_data().noticing
    events: list[Event] = []
    entries: list[Entry] = []
    noticed: list[Noticed] = []
    # DEC-660: one Perception action takes in every grenade that lands in the round: its AP
    # are spent once, and what is left after it is what each sighting leaves to react with.
    looked_left: dict[str, int] = {}
    for k in state.conditions:
        if k.kind != GRENADE or k.rounds_left != 1:
            continue
        at, reach = _at(k), reach_ft(k)
        for c in state.combatants:
            if not c.can_act() or band_of(c.body, at, [reach])[0] is None:
                continue
            threw = k.get("thrower") == c.name
            row = _row(c, at, threw=threw)
            ap_left = looked_left.get(c.name, vitals(c).ap_left)
            if row.perception and c.name in looked_left:
                seen = _perceives(c, row, dice, entries, again=True)
                ap = reaction_ap(row, ap_left, 0)[0] if seen else 0
            elif row.perception:
                seen = _perceives(c, row, dice, entries, again=False)
                looked = min(ap_left, f.perception_ap_full)
                events.append(ActionPointsSpent(actor=c.name, ap=looked))
                ap = reaction_ap(row, ap_left)[0] if seen else 0
                ap_left -= looked
                looked_left[c.name] = ap_left
            else:
                ap = reaction_ap(row, ap_left)[0]
            tb = TraceBuilder()
            if threw:
                tb.step(f"{c.name} threw the {k.get('load')} and knows where it lies: no look.",
                        "DEC-880")  # fmt: skip
            tb.step(f"The {k.get('load')} lies {row.placed(c.name)}: {ap} AP to react.", RULE)
            entries.extend(tb.build().entries)
            events.append(GrenadeNoticed(target=c.name, grenade=k.id, round=state.round,
                                         where=row.where, ap=ap, ap_left=ap_left))  # fmt: skip
            noticed.append(Noticed(name=c.name, grenade=k.id, where=row.where, ap=ap))
    told = NoticedGrenades(noticed=tuple(noticed))
    return Outcome(events=tuple(events), trace=Trace(tuple(entries)), result=told)


def answered(c: CombatantState, lying: Iterable[ActiveCondition]) -> ActiveCondition | None:
    """The grenade of ``lying`` that ``c`` picks up or runs from when they name none: the
    nearest of those they saw land, else the nearest; ties by id (DEC-677). Nobody reacts to a
    grenade they know nothing of while one they saw lies there too."""
    saw = rmu_stats(c).afflictions.saw
    return min(
        lying,
        key=lambda k: (not saw(k.id), distance_ft(c.position, _at(k)), k.id),
        default=None,
    )


def check_reaction(
    state: EncounterState, c: CombatantState, cost: int, grenade: str | None = None
) -> None:
    """Refuse a reaction past what ``c`` may spend reacting this round (RMU-EXP-10): what the
    sighting of ``grenade``, the one it answers (a throw-back, a dash from it), leaves them, or
    with none (going flat, which answers them all) the most that any grenade they saw land
    this round, still lying live, leaves (DEC-668, DEC-677). A grenade they had no sighting of
    (not in its reach when it landed) bounds nothing, as when they saw none."""
    ap_left = vitals(c).ap_left
    open_now = [
        (left, seen)
        for seen in rmu_stats(c).afflictions.reactions
        if (grenade is None or seen.grenade == grenade)
        and state.condition(seen.grenade) is not None
        and (left := seen.left(state.round, ap_left)) is not None
    ]
    if not open_now:
        return
    left, seen = max(open_now, key=lambda found: (found[0], found[1].ap))
    if cost <= left:
        return
    if seen.ap == 0:
        why = f"{c.name} has not noticed the grenade ({seen.where}): no AP to react"
    else:
        why = f"{c.name} saw the grenade land {seen.where}: {left} of {seen.ap} AP left to react"
    raise RuleRefusal(RULE, f"{why}, and this costs {cost}.")
