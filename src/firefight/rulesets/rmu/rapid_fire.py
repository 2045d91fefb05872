"""Emptying the gun: rapid fire into one man, and the cone around him (RMU-RF-1..13, RMU-SK-1,
RULINGS F-1..F-3, F-6).

Two rounds (RMU-RF-2). In the first the shooter prepares: a Hard percentage maneuver on
Rapid Fire, Self Discipline-based, 2-4 AP with the haste penalty Fire Discipline offsets
(RMU-RF-3, RMU-SK-1). Its percentage, capped at 100, is the share of the bullet bonus carried
into the attack (RMU-RF-4, F-2); a fail-to-act wastes the round (F-3); a critical result is a
malfunction on the Firearm Fumble table (RMU-RF-13). The next round fires: all 4 AP (F-6),
the lesser of the class rate and the rounds left, in one attack roll on the aimed man
(RMU-RF-5), and one roll each for everyone else in the 5° cone at OB +0 (RMU-RF-10). A
belt-fed gun keeps firing round after round on the one preparation (RMU-RF-6).

The encounter carries the preparation's share from one round to the next and asks for
:class:`RapidFire` with it; what it must track is in ``docs/rmu.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.geometry import Body, Point, burst_cone, distance_ft
from firefight.outcome import Outcome
from firefight.rulesets.rmu.bodies import Ally
from firefight.rulesets.rmu.catalog import Ammunition, RmuData, Weapon
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.fire_results import (
    BurstTarget,
    ConeOutOfReach,
    PreparationResult,
    RapidFireResult,
)
from firefight.rulesets.rmu.firearm_data import (
    FirearmFigures,
    RateClass,
    bullet_bonus,
    firearm_figures,
    rate_class,
    round_half_up,
)
from firefight.rulesets.rmu.firearm_events import (
    PreparationWasted,
    RapidFireFired,
    RapidFirePrepared,
)
from firefight.rulesets.rmu.maneuvers import (
    difficulty_modifier,
    haste_modifiers,
    roll_percentage_maneuver,
)
from firefight.rulesets.rmu.person_terms import (
    check_situational,
    hunting_terms,
    range_terms,
    shooter_armor_terms,
    situational_terms,
)
from firefight.rulesets.rmu.ranges import range_band
from firefight.rulesets.rmu.shot import resolve_malfunction
from firefight.rulesets.rmu.tripod import tripod_toll
from firefight.rulesets.rmu.volley import (
    Person,
    PersonAim,
    aim_at_person,
    catch,
    check_people,
    choose_cover,
    roll_at_person,
)
from firefight.trace import Modifier, Trace, TraceBuilder
from firefight.wording import counted

__all__ = [
    "ConeTarget",
    "FiringRound",
    "GunState",
    "RapidFire",
    "RapidFirePreparation",
    "aim_rapid_fire",
    "carried_bonus",
    "check_can_empty",
    "fire_rapid_fire",
    "resolve_rapid_fire",
    "resolve_rapid_fire_preparation",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class GunState:
    """What a malfunction left the gun with until it is cleared (the Firearm Fumble table)."""

    jammed: bool = False
    semi_only: bool = False
    half_effect: bool = False

    def check_not_jammed(self, weapon: str) -> None:
        """RMU-RF-13: a jammed gun fires nothing, a burst or a sweep, until it is cleared."""
        if self.jammed:
            raise RuleRefusal(
                "RMU-RF-13", f"The {weapon} is jammed: it must be cleared before it fires again."
            )


def check_can_empty(weapon: Weapon, rounds_left: int, gun: GunState, minimum: int) -> None:
    """Refuse rapid fire the gun cannot give (RMU-RF-1, RMU-RF-13), before any die."""
    if weapon.shotgun:
        raise RuleRefusal(
            "RMU-RF-1",
            f"The {weapon.name} is a shotgun, and no shotgun fires automatically: it cannot "
            "empty its magazine into one man.",
        )
    if not weapon.action.fires_automatically:
        raise RuleRefusal(
            "RMU-RF-1",
            f"The {weapon.name} is {weapon.action.value}: only a gun that fires automatically "
            "can empty its magazine into one man.",
        )
    gun.check_not_jammed(weapon.name)
    if gun.semi_only:
        raise RuleRefusal(
            "RMU-RF-1",
            f"The {weapon.name} fires only semi-automatic until its malfunction is cleared.",
        )
    if rounds_left < minimum:
        raise RuleRefusal(
            "RMU-RF-1",
            f"The {weapon.name} has {counted(rounds_left, 'round')} left; emptying the gun "
            f"needs at least {minimum}.",
        )


def carried_bonus(bullets: int, share_percent: int, figures: FirearmFigures | None = None) -> int:
    """F-2: the share of the F-1 ladder bonus carried, rounded half up (70% of +70 is +49).

    >>> carried_bonus(30, 70)
    49
    """
    return round_half_up(Fraction(share_percent, 100) * bullet_bonus(bullets, figures))


# --- the preparation round ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RapidFirePreparation:
    """The preparation round (RMU-RF-2, RMU-RF-3).

    ``rapid_fire_bonus`` is the shooter's Rapid Fire skill bonus, Self Discipline-based;
    ``fire_discipline_bonus`` offsets the haste penalty (RMU-SK-1). ``rounds_left`` None means
    a full magazine or belt. ``ally`` is the shooter's nearest ally and ``ammo`` what the gun
    holds: where and what a malfunction's 66 sends (DEC-105).
    """

    weapon: str
    rapid_fire_bonus: int
    fire_discipline_bonus: int = 0
    ap: int = 4
    ap_available: int = 4
    rounds_left: int | None = None
    gun: GunState = field(default_factory=GunState)
    extra: tuple[Modifier, ...] = ()
    shooter: str = "shooter"
    ammo: str = "ball"
    ally: Ally | None = None


def resolve_rapid_fire_preparation(
    decl: RapidFirePreparation, dice: Dice, data: RmuData
) -> Outcome[PreparationResult]:
    """Roll the preparation (RMU-RF-3, RMU-RF-4, RMU-RF-13, RMU-SK-1, F-2, F-3).

    Dice: the maneuver (d100 open-ended both ways); on a critical result, the fumble d100.
    """
    fig = firearm_figures()
    rf = fig.rapid_fire
    weapon = data.weapon(decl.weapon)
    rounds_left = weapon.magazine if decl.rounds_left is None else decl.rounds_left
    check_can_empty(weapon, rounds_left, decl.gun, rf.minimum_rounds)
    haste = haste_modifiers(
        ap=decl.ap,
        ap_range=rf.prep_ap,
        per_ap=data.rules.haste_per_ap,
        action="Preparing to empty the gun",
        rule="RMU-RF-3",
        offset_bonus=decl.fire_discipline_bonus,
        offset_skill="Fire Discipline",
    )
    if decl.ap > decl.ap_available:
        raise RuleRefusal(
            "RMU-GEN-1",
            f"The preparation takes {decl.ap} AP but only {decl.ap_available} AP are left.",
        )
    rate = rate_class(weapon, fig)
    tb = TraceBuilder()
    tb.step(
        f"{decl.shooter} prepares to empty the {weapon.name} ({rounds_left} rounds, "
        f"{rate.name} class): a Hard percentage maneuver on Rapid Fire, Self Discipline-based, "
        f"{decl.ap} AP. Firing follows next round.",
        "RMU-RF-2",
    )
    parts = [
        Modifier(
            value=decl.rapid_fire_bonus,
            label=f"{decl.shooter}'s Rapid Fire bonus (Self Discipline-based)",
            rule="RMU-RF-3",
        ),
        difficulty_modifier(rf.prep_difficulty),
        *haste,
        *decl.extra,
    ]
    rolled = roll_percentage_maneuver(
        purpose="Rapid Fire preparation", parts=parts, dice=dice, trace=tb
    )
    reading = rolled.reading
    events: list[Event] = [ActionPointsSpent(actor=decl.shooter, ap=decl.ap)]
    prepared = partial(
        PreparationResult,
        weapon=weapon.key,
        rate_class=rate.name,
        maneuver_total=reading.total,
        maneuver_result=reading.result,
        ap_spent=decl.ap,
    )
    if reading.critical is not None:
        tb.step(
            f"A critical result ({reading.critical.value}): the gun malfunctions. No bullets "
            "leave; roll the Firearm Fumble table, Full Automatics column, pushed by the "
            "severity.",
            "RMU-RF-13",
        )
        bad = resolve_malfunction(
            weapon=weapon,
            ammo=decl.ammo,
            ally=decl.ally,
            shooter=decl.shooter,
            severity=reading.critical,
            column=rf.malfunction_column,
            push_per_step=rf.malfunction_push_per_step,
            dice=dice,
            data=data,
            trace=tb,
            rule="RMU-RF-13",
        )
        events += (bad.event, *bad.ally_events)
        result = prepared(result="malfunction", malfunction=bad.rolled, toward_ally=bad.toward_ally)
    elif reading.fail_to_act:
        tb.step(
            "Fail to act: the preparation is wasted. No firing round follows and nothing is "
            "spent; the shooter may prepare again.",
            "F-3",
        )
        events.append(PreparationWasted(actor=decl.shooter, weapon=weapon.key))
        result = prepared(result="wasted")
    else:
        percent = reading.percent or 0
        share = min(percent, rf.share_cap_percent)
        bullets = min(rate.rate, rounds_left)
        ladder = bullet_bonus(bullets, fig)
        carried = carried_bonus(bullets, share, fig)
        capped = " (capped: the share is of the fire sent)" if percent > share else ""
        tb.step(
            f"{percent}%{capped}: {share}% of the bullet bonus is carried into next round's "
            f"attack; {counted(bullets, 'bullet')} would carry {carried} of +{ladder}.",
            "RMU-RF-4",
        )
        events.append(
            RapidFirePrepared(
                actor=decl.shooter, weapon=weapon.key, percent=percent, share_percent=share
            )
        )
        result = prepared(
            result="prepared",
            percent=percent,
            share_percent=share,
            bullets_next_round=bullets,
            carried_bonus=carried,
        )
    return Outcome(events=tuple(events), trace=tb.build(), result=result)


# --- the firing round ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RapidFire:
    """A firing round (RMU-RF-5, RMU-RF-6, RMU-RF-10..12, F-6).

    ``share_percent`` is what the preparation earned (capped at 100). ``position`` is the
    muzzle; ``target`` the man aimed at; ``others`` everyone else on the scene (the resolver
    works out who is in the cone and who shields whom); ``dead`` the bodies of the dead on the
    scene, which shield those behind them but are never rolled for (RMU-RF-11, DEC-695).
    ``continuing`` marks a belt-fed gun's
    further round on the same preparation. ``strength_bonus`` and ``naked_column`` are the
    shooter's, for the recoil of a tripod gun fired unbraced (RMU-TRI-2).
    """

    weapon: str
    ob: int
    share_percent: int
    position: Point
    target: Person
    others: tuple[Person, ...] = ()
    dead: tuple[Body, ...] = ()
    rounds_left: int | None = None
    continuing: bool = False
    ap_available: int = 4
    ammo: str = "ball"
    mounted: bool = False
    gun: GunState = field(default_factory=GunState)
    strength_bonus: int = 0
    naked_column: str = "AT 1"
    # A Kindred shooter's V-1 steps and V-2 fate, for the recoil's critical on them (DEC-852).
    severity_steps: int = 0
    shooter_kindred: bool = False
    shooter_armor: str | None = None
    situational: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()
    shooter: str = "shooter"


def _validate_firing(decl: RapidFire, weapon: Weapon, rate: RateClass, data: RmuData) -> int:
    """Refuse a firing round the rules refuse; return the rounds in the gun."""
    fig = firearm_figures().rapid_fire
    rounds_left = weapon.magazine if decl.rounds_left is None else decl.rounds_left
    if not 0 <= decl.share_percent <= fig.share_cap_percent:
        raise RuleRefusal(
            "RMU-RF-4",
            f"The share carried is 0 to {fig.share_cap_percent}%; {decl.share_percent}% was given.",
        )
    if decl.continuing:
        if rate.name != "belt-fed":
            raise RuleRefusal(
                "RMU-RF-6",
                f"Only a belt-fed gun keeps firing on one preparation; the {weapon.name} must "
                "prepare again.",
            )
        check_can_empty(weapon, rounds_left, decl.gun, 1)
    else:
        check_can_empty(weapon, rounds_left, decl.gun, fig.minimum_rounds)
    if decl.ap_available < fig.firing_ap:
        raise RuleRefusal(
            "F-6",
            f"The firing round takes the whole round, {fig.firing_ap} AP; only "
            f"{decl.ap_available} AP are left.",
        )
    check_people((decl.target, *decl.others), data, "RMU-RF-10")
    check_situational(decl.situational, data.rules)
    data.ammunition(decl.ammo)
    if decl.shooter_armor:
        data.armor_class(decl.shooter_armor)
    return rounds_left


@dataclass(frozen=True, slots=True, kw_only=True)
class ConeTarget:
    """Someone the burst catches, worked out before the dice: what the trace tells of them
    before their roll, the terms on their attack (``head`` before the shooter's own, which
    only the aimed man's carries, and ``tail`` after) and what it will meet (``aim``; None
    when the burst does not reach them)."""

    name: str
    aimed: bool
    told: Trace
    head: tuple[Modifier, ...] = ()
    tail: tuple[Modifier, ...] = ()
    aim: PersonAim | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FiringRound:
    """A firing round worked out up to its first die (:func:`aim_rapid_fire`): everything the
    dice cannot change, so the odds of a burst work it out once for all their rolls.
    ``shooter_terms`` are the shooter's own terms on the aimed man's attack, after any the
    recoil of an unbraced tripod gun adds."""

    decl: RapidFire
    weapon: Weapon
    ammo: Ammunition
    rate: RateClass
    rounds_left: int
    bullets: int
    ladder: int
    carried: int
    told: Trace
    shooter_terms: tuple[Modifier, ...]
    targets: tuple[ConeTarget, ...]


def aim_rapid_fire(decl: RapidFire, data: RmuData) -> FiringRound:
    """A firing round up to its first die (RMU-RF-5..12, F-1, F-2, F-6): refuses what the rules
    refuse; works out who is in the cone, the bullet bonus carried, and each person's range,
    cover, column and defense, telling them as :func:`resolve_rapid_fire` does."""
    fig = firearm_figures()
    weapon = data.weapon(decl.weapon)
    ammo = data.ammunition(decl.ammo)
    rate = rate_class(weapon, fig)
    rounds_left = _validate_firing(decl, weapon, rate, data)
    aimed_band = range_band(weapon, distance_ft(decl.position, decl.target.position), data.rules)
    cone = burst_cone(decl.position, decl.target.position)
    caught = catch(decl.position, cone, decl.others, aimed=decl.target, dead=decl.dead)

    bullets = min(rate.rate, rounds_left)
    ladder = bullet_bonus(bullets, fig)
    carried = carried_bonus(bullets, decl.share_percent, fig)
    tb = TraceBuilder()
    tb.step(
        f"{decl.shooter} empties the {weapon.name} ({rate.name}, {rate.rate} a round) at "
        f"{decl.target.name}: {counted(bullets, 'bullet')} of {rounds_left}, one attack roll"
        + (", a belt-fed gun firing on" if decl.continuing else "")
        + f". The round takes all {fig.rapid_fire.firing_ap} AP.",
        "RMU-RF-6" if decl.continuing else "RMU-RF-5",
    )
    tb.step(
        f"Bullet ladder: {counted(bullets, 'bullet')} worth +{ladder}; "
        f"{decl.share_percent}% of it, rounded half up, is +{carried}.",
        "F-1",
    )
    volume = [
        Modifier(
            value=carried,
            label=f"{counted(bullets, 'bullet')}: {decl.share_percent}% of +{ladder}",
            rule="RMU-RF-4",
        )
    ]
    if decl.gun.half_effect and carried:
        volume.append(
            Modifier(
                value=-(carried - round_half_up(Fraction(carried, 2))),
                label="malfunction: bursts at half effect until cleared",
                rule="RMU-RF-13",
            )
        )
    shooter_armor = data.armor_class(decl.shooter_armor) if decl.shooter_armor else None
    shooter_terms = [*shooter_armor_terms(shooter_armor)]
    shooter_terms.extend(
        Modifier(value=data.rules.situational[n], label=n.replace("-", " "), rule="R-1")
        for n in decl.situational
    )
    shooter_terms.extend(decl.extra)

    targets: list[ConeTarget] = []
    for index, who in enumerate(caught):
        person = who.person
        aimed = index == 0
        told = TraceBuilder()
        if aimed:
            band = aimed_band
            told.step(
                f"The aimed man, {person.name}, {who.distance_ft:.1f} ft out: {band.label}.",
                "RMU-GEN-4",
            )
        else:
            try:
                band = range_band(weapon, who.distance_ft, data.rules, allow_point_blank=False)
            except RuleRefusal:
                told.step(
                    f"{person.name} is in the cone but past the {weapon.name}'s last band: "
                    "the burst does not reach them.",
                    "RMU-GEN-4",
                )
                targets.append(ConeTarget(name=person.name, aimed=False, told=told.build()))
                continue
            told.step(
                f"{person.name} is in the 5° cone, {who.distance_ft:.1f} ft out ({band.label}): "
                "their own roll at OB +0 with the same bullet bonus, no fumble.",
                "RMU-RF-10",
            )
        head: list[Modifier] = []
        if aimed:
            head.append(Modifier(value=decl.ob, label=f"{decl.shooter}'s OB"))
        else:
            head.append(
                Modifier(value=0, label="OB +0: none of the shooter's skill", rule="RMU-RF-10")
            )
        head.extend(volume)
        if aimed and rate.modifier:
            head.append(
                Modifier(
                    value=rate.modifier,
                    label=f"{rate.name}: hard to hold on one man",
                    rule="RMU-RF-9",
                )
            )
        head.extend(range_terms(band, weapon, mounted=decl.mounted, figures=fig))
        head.extend(hunting_terms(weapon, person.size, data))
        cover = choose_cover(
            caught=who,
            weapon=weapon,
            ammo=ammo,
            data=data,
            trace=told,
            barrier=person.cover,
            barrier_share_percent=person.cover_share_percent,
        )
        aim = aim_at_person(
            caught=who, weapon=weapon, ammo=ammo, cover=cover, burst=True, data=data, trace=told
        )
        targets.append(
            ConeTarget(
                name=person.name,
                aimed=aimed,
                told=told.build(),
                head=tuple(head),
                tail=tuple(situational_terms(person.name, person.situational, data)),
                aim=aim,
            )
        )
    return FiringRound(
        decl=decl,
        weapon=weapon,
        ammo=ammo,
        rate=rate,
        rounds_left=rounds_left,
        bullets=bullets,
        ladder=ladder,
        carried=carried,
        told=tb.build(),
        shooter_terms=tuple(shooter_terms),
        targets=tuple(targets),
    )


def fire_rapid_fire(aimed: FiringRound, dice: Dice, data: RmuData) -> Outcome[RapidFireResult]:
    """Roll a firing round worked out by :func:`aim_rapid_fire`: the recoil of an unbraced
    tripod gun, then each person's attack in turn (RMU-RF-10, RMU-TRI-1/2)."""
    fig = firearm_figures()
    decl, weapon, bullets = aimed.decl, aimed.weapon, aimed.bullets
    tb = TraceBuilder()
    tb.extend(aimed.told)
    events: list[Event] = [
        ActionPointsSpent(actor=decl.shooter, ap=fig.rapid_fire.firing_ap),
        RoundsFired(actor=decl.shooter, weapon=weapon.key, rounds=bullets),
    ]
    toll = tripod_toll(decl, weapon, dice=dice, data=data, trace=tb)
    events.extend(toll.events)
    shooter_side = (*toll.modifiers, *aimed.shooter_terms)

    results: list[BurstTarget | ConeOutOfReach] = []
    for target in aimed.targets:
        tb.extend(target.told)
        if target.aim is None:
            results.append(ConeOutOfReach(name=target.name))
            continue
        hit = roll_at_person(
            shooter=decl.shooter,
            aim=target.aim,
            weapon=weapon,
            attack=[*target.head, *(shooter_side if target.aimed else ()), *target.tail],
            dice=dice,
            data=data,
            trace=tb,
        )
        events.extend(hit.events)
        results.append(BurstTarget(role="aimed" if target.aimed else "cone", person=hit.attacked))

    left_after = aimed.rounds_left - bullets
    belt = aimed.rate.name == "belt-fed" and left_after > 0
    if belt:
        tb.step(
            f"The belt has {counted(left_after, 'round')} left: the gun may fire again next "
            f"round at the same {decl.share_percent}% with no new preparation.",
            "RMU-RF-6",
        )
    events.append(
        RapidFireFired(
            actor=decl.shooter,
            weapon=weapon.key,
            bullets=bullets,
            share_percent=decl.share_percent,
            rounds_left=left_after,
            belt_continues=belt,
        )
    )
    fired = RapidFireResult(
        weapon=weapon.key,
        ammo=aimed.ammo.key,
        rate_class=aimed.rate.name,
        bullets=bullets,
        bullet_bonus=aimed.ladder,
        share_percent=decl.share_percent,
        carried_bonus=aimed.carried,
        rounds_left=left_after,
        belt_continues=belt,
        ap_spent=fig.rapid_fire.firing_ap,
        targets=tuple(results),
        recoil=toll.report,
    )
    return Outcome(events=tuple(events), trace=tb.build(), result=fired)


def resolve_rapid_fire(decl: RapidFire, dice: Dice, data: RmuData) -> Outcome[RapidFireResult]:
    """Resolve one firing round (RMU-RF-5..12, RMU-TRI-1/2, F-1, F-2, F-6): worked out up to
    its first die (:func:`aim_rapid_fire`), then rolled (:func:`fire_rapid_fire`).

    Dice, in order: the recoil attack (and its critical) for an unbraced tripod gun; then the
    aimed man's attack roll, critical and breakage check; then the same for each other person
    in the cone, nearest the muzzle first.
    """
    return fire_rapid_fire(aim_rapid_fire(decl, data), dice, data)
