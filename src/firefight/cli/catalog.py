"""``firefight rulesets`` and ``firefight weapons``: what is installed and what it knows."""

from __future__ import annotations

from rich.markup import escape

from firefight.cli.common import JsonOpt, RulesetOpt, console, emit_json, refusals
from firefight.cli.width import print_table, typed_table
from firefight.rulesets import find_ruleset, ruleset_names

__all__ = ["list_rulesets", "weapons"]


def list_rulesets(as_json: JsonOpt = False) -> None:
    """The installed rulesets."""
    found = [find_ruleset(name) for name in ruleset_names()]
    if as_json:
        emit_json({"rulesets": [{"name": r.name, "title": r.title} for r in found]})
        return
    for r in found:
        console.print(f"[bold]{r.name}[/]  {escape(r.title)}")


def weapons(ruleset: RulesetOpt = "rmu", as_json: JsonOpt = False) -> None:
    """The weapon catalog of a ruleset."""
    with refusals():
        rows = find_ruleset(ruleset).weapon_catalog()
    if as_json:
        emit_json(
            {
                "ruleset": ruleset,
                "weapons": [
                    {
                        "key": r.key,
                        "name": r.name,
                        **dict(r.figures),
                        "provisional": list(r.provisional),
                    }
                    for r in rows
                ],
            }
        )
        return
    labels = [label for label, _ in rows[0].figures] if rows else []
    table = typed_table(
        f"{ruleset} weapons",
        ["key", "name", *labels],
        ([r.key, r.name, *(str(v) for _, v in r.figures)] for r in rows),
        typed={"key"},
    )
    print_table(table)
    console.print("[dim]Provisional stand-in figures are marked in the data files (DATA.md).")
