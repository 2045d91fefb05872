"""Explosives (C-8): everything in the 10 m square around where it goes off takes the damage.

An explosive is aimed at a point, not at a person. Fired from a grenade or rocket launcher it
is REF + Heavy Weapons + d10 against the launcher's range DV for the distance to that point;
thrown, DEX + Athletics + d10 against the grenade launcher's DV, up to 25 m (CPR-THR-1). If the
attack beats the DV the explosive goes off at the aim point. If not, it lands somewhere else:
the rules referenced do not say where, so the GM places it and resolves that blast as a placed
charge (``placed=True``: no attack roll).

Where it goes off, everyone with any part of their body in the square (side 10 m, squared to
the grid, centred on the point) takes the same damage, rolled once. Area attacks never hit the
head: body SP applies and only body SP ablates. A target with REF 8+ may dodge; a dodge that
the attack total does not beat takes them clear (CPR-DOD-1, CPR-THR-1).

Cover with HP in front of someone caught takes the blast once; if it is destroyed the blast
reaches them, whole; if not, they are untouched (C-13).

Dice order: each dodging target's d10 in the square (listed order), the attacker's d10 (not
for a placed charge), the damage dice if anyone is caught, then any critical injury 2d6 per
target caught, in listed order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import replace
from firefight.outcome import Outcome, ResolvedWord, Result, omitted
from firefight.rulesets.cpr.checks import (
    attacker_parts,
    check_dodge_allowed,
    compare,
    fire_check,
    own_conditions,
    roll_check,
    roll_dodge,
)
from firefight.rulesets.cpr.combatants import Aim, Spot, Target
from firefight.rulesets.cpr.damage import AreaTarget, Hit, area_hits, roll_damage
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import (
    ActionTaken,
    CloudFormed,
    DamageDealt,
    ItemThrown,
    KnockedOut,
    LoadTook,
    WeaponJammed,
    WoundStateChanged,
)
from firefight.rulesets.cpr.magazine import check_ammo, check_rounds
from firefight.rulesets.cpr.ranges import DvRead, trace_range, whole_metres
from firefight.rulesets.cpr.scene import (
    check_names,
    distance_m,
    position_of,
    square_area,
    touches,
)
from firefight.rulesets.cpr.weapons import Ammo, Weapon, WeaponKind
from firefight.rulesets.cpr.wounds import WoundState
from firefight.trace import Modifier, Total, TraceBuilder
from firefight.wording import length_words

__all__ = ["AimPoint", "Explosion", "ExplosionResult", "check_not_aimed", "resolve_explosion"]


def check_not_aimed(aim: Aim | None) -> None:
    """C-8: a grenade strikes an area, never a body part: an --aim given with one is refused
    (``cpr throw`` and an encounter's ``throws`` alike; the encounter took it and dropped it)."""
    if aim is not None:
        raise RuleRefusal("C-8", "A grenade hits an area; it cannot be aimed at a spot on someone.")


@dataclass(frozen=True, slots=True, kw_only=True)
class AimPoint:
    x_m: float
    y_m: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ExplosionResult(Result):
    """An explosive (C-8): where it was aimed, the roll against the DV (None for a placed
    charge), ``went off``, ``missed`` or ``jammed`` (a poor launcher's natural 1: nothing
    fired, CPR-REF-1), everyone in reach, and the rounds left."""

    weapon: str
    aim_point: AimPoint
    placed: bool
    distance_m: float
    dv: int | None
    attack_total: int | None
    result: str
    targets: tuple[AreaTarget, ...]
    rounds_left: int | None = omitted()
    jammed: bool | None = omitted()

    @property
    def outcome(self) -> ResolvedWord:
        """A ``hit`` when it hit anyone; off its aim point it is a ``miss`` until the GM
        places it."""
        return "hit" if any(t.result == "hit" for t in self.targets) else "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class Explosion:
    """An explosive sent at ``aim_point`` from ``position``.

    ``stat`` and ``skill`` are REF and Heavy Weapons for a launcher, DEX and Athletics for a
    thrown grenade. ``placed`` skips the attack: the explosive is already where it goes off (a
    grenade that missed and landed, a planted charge). ``damage_d6`` overrides the weapon's
    dice (a GM's charge). ``ammo`` is the launcher's load or the grenade's (C-14): a load that
    is resisted or only has an effect rolls no damage. ``jams_on`` is the natural d10 face that
    jams a poor quality launcher (the modifier catalog), as a shot's; a thrown grenade is not
    fired and never jams (DEC-681).
    """

    weapon: str
    aim_point: Spot
    targets: tuple[Target, ...]
    position: Spot = field(default_factory=lambda: Spot(x_m=0, y_m=0))
    stat: int = 0
    skill: int = 0
    placed: bool = False
    attacker: str = "shooter"
    loaded: int | None = None
    damage_d6: int | None = None
    ammo: str = "basic"
    wound: WoundState = WoundState.UNHURT
    injuries: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()
    jams_on: int | None = None


def _validate(blast: Explosion, weapon: Weapon, data: CprData) -> tuple[DvRead | None, float]:
    if not weapon.explosive:
        raise RuleRefusal("C-8", f"The {weapon.name} is not an explosive.")
    if blast.damage_d6 is not None and blast.damage_d6 < 1:
        raise RuleRefusal("C-8", f"An explosive deals at least 1d6, not {blast.damage_d6}d6.")
    check_ammo(weapon, blast.ammo, data)
    check_names(blast.targets, "C-8")
    for target in blast.targets:
        position_of(target, "C-8")
    away = distance_m(blast.position, blast.aim_point)
    if blast.placed:
        for target in blast.targets:
            if target.dodge is not None:
                raise RuleRefusal(
                    "CPR-DOD-1",
                    f"{target.name} cannot dodge a placed charge: there is no attack roll to beat.",
                )
        return None, away
    thrown = weapon.kind is WeaponKind.GRENADE
    if thrown:
        limit = data.figures.throw_max_distance_m
        if whole_metres(away) > limit:
            raise RuleRefusal(
                "CPR-THR-1",
                f"A throw reaches {limit} m at most; the aim point is {length_words(away, 'm')} "
                "away.",
            )
    else:
        check_rounds(weapon, blast.loaded, 1, what="Firing it")
    row = data.figures.throw_range_row if thrown else weapon.range_row
    assert row is not None
    read = data.ranges.read(row, away, weapon=weapon.name, rule="CPR-THR-1" if thrown else None)
    return read, away


def _load_on(
    target: Target, ammo: Ammo, dice: Dice, tb: TraceBuilder, data: CprData
) -> tuple[list[Event], AreaTarget]:
    """What a non-damaging or resisted load does to one target caught (C-14): the target
    resists, and a failure takes the load's dice straight to HP (armor neither stops nor
    ablates) or knocks them out; a load with only an effect is narrated. An effect that lasts
    (a flashbang's blindness, a sleep load's sleep) takes hold for its turns (DEC-461); a sleep
    load has nothing to do to one already unconscious (DEC-789)."""
    events: list[Event] = []
    result = AreaTarget(target=target.name, in_area=True, result="caught")
    if ammo.effect:
        tb.step(f"The {ammo.name} catches {target.name}: {ammo.effect}.", "C-14")
    lasting = (
        [LoadTook(target=target.name, load=ammo.key, turns=ammo.lasting_turns)]
        if ammo.lasting_turns and not ammo.cloud
        else []
    )
    resist = ammo.resist
    if resist is None:
        if lasting:
            tb.step(f"It lasts {ammo.lasting_turns} turns.", "C-14")
        return [*events, *lasting], result
    if resist.unconscious and not target.conscious:
        # Its wearing off wakes whoever it put out; it must not wake one it did not.
        tb.step(
            f"{target.name} is unconscious already: the {ammo.name} has nobody to put out and "
            "takes no hold.",
            "DEC-789",
        )
        return events, result
    parts = [
        Modifier(value=target.will, label=f"{target.name}'s {resist.stat}", rule="C-14"),
        Modifier(value=target.resist, label=f"{target.name}'s {resist.skill}", rule="C-14"),
        *own_conditions(target, data),
    ]
    total = roll_check(
        tb, dice, label=f"{target.name}'s resist", purpose=f"{target.name} resists", parts=parts
    )
    if compare(tb, total, resist.dv, f"the {ammo.name}'s DV", rule="C-14"):
        return events, replace(result, result="resisted")
    if resist.unconscious:
        until = f" for {ammo.lasting_turns} turns" if lasting else ""
        tb.step(f"{target.name} is knocked out by the {ammo.name}{until}.", "C-14")
        events.append(KnockedOut(target=target.name, cause=ammo.name))
        return [*events, *lasting], replace(result, result="hit", knocked_out=True)
    roll = roll_damage(tb, dice, resist.damage_d6, f"{ammo.name} damage")
    tb.step(
        f"The {ammo.name} bypasses armor: {roll.total} straight to {target.name}'s HP; no SP "
        "stops or ablates.",
        "C-14",
    )
    events.append(
        DamageDealt(
            target=target.name,
            location="body",
            damage=roll.total,
            sp=0,
            through=roll.total,
            hp_lost=roll.total,
        )
    )
    if target.health is not None:
        before, after = target.health, target.health.after_losing(roll.total)
        if after.state is not before.state:
            events.append(
                WoundStateChanged(
                    target=target.name,
                    hp_before=before.hp,
                    hp_after=after.hp,
                    before=before.state.value,
                    after=after.state.value,
                )
            )
    return events, replace(result, result="hit", hp_lost=roll.total)


def resolve_explosion(
    blast: Explosion, dice: Dice, data: CprData, tb: TraceBuilder | None = None
) -> Outcome[ExplosionResult]:
    """Resolve an explosive (C-8, CPR-THR-1, CPR-RNG-1, CPR-DOD-1, C-1..C-4, C-9), its trace
    told to ``tb`` (a fresh one if None; a quiet one words no step)."""
    figures = data.figures
    weapon = data.weapon(blast.weapon)
    read, away = _validate(blast, weapon, data)
    side = figures.explosive_square_m
    square = square_area(blast.aim_point, side)
    inside = [touches(t, square, "C-8") for t in blast.targets]
    caught = [t for t, i in zip(blast.targets, inside, strict=True) if i]
    clear = [t for t, i in zip(blast.targets, inside, strict=True) if not i]
    for target in caught:
        check_dodge_allowed(target, data)
    dice_count = blast.damage_d6 or weapon.damage_d6

    if tb is None:
        tb = TraceBuilder()
    telling = tb.telling  # a quiet builder (a simulated fight's) words no step
    events: list[Event] = []
    thrown = weapon.kind is WeaponKind.GRENADE
    if telling:
        point = f"({blast.aim_point.x_m:g}, {blast.aim_point.y_m:g})"
        if blast.placed:
            tb.step(f"A {weapon.name} goes off at {point}.", "C-8")
        else:
            verb = "throws" if thrown else "fires"
            said = f"{point}, {length_words(away, 'm')} away"
            tb.step(f"{blast.attacker} {verb} the {weapon.name} at {said}.", "C-8")
        tb.step(
            f"Everyone with any part inside the {side:g} m square around {point} takes the "
            f"same {dice_count}d6, rolled once; area attacks never hit the head.",
            "C-8",
        )
        for target in clear:
            tb.step(f"{target.name} is outside the square.", "C-8")
    if not blast.placed:
        events.append(ActionTaken(actor=blast.attacker, action="throw" if thrown else "attack"))
        if thrown:
            events.append(ItemThrown(actor=blast.attacker, item=weapon.key))
        else:
            events.append(RoundsFired(actor=blast.attacker, weapon=weapon.key, rounds=1))

    dodges: dict[str, Total] = {}
    for target in caught:
        if target.dodge is not None:
            dodges[target.name] = roll_dodge(target, dice, tb, data)

    lands, jam = True, False
    total: Total | None = None
    if read is not None:
        if telling:
            trace_range(tb, read, away, "range DV" if not thrown else "range DV (thrown)")
        stat, skill = ("DEX", figures.throw_skill) if thrown else ("REF", weapon.skill)
        parts = attacker_parts(
            who=blast.attacker,
            stat=(stat, blast.stat),
            skill=(skill, blast.skill),
            wound=blast.wound,
            injuries=blast.injuries,
            data=data,
            extra=blast.extra,
            stat_rule="CPR-THR-1" if thrown else "CPR-HIT-1",
            skill_rule="CPR-THR-1" if thrown else "CPR-HIT-2",
        )
        total, jam = fire_check(
            tb,
            dice,
            label="attack total",
            purpose=f"{blast.attacker}'s {weapon.name}",
            parts=parts,
            jams_on=blast.jams_on,
            weapon=weapon.name,
            fails="fires nothing",
        )
        if jam:
            events.append(WeaponJammed(actor=blast.attacker, weapon=weapon.key))
        lands = not jam and compare(tb, total, read.dv, "the range DV")
        if not lands and not jam:
            tb.step(
                f"The {weapon.name} does not go off where it was aimed. Where it lands is the GM's "
                "call; resolve that blast as a placed charge.",
                "C-8",
            )

    results = [AreaTarget(target=t.name, in_area=False, result="outside") for t in clear]
    if lands:
        damaged: list[Target] = []
        for target in caught:
            dodge = dodges.get(target.name)
            if (
                dodge is not None
                and total is not None
                and not compare(tb, total, dodge.value, f"{target.name}'s dodge")
            ):
                tb.step(f"{target.name} dodges clear of the blast.", "CPR-DOD-1")
                results.append(
                    AreaTarget(target=target.name, in_area=True, result="dodged", dodge=dodge.value)
                )
                continue
            damaged.append(target)
        ammo = data.ammunition(blast.ammo)
        if damaged and (ammo.load or ammo.resist is not None):
            for target in damaged:
                out = _load_on(target, ammo, dice, tb, data)
                events.extend(out[0])
                results.append(out[1])
        elif damaged:
            roll = roll_damage(tb, dice, dice_count, f"{weapon.name} damage")
            # C-13: the blast strikes each piece of cover once; only cover it destroys lets
            # it through to whoever is behind.
            struck, reached = area_hits(
                damaged,
                roll,
                lambda t: Hit(target=t, area=True),
                dice,
                tb,
                data,
                what="the blast",
            )
            events.extend(struck)
            results.extend(reached)
    else:
        results.extend(AreaTarget(target=t.name, in_area=True, result="missed") for t in caught)
    order = {t.name: i for i, t in enumerate(blast.targets)}
    results.sort(key=lambda r: order.get(r.target, len(order)))
    rounds_left = None
    if not blast.placed and not thrown:
        loaded = weapon.magazine if blast.loaded is None else blast.loaded
        assert loaded is not None
        rounds_left = loaded - 1
    ammo = data.ammunition(blast.ammo)
    if lands and ammo.cloud:
        tb.step(
            f"The {ammo.name} fills the {figures.explosive_square_m:g} m square for "
            f"{ammo.lasting_turns} turns.",
            "C-14",
        )
        events.append(
            CloudFormed(
                load=ammo.key,
                x_m=blast.aim_point.x_m,
                y_m=blast.aim_point.y_m,
                side_m=figures.explosive_square_m,
                turns=ammo.lasting_turns,
            )
        )
    went = ExplosionResult(
        weapon=weapon.key,
        aim_point=AimPoint(x_m=blast.aim_point.x_m, y_m=blast.aim_point.y_m),
        placed=blast.placed,
        distance_m=away,
        dv=read.dv if read else None,
        attack_total=total.value if total else None,
        result="went off" if lands else "jammed" if jam else "missed",
        targets=tuple(results),
        rounds_left=rounds_left,
        jammed=jam or None,
    )
    return Outcome(events=tuple(events), trace=tb.build(), result=went)
