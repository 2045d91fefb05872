"""The rmu aimed shot: one trigger pull at one target, resolved with every step traced.

``resolve_aimed_shot(shot, dice, data)`` is pure: it reads the declaration and the data, asks
the dice, and returns an :class:`~firefight.outcome.Outcome` of events and trace. It refuses
(raising :class:`~firefight.errors.RuleRefusal`) before touching any die.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, rounds_fired
from firefight.frozen import quick_init, replace
from firefight.geometry import Size
from firefight.outcome import Outcome
from firefight.rulesets.rmu.attack_table import AttackTable
from firefight.rulesets.rmu.bodies import (
    Ally,
    BodyScreen,
    Bystander,
    choose_shielder,
    prepare_stray_round,
    stray_shielders,
)
from firefight.rulesets.rmu.called import CalledShot
from firefight.rulesets.rmu.catalog import NAKED_COLUMNS, Ammunition, RmuData, Weapon
from firefight.rulesets.rmu.cover import (
    Cover,
    CoverPrice,
    dashed_short,
    price_cover,
    reached_bonus,
    share_refused,
)
from firefight.rulesets.rmu.defense import Defender, firearm_defense, note_open_ground
from firefight.rulesets.rmu.events import ActionPointsSpent
from firefight.rulesets.rmu.fumble_range import shrunk_fumble_range
from firefight.rulesets.rmu.haste import haste_term, hastier
from firefight.rulesets.rmu.malfunction import Malfunction
from firefight.rulesets.rmu.person_terms import (
    check_situational,
    hunting_terms,
    shooter_armor_terms,
)
from firefight.rulesets.rmu.protection import FirePlan, check_armor_figures, check_load, plan_fire
from firefight.rulesets.rmu.ranges import RangeBand, range_band, range_modifier
from firefight.rulesets.rmu.severity import Severity
from firefight.rulesets.rmu.shot_results import AimedShotResult, OutOfReach, StrayRound, TowardAlly
from firefight.rulesets.rmu.strike import (
    RolledAttack,
    attack_roll,
    attack_total,
    combine_effects,
    resolve_attack,
    resolve_strike,
)
from firefight.rulesets.rmu.struck import Missed
from firefight.rulesets.rmu.tripod import mounted_modifier, resolve_recoil, unbraced_modifier
from firefight.tables.settled import settled_while
from firefight.trace import Modifier, QuietTraceBuilder, Trace, TraceBuilder

__all__ = [
    "AimedShot",
    "GunMalfunction",
    "PreparedShot",
    "aimed_shot_events",
    "combine_effects",
    "prepare_aimed_shot",
    "resolve_aimed_shot",
    "resolve_ally_round",
    "resolve_malfunction",
    "settled_aimed_shot",
    "with_extra",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class AimedShot:
    """A declared single shot. Figures are the shooter's and target's, as the GM knows them.

    ``armor`` is the target's protection: a naked column ``AT 1``-``AT 10`` or ``BA I``-``BA IV``
    (worn over ``naked_column``). ``armor_damage`` is the armor's running breakage total (0 or
    less), ``armor_quality`` its quality bonus for breakage checks, and ``armor_broken`` marks
    armor a breakage check broke outright (RMU-BRK-1, RMU-BRK-2, RULINGS P-5). ``screen`` names
    the people standing between the muzzle and the target and the cover they give (RMU-COV-5);
    a shot that misses a screened target flies into one of them (RMU-COV-6).

    Dice are asked for in this order: the attack roll, the critical roll, the breakage check
    (d100 open-ended at both ends); after a miss through a screen, a die choosing among several
    shielders, then the stray round's attack, critical and breakage rolls. A fumble asks for
    one more die after the attack roll: the Firearm Fumble table's d100.

    ``cover_share_percent`` is the share of the barrier ``cover`` the target reached this round
    by dashing for it (RMU-MOV-2; 0: still in the open). ``shooter_naked_column`` is the
    shooter's own naked AT, which an unbraced tripod gun's recoil is read on (RMU-TRI-2).
    """

    weapon: str
    ob: int
    distance_ft: float
    ranks: int = 0
    ap: int = 3
    ap_available: int = 4
    prepared: bool = False
    mounted: bool = False
    ammo: str = "ball"
    armor: str = "AT 1"
    naked_column: str = "AT 1"
    armor_damage: int = 0
    armor_quality: int = 0
    armor_broken: bool = False
    cover: Cover | None = None
    cover_share_percent: int = 100
    screen: BodyScreen | None = None
    target_size: Size = Size.MEDIUM
    defender: Defender = field(default_factory=Defender)
    shooter_armor: str | None = None
    # The shooter's Strength bonus: the only defense against an unbraced tripod gun's recoil.
    strength_bonus: int = 0
    shooter_naked_column: str = "AT 1"
    # A Kindred shooter's V-1 steps and V-2 fate, for an unbraced tripod gun's recoil on them
    # (DEC-852).
    shooter_severity_steps: int = 0
    shooter_kindred: bool = False
    situational: tuple[str, ...] = ()
    # A called shot at one location (RULINGS R-7), declared before the roll.
    called: CalledShot | None = None
    extra: tuple[Modifier, ...] = ()
    # The nearest ally, for a fumble whose cell sends a round toward them (DEC-105).
    ally: Ally | None = None
    shooter: str = "shooter"
    target: str = "target"


def _validate(shot: AimedShot, weapon: Weapon, data: RmuData) -> int:
    """Refuse what the rules refuse; return the AP the shot costs."""
    rules = data.rules
    low, high = rules.ranged_attack_ap
    if not low <= shot.ap <= high:
        raise RuleRefusal(
            "RMU-GEN-1", f"A ranged attack takes {low} to {high} AP; {shot.ap} AP was declared."
        )
    cost = shot.ap + (rules.prepare_ap if shot.prepared else 0)
    if shot.prepared and cost > shot.ap_available:
        raise RuleRefusal(
            "RMU-GEN-3",
            f"A prepared shot needs {rules.prepare_ap} AP to prepare plus {shot.ap} AP to fire, "
            f"but only {shot.ap_available} AP are left this round.",
        )
    if cost > shot.ap_available:
        raise RuleRefusal(
            "RMU-GEN-1",
            f"The shot costs {cost} AP but only {shot.ap_available} AP are left this round"
            f"{hastier(low, shot.ap_available) if not shot.prepared else ''}.",
        )
    for column in (shot.naked_column, shot.shooter_naked_column):
        if column not in NAKED_COLUMNS:
            raise RuleRefusal(
                "RMU-ARM-1", f"{column!r} is not a naked armor column (AT 1 to AT 10)."
            )
    if not 0 <= shot.cover_share_percent <= 100:
        raise share_refused(shot.cover_share_percent)
    if shot.situational:  # most shots name none: no call for them
        check_situational(shot.situational, rules)
    check_load(weapon, data.ammunition(shot.ammo), data)
    for who in stray_shielders(shot.screen):
        # A stray round may meet any living shielder, so each one's armor is checked before
        # any die.
        check_armor_figures(who, data)
    if shot.ally is not None:
        check_armor_figures(shot.ally.who, data)
    return cost


def _choose_cover(
    shot: AimedShot, weapon: Weapon, data: RmuData, trace: TraceBuilder
) -> tuple[Cover | None, CoverPrice | None, bool]:
    """The one cover that counts: the declared barrier or the bodies in front, whichever gives
    more (RMU-COV-5). Returns the cover, its price, and whether it is the bodies'."""
    cover = shot.cover
    declared = price_cover(cover, weapon, data.cover) if cover else None
    if cover and shot.cover_share_percent == 0:
        trace.step(dashed_short(shot.target, cover), "RMU-MOV-2")
        declared = None
    barrier = cover if declared is not None else None
    body = shot.screen.as_cover() if shot.screen else None
    if body is None or shot.screen is None:
        return barrier, declared, False
    names = ", ".join(s.name for s in shot.screen.shielders)
    body_price = price_cover(body, weapon, data.cover)
    trace.step(
        f"{names} {'stands' if len(shot.screen.shielders) == 1 else 'stand'} between the muzzle "
        f"and {shot.target}: {body.grade.value} hard cover by position.",
        "RMU-COV-5",
    )
    dead = shot.screen.dead
    if dead:
        trace.step(
            f"{', '.join(dead)} {'lies' if len(dead) == 1 else 'lie'} dead in the way: a body "
            "still screens, but a round that misses is not rolled at the dead.",
            "DEC-708",
        )
    if declared is not None and barrier is not None:
        reached = reached_bonus(declared.bonus, shot.cover_share_percent)
        better_bodies = body_price.bonus > reached
        trace.step(
            f"Cover does not stack: the {'bodies' if better_bodies else 'barrier'} "
            f"({body_price.bonus if better_bodies else reached}) "
            f"{'give' if better_bodies else 'gives'} more than the "
            f"{'barrier' if better_bodies else 'bodies'}, and only that counts.",
            "RMU-COV-5",
        )
        if not better_bodies:
            return barrier, declared, False
    return body, body_price, True


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedShot:
    """What an aimed shot settles before its first die: the checks, the column, the modifiers.

    ``plan`` is None when the target is fully behind impenetrable cover (RMU-COV-4): the round
    is fired for nothing and no die is rolled. The odds engine reads the same object, so each
    rule lives in one place.
    """

    shot: AimedShot
    weapon: Weapon
    # The weapon's attack table, read once here rather than at every strike of the shot.
    table: AttackTable
    ammo: Ammunition
    # The AP the shot costs, as the event every resolution of it gives (frozen: shared).
    spent: ActionPointsSpent
    band: RangeBand
    plan: FirePlan | None
    modifiers: tuple[Modifier, ...]
    fumble: int
    # A tripod gun fired unbraced: its recoil attacks the shooter before the attack roll, and
    # what it does comes off the total on top of ``modifiers`` (RMU-TRI-2).
    recoil: bool = False
    # The terms of ``modifiers`` a stray round into a shielder carries over (P-8).
    carried: tuple[Modifier, ...] = ()
    # Where the shot's ``extra`` terms stand in ``modifiers``.
    extra_at: int = 0

    @property
    def cost(self) -> int:
        """The AP the shot costs."""
        return self.spent.ap

    @property
    def modifier_total(self) -> int:
        return sum(m.value for m in self.modifiers)


def prepare_aimed_shot(
    shot: AimedShot, data: RmuData, trace: TraceBuilder | None = None
) -> PreparedShot:
    """Validate ``shot`` and settle everything before the attack roll (refusing as the rules do).

    Steps worth telling go to ``trace`` (a throwaway one when None).
    """
    prep, told = settled_aimed_shot(shot, data)
    if trace is not None:
        trace.extend(told)
    return prep if prep.shot is shot else replace(prep, shot=shot)


def settled_aimed_shot(shot: AimedShot, data: RmuData) -> tuple[PreparedShot, Trace]:
    """:func:`prepare_aimed_shot`'s answer with the steps it tells, as kept for ``shot`` or
    for a shot equal to it, whose ``shot`` it may hold: for a caller that has the shot in
    hand and reads it from there (:func:`resolve_aimed_shot`), not from the answer.

    Kept under the figures that change from one shot to the next and are cheap to hash (the
    AP, the distance, the shooter's wounds, the target's conditions, whether anyone stands in
    front or near), and compared whole with the few shots kept for them: hashing a whole
    shot (its defender, its screen, its ally) costs more than comparing it with shots whose
    parts are mostly the very same objects."""
    key = (
        shot.shooter,
        shot.target,
        shot.weapon,
        shot.ap,
        shot.ap_available,
        shot.prepared,
        shot.distance_ft,
        shot.armor_damage,
        shot.situational,
        shot.extra,
        shot.screen is None,
        shot.ally is None,
    )
    return settled_while(
        data,
        "aimed shot",
        key,
        (shot,),
        _prepared,
        shot,
        data,
    )


def with_extra(plain: tuple[PreparedShot, Trace], shot: AimedShot) -> tuple[PreparedShot, Trace]:
    """:func:`settled_aimed_shot`'s answer for ``shot``, from ``plain``, its answer for the same
    shot without its ``extra`` terms (:func:`_prepared`): they go in where they stand
    (``extra_at``) and carry over whole to a stray round; a shot the cover stops counts none."""
    prep, told = plain
    if prep.plan is None:  # the cover stops it: no term counts
        return replace(prep, shot=shot), told
    terms, at = prep.modifiers, prep.extra_at
    extra = shot.extra
    return replace(
        prep,
        shot=shot,
        modifiers=(*terms[:at], *extra, *terms[at:]),
        carried=(*prep.carried, *extra),
    ), told


def _prepared(shot: AimedShot, data: RmuData) -> tuple[PreparedShot, Trace]:
    """:func:`prepare_aimed_shot` worked out, with the steps it tells: it reads only the shot
    (a frozen value) and the data, so each distinct shot is settled once
    (:mod:`~firefight.tables.settled`).

    A shot's ``extra`` terms (the shooter's wounds, a bonus owed, what was declared) are what
    most often sets one shot apart from those settled before, and nothing else here reads them
    (no check, no step, no other term): the shot without them is settled once, and they go in
    where they stand (``extra_at``), carried over whole to a stray round, as none of them is
    one of the target's own terms, which are built here."""
    if shot.extra:
        return with_extra(settled_aimed_shot(replace(shot, extra=()), data), shot)
    tb = TraceBuilder()
    rules = data.rules
    weapon = data.weapon(shot.weapon)
    ammo = data.ammunition(shot.ammo)
    cost = _validate(shot, weapon, data)
    spent = ActionPointsSpent(actor=shot.shooter, ap=cost)
    table = data.tables.attack(weapon.attack_table)
    band = range_band(weapon, shot.distance_ft, rules)
    shooter_armor = data.armor_class(shot.shooter_armor) if shot.shooter_armor else None
    fumble = shrunk_fumble_range(weapon.fumble, shot.ranks, rules)
    unbraced = weapon.requires_tripod and not shot.mounted
    tb.step(
        f"{shot.shooter} fires the {weapon.name} ({weapon.caliber}, {ammo.name}) at {shot.target}, "
        f"{shot.distance_ft:g} ft away: {band.label}.",
        "RMU-GEN-4",
    )

    price = price_cover(shot.cover, weapon, data.cover) if shot.cover else None
    # Only cover fully reached stops a shot outright (RMU-MOV-2 scales it otherwise).
    if shot.cover and price and price.impassable and shot.cover_share_percent >= 100:
        tb.step(
            f"{shot.target} is fully behind impenetrable cover and cannot be hit at all; the round "
            "is fired for nothing.",
            "RMU-COV-4",
        )
        blocked = PreparedShot(
            shot=shot,
            weapon=weapon,
            table=table,
            ammo=ammo,
            spent=spent,
            band=band,
            plan=None,
            modifiers=(),
            fumble=fumble,
            recoil=unbraced,
        )
        return blocked, tb.build()

    armor_for_target = data.armor_class(shot.armor)
    plan = plan_fire(
        weapon=weapon,
        armor_key=shot.armor,
        naked_column=shot.naked_column,
        armor_damage=shot.armor_damage,
        ammo=ammo,
        data=data,
        trace=tb,
        armor_broken=shot.armor_broken,
    )
    cover, price, from_bodies = _choose_cover(shot, weapon, data, tb)

    mods: list[Modifier] = [Modifier(value=shot.ob, label=f"{shot.shooter}'s OB", rule=None)]
    if not shot.prepared:
        mods.append(
            Modifier(
                value=rules.recoil_unprepared, label="recoil, shot not prepared", rule="RMU-GEN-3"
            )
        )
    most = rules.ranged_attack_ap[1]
    haste = haste_term(
        shot.ap, most, rules.haste_per_ap, lambda _: f"haste: {shot.ap} AP of {most}"
    )
    if haste is not None:
        mods.append(haste)
    range_mod = range_modifier(band, weapon)
    if range_mod.value:
        mods.append(range_mod)
    mounted = mounted_modifier(band) if shot.mounted else None
    if mounted is not None:
        mods.append(mounted)
    if unbraced:
        mods.append(unbraced_modifier(weapon))
    # What belongs to the target, not the shot, stays behind when a stray round flies on into
    # a shielder; every other term but the OB carries over (P-8, DEC-100).
    targets_own = hunting_terms(weapon, shot.target_size, data)
    mods.extend(targets_own)
    mods.extend(shooter_armor_terms(shooter_armor))
    for name in shot.situational:
        term = Modifier(value=rules.situational[name], label=name.replace("-", " "), rule="R-1")
        mods.append(term)
        if name in rules.target_conditions:
            targets_own.append(term)
    if shot.called is not None:
        mods.append(shot.called.modifier())
    carried = [m for m in mods[1:] if not any(m is own for own in targets_own)]
    # The shot's extra terms stand here: a shot with them is this one with them put in (above).
    extra_at = len(mods)

    behind_cover = price is not None
    if price is not None and cover is not None:
        share = 100 if from_bodies else shot.cover_share_percent
        bonus = reached_bonus(price.bonus * ammo.cover_multiplier, share)
        label = f"{cover.grade.value} {cover.material.value} cover ({price.column})"
        if from_bodies:
            label = f"{cover.grade.value} cover from bodies in front, hard ({price.column})"
        if ammo.cover_multiplier > 1:
            label += f", x{ammo.cover_multiplier} against {ammo.name}"
        rule = (
            "RMU-COV-8"
            if ammo.cover_multiplier > 1
            else ("RMU-COV-5" if from_bodies else price.rule)
        )
        if share < 100:
            label += f", {share}% of it reached this round"
            rule = "RMU-MOV-2"
        mods.append(Modifier(value=-bonus, label=label, rule=rule))
    mods.extend(
        firearm_defense(
            defender=shot.defender,
            armor=armor_for_target,
            breakage_total=shot.armor_damage,
            behind_cover=behind_cover,
            rules=rules,
        )
    )
    note_open_ground(shot.target, shot.defender, behind_cover=behind_cover, trace=tb)
    prepared = PreparedShot(
        shot=shot,
        weapon=weapon,
        table=table,
        ammo=ammo,
        spent=spent,
        band=band,
        plan=plan,
        modifiers=tuple(mods),
        fumble=fumble,
        recoil=unbraced,
        carried=tuple(carried),
        extra_at=extra_at,
    )
    return prepared, tb.build()


def resolve_aimed_shot(
    shot: AimedShot,
    dice: Dice,
    data: RmuData,
    prepared: tuple[PreparedShot, Trace] | None = None,
    gun: str | None = None,
    ally: Callable[[], Ally | None] | None = None,
) -> Outcome[AimedShotResult]:
    """Resolve one aimed shot (RMU-GEN-1..8, RMU-PB-1, RMU-COV-1..4, RMU-DOD-1, RMU-ARM-1..4).

    ``prepared`` is :func:`settled_aimed_shot`'s answer for ``shot``, when the caller has it
    already (an encounter validates a shot before it resolves it); ``gun`` the name the events
    give the gun (the rounds fired, a malfunction): an encounter's name for it, else the
    catalog key. ``ally`` looks up the nearest ally when a fumble sends them a round, for a
    shot read off a scene with none given: only a fumble reads them (DEC-105), so most shots
    are spared the search; None reads the shot's own."""
    tb = TraceBuilder()
    events: list[Event] = []
    result = _fired(shot, dice, data, prepared, tb, events, gun, ally)
    if result is None:  # pragma: no cover - a told trace always has its result
        raise AssertionError("an aimed shot resolved with its trace kept has a result")
    return Outcome(events=tuple(events), trace=tb.build(), result=result)


def aimed_shot_events(
    shot: AimedShot,
    dice: Dice,
    data: RmuData,
    prepared: tuple[PreparedShot, Trace] | None = None,
    gun: str | None = None,
    ally: Callable[[], Ally | None] | None = None,
) -> list[Event]:
    """The events alone of :func:`resolve_aimed_shot`, rolling the same dice: for a resolution
    whose trace and result nobody reads (a simulated fight), so neither is built."""
    events: list[Event] = []
    _fired(shot, dice, data, prepared, _QUIET, events, gun, ally)
    return events


#: A quiet builder keeps nothing, so one serves every quiet shot.
_QUIET = QuietTraceBuilder()


def _fired(
    shot: AimedShot,
    dice: Dice,
    data: RmuData,
    prepared: tuple[PreparedShot, Trace] | None,
    tb: TraceBuilder,
    events: list[Event],
    gun: str | None,
    ally: Callable[[], Ally | None] | None,
) -> AimedShotResult | None:
    """The shot resolved: its events go to ``events``, its steps to ``tb``; its result, or
    None when ``tb`` tells nobody (:attr:`~firefight.trace.TraceBuilder.telling`): a
    resolution whose trace is not read has its result not read either."""
    prep, told = prepared if prepared is not None else settled_aimed_shot(shot, data)
    tb.extend(told)
    weapon, ammo, plan, fumble = prep.weapon, prep.ammo, prep.plan, prep.fumble
    events.append(prep.spent)
    events.append(rounds_fired(shot.shooter, gun or weapon.key, 1))
    recoil_mods: tuple[Modifier, ...] = ()
    recoil_report = None
    if prep.recoil:
        recoil = resolve_recoil(
            shooter=shot.shooter,
            weapon=weapon,
            strength_bonus=shot.strength_bonus,
            naked_column=shot.shooter_naked_column,
            dice=dice,
            data=data,
            trace=tb,
            severity_steps=shot.shooter_severity_steps,
            kindred=shot.shooter_kindred,
        )
        events.extend(recoil.events)
        recoil_mods = recoil.modifiers
        recoil_report = recoil.report
    if plan is None:
        return _result(prep, recoil=recoil_report, landing=Missed(result="cannot hit"))
    # Most guns want no bracing: their terms are the prepared shot's, not copied.
    mods = (*prep.modifiers, *recoil_mods) if recoil_mods else prep.modifiers

    natural, rolled = attack_roll(dice, tb, "attack roll")
    if natural <= fumble:
        # The fumble table loads only when a shot fumbles.
        from firefight.rulesets.rmu.fumble import fumble_column

        column = fumble_column(weapon)
        tb.step(
            f"Unmodified {natural:02d} is within the {weapon.name}'s fumble range "
            f"01-{fumble:02d}: the shot fumbles and does nothing to the target; the gun's "
            f"own column ({column}) of the Firearm Fumble table says what it does instead.",
            "RMU-GEN-8",
        )
        bad = resolve_malfunction(
            weapon=weapon,
            ammo=ammo,
            ally=shot.ally if ally is None else ally(),
            shooter=shot.shooter,
            severity=None,
            column=column,
            push_per_step=0,
            dice=dice,
            data=data,
            trace=tb,
            rule="RMU-GEN-8",
            gun=gun,
        )
        events += (bad.event, *bad.ally_events)
        return _result(
            prep,
            recoil=recoil_report,
            landing=Missed(result="fumble"),
            fumble=True,
            roll=rolled,
            malfunction=bad.rolled,
            toward_ally=bad.toward_ally,
        )

    total = attack_total(tb, "attack total", rolled, mods)
    landed = resolve_strike(
        total=total,
        weapon=weapon,
        plan=plan,
        target=shot.target,
        shooter=shot.shooter,
        dice=dice,
        data=data,
        trace=tb,
        armor_damage=shot.armor_damage,
        armor_quality=shot.armor_quality,
        severity_steps=shot.defender.severity_steps,
        kindred=shot.defender.kindred,
        called=shot.called.location if shot.called else None,
        table=prep.table,
    )
    events.extend(landed.events)
    shielders = () if landed.hit else stray_shielders(shot.screen)
    shielder = None
    if shielders:
        stray_events, shielder = _stray_round(shot, prep, shielders, dice, data, tb)
        events.extend(stray_events)
    if not tb.telling:
        return None
    return _result(
        prep,
        recoil=recoil_report,
        attack_total=total,
        roll=rolled,
        landing=landed.landing,
        shielder=shielder,
    )


def _result(prep: PreparedShot, **landed: Any) -> AimedShotResult:
    """The result of the shot ``prep`` settled, with what came of it."""
    return AimedShotResult(
        weapon=prep.weapon.key,
        ammo=prep.ammo.key,
        distance_ft=prep.shot.distance_ft,
        range_band=prep.band.name,
        ap_spent=prep.cost,
        **landed,
    )


def resolve_ally_round(
    *,
    weapon: Weapon,
    ammo: Ammunition,
    ally: Ally | None,
    shooter: str,
    dice: Dice,
    data: RmuData,
    trace: TraceBuilder,
    rule: str = "RMU-GEN-8",
) -> tuple[list[Event], TowardAlly]:
    """A fumble's round toward the nearest ally (the Firearm Fumble table's 66, DEC-105): an
    attack at OB +0 with the range band of their distance (no point blank), on their own
    armor, defended as gunfire in the open, and it cannot fumble. Nobody named: told, not
    rolled (the GM knows who stands nearest). ``rule`` is the malfunction's: an aimed shot's
    fumble (RMU-GEN-8), a preparation's (RMU-RF-13) or a sweep's (F-5)."""
    if ally is None:
        trace.step(
            "A round goes toward the shooter's nearest ally: none was named, so it is the "
            "GM's to place.",
            rule,
        )
        return [], TowardAlly(ally=None)
    who = ally.who
    try:
        band = range_band(weapon, ally.distance_ft, data.rules, allow_point_blank=False)
    except RuleRefusal:
        trace.step(
            f"A round goes toward {who.name}, {ally.distance_ft:g} ft away: past the "
            f"{weapon.name}'s last band, it does not reach.",
            "RMU-GEN-4",
        )
        return [], TowardAlly(ally=OutOfReach(name=who.name))
    trace.step(
        f"A round goes toward the shooter's nearest ally, {who.name}, {ally.distance_ft:g} ft "
        f"away ({band.label}): OB +0, no fumble.",
        rule,
    )
    rng = range_modifier(band, weapon)
    attack = _round_into(
        who,
        weapon=weapon,
        ammo=ammo,
        carried=(rng,) if rng.value else (),
        rule=rule,
        shooter=shooter,
        dice=dice,
        data=data,
        trace=trace,
    )
    return list(attack.strike.events), TowardAlly(ally=_stray(who.name, attack))


@dataclass(frozen=True, slots=True, kw_only=True)
class GunMalfunction:
    """A roll on the Firearm Fumble table and what came of it: the roll, its event, and a 66's
    round toward the nearest ally (DEC-105) with that round's own events."""

    rolled: Malfunction
    event: Event
    ally_events: tuple[Event, ...] = ()
    toward_ally: TowardAlly | None = None


def resolve_malfunction(
    *,
    weapon: Weapon,
    ammo: Ammunition | str,
    ally: Ally | None,
    shooter: str,
    severity: Severity | None,
    column: str,
    push_per_step: int,
    dice: Dice,
    data: RmuData,
    trace: TraceBuilder,
    rule: str,
    gun: str | None = None,
) -> GunMalfunction:
    """The gun malfunctions: an attack roll's fumble (``severity`` None, RMU-GEN-8) or a
    maneuver's critical pushing the roll (RMU-RF-13, F-5). ``ammo`` given by its key is looked
    up only when a round flies toward the ally; ``gun`` is the name the event gives the gun
    (else its catalog key).

    Dice: the fumble d100, then the ally round's as :func:`resolve_ally_round` rolls them.
    """
    # The fumble table and the firearm events load only when a gun malfunctions.
    from firefight.rulesets.rmu.firearm_events import malfunction_event
    from firefight.rulesets.rmu.fumble import roll_malfunction

    bad = roll_malfunction(
        severity=severity,
        column=column,
        push_per_step=push_per_step,
        dice=dice,
        trace=trace,
        rule=rule,
    )
    event = malfunction_event(
        bad, actor=shooter, weapon=gun or weapon.key, severity=severity, rule=rule
    )
    if not bad.effect.nearest_ally:
        return GunMalfunction(rolled=bad, event=event)
    ally_events, toward = resolve_ally_round(
        weapon=weapon,
        ammo=data.ammunition(ammo) if isinstance(ammo, str) else ammo,
        ally=ally,
        shooter=shooter,
        dice=dice,
        data=data,
        trace=trace,
        rule=rule,
    )
    return GunMalfunction(
        rolled=bad, event=event, ally_events=tuple(ally_events), toward_ally=toward
    )


def _stray_round(
    shot: AimedShot,
    prep: PreparedShot,
    shielders: tuple[Bystander, ...],
    dice: Dice,
    data: RmuData,
    tb: TraceBuilder,
) -> tuple[list[Event], StrayRound | None]:
    """A missed shot flies on into a shielder (RMU-COV-6): chosen at random among several,
    attacked at OB +0 with no cover from other bodies, and the roll cannot fumble."""
    tb.step(
        f"The shot missed {shot.target}, whom people shielded: the round flies on into one of "
        "them, at OB +0 with the shot's other terms (P-8), no cover for them from other bodies "
        "and no fumble.",
        "RMU-COV-6",
    )
    who = choose_shielder(shielders, dice, tb)
    attack = _round_into(
        who,
        weapon=prep.weapon,
        ammo=prep.ammo,
        carried=prep.carried,
        rule="RMU-COV-6",
        shooter=shot.shooter,
        dice=dice,
        data=data,
        trace=tb,
        table=prep.table,
    )
    # Nobody reads the stray round's result when nobody reads the trace (a quiet resolution).
    return list(attack.strike.events), _stray(who.name, attack) if tb.telling else None


def _round_into(
    who: Bystander,
    *,
    weapon: Weapon,
    ammo: Ammunition,
    carried: tuple[Modifier, ...],
    rule: str,
    shooter: str,
    dice: Dice,
    data: RmuData,
    trace: TraceBuilder,
    table: AttackTable | None = None,
) -> RolledAttack:
    """A round gone astray into ``who``, someone the shooter did not aim at: OB +0 with the
    ``carried`` terms, on their own armor and DB, and it cannot fumble. ``rule`` is what sent
    it there: a miss through a screen (RMU-COV-6) or the malfunction that sent it toward an
    ally (DEC-105)."""
    stray = prepare_stray_round(
        weapon=weapon, ammo=ammo, who=who, data=data, carried=carried, trace=trace, rule=rule
    )
    return resolve_attack(
        purpose=f"stray round at {who.name}",
        total_label=f"attack total against {who.name}",
        modifiers=stray.modifiers,
        weapon=weapon,
        plan=stray.plan,
        target=who.name,
        shooter=shooter,
        dice=dice,
        data=data,
        trace=trace,
        armor_damage=who.armor_damage,
        armor_quality=who.armor_quality,
        severity_steps=who.defender.severity_steps,
        kindred=who.defender.kindred,
        table=table,
    )


def _stray(name: str, attack: RolledAttack) -> StrayRound:
    return StrayRound(
        name=name, roll=attack.roll, attack_total=attack.total, landing=attack.strike.landing
    )
