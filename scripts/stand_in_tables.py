"""What the scripts that generate RMU's stand-in tables share: an attack table's frame of 3-point
rows (P-6) and its columns, the TOML data of an attack table, and where the files are written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

__all__ = [
    "AT_COLUMNS",
    "BA_COLUMNS",
    "ROW_WIDTH",
    "TABLES_DIR",
    "WEAPON_FRAME",
    "Frame",
    "attack_table_data",
    "write_table_data",
    "write_tables",
]

TABLES_DIR = Path(__file__).resolve().parents[1] / "src/firefight/rulesets/rmu/tables"

ROW_WIDTH = 3
AT_COLUMNS = tuple(f"AT {n}" for n in range(1, 11))
BA_COLUMNS = ("BA I", "BA II", "BA III", "BA IV")


@dataclass(frozen=True, slots=True, kw_only=True)
class Frame:
    """An attack table's rows: 3-point bands from ``first_low`` up to ``last_high``."""

    first_low: int
    last_high: int

    def lows(self) -> tuple[int, ...]:
        return tuple(range(self.first_low, self.last_high, ROW_WIDTH))

    def position(self, low: int) -> float:
        """Where the band starting at ``low`` lies: its middle total, from 0 at the bottom band
        to 1 at the top one."""
        middle = low + (ROW_WIDTH - 1) / 2
        first = self.first_low + (ROW_WIDTH - 1) / 2
        last = self.last_high - (ROW_WIDTH - 1) / 2
        return (middle - first) / (last - first)


#: RMU's weapon tables: 65-67 to 173-175 (P-6).
WEAPON_FRAME = Frame(first_low=65, last_high=175)


def attack_table_data(
    *,
    name: str,
    title: str,
    source: str,
    derivation: str,
    columns: Sequence[str],
    frame: Frame,
    cells: Callable[[int], list[str]],
) -> dict[str, Any]:
    """The TOML data (``[table]`` and ``[[rows]]``) of a provisional attack table, ``cells``
    giving each row's cells from its low total."""
    return {
        "table": {
            "name": name,
            "kind": "attack",
            "title": title,
            "source": source,
            "provisional": True,
            "derivation": derivation,
            "columns": list(columns),
        },
        "rows": [
            {"low": low, "high": low + ROW_WIDTH - 1, "cells": cells(low)} for low in frame.lows()
        ],
    }


def write_tables(texts: Mapping[str, str]) -> None:
    """Each table's file text to ``<name>.toml`` among the ruleset's tables."""
    for name, text in texts.items():
        path = TABLES_DIR / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")


def write_table_data(tables: Mapping[str, dict[str, Any]]) -> None:
    """Each table's TOML data to its file, as :func:`write_tables` does."""
    write_tables({name: tomli_w.dumps(data) for name, data in tables.items()})
