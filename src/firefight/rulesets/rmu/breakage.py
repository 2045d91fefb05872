"""Wearing armor down: breakage checks (RMU-BRK-1, RMU-BRK-2, RMU-AMMO-5, RULINGS P-5, D-2).

A check is called for by a critical cell that carries a breakage modifier (every Armor
Piercing cell, most Ballistic Impact cells) when the location hit is one the armor covers, or
by an unmodified 33 or 77 on a maneuver that uses the armor. It is d100 open-ended at both ends
plus the armor's strength and quality, less every penalty the piece has already taken, plus the
cell's modifier; the band of ``data/breakage.toml`` it lands in adds a penalty to the piece's
running total. Under 1 the armor breaks and stops protecting at once; an unmodified 66 makes
any failure a passing one (``temporary``: it still counts for this fight, but needs no workshop).

The functions here are pure: they roll the dice they are given, append to the trace they are
given, and return a :class:`~firefight.rulesets.rmu.events.BreakageTaken` event. Keeping the
running total is the encounter's job: it folds ``new_total`` into the piece of armor, and from
the next shot on passes it back as ``AimedShot.armor_damage`` (``broken`` as ``armor_broken``).

>>> from firefight.rulesets.rmu.catalog import RmuData
>>> data = RmuData()
>>> taken = resolve_breakage_check(
...     data.armor["BA III"], -20, -40, Dice.scripted([50]), rules=data.breakage
... )
>>> (taken.check_total, taken.penalty, taken.new_total)
(10, -20, -40)
"""

from __future__ import annotations

from firefight.dice import Dice
from firefight.rulesets.rmu.catalog import ArmorClass, BreakageRules, RmuData
from firefight.rulesets.rmu.critical_table import HitLocation
from firefight.rulesets.rmu.events import BreakageTaken
from firefight.rulesets.rmu.protection import FirePlan, breakage_total_refused
from firefight.rulesets.rmu.severity import Severity
from firefight.trace import Modifier, TraceBuilder

__all__ = [
    "maneuver_calls_for_breakage",
    "resolve_breakage_check",
    "resolve_critical_breakage",
    "resolve_maneuver_breakage",
]


def resolve_breakage_check(
    armor: ArmorClass,
    prior_total: int,
    cell_modifier: int,
    dice: Dice,
    *,
    rules: BreakageRules,
    quality: int = 0,
    wearer: str = "target",
    cause: str = "a critical result calls for it",
    cause_rule: str = "RMU-AMMO-5",
    trace: TraceBuilder | None = None,
) -> BreakageTaken:
    """Roll one breakage check on ``armor`` and say what it does (RMU-BRK-1, RULINGS P-5).

    Args:
        armor: the piece checked (its strength is the design-and-materials bonus).
        prior_total: the piece's running breakage total so far (0 or less).
        cell_modifier: the critical cell's breakage modifier (0 for a maneuver trigger).
        dice: one d100 open-ended at both ends is drawn (RULINGS D-2).
        rules: the bands and thresholds from ``data/breakage.toml``.
        quality: the piece's quality bonus.
        wearer: who wears it, for the event and the trace.
        cause: why the check is rolled, in words, with ``cause_rule`` its rule.
        trace: where the roll, the total and the result are written (a throwaway one if None).

    Raises:
        RuleRefusal: (RMU-BRK-2) ``prior_total`` is above 0; penalties only accumulate.
    """
    if prior_total > 0:
        raise breakage_total_refused(prior_total)
    tb = trace if trace is not None else TraceBuilder()
    tb.step(f"Breakage check on {wearer}'s {armor.key}: {cause}.", cause_rule)
    roll = tb.roll(dice.d100_open_ended(f"breakage check on {wearer}'s {armor.key}"))
    parts = [
        Modifier(value=roll.total, label="breakage roll, d100 open-ended", rule="D-2"),
        Modifier(value=armor.strength, label=f"{armor.key} strength", rule="RMU-BRK-1"),
    ]
    if quality:
        parts.append(Modifier(value=quality, label="armor quality", rule="RMU-BRK-1"))
    if prior_total:
        parts.append(
            Modifier(value=prior_total, label="breakage penalties already taken", rule="RMU-BRK-1")
        )
    if cell_modifier:
        parts.append(
            Modifier(value=cell_modifier, label="the critical cell's breakage modifier", rule="P-5")
        )
    total = tb.total("breakage check", parts).value
    band = rules.band_for(total)
    broken = total < rules.broken_below
    penalty = band.penalty if band is not None else 0
    failed = broken or penalty < 0
    temporary = failed and roll.natural == rules.temporary_natural
    new_total = prior_total + penalty
    beaten_open = new_total < rules.beaten_open_past
    if broken:
        text = f"{total} is below {rules.broken_below}: the {armor.key} breaks and stops protecting"
    elif penalty:
        text = f"{total}: the {armor.key} takes {penalty}, running total {new_total}"
    else:
        text = f"{total}: the {armor.key} holds"
    if temporary:
        text += f" (unmodified {roll.natural}: only a temporary failure)"
    tb.step(text + ".", "P-5")
    if beaten_open and not broken:
        tb.step(
            f"The {armor.key}'s running total {new_total} has passed "
            f"{rules.beaten_open_past}: it is beaten open and protects no more from the next "
            "shot on.",
            "RMU-BRK-2",
        )
    return BreakageTaken(
        wearer=wearer,
        armor=armor.key,
        check_total=total,
        penalty=penalty,
        new_total=new_total,
        broken=broken,
        beaten_open=beaten_open,
        temporary=temporary,
        rule="P-5",
    )


def resolve_critical_breakage(
    plan: FirePlan,
    location: HitLocation,
    critical_roll: int,
    severity: Severity,
    dice: Dice,
    *,
    data: RmuData,
    wearer: str,
    armor_damage: int = 0,
    armor_quality: int = 0,
    trace: TraceBuilder | None = None,
) -> BreakageTaken | None:
    """The breakage check a critical calls for, if it calls for one (RMU-AMMO-5, RMU-BRK-1).

    Call it after the critical's cells are read, with the same roll and severity. It checks
    only armor still worn (``plan.worn``) over the location hit: a round into the head above a
    plate never touched the plate, and a bare target has nothing to wear down. The modifier is
    read from :meth:`FirePlan.breakage_table` -- the cell read for the wound, except that armor
    piercing always reads its own, deeper cell. A composite severity (RULINGS P-7) checks once,
    at its deepest modifier: one critical, one check. Draws no die when nothing is checked.
    """
    tb = trace if trace is not None else TraceBuilder()
    name = plan.breakage_table(location)
    worn = plan.worn
    if name is None or worn is None:
        if worn is not None:
            wound = data.tables.critical(plan.critical_table(location))
            if any(c.breakage is not None for _, c in wound.lookup(critical_roll, severity)):
                tb.step(
                    f"The cell calls for a breakage check, but the {worn.key} does not cover "
                    f"the {location.value}: the round never touched it.",
                    "RMU-AMMO-5",
                )
        return None
    source = data.tables.critical(name)
    found = [
        c.breakage for _, c in source.lookup(critical_roll, severity) if c.breakage is not None
    ]
    if not found:
        return None
    modifier = min(found)
    cell = f"the {source.title} {severity.value} cell"
    if name != plan.critical_table(location):
        cell += " (armor piercing cracks the plate even where it is stopped)"
    return resolve_breakage_check(
        worn,
        armor_damage,
        modifier,
        dice,
        rules=data.breakage,
        quality=armor_quality,
        wearer=wearer,
        cause=f"{cell} calls for one at {modifier:+d} and the {location.value} is covered",
        cause_rule="RMU-AMMO-5",
        trace=tb,
    )


def maneuver_calls_for_breakage(natural: int, rules: BreakageRules) -> bool:
    """Whether an unmodified maneuver roll calls for a breakage check (RMU-BRK-1: 33 or 77).

    >>> from firefight.rulesets.rmu.catalog import RmuData
    >>> [maneuver_calls_for_breakage(n, RmuData().breakage) for n in (33, 34, 77)]
    [True, False, True]
    """
    return natural in rules.maneuver_naturals


def resolve_maneuver_breakage(
    armor: ArmorClass,
    prior_total: int,
    natural: int,
    dice: Dice,
    *,
    rules: BreakageRules,
    quality: int = 0,
    wearer: str = "target",
    trace: TraceBuilder | None = None,
) -> BreakageTaken | None:
    """The check an unmodified 33 or 77 on a maneuver using the armor calls for (RMU-BRK-1).

    Returns None, drawing no die, for any other natural roll. The check carries no cell
    modifier.
    """
    if not maneuver_calls_for_breakage(natural, rules):
        return None
    return resolve_breakage_check(
        armor,
        prior_total,
        0,
        dice,
        rules=rules,
        quality=quality,
        wearer=wearer,
        cause=f"an unmodified {natural} on a maneuver using it",
        cause_rule="RMU-BRK-1",
        trace=trace,
    )
