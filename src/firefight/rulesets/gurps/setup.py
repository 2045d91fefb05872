"""Everything about a shot that is settled before a die is rolled: the weapon's ranges with its
ammunition, powder and arrows, the effective distance, every to-hit modifier (each itemized with
the rule that gives it), whether it is a snap shot, where it may land, its damage formula and
its Rcl. A shot the rules forbid is refused here, before any roll.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from firefight.errors import RuleRefusal
from firefight.limits import typed_whole
from firefight.rulesets.gurps.arcs import arc_modifier
from firefight.rulesets.gurps.data import (
    Ammo,
    Arrow,
    DamageType,
    GurpsData,
    Indirect,
    Location,
    Moving,
    Targeting,
    Weapon,
)
from firefight.rulesets.gurps.dice_formula import DiceFormula, MuscleFormula
from firefight.rulesets.gurps.modifiers import Chosen, choose
from firefight.rulesets.gurps.ranges import effective_distance, speed_range_modifier
from firefight.rulesets.gurps.shot import Shoot
from firefight.trace import Modifier
from firefight.wording import counted

__all__ = [
    "ShotSetup",
    "aim_on_the_move_barred",
    "muscle_damage",
    "opportunity_modifier",
    "settle",
    "watched_words",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotSetup:
    weapon: Weapon
    ammo: Ammo
    arrow: Arrow | None
    half_damage: float
    max_range: float
    distance: float
    beyond_half_damage: bool
    #: Lobbed at a target closer than 1/2D: half damage (GUR-IND-1).
    lobbed_close: bool
    modifiers: tuple[Modifier, ...]
    snap: bool
    random_location: bool
    location: Location
    indirect: bool
    rcl: int
    damage: DiceFormula
    damage_type: DamageType
    trade_off_damage: int

    @property
    def skill(self) -> int:
        return sum(m.value for m in self.modifiers)


def muscle_damage(formula: MuscleFormula, st: int, data: GurpsData) -> DiceFormula:
    """Thrust or swing at ``st`` from the 3e table, plus the formula's adds (GUR-CORE-1)."""
    rows = data.core.muscle.rows
    row = next((r for r in rows if r[0] == st), rows[0] if st < rows[0][0] else rows[-1])
    dice, adds = (row[1], row[2]) if formula.base == "thr" else (row[3], row[4])
    return DiceFormula(dice=dice, adds=adds + formula.adds)


def watched_words(watch: str) -> str:
    """A Wait's watched area (GUR-OPP-1) as a sentence or the state table says it: "watching 1"
    read as a count of nothing.

    >>> watched_words("1"), watched_words("3"), watched_words("cone")
    ('1 hex', '3 hexes', 'a cone')
    """
    count = typed_whole(watch)
    return f"a {watch}" if count is None else counted(count, "hex", "hexes")


def opportunity_modifier(watch: str, data: GurpsData) -> int:
    """GUR-OPP-1: the watched area's modifier (hexes by count, a line, a 30-degree cone)."""
    opp = data.house.opportunity
    if watch == "line":
        return opp.line
    if watch == "cone":
        return opp.cone
    count = typed_whole(watch)
    if count is None or count < 1:
        raise RuleRefusal(
            "GUR-OPP-1",
            f"Watch a number of hexes (1 or more), a line or a cone, not {watch[:20]!r}.",
        )
    # The last row is "that many or more" (11+): no count runs past it.
    return next((m for most, m in opp.hexes if count <= most), opp.hexes[-1][1])


def _refuse_combinations(shot: Shoot, weapon: Weapon, ammo: Ammo, data: GurpsData) -> None:
    if shot.shots > weapon.shots_per_turn:
        raise RuleRefusal(
            "G-5", f"A {weapon.name} fires at most {weapon.shots_per_turn} shot(s) a turn."
        )
    if shot.arrow is not None and weapon.kind not in ("bow", "crossbow"):
        raise RuleRefusal("GUR-ARROW-1", f"A {weapon.name} shoots no arrows or bolts.")
    if ammo.key != "standard" and weapon.kind != "firearm":
        raise RuleRefusal("GUR-AMMO-1", f"Special bullets are for firearms, not a {weapon.name}.")
    if ammo.shotgun_only and not weapon.wide:
        raise RuleRefusal("GUR-AMMO-1", f"{ammo.name} is a shotgun round.")
    if ammo.area_damage is not None:
        raise RuleRefusal(
            "GUR-AMMO-1", f"{ammo.name} burns an area; it is not aimed at one target."
        )
    if shot.hard_cover and ammo.cover_shrapnel is None:
        raise RuleRefusal(
            "GUR-AMMO-1",
            "Hard cover changes the shot here only for APE rounds; give the cover as a "
            "posture or cover modifier.",
        )
    _refuse_unread(shot)
    if shot.powder != "normal" and not weapon.black_powder:
        raise RuleRefusal("GUR-RELOAD-1", f"A {weapon.name} does not load loose black powder.")
    weapon.check_barrel(shot.barrel)
    draws = shot.bow_st is not None or shot.trade_off or shot.arrow_st is not None
    if draws and not weapon.muscle_powered:
        raise RuleRefusal("GUR-ARROW-1", f"A {weapon.name} does not draw on the shooter's ST.")
    if shot.moving != "no" and shot.braced:
        raise RuleRefusal("GUR-MOVE-1", "A weapon fired on the move cannot be braced.")
    if shot.braced and shot.aim == 0:
        raise RuleRefusal("GUR-MOD-1", "Bracing counts only when time is taken to aim.")
    if shot.pop_up and shot.aim:
        raise RuleRefusal("GUR-MOD-1", "A pop-up attack is fired without aiming.")
    if shot.blind and shot.aim:
        raise RuleRefusal("GUR-LOC-1", "A blind shot cannot be aimed.")
    if shot.aim and shot.moving != "no":
        why = aim_on_the_move_barred(
            shot.moving, shot.pace, shot.move, weapon, shot.bad_terrain, data.house.moving
        )
        if why is not None:
            raise RuleRefusal("GUR-MOVE-1", why)
    if shot.maneuver == "all-out" and shot.moving != "no":
        raise RuleRefusal(
            "GUR-CORE-1",
            "An All-Out Attack may advance half Move before the shot, but is not fired on the "
            "move: use move-and-attack to shoot while walking or running.",
        )
    if shot.maneuver == "move-and-attack" and shot.moving == "no":
        raise RuleRefusal(
            "GUR-MOVE-1", "Move and Attack fires while walking or running: give --moving."
        )
    if shot.opportunity is not None and shot.aim and shot.opportunity != "1":
        raise RuleRefusal(
            "GUR-OPP-1", "Only a shooter watching a single hex may aim while waiting."
        )
    if shot.hesitate and shot.aim:
        raise RuleRefusal("GUR-LOC-1", "Hesitating only matters on a snap shot (no aiming).")


def _refuse_unread(shot: Shoot) -> None:
    """A figure given for a rule the shot does not call on would change nothing, so the odds
    or the roll would be those of a shot the asker did not mean (DEC-871)."""
    if shot.defense == "none" and shot.defense_value:
        raise RuleRefusal(
            "G-3",
            f"A defense score of {shot.defense_value} counts only with a defense: give --defense "
            "dodge, block or parry.",
        )
    if shot.moving == "no" and (shot.pace or shot.bad_terrain):
        given = "a pace" if shot.pace else "bad terrain"
        raise RuleRefusal(
            "GUR-MOVE-1", f"{given.capitalize()} counts only firing on the move: give --moving."
        )


def aim_on_the_move_barred(
    moving: str, pace: float, move: int, weapon: Weapon, bad_terrain: bool, rules: Moving
) -> str | None:
    """Why an aim bonus cannot be had on the move (GUR-MOVE-1), or None if it can: never
    running, never with a bow or sling (DEC-720), never over bad terrain, never faster than
    the data's pace (2 yd/s) or half Move."""
    if moving == "running":
        return "Nobody can aim while running."
    if weapon.kind in ("bow", "sling"):
        return "Archers (crossbowmen aside) cannot aim on the move."
    if bad_terrain:
        return "No aiming while walking over bad terrain."
    limit = min(rules.aim_speed_yd, move / 2)
    if pace > limit:
        return (
            f"Aiming on the move needs a pace of {limit:g} yd/s at most "
            f"({rules.aim_speed_yd:g} yd/s or half Move), not {pace:g}."
        )
    return None


def _ranges(
    shot: Shoot, weapon: Weapon, ammo: Ammo, arrow: Arrow | None, data: GurpsData
) -> tuple[float, float]:
    if weapon.muscle_powered:
        st = shot.st + weapon.st_bonus - shot.trade_off
        half = arrow.half_damage_st if arrow else weapon.half_damage_st
        most = arrow.max_st if arrow else weapon.max_st
        assert half is not None and most is not None
        half_yd, max_yd = st * half, st * most
    else:
        assert weapon.half_damage is not None and weapon.max is not None
        half_yd, max_yd = weapon.half_damage, weapon.max
    keeps = ammo.shotgun_keeps_acc_and_range and weapon.wide
    multiplier = 1.0 if keeps else ammo.range_multiplier
    if shot.powder != "normal":
        multiplier *= data.house.powder[shot.powder].range_multiplier
    return half_yd * multiplier, max_yd * multiplier * ammo.max_multiplier


def _damage(
    shot: Shoot, weapon: Weapon, listed: str, ammo: Ammo, arrow: Arrow | None, data: GurpsData
) -> tuple[DiceFormula, DamageType]:
    """The damage formula of the shot; ``listed`` is the gun's damage as loaded."""
    muscle = MuscleFormula.parse(listed)
    kind: DamageType = weapon.type
    if muscle is not None:
        st = shot.st + weapon.st_bonus
        if arrow is not None:
            base = muscle_damage(MuscleFormula(base="thr", adds=arrow.adds), st, data)
            base = DiceFormula(dice=base.dice, adds=base.adds + arrow.per_die * base.dice)
            if base.mean > arrow.max_formula.mean:  # DEC-210: the head's cap
                base = arrow.max_formula
            return base, arrow.type
        return muscle_damage(muscle, st, data), kind
    formula = DiceFormula.parse(listed)
    per_die = ammo.per_die
    if shot.barrel != "normal":
        per_die += data.house.barrel[shot.barrel].per_die
    dice = max(1, formula.dice - ammo.dice_less)
    if shot.powder == "fine":
        dice += data.house.powder["fine"].extra_dice
    return DiceFormula(dice=dice, adds=formula.adds + per_die * dice), ammo.type or kind


def _called_location(location: Location, chosen: tuple[Chosen, ...]) -> Modifier:
    """GUR-LOC-1's penalty for a chosen location. Cover or posture that stands for aiming at
    what is left exposed is not added to it (GUR-MOD-1): the costlier of the two counts, and
    the cover's part of it is in the total already (DEC-642)."""
    exposed = min((c.value for c in chosen if c.entry.exposure), default=0)
    label = f"aimed at the {location.key}"
    if exposed:
        label += f" ({location.penalty:+d}, the cover's {exposed:+d} counted already)"
    return Modifier(value=min(0, location.penalty - exposed), label=label, rule="GUR-LOC-1")


def _aim(
    shot: Shoot, weapon: Weapon, ammo: Ammo, chosen: tuple[Chosen, ...], data: GurpsData
) -> list[Modifier]:
    """GUR-MOD-1 aiming: one turn 0+Acc (with sights), two +1, three +2, four or more +3;
    bracing +1; on the move at most +1 in all (GUR-MOVE-1)."""
    if shot.aim == 0:
        return []
    keeps = ammo.shotgun_keeps_acc_and_range and weapon.wide
    acc = weapon.acc if keeps else math.floor(weapon.acc * ammo.acc_multiplier)
    found = [Modifier(value=acc, label=f"aimed: Acc {weapon.acc}", rule="GUR-MOD-1")]
    if acc != weapon.acc:
        found[0] = Modifier(
            value=acc, label=f"aimed: Acc {weapon.acc} with {ammo.name}", rule="GUR-AMMO-1"
        )
    if ammo.acc:
        found.append(Modifier(value=ammo.acc, label=f"{ammo.name} Acc", rule="GUR-AMMO-1"))
    if shot.barrel != "normal":
        b = data.house.barrel[shot.barrel]
        found.append(Modifier(value=b.acc, label=f"{shot.barrel} barrel Acc", rule="GUR-GUN-1"))
    for c in chosen:
        if c.entry.aimed:
            found.append(Modifier(value=c.value, label=c.entry.label, rule=c.entry.rule))
    targeting = data.house.targeting
    extra = targeting.aim_bonus(shot.aim)
    if extra:
        found.append(Modifier(value=extra, label=f"{shot.aim} turns of aiming", rule="GUR-MOD-1"))
    if shot.braced:
        found.append(Modifier(value=targeting.braced, label="braced", rule="GUR-MOD-1"))
    if shot.moving == "walking":
        total = sum(m.value for m in found)
        cap = data.house.moving.aim_bonus_cap
        if total > cap:
            found.append(
                Modifier(
                    value=cap - total, label="aiming on the move: +1 at most", rule="GUR-MOVE-1"
                )
            )
    return found


@lru_cache(maxsize=256)
def settle(shot: Shoot, data: GurpsData) -> ShotSetup:
    """The shot before its rolls; a refusal if the rules forbid it. Pure, so kept for the
    next run of the same shot (the odds run one shot many times)."""
    weapon = data.weapon(shot.weapon)
    ammo = data.ammo[shot.ammo]
    arrow = data.arrows[shot.arrow] if shot.arrow is not None else None
    _refuse_combinations(shot, weapon, ammo, data)
    listed = weapon.damage
    if ammo.subsonic and weapon.subsonic_damage is not None:
        # GUR-AMMO-1: 002 gives a handgun cartridge's subsonic damage by caliber, and halves
        # damage and ranges only for rifles and shotguns; the handgun keeps its ranges (DEC-740).
        listed = weapon.subsonic_damage
        ammo = ammo.model_copy(update={"damage_multiplier": 1.0, "range_multiplier": 1.0})
    chosen = choose(shot.mods, data.modifiers)
    half_yd, max_yd = _ranges(shot, weapon, ammo, arrow, data)
    beam = weapon.kind == "beam"
    distance = effective_distance(shot.distance, shot.elevation, beam=beam)
    if distance > max_yd:
        raise RuleRefusal(
            "GUR-CORE-1", f"{distance:g} yd is beyond the {weapon.name}'s Max of {max_yd:g} yd."
        )
    beyond_half = distance > half_yd
    # GUR-IND-1 lobs "at or beyond" 1/2D, and takes its penalty and half damage only closer in.
    close = distance < half_yd
    indirect = _indirect(shot, weapon, not close, data.house.indirect)
    lobbed_close = indirect and close
    mods: list[Modifier] = [Modifier(value=shot.skill, label=f"{weapon.name} skill")]
    mods += _range_modifiers(shot, distance, beyond_half, data)
    mods.append(
        Modifier(
            value=arc_modifier(shot.bearing, shot.vision, data.house.arc),
            label=f"target {shot.bearing:g} deg off the facing",
            rule="GUR-ARC-1",
        )
    )
    mods += _aim(shot, weapon, ammo, chosen, data)
    mods += _chosen(chosen, shot, beyond_half, _speed_penalty(shot, distance, beyond_half, data))
    mods += _situation(shot, weapon, ammo, arrow, indirect, lobbed_close, data)
    # The GM's own, part of the skill a snap shot is judged by (DEC-819).
    mods += shot.gm_mods()
    location = data.location(shot.location)
    random_location = shot.blind
    ss = weapon.ss + sum(c.entry.ss for c in chosen)
    snap = shot.pop_up or (shot.aim == 0 and sum(m.value for m in mods) < ss)
    if snap:
        mods.append(_snap(shot, chosen, data.house.targeting))
        if not shot.hesitate:
            random_location = True
        else:
            mods.append(
                Modifier(
                    value=data.house.wrong_target.hesitation,
                    label="calling a location on a snap shot",
                    rule="GUR-LOC-1",
                )
            )
    if not random_location and location.penalty:
        mods.append(_called_location(location, chosen))
    damage, damage_type = _damage(shot, weapon, listed, ammo, arrow, data)
    rcl = weapon.rcl
    if shot.powder == "fine":
        rcl += data.house.powder["fine"].rcl
    if shot.st < weapon.st:
        rcl *= data.house.recoil.below_min_st_multiplier
    return ShotSetup(
        weapon=weapon,
        ammo=ammo,
        arrow=arrow,
        half_damage=half_yd,
        max_range=max_yd,
        distance=distance,
        beyond_half_damage=beyond_half,
        lobbed_close=lobbed_close,
        modifiers=tuple(m for m in mods if m.value or m.rule is None),
        snap=snap,
        random_location=random_location,
        location=data.location_rolled(10) if random_location else location,
        indirect=indirect,
        rcl=rcl,
        damage=damage,
        damage_type=damage_type,
        trade_off_damage=(
            0 if beyond_half else shot.trade_off * data.house.arrows.trade_off_damage_per_st
        ),
    )


def _indirect(shot: Shoot, weapon: Weapon, at_half: bool, rules: Indirect) -> bool:
    """GUR-IND-1: thrown and low-tech missile weapons always lob at or beyond 1/2D; a firearm
    or a beam never does here."""
    lobs = weapon.kind in rules.kinds
    if shot.indirect and weapon.kind == "beam":
        raise RuleRefusal("GUR-IND-1", "A beam weapon cannot be fired indirectly.")
    if shot.indirect and not lobs:
        raise RuleRefusal(
            "GUR-IND-1",
            f"A {weapon.name} carries too far to be lobbed onto a target; fire it directly.",
        )
    indirect = shot.indirect or (lobs and at_half)
    if not indirect and (shot.overhead or shot.no_room):
        # A lob the bow makes by itself at 1/2D meets the ceiling as an asked-for one does.
        given = "an overhead obstruction" if shot.overhead else "no room overhead"
        raise RuleRefusal(
            "GUR-IND-1", f"{given[0].upper()}{given[1:]} counts only for a lob: give --indirect."
        )
    if indirect and shot.no_room:
        raise RuleRefusal("GUR-IND-1", "There is no overhead room to lob a missile here.")
    return indirect


def _speed(shot: Shoot, beyond_half: bool) -> float:
    """The speed the Speed/Range table reads: the target's, and beyond 1/2D a crosswind's
    (GUR-RANGE-1)."""
    return shot.speed + (shot.crosswind if beyond_half else 0.0)


def _speed_penalty(shot: Shoot, distance: float, beyond_half: bool, data: GurpsData) -> int:
    """How many points of the speed/range modifier the speed costs (G-2): what a targeting
    system may cancel (GUR-MOD-1, DEC-724)."""
    rows = data.core.speed_range.rows
    moving = speed_range_modifier(distance + _speed(shot, beyond_half), rows)
    return speed_range_modifier(distance, rows) - moving


def _range_modifiers(
    shot: Shoot, distance: float, beyond_half: bool, data: GurpsData
) -> list[Modifier]:
    """G-2 with GUR-RANGE-1: beyond 1/2D a crosswind counts as speed, and an unknown range
    doubles the speed/range modifier."""
    wind = shot.crosswind if beyond_half else 0.0
    total = distance + _speed(shot, beyond_half)
    value = speed_range_modifier(total, data.core.speed_range.rows)
    label = f"speed/range {distance:g} yd + {total - distance:g} yd/s"
    found = [Modifier(value=value, label=label, rule="G-2")]
    if wind:
        found[0] = Modifier(value=value, label=label + " (windage)", rule="GUR-RANGE-1")
    if beyond_half and not shot.range_known and value:
        found.append(Modifier(value=value, label="range unknown beyond 1/2D", rule="GUR-RANGE-1"))
    return found


def _chosen(
    chosen: tuple[Chosen, ...], shot: Shoot, beyond_half: bool, speed_penalty: int
) -> list[Modifier]:
    dark_cancelled = any(c.entry.cancels_darkness for c in chosen)
    found = []
    for c in chosen:
        if c.entry.aimed:
            continue  # counted with the aim, or not at all on an unaimed shot
        if c.entry.cancels_speed and c.value > speed_penalty:
            found.append(
                Modifier(
                    value=speed_penalty,
                    label=f"{c.entry.label}: {c.value:+d}, the speed costs {speed_penalty}",
                    rule=c.entry.rule,
                )
            )
            continue
        if c.entry.darkness and dark_cancelled:
            found.append(
                Modifier(
                    value=0, label=f"{c.entry.label}: cancelled by the sight", rule=c.entry.rule
                )
            )
            continue
        value = c.value * (2 if c.entry.doubled_beyond_half_damage and beyond_half else 1)
        found.append(Modifier(value=value, label=c.entry.label, rule=c.entry.rule))
    return found


def _situation(
    shot: Shoot,
    weapon: Weapon,
    ammo: Ammo,
    arrow: Arrow | None,
    indirect: bool,
    lobbed_close: bool,
    data: GurpsData,
) -> list[Modifier]:
    house = data.house
    found: list[Modifier] = []
    if shot.moving != "no":
        base = house.moving.walking if shot.moving == "walking" else house.moving.running
        # Only crossbows and bows multiply it; a sling does not (DEC-720).
        times = {"crossbow": house.moving.crossbow_multiplier, "bow": house.moving.bow_multiplier}
        factor = times.get(weapon.kind, 1)
        # A knife is thrown, not fired, as the throw is told (DEC-948).
        doing = "throwing" if weapon.kind == "thrown" else "firing"
        found.append(
            Modifier(
                value=base * factor,
                label=f"{doing} while {shot.moving} (Move and Attack)",
                rule="GUR-MOVE-1",
            )
        )
    if shot.maneuver == "all-out":
        found.append(
            Modifier(
                value=data.core.maneuvers.all_out_ranged_hit,
                label="All-Out Attack",
                rule="GUR-CORE-1",
            )
        )
    if shot.opportunity is not None:
        found.append(
            Modifier(
                value=opportunity_modifier(shot.opportunity, data),
                label=f"opportunity fire watching {shot.opportunity}",
                rule="GUR-OPP-1",
            )
        )
    if shot.in_the_way:
        each = house.wrong_target.in_the_way_wide if weapon.wide else house.wrong_target.in_the_way
        found.append(
            Modifier(
                value=each * shot.in_the_way,
                label=f"{shot.in_the_way} in the line of fire",
                rule="GUR-WRONG-1",
            )
        )
    if shot.surprised and not indirect:
        found.append(
            Modifier(
                value=house.targeting.unaware_stationary,
                label="stationary, unaware target",
                rule="GUR-RANGE-1",
            )
        )
    if shot.pop_up:
        found.append(
            Modifier(value=house.targeting.pop_up, label="pop-up attack", rule="GUR-MOD-1")
        )
    if ammo.hit:
        found.append(Modifier(value=ammo.hit, label=ammo.name, rule="GUR-AMMO-1"))
    if arrow is not None and arrow.hit:
        found.append(Modifier(value=arrow.hit, label=f"{arrow.key} arrow", rule="GUR-ARROW-1"))
    if shot.powder == "coarse":
        found.append(
            Modifier(
                value=house.powder["coarse"].hit, label="too-coarse powder", rule="GUR-RELOAD-1"
            )
        )
    if shot.bow_st is not None and shot.bow_st > shot.st:
        found.append(
            Modifier(value=shot.st - shot.bow_st, label="bow too strong", rule="GUR-ARROW-1")
        )
    if shot.arrow_st is not None:
        bow = shot.bow_st if shot.bow_st is not None else shot.st
        light = (bow - shot.arrow_st) // house.arrows.light_arrow_st_per_penalty
        if light > 0:
            found.append(
                Modifier(value=-light, label="arrows too light for the bow", rule="GUR-ARROW-1")
            )
    if indirect:
        if lobbed_close:
            value = (
                house.indirect.thrown_close
                if weapon.kind == "thrown"
                else house.indirect.low_tech_close
            )
            found.append(
                Modifier(value=value, label="lobbed at a target inside 1/2D", rule="GUR-IND-1")
            )
        if shot.overhead:
            found.append(
                Modifier(value=shot.overhead, label="overhead obstruction", rule="GUR-IND-1")
            )
    return found


def _snap(shot: Shoot, chosen: tuple[Chosen, ...], targeting: Targeting) -> Modifier:
    """The snap-shot penalty (GUR-MOD-1); with a laser sight, by distance (DEC-204)."""
    if any(c.entry.laser for c in chosen):
        return Modifier(
            value=targeting.laser_snap(shot.distance),
            label="snap shot with a laser sight",
            rule="GUR-MOD-1",
        )
    return Modifier(value=targeting.snap_shot, label="snap shot", rule="GUR-MOD-1")
