"""The Melee Fumble table and rolling a fumble on it (RMU-GEN-8; DATA.md "Melee fumbles").

A melee attack whose unmodified roll falls within the weapon's fumble range (shrunk by its
ranks, RMU-GEN-8) fumbles: a plain d100 on the weapon's column (one-handed, two-handed,
unarmed). The table is a stand-in (``rulesets/rmu/data/melee_fumble.toml``, provisional) read
by the same loader and cells as the Firearm Fumble table.

>>> table = melee_fumble_table()
>>> table.columns
('one-handed', 'two-handed', 'unarmed')
>>> table.read(66, "unarmed").effect.nearest_ally
True
"""

from __future__ import annotations

import functools

from firefight.dice import Dice
from firefight.rulesets.rmu.catalog import PACKAGE
from firefight.rulesets.rmu.fumble import FumbleTable, Malfunction, load_fumble_table
from firefight.tables.data_files import package_data, read_toml
from firefight.trace import TraceBuilder

__all__ = ["melee_fumble_table", "roll_melee_fumble"]

_FILE = "data/melee_fumble.toml"
_LABEL = f"firefight/rulesets/rmu/{_FILE}"


@functools.cache
def melee_fumble_table() -> FumbleTable:
    """The shipped stand-in, read and checked once."""
    return load_fumble_table(read_toml(package_data(PACKAGE, _FILE), _LABEL), _LABEL, validate=True)


def roll_melee_fumble(*, column: str, dice: Dice, trace: TraceBuilder) -> Malfunction:
    """Roll d100 on the Melee Fumble table's ``column`` (RMU-GEN-8)."""
    table = melee_fumble_table()
    roll = trace.roll(dice.d100("melee fumble roll")).total
    return table.malfunction(roll, column, trace, "RMU-GEN-8")
