"""The cpr ruleset: d10 + skill against a DV, in the style of Cyberpunk RED (001).

Resolvers (pure; each takes a frozen declaration, a :class:`~firefight.dice.Dice` and the
:class:`CprData`, and returns an :class:`~firefight.outcome.Outcome`):

- :func:`~firefight.rulesets.cpr.attack.resolve_ranged_attack` -- single shots, ROF 2, aimed shots
- :func:`~firefight.rulesets.cpr.autofire.resolve_autofire` -- autofire (C-5)
- :func:`~firefight.rulesets.cpr.suppression.resolve_suppression` -- suppressive fire (C-6)
- :func:`~firefight.rulesets.cpr.shotgun.resolve_shotgun_shells` -- shotgun shells (C-7)
- :func:`~firefight.rulesets.cpr.explosives.resolve_explosion` -- explosives (C-8)
- :func:`~firefight.rulesets.cpr.throwing.resolve_throw` -- throwing (CPR-THR-1)
- :func:`~firefight.rulesets.cpr.reload.resolve_reload` -- reloading (CPR-AMMO-1)
- :func:`~firefight.rulesets.cpr.damage_roll.resolve_damage_roll` -- damage for a decided hit

This package imports nothing from any other ruleset: what rulesets share lives below them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from firefight.rulesets.base import CatalogRow, Ruleset
from firefight.rulesets.cpr.data import CprData

__all__ = ["CPR", "CprData"]


class CPR(Ruleset):
    name = "cpr"
    title = "d10 + skill vs DV (Cyberpunk RED style)"
    aliases = ("cyberpunk-red", "cyberpunk")
    package = "firefight.rulesets.cpr"

    @cached_property
    def data(self) -> CprData:
        return CprData()

    def weapon_catalog(self) -> Sequence[CatalogRow]:
        rows = []
        for w in self.data.weapons.values():
            figures = (
                ("kind", w.kind.value),
                ("skill", w.skill),
                ("damage", w.damage_label),
                ("ROF", str(w.rof)),
                ("magazine", str(w.magazine) if w.magazine is not None else "—"),
                ("autofire cap", str(w.autofire_cap) if w.autofire_cap is not None else "—"),
                ("range row", w.range_row or "—"),
                ("halves SP", "yes" if w.halves_sp else "no"),
            )
            rows.append(CatalogRow(key=w.key, name=w.name, figures=figures))
        return rows

    def check_data(self) -> list[str]:
        return [f"data/{name}" for name in self.data.check()]
