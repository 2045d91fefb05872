"""The cards ruleset: cards drawn against a Target (seed 003, RULES CRD-*, RULINGS D-4, K-1..K-4).

A shot draws as many cards as the shooter's skill, plus one per three bullets of a burst; each
card reaching the Target is a success doing the weapon's damage at its level (Green, Yellow,
Red). Resolvers (pure; each takes a frozen declaration and a :class:`~firefight.dice.Dice`):

- :func:`~firefight.rulesets.cards.shot.resolve_shot` -- a shot in any mode (CRD-*, K-1, K-3, K-4)
- :func:`~firefight.rulesets.cards.reaction.resolve_reaction` -- who acts first (K-2)
- :func:`~firefight.rulesets.cards.reload.resolve_reload` -- a fresh magazine (CRD-WPN-1)

This package imports nothing from any other ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from firefight.rulesets.base import CatalogRow, Ruleset

if TYPE_CHECKING:
    from firefight.probability.action_odds import ActionOdds

__all__ = ["CARDS", "Cards"]


class Cards(Ruleset):
    name = "cards"
    title = "cards drawn against a Target (seed 003)"
    package = "firefight.rulesets.cards"
    scene_unit = "m"  # CRD-RNG-1: ranges in metres
    cli_module = "firefight.rulesets.cards.cli.commands"
    odds_cli_module = "firefight.rulesets.cards.cli.odds"

    def weapon_catalog(self) -> Sequence[CatalogRow]:
        from firefight.rulesets.cards.data import cards_data

        return [
            CatalogRow(
                key=w.key,
                name=w.name,
                figures=(
                    ("range row", w.range_class),
                    ("ammo", str(w.ammo)),
                    ("damage", w.damage_label),
                    ("modes", "/".join(m.value for m in w.modes)),
                    ("R/C", str(w.rc)),
                    ("conceal", str(w.conceal)),
                    ("load", str(w.load)),
                ),
                provisional=w.provisional,
            )
            for w in cards_data().weapons.values()
        ]

    def check_data(self) -> list[str]:
        from firefight.rulesets.cards.data import cards_data

        cards_data.cache_clear()
        cards_data()
        return ["data/weapons.toml", "data/ranges.toml", "data/modifiers.toml", "data/armor.toml"]

    def action_odds(self) -> Sequence[ActionOdds]:
        from firefight.rulesets.cards.odds import registrations

        return registrations()


#: The entry point's target; the registry instantiates it.
CARDS = Cards
