"""The declarations of an rmu rapid fire, suppression sweep, maneuver and dash to cover as a
person gives them: one field per option of ``rmu rapid-fire`` / ``rmu suppress`` / ``rmu
maneuver`` / ``rmu move-to-cover`` and the odds commands that share them
(:mod:`firefight.declarations`). Each ``build()`` makes the resolver's declaration.

People on the scene come from repeatable ``--target NAME:X,Y[:ARMOR]`` options (feet; the
muzzle is ``--at``, 0,0 by default) with ``--cover NAME=GRADE:MATERIAL``, or from a TOML file
(``--scene``) whose ``[[person]]`` tables take every field of a person (see docs/rmu.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import Field

from firefight.declarations import DeclarationError, param
from firefight.geometry import Point, Posture, Size
from firefight.limits import MAX_GM_MODS
from firefight.rulesets.rmu.cover import Cover, parse_cover
from firefight.rulesets.rmu.defense import Defender
from firefight.rulesets.rmu.firearm_data import firearm_figures
from firefight.rulesets.rmu.kindred_criticals import kindred_steps, kindred_torpor
from firefight.rulesets.rmu.maneuvers import Maneuver, maneuver_figures
from firefight.rulesets.rmu.moving_cover import Fire, MovingToCover
from firefight.rulesets.rmu.rapid_fire import RapidFire, RapidFirePreparation
from firefight.rulesets.rmu.shot_options import (
    MAX_DISTANCE_FT,
    MAX_LISTED,
    ammo_help,
    ammo_keys,
    armor_columns,
    ba_classes,
    kindred_help,
    parse_ally,
    parse_mod,
    weapon_keys,
)
from firefight.rulesets.rmu.suppression import SuppressionSweep, SweepTarget
from firefight.tables.data_files import DataModel, read_toml, validate
from firefight.wording import either

__all__ = [
    "ManeuverOptions",
    "MoveToCoverOptions",
    "RapidFireOptions",
    "SuppressOptions",
    "named_values",
    "point_option",
    "target_row",
]

#: A change an option makes to a person on the scene: the option, the person's name, the fields.
Change = tuple[str, str, dict[str, Any]]

#: How far from the scene's origin a position may be given.
MAX_COORDINATE_FT = 1_000_000
#: The most rounds a count of rounds may name (a belt is a few hundred).
MAX_ROUNDS = 10_000


def _prep_ap_help() -> str:
    low, high = firearm_figures().rapid_fire.prep_ap
    return f"AP on the preparation ({low}-{high})."


def _sweep_ap_help() -> str:
    low, high = firearm_figures().suppression.ap
    return f"AP on the sweep ({low}-{high})."


def _extra_rounds_help() -> str:
    return f"Rounds past {firearm_figures().suppression.base_rounds} for volume."


@dataclass(frozen=True, slots=True, kw_only=True)
class _Gun:
    """What every firing command asks of the gun and the scene."""

    weapon: str = param(help="Weapon key (see `firefight weapons`).", choices=weapon_keys)
    at: str = param("0,0", help="The muzzle's position X,Y in feet.")
    target: tuple[str, ...] = param(
        (),
        help="A person NAME:X,Y[:ARMOR] in feet (repeatable), e.g. 'Bob:0,40:BA II'.",
        high=MAX_LISTED * 4,
    )
    cover: tuple[str, ...] = param(
        (), help="A person's barrier NAME=GRADE:MATERIAL (repeatable).", high=MAX_LISTED * 4
    )
    scene: Path | None = param(None, help="A TOML file of [[person]] tables (docs/rmu.md).")
    kindred: tuple[str, ...] = param(
        (),
        help=lambda: kindred_help("NAME is") + " Repeatable.",
        high=MAX_LISTED * 4,
        rule="V-1",
    )
    ap_left: int = param(
        4, help="AP the shooter has left this round.", low=0, high=4, rule="RMU-GEN-1"
    )
    rounds_left: int | None = param(
        None, help="Rounds in the gun (default: full).", low=0, high=MAX_ROUNDS
    )
    ammo: str = param("ball", help=ammo_help, choices=ammo_keys)
    mounted: bool = param(False, help="The gun is on a tripod.")
    strength: int = param(
        0, help="Shooter's Strength bonus (unbraced recoil).", low=-50, high=100, rule="RMU-TRI-2"
    )
    shooter_armor: str | None = param(
        None, help="The shooter's own BA class (its missile penalty).", choices=ba_classes
    )
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL (repeatable).", high=MAX_GM_MODS
    )
    ally: str | None = param(
        None,
        help="The shooter's nearest ally, NAME[=ARMOR[:DAMAGE]]@FEET from the muzzle: the one a "
        "malfunction's stray round flies toward (DEC-105).",
        sweep=False,
    )

    def extra(self) -> tuple[Any, ...]:
        return tuple(parse_mod(m) for m in self.mod)

    def people(self, changes: Sequence[Change] = ()) -> list[SweepTarget]:
        """Everyone on the scene, ``--kindred`` marking the Kindred among them (V-1)."""
        kindred = [("--kindred", n.strip(), {"kindred": True}) for n in self.kindred]
        return _people(self.target, self.cover, self.scene, [*changes, *kindred])


@dataclass(frozen=True, slots=True, kw_only=True)
class RapidFireOptions(_Gun):
    """Emptying the gun: the preparation (``prepare``) or the firing round."""

    prepare: bool = param(False, help="Roll the preparation round instead of firing.")
    skill: int = param(0, help="Rapid Fire bonus (preparation).", low=-100, high=300)
    fire_discipline: int = param(
        0, help="Fire Discipline bonus: offsets the preparation's haste.", low=-100, high=300
    )
    ap: int = param(4, help=_prep_ap_help, low=0, high=4, rule="RMU-GEN-1")
    share: int | None = param(None, help="Firing: the % the preparation carried.", low=0, high=100)
    ob: int = param(0, help="Firing: the shooter's OB with the weapon.", low=-999, high=999)
    continuing: bool = param(False, help="A belt-fed gun firing on, on the same preparation.")

    def build(self) -> RapidFire | RapidFirePreparation:
        if self.prepare:
            return RapidFirePreparation(
                weapon=self.weapon,
                rapid_fire_bonus=self.skill,
                fire_discipline_bonus=self.fire_discipline,
                ap=self.ap,
                ap_available=self.ap_left,
                rounds_left=self.rounds_left,
                extra=self.extra(),
                ammo=self.ammo,
                ally=parse_ally(self.ally),
            )
        if self.share is None:
            raise DeclarationError(
                "--share", "is needed to fire (the preparation's %); or pass --prepare."
            )
        if self.ally is not None:
            raise DeclarationError(
                "--ally",
                "is for the preparation: the firing round cannot malfunction (RMU-RF-13).",
            )
        people = self.people()
        if not people:
            raise DeclarationError("--target", "is needed to fire (the man aimed at).")
        return RapidFire(
            weapon=self.weapon,
            ob=self.ob,
            share_percent=self.share,
            position=point_option(self.at, "--at"),
            target=people[0],
            others=tuple(people[1:]),
            rounds_left=self.rounds_left,
            continuing=self.continuing,
            ap_available=self.ap_left,
            ammo=self.ammo,
            mounted=self.mounted,
            strength_bonus=self.strength,
            shooter_armor=self.shooter_armor,
            extra=self.extra(),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class SuppressOptions(_Gun):
    """A suppression sweep over a stretch of ground."""

    distance: float = param(
        help="How far out the ground is.", unit="ft", low=0, high=MAX_DISTANCE_FT, rule="RMU-SUP-1"
    )
    width: float = param(
        help="How wide the whole sweep is.",
        unit="ft",
        low=0,
        high=MAX_DISTANCE_FT,
        rule="RMU-SUP-1",
    )
    fire_discipline: int = param(0, help="Fire Discipline bonus (Agility).", low=-100, high=300)
    skill: int = param(0, help="Rapid Fire bonus: offsets the sweep's haste.", low=-100, high=300)
    bearing: float = param(
        0.0, help="Compass bearing of the sweep's middle (0 = +y, 90 = +x).", low=-360, high=360
    )
    dive: tuple[str, ...] = param(
        (), help="NAME dives behind the cover at hand (repeatable).", high=MAX_LISTED * 4
    )
    dash: tuple[str, ...] = param(
        (),
        help="NAME=BONUS dives for cover that must be reached (repeatable).",
        high=MAX_LISTED * 4,
    )
    extra_rounds: int = param(0, help=_extra_rounds_help, low=0, high=MAX_ROUNDS)
    ap: int = param(4, help=_sweep_ap_help, low=0, high=4, rule="RMU-GEN-1")
    rounds_this_round: int = param(
        0, help="Rounds already fired this round.", low=0, high=MAX_ROUNDS
    )
    sweeps_this_round: int = param(0, help="Sweeps already made this round.", low=0, high=100)

    def build(self) -> SuppressionSweep:
        """The sweep; ``dive`` and ``dash`` set people's responses."""
        responses: list[Change] = [("--dive", n, {"response": "dive"}) for n in self.dive]
        for name, bonus in named_values(self.dash, "--dash").items():
            try:
                move = int(bonus)
            except ValueError:
                raise DeclarationError(
                    "--dash", f"takes NAME=BONUS, got {name}={bonus!r}."
                ) from None
            dash = {"response": "dive", "cover_in_reach": False, "move_bonus": move}
            responses.append(("--dash", name, dash))
        people = self.people(responses)
        return SuppressionSweep(
            weapon=self.weapon,
            fire_discipline_bonus=self.fire_discipline,
            rapid_fire_bonus=self.skill,
            position=point_option(self.at, "--at"),
            bearing_deg=self.bearing,
            distance_ft=self.distance,
            width_ft=self.width,
            people=tuple(people),
            extra_rounds=self.extra_rounds,
            ap=self.ap,
            ap_available=self.ap_left,
            rounds_left=self.rounds_left,
            rounds_this_round=self.rounds_this_round,
            sweeps_this_round=self.sweeps_this_round,
            ammo=self.ammo,
            mounted=self.mounted,
            strength_bonus=self.strength,
            shooter_armor=self.shooter_armor,
            extra=self.extra(),
            ally=parse_ally(self.ally),
        )


def _difficulty_help() -> str:
    return f"The difficulty (M-2): {', '.join(maneuver_figures().difficulty)}."


@dataclass(frozen=True, slots=True, kw_only=True)
class ManeuverOptions:
    """A percentage or absolute maneuver (RMU Table 5-1)."""

    bonus: int = param(0, help="The skill bonus.", low=-999, high=999)
    difficulty: str = param("medium", help=_difficulty_help)
    absolute: bool = param(False, help="An absolute (static) maneuver.")
    opposed: int | None = param(
        None, help="The passive side's total, for an opposed roll.", low=-999, high=999
    )
    skill: str = param("maneuver", help="The skill's name, for the trace.")
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL (repeatable).", high=MAX_GM_MODS
    )

    def build(self) -> Maneuver:
        return Maneuver(
            kind="absolute" if self.absolute else "percentage",
            bonus=self.bonus,
            difficulty=self.difficulty,
            opposed_by=self.opposed,
            skill=self.skill,
            extra=tuple(parse_mod(m) for m in self.mod),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveToCoverOptions:
    """A dash for cover under fire."""

    cover: str = param(help="The cover reached, GRADE:MATERIAL.")
    bonus: int = param(0, help="The mover's moving maneuver bonus.", low=-999, high=999)
    fire: str = param(
        "under-fire",
        help=f"The fire coming in: {either(get_args(Fire))} (suppressed: a sweep or several guns).",
        choices=get_args(Fire),
    )
    weapon: str | None = param(
        None, help="The incoming gun (prices hard cover).", choices=weapon_keys
    )
    ammo: str = param("ball", help="The incoming load.", choices=ammo_keys)
    move_ap: int = param(1, help="AP the move costs as movement.", low=0, high=4, rule="RMU-GEN-1")
    armor: str = param(
        "AT 1", help="The mover's armor (its maneuver penalty counts).", choices=armor_columns
    )
    ap_left: int = param(
        4, help="AP the mover has left this round.", low=0, high=4, rule="RMU-GEN-1"
    )
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL (repeatable).", high=MAX_GM_MODS
    )

    def build(self) -> MovingToCover:
        reached: Cover | None = parse_cover(self.cover)
        if reached is None:
            raise DeclarationError("--cover", "names the cover reached, e.g. full:soft.")
        fire: Fire = (
            "none"
            if self.fire == "none"
            else ("suppressed" if self.fire == "suppressed" else "under-fire")
        )
        return MovingToCover(
            cover=reached,
            maneuver_bonus=self.bonus,
            fire=fire,
            weapon=self.weapon,
            ammo=self.ammo,
            move_ap=self.move_ap,
            ap_available=self.ap_left,
            extra=tuple(parse_mod(m) for m in self.mod),
            armor=self.armor,
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
    kindred: bool = False


class _SceneModel(DataModel):
    person: list[_PersonModel] = Field(min_length=1)


def point_option(text: str, option: str) -> Point:
    """``X,Y`` in feet, finite and within :data:`MAX_COORDINATE_FT` of the origin."""
    x, _, y = text.partition(",")
    try:
        found = (float(x), float(y))
    except ValueError:
        raise DeclarationError(option, f"takes X,Y in feet, e.g. '0,40', got {text!r}.") from None
    if not all(math.isfinite(v) and abs(v) <= MAX_COORDINATE_FT for v in found):
        raise DeclarationError(
            option, f"takes finite X,Y within {MAX_COORDINATE_FT:,} ft, got {text!r}."
        )
    return Point(x_ft=found[0], y_ft=found[1])


def target_row(text: str) -> dict[str, Any]:
    """A person ``NAME:X,Y[:ARMOR]`` (feet) as a row of their fields."""
    parts = text.split(":")
    if len(parts) not in (2, 3) or not parts[0].strip():
        raise DeclarationError(
            "--target", f"takes NAME:X,Y[:ARMOR], e.g. 'Bob:0,40:BA II', got {text!r}."
        )
    where = point_option(parts[1], "--target")
    row: dict[str, Any] = {"name": parts[0].strip(), "x_ft": where.x_ft, "y_ft": where.y_ft}
    if len(parts) == 3:
        row["armor"] = parts[2].strip()
    return row


def named_values(texts: Sequence[str], option: str) -> dict[str, str]:
    """Repeated ``NAME=VALUE`` options as a mapping, the last of a name winning."""
    found: dict[str, str] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise DeclarationError(option, f"takes NAME=VALUE, got {text!r}.")
        found[name.strip()] = value.strip()
    return found


def _people(
    targets: Sequence[str],
    covers: Sequence[str],
    scene: Path | None,
    changes: Sequence[Change] = (),
) -> list[SweepTarget]:
    """Everyone on the scene, in the order given: ``--target`` first (the first is the man a
    burst is aimed at), then the TOML file's; each change sets fields of the person it names."""
    rows: list[dict[str, Any]] = []
    for text in targets:
        rows.append(validate(_PersonModel, target_row(text), "--target").model_dump())
    if scene is not None:
        model = validate(_SceneModel, read_toml(scene), str(scene))
        rows += [p.model_dump() for p in model.person]
    for name, cover in named_values(covers, "--cover").items():
        match = [r for r in rows if r["name"] == name]
        if not match:
            raise DeclarationError("--cover", f"names {name!r}, who is not on the scene.")
        match[0]["cover"] = cover
    for option, name, fields in changes:
        match = [r for r in rows if r["name"] == name]
        if not match:
            raise DeclarationError(option, f"names {name!r}, who is not on the scene.")
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
            severity_steps=kindred_steps(row["kindred"]),
            kindred=kindred_torpor(row["kindred"]),
        ),
        cover=parse_cover(row["cover"]),
        situational=tuple(row["situational"]),
        response=row["response"],
        cover_in_reach=row["cover_in_reach"],
        move_bonus=row["move_bonus"],
    )
