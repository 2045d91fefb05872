"""``firefight rmu rapid-fire | suppress | maneuver | move-to-cover``: the rmu firearm actions.

Registered on the ``rmu`` app by :func:`register`. People on the scene come from repeatable
``--target NAME:X,Y[:ARMOR]`` options (feet; the muzzle is ``--at``, 0,0 by default) with
``--cover NAME=GRADE:MATERIAL``, or from a TOML file (``--scene``) whose ``[[person]]`` tables
take every field of a person (see docs/rmu.md). Interfaces hold no rules: these commands build a
declaration, call the resolver and show its outcome.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

import typer
from pydantic import Field

from firefight.cli.common import (
    AskOpt,
    JsonOpt,
    RollsOpt,
    SeedOpt,
    dice_from_options,
    emit_json,
    fail,
    refusals,
    show_outcome,
)
from firefight.dice import Dice
from firefight.geometry import Point, Posture, Size
from firefight.outcome import Outcome
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.cover import Cover, parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.maneuvers import Maneuver, resolve_maneuver
from firefight.rulesets.rmu.moving_cover import Fire, MovingToCover, resolve_moving_to_cover
from firefight.rulesets.rmu.rapid_fire import (
    RapidFire,
    RapidFirePreparation,
    resolve_rapid_fire,
    resolve_rapid_fire_preparation,
)
from firefight.rulesets.rmu.suppression import (
    SuppressionSweep,
    SweepTarget,
    resolve_suppression_sweep,
)
from firefight.serialize import to_plain
from firefight.tables.data_files import DataModel, read_toml, validate
from firefight.trace import Modifier

__all__ = ["register"]

TargetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--target",
        help="A person NAME:X,Y[:ARMOR] in feet (repeatable), e.g. 'Bob:0,40:BA II'.",
    ),
]
CoverOpt = Annotated[
    list[str] | None,
    typer.Option("--cover", help="A person's barrier NAME=GRADE:MATERIAL (repeatable)."),
]
SceneOpt = Annotated[
    Path | None, typer.Option("--scene", help="A TOML file of [[person]] tables (docs/rmu.md).")
]
AtOpt = Annotated[str, typer.Option("--at", help="The muzzle's position X,Y in feet.")]
ModOpt = Annotated[list[str] | None, typer.Option("--mod", help="Extra modifier VALUE:LABEL.")]
RoundsLeftOpt = Annotated[int | None, typer.Option(help="Rounds in the gun (default: full).")]


class _PersonModel(DataModel):
    name: str = Field(min_length=1)
    x_ft: float
    y_ft: float
    posture: Posture = Posture.STANDING
    size: Size = Size.MEDIUM
    armor: str = "AT 1"
    naked_column: str = "AT 1"
    armor_damage: int = 0
    armor_quality: int = 0
    armor_broken: bool = False
    quickness_db: int = 0
    dodge_db: int = 0
    celerity: int = 0
    armor_trained: bool = True
    cover: str = "none"
    situational: tuple[str, ...] = ()
    response: Literal["stand", "dive"] = "stand"
    cover_in_reach: bool = True
    move_bonus: int = 0


class _SceneModel(DataModel):
    person: list[_PersonModel] = Field(min_length=1)


def _point(text: str, option: str) -> Point:
    x, _, y = text.partition(",")
    try:
        return Point(x_ft=float(x), y_ft=float(y))
    except ValueError:
        fail(f"error: {option} takes X,Y in feet, e.g. '0,40', got {text!r}")


def _parse_mod(text: str) -> Modifier:
    value, _, label = text.partition(":")
    try:
        return Modifier(value=int(value), label=label.strip() or "GM modifier", rule=None)
    except ValueError:
        fail(f"error: --mod takes VALUE:LABEL, e.g. '+10:bright muzzle flash', got {text!r}")


def _named(texts: list[str] | None, option: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for text in texts or ():
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            fail(f"error: {option} takes NAME=VALUE, got {text!r}")
        found[name.strip()] = value.strip()
    return found


def _people(
    targets: list[str] | None,
    covers: list[str] | None,
    scene: Path | None,
    extra: dict[str, dict[str, Any]] | None = None,
) -> list[SweepTarget]:
    """Everyone on the scene, in the order given: the TOML file's first, then ``--target``."""
    rows: list[dict[str, Any]] = []
    if scene is not None:
        model = validate(_SceneModel, read_toml(scene), str(scene))
        rows += [p.model_dump() for p in model.person]
    for text in targets or ():
        parts = text.split(":")
        if len(parts) not in (2, 3) or not parts[0].strip():
            fail(f"error: --target takes NAME:X,Y[:ARMOR], e.g. 'Bob:0,40:BA II', got {text!r}")
        where = _point(parts[1], "--target")
        row: dict[str, Any] = {"name": parts[0].strip(), "x_ft": where.x_ft, "y_ft": where.y_ft}
        if len(parts) == 3:
            row["armor"] = parts[2].strip()
        rows.append(validate(_PersonModel, row, "--target").model_dump())
    for name, cover in _named(covers, "--cover").items():
        match = [r for r in rows if r["name"] == name]
        if not match:
            fail(f"error: --cover names {name!r}, who is not on the scene")
        match[0]["cover"] = cover
    for name, fields in (extra or {}).items():
        match = [r for r in rows if r["name"] == name]
        if not match:
            fail(f"error: {name!r} is not on the scene")
        match[0].update(fields)
    return [_person(r) for r in rows]


def _person(row: dict[str, Any]) -> SweepTarget:
    return SweepTarget(
        name=row["name"],
        position=Point(x_ft=row["x_ft"], y_ft=row["y_ft"]),
        posture=row["posture"],
        size=row["size"],
        armor=row["armor"],
        naked_column=row["naked_column"],
        armor_damage=row["armor_damage"],
        armor_quality=row["armor_quality"],
        armor_broken=row["armor_broken"],
        defender=Defender(
            quickness_db=row["quickness_db"],
            dodge_db=row["dodge_db"],
            celerity=row["celerity"],
            armor_trained=row["armor_trained"],
        ),
        cover=parse_cover(row["cover"]),
        situational=tuple(row["situational"]),
        response=row["response"],
        cover_in_reach=row["cover_in_reach"],
        move_bonus=row["move_bonus"],
    )


def _show(
    title: str,
    action: str,
    decl: object,
    outcome: Outcome,
    dice: Dice,
    dice_info: dict[str, object],
    as_json: bool,
) -> None:
    unused = list(dice.unused)
    if as_json:
        plain = to_plain(decl)
        assert isinstance(plain, dict)
        emit_json(
            {
                "ruleset": "rmu",
                "action": {"type": action, **plain},
                "dice": {**dice_info, "unused": unused} if unused else dice_info,
                **outcome.to_json(),
            }
        )
        return
    show_outcome(title, outcome, dice_info, _headline)
    if unused:
        typer.echo(f"note: {len(unused)} scripted dice were not needed: {unused}")


def _target_line(t: dict[str, object]) -> str:
    result = t.get("result")
    if result == "hit" and t.get("severity"):
        return (
            f"{t['name']}: {t['total_hits']} hits, {t['severity']} critical to the "
            f"{t['location']} on {t['critical_table']}"
        )
    if result == "hit":
        return f"{t['name']}: {t['hits']} hits, no critical"
    return f"{t['name']}: {result}"


def _headline(outcome: Outcome) -> str:
    s = outcome.summary
    lines: list[str] = []
    if "malfunction" in s:
        m = s["malfunction"]
        assert isinstance(m, dict)
        lines.append(f"MALFUNCTION: {m['effect']['label']} ({m['column']}, {m['total']})")
    elif s.get("result") == "prepared":
        lines.append(
            f"PREPARED: {s['percent']}%, {s['share_percent']}% carried into next round "
            f"(+{s['carried_bonus']} for {s['bullets_next_round']} bullets)"
        )
    elif s.get("result") == "wasted":
        lines.append("WASTED: the preparation failed to act; nothing spent, prepare again")
    elif "bullets" in s:
        lines.append(f"BURST: {s['bullets']} bullets, +{s['carried_bonus']} carried")
    elif s.get("result") == "swept":
        lines.append(f"SWEPT: {s['rounds']} rounds, volume +{s['volume_bonus']}")
    elif "bonus_this_round" in s:
        lines.append(
            f"{str(s['result']).upper()}: +{s['bonus_this_round']} of the cover's "
            f"+{s['full_bonus']} this round"
        )
    else:
        lines.append(f"{str(s.get('result')).upper()} (total {s.get('total')})")
    listed = s.get("targets")
    for t in listed if isinstance(listed, list) else []:
        lines.append("  " + _target_line(t))
    return "\n".join(lines)


def rapid_fire(
    weapon: Annotated[str, typer.Option(help="Weapon key (see `firefight weapons`).")],
    prepare: Annotated[
        bool, typer.Option(help="Roll the preparation round instead of firing.")
    ] = False,
    skill: Annotated[int, typer.Option(help="Rapid Fire bonus (preparation).")] = 0,
    fire_discipline: Annotated[
        int, typer.Option(help="Fire Discipline bonus: offsets the preparation's haste.")
    ] = 0,
    ap: Annotated[int, typer.Option(help="AP on the preparation (2-4).")] = 4,
    ap_left: Annotated[int, typer.Option(help="AP the shooter has left this round.")] = 4,
    share: Annotated[
        int | None, typer.Option(help="Firing: the % the preparation carried (0-100).")
    ] = None,
    ob: Annotated[int, typer.Option(help="Firing: the shooter's OB with the weapon.")] = 0,
    at: AtOpt = "0,0",
    target: TargetOpt = None,
    cover: CoverOpt = None,
    scene: SceneOpt = None,
    rounds_left: RoundsLeftOpt = None,
    continuing: Annotated[
        bool, typer.Option(help="A belt-fed gun firing on, on the same preparation.")
    ] = False,
    ammo: Annotated[str, typer.Option(help="ball, hollowpoint or armor-piercing.")] = "ball",
    mounted: Annotated[bool, typer.Option(help="The gun is on a tripod.")] = False,
    strength: Annotated[int, typer.Option(help="Shooter's Strength bonus (unbraced recoil).")] = 0,
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Empty the gun: prepare (--prepare), then fire next round with the share it earned.
    The first --target is the man aimed at; everyone else is checked against the 5° cone."""
    dice, dice_info = dice_from_options(rolls, seed, ask)
    data = RmuData()
    extra = tuple(_parse_mod(m) for m in mod or ())
    with refusals():
        if prepare:
            prep = RapidFirePreparation(
                weapon=weapon,
                rapid_fire_bonus=skill,
                fire_discipline_bonus=fire_discipline,
                ap=ap,
                ap_available=ap_left,
                rounds_left=rounds_left,
                extra=extra,
            )
            outcome = resolve_rapid_fire_preparation(prep, dice, data)
            _show(
                f"rmu rapid fire, preparing: {weapon}",
                "rapid-fire-preparation",
                prep,
                outcome,
                dice,
                dice_info,
                as_json,
            )
            return
        if share is None:
            fail("error: firing needs --share (the preparation's %); or pass --prepare")
        people = _people(target, cover, scene)
        if not people:
            fail("error: firing needs at least one --target (the man aimed at)")
        burst = RapidFire(
            weapon=weapon,
            ob=ob,
            share_percent=share,
            position=_point(at, "--at"),
            target=people[0],
            others=tuple(people[1:]),
            rounds_left=rounds_left,
            continuing=continuing,
            ap_available=ap_left,
            ammo=ammo,
            mounted=mounted,
            strength_bonus=strength,
            extra=extra,
        )
        outcome = resolve_rapid_fire(burst, dice, data)
    _show(f"rmu rapid fire: {weapon}", "rapid-fire", burst, outcome, dice, dice_info, as_json)


def suppress(
    weapon: Annotated[str, typer.Option(help="Weapon key (see `firefight weapons`).")],
    distance: Annotated[float, typer.Option(help="How far out the ground is, in feet.")],
    width: Annotated[float, typer.Option(help="How wide the whole sweep is, in feet.")],
    fire_discipline: Annotated[int, typer.Option(help="Fire Discipline bonus (Agility).")] = 0,
    skill: Annotated[int, typer.Option(help="Rapid Fire bonus: offsets the sweep's haste.")] = 0,
    bearing: Annotated[
        float, typer.Option(help="Compass bearing of the sweep's middle (0 = +y, 90 = +x).")
    ] = 0.0,
    at: AtOpt = "0,0",
    target: TargetOpt = None,
    cover: CoverOpt = None,
    scene: SceneOpt = None,
    dive: Annotated[
        list[str] | None, typer.Option(help="NAME dives behind the cover at hand (repeatable).")
    ] = None,
    dash: Annotated[
        list[str] | None,
        typer.Option(help="NAME=BONUS dives for cover that must be reached (repeatable)."),
    ] = None,
    extra_rounds: Annotated[int, typer.Option(help="Rounds past 5 for volume.")] = 0,
    ap: Annotated[int, typer.Option(help="AP on the sweep (2-4).")] = 4,
    ap_left: Annotated[int, typer.Option(help="AP the shooter has left this round.")] = 4,
    rounds_left: RoundsLeftOpt = None,
    rounds_this_round: Annotated[int, typer.Option(help="Rounds already fired this round.")] = 0,
    sweeps_this_round: Annotated[int, typer.Option(help="Sweeps already made this round.")] = 0,
    ammo: Annotated[str, typer.Option(help="ball, hollowpoint or armor-piercing.")] = "ball",
    mounted: Annotated[bool, typer.Option(help="The gun is on a tripod.")] = False,
    strength: Annotated[int, typer.Option(help="Shooter's Strength bonus (unbraced recoil).")] = 0,
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Hose a stretch of ground: everyone in it dives or stands, then takes their own attack."""
    dice, dice_info = dice_from_options(rolls, seed, ask)
    responses: dict[str, dict[str, Any]] = {n: {"response": "dive"} for n in dive or ()}
    for name, bonus in _named(dash, "--dash").items():
        try:
            move = int(bonus)
            responses[name] = {"response": "dive", "cover_in_reach": False, "move_bonus": move}
        except ValueError:
            fail(f"error: --dash takes NAME=BONUS, got {name}={bonus!r}")
    with refusals():
        people = _people(target, cover, scene, responses)
        decl = SuppressionSweep(
            weapon=weapon,
            fire_discipline_bonus=fire_discipline,
            rapid_fire_bonus=skill,
            position=_point(at, "--at"),
            bearing_deg=bearing,
            distance_ft=distance,
            width_ft=width,
            people=tuple(people),
            extra_rounds=extra_rounds,
            ap=ap,
            ap_available=ap_left,
            rounds_left=rounds_left,
            rounds_this_round=rounds_this_round,
            sweeps_this_round=sweeps_this_round,
            ammo=ammo,
            mounted=mounted,
            strength_bonus=strength,
            extra=tuple(_parse_mod(m) for m in mod or ()),
        )
        outcome = resolve_suppression_sweep(decl, dice, RmuData())
    _show(
        f"rmu suppression sweep: {weapon}",
        "suppression-sweep",
        decl,
        outcome,
        dice,
        dice_info,
        as_json,
    )


def maneuver(
    bonus: Annotated[int, typer.Option(help="The skill bonus.")] = 0,
    difficulty: Annotated[str, typer.Option(help="casual ... medium, hard ... absurd.")] = "medium",
    absolute: Annotated[bool, typer.Option(help="An absolute (static) maneuver.")] = False,
    opposed: Annotated[
        int | None, typer.Option(help="The passive side's total, for an opposed roll.")
    ] = None,
    skill: Annotated[str, typer.Option(help="The skill's name, for the trace.")] = "maneuver",
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Roll a percentage (default) or absolute maneuver on RMU Table 5-1."""
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with refusals():
        decl = Maneuver(
            kind="absolute" if absolute else "percentage",
            bonus=bonus,
            difficulty=difficulty,
            opposed_by=opposed,
            skill=skill,
            extra=tuple(_parse_mod(m) for m in mod or ()),
        )
        outcome = resolve_maneuver(decl, dice, RmuData())
    _show(f"rmu maneuver: {skill}", "maneuver", decl, outcome, dice, dice_info, as_json)


def move_to_cover(
    cover: Annotated[str, typer.Option(help="The cover reached, GRADE:MATERIAL.")],
    bonus: Annotated[int, typer.Option(help="The mover's moving maneuver bonus.")] = 0,
    fire: Annotated[
        str, typer.Option(help="none, under-fire, or suppressed (a sweep or several guns).")
    ] = "under-fire",
    weapon: Annotated[
        str | None, typer.Option(help="The incoming gun (prices hard cover).")
    ] = None,
    ammo: Annotated[str, typer.Option(help="The incoming load.")] = "ball",
    move_ap: Annotated[int, typer.Option(help="AP the move costs as movement.")] = 1,
    armor: Annotated[
        str, typer.Option(help="The mover's armor (its maneuver penalty counts).")
    ] = "AT 1",
    ap_left: Annotated[int, typer.Option(help="AP the mover has left this round.")] = 4,
    mod: ModOpt = None,
    rolls: RollsOpt = None,
    seed: SeedOpt = None,
    ask: AskOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Dash for cover under fire: the maneuver's % is the share of cover gained this round."""
    if fire not in ("none", "under-fire", "suppressed"):
        fail(f"error: --fire is none, under-fire or suppressed, got {fire!r}")
    dice, dice_info = dice_from_options(rolls, seed, ask)
    with refusals():
        target_cover: Cover | None = parse_cover(cover)
        if target_cover is None:
            fail("error: --cover names the cover reached, e.g. full:soft")
        kind: Fire = fire  # type: ignore[assignment]
        decl = MovingToCover(
            cover=target_cover,
            maneuver_bonus=bonus,
            fire=kind,
            weapon=weapon,
            ammo=ammo,
            move_ap=move_ap,
            ap_available=ap_left,
            extra=tuple(_parse_mod(m) for m in mod or ()),
            armor=armor,
        )
        outcome = resolve_moving_to_cover(decl, dice, RmuData())
    _show("rmu moving to cover", "moving-to-cover", decl, outcome, dice, dice_info, as_json)


def register(app: typer.Typer) -> None:
    """Add the firearm-action commands to the ``rmu`` app."""
    app.command("rapid-fire")(rapid_fire)
    app.command("suppress")(suppress)
    app.command("maneuver")(maneuver)
    app.command("move-to-cover")(move_to_cover)
