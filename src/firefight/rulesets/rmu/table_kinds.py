"""rmu's kinds of data table: attack tables (total x armor column) and critical tables (roll x
severity, with hit locations), and the table set that reads them by kind."""

from __future__ import annotations

from typing import Any

from firefight.errors import FirefightError
from firefight.rulesets.rmu.attack_table import (
    AttackTable,
    attack_table_from_data,
    attack_table_from_shipped,
)
from firefight.rulesets.rmu.critical_table import (
    CriticalTable,
    critical_table_from_data,
    critical_table_from_shipped,
    critical_table_to_data,
)
from firefight.tables.kinds import Grid, TableKind
from firefight.tables.registry import TableSet

__all__ = ["ATTACK", "CRITICAL", "TABLE_KINDS", "RmuTables", "critical_words"]


def _attack_grid(table: AttackTable) -> Grid:
    return Grid(
        columns=("total", *table.columns),
        rows=tuple((row.label, *(str(c) for c in row.cells)) for row in table.rows),
    )


def _critical_grid(table: CriticalTable) -> Grid:
    return Grid(
        columns=("roll", "location", "A", "B", "C", "D", "E"),
        rows=tuple(
            (
                row.label,
                row.location.value,
                *(f"{c.label}\n{c.summary()}" for c in row.cells),
            )
            for row in table.rows
        ),
    )


def _critical_from_markdown(text: str, name: str, title: str | None, source: str) -> CriticalTable:
    # The Markdown reader loads only when a GM imports a table, not with every table read.
    from firefight.rulesets.rmu.critical_markdown import import_critical_markdown

    return import_critical_markdown(text, name=name, title=title, source=source)


ATTACK: TableKind[AttackTable] = TableKind(
    name="attack",
    type=AttackTable,
    from_data=attack_table_from_data,
    grid=_attack_grid,
    from_shipped=attack_table_from_shipped,
)
CRITICAL: TableKind[CriticalTable] = TableKind(
    name="critical",
    type=CriticalTable,
    from_data=critical_table_from_data,
    grid=_critical_grid,
    to_data=critical_table_to_data,
    from_markdown=_critical_from_markdown,
    from_shipped=critical_table_from_shipped,
)
TABLE_KINDS: tuple[TableKind[Any], ...] = (ATTACK, CRITICAL)


class RmuTables(TableSet):
    """rmu's tables, shipped and imported, read as the kind each use needs."""

    def __init__(self, *, validate_shipped: bool = False) -> None:
        super().__init__(
            "rmu", "firefight.rulesets.rmu", TABLE_KINDS, validate_shipped=validate_shipped
        )

    def attack(self, name: str) -> AttackTable:
        return self.of(name, AttackTable)

    def critical(self, name: str) -> CriticalTable:
        return self.of(name, CriticalTable)


def critical_words(name: str | None) -> str:
    """What the headlines, the odds and the log call the critical table ``name``: its short
    title (DEC-682), read from the tables the shot itself read (a table imported since is
    named as it reads); a name no table has is said as it is. The trace's table line and the
    JSON keep the name, for `firefight tables show`."""
    from firefight.rulesets.rmu import rmu_data  # the ruleset's data holds these tables

    if name is None:  # a result's field, set whenever a critical was read
        return "no table"
    try:
        return rmu_data().tables.critical(name).short_title
    except FirefightError:
        return name
