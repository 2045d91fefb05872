"""What damage does to a Kindred, and the Kindred events folded into the state (RULINGS V-2..V-5).

A Kindred's body takes hits, bleeding, stun and injury as a mortal's does (the ordinary events
and :mod:`firefight.rulesets.rmu.vitals`); :func:`kindred_landed` then reads the result as V-2
does. At 0 hits or fewer, or anything that would leave a mortal dying or dead, the Kindred falls
into torpor (kept as ``unconscious`` too, so every rule that asks whether someone can act or
defend reads it): no dying count ever runs on them. Past the Body Development bonus, or under a
cell that kills outright, only aggravated damage brings Final Death (DEC-363).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.frozen import replace
from firefight.geometry import Posture
from firefight.rulesets.rmu.kindred import KindredSheet, kindred_name
from firefight.rulesets.rmu.kindred_criticals import aggravated_table
from firefight.rulesets.rmu.kindred_events import (
    BurningEnded,
    BurningStarted,
    Fed,
    FinalDeath,
    HungerChanged,
    PowerRoused,
    RouseChecked,
    Staked,
    StakeRemoved,
)
from firefight.rulesets.rmu.kindred_rules import KindredRules, kindred_figures
from firefight.rulesets.rmu.vitals import RmuStats, fall, rmu_stats, vitals, with_vitals
from firefight.scene.state import CombatantState
from firefight.trace import TraceBuilder
from firefight.wording import counted

__all__ = [
    "KindredFate",
    "apply_kindred_event",
    "check_hunger_allows",
    "check_kindred_can_act",
    "critical_fate",
    "describe_kindred_event",
    "flash_bang_potency",
    "kindred_fate",
    "kindred_landed",
    "kindred_set",
    "rouse_check",
    "sheet_of",
    "table_fate",
    "with_sheet",
]


def sheet_of(c: CombatantState) -> KindredSheet | None:
    # rmu_stats(c).kindred without a second call: asked of everyone a shot or round reads.
    stats = c.stats
    return stats.kindred if isinstance(stats, RmuStats) else None


def with_sheet(c: CombatantState, sheet: KindredSheet) -> CombatantState:
    return replace(c, stats=replace(rmu_stats(c), kindred=sheet))


def kindred_landed(
    after: CombatantState,
    *,
    aggravated: bool,
    rules: KindredRules,
    lethal: bool = False,
) -> CombatantState:
    """``after`` (the body once a blow has landed) as V-2 reads it for a Kindred; a mortal, or
    a scene with V-2 switched off, unchanged.

    ``lethal`` marks a critical cell that kills outright.
    """
    sheet = sheet_of(after)
    if sheet is None or not rules.torpor:
        return after
    fate = kindred_fate(
        down=after.hits_left <= 0 or after.dead or vitals(after).dying_rounds is not None,
        past_body=-after.hits_left > rmu_stats(after).body_development,
        lethal=lethal,
        aggravated=aggravated,
    )
    final = sheet.final_death or fate.final_death
    return _down(after, sheet, torpor=sheet.torpor or final or fate.torpor, final=final)


@dataclass(frozen=True, slots=True)
class KindredFate:
    """Where a blow leaves a Kindred (V-2): in torpor, destroyed (Final Death), or neither."""

    torpor: bool
    final_death: bool

    @property
    def words(self) -> str | None:
        """The fate as a line of a critical's effects reads it; None for neither."""
        if self.final_death:
            return "FINAL DEATH (V-2)"
        return "torpor (V-2)" if self.torpor else None


class CriticalOutcome(Protocol):
    """What a critical's combined cells left a body in, as a mortal reads it (R-2)."""

    @property
    def dying_rounds(self) -> int | None: ...
    @property
    def dead(self) -> bool: ...


def kindred_fate(*, down: bool, past_body: bool, lethal: bool, aggravated: bool) -> KindredFate:
    """V-2 for one blow on a Kindred: ``down`` (0 hits or fewer, or what would leave a mortal
    dying or dead) is torpor; past the Body Development bonus (``past_body``) or under a cell
    that kills outright (``lethal``), only ``aggravated`` damage brings Final Death (DEC-363).
    The encounter's bodies and the calculators' odds both read it here."""
    final = aggravated and (past_body or lethal)
    return KindredFate(torpor=final or down, final_death=final)


def critical_fate(*, dying: bool, dead: bool, aggravated: bool) -> KindredFate:
    """Where a critical leaves a Kindred by its cells alone (V-2), for a calculator, which
    follows no hits left: a cell that would leave a mortal ``dying`` or ``dead`` is torpor,
    and one that kills is Final Death only when the damage is ``aggravated``."""
    return kindred_fate(down=dying or dead, past_body=False, lethal=dead, aggravated=aggravated)


def table_fate(effects: CriticalOutcome, table: str) -> KindredFate:
    """:func:`critical_fate` of a critical's ``effects`` read on ``table``, aggravated when the
    table is (fire, heat: V-1): the words of a line, the shot's, the fire's and the blast's odds
    all read it here."""
    return critical_fate(
        dying=effects.dying_rounds is not None,
        dead=effects.dead,
        aggravated=aggravated_table(table),
    )


def kindred_set(c: CombatantState, rules: KindredRules) -> CombatantState:
    """``c`` once the GM set them up, unconscious or dead (the shared flags set), as V-2 reads
    it for a Kindred: unconscious is torpor, dead is Final Death, up neither (DEC-702); a
    mortal, or a scene with V-2 switched off, unchanged."""
    sheet = sheet_of(c)
    if sheet is None or not rules.torpor:
        return c
    return _down(c, sheet, torpor=c.unconscious or c.dead, final=c.dead)


def _down(c: CombatantState, sheet: KindredSheet, *, torpor: bool, final: bool) -> CombatantState:
    """``c`` in torpor or not, destroyed or not (V-2), however it came about."""
    # Torpor drops them as unconsciousness does a mortal: the fallen lie prone (DEC-72).
    settled = fall(c, unconscious=c.unconscious or torpor, dead=final)
    # Kindred do not bleed out: torpor, not R-2's dying count (V-2).
    settled = with_vitals(settled, replace(vitals(settled), dying_rounds=None))
    return with_sheet(settled, replace(sheet, torpor=torpor, final_death=final))


def check_kindred_can_act(c: CombatantState) -> None:
    """Refuse a Kindred destroyed, staked or in torpor (V-2, V-3); anyone else passes."""
    sheet = sheet_of(c)
    if sheet is None:
        return
    if sheet.final_death:
        raise RuleRefusal("V-2", f"{c.name} has met Final Death.")
    if sheet.staked:
        raise RuleRefusal(
            "V-3", f"{c.name} is staked and cannot act until someone pulls the stake."
        )
    if sheet.torpor:
        raise RuleRefusal("V-2", f"{c.name} lies in torpor and cannot act.")


def flash_bang_potency(c: CombatantState) -> int:
    """The Blood Potency a flash-bang's Resistance adds (RMU-EXP-17); 0 for a mortal."""
    sheet = sheet_of(c)
    return sheet.blood_potency if sheet is not None else 0


def check_hunger_allows(
    c: CombatantState, sheet: KindredSheet, power: str, rules: KindredRules
) -> None:
    """Refuse a power at the top of the Hunger scale, where no Rouse check can be made (V-4);
    with the scene's V-4 off a power costs no blood, so Hunger stops nothing (DEC-761)."""
    if rules.rouse_checks and sheet.hunger >= kindred_figures().hunger_max:
        raise RuleRefusal(
            "V-4",
            f"{c.name}'s Hunger is {sheet.hunger}: no Rouse check can be made, so "
            f"{kindred_name(power)} fails.",
        )


def rouse_check(
    c: CombatantState, power: str, dice: Dice, rules: KindredRules, tb: TraceBuilder
) -> RouseChecked | None:
    """The Rouse check ``power`` costs ``c`` (V-4); None when the scene's V-4 is off.

    Refuses at the top of the Hunger scale: no Rouse check can be made there, so the power
    fails. Dice: one d10.
    """
    sheet = sheet_of(c)
    if sheet is None or not rules.rouse_checks:
        return None
    check_hunger_allows(c, sheet, power, rules)
    figs = kindred_figures()
    shown = kindred_name(power)
    roll = tb.roll(dice.die(figs.rouse_sides, f"Rouse check for {shown}")).total
    calm = roll >= figs.rouse_calm_at
    hunger = sheet.hunger if calm else sheet.hunger + 1
    tb.step(
        f"Rouse check for {shown}: {roll}, "
        + (
            f"{figs.rouse_calm_at} or more, Hunger stays {hunger}."
            if calm
            else f"under {figs.rouse_calm_at}, Hunger rises to {hunger}."
        ),
        "V-4",
    )
    return RouseChecked(actor=c.name, power=power, roll=roll, calm=calm, hunger=hunger)


def apply_kindred_event(c: CombatantState, event: Event) -> CombatantState:
    """``c`` (the Kindred the event names) after one Kindred event."""
    sheet = sheet_of(c)
    assert sheet is not None, f"{c.name} has no Kindred sheet"
    if isinstance(event, RouseChecked):
        return with_sheet(c, replace(sheet, hunger=event.hunger))
    if isinstance(event, PowerRoused):
        return with_sheet(c, sheet.rouse(event.power))
    if isinstance(event, HungerChanged):
        return with_sheet(c, replace(sheet, hunger=event.hunger))
    if isinstance(event, Fed):
        return with_sheet(c, replace(sheet, hunger=event.hunger, fed_round=event.round))
    if isinstance(event, Staked):
        # V-3: paralysed where they stand; the body goes down.
        return with_sheet(replace(c, posture=Posture.PRONE), replace(sheet, staked=True))
    if isinstance(event, StakeRemoved):
        # V-3, R-5, DEC-581: the freed Kindred rolled no initiative this round, so acts from the
        # next one; the round's AP, kept while they could not act, go (DEC-969).
        freed = with_sheet(c, replace(sheet, staked=False))
        return with_vitals(freed, replace(vitals(freed), ap_left=0))
    if isinstance(event, FinalDeath):
        return _down(c, sheet, torpor=True, final=True)
    if isinstance(event, BurningStarted):
        return with_sheet(c, replace(sheet, burning=True))
    if isinstance(event, BurningEnded):
        return with_sheet(c, replace(sheet, burning=False))
    raise AssertionError(f"not a Kindred event: {type(event).__name__}")  # pragma: no cover


def describe_kindred_event(event: Event) -> str | None:
    if isinstance(event, RouseChecked):
        how = "stays" if event.calm else "rises to"
        return (
            f"{event.actor} rouses the blood for {kindred_name(event.power)}: {event.roll}, "
            f"Hunger {how} {event.hunger} [V-4]."
        )
    if isinstance(event, PowerRoused):
        return f"{event.actor}'s {kindred_name(event.power)} is active [V-4]."
    if isinstance(event, Fed):
        # The slakes fed, not the Hunger lost: Hunger stops at 0 (1 slaked by 3 is 0).
        return (
            f"{event.actor} feeds on {event.victim} ({counted(event.slakes, 'slake')}): "
            f"Hunger now {event.hunger} [RMU-BITE-4]."
        )
    if isinstance(event, HungerChanged):
        return f"{event.target}'s Hunger is now {event.hunger} [{event.rule}]."
    if isinstance(event, Staked):
        return f"{event.target} is staked through the heart by {event.by} [{event.rule}]."
    if isinstance(event, StakeRemoved):
        return f"{event.by} pulls the stake from {event.target} [V-3]."
    if isinstance(event, FinalDeath):
        return f"{event.target} meets Final Death: {event.cause} [{event.rule}]."
    if isinstance(event, BurningStarted):
        return f"{event.target} is on fire and keeps burning [V-5]."
    if isinstance(event, BurningEnded):
        who = "rolls on the ground" if event.by == event.target else f"is put out by {event.by}"
        return f"{event.target} {who}: the fire is out [V-5]."
    return None
