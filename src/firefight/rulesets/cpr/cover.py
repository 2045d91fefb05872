"""Cover with hit points (C-13) and the bulletproof shield (``data/cover.toml``).

A shot at someone behind cover hits the cover instead: its damage comes off the cover's HP,
what is beyond the HP is lost, and at 0 HP the cover is destroyed -- the next shot meets the
person. An area attack hits the cover once; if that destroys it, the blast reaches whoever is
behind it (C-13). A bulletproof shield is cover held in hand (CPR-DOD-1).

>>> covers = load_cover()
>>> covers.hp_of("concrete thick"), covers.hp_of("Steel-Thin")
(25, 25)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from firefight.errors import RuleRefusal
from firefight.rulesets.cpr.datafile import load
from firefight.rulesets.cpr.events import CoverDamaged
from firefight.rulesets.cpr.weapons import normalize_key
from firefight.trace import Modifier, TraceBuilder

if TYPE_CHECKING:
    from firefight.rulesets.cpr.combatants import Target

__all__ = ["Cover", "CoverTable", "hit_cover", "load_cover", "strike_covers", "the_cover"]

THICKNESSES = ("thin", "thick")


@dataclass(frozen=True, slots=True, kw_only=True)
class Cover:
    """A piece of cover between a target and the attack: its name, HP left, and who holds it
    (a shield) or None (a barrier in the scene)."""

    name: str
    hp: int
    holder: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverTable:
    """HP by material and thickness, and the shields."""

    materials: dict[str, tuple[int, int]]
    shields: dict[str, tuple[str, int]]

    def hp_of(self, kind: str) -> int:
        """The HP of ``"<material> <thin|thick>"`` (any order, hyphens or spaces)."""
        words = normalize_key(kind).split("-")
        thickness = next((w for w in words if w in THICKNESSES), None)
        material = "-".join(w for w in words if w not in THICKNESSES)
        if thickness is None or material not in self.materials:
            known = ", ".join(self.materials)
            raise RuleRefusal(
                "C-13",
                f"Cover {kind!r} is not '<material> thin' or '<material> thick' with a material "
                f"of {known}.",
            )
        thin, thick = self.materials[material]
        return thin if thickness == "thin" else thick

    def shield(self, key: str) -> tuple[str, int]:
        """A shield's name and HP."""
        wanted = normalize_key(key)
        if wanted not in self.shields:
            raise RuleRefusal(
                "C-13", f"No shield called {key!r}; cpr knows {', '.join(self.shields)}."
            )
        return self.shields[wanted]


def the_cover(name: str, holder: str | None) -> str:
    """How a sentence names cover: "the crates", but a shield as its holder's ("Rook's
    bulletproof shield", its name already)."""
    return name if holder else f"the {name}"


def _opening(name: str, holder: str | None) -> str:
    """:func:`the_cover` at the start of a sentence."""
    said = the_cover(name, holder)
    return said[:1].upper() + said[1:]


def load_cover(*, validate: bool = False) -> CoverTable:
    data = load("cover.toml", "CoverFile", validate=validate)
    return CoverTable(
        materials={x["key"]: (x["thin"], x["thick"]) for x in data["material"]},
        shields={s["key"]: (s["name"], s["hp"]) for s in data.get("shield", ())},
    )


def hit_cover(
    cover: Cover, damage: int, tb: TraceBuilder, *, behind: str | None, area: bool = False
) -> tuple[Cover, CoverDamaged]:
    """The damage of one attack taken by ``cover``: HP down, what is beyond lost (C-13);
    ``behind`` names who it shields (None: the cover was shot for itself)."""
    after = max(0, cover.hp - damage)
    lost = damage - (cover.hp - after)
    tb.total(
        f"{cover.name}'s HP",
        [
            Modifier(value=cover.hp, label=f"{cover.name} HP left", rule="C-13"),
            Modifier(value=after - cover.hp, label=f"{damage} damage", rule="C-13"),
        ],
    )
    said = _opening(cover.name, cover.holder)
    if after > 0:
        safe = f"; {behind} is untouched" if behind else ""
        tb.step(f"{said} holds ({after} HP left){safe}.", "C-13")
    elif area:
        tb.step(f"{said} is destroyed: the blast reaches {behind}.", "C-13")
    else:
        beyond = f"; the {lost} damage beyond its HP is lost" if lost else ""
        safe = f" {behind} is untouched." if behind else ""
        tb.step(f"{said} is destroyed{beyond}.{safe}", "C-13")
    event = CoverDamaged(
        cover=cover.name, holder=cover.holder, hp_before=cover.hp, hp_after=after, damage=damage
    )
    return Cover(name=cover.name, hp=after, holder=cover.holder), event


def strike_covers(
    targets: Sequence[Target], damage: int, tb: TraceBuilder, *, what: str
) -> tuple[list[CoverDamaged], frozenset[str]]:
    """One roll that reaches several people strikes each piece of cover in front of them once
    (C-13): ``what`` names the attack in the trace ("the blast", "the shells"). Returns the
    cover's damage and the names of those whose cover still stands; cover it destroys lets
    the attack through to whoever is behind."""
    covers: dict[tuple[str, str | None], Cover] = {}
    events: list[CoverDamaged] = []
    for target in targets:
        cover = target.cover
        if cover is None or cover.hp <= 0:
            continue
        key = (cover.name, cover.holder)
        if key in covers:
            continue
        behind = " and ".join(
            t.name for t in targets if t.cover is not None and (t.cover.name, t.cover.holder) == key
        )
        tb.step(
            f"{what.capitalize()} strikes {the_cover(cover.name, cover.holder)} in front of "
            f"{behind}.",
            "C-13",
        )
        covers[key], event = hit_cover(cover, damage, tb, behind=behind, area=True)
        events.append(event)
    standing = frozenset(
        t.name
        for t in targets
        if t.cover is not None and covers.get((t.cover.name, t.cover.holder), t.cover).hp > 0
    )
    return events, standing
