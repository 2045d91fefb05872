"""The options that declare an rmu rapid fire or suppression sweep, shared by ``rmu rapid-fire``
/ ``rmu suppress`` and ``odds rmu rapid-fire`` / ``odds rmu suppress``.

Each option is defined once here (name, type, help and default) and each declaration is built
once, by :func:`rapid_fire_from_options` and :func:`suppression_from_options`, so the odds
commands take exactly the resolving commands' options and refuse exactly what they refuse.
People on the scene come from repeatable ``--target NAME:X,Y[:ARMOR]`` options (feet; the
muzzle is ``--at``, 0,0 by default) with ``--cover NAME=GRADE:MATERIAL``, or from a TOML file
(``--scene``) whose ``[[person]]`` tables take every field of a person (see docs/rmu.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

import typer
from pydantic import Field

from firefight.cli.common import fail
from firefight.geometry import Point, Posture, Size
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.rapid_fire import RapidFire, RapidFirePreparation
from firefight.rulesets.rmu.suppression import SuppressionSweep, SweepTarget
from firefight.tables.data_files import DataModel, read_toml, validate
from firefight.trace import Modifier

__all__ = [
    "RAPID_FIRE_OPTION_NAMES",
    "SUPPRESS_OPTION_NAMES",
    "parse_mod",
    "rapid_fire_from_options",
    "suppression_from_options",
]

WeaponOpt = Annotated[str, typer.Option(help="Weapon key (see `firefight weapons`).")]
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
AmmoOpt = Annotated[str, typer.Option(help="ball, hollowpoint or armor-piercing.")]
MountedOpt = Annotated[bool, typer.Option(help="The gun is on a tripod.")]
StrengthOpt = Annotated[int, typer.Option(help="Shooter's Strength bonus (unbraced recoil).")]
ShooterArmorOpt = Annotated[
    str | None, typer.Option(help="The shooter's own BA class (its missile penalty).")
]

# rapid fire
PrepareOpt = Annotated[bool, typer.Option(help="Roll the preparation round instead of firing.")]
RapidSkillOpt = Annotated[int, typer.Option(help="Rapid Fire bonus (preparation).")]
RapidDisciplineOpt = Annotated[
    int, typer.Option(help="Fire Discipline bonus: offsets the preparation's haste.")
]
PrepApOpt = Annotated[int, typer.Option(help="AP on the preparation (2-4).")]
ApLeftOpt = Annotated[int, typer.Option(help="AP the shooter has left this round.")]
ShareOpt = Annotated[
    int | None, typer.Option(help="Firing: the % the preparation carried (0-100).")
]
FiringObOpt = Annotated[int, typer.Option(help="Firing: the shooter's OB with the weapon.")]
ContinuingOpt = Annotated[
    bool, typer.Option(help="A belt-fed gun firing on, on the same preparation.")
]

# suppression
DistanceOpt = Annotated[float, typer.Option(help="How far out the ground is, in feet.")]
WidthOpt = Annotated[float, typer.Option(help="How wide the whole sweep is, in feet.")]
SweepDisciplineOpt = Annotated[int, typer.Option(help="Fire Discipline bonus (Agility).")]
SweepSkillOpt = Annotated[int, typer.Option(help="Rapid Fire bonus: offsets the sweep's haste.")]
BearingOpt = Annotated[
    float, typer.Option(help="Compass bearing of the sweep's middle (0 = +y, 90 = +x).")
]
DiveOpt = Annotated[
    list[str] | None, typer.Option(help="NAME dives behind the cover at hand (repeatable).")
]
DashOpt = Annotated[
    list[str] | None,
    typer.Option(help="NAME=BONUS dives for cover that must be reached (repeatable)."),
]
ExtraRoundsOpt = Annotated[int, typer.Option(help="Rounds past 5 for volume.")]
SweepApOpt = Annotated[int, typer.Option(help="AP on the sweep (2-4).")]
RoundsThisRoundOpt = Annotated[int, typer.Option(help="Rounds already fired this round.")]
SweepsThisRoundOpt = Annotated[int, typer.Option(help="Sweeps already made this round.")]

#: The parameters of :func:`rapid_fire_from_options`: a command passes these on by name.
RAPID_FIRE_OPTION_NAMES = (
    "weapon",
    "prepare",
    "skill",
    "fire_discipline",
    "ap",
    "ap_left",
    "share",
    "ob",
    "at",
    "target",
    "cover",
    "scene",
    "rounds_left",
    "continuing",
    "ammo",
    "mounted",
    "strength",
    "shooter_armor",
    "mod",
)

#: The parameters of :func:`suppression_from_options`.
SUPPRESS_OPTION_NAMES = (
    "weapon",
    "distance",
    "width",
    "fire_discipline",
    "skill",
    "bearing",
    "at",
    "target",
    "cover",
    "scene",
    "dive",
    "dash",
    "extra_rounds",
    "ap",
    "ap_left",
    "rounds_left",
    "rounds_this_round",
    "sweeps_this_round",
    "ammo",
    "mounted",
    "strength",
    "shooter_armor",
    "mod",
)


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
    conscious: bool = True
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


def parse_mod(text: str) -> Modifier:
    """``VALUE:LABEL``, e.g. ``+10:bright muzzle flash``."""
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
    """Everyone on the scene, in the order given: ``--target`` first (the first is the man a
    burst is aimed at), then the TOML file's."""
    rows: list[dict[str, Any]] = []
    for text in targets or ():
        parts = text.split(":")
        if len(parts) not in (2, 3) or not parts[0].strip():
            fail(f"error: --target takes NAME:X,Y[:ARMOR], e.g. 'Bob:0,40:BA II', got {text!r}")
        where = _point(parts[1], "--target")
        row: dict[str, Any] = {"name": parts[0].strip(), "x_ft": where.x_ft, "y_ft": where.y_ft}
        if len(parts) == 3:
            row["armor"] = parts[2].strip()
        rows.append(validate(_PersonModel, row, "--target").model_dump())
    if scene is not None:
        model = validate(_SceneModel, read_toml(scene), str(scene))
        rows += [p.model_dump() for p in model.person]
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
            conscious=row["conscious"],
        ),
        cover=parse_cover(row["cover"]),
        situational=tuple(row["situational"]),
        response=row["response"],
        cover_in_reach=row["cover_in_reach"],
        move_bonus=row["move_bonus"],
    )


def rapid_fire_from_options(
    *,
    weapon: str,
    prepare: bool = False,
    skill: int = 0,
    fire_discipline: int = 0,
    ap: int = 4,
    ap_left: int = 4,
    share: int | None = None,
    ob: int = 0,
    at: str = "0,0",
    target: list[str] | None = None,
    cover: list[str] | None = None,
    scene: Path | None = None,
    rounds_left: int | None = None,
    continuing: bool = False,
    ammo: str = "ball",
    mounted: bool = False,
    strength: int = 0,
    shooter_armor: str | None = None,
    mod: list[str] | None = None,
) -> RapidFire | RapidFirePreparation:
    """The preparation (``prepare``) or the firing round the options describe."""
    extra = tuple(parse_mod(m) for m in mod or ())
    if prepare:
        return RapidFirePreparation(
            weapon=weapon,
            rapid_fire_bonus=skill,
            fire_discipline_bonus=fire_discipline,
            ap=ap,
            ap_available=ap_left,
            rounds_left=rounds_left,
            extra=extra,
        )
    if share is None:
        fail("error: firing needs --share (the preparation's %); or pass --prepare")
    people = _people(target, cover, scene)
    if not people:
        fail("error: firing needs at least one --target (the man aimed at)")
    return RapidFire(
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
        shooter_armor=shooter_armor,
        extra=extra,
    )


def suppression_from_options(
    *,
    weapon: str,
    distance: float,
    width: float,
    fire_discipline: int = 0,
    skill: int = 0,
    bearing: float = 0.0,
    at: str = "0,0",
    target: list[str] | None = None,
    cover: list[str] | None = None,
    scene: Path | None = None,
    dive: list[str] | None = None,
    dash: list[str] | None = None,
    extra_rounds: int = 0,
    ap: int = 4,
    ap_left: int = 4,
    rounds_left: int | None = None,
    rounds_this_round: int = 0,
    sweeps_this_round: int = 0,
    ammo: str = "ball",
    mounted: bool = False,
    strength: int = 0,
    shooter_armor: str | None = None,
    mod: list[str] | None = None,
) -> SuppressionSweep:
    """The sweep the options describe; ``dive`` and ``dash`` set people's responses."""
    responses: dict[str, dict[str, Any]] = {n: {"response": "dive"} for n in dive or ()}
    for name, bonus in _named(dash, "--dash").items():
        try:
            move = int(bonus)
            responses[name] = {"response": "dive", "cover_in_reach": False, "move_bonus": move}
        except ValueError:
            fail(f"error: --dash takes NAME=BONUS, got {name}={bonus!r}")
    people = _people(target, cover, scene, responses)
    return SuppressionSweep(
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
        shooter_armor=shooter_armor,
        extra=tuple(parse_mod(m) for m in mod or ()),
    )
