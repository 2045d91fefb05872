"""The declarations of a throw, a detonation and a flash-bang as a person gives them: the
options of ``rmu throw``, ``rmu explode`` and ``rmu flash-bang`` (:mod:`firefight.declarations`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field

from firefight.declarations import DeclarationError, param
from firefight.fuzzy import match
from firefight.geometry import Point, Posture, Size
from firefight.limits import MAX_GM_MODS
from firefight.rulesets.rmu.cover import parse_cover
from firefight.rulesets.rmu.detonation import WOUNDING_EFFECTS, Blast, BlastTarget
from firefight.rulesets.rmu.explosives import explosive_data
from firefight.rulesets.rmu.fire_options import named_values, point_option, target_row
from firefight.rulesets.rmu.flash_bang import FlashBang, Victim
from firefight.rulesets.rmu.gas import CsExposure, GasVictim
from firefight.rulesets.rmu.kindred_criticals import kindred_steps, kindred_torpor
from firefight.rulesets.rmu.placement import THROW_DIFFICULTY, Throw
from firefight.rulesets.rmu.shot_options import MAX_LISTED, armor_columns, kindred_help, parse_mod
from firefight.rulesets.rmu.thrown_blast import ThrownBlast
from firefight.tables.data_files import DataModel, read_toml, validate

__all__ = [
    "ExplodeOptions",
    "FlashBangOptions",
    "GasOptions",
    "ThrowBlastOptions",
    "ThrowOptions",
]


def load_keys() -> Sequence[str]:
    return tuple(explosive_data().loads)


def _throw_load_help() -> str:
    return f"The explosive ({', '.join(load_keys())})."


def _explode_load_help() -> str:
    """The loads that wound: ``rmu explode`` refuses the rest (RMU-EXP-1)."""
    loads = explosive_data().loads.values()
    return f"The explosive ({', '.join(k.key for k in loads if k.effect in WOUNDING_EFFECTS)})."


def _throw_ap_full() -> int:
    return explosive_data().throw.ap_full


def _throw_ap_help() -> str:
    throw = explosive_data().throw
    return f"AP on the throw ({throw.penalty_per_ap_short:+d} per AP under {throw.ap_full})."


def _enclosed_help() -> str:
    return f"It goes off in a closed room ({explosive_data().flash_bang.enclosed:+d})."


def _unaware_help() -> str:
    return f"NAME did not see it coming ({explosive_data().flash_bang.unaware:+d}; repeatable)."


def _nightvision_help() -> str:
    bonus = explosive_data().flash_bang.nightvision
    return f"NAME is using Nightvision ({bonus:+d} Resistance; repeatable)."


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowOptions:
    """A throw of an explosive at a spot."""

    load: str = param(help=_throw_load_help, choices=load_keys)
    aim: str = param(help="The aim point X,Y in feet.")
    at: str = param("0,0", help="Where the thrower stands, X,Y in feet.")
    thrown: int = param(
        0, help="The whole Ranged Weapon: Thrown bonus.", low=-999, high=999, rule="RMU-EXP-2"
    )
    difficulty: int = param(
        0,
        help="The GM's difficulty for the precision wanted.",
        low=-THROW_DIFFICULTY,
        high=THROW_DIFFICULTY,
    )
    ap: int = param(3, help=_throw_ap_help, low=1, high=_throw_ap_full, rule="RMU-EXP-3")
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL (repeatable).", high=MAX_GM_MODS
    )

    def build(self) -> Throw:
        return Throw(
            load=self.load,
            aim=point_option(self.aim, "--aim"),
            thrower=point_option(self.at, "--at"),
            thrown_bonus=self.thrown,
            difficulty=self.difficulty,
            ap=self.ap,
            extra=tuple(parse_mod(m) for m in self.mod),
        )


def _victim(text: str, unaware: Sequence[str], nightvision: Sequence[str]) -> Victim:
    parts = text.split(":")
    example = "e.g. 'ghoul:5:0' or 'Mara:10:5:3'"
    if not 3 <= len(parts) <= 4 or not parts[0].strip():
        raise DeclarationError("--victim", f"takes NAME:CO:SD[:BP], {example}, got {text!r}.")
    try:
        co, sd, bp = int(parts[1]), int(parts[2]), int(parts[3]) if len(parts) == 4 else 0
    except ValueError:
        raise DeclarationError("--victim", f"CO, SD and BP are whole numbers, {example}.") from None
    if not (-50 <= co <= 50 and -50 <= sd <= 50 and 0 <= bp <= 10):
        raise DeclarationError(
            "--victim", f"stat bonuses run -50..50 and Blood Potency 0..10: {text!r}."
        )
    name = parts[0].strip()
    return Victim(name=name, co_bonus=co, sd_bonus=sd, blood_potency=bp,
                  unaware=name in unaware, nightvision=name in nightvision)  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class FlashBangOptions:
    """A flash-bang going off among the people in its radius."""

    victim: tuple[str, ...] = param(
        help="Someone in the radius NAME:CO:SD[:BP] (Constitution and Self Discipline bonuses, "
        "Blood Potency; repeatable).",
        low=1,
        high=MAX_LISTED * 4,
        rule="RMU-EXP-17",
    )
    enclosed: bool = param(False, help=_enclosed_help)
    unaware: tuple[str, ...] = param((), help=_unaware_help, high=MAX_LISTED * 4)
    nightvision: tuple[str, ...] = param((), help=_nightvision_help, high=MAX_LISTED * 4)
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL on the grenade (repeatable).", high=MAX_GM_MODS
    )

    def build(self) -> FlashBang:
        victims = tuple(_victim(t, self.unaware, self.nightvision) for t in self.victim)
        named = _named_once([v.name for v in victims])
        for option, names in (("--unaware", self.unaware), ("--nightvision", self.nightvision)):
            stray = [n for n in names if n not in named]
            if stray:
                raise DeclarationError(option, f"names {stray[0]!r}, who is no --victim.")
        return FlashBang(
            victims=victims, enclosed=self.enclosed, extra=tuple(parse_mod(m) for m in self.mod)
        )


def _named_once(names: Sequence[str]) -> set[str]:
    """The victims' names, each given once: a name given twice was resolved twice, two
    contests for one person (DEC-902), as a blast refuses it (RMU-EXP-1)."""
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        raise DeclarationError("--victim", f"names {twice!r} twice; give each victim once.")
    return set(names)


@dataclass(frozen=True, slots=True, kw_only=True)
class GasOptions:
    """A round in a CS cloud for the people in it."""

    victim: tuple[str, ...] = param(
        help="Someone in the cloud NAME:CO (their Constitution bonus; repeatable).",
        low=1,
        high=MAX_LISTED * 4,
        rule="RMU-EXP-16",
    )
    mask: tuple[str, ...] = param(
        (), help="NAME wears a gas mask (repeatable).", high=MAX_LISTED * 4
    )
    holding_breath: tuple[str, ...] = param(
        (), help="NAME holds their breath (repeatable).", high=MAX_LISTED * 4
    )
    no_breath: tuple[str, ...] = param(
        (),
        help="NAME does not breathe (a Kindred without Blush of Life; repeatable).",
        high=MAX_LISTED * 4,
    )
    penalty: tuple[str, ...] = param(
        (), help="NAME=N: the other penalties NAME carries (repeatable).", high=MAX_LISTED * 4
    )

    def build(self) -> CsExposure:
        victims = []
        for text in self.victim:
            name, sep, co = text.partition(":")
            try:
                constitution = int(co) if sep else 0
            except ValueError:
                raise DeclarationError("--victim", f"takes NAME:CO, got {text!r}.") from None
            victims.append((name.strip(), constitution))
        named = _named_once([n for n, _ in victims])
        penalties = {n: v for n, v in named_values(self.penalty, "--penalty").items()}
        flags = (("--mask", self.mask), ("--holding-breath", self.holding_breath),
                 ("--no-breath", self.no_breath), ("--penalty", tuple(penalties)))  # fmt: skip
        for option, names in flags:
            stray = [n for n in names if n not in named]
            if stray:
                raise DeclarationError(option, f"names {stray[0]!r}, who is no --victim.")
        try:
            extra = {n: int(v) for n, v in penalties.items()}
        except ValueError:
            raise DeclarationError("--penalty", "takes NAME=N with N a whole number.") from None
        return CsExposure(
            victims=tuple(
                GasVictim(name=n, constitution=co, mask=n in self.mask,
                          holding_breath=n in self.holding_breath,
                          breathes=n not in self.no_breath, penalty=min(0, extra.get(n, 0)))
                for n, co in victims
            )
        )  # fmt: skip


class _BlastPersonModel(DataModel):
    name: str = Field(min_length=1)
    x_ft: float
    y_ft: float
    posture: Posture = Posture.STANDING
    size: Size = Size.MEDIUM
    armor: str = "AT 1"
    quickness_db: int = Field(default=0, ge=-100, le=100)
    cover: str = "none"
    barrier_x_ft: float | None = None
    barrier_y_ft: float | None = None
    kindred: bool = False


class _BlastSceneModel(DataModel):
    person: list[_BlastPersonModel] = Field(min_length=1)


def _blast_target(row: _BlastPersonModel) -> BlastTarget:
    text = row.cover.strip().lower()
    barrier = None
    if "@" in text:
        text, _, where = text.partition("@")
        barrier = point_option(where, "--cover")
    elif row.barrier_x_ft is not None and row.barrier_y_ft is not None:
        barrier = Point(x_ft=row.barrier_x_ft, y_ft=row.barrier_y_ft)
    obscured = text in OBSCURING
    return BlastTarget(
        name=row.name,
        position=Point(x_ft=row.x_ft, y_ft=row.y_ft),
        posture=row.posture,
        size=row.size,
        # Read as rmu shoot reads --armor, ignoring case (DEC-899): 'ba ii' is BA II.
        armor=match(row.armor, armor_columns()) or row.armor,
        quickness_db=row.quickness_db,
        cover=None if obscured else parse_cover(text),
        barrier=barrier,
        obscured=obscured,
        severity_steps=kindred_steps(row.kindred),
        kindred=kindred_torpor(row.kindred),
    )


def _whole(option: str, name: str, text: str) -> int:
    """``NAME=N``'s N, a whole number, refused naming the option it was typed with (the check
    of every person's figures names --target, which the GM never typed for it)."""
    try:
        return int(text)
    except ValueError:
        said = f"{name}={text}"
        raise DeclarationError(option, f"takes NAME=N, N a whole number, not {said!r}.") from None


#: RMU-EXP-6: what only hides a body; it subtracts nothing from a blast.
OBSCURING = ("smoke", "fog", "darkness", "curtain")


@dataclass(frozen=True, slots=True, kw_only=True)
class ExplodeOptions:
    """An explosive going off among the people around it."""

    load: str = param(help=_explode_load_help, choices=load_keys)
    at: str = param("0,0", help="Where it goes off, X,Y in feet.")
    ranks: int = param(
        0, help="The thrower's Ranged Weapon: Thrown RANKS.", low=0, high=200, rule="RMU-EXP-1"
    )
    target: tuple[str, ...] = param(
        (),
        help="A person NAME:X,Y[:ARMOR] in feet (repeatable), e.g. 'Bob:0,40:BA II'.",
        high=MAX_LISTED * 4,
    )
    scene: Path | None = param(None, help="A TOML file of [[person]] tables (docs/rmu.md).")
    cover: tuple[str, ...] = param(
        (),
        help="A person's barrier NAME=GRADE:MATERIAL[@X,Y] (where it stands; repeatable), or "
        "NAME=smoke for what only hides.",
        high=MAX_LISTED * 4,
        rule="RMU-EXP-6",
    )
    prone: tuple[str, ...] = param(
        (), help="NAME is prone when it goes off (repeatable).", high=MAX_LISTED * 4,
        rule="RMU-EXP-7",
    )  # fmt: skip
    quickness: tuple[str, ...] = param(
        (), help="A person's Quickness DB NAME=N (repeatable).", high=MAX_LISTED * 4
    )
    kindred: tuple[str, ...] = param(
        (),
        help=lambda: kindred_help("NAME is") + " Repeatable.",
        high=MAX_LISTED * 4,
        rule="V-1",
    )
    enclosed: bool = param(False, help="It goes off in a closed room.")
    mod: tuple[str, ...] = param(
        (), help="Extra modifier VALUE:LABEL on every total (repeatable).", high=MAX_GM_MODS
    )

    def build(self) -> Blast:
        rows: list[dict[str, Any]] = []
        if self.scene is not None:
            model = validate(_BlastSceneModel, read_toml(self.scene), str(self.scene))
            rows += [p.model_dump() for p in model.person]
        rows += [target_row(text) for text in self.target]
        by_name = {r["name"]: r for r in rows}
        changes: list[tuple[str, str, dict[str, Any]]] = [
            *(("--cover", n, {"cover": v})
              for n, v in named_values(self.cover, "--cover").items()),
            *(("--prone", n.strip(), {"posture": "prone"}) for n in self.prone),
            *(("--quickness", n, {"quickness_db": _whole("--quickness", n, v)})
              for n, v in named_values(self.quickness, "--quickness").items()),
            *(("--kindred", n.strip(), {"kindred": True}) for n in self.kindred),
        ]  # fmt: skip
        for option, name, fields in changes:
            if name not in by_name:
                raise DeclarationError(option, f"names {name!r}, who is not on the scene.")
            by_name[name].update(fields)
        people = tuple(_blast_target(validate(_BlastPersonModel, r, "--target")) for r in rows)
        return Blast(
            load=self.load,
            center=point_option(self.at, "--at"),
            thrown_ranks=self.ranks,
            people=people,
            enclosed=self.enclosed,
            extra=tuple(parse_mod(m) for m in self.mod),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowBlastOptions(ExplodeOptions):
    """A throw and the people its blast may reach, for the odds before it is made."""

    at: str = param("0,0", help="Where the thrower stands, X,Y in feet.")
    aim: str = param(help="The aim point X,Y in feet.")
    thrown: int = param(
        0, help="The whole Ranged Weapon: Thrown bonus.", low=-999, high=999, rule="RMU-EXP-2"
    )
    difficulty: int = param(
        0,
        help="The GM's difficulty for the precision wanted.",
        low=-THROW_DIFFICULTY,
        high=THROW_DIFFICULTY,
    )
    ap: int = param(3, help=_throw_ap_help, low=1, high=_throw_ap_full, rule="RMU-EXP-3")

    def build(self) -> ThrownBlast:  # type: ignore[override]
        blast = ExplodeOptions.build(self)
        thrower = point_option(self.at, "--at")
        throw = Throw(load=self.load, aim=point_option(self.aim, "--aim"), thrower=thrower,
                      thrown_bonus=self.thrown, difficulty=self.difficulty, ap=self.ap)  # fmt: skip
        return ThrownBlast(throw=throw, blast=blast)
