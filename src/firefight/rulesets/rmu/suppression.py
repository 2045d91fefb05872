"""Suppression fire: hosing a stretch of ground (RMU-SUP-1..10, RMU-SK-1, RULINGS F-5, F-7).

The shooter names the ground: how far out and how wide (RMU-SUP-1). The sweep is the sector
from the muzzle whose chord at that distance is that width (S-2). It spends 5 rounds plus any
extras committed for volume, never more than the class rate in one round across every sweep
(RMU-SUP-2), and 2-4 AP with the haste Rapid Fire offsets, so a round holds two sweeps at most
(RMU-SUP-3). Distance is read on the weapon's own ladder; nothing within the point-blank reach,
boundary included: 10 ft, 20 ft for a rifle or longer (RMU-SUP-4, F-8).
Every weapon sweeps half its short range across for free, capped at half the distance; each
quarter of that free width, or part of one, added past it is -10 (RMU-SUP-5, F-7).

The Fire Discipline maneuver (Agility-based, Medium) decides the volume bonus: its percentage,
capped at 100, of the bullet ladder for the rounds spent (F-5). The bullets fly whatever the
result: a fail-to-act flies with no volume bonus; only a critical result (a malfunction on the
gun's own fumble column) stops the sweep.

Everyone with any part in the sector then chooses to dive or stand and faces their own attack
at OB +0: the volume bonus, the range band of their own distance, -20 if short of the
declared distance, and their defense as against any gunfire (RMU-SUP-6..10).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Literal

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.geometry import Body, Point, sweep_cone
from firefight.outcome import Outcome
from firefight.rulesets.rmu.bodies import Ally
from firefight.rulesets.rmu.catalog import Ammunition, RmuData, Weapon
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.fire_results import DiveDash, SweepResult, SweptPerson
from firefight.rulesets.rmu.firearm_data import (
    FirearmFigures,
    bullet_bonus,
    firearm_figures,
    rate_class,
    round_half_up,
)
from firefight.rulesets.rmu.firearm_events import (
    ApForfeited,
    ApLimitedNextRound,
    SuppressionSwept,
)
from firefight.rulesets.rmu.fumble import fumble_column
from firefight.rulesets.rmu.maneuvers import (
    difficulty_modifier,
    haste_modifiers,
    roll_percentage_maneuver,
)
from firefight.rulesets.rmu.moving_cover import roll_dash
from firefight.rulesets.rmu.person_terms import (
    hunting_terms,
    range_terms,
    shooter_armor_terms,
    situational_terms,
)
from firefight.rulesets.rmu.ranges import point_blank_reach_ft, range_band
from firefight.rulesets.rmu.rapid_fire import GunState
from firefight.rulesets.rmu.shot import resolve_malfunction
from firefight.rulesets.rmu.tripod import tripod_toll
from firefight.rulesets.rmu.volley import (
    Caught,
    Person,
    attack_person,
    catch,
    check_people,
    choose_cover,
)
from firefight.trace import Modifier, Trace, TraceBuilder
from firefight.wording import counted

__all__ = [
    "AimedSweep",
    "SuppressionSweep",
    "SweepTarget",
    "SweptTarget",
    "aim_suppression_sweep",
    "check_sweeps_left",
    "fire_suppression_sweep",
    "free_width_ft",
    "resolve_suppression_sweep",
    "width_penalty",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class SweepTarget(Person):
    """A person in the ground and what they do when the sweep comes (RMU-SUP-6, -9, -10).

    ``cover`` is the barrier they have: ``cover_in_reach`` True if they stand at it (a diver
    drops behind it, a stander ducks behind it), False if it must be reached (a diver dashes
    for it with ``move_bonus``; a stander stays in the open).
    """

    response: Literal["stand", "dive"] = "stand"
    cover_in_reach: bool = True
    move_bonus: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SuppressionSweep:
    """One sweep (RMU-SUP-1..3). ``bearing_deg`` points down the middle of the ground (compass:
    0 = +y, 90 = +x). ``rounds_this_round`` and ``sweeps_this_round`` are what this gun and this
    shooter already spent this round; the encounter keeps them. ``rounds_left`` None: full.
    ``dead`` are the bodies of the dead on the scene: they shield those behind them but are
    never rolled for (RMU-SUP-7, DEC-695)."""

    weapon: str
    fire_discipline_bonus: int
    position: Point
    bearing_deg: float
    distance_ft: float
    width_ft: float
    people: tuple[SweepTarget, ...] = ()
    dead: tuple[Body, ...] = ()
    rapid_fire_bonus: int = 0
    extra_rounds: int = 0
    ap: int = 4
    ap_available: int = 4
    rounds_left: int | None = None
    rounds_this_round: int = 0
    sweeps_this_round: int = 0
    ammo: str = "ball"
    mounted: bool = False
    gun: GunState = field(default_factory=GunState)
    strength_bonus: int = 0
    naked_column: str = "AT 1"
    # A Kindred shooter's V-1 steps and V-2 fate, for the recoil's critical on them (DEC-852).
    severity_steps: int = 0
    shooter_kindred: bool = False
    # The BA class the shooter wears: its missile penalty is on the sweep's maneuver (DEC-104).
    shooter_armor: str | None = None
    extra: tuple[Modifier, ...] = ()
    shooter: str = "shooter"
    # Where a malfunction's 66 sends a round (DEC-105).
    ally: Ally | None = None


def free_width_ft(
    weapon: Weapon, distance_ft: float, figures: FirearmFigures | None = None
) -> Fraction:
    """RMU-SUP-5: half the short range, capped at half the declared distance.

    >>> from firefight.rulesets.rmu.catalog import RmuData
    >>> data = RmuData()
    >>> guns = ("glock-17", "zastava-m85-stock", "sks-46")
    >>> [float(free_width_ft(data.weapon(k), 500)) for k in guns]
    [15.0, 25.0, 100.0]
    >>> float(free_width_ft(data.weapon("sks-46"), 30))
    15.0
    """
    sup = (figures or firearm_figures()).suppression
    return min(
        Fraction(weapon.short_range_ft) * sup.free_width_share,
        Fraction(distance_ft) * sup.free_width_cap_share,
    )


def width_penalty(width_ft: float, free_ft: Fraction, figures: FirearmFigures | None = None) -> int:
    """F-7: -10 for each quarter of the free width, or part of one, past it.

    >>> [width_penalty(w, Fraction(60)) for w in (60, 61, 75, 76, 90, 120)]
    [0, -10, -10, -20, -20, -40]
    """
    sup = (figures or firearm_figures()).suppression
    beyond = Fraction(width_ft) - free_ft
    if beyond <= 0:
        return 0
    return sup.quarter_penalty * math.ceil(beyond * 4 / free_ft)


def check_sweeps_left(shooter: str, done: int, most: int) -> None:
    """RMU-SUP-3: a round holds at most ``most`` sweeps; ``shooter`` has made ``done``."""
    if done >= most:
        raise RuleRefusal(
            "RMU-SUP-3",
            f"A round holds at most {most} sweeps; {shooter} has already swept {done} times "
            "this round.",
        )


def _validate(decl: SuppressionSweep, weapon: Weapon, data: RmuData) -> tuple[int, int]:
    """Refuse what the rules refuse, before any die; return (rounds in the gun, rounds spent)."""
    if decl.shooter_armor:
        data.armor_class(decl.shooter_armor)  # an unknown class is refused like the rest
    fig = firearm_figures()
    sup = fig.suppression
    decl.gun.check_not_jammed(weapon.name)
    check_sweeps_left(decl.shooter, decl.sweeps_this_round, sup.sweeps_per_round)
    if decl.ap > decl.ap_available:
        raise RuleRefusal(
            "RMU-GEN-1", f"The sweep takes {decl.ap} AP but only {decl.ap_available} AP are left."
        )
    reach = point_blank_reach_ft(weapon, data.rules)
    if decl.distance_ft <= reach:
        # F-8: the same reach and boundary as an aimed shot's point blank (RMU-PB-1).
        raise RuleRefusal(
            "RMU-SUP-4",
            f"There is no suppressing within {reach} ft, the {weapon.name}'s point-blank reach: "
            f"at {decl.distance_ft:g} ft you are shooting someone, not making ground dangerous.",
        )
    if decl.width_ft <= 0:
        raise RuleRefusal("RMU-SUP-1", f"A sweep must be some width; {decl.width_ft:g} ft is not.")
    if decl.extra_rounds < 0:
        raise RuleRefusal("RMU-SUP-2", f"Extra rounds cannot be {decl.extra_rounds}.")
    rounds_left = weapon.magazine if decl.rounds_left is None else decl.rounds_left
    spend = sup.base_rounds + decl.extra_rounds
    if rounds_left < sup.base_rounds:
        raise RuleRefusal(
            "RMU-SUP-2",
            f"The {weapon.name} has {counted(rounds_left, 'round')} left; a sweep needs at least "
            f"{sup.base_rounds}.",
        )
    if spend > rounds_left:
        raise RuleRefusal(
            "RMU-SUP-2",
            f"The sweep would spend {spend} rounds but the {weapon.name} has {rounds_left}.",
        )
    rate = rate_class(weapon, fig)
    if decl.rounds_this_round + spend > rate.rate:
        raise RuleRefusal(
            "RMU-SUP-2",
            f"The {weapon.name} fires at most {rate.rate} rounds a round ({rate.name}); "
            f"{decl.rounds_this_round} already this round and {spend} more would exceed it.",
        )
    check_people(decl.people, data, "RMU-SUP-6")
    data.ammunition(decl.ammo)
    return rounds_left, spend


def _response(
    target: SweepTarget, dice: Dice, data: RmuData, tb: TraceBuilder
) -> tuple[list[Event], DiveDash | None, int, str]:
    """Dive or stand (RMU-SUP-9, RMU-SUP-10): the AP it costs, and how the cover counts.

    Returns the events, the dash to cover a dive needed, the share of the barrier that counts
    this round (0 when they are not behind it) and a note for its label.
    """
    sup = firearm_figures().suppression
    name = target.name
    events: list[Event] = []
    if target.response == "dive":
        events += [
            ApForfeited(actor=name, rule="RMU-SUP-9"),
            ApLimitedNextRound(actor=name, ap=sup.dive_ap_next_round, rule="RMU-SUP-9"),
        ]
        if target.cover is None:
            tb.step(
                f"{name} dives with no cover to reach: nothing to count double. The rest of "
                f"this round's AP are lost and next round has {sup.dive_ap_next_round}.",
                "RMU-SUP-9",
            )
            return events, None, 100, ""
        if target.cover_in_reach:
            tb.step(
                f"{name} dives behind the cover at hand: it counts double. The rest of this "
                f"round's AP are lost and next round has {sup.dive_ap_next_round}.",
                "RMU-SUP-9",
            )
            return events, None, 100, f"doubled: {name} dived behind it"
        tb.step(
            f"{name} dives for cover that must be reached: a moving maneuver at the sweep's "
            "difficulty, its percentage scaling the doubled protection.",
            "RMU-SUP-9",
        )
        dash = roll_dash(
            mover=name,
            bonus=target.move_bonus,
            fire="suppressed",
            extra=(),
            dice=dice,
            trace=tb,
            data=data,
            armor=target.armor,
            armor_damage=target.armor_damage,
            armor_quality=target.armor_quality,
            armor_trained=target.defender.armor_trained,
        )
        events.extend(dash.events)
        reading = dash.maneuver.reading
        share = reading.share_percent
        dashed = DiveDash(
            dash_total=reading.total, dash_result=reading.result, dash_share_percent=share
        )
        if share == 0:
            tb.step(f"{name} does not get behind it: in the open this round.", "RMU-MOV-2")
        return events, dashed, share, f"doubled, {share}% reached this round"
    if target.cover is not None and target.cover_in_reach:
        events.append(ApLimitedNextRound(actor=name, ap=sup.duck_ap_next_round, rule="RMU-SUP-10"))
        tb.step(
            f"{name} stands behind the cover already held: it counts at its normal value, and "
            f"ducking under the hail leaves {sup.duck_ap_next_round} AP next round.",
            "RMU-SUP-10",
        )
        share = target.cover_share_percent
        if share < 100:
            # Held since a dash this very round: only the share that dash reached (RMU-MOV-2).
            tb.step(f"{name} reached it this round: {share}% of it counts.", "RMU-MOV-2")
            return events, None, share, ""
        return events, None, 100, ""
    if target.cover is not None:
        tb.step(f"{name} stands and does not go for the cover: in the open.", "RMU-SUP-10")
        return events, None, 0, ""
    tb.step(f"{name} stands in the open and pays nothing further.", "RMU-SUP-10")
    return events, None, 100, ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SweptTarget:
    """Someone in the swept ground, worked out before the dice: what the trace tells of them
    first, whether they stand short of the declared distance, and the terms on their attack
    after the OB +0 and the volume (range band, short, size, situation)."""

    caught: Caught
    target: SweepTarget
    told: Trace
    short: bool
    terms: tuple[Modifier, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AimedSweep:
    """A sweep worked out up to its first die (:func:`aim_suppression_sweep`): everything the
    dice cannot change, so its odds work it out once for all their rolls. The Fire Discipline
    maneuver's terms are ``head``, then any the recoil of an unbraced tripod gun adds, then
    ``tail``."""

    decl: SuppressionSweep
    weapon: Weapon
    ammo: Ammunition
    rounds_left: int
    spend: int
    free: Fraction
    penalty: int
    told: Trace
    head: tuple[Modifier, ...]
    tail: tuple[Modifier, ...]
    targets: tuple[SweptTarget, ...]


def aim_suppression_sweep(decl: SuppressionSweep, data: RmuData) -> AimedSweep:
    """A sweep up to its first die (RMU-SUP-1..6, F-7): refuses what the rules refuse; works
    out the ground, its free width and who is in it, telling them as
    :func:`resolve_suppression_sweep` does."""
    fig = firearm_figures()
    sup = fig.suppression
    weapon = data.weapon(decl.weapon)
    ammo = data.ammunition(decl.ammo)
    rounds_left, spend = _validate(decl, weapon, data)
    haste = haste_modifiers(
        ap=decl.ap,
        ap_range=sup.ap,
        per_ap=data.rules.haste_per_ap,
        action="A suppression sweep",
        rule="RMU-SUP-3",
        offset_bonus=decl.rapid_fire_bonus,
        offset_skill="Rapid Fire",
    )
    ground_band = range_band(weapon, decl.distance_ft, data.rules, allow_point_blank=False)
    cone = sweep_cone(decl.position, decl.bearing_deg, decl.distance_ft, decl.width_ft)
    caught = catch(decl.position, cone, decl.people, dead=decl.dead)
    by_name = {p.name: p for p in decl.people}

    tb = TraceBuilder()
    tb.step(
        f"{decl.shooter} sweeps the ground {decl.distance_ft:g} ft out, {decl.width_ft:g} ft "
        f"across, with the {weapon.name} ({ground_band.label}): {spend} rounds "
        f"({sup.base_rounds} + {decl.extra_rounds} extra), {decl.ap} AP, sweep "
        f"{decl.sweeps_this_round + 1} of at most {sup.sweeps_per_round} this round.",
        "RMU-SUP-1",
    )
    free = free_width_ft(weapon, decl.distance_ft, fig)
    penalty = width_penalty(decl.width_ft, free, fig)
    tb.step(
        f"Free width: half the short range ({weapon.short_range_ft} ft), capped at half the "
        f"distance: {float(free):g} ft."
        + (f" {decl.width_ft:g} ft goes past it: {penalty}." if penalty else ""),
        "RMU-SUP-5",
    )
    head = [
        Modifier(
            value=decl.fire_discipline_bonus,
            label=f"{decl.shooter}'s Fire Discipline bonus (Agility-based)",
            rule="RMU-SUP-1",
        ),
        difficulty_modifier(sup.maneuver_difficulty),
        *haste,
    ]
    if penalty:
        head.append(
            Modifier(
                value=penalty,
                label=f"width {decl.width_ft:g} ft past the free {float(free):g} ft",
                rule="F-7",
            )
        )
    # The sweep's attacks carry none of the shooter's skill (OB +0); the skill is the Fire
    # Discipline maneuver, so the armor that hampers the shooter weighs on it (DEC-104).
    shooter_armor = data.armor_class(decl.shooter_armor) if decl.shooter_armor else None
    tail = [*shooter_armor_terms(shooter_armor), *decl.extra]

    targets: list[SweptTarget] = []
    for who in caught:
        target = by_name[who.person.name]
        # One whose body reaches in from past the declared distance is caught at it (DEC-698).
        band = range_band(
            weapon, min(who.distance_ft, decl.distance_ft), data.rules, allow_point_blank=False
        )
        short = who.distance_ft + target.body().radius_ft < decl.distance_ft
        told = TraceBuilder()
        told.step(
            f"{target.name} is in the swept ground, {who.distance_ft:.1f} ft out"
            + (", short of the declared distance" if short else ", at the declared distance")
            + ": first dive or stand, then their own attack at OB +0.",
            "RMU-SUP-6",
        )
        terms = [*range_terms(band, weapon, mounted=decl.mounted, figures=fig)]
        if short:
            terms.append(
                Modifier(
                    value=sup.short_of_distance,
                    label="short of the declared distance: caught only incidentally",
                    rule="RMU-SUP-6",
                )
            )
        terms.extend(hunting_terms(weapon, target.size, data))
        terms.extend(situational_terms(target.name, target.situational, data))
        targets.append(
            SweptTarget(
                caught=who, target=target, told=told.build(), short=short, terms=tuple(terms)
            )
        )
    return AimedSweep(
        decl=decl,
        weapon=weapon,
        ammo=ammo,
        rounds_left=rounds_left,
        spend=spend,
        free=free,
        penalty=penalty,
        told=tb.build(),
        head=tuple(head),
        tail=tuple(tail),
        targets=tuple(targets),
    )


def fire_suppression_sweep(aimed: AimedSweep, dice: Dice, data: RmuData) -> Outcome[SweepResult]:
    """Roll a sweep worked out by :func:`aim_suppression_sweep` (RMU-SUP-6..10, RMU-TRI-1/2,
    F-5): the recoil of an unbraced tripod gun, the Fire Discipline maneuver, then each
    person's dive or stand and attack in turn."""
    fig = firearm_figures()
    sup = fig.suppression
    decl, weapon, ammo, spend = aimed.decl, aimed.weapon, aimed.ammo, aimed.spend
    tb = TraceBuilder()
    tb.extend(aimed.told)
    events: list[Event] = [ActionPointsSpent(actor=decl.shooter, ap=decl.ap)]
    toll = tripod_toll(decl, weapon, dice=dice, data=data, trace=tb)
    events.extend(toll.events)
    rolled = roll_percentage_maneuver(
        purpose="Fire Discipline sweep",
        parts=[*aimed.head, *toll.modifiers, *aimed.tail],
        dice=dice,
        trace=tb,
    )
    reading = rolled.reading
    sweep = partial(
        SweepResult,
        weapon=weapon.key,
        ammo=ammo.key,
        distance_ft=decl.distance_ft,
        width_ft=decl.width_ft,
        free_width_ft=float(aimed.free),
        width_penalty=aimed.penalty,
        maneuver_total=reading.total,
        maneuver_result=reading.result,
        ap_spent=decl.ap,
        sweep_number=decl.sweeps_this_round + 1,
        recoil=toll.report,
    )

    def swept(rounds: int, volume: int) -> SuppressionSwept:
        return SuppressionSwept(
            actor=decl.shooter,
            weapon=weapon.key,
            rounds=rounds,
            distance_ft=decl.distance_ft,
            width_ft=decl.width_ft,
            bearing_deg=decl.bearing_deg,
            volume_bonus=volume,
            sweep_number=decl.sweeps_this_round + 1,
        )

    if reading.critical is not None:
        column = fumble_column(weapon)
        tb.step(
            f"A critical result ({reading.critical.value}): the gun malfunctions on its own "
            f"column ({column}) and no sweep flies.",
            "F-5",
        )
        bad = resolve_malfunction(
            weapon=weapon,
            ammo=ammo,
            ally=decl.ally,
            shooter=decl.shooter,
            severity=reading.critical,
            column=column,
            push_per_step=fig.rapid_fire.malfunction_push_per_step,
            dice=dice,
            data=data,
            trace=tb,
            rule="F-5",
        )
        events += (bad.event, swept(0, 0), *bad.ally_events)
        jammed = sweep(
            result="malfunction",
            malfunction=bad.rolled,
            toward_ally=bad.toward_ally,
            rounds=0,
            volume_bonus=0,
            targets=(),
        )
        return Outcome(events=tuple(events), trace=tb.build(), result=jammed)

    ladder = bullet_bonus(spend, fig)
    if reading.fail_to_act:
        volume = 0
        tb.step("Fail to act: the bullets still fly, with no volume bonus.", "F-5")
    else:
        share = reading.share_percent
        volume = round_half_up(Fraction(share * ladder, 100))
        tb.step(
            f"{share}% of the +{ladder} that {spend} rounds are worth: every target's attack "
            f"carries +{volume}.",
            "F-5",
        )
    events += [
        RoundsFired(actor=decl.shooter, weapon=weapon.key, rounds=spend),
        swept(spend, volume),
    ]

    results: list[SweptPerson] = []
    for person in aimed.targets:
        target = person.target
        tb.extend(person.told)
        reply_events, reply, share, note = _response(target, dice, data, tb)
        events.extend(reply_events)
        diving = target.response == "dive"
        barrier = target.cover if (target.cover_in_reach or diving) and share else None
        cover = choose_cover(
            caught=person.caught,
            weapon=weapon,
            ammo=ammo,
            data=data,
            trace=tb,
            barrier=barrier,
            barrier_multiplier=sup.dive_cover_multiplier if diving else 1,
            barrier_share_percent=share,
            barrier_note=note,
            barrier_rule="RMU-SUP-9" if diving else None,
        )
        attack = [
            Modifier(value=0, label="OB +0: none of the shooter's skill", rule="RMU-SUP-6"),
        ]
        if volume:
            attack.append(Modifier(value=volume, label="volume of the sweep", rule="F-5"))
        attack.extend(person.terms)
        hit = attack_person(
            shooter=decl.shooter,
            caught=person.caught,
            weapon=weapon,
            ammo=ammo,
            attack=attack,
            cover=cover,
            burst=False,
            dice=dice,
            data=data,
            trace=tb,
        )
        events.extend(hit.events)
        results.append(
            SweptPerson(
                response=target.response, dash=reply, short=person.short, person=hit.attacked
            )
        )

    swept_ground = sweep(
        result="swept",
        rounds=spend,
        rounds_left=aimed.rounds_left - spend,
        bullet_bonus=ladder,
        volume_bonus=volume,
        targets=tuple(results),
    )
    return Outcome(events=tuple(events), trace=tb.build(), result=swept_ground)


def resolve_suppression_sweep(
    decl: SuppressionSweep, dice: Dice, data: RmuData
) -> Outcome[SweepResult]:
    """Resolve one sweep (RMU-SUP-1..10, RMU-SK-1, RMU-TRI-1/2, F-5, F-7): worked out up to its
    first die (:func:`aim_suppression_sweep`), then rolled (:func:`fire_suppression_sweep`).

    Dice, in order: the recoil attack (and critical) for an unbraced tripod gun; the Fire
    Discipline maneuver; on a critical result the fumble d100 and nothing more. Otherwise, for
    each person caught, nearest the muzzle first: a dash maneuver if they dive for cover that
    must be reached, then their attack roll, critical and breakage check.
    """
    return fire_suppression_sweep(aim_suppression_sweep(decl, data), dice, data)
