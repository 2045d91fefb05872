"""Shotgun shells (C-7): one attack at a flat DV 13 against everyone in front, 3d6 rolled once.

The area is the block directly in front of the shooter: 6 m deep, 6 m wide, centred on the way
they face (rules.toml ``[shells]``); anyone with any part of their body inside it and visible
to the shooter is a target. One attack, REF + Shoulder Arms + d10, against DV 13; a target with
REF 8+ may dodge, and their dodge roll replaces the DV for them alone. One 3d6 damage roll
serves every target hit; armor, critical injuries and ablation are per target. Shells cannot
be aimed (CPR-AIM-1).

Dice order: each dodging target's d10 (in listed order), the shooter's d10, the 3d6 if anyone
is hit, then any critical injury 2d6 per target hit, in listed order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.events import Event, RoundsFired
from firefight.frozen import replace
from firefight.outcome import Outcome, ResolvedWord, Result, omitted
from firefight.rulesets.cpr.checks import (
    check_dodge_allowed,
    compare,
    dodge_against,
    fire_check,
    shooter_parts,
)
from firefight.rulesets.cpr.combatants import Aim, Spot, Target
from firefight.rulesets.cpr.damage import AreaTarget, Hit, area_hits, roll_damage
from firefight.rulesets.cpr.data import CprData
from firefight.rulesets.cpr.events import ActionTaken, WeaponJammed
from firefight.rulesets.cpr.magazine import check_ammo, check_rounds
from firefight.rulesets.cpr.scene import (
    check_names,
    front_area,
    in_front,
    position_of,
    touches,
)
from firefight.rulesets.cpr.wounds import WoundState
from firefight.trace import Modifier, Total, TraceBuilder

__all__ = ["ShellsResult", "ShotgunShells", "resolve_shotgun_shells"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ShellsResult(Result):
    """Shotgun shells (C-7): the one attack total against the DV, everyone in front or not,
    the hits, and the rounds left; whether a poor weapon jammed (then the shell misses all)."""

    weapon: str
    attack_total: int
    dv: int
    targets: tuple[AreaTarget, ...]
    hits: int
    rounds_left: int
    jammed: bool | None = omitted()

    @property
    def outcome(self) -> ResolvedWord:
        return "hit" if any(t.result == "hit" for t in self.targets) else "miss"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotgunShells:
    """A shotgun shell fired from ``position`` facing ``toward`` (default: the first target).

    ``skill`` is the shooter's Shoulder Arms; ``ammo`` is what the magazine holds (it must be
    shells, CPR-AMMO-1). ``targets`` may include people outside the area;
    they are listed in the trace as missed by the spread. ``aim`` exists only to be refused.
    ``jams_on`` is the natural d10 face that jams a poor quality weapon, as a shot's.
    """

    ref: int
    skill: int
    targets: tuple[Target, ...]
    position: Spot = field(default_factory=lambda: Spot(x_m=0, y_m=0))
    toward: Spot | None = None
    weapon: str = "shotgun"
    ammo: str = "shell"
    shooter: str = "shooter"
    loaded: int | None = None
    aim: Aim | None = None
    wound: WoundState = WoundState.UNHURT
    injuries: tuple[str, ...] = ()
    extra: tuple[Modifier, ...] = ()
    jams_on: int | None = None


def resolve_shotgun_shells(fire: ShotgunShells, dice: Dice, data: CprData) -> Outcome[ShellsResult]:
    """Resolve one shotgun shell (C-7, CPR-AIM-1, CPR-DOD-1, C-1..C-4, C-9)."""
    figures = data.figures
    if fire.aim is not None:
        raise RuleRefusal("CPR-AIM-1", "Shotgun shells cannot make an aimed shot.")
    weapon = data.weapon(fire.weapon)
    if "shell" not in weapon.ammo:
        raise RuleRefusal("C-7", f"The {weapon.name} does not fire shotgun shells.")
    check_ammo(weapon, fire.ammo, data)
    if fire.ammo != "shell":
        raise RuleRefusal(
            "CPR-AMMO-1",
            f"The {weapon.name}'s magazine holds {data.ammo[fire.ammo].name}, not shells; a "
            "magazine holds one kind, so reload it with shells first.",
        )
    loaded = check_rounds(weapon, fire.loaded, 1, what="A shotgun shell")
    assert loaded is not None
    toward = fire.toward
    if toward is None:
        if not fire.targets:
            raise RuleRefusal("C-7", "Say which way the shooter faces, or name a target.")
        toward = position_of(fire.targets[0], "C-7")
    check_names(fire.targets, "C-7")
    area = front_area(fire.position, toward, figures.shells_depth_m, figures.shells_width_m)
    in_area: list[Target] = []
    outside: list[tuple[Target, str]] = []
    for target in fire.targets:
        if not touches(target, area, "C-7"):
            outside.append((target, "outside the area in front of the shooter"))
        elif not in_front(target, area, "C-7"):
            outside.append((target, "level with the shooter or behind, not in front"))
        elif not target.visible:
            outside.append((target, "the shooter cannot see them"))
        else:
            check_dodge_allowed(target, data)
            in_area.append(target)

    tb = TraceBuilder()
    tb.step(
        f"{fire.shooter} fires a shotgun shell: one attack against DV {figures.shells_dv} at "
        f"everyone visible in the {figures.shells_depth_m:g} m x {figures.shells_width_m:g} m "
        f"block in front; {figures.shells_damage_d6}d6 rolled once for all.",
        "C-7",
    )
    for target, why in outside:
        tb.step(f"{target.name} is not in the spread: {why}.", "C-7")
    events: list[Event] = [
        ActionTaken(actor=fire.shooter, action="shotgun shells"),
        RoundsFired(actor=fire.shooter, weapon=weapon.key, rounds=1),
    ]
    dodges: dict[int, Total] = {}
    for index, target in enumerate(in_area):
        dodge = dodge_against(target, figures.shells_dv, dice, tb, data)
        if dodge is not None:
            dodges[index] = dodge
    parts = shooter_parts(fire, weapon.skill, fire.extra, data)
    total, jam = fire_check(
        tb,
        dice,
        label="attack total",
        purpose=f"{fire.shooter}'s shotgun shell",
        parts=parts,
        jams_on=fire.jams_on,
        weapon=weapon.name,
    )
    if jam:
        events.append(WeaponJammed(actor=fire.shooter, weapon=weapon.key))
    hit_flags: list[bool] = []
    for index, target in enumerate(in_area):
        if jam:
            hit_flags.append(False)
        elif index in dodges:
            hit_flags.append(compare(tb, total, dodges[index].value, f"{target.name}'s dodge"))
        else:
            hit_flags.append(compare(tb, total, figures.shells_dv, f"the DV for {target.name},"))
    results = [
        AreaTarget(target=t.name, in_area=False, reason=why, result="not in area")
        for t, why in outside
    ]
    if any(hit_flags):
        roll = roll_damage(tb, dice, figures.shells_damage_d6, "shotgun shell damage")
        hit = [t for t, was_hit in zip(in_area, hit_flags, strict=True) if was_hit]
        # One roll reaches everyone in the spread: it strikes each piece of cover once, and
        # cover it destroys lets it through (C-13 read as for an area attack, DEC-460).
        struck, reached = area_hits(
            hit,
            roll,
            lambda t: Hit(target=replace(t, cover=None)),
            dice,
            tb,
            data,
            what="the shells",
        )
        events.extend(struck)
        results.extend(reached)
    for index, (target, was_hit) in enumerate(zip(in_area, hit_flags, strict=True)):
        if not was_hit:
            dodged = dodges[index].value if index in dodges else None
            results.append(
                AreaTarget(target=target.name, in_area=True, result="miss", dodge=dodged)
            )
    order = {t.name: i for i, t in enumerate(fire.targets)}
    results.sort(key=lambda r: order.get(r.target, len(order)))
    return Outcome(
        events=tuple(events),
        trace=tb.build(),
        result=ShellsResult(
            weapon=weapon.key,
            attack_total=total.value,
            dv=figures.shells_dv,
            targets=tuple(results),
            hits=sum(hit_flags),
            rounds_left=loaded - 1,
            jammed=jam or None,
        ),
    )
