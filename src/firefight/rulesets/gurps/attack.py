"""Resolving a shot (GUR-CORE-1 with the house rules of 002): the effective skill, one 3d6 roll
per shot with Rcl after the first (G-5), criticals (G-1), the target's active defense with PD
(G-3), where a miss goes (GUR-WRONG-2, GUR-IND-2) and where a dodged missile goes (GUR-WRONG-3),
hit locations where GUR-LOC-1 calls for them, the critical hit table, damage and injury.

>>> from firefight.dice import Dice
>>> from firefight.declarations import declare
>>> shot = declare(Shoot, weapon="revolver-38", skill=14, distance=5, aim=1)
>>> out = resolve_shot(shot, Dice.scripted([3, 3, 3, 4, 2]))
>>> out.result.result, out.result.injury
('hit', 5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firefight.dice import Dice
from firefight.errors import RuleRefusal
from firefight.frozen import replace
from firefight.outcome import Outcome
from firefight.rulesets.gurps.damage import Hit, damage_hit
from firefight.rulesets.gurps.data import DATA, Armor, GurpsData
from firefight.rulesets.gurps.dice_formula import DiceFormula
from firefight.rulesets.gurps.injury import Condition, shock, take_injury
from firefight.rulesets.gurps.rolls import DiceRoller, Roller
from firefight.rulesets.gurps.setup import ShotSetup, settle
from firefight.rulesets.gurps.shot import Shoot
from firefight.rulesets.gurps.shot_result import (
    BarrelBurst,
    ShotResult,
    ShotRoll,
    TargetCondition,
)
from firefight.rulesets.gurps.success import Verdict, judge
from firefight.trace import Modifier, TraceBuilder
from firefight.wording import counted

__all__ = ["StrayWound", "defense_target", "miss_path", "resolve_shot", "run_shot", "stray_hit"]


def defense_target(shot: Shoot, setup: ShotSetup, data: GurpsData) -> list[Modifier]:
    """The target's active defense against this missile, with PD (G-3); a refusal if that
    defense does not work against it (public core 3e)."""
    rules = data.core.defenses
    allowed: list[str] = getattr(rules, shot.defense)
    if setup.weapon.kind not in allowed:
        usable = [d for d in ("dodge", "block", "parry") if setup.weapon.kind in getattr(rules, d)]
        raise RuleRefusal(
            "G-3",
            f"A {setup.weapon.name} cannot be met with a {shot.defense}; "
            f"{' or '.join(usable)} it instead.",
        )
    armor = data.armor[shot.armor]
    pd = armor.pd if shot.pd is None else shot.pd
    parts = [
        Modifier(value=shot.defense_value, label=shot.defense, rule="G-3"),
        Modifier(value=pd + shot.shield_pd, label="PD", rule="G-3"),
    ]
    if shot.defense == "parry":
        parts.append(
            Modifier(value=rules.parry_modifier, label="parrying a thrown weapon", rule="G-3")
        )
    if shot.stunned:
        parts.append(
            Modifier(value=data.core.injury.stunned_defense, label="stunned", rule="GUR-CORE-1")
        )
    flight = data.house.arrows
    long_flight = setup.weapon.kind in flight.flight_kinds and setup.beyond_half_damage
    if long_flight and shot.defense in ("dodge", "block"):
        parts.append(
            Modifier(
                value=rules.long_flight_bonus,
                label=f"seen coming: {flight.flight_time_seconds} s in the air",
                rule="GUR-ARROW-1",
            )
        )
    return parts


def _defends(
    shot: Shoot, defense: list[Modifier], roller: Roller, trace: TraceBuilder, data: GurpsData
) -> bool:
    """Whether the target's active defense (``defense``, from :func:`defense_target`) stops the
    missile: one roll against it, traced (G-3)."""
    total = trace.total(shot.defense, defense)
    roll = roller.check(total.value, f"{shot.defense} roll")
    defended = judge(roll, total.value, data.core.success)
    trace.step(f"{shot.defense} {roll} against {total.value}: {defended.result}", rule="G-3")
    return defended.success


def miss_path(verdict: Verdict, data: GurpsData) -> ShotRoll:
    """Where a missed shot goes: through the target's hex if missed by 4 or less, else one hex
    wide per 2 more points (GUR-WRONG-2); a critical miss never strays into an enemy."""
    missed_by = -verdict.margin
    rules = data.house.wrong_target
    rolled = ShotRoll(roll=verdict.roll, target=verdict.target, result=verdict.result)
    if verdict.critical:
        return replace(rolled, missed_by=missed_by, path="critical miss: harms no enemy")
    wide = rules.hexes_wide(missed_by)
    path = f"goes {wide} hex(es) wide" if wide else "passes through the target's hex"
    return replace(rolled, missed_by=missed_by, path=path, wide_hexes=wide)


#: How far along the line of fire each scatter hex side leads, per yard (the cosine of its
#: angle off the line): side 1 straight on beyond the target, counted clockwise (DEC-771).
_SIDE_ALONG = (1.0, 0.5, -0.5, -1.0, -0.5, 0.5)


def _scatter(
    missed: ShotRoll, verdict: Verdict, setup: ShotSetup, roller: Roller, trace: TraceBuilder
) -> ShotRoll:
    """GUR-IND-2: a lobbed miss lands (yards missed by) or half the distance away, whichever
    is less, toward the hex side a d6 gives (DEC-771). A landing past the weapon's Max range
    cannot be: the result is ignored and the missile lost, not rerolled, so that a scatter is
    always one die (the odds walk every die; DEC-771)."""
    yards = min(-verdict.margin, math.ceil(setup.distance / 2))
    direction = roller.sum(1, "scatter direction (hex side)")
    scattered = replace(missed, scatter_yd=yards, scatter_direction=direction)
    along = _SIDE_ALONG[direction - 1]
    carried = math.sqrt(setup.distance**2 + yards**2 + 2 * setup.distance * yards * along)
    if carried <= setup.max_range:
        # Said where it comes down: the text showed the die and nothing of the landing, and the
        # path read as a shot through the target's hex (DEC-901).
        trace.step(
            f"it comes down {yards} yd off toward hex side {direction} (1 beyond the target, "
            f"4 back toward the thrower), {carried:.1f} yd out",
            rule="GUR-IND-2",
        )
        return replace(scattered, path=f"comes down {yards} yd off, hex side {direction}")
    trace.step(
        f"{yards} yd off toward hex side {direction} would land {carried:.1f} yd out, past the "
        f"{setup.weapon.name}'s Max {setup.max_range:g} yd: ignored, the missile is lost",
        rule="GUR-IND-2",
    )
    return replace(scattered, path="lost past its Max range")


def _barrel_burst(
    shot: Shoot, setup: ShotSetup, roller: Roller, trace: TraceBuilder, data: GurpsData
) -> BarrelBurst | None:
    """GUR-RELOAD-1: too-fine powder bursts the barrel on a 1 on 1d6, the shot lost and half
    a damage roll to the firer's face (DEC-212)."""
    if shot.powder != "fine":
        return None
    burst_on = data.house.powder["fine"].burst_on
    if not roller.chance(burst_on, f"barrel holds (bursts on {burst_on})"):
        return None
    rolled = roller.sum(setup.damage.dice, "burst damage") + setup.damage.adds
    face = max(0, rolled) // 2
    trace.step(f"the barrel bursts: {face} to the firer's face", rule="GUR-RELOAD-1")
    return BarrelBurst(firer_injury=face)


def _through_cover(
    setup: ShotSetup, armor: Armor, dr: int, roller: Roller, trace: TraceBuilder, data: GurpsData
) -> int | None:
    """GUR-AMMO-1: an APE round meets hard cover: it bursts there on 1-3 (the shot is spent,
    DEC-404); passing through, it throws 1d6-3 shrapnel per 6 dice of basic damage at the one
    behind, hit or not, against DR as crushing. The shrapnel's injury, or None if spent."""
    ammo = setup.ammo
    on = ammo.contact_burst_in_6
    if roller.chance(on, f"{ammo.name} bursts on the cover (1-{on})"):
        trace.step("the round bursts on the cover", rule="GUR-AMMO-1")
        return None
    assert ammo.cover_shrapnel is not None
    each = DiceFormula.parse(ammo.cover_shrapnel)
    times = setup.damage.dice // 6
    if not times:
        trace.step("through the cover: too light a round for shrapnel", rule="GUR-AMMO-1")
        return 0
    rolled = roller.sum(each.dice * times, f"shrapnel {times} x {each}")
    basic = max(0, rolled + each.adds * times)
    injury = max(0, basic - dr)
    trace.step(
        f"through the cover: {basic} shrapnel against DR {dr}: {injury} injury",
        rule="GUR-AMMO-1",
    )
    return injury


def _condition_before(shot: Shoot) -> Condition | None:
    """The target's condition as the shot finds it, None where the GM gave no HP to track."""
    if shot.hp is None:
        return None
    return Condition(
        hp=shot.hp,
        ht=shot.ht,
        lost=shot.injured,
        stunned=shot.stunned,
        unconscious=shot.unconscious,
    )


def run_shot(
    shot: Shoot, roller: Roller, trace: TraceBuilder, data: GurpsData = DATA
) -> ShotResult:
    """Resolve ``shot`` asking ``roller`` for every die."""
    setup = settle(shot, data)
    if shot.defense != "none":
        defense = defense_target(shot, setup, data)
    skill = trace.total("effective skill", setup.modifiers)
    armor = data.armor[shot.armor]
    dr = armor.dr if shot.dr is None else shot.dr
    condition = _condition_before(shot)
    automatic = setup.weapon.shots_per_turn > 3 and setup.rcl < 0
    shots: list[ShotRoll] = []
    hits: list[Hit] = []
    major = False
    shock_total = 0
    critical_hit = critical_miss = False
    cover_injury = 0
    burst = _barrel_burst(shot, setup, roller, trace, data)
    missiles = 2 if setup.ammo.dual else 1
    for i in range(0 if burst else shot.shots):
        first_hit = False
        for m in range(missiles):
            # GUR-AMMO-1: a dual bullet's second missile has a bonus when the first hit
            bonus = setup.ammo.second_missile_hit if m and first_hit else 0
            target = skill.value + i * setup.rcl + bonus
            if bonus:
                trace.step(f"the second missile of the dual bullet: {bonus:+d}", rule="GUR-AMMO-1")
            if i and not m:
                trace.total(
                    f"shot {i + 1}",
                    [
                        Modifier(value=skill.value, label="effective skill"),
                        Modifier(value=i * setup.rcl, label=f"Rcl x{i}", rule="G-5"),
                    ],
                )
            which = f"shot {i + 1}" + (f", missile {m + 1}" if missiles > 1 else "")
            if shot.hard_cover and not m:
                through = _through_cover(setup, armor, dr, roller, trace, data)
                if through is None:
                    shots.append(ShotRoll(result="burst on the cover", path="stopped by the cover"))
                    continue
                cover_injury += through
            verdict = judge(roller.sum(3, f"attack roll, {which}"), target, data.core.success)
            first_hit = first_hit or (m == 0 and verdict.success)
            trace.step(f"{which}: {verdict.roll} against {target}: {verdict.result}", rule="G-1")
            rolled = ShotRoll(roll=verdict.roll, target=target, result=verdict.result)
            if not verdict.success:
                critical_miss = critical_miss or verdict.critical
                missed = miss_path(verdict, data)
                shots.append(
                    _scatter(missed, verdict, setup, roller, trace) if setup.indirect else missed
                )
                continue
            critical_hit = critical_hit or verdict.critical
            if (
                shot.defense != "none"
                and not verdict.critical
                and not shot.surprised
                and _defends(shot, defense, roller, trace, data)
            ):
                path = (
                    "dodged: flies on to the next one beyond"
                    if shot.defense == "dodge"
                    else "knocked away"
                )
                shots.append(replace(rolled, defended=shot.defense, path=path))
                continue
            random_location = setup.random_location or (automatic and i >= 4)
            if random_location:
                location = data.location_rolled(roller.lookup(data.location_rows, "hit location"))
                trace.step(f"random hit location: {location.key}", rule="GUR-LOC-1")
            else:
                location = setup.location
            critical = (
                data.critical_hit(roller.lookup(data.critical_rows, "critical hit table"))
                if verdict.critical
                else None
            )
            if critical is not None:
                trace.step(f"critical hit: {critical.effect}", rule="G-1")
            hit = damage_hit(setup, location, armor, dr, shot.hp, critical, roller, trace, data)
            hits.append(hit)
            shots.append(replace(rolled, location=hit.location, injury=hit.injury))
            if condition is not None and not condition.dead:
                wounded = take_injury(
                    condition,
                    hit.injury,
                    stuns=hit.stuns,
                    knocks_out=hit.knocks_out,
                    roller=roller,
                    trace=trace,
                    data=data,
                )
                condition = wounded.condition
                major = major or wounded.major_wound
                shock_total += hit.injury
    injury = sum(h.injury for h in hits) + cover_injury
    if cover_injury and condition is not None and not condition.dead:
        wounded = take_injury(
            condition,
            cover_injury,
            stuns=False,
            knocks_out=False,
            roller=roller,
            trace=trace,
            data=data,
        )
        condition = wounded.condition
        major = major or wounded.major_wound
        shock_total += cover_injury
    landed = len(hits)
    defended_any = any(s.defended is not None for s in shots)
    result = "hit" if landed else "defended" if defended_any else "miss"
    after = None
    if condition is not None:
        after = TargetCondition(
            major_wound=major,
            shock=shock(shock_total, data),
            hp_left=condition.hp_left,
            state=condition.state,
            knocked_down=condition.knocked_down,
        )
    return ShotResult(
        result=result,
        hits=landed,
        injury=injury,
        critical=critical_hit,
        critical_miss=critical_miss,
        effective_skill=skill.value,
        snap_shot=setup.snap,
        distance_yd=setup.distance,
        shots=tuple(shots),
        barrel_burst=burst,
        shrapnel_injury=cover_injury or None,
        headline=_headline(result, landed, injury, after),
        condition=after,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class StrayWound:
    """What a stray missile did to the one it struck (GUR-WRONG-2)."""

    injury: int
    shock: int
    condition: Condition | None
    major_wound: bool


def stray_hit(
    shot: Shoot, roller: Roller, trace: TraceBuilder, *, halved: bool
) -> StrayWound | None:
    """A stray missile that came true on someone (``shot`` as if aimed at them): their active
    defense if they have one (a dodge lets it fly on: None), then damage to the body, halved
    if the GM so rules, and its injury (GUR-WRONG-2, DEC-399)."""
    setup = settle(shot, DATA)
    if shot.defense != "none" and _defends(
        shot, defense_target(shot, setup, DATA), roller, trace, DATA
    ):
        return None
    armor = DATA.armor[shot.armor]
    dr = armor.dr if shot.dr is None else shot.dr
    location = DATA.location("body")
    hit = damage_hit(setup, location, armor, dr, shot.hp, None, roller, trace, DATA, halved=halved)
    before = _condition_before(shot)
    if before is None:
        return StrayWound(injury=hit.injury, shock=0, condition=None, major_wound=False)
    wounded = take_injury(
        before,
        hit.injury,
        stuns=hit.stuns,
        knocks_out=hit.knocks_out,
        roller=roller,
        trace=trace,
        data=DATA,
    )
    return StrayWound(
        injury=hit.injury,
        shock=wounded.shock,
        condition=wounded.condition,
        major_wound=wounded.major_wound,
    )


def _headline(result: str, hits: int, injury: int, after: TargetCondition | None) -> str:
    if result != "hit":
        return "Missed." if result == "miss" else "Hit, but defended."
    text = f"{counted(hits, 'hit')}: {injury} injury"
    if after is not None:
        text += f"; target {after.state}, {after.hp_left} HP left"
        if after.knocked_down:
            text += ", knocked down"
    return text + "."


def resolve_shot(
    shot: Shoot, dice: Dice, data: GurpsData = DATA, trace: TraceBuilder | None = None
) -> Outcome[ShotResult]:
    """Resolve one turn's shooting with ``dice``; no events (the encounter adds its own). Its
    trace is told to ``trace`` (a fresh one if None; a quiet one words no step)."""
    if trace is None:
        trace = TraceBuilder()
    result = run_shot(shot, DiceRoller(dice, trace), trace, data)
    return Outcome(events=(), trace=trace.build(), result=result)
