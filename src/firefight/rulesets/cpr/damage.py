"""The damage pipeline: from the damage dice to HP, SP, critical injuries and wound state.

In order (CPR-DMG-1, C-3, C-4, C-9, CPR-AIM-1):

0. A target behind cover with HP left is not reached: the hit comes off the cover (C-13).

1. The damage dice are rolled by the caller (once per attack, even when an area attack hits
   several targets) and never explode (C-1). Autofire multiplies them (C-5).
2. The location is the body, or the head only on an aimed head shot. Its SP is subtracted; a
   melee weapon in hand meets half the SP, rounded up (C-3).
3. What is left is lost from HP, doubled on an aimed head shot (C-3, CPR-AIM-1).
4. Two or more 6s on the damage dice: a critical injury, rolled on the Body table (the Head
   table for an aimed head shot), and 5 bonus damage straight to HP: past the SP, never
   multiplied, and dealt even if nothing got through (C-4).
5. Aimed effects need at least 1 damage through the armor: the held item is dropped, or the
   leg breaks (CPR-AIM-1). The bonus damage of a critical does not count as getting through.
   A hit that gets damage through to someone already mortally wounded brings a critical
   injury of its own when the dice gave none (C-12).
6. Only if some damage got through does the location's SP drop by 1 (C-3).
7. With HP known, the new wound state is worked out (C-9).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from firefight.dice import Dice, Roll
from firefight.events import Event
from firefight.frozen import quick_init, replace
from firefight.outcome import inline, omitted
from firefight.rulesets.cpr.armor import Location
from firefight.rulesets.cpr.combatants import Aim, Target
from firefight.rulesets.cpr.cover import hit_cover, strike_covers, the_cover
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import (
    ArmorAblated,
    CriticalInjuryInflicted,
    DamageDealt,
    ItemDropped,
    KnockedOut,
    SetOnFire,
    WoundStateChanged,
)
from firefight.rulesets.cpr.injuries import CriticalInjury, InjuryTable, roll_critical_injury
from firefight.rulesets.cpr.wounds import MORTAL
from firefight.trace import Modifier, TraceBuilder

__all__ = [
    "AreaTarget",
    "BodyHit",
    "CoverHit",
    "DamageResult",
    "Hit",
    "apply_damage",
    "area_hits",
    "is_critical",
    "roll_damage",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Hit:
    """One target hit by one attack, and how the damage meets them.

    ``halves_sp``: a melee weapon in hand (C-3). ``area``: an area attack, which never hits
    the head and ablates only the body (C-8). ``multiplier``: autofire's (C-5). ``ammo``: the
    kind loaded, for what it does beyond damage (C-14).
    """

    target: Target
    aim: Aim | None = None
    item: str = "held item"
    halves_sp: bool = False
    area: bool = False
    multiplier: int = 1
    ammo: str = "basic"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class BodyHit:
    """What one hit did to the one it struck, as reported: the location, damage against SP,
    the HP and injuries lost, the SP left, and the HP and wound state after (C-3, C-4, C-9)
    when the target's HP are known."""

    target: str
    location: str
    damage: int
    sp: int
    through: int
    hp_lost: int
    critical_injuries: tuple[str, ...]
    item_dropped: str | None
    sp_after: int
    hp_after: int | None = omitted()
    wound_state: str | None = omitted()


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverHit:
    """A hit the cover in front took in the target's place (C-13), and its HP left."""

    target: str
    damage: int
    hp_lost: int
    cover: str
    cover_hp_after: int
    holder: str | None = omitted()


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class AreaTarget:
    """One person within an area attack's reach (C-7, C-8): in the area or not (``reason``),
    ``result`` (``hit``, ``miss``, ``dodged``, ``covered``...), and what it did to them."""

    target: str
    in_area: bool
    result: str
    reason: str | None = omitted()
    dodge: int | None = omitted()
    cover: str | None = omitted()
    #: A load that knocks out or goes straight to HP (C-14).
    knocked_out: bool | None = omitted()
    hp_lost: int | None = omitted()
    damage_done: BodyHit | CoverHit | None = inline()


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class DamageResult:
    """What one hit did; ``target`` is the target as it stands afterwards, ``report`` what a
    result says of it."""

    target: Target
    events: tuple[Event, ...]
    location: Location
    damage: int
    sp: int
    through: int
    hp_lost: int
    injuries: tuple[str, ...]
    item_dropped: str | None
    report: BodyHit | CoverHit


def roll_damage(tb: TraceBuilder, dice: Dice, count_d6: int, purpose: str) -> Roll:
    """Roll the damage dice: plain d6s, never exploding (C-1)."""
    return tb.roll(dice.pool(count_d6, 6, purpose))


def is_critical(roll: Roll, data: CprData) -> bool:
    """Two or more 6s on the damage dice (C-4).

    >>> from firefight.dice import Dice
    >>> data = CprData()
    >>> is_critical(Dice.scripted([6, 2, 6]).pool(3, 6, "damage"), data)
    True
    >>> is_critical(Dice.scripted([6, 5, 5]).pool(3, 6, "damage"), data)
    False
    """
    return sum(1 for face in roll.faces if face == 6) >= data.figures.critical_sixes


def _head_multiplier(target: Target, data: CprData) -> tuple[int, str | None]:
    """x2 for an aimed head shot, or what a standing injury makes it (C-3, C-4)."""
    best, why = data.figures.head_multiplier, None
    for key in target.injuries:
        injury = data.injuries.injury(key)
        if injury.aimed_head_multiplier and injury.aimed_head_multiplier > best:
            best, why = injury.aimed_head_multiplier, injury.label
    return best, why


def _into_cover(hit: Hit, roll: Roll, tb: TraceBuilder) -> DamageResult:
    """The hit lands on the cover in front of the target, not on them (C-13)."""
    target = hit.target
    assert target.cover is not None
    damage = roll.total * hit.multiplier
    itself = target.name == target.cover.name  # a shot at the cover itself shields nobody
    if not itself:
        behind = the_cover(target.cover.name, target.cover.holder)
        tb.step(f"{target.name} is behind {behind}: the hit strikes it.", "C-13")
    cover, event = hit_cover(target.cover, damage, tb, behind=None if itself else target.name)
    return DamageResult(
        target=replace(target, cover=cover),
        events=(event,),
        location=Location.BODY,
        damage=damage,
        sp=0,
        through=0,
        hp_lost=0,
        injuries=(),
        item_dropped=None,
        report=CoverHit(
            target=target.name,
            damage=damage,
            hp_lost=0,
            cover=cover.name,
            cover_hp_after=cover.hp,
            holder=cover.holder,
        ),
    )


def area_hits(
    targets: Sequence[Target],
    roll: Roll,
    hit: Callable[[Target], Hit],
    dice: Dice,
    tb: TraceBuilder,
    data: CprData,
    *,
    what: str,
) -> tuple[list[Event], list[AreaTarget]]:
    """One damage roll against everyone an attack on an area reached (C-13): it strikes each
    piece of cover in front of them once (``what`` names the attack), those whose cover still
    stands are ``covered``, and the rest take the hit that ``hit`` makes of them."""
    struck, covered = strike_covers(targets, roll.total, tb, what=what)
    events: list[Event] = [*struck]
    results: list[AreaTarget] = []
    for target in targets:
        if target.name in covered:
            assert target.cover is not None
            results.append(
                AreaTarget(
                    target=target.name, in_area=True, result="covered", cover=target.cover.name
                )
            )
            continue
        done = apply_damage(hit(target), roll, dice, tb, data)
        events.extend(done.events)
        results.append(
            AreaTarget(target=target.name, in_area=True, result="hit", damage_done=done.report)
        )
    return events, results


def apply_damage(hit: Hit, roll: Roll, dice: Dice, tb: TraceBuilder, data: CprData) -> DamageResult:
    """Run one hit through cover, armor, critical injury, aimed effects, ablation and wound
    state."""
    if hit.target.cover is not None and hit.target.cover.hp > 0 and not hit.area:
        return _into_cover(hit, roll, tb)
    figures = data.figures
    target = hit.target
    name = target.name
    # Each member read once: Python 3.11 reads an Enum class's attributes through its
    # metaclass's __getattr__ hook, and a member's .value is a property of Python code.
    aim = hit.aim
    head = aim is Aim.HEAD
    location = Location.HEAD if head else Location.BODY
    where = location._value_
    events: list[Event] = []

    # 2. SP of the location, halved for a melee weapon in hand.
    worn = target.head_sp if head else target.body_sp
    if hit.area:
        tb.step(f"An area attack never hits the head: {name}'s body SP {worn} applies.", "C-8")
    elif head:
        tb.step(f"The aimed head shot meets {name}'s head SP {worn}.", "CPR-AIM-1")
    else:
        tb.step(f"Not aimed at the head, so the hit meets {name}'s body SP {worn}.", "C-3")
    sp = worn
    if hit.halves_sp and worn:
        sp = math.ceil(worn / 2)
        tb.total(
            f"{name}'s SP against a melee weapon",
            [
                Modifier(value=worn, label=f"{where} SP", rule="C-3"),
                Modifier(
                    value=sp - worn, label="melee weapon: half the SP, rounded up", rule="C-3"
                ),
            ],
        )

    # 1 and 3. Damage, less what the SP stops.
    damage_parts = [Modifier(value=roll.total, label=f"{roll.kind} damage dice", rule="CPR-DMG-1")]
    if hit.multiplier > 1:
        damage_parts.append(
            Modifier(
                value=(hit.multiplier - 1) * roll.total,
                label=f"autofire: the {roll.kind} times {hit.multiplier}",
                rule="C-5",
            )
        )
    damage = sum(p.value for p in damage_parts)
    stopped = min(sp, damage)
    through = tb.total(
        f"damage through {name}'s armor",
        [
            *damage_parts,
            Modifier(value=-stopped, label=f"stopped by SP {sp}", rule="C-3"),
        ],
    ).value

    hp_parts: list[Modifier] = []
    lost_to_damage = through
    if through:
        hp_parts.append(Modifier(value=through, label="damage through the armor", rule="C-3"))
        if head:
            multiplier, why = _head_multiplier(target, data)
            lost_to_damage = through * multiplier
            label = f"aimed head shot: what got through counts x{multiplier}"
            if why:
                label += f" ({why})"
            hp_parts.append(Modifier(value=lost_to_damage - through, label=label, rule="CPR-AIM-1"))
    events.append(
        DamageDealt(
            target=name,
            location=where,
            damage=damage,
            sp=sp,
            through=through,
            hp_lost=lost_to_damage,
        )
    )

    # 5. Aimed effects, which need damage through the armor.
    suffered = list(target.injuries)
    inflicted: list[str] = []
    item_dropped: str | None = None

    def bring(
        injury: CriticalInjury | None,
        *,
        table: str,
        roll: int | None,
        cause: str,
        bonus: str,
        rule: str,
    ) -> None:
        """A critical injury this hit brings (C-4): the injury now suffered (None: every one
        on its table already is), its event, and its bonus damage straight to HP, named
        ``bonus`` (with the injury) in the trace."""
        if injury is not None:
            suffered.append(injury.key)
            inflicted.append(injury.key)
        events.append(
            CriticalInjuryInflicted(
                target=name,
                table=table,
                roll=roll,
                injury=injury.key if injury else None,
                bonus_damage=figures.critical_bonus,
                cause=cause,
            )
        )
        label = f"{bonus} ({injury.label})" if injury else bonus
        hp_parts.append(Modifier(value=figures.critical_bonus, label=label, rule=rule))

    if aim is Aim.HELD_ITEM:
        if through >= 1:
            item_dropped = hit.item
            events.append(ItemDropped(target=name, item=hit.item))
            tb.step(f"Damage got through: {name} drops the {hit.item}.", "CPR-AIM-1")
        else:
            tb.step(f"Nothing got through the armor: {name} keeps the {hit.item}.", "CPR-AIM-1")
    if aim is Aim.LEG:
        leg = data.injuries.injury(figures.aimed_leg_injury)
        if through < 1:
            tb.step(f"Nothing got through the armor: {name}'s leg holds.", "CPR-AIM-1")
        elif leg.key in suffered:
            tb.step(
                f"{name} already suffers '{leg.label}'; the leg shot adds no new injury.",
                "CPR-AIM-1",
            )
        else:
            tb.step(
                f"Damage got through: {name} suffers '{leg.label}' ({leg.effect}) and its "
                f"{figures.critical_bonus} bonus damage.",
                "CPR-AIM-1",
            )
            bring(
                leg,
                table=leg.table,
                roll=None,
                cause="aimed leg shot",
                bonus="critical injury bonus",
                rule="C-4",
            )

    # 4. Critical injury from the dice.
    sixes = sum(1 for face in roll.faces if face == 6)
    table: InjuryTable = "head" if head else "body"

    def bring_rolled(*, cause: str, bonus: str, rule: str) -> None:
        """A critical injury rolled on the table of the location hit, brought as ``bring``."""
        injury, injury_roll = roll_critical_injury(
            data.injuries, table, suffered, dice, tb, target=name
        )
        bring(injury, table=table, roll=injury_roll, cause=cause, bonus=bonus, rule=rule)

    if is_critical(roll, data):
        tb.step(
            f"{sixes} sixes on the damage dice: a critical injury ({table} table) and "
            f"{figures.critical_bonus} bonus damage straight to HP, past the SP, never "
            "multiplied, whether or not anything got through.",
            "C-4",
        )
        bring_rolled(cause="damage dice", bonus="critical injury bonus", rule="C-4")

    # C-12: a hit on someone already mortally wounded brings a critical injury of its own,
    # unless the dice already gave this hit one (docs/decisions.md DEC-142).
    dying = target.health is not None and target.health.state is MORTAL
    if dying and through >= 1 and not is_critical(roll, data):
        tb.step(
            f"{name} was already mortally wounded: the hit also brings a critical injury "
            f"({table} table) and its {figures.critical_bonus} bonus damage.",
            "C-12",
        )
        bring_rolled(
            cause="hit while mortally wounded",
            bonus="critical injury bonus, hit while mortally wounded",
            rule="C-12",
        )

    # C-14: an ammunition kind's own injury when damage gets through (expansive rounds).
    ammo = data.ammunition(hit.ammo)
    if ammo.injury is not None and through >= 1:
        lodged = data.injuries.injury(ammo.injury)
        if lodged.key in suffered:
            tb.step(f"{name} already suffers '{lodged.label}'; the {ammo.name} add none.", "C-14")
        else:
            tb.step(
                f"The {ammo.name} got through: '{lodged.label}' and its "
                f"{figures.critical_bonus} bonus damage.",
                "C-14",
            )
            bring(
                lodged,
                table=lodged.table,
                roll=None,
                cause=ammo.name,
                bonus="critical injury bonus",
                rule="C-14",
            )

    # C-14: less-lethal rounds stop at 1 HP; what would go further knocks the target out.
    knocked_out = False
    if ammo.nonlethal and target.health is not None and hp_parts:
        room = max(0, target.health.hp - 1)
        total_parts = sum(p.value for p in hp_parts)
        if total_parts > room:
            hp_parts.append(
                Modifier(
                    value=room - total_parts,
                    label=f"{ammo.name}: never below 1 HP",
                    rule="C-14",
                )
            )
            knocked_out = True

    hp_lost = tb.total(f"HP {name} loses", hp_parts).value if hp_parts else 0
    if not hp_parts:
        tb.step(f"Nothing reaches {name}'s HP.", "C-3")
    if knocked_out:
        tb.step(f"The {ammo.name} would have taken {name} lower: they are knocked out.", "C-14")
        events.append(KnockedOut(target=name, cause=ammo.name))
    if ammo.burn_hp and through >= 1:
        tb.step(
            f"The {ammo.name} set {name} on fire: {ammo.burn_hp} HP at the end of each turn "
            "until an Action puts it out.",
            "C-14",
        )
        events.append(SetOnFire(target=name, hp_per_turn=ammo.burn_hp, cause=ammo.name))

    # 6. Ablation, only when damage got through.
    sp_after = worn
    ablation = figures.ablation if ammo.ablation is None else ammo.ablation
    if through > 0 and worn > 0 and ablation == 0:
        tb.step(f"The {ammo.name} do not ablate armor: {name}'s SP stays {worn}.", "C-14")
    elif through > 0 and worn > 0:
        sp_after = max(0, worn - ablation)
        events.append(ArmorAblated(target=name, location=where, sp_before=worn, sp_after=sp_after))
        how = f" by {ablation} ({ammo.name})" if ammo.ablation is not None else ""
        tb.step(
            f"Damage got through, so {name}'s {where} SP ablates{how}: {worn} -> {sp_after}.",
            "C-14" if ammo.ablation is not None else "C-8" if hit.area else "C-3",
        )
    elif worn > 0:
        tb.step(f"Nothing got through, so {name}'s {where} SP stays {worn}.", "C-3")

    # 7. Wound state.
    health = target.health
    report = BodyHit(
        target=name,
        location=where,
        damage=damage,
        sp=sp,
        through=through,
        hp_lost=hp_lost,
        critical_injuries=tuple(inflicted),
        item_dropped=item_dropped,
        sp_after=sp_after,
    )
    if health is not None:
        after = health.after_losing(hp_lost)
        before_state, after_state = health.state._value_, after.state._value_
        tb.step(
            f"{name}: {health.hp} -> {after.hp} of {health.max_hp} HP, "
            f"{data.figures.wounds[after_state].name}.",
            "C-9",
        )
        if after_state != before_state:
            events.append(
                WoundStateChanged(
                    target=name,
                    hp_before=health.hp,
                    hp_after=after.hp,
                    before=before_state,
                    after=after_state,
                )
            )
        health = after
        report = replace(report, hp_after=after.hp, wound_state=after_state)

    if head:
        updated = replace(target, head_sp=sp_after, health=health, injuries=tuple(suffered))
    else:
        updated = replace(target, body_sp=sp_after, health=health, injuries=tuple(suffered))
    return DamageResult(
        target=updated,
        events=tuple(events),
        location=location,
        damage=damage,
        sp=sp,
        through=through,
        hp_lost=hp_lost,
        injuries=tuple(inflicted),
        item_dropped=item_dropped,
        report=report,
    )
