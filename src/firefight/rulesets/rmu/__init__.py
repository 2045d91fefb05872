"""The rmu ruleset: Rolemaster Unified firearms for a Vampire: The Masquerade chronicle."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from firefight.rulesets.base import CatalogRow, Ruleset
from firefight.rulesets.rmu.catalog import RmuData

__all__ = ["RMU"]


class RMU(Ruleset):
    name = "rmu"
    title = "Rolemaster Unified firearms (VtM conversion)"
    aliases = ("rolemaster",)
    package = "firefight.rulesets.rmu"

    @cached_property
    def data(self) -> RmuData:
        return RmuData()

    def weapon_catalog(self) -> Sequence[CatalogRow]:
        rows = []
        for w in self.data.weapons.values():
            figures = (
                ("caliber", w.caliber),
                ("class", w.weapon_class),
                ("action", w.action.value),
                ("short range", f"{w.short_range_ft} ft"),
                ("magazine", str(w.magazine)),
                ("ME", str(w.me)),
                ("fumble", f"01-{w.fumble:02d}"),
                ("attack table", w.attack_table),
            )
            rows.append(
                CatalogRow(key=w.key, name=w.name, figures=figures, provisional=w.provisional)
            )
        return rows

    def check_data(self) -> list[str]:
        # A fresh load, so that tables imported since this ruleset was first used are checked too.
        return RmuData().check()
