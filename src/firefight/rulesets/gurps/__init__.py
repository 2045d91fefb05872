"""The gurps ruleset: 3d6 roll-under on the GURPS 3rd-edition core, with the expanded ranged
combat house rules of seed 002 (docs/gurps.md).

Resolvers (pure; each takes a frozen declaration and a :class:`~firefight.dice.Dice`):

- :func:`~firefight.rulesets.gurps.attack.resolve_shot` -- one turn's shooting (GUR-CORE-1,
  GUR-MOD-1, GUR-ARC-1, GUR-ELEV-1, GUR-MOVE-1, GUR-OPP-1, GUR-LOC-1, GUR-AMMO-1, GUR-ARROW-1)

Figures live in ``data/*.toml``; those 002 leans on from the 3e core are marked
``public core (3e)`` with their source. The scene is kept in feet (RULINGS S-1); gurps measures
in yards (G-4) and converts at its edge (:mod:`.ranges`).

This package imports nothing from any other ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from firefight.rulesets.base import CatalogRow, Ruleset

if TYPE_CHECKING:
    from firefight.probability.action_odds import ActionOdds

__all__ = ["GURPS"]


class GURPS(Ruleset):
    name = "gurps"
    title = "3d6 roll-under (GURPS 3rd edition with 002's ranged-combat house rules)"
    package = "firefight.rulesets.gurps"
    cli_module = "firefight.rulesets.gurps.cli.commands"
    odds_cli_module = "firefight.rulesets.gurps.cli.odds"

    def weapon_catalog(self) -> Sequence[CatalogRow]:
        from firefight.rulesets.gurps.data import DATA

        rows = []
        for w in DATA.weapons.values():
            half = (
                f"{w.half_damage:g}" if w.half_damage is not None else f"ST x{w.half_damage_st:g}"
            )
            most = f"{w.max:g}" if w.max is not None else f"ST x{w.max_st:g}"
            figures = (
                ("kind", w.kind),
                ("damage", f"{w.damage} {w.type}"),
                ("SS", str(w.ss)),
                ("Acc", str(w.acc)),
                ("1/2D (yd)", half),
                ("Max (yd)", most),
                ("RoF", w.rof),
                ("shots", str(w.shots)),
                ("ST", str(w.st)),
                ("Rcl", str(w.rcl)),
            )
            rows.append(
                CatalogRow(
                    key=w.key,
                    name=w.name,
                    figures=figures,
                    provisional=("every figure: public core (3e), recalled",),
                )
            )
        return rows

    def check_data(self) -> list[str]:
        from firefight.rulesets.gurps.data import DATA

        return [f"data/{name}" for name in DATA.check()]

    def action_odds(self) -> Sequence[ActionOdds]:
        from firefight.rulesets.gurps.odds import registrations

        return registrations()
