"""The people a burst cone or a suppression sweep catches, and the attack each of them faces.

Both actions share the same reading (RMU-RF-10..12, RMU-SUP-6..8, RULINGS S-2, S-3, P-2):

- who is caught: anyone with any part of their body inside the cone (S-2);
- who shields whom: the bodies standing between the muzzle and a person (S-3) are hard cover
  for them on the gun's column, graded by how much they hide, one grade up for two or more
  (RMU-RF-11, P-2), by the aimed shot's own reading
  (:func:`~firefight.rulesets.rmu.bodies.screen_bodies`); the front rank has none; the
  shielders are not rolled a second time as cover, since each of them already faces their own
  roll (RMU-RF-12); the dead lying in the way screen as any body does but are never rolled for
  (DEC-695);
- cover does not stack: a person behind a barrier and behind bodies counts whichever gives
  more (as the aimed shot does, RMU-COV-5);
- each person's attack is rolled separately, cannot fumble (RMU-RF-12), is defended like any
  gunfire (RMU-DOD-1, RMU-SUP-8), and from the attack table on is the aimed shot's own
  pipeline (:func:`~firefight.rulesets.rmu.strike.resolve_strike`).

A burst reads its criticals on Ballistic Shrapnel (RMU-RF-8): the covered clause where armor
covers the location, the bare clause elsewhere.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event
from firefight.geometry import (
    Body,
    Cone,
    CoverGrade,
    Point,
    Posture,
    Size,
    body_in_cone,
    distance_ft,
    order_along,
)
from firefight.rulesets.rmu.bodies import screen_bodies
from firefight.rulesets.rmu.catalog import Ammunition, RmuData, Weapon
from firefight.rulesets.rmu.cover import Cover, CoverMaterial, barrier_bonus, price_cover
from firefight.rulesets.rmu.defense import Defender, firearm_defense, note_open_ground
from firefight.rulesets.rmu.fire_results import PersonAttacked
from firefight.rulesets.rmu.person_terms import check_situational
from firefight.rulesets.rmu.protection import FirePlan, check_armor_figures, plan_fire
from firefight.rulesets.rmu.strike import resolve_attack
from firefight.rulesets.rmu.struck import Missed
from firefight.trace import Modifier, TraceBuilder

__all__ = [
    "SHRAPNEL_BARE",
    "SHRAPNEL_COVERED",
    "Caught",
    "CoverChoice",
    "Person",
    "PersonAim",
    "PersonAttack",
    "aim_at_person",
    "attack_person",
    "catch",
    "check_people",
    "choose_cover",
    "roll_at_person",
]

#: RMU-RF-8: the two clauses of Ballistic Shrapnel, shipped as two tables.
SHRAPNEL_COVERED = "ballistic-shrapnel-covered"
SHRAPNEL_BARE = "ballistic-shrapnel-bare"


@dataclass(frozen=True, slots=True, kw_only=True)
class Person:
    """Someone on the scene a burst or a sweep may catch.

    ``cover`` is a barrier between them and this fire, graded from the shooter's side; bodies
    in front are worked out from positions and need not be given. ``cover_share_percent`` is
    the share of that barrier they reached this round by dashing for it (RMU-MOV-2; 0: still in
    the open). ``situational`` names R-1 modifiers that apply to attacks on them
    (``prone-target``). The armor fields mean what they mean on
    :class:`~firefight.rulesets.rmu.shot.AimedShot`.
    """

    name: str
    position: Point
    posture: Posture = Posture.STANDING
    size: Size = Size.MEDIUM
    armor: str = "AT 1"
    naked_column: str = "AT 1"
    armor_damage: int = 0
    armor_quality: int = 0
    armor_broken: bool = False
    defender: Defender = field(default_factory=Defender)
    cover: Cover | None = None
    cover_share_percent: int = 100
    situational: tuple[str, ...] = ()

    def body(self) -> Body:
        return Body(center=self.position, posture=self.posture, size=self.size, name=self.name)


@dataclass(frozen=True, slots=True, kw_only=True)
class Caught:
    """A person inside the cone, how far out, and the bodies in front of them (nearest first);
    ``dead_in_front`` names those of them who lie dead (DEC-695)."""

    person: Person
    distance_ft: float
    in_front: tuple[str, ...]
    body_grade: CoverGrade
    dead_in_front: tuple[str, ...] = ()


def check_people(people: Sequence[Person], data: RmuData, rule: str) -> None:
    """Refuse, before any die, what a person's figures cannot be (names, armor, situations)."""
    names = [p.name for p in people]
    if len(set(names)) != len(names):
        raise RuleRefusal(rule, f"Each person on the scene is named once; {names} repeats a name.")
    for p in people:
        check_armor_figures(p, data)
        check_situational(p.situational, data.rules)
        if not 0 <= p.cover_share_percent <= 100:
            raise RuleRefusal(
                "RMU-MOV-2",
                f"{p.name}'s share of cover reached is 0 to 100%; {p.cover_share_percent}% "
                "was given.",
            )


def catch(
    muzzle: Point,
    cone: Cone,
    people: Sequence[Person],
    *,
    aimed: Person | None = None,
    dead: Sequence[Body] = (),
) -> tuple[Caught, ...]:
    """Everyone with any part inside ``cone`` (S-2), nearest the muzzle first; ``aimed`` (the
    burst's own target) is always caught and comes first.

    Each person's shielders are the other bodies standing between the muzzle and them (S-3),
    graded as cover by :func:`~firefight.rulesets.rmu.bodies.screen_bodies` as an aimed shot's
    are (P-1, P-2). ``dead`` are the bodies of the dead lying on the scene: a body still hides
    whoever is behind it, so they screen like the living (RMU-RF-11, RMU-SUP-7), but fire has
    nothing left to hurt in them, so they are never caught (DEC-695).
    """
    scene = [p.body() for p in people] + ([aimed.body()] if aimed else []) + list(dead)
    fallen = {b.name for b in dead}
    inside = [p for p in people if p is not aimed and body_in_cone(p.body(), cone)]
    by_name = {p.name: p for p in inside}
    ordered = [
        by_name[b.name] for b in order_along(muzzle, cone.bearing_deg, [p.body() for p in inside])
    ]
    caught: list[Caught] = []
    for person in ([aimed] if aimed else []) + ordered:
        body = person.body()
        screen = screen_bodies(muzzle, body, [b for b in scene if b.name != person.name])
        in_front = tuple(s.name for s in screen.shielders)
        caught.append(
            Caught(
                person=person,
                distance_ft=distance_ft(muzzle, person.position),
                in_front=in_front,
                body_grade=screen.grade,
                dead_in_front=tuple(name for name in in_front if name in fallen),
            )
        )
    return tuple(caught)


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverChoice:
    """The one cover that counts for a person against this fire, as modifiers on the attack."""

    modifiers: tuple[Modifier, ...]
    impassable: bool
    source: str  # "barrier", "bodies" or "none"

    @property
    def bonus(self) -> int:
        return -sum(m.value for m in self.modifiers)


def choose_cover(
    *,
    caught: Caught,
    weapon: Weapon,
    ammo: Ammunition,
    data: RmuData,
    trace: TraceBuilder,
    barrier: Cover | None,
    barrier_multiplier: int = 1,
    barrier_share_percent: int = 100,
    barrier_note: str = "",
    barrier_rule: str | None = None,
) -> CoverChoice:
    """The better of the person's barrier (scaled as a dive or a dash asks) and the bodies in
    front (RMU-RF-11, RMU-COV-5); never both.

    ``barrier_multiplier`` doubles a diver's barrier (RMU-SUP-9); ``barrier_share_percent`` is
    the share of it reached this round (RMU-MOV-2), labelled as such unless a note is given.
    ``barrier_rule`` names the rule that scaled the barrier (a dive's RMU-SUP-9); None prices
    it plainly, citing the cover rule that priced it. Hollowpoint doubles every cover bonus
    (RMU-COV-8).
    """
    name = caught.person.name
    if barrier_share_percent < 100 and not barrier_note:
        barrier_note = f"{barrier_share_percent}% of it reached this round"
        if barrier_rule is None:
            barrier_rule = "RMU-MOV-2"
    options: list[tuple[int, Modifier, bool, str]] = []
    if barrier is not None:
        price = price_cover(barrier, weapon, data.cover)
        bonus = barrier_bonus(
            price.bonus, ammo, multiplier=barrier_multiplier, share_percent=barrier_share_percent
        )
        label = f"{barrier.grade.value} {barrier.material.value} cover ({price.column})"
        if barrier_note:
            label += f", {barrier_note}"
        if ammo.cover_multiplier > 1:
            label += f", x{ammo.cover_multiplier} against {ammo.name}"
        rule = barrier_rule or ("RMU-COV-8" if ammo.cover_multiplier > 1 else price.rule)
        impassable = price.impassable and barrier_share_percent >= 100
        options.append(
            (bonus, Modifier(value=-bonus, label=label, rule=rule), impassable, "barrier")
        )
    if caught.body_grade is not CoverGrade.NONE:
        body = Cover(grade=caught.body_grade, material=CoverMaterial.HARD)
        price = price_cover(body, weapon, data.cover)
        bonus = price.bonus * ammo.cover_multiplier
        names = ", ".join(caught.in_front)
        dead = caught.dead_in_front
        trace.step(
            f"{names} {'stands' if len(caught.in_front) == 1 else 'stand'} between the muzzle "
            f"and {name}: {caught.body_grade.value} hard cover by position"
            + (", one grade up for two or more" if len(caught.in_front) >= 2 else "")
            + ("." if dead else "; they face their own roll and are not rolled again as cover."),
            "RMU-RF-11",
        )
        if dead:
            living = [n for n in caught.in_front if n not in dead]
            trace.step(
                f"{', '.join(dead)} {'lies' if len(dead) == 1 else 'lie'} dead in the way: a "
                "body still screens those behind it, but nothing is rolled for the dead"
                + (
                    f"; {', '.join(living)} {'faces' if len(living) == 1 else 'face'} their "
                    "own roll and not again as cover."
                    if living
                    else "."
                ),
                "DEC-695",
            )
        label = f"{caught.body_grade.value} cover from bodies in front, hard ({price.column})"
        if ammo.cover_multiplier > 1:
            label += f", x{ammo.cover_multiplier} against {ammo.name}"
        rule = "RMU-COV-8" if ammo.cover_multiplier > 1 else "RMU-RF-11"
        options.append((bonus, Modifier(value=-bonus, label=label, rule=rule), False, "bodies"))
    if not options:
        return CoverChoice(modifiers=(), impassable=False, source="none")
    best = max(options, key=lambda o: (o[2], o[0]))
    if len(options) == 2:
        trace.step(
            f"Cover does not stack: for {name} the {best[3]} "
            f"give{'s' if best[3] == 'barrier' else ''} more, and only that counts.",
            "RMU-COV-5",
        )
    if best[0] == 0 and not best[2]:
        return CoverChoice(modifiers=(), impassable=False, source="none")
    return CoverChoice(modifiers=(best[1],), impassable=best[2], source=best[3])


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonAttack:
    hit: bool
    events: tuple[Event, ...]
    attacked: PersonAttacked


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonAim:
    """One person's attack up to its roll: the cover that counts, and (``plan`` None when
    impenetrable cover leaves nothing to roll) the column, tables and defense it meets."""

    caught: Caught
    cover: CoverChoice
    plan: FirePlan | None
    defense: tuple[Modifier, ...]


def aim_at_person(
    *,
    caught: Caught,
    weapon: Weapon,
    ammo: Ammunition,
    cover: CoverChoice,
    burst: bool,
    data: RmuData,
    trace: TraceBuilder,
) -> PersonAim:
    """What a person's attack roll will meet, worked out before any die (RMU-COV-4, RMU-RF-8,
    RMU-DOD-1, RMU-SUP-8): nothing is rolled, so a firing round works it out once for every
    roll of its odds (:func:`attack_person` rolls it)."""
    person = caught.person
    if cover.impassable:
        trace.step(
            f"{person.name} is fully behind impenetrable cover and cannot be hit at all.",
            "RMU-COV-4",
        )
        return PersonAim(caught=caught, cover=cover, plan=None, defense=())
    plan = plan_fire(
        weapon=weapon,
        armor_key=person.armor,
        naked_column=person.naked_column,
        armor_damage=person.armor_damage,
        ammo=ammo,
        data=data,
        trace=trace,
        armor_broken=person.armor_broken,
    )
    if burst:
        # RMU-RF-8: the wound is read on Shrapnel whatever the load; the load still picks the
        # column, and armor piercing still cracks a plate at its own tier.
        plan = dataclasses.replace(
            plan,
            ammo=dataclasses.replace(
                plan.ammo, flesh_table=SHRAPNEL_BARE, covered_table=SHRAPNEL_COVERED
            ),
            tables_chosen_by="RMU-RF-8",
        )
        trace.step(
            "A burst: any critical is read on Ballistic Shrapnel, its covered clause where "
            "armor covers the location and its bare clause elsewhere.",
            "RMU-RF-8",
        )
    behind_cover = bool(cover.modifiers)
    defense = firearm_defense(
        defender=person.defender,
        armor=data.armor_class(person.armor),
        breakage_total=person.armor_damage,
        behind_cover=behind_cover,
        rules=data.rules,
    )
    note_open_ground(person.name, person.defender, behind_cover=behind_cover, trace=trace)
    return PersonAim(caught=caught, cover=cover, plan=plan, defense=tuple(defense))


def roll_at_person(
    *,
    shooter: str,
    aim: PersonAim,
    weapon: Weapon,
    attack: Sequence[Modifier],
    dice: Dice,
    data: RmuData,
    trace: TraceBuilder,
) -> PersonAttack:
    """One person's own attack roll: d100 open-ended high, no fumble (RMU-RF-12), the
    attacker's ``attack`` terms, the cover, the defender's DB, then the attack table, critical
    and breakage as any shot (:func:`resolve_strike`)."""
    caught, cover = aim.caught, aim.cover
    person = caught.person
    attacked = partial(
        PersonAttacked,
        name=person.name,
        distance_ft=round(caught.distance_ft, 2),
        shielded_by=tuple(caught.in_front),
        body_cover=caught.body_grade.value,
        cover=cover.source,
        cover_bonus=cover.bonus,
    )
    if aim.plan is None:
        cannot = attacked(landing=Missed(result="cannot hit"))
        return PersonAttack(hit=False, events=(), attacked=cannot)
    rolled = resolve_attack(
        purpose=f"attack roll against {person.name}",
        total_label=f"attack total against {person.name}",
        modifiers=[*attack, *cover.modifiers, *aim.defense],
        weapon=weapon,
        plan=aim.plan,
        target=person.name,
        shooter=shooter,
        dice=dice,
        data=data,
        trace=trace,
        armor_damage=person.armor_damage,
        armor_quality=person.armor_quality,
        severity_steps=person.defender.severity_steps,
        kindred=person.defender.kindred,
    )
    landed = rolled.strike
    done = attacked(roll=rolled.roll, attack_total=rolled.total, landing=landed.landing)
    return PersonAttack(hit=landed.hit, events=landed.events, attacked=done)


def attack_person(
    *,
    shooter: str,
    caught: Caught,
    weapon: Weapon,
    ammo: Ammunition,
    attack: Sequence[Modifier],
    cover: CoverChoice,
    burst: bool,
    dice: Dice,
    data: RmuData,
    trace: TraceBuilder,
) -> PersonAttack:
    """One person's attack, aimed (:func:`aim_at_person`) and rolled (:func:`roll_at_person`)."""
    aim = aim_at_person(
        caught=caught, weapon=weapon, ammo=ammo, cover=cover, burst=burst, data=data, trace=trace
    )
    return roll_at_person(
        shooter=shooter,
        aim=aim,
        weapon=weapon,
        attack=attack,
        dice=dice,
        data=data,
        trace=trace,
    )
