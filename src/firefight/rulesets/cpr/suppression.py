"""Suppressive fire (C-6): ten rounds that deal no damage but send people running for cover.

An Action and 10 rounds from a weapon that can autofire. The shooter rolls an Autofire check
(REF + Autofire + d10). Everyone within 25 m whom the shooter can see, who is on foot and out
of cover, rolls WILL + Concentration + d10 against it; whoever does not at least tie it must
spend their next Move reaching cover. Ties go to the defender, here the suppressed target.
A poor quality weapon that jams on the check (CPR-REF-1) breaks the fire off: nobody resists,
nobody is suppressed, and the ten rounds are spent, as a jammed shot spends its round.

Dice order: the shooter's d10, then each affected target's d10 in the order they are listed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from firefight.dice import Dice
from firefight.events import Event, RoundsFired
from firefight.frozen import replace
from firefight.outcome import Outcome, ResolvedWord, Result, omitted
from firefight.rulesets.cpr.autofire import validate_autofire_weapon
from firefight.rulesets.cpr.checks import (
    compare,
    fire_check,
    own_conditions,
    roll_check,
    shooter_parts,
)
from firefight.rulesets.cpr.combatants import Spot, Target
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import ActionTaken, MustTakeCover, WeaponJammed
from firefight.rulesets.cpr.magazine import check_ammo, check_rounds
from firefight.rulesets.cpr.ranges import whole_metres
from firefight.rulesets.cpr.scene import check_names, distance_m, position_of
from firefight.rulesets.cpr.wounds import WoundState
from firefight.trace import Modifier, TraceBuilder

__all__ = ["Suppressed", "SuppressionResult", "SuppressiveFire", "resolve_suppression"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Suppressed:
    """One person in sight of suppressive fire (C-6): unaffected (``reason``), or their
    resistance total and whether they must run for cover."""

    target: str
    distance_m: float
    affected: bool
    reason: str | None = omitted()
    resist_total: int | None = omitted()
    must_take_cover: bool | None = omitted()


@dataclass(frozen=True, slots=True, kw_only=True)
class SuppressionResult(Result):
    """Suppressive fire (C-6): the check, everyone it reached, who must run for cover, and
    the rounds left; whether a poor weapon jammed on the check (then nobody resists)."""

    weapon: str
    check_total: int
    targets: tuple[Suppressed, ...]
    must_take_cover: tuple[str, ...]
    rounds_left: int
    jammed: bool | None = omitted()

    @property
    def outcome(self) -> ResolvedWord:
        """A ``success`` when someone must run for cover, a ``failure`` when all hold."""
        return "success" if self.must_take_cover else "failure"


@dataclass(frozen=True, slots=True, kw_only=True)
class SuppressiveFire:
    """Suppressive fire from ``position``; ``skill`` is the shooter's Autofire skill.

    Each target needs a position, and brings ``will``, ``concentration``, ``visible``,
    ``on_foot`` and ``in_cover``. ``jams_on`` is the natural d10 face that jams a poor quality
    weapon (the modifier catalog), as a shot's.
    """

    weapon: str
    ref: int
    skill: int
    targets: tuple[Target, ...]
    position: Spot = field(default_factory=lambda: Spot(x_m=0, y_m=0))
    shooter: str = "shooter"
    ammo: str = "basic"
    loaded: int | None = None
    wound: WoundState = WoundState.UNHURT
    injuries: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()
    jams_on: int | None = None


def _why_unaffected(target: Target, metres: int, radius_m: int) -> str | None:
    if metres > radius_m:
        return f"{metres} m away, beyond {radius_m} m"
    if not target.visible:
        return "out of the shooter's line of sight"
    if not target.on_foot:
        return "not on foot"
    if target.in_cover:
        return "already in cover"
    return None


def resolve_suppression(
    fire: SuppressiveFire, dice: Dice, data: CprData
) -> Outcome[SuppressionResult]:
    """Resolve suppressive fire (C-6, C-1, C-9)."""
    figures = data.figures
    weapon = data.weapon(fire.weapon)
    validate_autofire_weapon(weapon, "suppressive fire", "C-6")
    check_ammo(weapon, fire.ammo, data)
    bullets = figures.suppression_bullets
    loaded = check_rounds(weapon, fire.loaded, bullets, what="Suppressive fire", rule="C-6")
    assert loaded is not None
    check_names(fire.targets, "C-6")
    distances = [distance_m(fire.position, position_of(t, "C-6")) for t in fire.targets]

    tb = TraceBuilder()
    radius = figures.suppression_radius_m
    tb.step(
        f"{fire.shooter} lays down suppressive fire with the {weapon.name}: {bullets} rounds, no "
        f"damage; everyone within {radius} m in sight, on foot and out of cover must resist.",
        "C-6",
    )
    events: list[Event] = [
        ActionTaken(actor=fire.shooter, action="suppressive fire"),
        RoundsFired(actor=fire.shooter, weapon=weapon.key, rounds=bullets),
    ]
    parts = shooter_parts(
        fire, figures.autofire_skill, fire.extra, data, stat_rule="C-6", skill_rule="C-6"
    )
    check, jam = fire_check(
        tb,
        dice,
        label="suppressive fire check",
        purpose=f"{fire.shooter}'s autofire check",
        parts=parts,
        jams_on=fire.jams_on,
        weapon=weapon.name,
        fails="the fire breaks off: nobody is suppressed",
    )
    if jam:
        events.append(WeaponJammed(actor=fire.shooter, weapon=weapon.key))
    results: list[Suppressed] = []
    for target, metres_exact in zip(fire.targets, distances, strict=True):
        metres = whole_metres(metres_exact)
        why = _why_unaffected(target, metres, radius) or (
            f"the {weapon.name} jammed" if jam else None
        )
        entry = Suppressed(target=target.name, distance_m=metres_exact, affected=False)
        if why:
            tb.step(f"{target.name} is not suppressed: {why}.", "C-6")
            results.append(replace(entry, reason=why))
            continue
        resist_parts = [
            Modifier(value=target.will, label=f"{target.name}'s WILL", rule="C-6"),
            Modifier(
                value=target.concentration,
                label=f"{target.name}'s {figures.suppression_resist_skill} skill",
                rule="C-6",
            ),
            *own_conditions(target, data),
        ]
        resist = roll_check(
            tb,
            dice,
            label=f"{target.name} resists",
            purpose=f"{target.name}'s resistance",
            parts=resist_parts,
        )
        broken = compare(tb, check, resist.value, f"{target.name}'s resistance", rule="C-6")
        if broken:
            tb.step(f"{target.name} must use their next Move to reach cover.", "C-6")
            events.append(MustTakeCover(target=target.name, by=fire.shooter))
        else:
            tb.step(f"{target.name} holds their ground.", "C-6")
        results.append(
            replace(entry, affected=True, resist_total=resist.value, must_take_cover=broken)
        )
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        result=SuppressionResult(
            weapon=weapon.key,
            check_total=check.value,
            targets=tuple(results),
            must_take_cover=tuple(r.target for r in results if r.must_take_cover),
            rounds_left=loaded - bullets,
            jammed=jam or None,
        ),
    )
