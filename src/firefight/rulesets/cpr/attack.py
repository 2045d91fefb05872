"""Ranged attacks with single shots: one per Action, two with a ROF 2 weapon, or one aimed shot.

``resolve_ranged_attack(attack, dice, data)`` is pure. It refuses (raising
:class:`~firefight.errors.RuleRefusal`) before any die is rolled. Per shot, the dice are asked
for in this order: the target's dodge d10 if they dodge (CPR-DOD-1: decided and rolled before
the shooter), the shooter's d10, then on a hit the damage dice and any critical injury 2d6.
Each d10 that comes up 10 or 1 takes one more d10 straight after it (C-1).

A shot hits when REF + skill + d10 (+ modifiers) beats the range DV, or the dodge roll that
replaces it; a tie misses (CPR-HIT-1, CPR-RNG-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, rounds_fired
from firefight.frozen import quick_init, replace
from firefight.outcome import Outcome, ResolvedWord, Result, inline, omitted
from firefight.rulesets.cpr.checks import (
    aim_penalty,
    check_dodge_allowed,
    compare,
    d10_modifier,
    dv_or_dodge,
    fire_check,
    shooter_parts,
)
from firefight.rulesets.cpr.combatants import Aim, Target
from firefight.rulesets.cpr.damage import BodyHit, CoverHit, Hit, apply_damage, roll_damage
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import WeaponJammed, action_taken
from firefight.rulesets.cpr.magazine import check_ammo, check_rounds
from firefight.rulesets.cpr.ranges import DvRead, trace_range
from firefight.rulesets.cpr.weapons import Ammo, Weapon, WeaponKind
from firefight.rulesets.cpr.wounds import WoundState
from firefight.tables.settled import settled
from firefight.trace import Modifier, Total, TraceBuilder

__all__ = [
    "AttackResult",
    "RangedAttack",
    "Shot",
    "ShotResult",
    "ranged_attack_events",
    "resolve_ranged_attack",
]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Shot:
    """One shot of an attack: at whom, how far (metres, C-2), and where it is aimed."""

    distance_m: float
    target: Target = field(default_factory=Target)
    aim: Aim | None = None
    item: str = "held item"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ShotResult:
    """One shot: the range band and DV, the dodge it met, the attack total, ``hit`` or
    ``miss``, and what the hit did (its figures written beside these)."""

    target: str
    distance_m: float
    band: str
    dv: int
    dodge: int | None
    attack_total: int
    aim: str | None
    result: str
    damage_done: BodyHit | CoverHit | None = inline()
    #: The shot jammed the weapon, ending the Action (the modifier catalog).
    jammed: bool | None = omitted()
    #: A guided smart round's own attack after a miss (C-14, DEC-462).
    smart_total: int | None = omitted()


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class AttackResult(Result):
    """An Attack Action: its shots, the hits and HP lost, and the rounds left (None: a weapon
    without a magazine)."""

    weapon: str
    ammo: str | None
    shots: tuple[ShotResult, ...]
    hits: int
    hp_lost: int
    rounds_left: int | None

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if any(s.result == "hit" for s in self.shots) else "miss"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class RangedAttack:
    """An Attack Action with a gun or bow: one shot, or two with a ROF 2 weapon (CPR-ROF-1).

    ``skill`` is the shooter's skill for this weapon (CPR-HIT-2). ``loaded`` is the rounds in
    the magazine (None: full). ``wound`` and ``injuries`` are the shooter's own (C-9, C-4);
    ``extra`` holds the GM's situational modifiers and the named ones; ``jams_on`` is the
    natural d10 face that jams a poor quality weapon (the modifier catalog).
    """

    weapon: str
    ref: int
    skill: int
    shots: tuple[Shot, ...]
    shooter: str = "shooter"
    ammo: str = "basic"
    loaded: int | None = None
    wound: WoundState = WoundState.UNHURT
    injuries: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()
    jams_on: int | None = None
    guided: bool = False


def _refuse_non_guns(weapon: Weapon) -> None:
    if weapon.kind is WeaponKind.MELEE:
        raise RuleRefusal(
            "CPR-HIT-2",
            f"A {weapon.name} is not fired: resolve a melee hit with `damage`, or throw it.",
        )
    if weapon.kind is WeaponKind.GRENADE:
        raise RuleRefusal("CPR-THR-1", f"A {weapon.name} is thrown, not fired: use `throw`.")
    if weapon.kind is WeaponKind.LAUNCHER:
        raise RuleRefusal(
            "C-8",
            f"A {weapon.name} fires explosives that hit an area, not one target: use `explode`.",
        )


def _validate(attack: RangedAttack, weapon: Weapon, data: CprData) -> tuple[DvRead, ...]:
    """Every refusal, before any die; returns each shot's DV read."""
    shots = attack.shots
    # A gun fires the same few ways over and over: what its checks read (the weapon, the
    # rounds loaded, the aim and distance of each shot) is checked once per distinct attack
    # and its reads kept with the catalog; a refusal is never kept, so it is raised each time.
    key = (attack.weapon, attack.ammo, attack.loaded, *[(s.distance_m, s.aim) for s in shots])
    reads = settled(data, "attack reads", key, _weapon_reads, attack, weapon, data)
    for shot in shots:
        check_dodge_allowed(shot.target, data)
    return reads


def _weapon_reads(attack: RangedAttack, weapon: Weapon, data: CprData) -> tuple[DvRead, ...]:
    """The refusals of the weapon and its shots, in the rules' order; each shot's DV read."""
    _refuse_non_guns(weapon)
    shots = attack.shots
    if not shots:
        raise RuleRefusal("CPR-ROF-1", "An attack needs at least one shot.")
    aimed = any(s.aim is not None for s in shots)
    if aimed and attack.ammo == "shell":
        raise RuleRefusal("CPR-AIM-1", "Shotgun shells cannot make an aimed shot.")
    check_ammo(weapon, attack.ammo, data)
    if attack.ammo == "shell":
        raise RuleRefusal(
            "C-7",
            "Shotgun shells hit everyone in the area in front of the shooter: "
            "use `shotgun-shells`.",
        )
    if aimed and len(shots) > 1:
        raise RuleRefusal(
            "CPR-AIM-1",
            "An aimed shot takes the whole Action: it is one shot, once per turn.",
        )
    if len(shots) > weapon.rof:
        raise RuleRefusal(
            "CPR-ROF-1",
            f"The {weapon.name} is ROF {weapon.rof}: {weapon.rof} attack per Action, "
            f"not {len(shots)}.",
        )
    check_rounds(weapon, attack.loaded, len(shots), what="This attack")
    return tuple(_range_read(weapon, s.distance_m, data) for s in shots)


def _range_read(weapon: Weapon, distance_m: float, data: CprData) -> DvRead:
    """The range DV of ``weapon`` at ``distance_m`` (CPR-RNG-1)."""
    row = weapon.range_row
    assert row is not None
    return data.ranges.read(row, distance_m, weapon=weapon.name)


def _smart_round(
    attack: RangedAttack, ammo: Ammo, target: str, dice: Dice, tb: TraceBuilder
) -> Total | None:
    """A missed smart round makes its own attack once, guided by the smartgun link: its base
    and a d10, exploding as every cpr check does (C-14, C-1, DEC-462). Without the link it was
    a basic round: None."""
    if not attack.guided:
        tb.step("Smart rounds without a smartgun link fly as basic rounds.", "C-14")
        return None
    tb.step(
        f"The smart round turns back toward {target}: its own attack, {ammo.smart_base} + d10.",
        "C-14",
    )
    roll = tb.roll(dice.d10_exploding(f"{attack.shooter}'s smart round"))
    base = Modifier(value=ammo.smart_base, label="smart round's guidance", rule="C-14")
    return tb.total("smart round total", [base, d10_modifier(roll)])


def resolve_ranged_attack(
    attack: RangedAttack, dice: Dice, data: CprData, tb: TraceBuilder | None = None
) -> Outcome[AttackResult]:
    """Resolve an Attack Action of single shots (CPR-HIT-1..2, CPR-RNG-1, CPR-DOD-1,
    CPR-ROF-1, CPR-AIM-1, CPR-DMG-1, C-1..C-4, C-9, C-14's smart rounds), its trace told to
    ``tb`` (a fresh one if None; a quiet one words no step)."""
    weapon = data.weapon(attack.weapon)
    if tb is None:
        tb = TraceBuilder()
    shot_results: list[ShotResult] = []
    events, hits, hp_lost, count, _ = _fired(attack, weapon, dice, data, tb, shot_results)
    loaded = weapon.magazine if attack.loaded is None else attack.loaded
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        result=AttackResult(
            weapon=weapon.key,
            ammo=attack.ammo if weapon.magazine is not None else None,
            shots=tuple(shot_results),
            hits=hits,
            hp_lost=hp_lost,
            rounds_left=loaded - count if loaded is not None else None,
        ),
    )


def ranged_attack_events(
    attack: RangedAttack, dice: Dice, data: CprData, tb: TraceBuilder
) -> tuple[list[Event], bool]:
    """:func:`resolve_ranged_attack`'s events and whether its last shot hit, from the very
    same rolls, with no result built: for a caller that reads nothing else (a simulated
    fight's quiet path, whose ``tb`` words no step)."""
    events, _, _, _, last_hit = _fired(attack, data.weapon(attack.weapon), dice, data, tb, None)
    return events, last_hit


def _fired(
    attack: RangedAttack,
    weapon: Weapon,
    dice: Dice,
    data: CprData,
    tb: TraceBuilder,
    said: list[ShotResult] | None,
) -> tuple[list[Event], int, int, int, bool]:
    """The shots of ``attack``, in order: the events, the hits, the HP lost, the shots that
    spent rounds, and whether the last shot hit; each shot's result added to ``said`` (None:
    none built)."""
    ammo = data.ammunition(attack.ammo)
    reads = _validate(attack, weapon, data)
    telling = tb.telling
    aimed = attack.shots[0].aim
    events: list[Event] = [action_taken(attack.shooter, "aimed shot" if aimed else "attack")]
    if weapon.magazine is not None:
        events.append(rounds_fired(attack.shooter, weapon.key, len(attack.shots)))
    current: dict[str, Target] = {}
    hits = hp_lost = taken = 0
    hit = False
    count = len(attack.shots)
    for number, (shot, read) in enumerate(zip(attack.shots, reads, strict=True), start=1):
        if number > 1 and telling:
            tb.step(
                f"{attack.shooter} may move before the next shot; it is its own attack roll and "
                "damage roll.",
                "CPR-ROF-1",
            )
        target = shot.target
        if target.name in current:
            # A second shot at someone the first hit meets their armor and HP as they now are.
            before = current[target.name]
            target = replace(
                target,
                body_sp=before.body_sp,
                head_sp=before.head_sp,
                health=before.health,
                injuries=before.injuries,
                cover=before.cover,
            )
        if telling:
            which = f"Shot {number} of {count}: " if count > 1 else ""
            aim_text = f", aimed at the {shot.aim.words}" if shot.aim else ""
            tb.step(
                f"{which}{attack.shooter} fires the {weapon.name} ({weapon.skill}) at "
                f"{target.name}, {shot.distance_m:g} m away{aim_text}.",
                "CPR-HIT-2",
            )
            trace_range(tb, read, shot.distance_m, "range DV")
        threshold, against, dodge_total = dv_or_dodge(
            target, read.dv, "the range DV", dice, tb, data
        )
        parts = shooter_parts(
            attack, weapon.skill, [*aim_penalty(shot.aim, data), *attack.extra], data
        )
        total, jam = fire_check(
            tb,
            dice,
            label="attack total",
            purpose=f"{attack.shooter}'s attack",
            parts=parts,
            jams_on=attack.jams_on,
            weapon=weapon.name,
        )
        hit = not jam and compare(tb, total, threshold, against)
        smart = None
        if not hit and not jam and ammo.smart:
            smart = _smart_round(attack, ammo, target.name, dice, tb)
            hit = smart is not None and compare(tb, smart, threshold, against, rule="C-14")
        report = None
        if hit:
            roll = roll_damage(tb, dice, weapon.damage_d6, f"{weapon.name} damage")
            result = apply_damage(
                Hit(target=target, aim=shot.aim, item=shot.item, ammo=attack.ammo),
                roll,
                dice,
                tb,
                data,
            )
            events.extend(result.events)
            current[target.name] = result.target
            report = result.report
            hits += 1
            hp_lost += result.hp_lost
        else:
            current[target.name] = target
        taken += 1
        if said is not None:
            said.append(
                ShotResult(
                    target=target.name,
                    distance_m=shot.distance_m,
                    band=read.band.label,
                    dv=read.dv,
                    dodge=dodge_total.value if dodge_total else None,
                    attack_total=total.value,
                    aim=shot.aim.value if shot.aim else None,
                    result="hit" if hit else "miss",
                    damage_done=report,
                    jammed=True if jam else None,
                    smart_total=smart.value if smart is not None else None,
                )
            )
        if jam:
            events.append(WeaponJammed(actor=attack.shooter, weapon=weapon.key))
            break
    if taken < count and weapon.magazine is not None:
        # A jam stopped the Action: only the shots taken spent rounds.
        count = taken
        events[1] = rounds_fired(attack.shooter, weapon.key, count)
    return events, hits, hp_lost, count, hit
