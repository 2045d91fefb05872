"""``firefight tables check`` for the melee data: every file loads and every name it gives
leads somewhere (a weapon's attack table, a cell letter's critical table, a fumble column)."""

from __future__ import annotations

from firefight.errors import TableDataError
from firefight.rulesets.rmu.catalog import RmuData
from firefight.rulesets.rmu.melee.catalog import melee_catalog
from firefight.rulesets.rmu.melee.figures import melee_figures
from firefight.rulesets.rmu.melee.fumble import melee_fumble_table

__all__ = ["check_melee_data"]


def check_melee_data(data: RmuData) -> list[str]:
    """Load and cross-check the melee files; returns what was checked."""
    figures = melee_figures()
    for name in figures.critical_tables.values():
        data.tables.critical(name)
    fumble = melee_fumble_table()
    for weapon in melee_catalog().values():
        table = data.tables.attack(weapon.attack_table)
        letters = {c.critical for r in table.rows for c in r.cells if c.critical}
        for letter in letters:
            figures.critical_table(letter)
        if weapon.fumble_column not in fumble.columns:
            raise TableDataError(
                "firefight/rulesets/rmu/data/melee_weapons.toml",
                f"weapon {weapon.key!r}",
                f"fumble column {weapon.fumble_column!r} is not one of {fumble.columns}",
            )
    return ["melee.toml", "melee_weapons.toml", "melee_fumble.toml"]
