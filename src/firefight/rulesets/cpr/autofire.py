"""Autofire (C-5): ten bullets at one target, damage multiplied by how far the roll won.

The shooter rolls REF + Autofire + d10 against the weapon's autofire DV for the distance (or the
target's dodge, CPR-DOD-1). On a hit the weapon's autofire dice (2d6) are multiplied by the
margin, capped by the weapon (SMG 3, assault rifle 4). The margin of a hit is at least 1 since
ties miss, so the multiplier is never 0 on a hit. Autofire cannot be aimed (CPR-AIM-1).

Dice order: the dodge d10 if the target dodges, the shooter's d10, the 2d6 damage, then any
critical injury 2d6.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import quick_init, replace
from firefight.outcome import Outcome, ResolvedWord, Result, inline, omitted
from firefight.rulesets.cpr.checks import (
    check_dodge_allowed,
    compare,
    dv_or_dodge,
    fire_check,
    shooter_parts,
)
from firefight.rulesets.cpr.combatants import Aim, Target
from firefight.rulesets.cpr.damage import BodyHit, CoverHit, Hit, apply_damage, roll_damage
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import ActionTaken, WeaponJammed
from firefight.rulesets.cpr.magazine import check_ammo, check_rounds
from firefight.rulesets.cpr.ranges import DvRead, trace_range
from firefight.rulesets.cpr.weapons import Weapon
from firefight.rulesets.cpr.wounds import WoundState
from firefight.trace import Modifier, TraceBuilder

__all__ = ["AutofireAttack", "AutofireResult", "autofire_multiplier", "resolve_autofire"]


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class AutofireResult(Result):
    """Autofire at one target (C-5): the DV, the dodge it met, the total, ``hit`` or
    ``miss``, the weapon's cap and, on a hit, the multiplier and what the hit did; whether a
    poor weapon jammed (the burst then misses)."""

    weapon: str
    target: str
    distance_m: float
    band: str
    dv: int
    dodge: int | None
    attack_total: int
    result: str
    cap: int
    multiplier: int | None = omitted()
    damage_done: BodyHit | CoverHit | None = inline()
    rounds_left: int
    jammed: bool | None = omitted()

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if self.result == "hit" else "miss"


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class AutofireAttack:
    """An Action of autofire at one target. ``skill`` is the shooter's Autofire skill.

    ``aim`` exists only to be refused: autofire cannot be aimed (CPR-AIM-1). ``jams_on`` is the
    natural d10 face that jams a poor quality weapon (the modifier catalog), as a shot's.
    """

    weapon: str
    ref: int
    skill: int
    distance_m: float
    target: Target = field(default_factory=Target)
    shooter: str = "shooter"
    ammo: str = "basic"
    loaded: int | None = None
    aim: Aim | None = None
    wound: WoundState = WoundState.UNHURT
    injuries: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()
    jams_on: int | None = None


def autofire_multiplier(margin: int, cap: int) -> int:
    """The damage multiplier for a hit won by ``margin`` (>= 1), capped by the weapon (C-5).

    >>> autofire_multiplier(1, 3), autofire_multiplier(3, 3), autofire_multiplier(9, 4)
    (1, 3, 4)
    """
    if margin < 1:
        raise ValueError(f"a hit beats its DV by at least 1, not {margin!r}")
    return min(margin, cap)


def validate_autofire_weapon(weapon: Weapon, what: str, rule: str) -> int:
    """Refuse a weapon that cannot autofire; return its cap."""
    if weapon.autofire_cap is None:
        raise RuleRefusal(rule, f"The {weapon.name} cannot fire on autofire, so no {what}.")
    return weapon.autofire_cap


def _validate(attack: AutofireAttack, weapon: Weapon, data: CprData) -> DvRead:
    if attack.aim is not None:
        raise RuleRefusal("CPR-AIM-1", "Autofire cannot make an aimed shot.")
    validate_autofire_weapon(weapon, "autofire", "C-5")
    check_ammo(weapon, attack.ammo, data)
    check_rounds(weapon, attack.loaded, data.figures.autofire_bullets, what="Autofire", rule="C-5")
    assert weapon.autofire_row is not None
    read = data.autofire.read(weapon.autofire_row, attack.distance_m, weapon=weapon.name)
    check_dodge_allowed(attack.target, data)
    return read


def resolve_autofire(
    attack: AutofireAttack, dice: Dice, data: CprData, tb: TraceBuilder | None = None
) -> Outcome[AutofireResult]:
    """Resolve autofire at one target (C-5, CPR-HIT-2, CPR-DOD-1, CPR-DMG-1, C-1..C-4, C-9),
    its trace told to ``tb`` (a fresh one if None; a quiet one words no step)."""
    weapon = data.weapon(attack.weapon)
    read = _validate(attack, weapon, data)
    figures = data.figures
    cap = weapon.autofire_cap
    assert cap is not None
    target = attack.target
    if tb is None:
        tb = TraceBuilder()
    bullets = figures.autofire_bullets
    tb.step(
        f"{attack.shooter} sprays {bullets} rounds from the {weapon.name} at {target.name}, "
        f"{attack.distance_m:g} m away, with the {figures.autofire_skill} skill.",
        "C-5",
    )
    trace_range(tb, read, attack.distance_m, "autofire DV")
    events: list[Event] = [
        ActionTaken(actor=attack.shooter, action="autofire"),
        RoundsFired(actor=attack.shooter, weapon=weapon.key, rounds=bullets),
    ]
    threshold, against, dodge_total = dv_or_dodge(
        target, read.dv, "the autofire DV", dice, tb, data
    )
    parts = shooter_parts(attack, figures.autofire_skill, attack.extra, data)
    total, jam = fire_check(
        tb,
        dice,
        label="autofire total",
        purpose=f"{attack.shooter}'s autofire",
        parts=parts,
        jams_on=attack.jams_on,
        weapon=weapon.name,
        fails="the burst misses",
    )
    hit = not jam and compare(tb, total, threshold, against)
    loaded = weapon.magazine if attack.loaded is None else attack.loaded
    assert loaded is not None
    result = AutofireResult(
        weapon=weapon.key,
        target=target.name,
        distance_m=attack.distance_m,
        band=read.band.label,
        dv=read.dv,
        dodge=dodge_total.value if dodge_total else None,
        attack_total=total.value,
        result="hit" if hit else "miss",
        cap=cap,
        rounds_left=loaded - bullets,
    )
    if jam:
        # As a jammed shot spends its round, the jammed burst spends its ten (CPR-REF-1).
        events.append(WeaponJammed(actor=attack.shooter, weapon=weapon.key))
        result = replace(result, jammed=True)
    if hit:
        margin = total.value - threshold
        multiplier = autofire_multiplier(margin, cap)
        parts_m = [Modifier(value=margin, label=f"beat {against} by {margin}", rule="C-5")]
        if multiplier < margin:
            parts_m.append(
                Modifier(
                    value=multiplier - margin,
                    label=f"capped at {cap} for the {weapon.name}",
                    rule="C-5",
                )
            )
        tb.total("autofire multiplier", parts_m)
        roll = roll_damage(tb, dice, figures.autofire_damage_d6, "autofire damage")
        done = apply_damage(
            Hit(target=target, multiplier=multiplier, ammo=attack.ammo), roll, dice, tb, data
        )
        events.extend(done.events)
        result = replace(result, multiplier=multiplier, damage_done=done.report)
    return Outcome(events=tuple(events), trace=tb.build(), result=result)
