"""gurps' cheat-sheet (``firefight cheatsheet gurps``): the speed/range table, targeting, the
named modifiers of GUR-MOD-1, cover from the scene, pistol barrels, hit locations and wounding
— every figure read from the data files the rules themselves use."""

from __future__ import annotations

from firefight.cheatsheet import Section, signed
from firefight.rulesets.gurps.data import DATA, GurpsData, Location

__all__ = ["gurps_cheatsheet"]


def _speed_range(data: GurpsData) -> Section:
    rows = tuple((f"{yards:g}", signed(mod)) for yards, mod in data.core.speed_range.rows)
    return Section(
        title="Speed/range (G-2)",
        columns=("up to (yd)", "skill"),
        rows=rows,
        note=f"Speed in yd/s adds to the range. {data.core.speed_range.source}.",
    )


def _targeting(data: GurpsData) -> Section:
    t = data.house.targeting
    aim = [("aiming 1 turn", "Acc")]
    turns = 1
    while t.aim_bonus(turns) < t.aim_further_most:
        turns += 1
        aim.append((f"aiming {turns} turns", f"Acc {signed(t.aim_bonus(turns))}"))
    near, far = t.laser_snap_middle_from_yd, t.laser_snap_far_beyond_yd
    laser = (
        f"{signed(t.laser_snap_near)} under {near:g} yd, {signed(t.laser_snap_middle)} to "
        f"{far:g}, {signed(t.laser_snap_far)} beyond"
    )
    rows = (
        ("snap shot (skill under SS)", signed(t.snap_shot)),
        *aim[:-1],
        (f"{aim[-1][0]} or more", aim[-1][1]),  # the bonus stops growing there
        ("braced (aimed only)", signed(t.braced)),
        ("pop-up attack (and its snap shot)", signed(t.pop_up)),
        ("snap shot with a laser sight", laser),
        ("stationary, unaware target", signed(t.unaware_stationary)),
    )
    return Section(
        title="Targeting (GUR-MOD-1, GUR-RANGE-1)",
        columns=("situation", "skill"),
        rows=rows,
        note=f"On the move: aim only walking, at {data.house.moving.aim_speed_yd:g} yd/s or half "
        f"Move at most, {signed(data.house.moving.aim_bonus_cap)} in all (GUR-MOVE-1).",
    )


def _modifiers(data: GurpsData) -> Section:
    rows = tuple(
        (m.label, signed(m.value) if m.low == m.high else f"{m.low:+d} to {m.high:+d}")
        for m in data.modifiers.values()
    )
    return Section(
        title="Named modifiers (GUR-MOD-1)",
        columns=("modifier", "skill"),
        rows=rows,
        note="Give them as --mods KEY (or KEY=N inside its range); see firefight gurps modifiers.",
    )


def _scene_cover(data: GurpsData) -> Section:
    cover = data.house.scene_cover
    rows = tuple(
        (
            f"{share:g} x their height or more",
            data.modifiers[key].label,
            signed(data.modifiers[key].value),
        )
        for share, key in cover.rows
    )
    prone = data.modifiers[cover.prone]
    return Section(
        title="Cover from barriers in the scene (DEC-632)",
        columns=("the barrier reaches", "the target is", "skill"),
        rows=(
            *rows,
            ("lower than a prone target", prone.label, signed(prone.value)),
            (f"{cover.hidden_from:g} x their height or more", "out of sight: no aim, no shot", "-"),
        ),
        note="The tallest barrier on the target's half of the line counts, against their height "
        "in their posture; posture and barrier are one group, the costlier counts. Behind a "
        "barrier as tall as they are, a shooter fires a pop-up attack (DEC-633), if standing "
        "clears it (DEC-655). Provisional heights.",
    )


def _barrels(data: GurpsData) -> Section:
    rows = tuple(
        (
            f"{name} barrel",
            signed(b.per_die),
            signed(b.acc),
            signed(b.holdout),
            signed(b.fast_draw),
        )
        for name, b in data.house.barrel.items()
    )
    return Section(
        title="Pistol barrels (GUR-GUN-1)",
        columns=("barrel", "damage per die", "Acc", "Holdout", "Fast-Draw"),
        rows=rows,
        note="Give --barrel short or long on a pistol's shot or draw.",
    )


def _injury(loc: Location) -> str:
    if loc.multiplier:
        return f"×{loc.multiplier:g}"
    if loc.vitals_multiplier:
        return f"×{loc.vitals_multiplier:g} impaling or bullet"
    return "-"


def _locations(data: GurpsData) -> Section:
    rows = tuple(
        (
            loc.key.replace("-", " "),
            ", ".join(str(r) for r in loc.rolls) or "-",
            signed(loc.penalty),
            _injury(loc),
        )
        for loc in data.core.location
    )
    return Section(
        title="Hit locations (GUR-LOC-1)",
        columns=("location", "3d6", "to hit", "injury"),
        rows=rows,
        note="Public core (3e) figures, as the data file marks them. A called location "
        "takes the place of the target's cover or posture: the costlier counts (DEC-642).",
    )


def gurps_cheatsheet() -> tuple[Section, ...]:
    """Every section of the gurps cheat-sheet, in reading order."""
    return (
        _speed_range(DATA),
        _targeting(DATA),
        _modifiers(DATA),
        _scene_cover(DATA),
        _barrels(DATA),
        _locations(DATA),
    )
