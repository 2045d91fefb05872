"""Named modifiers (``data/modifiers.toml``) and armor penalties, selected by name.

A command or action line names them (``--modifier smartgun-link``, ``--modifier luck:2``,
``--modifier armor:flak``); :meth:`ModifierCatalog.resolve` turns the names into itemized
modifiers for the attack roll, the armor penalty on REF / DEX / MOVE, the Luck spent, and
whether the weapon jams on a natural 1. Figures are the public core rules' (CPR-REF-1).

>>> from firefight.rulesets.cpr.data import CprData
>>> chosen = CprData().modifiers.resolve(["smartgun-link", "luck:2"], distance_m=10)
>>> [(m.value, m.label) for m in chosen.attack], chosen.luck
([(1, 'smartgun link'), (2, 'Luck spent (2 points)')], 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from firefight.errors import RuleRefusal
from firefight.limits import typed_whole
from firefight.rulesets.cpr.armor import Armor
from firefight.rulesets.cpr.datafile import load
from firefight.rulesets.cpr.ranges import whole_metres
from firefight.rulesets.cpr.weapons import normalize_key
from firefight.trace import Modifier
from firefight.wording import counted

__all__ = ["NOTHING_CHOSEN", "Chosen", "ModifierCatalog", "NamedModifier", "load_modifiers"]

RULE = "CPR-REF-1"


@dataclass(frozen=True, slots=True, kw_only=True)
class NamedModifier:
    key: str
    label: str
    value: int = 0
    min_distance_m: int | None = None
    jams_on: int | None = None
    per_point: int | None = None
    guides_smart: bool = False
    source: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Chosen:
    """What the named modifiers add up to: ``attack`` modifiers on the roll, the armor
    ``penalty`` (<= 0) on REF, DEX and MOVE, the Luck points spent, the jam face if any, and
    whether a link guides smart rounds (C-14)."""

    attack: tuple[Modifier, ...] = ()
    penalty: int = 0
    penalty_label: str = ""
    luck: int = 0
    jams_on: int | None = None
    guided: bool = False
    notes: tuple[str, ...] = ()

    def on_roll(self) -> tuple[Modifier, ...]:
        """Everything on a REF or DEX roll: the armor penalty first, then the named bonuses."""
        if not self.penalty:
            return self.attack
        return (Modifier(value=self.penalty, label=self.penalty_label, rule=RULE), *self.attack)


#: What naming no modifier chooses (:meth:`ModifierCatalog.resolve` of no names).
NOTHING_CHOSEN = Chosen()


@dataclass(frozen=True, slots=True, kw_only=True)
class ModifierCatalog:
    named: dict[str, NamedModifier]
    armor: dict[str, Armor]

    def known(self) -> list[str]:
        return [*self.named, "armor:<armor>", "luck:<points>"]

    def resolve(
        self, names: Iterable[str], *, distance_m: float | None = None, thrown: bool = False
    ) -> Chosen:
        """The named modifiers, refused with the known names when one is unknown. A weapon
        ``thrown`` is not fired, so no jam face is chosen for it (DEC-681)."""
        attack: list[Modifier] = []
        notes: list[str] = []
        penalty, penalty_label, luck, jams = 0, "", 0, None
        guided = False
        for raw in names:
            key, _, arg = normalize_key(raw).partition(":")
            if key == "armor":
                armor = self.armor.get(normalize_key(arg))
                if armor is None:
                    raise RuleRefusal(
                        RULE, f"No armor called {arg!r}; cpr knows {', '.join(self.armor)}."
                    )
                # The worst penalty of the armor worn counts, not the sum.
                if armor.penalty < penalty:
                    penalty, penalty_label = armor.penalty, f"{armor.name} armor penalty"
                continue
            entry = self.named.get(key)
            if entry is None:
                raise RuleRefusal(
                    RULE, f"No modifier called {raw!r}; cpr knows {', '.join(self.known())}."
                )
            if entry.per_point is not None:
                points = typed_whole(arg)
                if points is None or points < 1:
                    shown = raw if len(raw) <= 40 else raw[:37] + "..."
                    raise RuleRefusal(RULE, f"Say how many points: '{key}:2', not {shown!r}.")
                luck += points
                attack.append(
                    Modifier(
                        value=points * entry.per_point,
                        label=f"{entry.label} ({counted(points, 'point')})",
                        rule=RULE,
                    )
                )
                continue
            if arg:
                raise RuleRefusal(RULE, f"The {entry.label} takes no value: {raw!r}.")
            guided = guided or entry.guides_smart
            if entry.jams_on is not None and not thrown:
                jams = entry.jams_on
                notes.append(f"{entry.label}: a natural {entry.jams_on} jams it")
            # The scope's reach is read as the range table reads a distance: in whole metres,
            # a fraction rounded up (C-2), so 50.5 m, in the 51-100 m band, is 51 m for both.
            if entry.min_distance_m is not None and (
                distance_m is None or whole_metres(distance_m) < entry.min_distance_m
            ):
                notes.append(f"{entry.label}: no bonus under {entry.min_distance_m} m")
                continue
            if entry.value:
                attack.append(Modifier(value=entry.value, label=entry.label, rule=RULE))
        return Chosen(
            attack=tuple(attack),
            penalty=penalty,
            penalty_label=penalty_label,
            luck=luck,
            jams_on=jams,
            guided=guided,
            notes=tuple(notes),
        )


def load_modifiers(armor: dict[str, Armor], *, validate: bool = False) -> ModifierCatalog:
    m = load("modifiers.toml", "ModifiersFile", validate=validate)
    return ModifierCatalog(
        named={
            x["key"]: NamedModifier(
                key=x["key"],
                label=x["label"],
                value=x.get("value", 0),
                min_distance_m=x.get("min_distance_m"),
                jams_on=x.get("jams_on"),
                per_point=x.get("per_point"),
                guides_smart=x.get("guides_smart", False),
                source=x["source"],
            )
            for x in m["modifier"]
        },
        armor=armor,
    )
